"""The Dog's secret condition, chosen jointly by its two sharers (V-SHARED-04, A-SH-11): the first seat proposes, the
second accepts or proposes another, in turn, each at most `shared_dog_negotiation_rounds` times; when the seat due
may propose no more and does not accept, the engine draws one of the conditions proposed. The proposals are seen
only by the two sharers (secrets.py), the condition too (as in Illuminopoly, it is revealed when the Dog wins or the
game ends)."""
from __future__ import annotations

from typing import Literal

from ...model.seating import FactionId, SeatId
from ...model.state import GameState
from ...rules import actions as A
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.events import DogConditionChosen, PairChoiceEvent
from ..illuminopoly import setup, windows
from . import geometry
from .access import shared_options, shared_slice


def seat_due(state: GameState, dog: FactionId) -> SeatId:
    """The first seat proposes first; then the sharers take turns."""
    first, second = geometry.sharers(dog, len(state.setup.seats))
    return first if len(shared_slice(state).dog_proposals) % 2 == 0 else second


def proposals_left(state: GameState, seat: SeatId, rounds: int) -> int:
    return rounds - len([who for who, _ in shared_slice(state).dog_proposals if who == seat])


class DogChoice(windows.DogChoice):
    answers = {"propose_pair_choice": "propose", "accept_pair_choice": "accept"}

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        state = ctx.state
        proposals = shared_slice(state).dog_proposals
        due = seat_due(state, FactionId(window.seat))
        options: list[A.Action] = []
        if proposals:
            options.append(A.AcceptPairChoice(seat=seat))
        if proposals_left(state, due, shared_options(ctx).shared_dog_negotiation_rounds) > 0:
            standing = proposals[-1][1] if proposals else None
            options += [A.ProposePairChoice(seat=seat, choice=c) for c in setup.DOG_CONDITIONS if c != standing]
        elif proposals:
            options.append(A.AcceptPairChoice(seat=seat, accept=False))
        return options

    def default(self, state: GameState, window, seat: int) -> A.Action:
        if shared_slice(state).dog_proposals:
            return A.AcceptPairChoice(seat=seat)
        return A.ProposePairChoice(seat=seat, choice=setup.DOG_CONDITIONS[0])

    def propose(self, ctx: RulesContext, window, action: A.ProposePairChoice) -> None:
        state = ctx.state
        dog = FactionId(window.seat)
        if action.seat != dog:
            raise refuse("E_NOT_YOUR_TURN", "V-SHARED-04", "Only the Dog's sharers choose its secret condition.")
        if action.choice not in setup.DOG_CONDITIONS:
            raise refuse("E_FACTION_CANNOT", "R-FAC-DOG-01", "That condition may not be chosen by the Dog.")
        due = seat_due(state, dog)
        if proposals_left(state, due, shared_options(ctx).shared_dog_negotiation_rounds) <= 0:
            raise refuse("E_WRONG_PHASE", "V-SHARED-04", "No proposal is left: accept, or leave it to chance.")
        shared_slice(state).dog_proposals.append((int(due), action.choice))
        ctx.emit(PairChoiceEvent(seat=dog, stage="proposed", actor=due, choice=action.choice, visible_to=[dog],
                                 rule_id="V-SHARED-04"))

    def accept(self, ctx: RulesContext, window, action: A.AcceptPairChoice) -> None:
        state = ctx.state
        dog = FactionId(window.seat)
        proposals = shared_slice(state).dog_proposals
        if action.seat != dog or not proposals:
            raise refuse("E_WRONG_PHASE", "V-SHARED-04", "There is no proposal to answer.")
        due = seat_due(state, dog)
        stage: Literal["accepted", "drawn"]
        actor: SeatId | None
        if action.accept:
            chosen, stage, actor = proposals[-1][1], "accepted", due
        else:
            if proposals_left(state, due, shared_options(ctx).shared_dog_negotiation_rounds) > 0:
                raise refuse("E_WRONG_PHASE", "V-SHARED-04", "Propose another condition, or accept this one.")
            offered = list(dict.fromkeys(choice for _, choice in proposals))
            chosen, stage, actor = offered[ctx.rand_below(len(offered))], "drawn", None
        ctx.emit(PairChoiceEvent(seat=dog, stage=stage, actor=actor, choice=chosen, visible_to=[dog],
                                 rule_id="V-SHARED-04"))
        state.players[dog].dog_condition = chosen
        proposals.clear()
        state.pending.remove(window)
        ctx.emit(DogConditionChosen(seat=dog, condition=chosen, visible_to=[dog], rule_id="V-SHARED-04"))

    def describe(self, state: GameState, window) -> str:
        return "the Dog's secret condition, chosen by its two sharers"
