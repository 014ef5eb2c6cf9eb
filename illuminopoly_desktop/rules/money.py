"""Every dollar that moves (R-GEN-01, R-GEN-08, R-BANK, R-FP-02).

Callers check affordability before a voluntary payment; these functions only move money and
record it, so the conservation invariant holds after every call.
"""
from __future__ import annotations

from typing import Literal

from ..model.george_state import GeorgeState
from ..model.state import BANK, ESCROW, FP, GO_POT, Auction, Party
from ..model.typed_access import core_options, slice_as
from .context import RulesContext
from .errors import refuse
from .events import AuctionEvent, MoneyMoved, PaymentShort


def ceil_div(numerator: int, denominator: int) -> int:
    return -(-numerator // denominator)


def _take(ctx: RulesContext, party: Party, amount: int) -> None:
    st = ctx.state
    if party == BANK:
        st.reserves -= amount
    elif party == FP:
        st.fp_pot -= amount
    elif party == ESCROW:
        st.escrow -= amount
    elif party == GO_POT:
        slice_as(st, GeorgeState).go_pot -= amount
    elif party.__class__ is int:
        st.players[party].cash -= amount
    else:
        ctx.rules.adjust_account(st, party, -amount)  # a ruleset's account of a player (VARIANTS S09)


def _give(ctx: RulesContext, party: Party, amount: int) -> None:
    st = ctx.state
    if party == BANK:
        st.reserves += amount
    elif party == FP:
        st.fp_pot += amount
    elif party == ESCROW:
        st.escrow += amount
    elif party == GO_POT:
        slice_as(st, GeorgeState).go_pot += amount
    elif party.__class__ is int:
        st.players[party].cash += amount
    else:
        ctx.rules.adjust_account(st, party, amount)


def move(ctx: RulesContext, payer: Party, payee: Party, amount: int, reason: str, rule_id: str | None = None,
         visible_to: list[int] | None = None) -> None:
    """Move exactly `amount` (the caller has checked the payer can pay it). `visible_to`: the seats who may see the
    movement (None: everyone), for money moved between one player's own private accounts (VARIANTS S21)."""
    if amount <= 0 or payer == payee:
        return  # nothing moves when a Bank Proprietor pays a fine to himself (R-BANK-03 step 4)
    _take(ctx, payer, amount)
    _give(ctx, payee, amount)
    ctx.emit(MoneyMoved(payer=payer, payee=payee, amount=amount, reason=reason, rule_id=rule_id,
                        visible_to=visible_to))
    if payee.__class__ is int and ctx.state.players[payee].bank_debt:
        _repay_bank_debt(ctx, payee)


# ----- debts to the Bank (`bank_shortfall_forgiven=false`, R-LOSE-02 step 2) -----

BANK_DEBT_REPAYMENT = "repayment of Bank debt"


def _repay_bank_debt(ctx: RulesContext, seat: int) -> None:
    """Cash a Bank debtor receives goes first to the Bank, until his debt is paid (§32 `bank_shortfall_forgiven`).

    Resolution: the debt is repaid at each receipt of money, not at the start of his turns. It is one rule in one
    place (every dollar moves through `move`), the debt lasts no longer than it must, and a debtor always holds $0
    cash, so nothing he could spend is ever his before the Bank is paid. The repayment goes to Reserves: it is no
    fine or tax that a Bank Proprietor collects (R-BANK-01, R-BANK-03 step 4).
    """
    player = ctx.state.players[seat]
    paid = min(player.cash, player.bank_debt)
    player.bank_debt -= paid
    move(ctx, seat, BANK, paid, BANK_DEBT_REPAYMENT, ctx.rules.rule_ids["bank.debt"])
    if not player.bank_debt:
        ctx.notice(f"{ctx.name(seat)} has paid off his debt to the Bank.", ctx.rules.rule_ids["bank.debt"], seat)


def bank_shortfall(ctx: RulesContext, payer: int, owed: int, paid: int, reason: str,
                   rule_id: str | None = None) -> None:
    """What a payer could not pay of a payment to the Bank (R-LOSE-02 step 2): forgiven under
    `bank_shortfall_forgiven=true`; under `false` it becomes his debt to the Bank, which blocks his voluntary
    spending (`check_no_bank_debt`) and takes every dollar he receives until it is paid.

    A Bank Proprietor who owes a fine to himself owes nobody: that shortfall is always forgiven."""
    if paid >= owed:
        return
    outcome: Literal["forgiven", "debt"]
    if core_options(ctx.options).bank_shortfall_forgiven or bank_receiver(ctx, is_fine=True) == payer:
        outcome = "forgiven"
    else:
        ctx.state.players[payer].bank_debt += owed - paid
        outcome = "debt"
    ctx.emit(PaymentShort(payer=payer, payee=BANK, owed=owed, paid=paid, outcome=outcome, reason=reason,
                          rule_id=rule_id or ctx.rules.rule_ids["bank.debt"]))


def check_no_bank_debt(ctx: RulesContext, seat: int) -> None:
    """Refuse a voluntary spend by a player who owes the Bank (R-LOSE-02: never started on credit).

    Raises IllegalAction(E_INSUFFICIENT_FUNDS, R-LOSE-02) while his `bank_debt` is not paid."""
    debt = ctx.state.players[seat].bank_debt
    if debt:
        raise refuse("E_INSUFFICIENT_FUNDS", ctx.rules.rule_ids["bank.debt"],
                     f"{ctx.name(seat)} owes the Bank ${debt}: the Bank debt must be paid first.")


def bank_receiver(ctx: RulesContext, is_fine: bool) -> Party:
    """Where a payment "to the Bank" goes: Reserves, or for fines the Bank Proprietor (R-BANK-03 step 4)."""
    proprietor = ctx.state.bank_proprietor
    if is_fine and proprietor is not None and not ctx.state.players[proprietor].eliminated:
        return proprietor
    return BANK


def pay_bank(ctx: RulesContext, seat: int, amount: int, reason: str, rule_id: str | None = None,
             is_fine: bool = False) -> None:
    move(ctx, seat, bank_receiver(ctx, is_fine), amount, reason, rule_id)


def split_with_fp(ctx: RulesContext, payer: Party, other: Party, amount: int, reason: str, rule_id: str) -> None:
    """`floor(x/2)` to the Free Parking pot, the rest to `other` (R-GEN-01, R-FP-02)."""
    to_fp = amount // 2
    move(ctx, payer, FP, to_fp, reason, rule_id)
    move(ctx, payer, other, amount - to_fp, reason, rule_id)


def bank_pays(ctx: RulesContext, seat: Party, amount: int, reason: str, rule_id: str | None = None,
              is_salary: bool = False) -> int:
    """The Bank pays a player, subject to its insolvency option (R-BANK-02, R-BANK-03). Returns what was paid now.
    `seat` is the player's seat, or one of his accounts (Illumonopoly's group treasuries, whose Bank never runs
    short: the Proprietor's salary and the Bank's auction concern seats only).

    (A mortgage loan, whose amount must be known at once, is refused beforehand when Reserves cannot pay it in full,
    D-13: it never reaches the shortfall below.)
    """
    if amount <= 0:
        return 0
    st, opts = ctx.state, core_options(ctx.options)
    if is_salary and isinstance(seat, int) and st.bank_proprietor is not None \
            and not st.players[st.bank_proprietor].eliminated:
        return _proprietor_pays_salary(ctx, st.bank_proprietor, seat, amount, reason)
    if st.reserves >= amount:
        before = st.reserves
        move(ctx, BANK, seat, amount, reason, rule_id)
        _auction_again_below_third(ctx, before)
        return amount
    mode = opts.bank_insolvency
    if mode == "unlimited":
        issued = amount - max(st.reserves, 0)
        st.bank_issued += issued
        st.reserves += issued
        move(ctx, BANK, seat, amount, reason, rule_id)
        ctx.emit(PaymentShort(payer=BANK, payee=seat, owed=amount, paid=amount, outcome="issued",
                              reason=reason, rule_id=ctx.rules.rule_ids["bank.shortfall"]))
        return amount
    if mode == "auction" and not st.bank_auction_done and isinstance(seat, int):
        # R-BANK-03 steps 1-2: the Bank is broke; the payment waits for the auction (one auction at a time:
        # payments falling due while it runs wait for it too).
        opened = _bank_auction_pending(st) or _open_bank_auction(ctx, "The Bank is broke and is put up for auction")
        if opened:
            st.held_payments.append((seat, amount, reason))
            ctx.notice(f"The Bank owes {ctx.name(seat)} ${amount} ({reason}); the payment waits for the auction.",
                       ctx.rules.rule_ids["bank.auction"], seat)
            return 0
    paid = max(st.reserves, 0) if opts.bank_shortfall_payment == "partial" else 0
    move(ctx, BANK, seat, paid, reason, rule_id)
    ctx.emit(PaymentShort(payer=BANK, payee=seat, owed=amount, paid=paid, outcome="lost", reason=reason,
                          rule_id=ctx.rules.rule_ids["bank.shortfall"]))
    return paid


def _proprietor_pays_salary(ctx: RulesContext, proprietor: int, seat: int, amount: int, reason: str) -> int:
    """R-BANK-03 step 4: GO salary comes out of the Proprietor's own cash; what he cannot pay is not paid.

    Resolution: "if he cannot pay, it is not paid" is read like the Bank's own shortfall (R-BANK-02): he pays what
    he has under `bank_shortfall_payment=partial`, nothing under `none`; the rest is lost to the mover and logged.
    """
    st = ctx.state
    if proprietor == seat:
        return amount  # paying oneself moves nothing
    cash = st.players[proprietor].cash
    if cash >= amount:
        paid = amount
    else:
        paid = cash if core_options(ctx.options).bank_shortfall_payment == "partial" else 0
    move(ctx, proprietor, seat, paid, reason, ctx.rules.rule_ids["bank.auction"])
    if paid < amount:
        ctx.emit(PaymentShort(payer=proprietor, payee=seat, owed=amount, paid=paid, outcome="lost",
                              reason=reason, rule_id=ctx.rules.rule_ids["bank.auction"]))
    return paid


def _pay_what_reserves_allow(ctx: RulesContext, seat: int, amount: int, reason: str, rule_id: str | None,
                             short_rule: str) -> int:
    st = ctx.state
    paid = min(amount, max(st.reserves, 0))
    move(ctx, BANK, seat, paid, reason, rule_id)
    if paid < amount:
        ctx.emit(PaymentShort(payer=BANK, payee=seat, owed=amount, paid=paid, outcome="lost", reason=reason,
                              rule_id=short_rule))
    return paid


def _bank_auction_pending(state) -> bool:
    return any(p.kind == "auction" and p.item == "bank" for p in state.pending)


def _open_bank_auction(ctx: RulesContext, why: str) -> bool:
    """Put the Bank up for auction among the bidders the ruleset names (Illuminopoly: the active, not disabled
    faction players, starting after the Chair, R-BANK-03 step 2, R-DEAL-09). Returns False when nobody could bid."""
    st = ctx.state
    bidders = ctx.rules.bidding_order(ctx)
    if not bidders:
        return False
    st.pending.append(Auction(item="bank", bidders=bidders))
    ctx.notice(f"{why}.", ctx.rules.rule_ids["bank.auction"])
    ctx.emit(AuctionEvent(item="bank", property=None, status="opened", rule_id=ctx.rules.rule_ids["bank.auction"]))
    return True


def _auction_again_below_third(ctx: RulesContext, before: int) -> None:
    """R-BANK-03 step 5: once the Bank has a Proprietor, it goes up for bid again when a payment takes Reserves
    below one third of their level at game start.

    Resolution: "drop below" is read as a crossing (at or above the third before the payment, below it after);
    the Reserves left by a sale are usually already below the third, and re-auctioning the Bank at every later
    payment would stall the game. A Bank broke again still triggers an auction by step 1.
    """
    st = ctx.state
    if (core_options(ctx.options).bank_insolvency != "auction" or st.bank_auction_done or st.bank_proprietor is None
            or _bank_auction_pending(st)):
        return
    threshold = st.bank_start_reserves
    if 3 * before >= threshold > 3 * st.reserves:
        _open_bank_auction(ctx, "The Bank's Reserves fell below a third of their starting level: "
                                "the Bank is put up for auction again")


def pay_held_payments(ctx: RulesContext) -> None:
    """R-BANK-03 step 7: after the auction the held payments are made as far as Reserves allow (no new auction)."""
    st = ctx.state
    held, st.held_payments = st.held_payments, []
    for seat, amount, reason in held:
        if st.players[seat].eliminated:
            continue
        _pay_what_reserves_allow(ctx, seat, amount, reason, ctx.rules.rule_ids["bank.auction"], ctx.rules.rule_ids["bank.auction"])
