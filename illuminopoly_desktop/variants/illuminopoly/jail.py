"""Jail (R-JAIL) and the Chair's loss of office on being jailed (R-CHAIR-03a)."""
from __future__ import annotations

from ...model.state import FP, FavorCard
from ...rules.context import Ctx
from ...rules.events import ChairChanged, FavorPlayed, JailChanged, PaymentShort
from ...rules.money import bank_receiver, bank_shortfall, move
from ...rules.movement import teleport

BAIL = 50
TRIAL_BRIBE = 50
JAIL_TURNS_BEFORE_TRIAL = 3


def send_to_jail(ctx: Ctx, seat: int, reason: str, rule_id: str = "R-JAIL-01", no_favor: bool = False) -> None:
    """Jail anyone, the Dog included: his immunity to Go To Jail (square, card) and third doubles is decided before
    this call, by factions.dog_escapes_jail at those three causes; cheating jails him here like anyone (R-FAC-DOG-02)."""
    state = ctx.state
    player = state.players[seat]
    teleport(ctx, seat, ctx.board.jail_index, rule_id)
    player.in_jail = True
    player.jail_turns = 0
    player.jail_no_favor = player.jail_no_favor or no_favor
    ctx.emit(JailChanged(seat=seat, in_jail=True, reason=reason, rule_id=rule_id))
    if state.turn.seat == seat:
        state.turn.may_roll_again = False
        state.turn.remaining_steps = 0
    if state.chair == seat and state.professional_banker is None:
        lose_chair(ctx, seat, "sent to Jail")


def lose_chair(ctx: Ctx, seat: int, why: str) -> None:
    """R-CHAIR-03: the Chair is lost at once; an election follows (the engine's settle step opens it)."""
    state = ctx.state
    state.chair = None
    if state.turn.seat is not None and state.turn.step != "none":
        state.chair_changed_this_turn = True
    ctx.emit(ChairChanged(old_chair=seat, new_chair=None, reason=why, rule_id="R-CHAIR-03"))


def release(ctx: Ctx, seat: int, reason: str, rule_id: str) -> None:
    player = ctx.state.players[seat]
    player.in_jail = False
    player.jail_turns = 0
    player.jail_no_favor = False
    ctx.emit(JailChanged(seat=seat, in_jail=False, reason=reason, rule_id=rule_id))


def return_favor(ctx: Ctx, card: FavorCard) -> None:
    """A used Political Favor goes to the bottom of the deck it came from (R-CARD-05)."""
    deck = ctx.state.chance_deck if card.deck == "chance" else ctx.state.chest_deck
    deck.append(card.number)


def play_favor(ctx: Ctx, seat: int, purpose: str, rule_id: str) -> None:
    player = ctx.state.players[seat]
    card = player.political_favors.pop(0)
    return_favor(ctx, card)
    ctx.emit(FavorPlayed(seat=seat, purpose=purpose, deck=card.deck, number=card.number, rule_id=rule_id))


def trial(ctx: Ctx, seat: int) -> None:
    """Third jail turn: a $50 bribe to the judge, half to FP, half to the Bank; what he lacks is forgiven (R-JAIL-05)."""
    player = ctx.state.players[seat]
    paid = min(player.cash, TRIAL_BRIBE)
    # The judge's bribe is one of the bribes R-FP-02 splits; `bribe_tax_scope=none` taxes no bribe, and then the
    # whole amount goes to the Bank (the judge's "other half" recipient).
    to_fp = paid // 2 if ctx.options.bribe_tax_scope != "none" else 0
    move(ctx, seat, FP, to_fp, "trial bribe", "R-JAIL-05")
    move(ctx, seat, bank_receiver(ctx, is_fine=True), paid - to_fp, "trial bribe", "R-JAIL-05")
    if paid < TRIAL_BRIBE and ctx.options.bank_shortfall_forgiven:
        ctx.emit(PaymentShort(payer=seat, payee="bank", owed=TRIAL_BRIBE, paid=paid, outcome="forgiven",
                              reason="trial bribe", rule_id="R-JAIL-05"))
    elif paid < TRIAL_BRIBE:
        # `bank_shortfall_forgiven=false`: R-LOSE-02 names the trial bribe among the payments it governs, so the
        # Bank's unpaid share becomes a Bank debt; the pot's unpaid share is forgiven (the pot is no creditor).
        fp_owed = TRIAL_BRIBE // 2 if ctx.options.bribe_tax_scope != "none" else 0
        if to_fp < fp_owed:
            ctx.emit(PaymentShort(payer=seat, payee=FP, owed=fp_owed, paid=to_fp, outcome="forgiven",
                                  reason="trial bribe", rule_id="R-JAIL-05"))
        bank_shortfall(ctx, seat, TRIAL_BRIBE - fp_owed, paid - to_fp, "trial bribe")
    release(ctx, seat, "trial", "R-JAIL-05")
