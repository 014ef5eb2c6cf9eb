"""The soak: many seeded random games, with the referee's promises checked after every single action.

A random game (bots/simulate.py) checks the money and the structures. The soak checks more, after every action:
- the game waits for somebody, or is over (R-GEN-03: the engine never waits forever);
- every awaited seat is in the game and has at least one legal action, and its default action (what its deadline
  applies) is accepted, tried on a copy of the state (R-GEN-03, D-16);
- money is conserved and the other invariants of rules/invariants.py hold (R-GEN-08);
- no eliminated seat holds cash, a deed, control, a debt or a payment in flight in its favour (R-LOSE-04/05, D-16);
- the decisions D-11 to D-14 hold: the Artillery controls nothing, nobody but the unawakened Boat holds his deeds
  (the Chair's mortgage hold apart), no mortgage has a principal of $0, no unowned deed is left mortgaged.

Random play mixes three sources of actions: the awaited seat's choice (bots/random_bot.py), free actions of any
other seat in the game (R-GEN-04: they may act in other players' windows, which is how a creditor forecloses on a
player while he raises funds), and illegal probes: actions of every kind with random fields, which must be refused
with the state exactly as it was (R-GEN-05), or, when one happens to be legal, are played like any other action.

The games are spread over 3 to 11 players, with and without the Artillery and the professional Banker, with sealed
and open graft. A soak of another ruleset (classic Monopoly, Defeating Monopoly, Illumonopoly) seats every player count
its rules allow in turn, under its own rules, with the same checks; Illuminopoly's own decisions D-11..D-14 are checked
in Illuminopoly's games only. Everything follows from the seed: a failure is reported with the seed of its game, and its save
(the setup and every action accepted, ending with the one after which the check failed) replays it exactly.
"""
from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from ..model.options import Options, make_options
from ..model.rulesets import DEFAULT_RULESET, find_ruleset, ruleset_of
from ..model.seating import SeatId
from ..model.state import GameState
from ..model.typed_access import options_as
from ..rules import actions as A
from ..rules import engine
from ..rules.errors import IllegalAction
from ..rules.game_start import new_game
from ..rules.invariants import invariant_problems
from ..rules.legal import default_action, enumerate_legal, legal_menu
from ..variants.illuminopoly.setup import factions_in_use
from .random_bot import RandomBot
from .simulate import EVERY_ACTION, checks_due, rotated_factions, seat_configs

OTHER_SEAT_SHARE = 0.08
"""How often a seat that is not awaited takes a free action instead of the awaited seat acting."""

PROBE_SHARE = 0.5
"""How often an illegal probe is tried before an action."""

MAX_ACTIONS_PER_GAME = 6_000
"""A game still running after this many actions is stopped (and counted as stopped, not as a failure)."""


@dataclass(frozen=True)
class SoakTable:
    """Who plays one soak game and under which options; a pure function of the game's seed (`table_for`)."""

    players: int
    artillery: bool
    banker: bool
    graft: str
    max_rounds: int
    ruleset: str = DEFAULT_RULESET

    def describe(self) -> str:
        if self.ruleset != DEFAULT_RULESET:
            return f"{self.players} players of {self.ruleset}"
        extras = [name for name, on in (("Artillery", self.artillery), ("Banker", self.banker)) if on]
        return f"{self.players} players{''.join(', ' + e for e in extras)}, {self.graft} graft"


def table_for(seed: int, max_rounds: int = 60, ruleset: str = DEFAULT_RULESET) -> SoakTable:
    """Player counts 3 to 11 in turn; the Artillery in every second game and the Banker in every third (forced on
    where the seats need them: the 9 factions seat at most 9 players); sealed and open graft alternating every
    game pair. Another ruleset's table: each player count its rules allow, in turn, and nothing else."""
    if ruleset != DEFAULT_RULESET:
        counts = find_ruleset(ruleset).seats
        return SoakTable(counts[seed % len(counts)], False, False, "-", max_rounds, ruleset)
    players = 3 + seed % 9
    artillery = seed % 2 == 1 or players >= 10
    banker = seed % 3 == 2 or players == 11 or (players == 10 and not artillery)
    graft = "open" if (seed // 2) % 2 else "sealed"
    return SoakTable(players, artillery, banker, graft, max_rounds)


def start_game(seed: int, table: SoakTable, extra_options: dict | None = None) -> GameState:
    """The game of `seed` at `table`; `extra_options` (house rules for every game) win over the table's own."""
    if table.ruleset != DEFAULT_RULESET:
        rules = find_ruleset(table.ruleset)
        options = {**rules.round_cap(table.max_rounds), **(extra_options or {})}
        return new_game(seat_configs(table.players, None, None), seed=seed, options=options, ruleset=table.ruleset)
    options = {"max_rounds": table.max_rounds, "graft_bidding_mode": table.graft, "use_artillery": table.artillery,
               **(extra_options or {})}
    banker_seat = table.players - 1 if table.banker else None
    factions = None
    if table.artillery:  # the host seats the factions, the Artillery among them (as `simulate --artillery` does)
        pool = factions_in_use(options_as(make_options(options), Options))
        factions = rotated_factions(pool, table.players - table.banker, seed, ["artillery"])
    seats = seat_configs(table.players, factions, banker_seat)
    return new_game(seats, seed=seed, options=options, preset_factions=factions is not None)


# ----- the checks -----

def soak_problems(state: GameState, initial_money: int) -> list[str]:
    """Everything wrong with the state after an action (empty when all holds)."""
    problems = invariant_problems(state, initial_money)
    problems += eliminated_seat_problems(state)
    if state.setup.ruleset == DEFAULT_RULESET:  # D-11..D-14 are Illuminopoly's decisions (its Artillery, Boat...)
        problems += decision_problems(state)
    problems += awaiting_problems(state)
    return problems


def eliminated_seat_problems(state: GameState) -> list[str]:
    """D-16, R-LOSE-04, R-LOSE-05: an eliminated seat holds nothing and nothing is owed or on its way to him."""
    problems: list[str] = []
    gone = {p.seat for p in state.players if p.eliminated}
    if not gone:
        return problems
    for seat in sorted(gone):
        if state.players[seat].cash:
            problems.append(f"eliminated seat {seat} holds ${state.players[seat].cash} (R-LOSE-05)")
    for prop in state.properties.values():
        if prop.owner in gone or prop.controller in gone:
            problems.append(f"property {prop.index} owned by {prop.owner}, controlled by {prop.controller}: "
                            "an eliminated seat (R-LOSE-05)")
    for debt in state.debts:
        if debt.creditor in gone or debt.debtor in gone:
            problems.append(f"debt {debt.id} of seat {debt.debtor} to seat {debt.creditor} survives an elimination "
                            "(R-LOSE-05, D-16)")
    for pending in state.pending:
        if pending.kind == "raise_funds":
            for payee, amount in pending.payments:
                if payee in gone:
                    problems.append(f"a payment of ${amount} from seat {pending.payer} is still due to eliminated "
                                    f"seat {payee} (D-16)")
    for seat, _, _ in state.held_payments:
        if seat in gone:
            problems.append(f"a held Bank payment is still due to eliminated seat {seat} (D-16)")
    return problems


def decision_problems(state: GameState) -> list[str]:
    """D-11 to D-14 as invariants of every state."""
    problems = []
    players = state.players
    in_buyoff = {i for p in state.pending if p.kind == "chair_buyoff" for i in p.properties}
    for prop in state.properties.values():
        controller = prop.controller
        if controller is not None and players[controller].faction == "artillery":
            problems.append(f"the Artillery (seat {controller}) controls property {prop.index} (§25, D-11)")
        owner = prop.owner
        if (owner is not None and players[owner].faction == "boat" and not players[owner].awakened
                and controller not in (owner, None) and prop.control_origin != "mortgage_chair"):
            problems.append(f"seat {controller} holds the unawakened Boat's property {prop.index} "
                            f"({prop.control_origin}) (R-FAC-BOAT-02, D-12)")
        if prop.mortgaged and prop.mortgage_principal <= 0:
            problems.append(f"property {prop.index} is mortgaged for ${prop.mortgage_principal} (R-MORT-01, D-13)")
        if owner is None and prop.index not in in_buyoff and (
                prop.mortgaged or prop.mortgage_principal or prop.mortgage_written_off):
            problems.append(f"unowned property {prop.index} is left mortgaged (D-14)")
    return problems


def awaiting_problems(state: GameState) -> list[str]:
    """R-GEN-03, D-16: someone is awaited unless the game is over; each awaited seat is in the game, has a legal
    action, and its default action is accepted (tried on a copy)."""
    if state.game_over:
        return []
    seats = engine.awaiting(state)
    if not seats:
        return ["the game waits for nobody and is not over (R-GEN-03)"]
    problems = []
    rules = ruleset_of(state)
    seats_vote = rules.seats_decision(state)  # the awaited are then seats, not factions (shared factions' Chair vote)
    for seat in seats:
        gone = not rules.seat_in_game(state, SeatId(seat)) if seats_vote else state.players[seat].eliminated
        if gone:
            problems.append(f"eliminated seat {seat} is awaited (D-16)")
            continue
        if not enumerate_legal(state, seat):
            problems.append(f"seat {seat} is awaited but has no legal action (R-GEN-03)")
        default = default_action(state, seat)
        if default is None:
            problems.append(f"seat {seat} is awaited but has no default action (R-GEN-03)")
            continue
        try:
            engine.apply(engine.copy_state(state), default)
        except IllegalAction as refusal:
            problems.append(f"seat {seat}'s default action {default.type} is refused: {refusal.code} "
                            f"{refusal.rule_id} {refusal.message} (R-GEN-03)")
    return problems


# ----- illegal probes -----

def _probe_builders(rng: random.Random, state: GameState) -> list[Callable[[int], A.Action]]:
    """Builders of actions of every kind with random fields, for a given seat."""
    squares = list(range(40))
    n = len(state.players)

    def prop() -> int:
        return rng.choice(squares)

    def parent() -> int:
        return rng.choice([-1, -1, *squares])

    def amount() -> int:
        return rng.choice([0, 1, 10, 50, 100, 500, 1500, 5000])

    def some_id() -> int:
        ids = [o.id for o in state.offers] + [d.id for d in state.debts]
        return rng.choice(ids) if ids and rng.random() < 0.7 else rng.randrange(1, 50)

    def other() -> int:
        return rng.randrange(n)

    return [
        lambda s: A.Roll(seat=s, dice_count=rng.choice((2, 3))),
        lambda s: A.JailRoll(seat=s), lambda s: A.JailBail(seat=s), lambda s: A.JailFavor(seat=s),
        lambda s: A.SecondRent(seat=s), lambda s: A.ForfeitMoveToRebuild(seat=s),
        lambda s: A.StopToFix(seat=s, stop=rng.random() < 0.5), lambda s: A.DoNothing(seat=s),
        lambda s: A.Buy(seat=s, parent=parent(), arrow=rng.randrange(4)),
        lambda s: A.TakeOver(seat=s, parent=parent(), arrow=rng.randrange(4)),
        lambda s: A.Rezone(seat=s), lambda s: A.Subvert(seat=s), lambda s: A.Rebuild(seat=s),
        lambda s: A.TakePot(seat=s), lambda s: A.PayIncomeTax(seat=s, method=rng.choice(("flat", "percent"))),
        lambda s: A.VisitorBail(seat=s, jailed=other()), lambda s: A.EndTurn(seat=s),
        lambda s: A.BankerReclaim(seat=s, property=prop()),
        lambda s: A.PlayFavor(seat=s), lambda s: A.PassFavor(seat=s), lambda s: A.SettlePayment(seat=s),
        lambda s: A.Bid(seat=s, amount=max(1, amount()), parent=parent(), arrow=rng.randrange(4)),
        lambda s: A.PassBid(seat=s),
        lambda s: A.BuyOffMortgage(seat=s, property=prop(), parent=parent(), arrow=rng.randrange(4)),
        lambda s: A.EndBuyOff(seat=s),
        lambda s: A.PermitBribe(seat=s, amount=amount(), property=prop()),
        lambda s: A.AnswerPermitBribe(seat=s, briber=other()),
        lambda s: A.AnswerChairBlock(seat=s, block=rng.random() < 0.5),
        lambda s: A.InviteHelpers(seat=s, invitees=[other()]),
        lambda s: A.AnswerInvitation(seat=s, accept=rng.random() < 0.5),
        lambda s: A.JoinSide(seat=s, side=rng.choice(("attack", "defend", None))),
        lambda s: A.CommitGraft(seat=s, pips=rng.randrange(0, 60)),
        lambda s: A.CollectRent(seat=s), lambda s: A.BoatSqueeze(seat=s),
        lambda s: A.IgnoreCardPayment(seat=s), lambda s: A.PayCard(seat=s),
        lambda s: A.DogImmunity(seat=s, just_visiting=rng.random() < 0.5),
        lambda s: A.RailJump(seat=s, jump=rng.random() < 0.5),
        lambda s: A.Mortgage(seat=s, property=prop()), lambda s: A.Unmortgage(seat=s, property=prop()),
        lambda s: A.BuyBuilding(seat=s, property=prop()),
        lambda s: A.SellBuilding(seat=s, property=prop(), mode=rng.choice(("house", "hotel_block", "hotel_breakdown"))),
        lambda s: A.AcceptOffer(seat=s, offer_id=some_id()), lambda s: A.DeclineOffer(seat=s, offer_id=some_id()),
        lambda s: A.WithdrawOffer(seat=s, offer_id=some_id()),
        lambda s: A.ForgiveDebt(seat=s, debt_id=some_id()),
        lambda s: A.ExtendDebt(seat=s, debt_id=some_id(), due_round=state.round_no + rng.randrange(-1, 3)),
        lambda s: A.Foreclose(seat=s, debtor=other()),
        lambda s: A.CastVote(seat=s, candidate=rng.choice([None, other()])),
        lambda s: A.DemandRansom(seat=s, amount=max(1, amount())), lambda s: A.Destroy(seat=s),
        lambda s: A.AnswerRansom(seat=s, pay=rng.random() < 0.5),
        lambda s: A.PledgeRansom(seat=s, amount=amount()),
        lambda s: A.AttemptDestruction(seat=s), lambda s: A.EndUpkeep(seat=s),
        lambda s: A.CleanUp(seat=s, property=prop()),
        lambda s: A.Reorganize(seat=s, placements=[A.DeedPlacement(property=i, parent=parent(), arrow=rng.randrange(4))
                                                   for i, p in state.properties.items() if p.owner == s]),
    ]


def random_probe(rng: random.Random, state: GameState) -> A.Action:
    """An action of a random kind for a random seat (sometimes one out of range), with random fields."""
    n = len(state.players)
    seat = rng.randrange(n) if rng.random() < 0.97 else rng.choice((-1, n))
    return rng.choice(_probe_builders(rng, state))(seat)


# ----- one game -----

@dataclass
class SoakFailure:
    seed: int
    table: SoakTable
    action_index: int
    action: dict | None
    problems: list[str]
    state: GameState
    actions: list

    def describe(self) -> str:
        what = self.action["type"] if self.action else "setup"
        return (f"game seed {self.seed} ({self.table.describe()}), after action {self.action_index} ({what}): "
                + "; ".join(self.problems))


@dataclass
class SoakGame:
    seed: int
    table: SoakTable
    actions: int = 0
    probes: int = 0
    probes_refused: int = 0
    ended: str = "stopped"
    failure: SoakFailure | None = None
    action_log: list = field(default_factory=list)


def play_soak_game(seed: int, table: SoakTable | None = None, action_limit: int = MAX_ACTIONS_PER_GAME,
                   probe_share: float = PROBE_SHARE, options: dict | None = None,
                   check_every: str = EVERY_ACTION) -> SoakGame:
    """Play one soak game, checking everything after every action (or, with `check_every=TURN_END`, when a turn
    ends and after the last action: bots/simulate.py's schedules); stops at the first failure. Refused probes are
    checked to have left the state as it was every time, whatever the schedule."""
    table = table or table_for(seed)
    state = start_game(seed, table, options)
    game = SoakGame(seed, table)
    rng = random.Random(seed * 7919 + 17)
    bot = RandomBot(seed)
    initial_money = state.total_money()

    def fail(problems: list[str], action, as_it_was: GameState | None = None) -> SoakGame:
        """Record the failure; `as_it_was` is the state before a refused action that changed it (the save must hold
        a state its action log replays to)."""
        game.failure = SoakFailure(seed, table, game.actions, action.model_dump() if action is not None else None,
                                   problems, as_it_was or state, list(game.action_log))
        game.ended = "failed"
        return game

    problems = soak_problems(state, initial_money)
    if problems:
        return fail(problems, None)
    unchecked = False  # an action has been played since the last check
    while game.actions < action_limit:
        if state.game_over:
            game.ended = "over"
            return game
        if rng.random() < probe_share:
            probe = random_probe(rng, state)
            game.probes += 1
            before = engine.copy_state(state)
            try:
                events = engine.apply(state, probe)
            except IllegalAction as refusal:
                game.probes_refused += 1
                if state != before:
                    return fail([f"the refused probe {probe.type} ({refusal.code}) changed the state (R-GEN-05)"],
                                probe, before)
            else:  # a probe that happened to be legal is an action like any other
                game.action_log.append(probe)
                game.actions += 1
                unchecked = not checks_due(check_every, events, state)
                problems = [] if unchecked else soak_problems(state, initial_money)
                if problems:
                    return fail(problems, probe)
                continue
        action = _choose(rng, bot, state)
        if action is None:
            return fail(["nobody can act (R-GEN-03)"], None)
        try:
            events = engine.apply(state, action)
        except IllegalAction as refusal:
            if action.type == "propose_offer":  # a random offer may be shaped wrong; it is refused like a probe
                continue
            return fail([f"a listed legal action was refused: {refusal.code} {refusal.rule_id} {refusal.message}"],
                        action)
        game.action_log.append(action)
        game.actions += 1
        unchecked = not checks_due(check_every, events, state)
        problems = [] if unchecked else soak_problems(state, initial_money)
        if problems:
            return fail(problems, action)
    if unchecked:  # the action limit stopped the game in the middle of a turn
        problems = soak_problems(state, initial_money)
        if problems:
            return fail(problems, game.action_log[-1])
    return game


def _choose(rng: random.Random, bot: RandomBot, state: GameState) -> A.Action | None:
    """Mostly the awaited seat's random choice; sometimes a free action of any seat in the game (R-GEN-04)."""
    awaited = engine.awaiting(state)
    if rng.random() < OTHER_SEAT_SHARE:
        seat = rng.choice(state.active_seats())
        menu = {kind: make for kind, make in legal_menu(state, seat).items() if kind in A.FREE_ACTION_TYPES}
        if menu:
            return rng.choice(menu[rng.choice(sorted(menu))]())
    if not awaited:
        return None
    return bot.choose(state, awaited[rng.randrange(len(awaited))])


# ----- many games -----

@dataclass
class SoakTotals:
    games: int = 0
    actions: int = 0
    probes: int = 0
    probes_refused: int = 0
    over: int = 0
    stopped: int = 0
    seconds: float = 0.0
    failures: list[SoakFailure] = field(default_factory=list)
    players_seen: set = field(default_factory=set)
    tables_seen: set = field(default_factory=set)
    """(players, artillery, banker, graft) of every game played."""

    def add(self, game: SoakGame) -> None:
        self.games += 1
        self.actions += game.actions
        self.probes += game.probes
        self.probes_refused += game.probes_refused
        self.over += game.ended == "over"
        self.stopped += game.ended == "stopped"
        self.players_seen.add(game.table.players)
        self.tables_seen.add((game.table.players, game.table.artillery, game.table.banker, game.table.graft))
        if game.failure is not None:
            self.failures.append(game.failure)

    def summary(self) -> dict:
        return {"games": self.games, "actions": self.actions, "probes": self.probes,
                "probes_refused": self.probes_refused, "games_over": self.over, "games_stopped": self.stopped,
                "failures": len(self.failures), "seconds": round(self.seconds, 1),
                "players": sorted(self.players_seen)}


def run_soak(seed: int = 0, actions: int = 10_000, games: int | None = None, max_rounds: int = 60,
             action_limit: int = MAX_ACTIONS_PER_GAME, probe_share: float = PROBE_SHARE,
             totals: SoakTotals | None = None, options: dict | None = None,
             ruleset: str = DEFAULT_RULESET, check_every: str = EVERY_ACTION) -> Iterator[SoakGame]:
    """Games seed, seed+1, ... of `ruleset` until `actions` actions have been played (or `games` games, if
    given)."""
    totals = totals if totals is not None else SoakTotals()
    started = time.perf_counter()
    game_seed = seed
    while (totals.games < games) if games is not None else (totals.actions < actions):
        game = play_soak_game(game_seed, table_for(game_seed, max_rounds, ruleset), action_limit, probe_share,
                              options, check_every)
        totals.add(game)
        totals.seconds = time.perf_counter() - started
        yield game
        game_seed += 1


def failure_report(failure: SoakFailure, options: dict | None = None) -> dict:
    """What a failure's JSON record holds besides its save: enough to run the game again (`simulate --soak
    --seed S --games 1`) or to replay the save (`illuminopoly replay`)."""
    extra = "".join(f" --option {name}={str(value).lower() if isinstance(value, bool) else value}"
                    for name, value in (options or {}).items())
    return {"seed": failure.seed, "table": failure.table.__dict__, "action_index": failure.action_index,
            "action": failure.action, "problems": failure.problems, "options": options or {},
            "rerun": f"illuminopoly simulate --soak --seed {failure.seed} --games 1 "
                     f"--max-rounds {failure.table.max_rounds}"
                     + (f" --ruleset {failure.table.ruleset}" if failure.table.ruleset != DEFAULT_RULESET else "")
                     + extra}


__all__ = ["play_soak_game", "run_soak", "soak_problems", "table_for", "SoakTotals", "SoakFailure"]
