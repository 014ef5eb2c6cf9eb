"""Jail (R-JAIL): sending a player there and releasing him, and the Get Out of Jail cards a player holds (Political
Favors in Illuminopoly, R-CARD-05). What else being jailed does is the ruleset's (`ctx.rules.after_jailed`)."""
from __future__ import annotations

from ..model.state import FavorCard
from .context import RulesContext
from .events import FavorPlayed, JailChanged
from .movement import teleport

BAIL = 50
JAIL_TURNS_BEFORE_TRIAL = 3
"""The third failed turn in Jail ends it (R-JAIL-05)."""


def send_to_jail(ctx: RulesContext, seat: int, reason: str, rule_id: str | None = None,
                 no_favor: bool = False) -> None:
    """Jail anyone. Whether a cause jails at all is decided before this call (Illuminopoly's Dog is immune to some,
    R-FAC-DOG-02); `no_favor`: no card can free him this time (R-JAIL-02)."""
    state = ctx.state
    player = state.players[seat]
    rule_id = rule_id or ctx.rules.rule_ids["jail.send"]
    teleport(ctx, seat, ctx.board.jail_index, rule_id)
    player.in_jail = True
    player.jail_turns = 0
    player.jail_no_favor = player.jail_no_favor or no_favor
    ctx.emit(JailChanged(seat=seat, in_jail=True, reason=reason, rule_id=rule_id))
    if state.turn.seat == seat:
        state.turn.may_roll_again = False
        state.turn.remaining_steps = 0
    ctx.rules.after_jailed(ctx, seat)


def release(ctx: RulesContext, seat: int, reason: str, rule_id: str) -> None:
    player = ctx.state.players[seat]
    player.in_jail = False
    player.jail_turns = 0
    player.jail_no_favor = False
    ctx.emit(JailChanged(seat=seat, in_jail=False, reason=reason, rule_id=rule_id))


def return_favor(ctx: RulesContext, card: FavorCard) -> None:
    """A used card goes to the bottom of the deck it came from (R-CARD-05)."""
    deck = ctx.state.chance_deck if card.deck == "chance" else ctx.state.chest_deck
    deck.append(card.number)


def play_favor(ctx: RulesContext, seat: int, purpose: str, rule_id: str) -> None:
    player = ctx.state.players[seat]
    card = player.political_favors.pop(0)
    return_favor(ctx, card)
    ctx.emit(FavorPlayed(seat=seat, purpose=purpose, deck=card.deck, number=card.number, rule_id=rule_id))
