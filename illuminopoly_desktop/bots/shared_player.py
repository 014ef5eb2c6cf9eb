"""Computer players for shared factions (VARIANTS §3, issue 28): a seat, not a faction, decides.

`SharedPlayer.choose(view, seat)` takes its seat's view (model/views.py `player_view`), rebuilds a state from it
(bots/seat_knowledge.py) and asks the control resolver (rules/control.py) what the seat is asked now: the faction it
decides for (its own half, or a proxy's defence, V-SHARED-18), or its own Chair vote (V-SHARED-05). It answers with:

- "random": uniform among the kinds of that call's legal actions (bots/random_bot.py), free actions only for the
  faction it controls;
- "schemer": Illuminopoly's schemer (bots/schemer.py) deciding for that faction, and three things of its own that
  weigh the seat's two factions: it votes for the Chair as whichever of its living factions has the larger Power
  Base (the Chair anchors the round and holds the mortgaged deeds); it takes the pass money rather than do nothing
  in a half (V-SHARED-11, -13); and in the Dog's joint choice the first seat proposes the schemer's pick and the
  second accepts it.
"""
from __future__ import annotations

import random

from ..model.rulesets import ruleset_of
from ..model.seating import FactionId, SeatId
from ..model.state import Contest, Election, GameState
from ..model.views import SEALED_BIDDERS
from ..rules import actions as A
from ..rules import control, engine
from ..rules.context import RulesContext
from ..rules.legal import default_action, legal_menu
from .random_bot import RandomBot
from .schemer import Schemer
from .schemer_windows import DOG_COMPANY, DOG_EASE
from .seat_knowledge import seat_view, state_from_view

NOTHING = frozenset({"do_nothing", "end_turn"})
"""Answers that do nothing in a half: the pass money is worth more (V-SHARED-11, -13)."""


def _sealed_bids_guess(view: dict):
    """Hidden sealed bids (R-CONTEST-02 step 6): a faction that has bid is taken to have bid 0; one that has not
    (the faction this seat is asked to bid for among them) still has to. The bidders are factions, the viewer a seat,
    so "everyone but the viewer has bid" (bots/seat_knowledge.py's default) does not hold here."""
    bidders = set()
    for window in view["pending"]:
        bidders.update(window.get(SEALED_BIDDERS, ()))
    return lambda window, bidder: 0 if bidder in bidders else None


class SharedPlayer:
    def __init__(self, strength: str, seed: int = 0):
        if strength not in ("random", "schemer"):
            raise ValueError(f"shared factions have random and schemer computer players, not {strength!r}")
        self.strength = strength
        self.rng = random.Random(seed)
        self.knowledge_rng = random.Random(seed ^ 0x5EED)
        self.random = RandomBot(seed)
        self.schemer = Schemer(seed)

    def choose(self, view: dict, seat: int, acts_as: int | None = None) -> A.Action | None:
        """The seat's answer to its first call now, or to the call for `acts_as` (the faction, or the seat in a
        vote) when the caller says which it asks (bots/table_games.py)."""
        view = seat_view(view, seat)
        state = state_from_view(view, self.knowledge_rng, bid_guess=_sealed_bids_guess(view))
        calls = control.calls_of(state, SeatId(seat))
        if not calls:
            return None
        call = next((c for c in calls if c.acts_as == acts_as), calls[0])
        if ruleset_of(state).seats_decision(state) and not call.offer:
            return self._vote(state, SeatId(seat))
        if self.strength == "random":
            return self._random(state, call)
        return self._scheme(state, SeatId(seat), call)

    def _random(self, state: GameState, call: control.Call) -> A.Action | None:
        if call.proxy:  # a proxy answers that one decision, nothing else (V-SHARED-18)
            menu = legal_menu(state, call.acts_as, include_free=False)
            kinds = sorted(menu)
            return self.rng.choice(menu[self.rng.choice(kinds)]()) if kinds else None
        return self.random.choose(state, call.acts_as)

    def _vote(self, state: GameState, seat: SeatId) -> A.Action | None:
        election = state.pending[-1] if state.pending else None
        if not isinstance(election, Election):  # (never: a seat's own decision is a Chair vote, V-SHARED-05)
            return default_action(state, seat)
        if self.strength == "random":
            return self.rng.choice([A.CastVote(seat=seat, candidate=c) for c in election.candidates] +
                                   [A.CastVote(seat=seat, candidate=None)])
        bases = ruleset_of(state).queries.power_bases(state)
        mine = [f for f in control.seat_factions(state, seat) if f in election.candidates]
        if not mine:
            return default_action(state, seat)
        return A.CastVote(seat=seat, candidate=max(mine, key=lambda f: (bases.get(f, 0), state.players[f].cash)))

    def _scheme(self, state: GameState, seat: SeatId, call: control.Call) -> A.Action | None:
        faction = FactionId(call.acts_as)
        if state.pending and state.pending[-1].kind == "dog_choice" and not call.offer:
            return self._dog(state, faction)
        action = self.schemer.decide(state, faction)
        contest = state.pending[-1] if state.pending else None
        if isinstance(action, A.InviteHelpers) and isinstance(contest, Contest):  # no adjacent faction on our side
            rules, ctx = ruleset_of(state), RulesContext(state)  # (V-SHARED-17)
            side = "attack" if faction in contest.attackers else "defend"
            action = A.InviteHelpers(seat=faction, invitees=[f for f in action.invitees
                                                             if rules.may_join(ctx, contest, f, side)])
        if action is not None and action.type == "propose_offer" and engine.is_legal(state, action) is not None:
            action = default_action(state, faction)  # a deal the shared rules forbid (V-SHARED-17): not offered
        if action is None or action.type in NOTHING:
            passing = legal_menu(state, faction, include_free=False).get("pass_second_action")
            if passing is not None:
                return passing()[0]
        return action

    def _dog(self, state: GameState, dog: FactionId) -> A.Action | None:
        menu = legal_menu(state, dog, include_free=False)
        if "accept_pair_choice" in menu:
            return menu["accept_pair_choice"]()[0]
        if "propose_pair_choice" not in menu:
            return default_action(state, dog)
        present = {p.faction for p in state.players if not p.eliminated}
        proposals = [a for a in menu["propose_pair_choice"]() if isinstance(a, A.ProposePairChoice)]
        # the schemer's easiest condition, better one another faction at the table also pursues (bots/schemer_windows)
        return max(proposals, key=lambda a: (DOG_EASE.get(a.choice, 0.2)
                                             + (0.25 if DOG_COMPANY.get(a.choice) in present else 0.0),
                                             self.rng.random()))
