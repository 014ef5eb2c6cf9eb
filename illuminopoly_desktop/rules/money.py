"""Every dollar that moves (R-GEN-01, R-GEN-08, R-BANK, R-FP-02).

Callers check affordability before a voluntary payment; these functions only move money and
record it, so the conservation invariant holds after every call.
"""
from __future__ import annotations

from ..model.state import BANK, ESCROW, FP, Auction, Party
from .context import Ctx
from .events import MoneyMoved, PaymentShort


def ceil_div(numerator: int, denominator: int) -> int:
    return -(-numerator // denominator)


def _take(ctx: Ctx, party: Party, amount: int) -> None:
    st = ctx.state
    if party == BANK:
        st.reserves -= amount
    elif party == FP:
        st.fp_pot -= amount
    elif party == ESCROW:
        st.escrow -= amount
    else:
        st.players[party].cash -= amount


def _give(ctx: Ctx, party: Party, amount: int) -> None:
    st = ctx.state
    if party == BANK:
        st.reserves += amount
    elif party == FP:
        st.fp_pot += amount
    elif party == ESCROW:
        st.escrow += amount
    else:
        st.players[party].cash += amount


def move(ctx: Ctx, payer: Party, payee: Party, amount: int, reason: str, rule_id: str | None = None) -> None:
    """Move exactly `amount` (the caller has checked the payer can pay it)."""
    if amount <= 0:
        return
    _take(ctx, payer, amount)
    _give(ctx, payee, amount)
    ctx.emit(MoneyMoved(payer=payer, payee=payee, amount=amount, reason=reason, rule_id=rule_id))


def bank_receiver(ctx: Ctx, is_fine: bool) -> Party:
    """Where a payment "to the Bank" goes: Reserves, or for fines the Bank Proprietor (R-BANK-03 step 4)."""
    proprietor = ctx.state.bank_proprietor
    if is_fine and proprietor is not None and not ctx.state.players[proprietor].eliminated:
        return proprietor
    return BANK


def pay_bank(ctx: Ctx, seat: int, amount: int, reason: str, rule_id: str | None = None, is_fine: bool = False) -> None:
    move(ctx, seat, bank_receiver(ctx, is_fine), amount, reason, rule_id)


def split_with_fp(ctx: Ctx, payer: Party, other: Party, amount: int, reason: str, rule_id: str) -> None:
    """`floor(x/2)` to the Free Parking pot, the rest to `other` (R-GEN-01, R-FP-02)."""
    to_fp = amount // 2
    move(ctx, payer, FP, to_fp, reason, rule_id)
    move(ctx, payer, other, amount - to_fp, reason, rule_id)


def bank_pays(ctx: Ctx, seat: int, amount: int, reason: str, rule_id: str | None = None,
              is_salary: bool = False) -> int:
    """The Bank pays a player, subject to its insolvency option (R-BANK-02, R-BANK-03). Returns what was paid."""
    if amount <= 0:
        return 0
    st, opts = ctx.state, ctx.options
    if is_salary and st.bank_proprietor is not None and not st.players[st.bank_proprietor].eliminated:
        proprietor = st.bank_proprietor
        if proprietor == seat:
            return amount  # paying oneself moves nothing
        paid = min(amount, st.players[proprietor].cash)
        move(ctx, proprietor, seat, paid, reason, "R-BANK-03")
        if paid < amount:
            ctx.emit(PaymentShort(payer=proprietor, payee=seat, owed=amount, paid=paid, outcome="lost",
                                  reason=reason, rule_id="R-BANK-03"))
        return paid
    if st.reserves >= amount:
        move(ctx, BANK, seat, amount, reason, rule_id)
        return amount
    mode = opts.bank_insolvency
    if mode == "unlimited":
        issued = amount - max(st.reserves, 0)
        st.bank_issued += issued
        st.reserves += issued
        move(ctx, BANK, seat, amount, reason, rule_id)
        ctx.emit(PaymentShort(payer=BANK, payee=seat, owed=amount, paid=amount, outcome="issued",
                              reason=reason, rule_id="R-BANK-02"))
        return amount
    if mode == "auction" and not st.bank_auction_done and not any(p.kind == "auction" and p.item == "bank" for p in st.pending):
        bidders = [s for s in st.faction_seats() if not st.players[s].disabled]
        if bidders:
            st.held_payments.append((seat, amount, reason))
            st.pending.append(Auction(item="bank", bidders=bidders))
            ctx.notice("The Bank is broke and is put up for auction; the payment waits for the result.", "R-BANK-03")
            from .events import AuctionEvent
            ctx.emit(AuctionEvent(item="bank", property=None, status="opened", rule_id="R-BANK-03"))
            return 0
    paid = max(st.reserves, 0) if opts.bank_shortfall_payment == "partial" else 0
    move(ctx, BANK, seat, paid, reason, rule_id)
    ctx.emit(PaymentShort(payer=BANK, payee=seat, owed=amount, paid=paid, outcome="lost", reason=reason,
                          rule_id="R-BANK-02"))
    return paid
