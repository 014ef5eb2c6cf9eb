"""Insolvency and bankruptcy with treasuries (V-ILLUMO-11): CLASSIC-14, with the player's resources counted across
all his treasuries net of the transfer fees that moving them into central would cost (VARIANTS §6.4 decision 39); at
bankruptcy the cash of every treasury goes to the creditor (gross: no transfer is made) with the deeds."""
from __future__ import annotations

from ...model.illumo_state import TREASURY_PREFIX, parse_account
from ...model.state import BANK, RaiseFunds
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.money import move
from ...rules.required_fields import printed_group, printed_mortgage
from ..classic import bankruptcy
from .access import illumo_options, illumo_slice
from .buildings import sale_refund
from .effects import assessed
from .court import discard_hand, hand_to
from .treasury import account, deliverable

RULE = "V-ILLUMO-11"


def account_holder(party) -> int | None:
    """The seat a payee belongs to: a seat, or the owner of a group treasury; None for the Bank and pots."""
    if party.__class__ is int:
        return party
    if isinstance(party, str) and party.startswith(TREASURY_PREFIX):
        return parse_account(party)[0]
    return None


def creditor(ctx: RulesContext, window: RaiseFunds):
    """The player owed (rent is owed into his treasury), or the Bank."""
    for payee, _ in window.payments:
        holder = account_holder(payee)
        if holder is not None and not ctx.state.players[holder].eliminated:
            return holder
    return BANK


def means(ctx: RulesContext, seat: int) -> int:
    """What he could bring into his central treasury: his central cash, the buildings sold back at half cost (the
    refund goes to central, A-IL-07), and each group treasury after every deed of its type is mortgaged (the loans
    arrive there, V-ILLUMO-04), moved to central net of its fee."""
    state = ctx.state
    squares = ctx.squares
    total = state.players[seat].cash
    by_type = dict(illumo_slice(state).treasuries.get(seat, {}))
    refund_to_group = illumo_options(ctx).illumo_building_refund_to == "group"
    for index, prop in state.properties.items():
        if prop.owner != seat:
            continue
        kind = printed_group(squares[index])
        # what selling each level back brings, and the loan, as the rules would pay them now (a Bribed Assessor's
        # halving included); a missing deed cannot be mortgaged (V-ILLUMO-46)
        levels = 5 if prop.hotel else prop.houses
        refund = levels * sale_refund(ctx, index, 1) if levels else 0  # one level at a time, as sold
        loan = 0 if prop.mortgaged or index == illumo_slice(state).missing else \
            assessed(ctx, index, printed_mortgage(squares[index]), paying=False)
        by_type[kind] = by_type.get(kind, 0) + loan + (refund if refund_to_group else 0)
        total += 0 if refund_to_group else refund
    return total + sum(deliverable(ctx, amount) for amount in by_type.values())


def check_bankruptcy(ctx: RulesContext, window: RaiseFunds, seat: int) -> None:
    if seat != window.payer:
        raise refuse("E_NOT_YOUR_TURN", RULE, "This debt is not yours.")
    could = means(ctx, seat)
    owed = bankruptcy.owed(window)
    if could >= owed:
        raise refuse("E_WRONG_PHASE", RULE, f"You owe ${owed} and could raise ${could} (net of transfer fees): "
                                            f"transfer, mortgage or sell buildings and pay; you are not bankrupt.")


def declare(ctx: RulesContext, window: RaiseFunds, seat: int) -> None:
    """Every group treasury's cash goes to the creditor's central treasury (or the Bank), then CLASSIC-14's
    handover."""
    check_bankruptcy(ctx, window, seat)
    to = creditor(ctx, window)
    treasuries = illumo_slice(ctx.state).treasuries
    for kind, amount in sorted(treasuries.get(seat, {}).items()):
        move(ctx, account(seat, kind), to, amount, "bankruptcy", RULE)
    treasuries.pop(seat, None)
    if illumo_options(ctx).illumo_bankrupt_court_cards == "to_creditor" and to != BANK:
        hand_to(ctx, seat, to)
    else:
        discard_hand(ctx, seat)  # A bankrupt's Court cards are discarded (V-ILLUMO-11)
    bankruptcy.hand_over(ctx, window, seat, to)
