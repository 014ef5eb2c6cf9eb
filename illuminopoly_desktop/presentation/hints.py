"""A hint for the person at the screen: what a computer schemer would do in his place (Qt-free).

The schemer decides from the seat's own view (model.views.player_view), so a hint never tells what the seat may not
see: a sealed bid, the Dog's condition, the next card. It is seeded from the game's position, so the same position
always gives the same hint.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..bots.players import make_player
from ..model.rulesets import DEFAULT_RULESET
from ..model.state import ROOT, GameState
from ..model.views import player_view
from ..rules import actions as A
from ..rules.boardindex import board_index
from .action_choices import choices_for, label_of, same_choice
from .deal_builder import describe_leg, describe_offer
from .placement import needs_placement
from .seat_summary import is_classic

HINT_STRENGTH = "schemer"
"""The adviser: the rule-based player, quick (milliseconds) and with a plan; the strategist would take seconds."""


@dataclass(frozen=True)
class Hint:
    text: str
    """E.g. "A schemer in your place would: Buy Baltic Avenue — $60." """
    action: A.Action | None
    """The advised action (None when the seat has nothing to decide)."""
    on_panel: bool
    """Whether the panel offers that choice as a button of its own (the hint can point at it)."""


def hint_for(state: GameState, seat: int, person: int | None = None) -> Hint:
    """What a schemer would do for `seat` (the faction the panel's choices are for). `person`: the seat at the
    table asking, where seats are not factions (shared factions: his computer player reads his view and answers
    for the faction he decides for)."""
    ruleset = state.setup.ruleset
    # The ruleset is named only when it is not Illuminopoly's, whose schemer make_player gives by default.
    adviser = make_player(HINT_STRENGTH, seed=state.action_count,
                          **({} if ruleset == DEFAULT_RULESET else {"ruleset": ruleset}))
    asker = seat if person is None else person
    action = adviser.choose(player_view(state, asker), asker)
    if action is None:
        return Hint("Nothing to decide now.", None, False)
    on_panel = any(same_choice(choice.action, action) for choice in choices_for(state, seat))
    return Hint(f"A {HINT_STRENGTH} in your place would: {_words(state, seat, action)}.", action, on_panel)


def _words(state: GameState, seat: int, action: A.Action) -> str:
    if action.type == "propose_offer":
        names = " and ".join(state.players[other].name for other in action.counterparties)
        return f"offer {names} a deal ({'; '.join(describe_leg(state, leg) for leg in action.legs)})"
    if action.type == "reorganize":
        return "reorganize the power structure (arrange it in the Power structure panel first)"
    if action.type == "bid":
        return f"bid ${action.amount:,}"
    if action.type == "commit_graft":
        return f"commit {action.pips} pip{'s' if action.pips != 1 else ''} of graft"
    if action.type in ("accept_offer", "decline_offer"):
        offer = next(o for o in state.offers if o.id == action.offer_id)
        verb = "accept" if action.type == "accept_offer" else "decline"
        return f"{verb} {state.players[offer.proposer].name}'s offer #{offer.id} ({describe_offer(state, offer)})"
    label = label_of(state, seat, action)
    words = label[0].lower() + label[1:] if label[:2] != label[:2].upper() else label
    if needs_placement(action) and not is_classic(state):  # a classic deed hangs nowhere
        where = "your faction card" if action.parent == ROOT else board_index(state.setup.board).squares[action.parent].name
        words += f", hanging the deed from arrow {action.arrow + 1} of {where}"
    return words
