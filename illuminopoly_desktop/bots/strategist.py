"""The "strategist": looks ahead with the engine itself, within a time budget.

For a decision with real alternatives (a landing option, a graft bid, taking the pot or reorganising, paying a
ransom, playing a favor...), it lists a few candidates around the schemer's own choice and plays each forward with
Monte Carlo rollouts: it samples the hidden parts of the game from its seat's view (bots/seat_knowledge.py),
applies the candidate with `engine.apply` on a copy (`engine.copy_state`), lets the light rollout policy
(bots/rollout_policy.py: the schemer's rules of thumb at a fraction of their cost, issue 30) play every seat for a
few player-turns, and values the position reached by the schemer's estimate of each player's chance to win
(`Appraiser.win_chances`), or by the result if the game ended. Every candidate is played on the same sampled worlds
(paired samples), which makes small differences visible with few rollouts; candidates clearly worse than the
schemer's choice are dropped early, and another candidate replaces the schemer's choice only if it beats it by
more than the noise. When the budget (default 0.25 s) is spent it decides; a trivial decision takes no time at all.
The clock is checked before every rollout and after every action of one, so that a decision never runs much over
its budget.
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Literal, Protocol

from mypy_extensions import mypyc_attr

from ..model.state import Contest, GameState
from ..rules import actions as A
from ..rules import engine
from ..rules.context import RulesContext
from ..rules.errors import IllegalAction
from ..rules.events import TurnStarted
from ..rules.legal import legal_menu
from ..variants.illuminopoly import contests
from .game_driver import Stalled, drive
from .rollout_policy import RolloutPolicy
from .schemer import Schemer
from .seat_knowledge import WorldSampler, seat_view, undecided
from .valuation import Appraiser, StandingsMemo

RolloutPolicyName = Literal["light", "schemer"]

DEFAULT_BUDGET = 0.25
"""Seconds of thought per decision (1 s before issue 30, which made the thinking four times as fast)."""
ROLLOUT_TURNS = 6
"""Player-turns each rollout plays before the position is valued."""
SAFETY = 0.05
"""Share of the budget kept back for choosing and returning."""
PRUNE_AFTER = 4
"""Paired rounds after which a candidate clearly worse than the schemer's choice is dropped."""
CONFIDENCE = 1.5
"""Standard errors by which an alternative must beat the schemer's choice to replace it."""
MIN_EDGE = 0.005
"""And by at least this much chance of winning."""
LOOKAHEAD = 2
"""With rollout helpers and a rollout limit, rounds this process plays ahead of the one in turn before it waits for
that one's helper (played ahead, a round may end up past the limit: work for nothing)."""
GRAFT_STEPS = (-3, -1, 1, 3)
"""Graft bids tried around the schemer's own."""
THINKING_STEPS = frozenset({"landing", "choice", "fp_choice", "income", "upkeep", "rail_jump", "dog_immunity",
                            "stop_offer", "free"})
THINKING_WINDOWS = frozenset({"contest", "favor_window", "chair_buyoff"})
THINKING_CONTEST_STAGES = frozenset({"chair_block", "answers", "volunteers", "graft", "open_graft"})


class RoundHelpers(Protocol):
    """Processes that play part of every round of rollouts (bots/rollout_helpers.py `RolloutHelpers`)."""

    def claim(self, view: dict, seat: int, candidates: list[dict], policy: str, rollout_turns: int) -> bool: ...

    def hand_out(self, next_round: int, world_seed: int, live: list[int], deadline_in: float,
                 rollout_cost: float) -> int: ...

    def outstanding(self) -> list[int]: ...

    def finished(self, wait_for: int | None = None,
                 deadline_in: float | None = None) -> dict[int, dict[int, float | None] | None]: ...

    def release(self) -> None: ...


@mypyc_attr(allow_interpreted_subclasses=True)  # bench/strategist.py derives from it to record every rollout's value
class Strategist:
    """A computer player that looks ahead (strength "strategist")."""

    strength = "strategist"

    def __init__(self, seed: int = 0, budget: float = DEFAULT_BUDGET, rollout_turns: int = ROLLOUT_TURNS,
                 max_rollouts: int | None = None, rollout_policy: RolloutPolicyName = "light",
                 helpers: RoundHelpers | None = None):
        self.rng = random.Random(seed)
        self.budget = budget
        self.rollout_turns = rollout_turns
        self.max_rollouts = max_rollouts
        """Stop after this many rollouts even with time left (repeatable decisions, for tests)."""
        self.schemer = Schemer(seed)
        self.rollout_policy = rollout_policy
        """"light": bots/rollout_policy.py plays the rollouts; "schemer": schemers do (as before issue 30)."""
        self.last_rollouts = 0
        """Rollouts played for the last decision (for tests and benchmarks)."""
        self._step_cost = 0.002
        """Running estimate of one rollout action's time (a decision and its application)."""
        self._rollout_cost = 0.0
        """Running estimate of one rollout's time, during a decision."""
        self.helpers = helpers
        """Processes that play some of the rounds (bots/rollout_helpers.py), or None to think alone."""
        self._rounds: list[dict[int, float]] = []
        """The decision's rounds that valued the schemer's choice: {candidate: value}."""
        self._live: list[int] = []
        """The candidates still compared."""
        self.clock: Callable[[], float] = time.perf_counter
        """The clock the budget is read from (a test gives it one that never runs faster or slower)."""

    def choose(self, view: object, seat: int) -> A.Action | None:  # (a view, or what seat_view refuses)
        """The decision for `seat` from its view only, within the budget."""
        started = self.clock()
        deadline = started + self.budget * (1 - SAFETY)
        view = seat_view(view, seat)
        self.last_rollouts = 0
        worlds = WorldSampler(view)  # (the view parsed once for the samples below and the rollouts' worlds)
        state = worlds.sample(self.rng)
        baseline = self.schemer.decide(state, seat)
        if baseline is None:
            return None
        candidates = self.candidates(worlds.sample(self.rng), seat, baseline)
        if len(candidates) < 2 or self.clock() >= deadline:
            return baseline
        return self._search(worlds.guessing(undecided), seat, candidates, deadline)

    # ----- what is worth thinking about -----

    def candidates(self, state: GameState, seat: int, baseline: A.Action) -> list[A.Action]:
        """The schemer's choice first, then its sensible alternatives (no more than a handful)."""
        if isinstance(baseline, A.AnswerRansom):  # pay or refuse, a free decision whenever it comes (D-15)
            other = A.AnswerRansom(seat=seat, pay=not baseline.pay)
            answers = legal_menu(state, seat).get("answer_ransom")
            choices: list[A.Action] = [baseline]
            return choices + ([other] if answers is not None and other in answers() else [])
        if state.pending:
            top = state.pending[-1]
            if top.kind not in THINKING_WINDOWS or (top.kind == "contest"
                                                    and top.stage not in THINKING_CONTEST_STAGES):
                return [baseline]
        elif state.turn.step not in THINKING_STEPS:
            return [baseline]
        menu = legal_menu(state, seat, include_free=False)
        found = [baseline]

        def add(action: A.Action | None) -> None:
            # Alternatives that differ only in the arrow a new deed would hang from are one choice here: the
            # baseline's arrow stands for them all (a buy-off of each deed on every free arrow, R-STRUCT-04).
            if action is not None and not any(A.same_but_placement(action, known) for known in found):
                found.append(action)

        if isinstance(baseline, A.CommitGraft):
            contest = contests.active_contest(state)
            most = contests.max_pips(RulesContext(state), contest, seat) if contest is not None else 0
            for offset in GRAFT_STEPS:
                pips = baseline.pips + offset
                if 0 <= pips <= most:
                    add(A.CommitGraft(seat=seat, pips=pips))
            return found
        if state.pending:
            for kind, make in menu.items():
                if kind in ("commit_graft", "bid"):
                    continue
                distinct = 0
                for action in make():
                    before = len(found)
                    add(action)
                    distinct += len(found) > before
                    if distinct == 3:
                        break
            return found[:4]
        step = state.turn.step
        if step == "landing":
            for kind in ("do_nothing", "buy", "take_over", "rezone", "subvert", "rebuild", "destroy", "demand_ransom"):
                if kind in menu and kind != baseline.type:
                    options = menu[kind]()
                    if kind in ("buy", "take_over"):
                        add(options[0])
                    elif kind == "demand_ransom":
                        add(options[-1])
                    else:
                        add(options[0])
        elif step in ("choice", "income"):
            # Reorganising instead of moving is weighed only when the schemer itself wants it: it is rarely right,
            # and thinking about it every turn would spend the budget on nothing.
            for kind in ("roll", "jail_roll", "jail_bail", "jail_favor", "second_rent", "forfeit_move_to_rebuild",
                         "collect_rent"):
                if kind in menu:
                    add(menu[kind]()[-1])
            if len(found) == 2 and {found[0].type, found[1].type} <= {"roll", "collect_rent"}:
                return found[:1]
        elif step == "fp_choice":
            for kind in ("take_pot", "reorganize"):
                if kind in menu:
                    add(menu[kind]()[0])
        elif step == "upkeep":
            for kind in ("attempt_destruction", "end_upkeep"):
                if kind in menu:
                    add(menu[kind]()[0])
        elif step in ("rail_jump", "dog_immunity", "stop_offer"):
            for kind, make in menu.items():
                for action in make():
                    add(action)
        elif step == "free":
            if baseline.type in A.FREE_ACTION_TYPES or baseline.type in ("visitor_bail", "boat_squeeze"):
                add(A.Roll(seat=seat) if "roll" in menu else A.EndTurn(seat=seat))
        return found

    # ----- Monte Carlo -----

    def _search(self, worlds: WorldSampler, seat: int, candidates: list[A.Action], deadline: float) -> A.Action:
        """Rollouts until the deadline, every live candidate on the same sampled world each round (paired
        samples). A rollout starts only if one of its usual length still fits; one that would overrun is abandoned.
        The schemer's choice (candidates[0]) stands unless another beats it by more than the noise of the paired
        differences: looking ahead may only overrule the rules of thumb when it sees a clear reason."""
        self._rounds = []
        self._live = list(range(len(candidates)))
        memo = StandingsMemo()  # the rollouts of this decision value many positions more than once
        world_seed = self.rng.getrandbits(32)
        self._step_cost = 0.002
        self._rollout_cost = 0.0
        helpers = self.helpers
        if helpers is not None and not helpers.claim(worlds.view, seat, [c.model_dump(mode="json") for c in candidates],
                                                     self.rollout_policy, self.rollout_turns):
            helpers = None
        try:
            if helpers is None:
                self._search_alone(worlds, seat, candidates, world_seed, deadline, memo)
            else:
                self._search_shared(helpers, worlds, seat, candidates, world_seed, deadline, memo)
        finally:
            if helpers is not None:
                helpers.release()
        best, best_edge = 0, 0.0
        for index in range(1, len(candidates)):
            edge, error = _paired_edge(self._rounds, index)
            if edge - CONFIDENCE * error > max(MIN_EDGE, best_edge):
                best, best_edge = index, edge - CONFIDENCE * error
        return candidates[best]

    def _search_alone(self, worlds: WorldSampler, seat: int, candidates: list[A.Action], world_seed: int,
                      deadline: float, memo: StandingsMemo) -> None:
        """The rounds in this process, one after the other."""
        iteration = 0
        while len(self._live) > 1 and self.clock() + self._rollout_cost < deadline and not self._enough():
            world = worlds.sample(random.Random(world_seed + iteration))
            values: dict[int, float] = {}
            for index in self._live:
                began = self.clock()
                if began + self._rollout_cost >= deadline or self._enough():
                    break
                value = self._rollout(engine.copy_state(world), seat, candidates[index], world_seed + iteration,
                                      deadline, memo)
                self._note_rollout_time(self.clock() - began)
                if value is not None:
                    values[index] = value
                    self.last_rollouts += 1
            self._close_round(values)
            iteration += 1

    def _search_shared(self, helpers: RoundHelpers, worlds: WorldSampler, seat: int, candidates: list[A.Action],
                       world_seed: int, deadline: float, memo: StandingsMemo) -> None:
        """The rounds as a queue (bots/rollout_helpers.py): every helper holds the next rounds, this process plays
        the next one nobody holds, each round with the candidates live when it was handed out (a superset of those
        live when its turn comes: candidates are only ever dropped). The rounds are taken in order as
        `_search_alone` takes them: the candidates dropped since are left out, rollouts past the rollout limit are
        not counted, and the search stops where it would have stopped; so with a rollout limit the decision and
        its rounds are those of one process, and a round whose helper died is played here. By the clock, a round
        its helper does not answer in time is left out."""
        untimed = self.max_rollouts is not None
        results: dict[int, dict[int, float | None] | None] = {}
        taken = 0
        next_round = 0
        while len(self._live) > 1 and not self._enough():
            if self.clock() + self._rollout_cost >= deadline:
                self._take_late_rounds(helpers, results, taken, next_round, deadline)
                return
            next_round = helpers.hand_out(next_round, world_seed, self._live, deadline - self.clock(),
                                          self._rollout_cost)
            results.update(helpers.finished())
            if taken not in results and taken < next_round and taken not in helpers.outstanding():
                results[taken] = None  # (its helper is gone without a word)
            if taken in results:
                played = results.pop(taken)
                if played is None and untimed:
                    played = self.play_share(worlds, seat, candidates, self._live, world_seed + taken, deadline,
                                             self._rollout_cost, memo)
                self._take_round(played)
                taken += 1
            elif untimed and len(results) >= LOOKAHEAD and taken in helpers.outstanding():
                results.update(helpers.finished(taken))  # (far enough ahead: wait for the round in turn)
            else:
                results[next_round] = self.play_share(worlds, seat, candidates, self._live, world_seed + next_round,
                                                      deadline, self._rollout_cost, memo)
                next_round += 1

    def _take_late_rounds(self, helpers: RoundHelpers, results: dict[int, dict[int, float | None] | None],
                          taken: int, next_round: int, deadline: float) -> None:
        """Out of time: the rounds played or held by helpers, in order, each helper's waited for until the deadline
        (it stops there too) and a little grace."""
        for number in range(taken, next_round):
            if len(self._live) < 2 or self._enough():
                return
            if number not in results and number in helpers.outstanding():
                results.update(helpers.finished(number, deadline - self.clock()))
            self._take_round(results.get(number))

    def _take_round(self, played: dict[int, float | None] | None) -> None:
        """A round's values in candidate order, as `_search_alone` counts them."""
        values: dict[int, float] = {}
        for index in self._live:
            if self._enough():
                break
            value = None if played is None else played.get(index)
            if value is not None:
                values[index] = value
                self.last_rollouts += 1
        self._close_round(values)

    def _close_round(self, values: dict[int, float]) -> None:
        """Keep a round that valued the schemer's choice, and drop the candidates clearly worse than it."""
        if 0 in values:
            self._rounds.append(values)
        if len(self._rounds) >= PRUNE_AFTER:
            self._live = [i for i in self._live
                          if i == 0 or _paired_edge(self._rounds, i)[0] + 2 * _paired_edge(self._rounds, i)[1] > 0]

    def play_share(self, worlds: WorldSampler, seat: int, candidates: list[A.Action], indices: list[int], seed: int,
                   deadline: float, rollout_cost: float, memo: StandingsMemo,
                   interrupted: Callable[[], bool] | None = None) -> dict[int, float | None]:
        """The rollouts of a round on the world of `seed`, for the candidates `indices` (in a helper, or here when
        sharing): {candidate: value, or None if its rollout was not legal}; those not played in time, or after
        `interrupted()` said the decision is over, are left out."""
        world = worlds.sample(random.Random(seed))
        self._rollout_cost = rollout_cost
        played: dict[int, float | None] = {}
        for index in indices:
            began = self.clock()
            if began + self._rollout_cost >= deadline or (interrupted is not None and interrupted()):
                break
            played[index] = self._rollout(engine.copy_state(world), seat, candidates[index], seed, deadline, memo)
            self._note_rollout_time(self.clock() - began)
        return played

    def _note_rollout_time(self, spent: float) -> None:
        self._rollout_cost = spent if not self._rollout_cost else 0.8 * self._rollout_cost + 0.2 * spent

    def _enough(self) -> bool:
        return self.max_rollouts is not None and self.last_rollouts >= self.max_rollouts

    def _rollout(self, world: GameState, seat: int, candidate: A.Action, seed: int, deadline: float,
                 memo: StandingsMemo | None = None) -> float | None:
        """Apply the candidate, let schemers play a few player-turns, value the position for `seat`."""
        try:
            engine.apply(world, candidate)
        except IllegalAction:
            return None  # not legal in this sampled world (it depends on what was hidden): no information
        turns = 0
        decide: Callable[[GameState, int], A.Action | None]
        if self.rollout_policy == "light":
            open_contests = [window.id for window in world.pending if isinstance(window, Contest)]
            decide = RolloutPolicy(seed, memo, schemer_contests=open_contests).decide
        else:
            policies: dict[int, Schemer] = {}

            def decide(world: GameState, actor: int) -> A.Action | None:
                policy = policies.get(actor)
                if policy is None:
                    policy = policies[actor] = Schemer(seed + actor, allow_offers=False, memo=memo)
                return policy.decide(world, actor)

        clock = self.clock()
        if clock + 2 * self._step_cost >= deadline:
            return None
        try:
            for count, step in enumerate(drive(world, decide)):
                turns += sum(1 for event in step.events if isinstance(event, TurnStarted))
                now = self.clock()
                self._step_cost = 0.9 * self._step_cost + 0.1 * (now - clock)
                clock = now
                if world.game_over or turns >= self.rollout_turns or count >= 399:
                    break
                if now + 2 * self._step_cost >= deadline:
                    return None  # out of time: an unfinished rollout would bias the comparison
        except Stalled:
            pass  # a sampled world the rules cannot go on from (never expected): value it as it stands
        return Appraiser(world, seat, memo).win_chances().get(seat, 0.0)


def _paired_edge(rounds: list[dict[int, float]], index: int) -> tuple[float, float]:
    """Mean and standard error of (candidate − schemer's choice) over the rounds that valued both."""
    differences = [values[index] - values[0] for values in rounds if index in values and 0 in values]
    n = len(differences)
    if n < 2:
        return 0.0, 1.0
    mean = sum(differences) / n
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
    return mean, math.sqrt(variance / n)
