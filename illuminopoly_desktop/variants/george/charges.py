"""The money a move brings due under the Georgist rules, in path order (V-GEORGE-08, -17, -24): entering a parcel
he leases, a lessee pays its community rent and the instalments of its loans; reaching or passing GO pays the $200
salary and the whole GO pot. And where a use fee goes (V-GEORGE-12): to the parcel's loans first, then to the lessee,
or to the GO pot while he is in Jail."""
from __future__ import annotations

from ...model.george_state import UseFeeClaim
from ...model.state import BANK, ESCROW, GO_POT, Party
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.money import move
from ...rules.movement import pay_go_salary
from ...rules.payments import demand
from .access import george_options, george_slice
from .parcels import bought_outright, holding_fee, instalment, interest, lessee_of, loans_on, parcel, printed_rent


def community_rent(ctx: RulesContext, index: int, landing: bool) -> int:
    """V-GEORGE-08: the printed rent, doubled when the parcel holds two large buildings, or four houses and he comes
    to rest on it (`george_four_house_surcharge_on`: or passes it too). The two cannot both apply."""
    held = parcel(ctx, index)
    rent = printed_rent(ctx, index, move_dice(ctx, held.lessee))
    four_houses = held.houses == 4 and (landing or george_options(ctx).george_four_house_surcharge_on == "land_and_pass")
    return 2 * rent if held.large >= 2 or four_houses else rent


def move_dice(ctx: RulesContext, seat: int | None) -> int:
    """The dice total of the move under way, for a utility's printed rent (A-GE-02): a card's move was no roll of
    the dice, so it is counted on a fresh roll of 2d6 (kept for the rest of that move)."""
    george = george_slice(ctx.state)
    if not george.dice_total:
        george.dice_total = sum(ctx.roll(2, seat, "a utility's rent after a card's move", "V-GEORGE-11"))
    return george.dice_total


def on_pass(ctx: RulesContext, seat: int, square: int, forward: bool) -> bool:
    """What entering a square does on a move (rules/movement.py's walker asks at every square, the last included)."""
    if square == ctx.board.go_index:
        if forward:
            pay_go_salary(ctx, seat)  # V-GEORGE-24
            pot = george_slice(ctx.state).go_pot
            if pot:
                move(ctx, GO_POT, seat, pot, "the GO pot", "V-GEORGE-24")
        return False
    held = george_slice(ctx.state).parcels.get(square)
    if held is None or held.lessee != seat or not (forward or george_options(ctx).george_charge_on_backward_moves):
        return False
    if bought_outright(ctx, square):
        return False  # a title bought outright owes no community rent (V-GEORGE-11, `classic_purchase`)
    charge_lessee(ctx, seat, square, landing=False)
    return False


def charge_lessee(ctx: RulesContext, seat: int, index: int, landing: bool) -> None:
    """A lessee enters his own parcel (V-GEORGE-08, -17; -06 with a recurring holding fee). Passing charges the
    community rent without the four-house surcharge; `landing` adds only that surcharge (the rent was charged as
    the token entered the square)."""
    name = ctx.square_name(index)
    held = parcel(ctx, index)
    if landing:
        surcharge = community_rent(ctx, index, True) - community_rent(ctx, index, False)
        demand(ctx, seat, [(BANK, surcharge)], f"four-house surcharge on {name}", "V-GEORGE-08")
        return
    demand(ctx, seat, [(BANK, community_rent(ctx, index, False))], f"community rent on {name}", "V-GEORGE-08")
    if held.holding and not held.built and george_options(ctx).george_holding_fee_recurring:
        rent = printed_rent(ctx, index, move_dice(ctx, seat))
        demand(ctx, seat, [(BANK, holding_fee(rent))], f"holding fee on {name}", "V-GEORGE-06")
    for loan in loans_on(ctx.state, index):
        due = instalment(loan)
        loan.outstanding -= due
        demand(ctx, seat, [(BANK, due)], f"loan instalment on {name}", "V-GEORGE-17")
        if not loan.outstanding:
            close_loan(ctx, loan, "repaid by instalments")


def close_loan(ctx: RulesContext, loan, how: str) -> None:
    """A loan brought to zero by instalments or credited fees owes no interest (`george_final_interest =
    on_payoff_only`); with `always` its lessee pays the 10% now (V-GEORGE-18)."""
    state = ctx.state
    george_slice(state).loans.remove(loan)
    lessee = george_slice(state).parcels[loan.parcel].lessee
    ctx.notice(f"The ${loan.original} loan on {ctx.square_name(loan.parcel)} is {how}.", "V-GEORGE-18", lessee)
    if george_options(ctx).george_final_interest == "always" and lessee is not None:
        demand(ctx, lessee, [(BANK, interest(loan))], "final interest on a loan", "V-GEORGE-18")


def charge_use_fee(ctx: RulesContext, seat: int, index: int, fee: int) -> None:
    """The visitor owes the fee: shared out at once (V-GEORGE-12), or with manual claims (V-GEORGE-13) held in
    escrow for the lessee's claim until the next roll of the dice."""
    if george_options(ctx).george_use_fee_claim == "manual":
        lessee = lessee_of(ctx, index)
        george_slice(ctx.state).claims.append(UseFeeClaim(parcel=index, lessee=lessee, amount=fee))
        ctx.notice(f"{ctx.name(seat)} owes a ${fee} use fee on {ctx.square_name(index)}: {ctx.name(lessee)} must "
                   f"claim it before the next roll of the dice.", "V-GEORGE-13", seat)
        demand(ctx, seat, [(ESCROW, fee)], f"use fee on {ctx.square_name(index)}", "V-GEORGE-10")
        return
    share_use_fee(ctx, seat, index, fee)


def claim(ctx: RulesContext, seat: int, index: int) -> None:
    """V-GEORGE-13: the lessee claims the fee held for him; it is then shared out as V-GEORGE-12 says (what
    escrow holds of it: a visitor who went bankrupt instead of paying paid nothing in)."""
    george = george_slice(ctx.state)
    found = next((c for c in george.claims if c.parcel == index and c.lessee == seat), None)
    if found is None:
        raise refuse("E_WRONG_PHASE", "V-GEORGE-13", "There is no use fee of yours to claim there now.")
    george.claims.remove(found)
    held = min(found.amount, ctx.state.escrow)
    if held:
        share_use_fee(ctx, ESCROW, index, held)


def expire_claims(ctx: RulesContext) -> None:
    """The dice are rolled: unclaimed fees go to the Bank, crediting no loan (V-GEORGE-13)."""
    george = george_slice(ctx.state)
    if not george.claims:
        return
    for unclaimed in george.claims:
        ctx.notice(f"Nobody claimed the ${unclaimed.amount} use fee on {ctx.square_name(unclaimed.parcel)}: the "
                   f"Bank takes it.", "V-GEORGE-13")
    george.claims = []
    move(ctx, ESCROW, BANK, ctx.state.escrow, "unclaimed use fees", "V-GEORGE-13")


def share_use_fee(ctx: RulesContext, seat: int | str, index: int, fee: int) -> None:
    """V-GEORGE-12 (VARIANTS §6.4 decision 11): the fee goes to the Bank against the parcel's loans, oldest first;
    the rest to the lessee, or to the GO pot while he is in Jail (`george_jailed_owner_fee_destination`).

    Resolution: the loans are credited when the fee falls due. A visitor who cannot pay it in full raises the money
    or goes bankrupt (V-GEORGE-30, -31), and a bankrupt's debts to the Bank are not pursued, so the credit stands."""
    state = ctx.state
    lessee = lessee_of(ctx, index)
    name = ctx.square_name(index)
    payments: list[tuple[Party, int]] = []
    credited = 0
    closed = []
    for loan in loans_on(state, index):
        part = min(fee - credited, loan.outstanding)
        if part <= 0:
            break
        loan.outstanding -= part
        credited += part
        if not loan.outstanding:
            closed.append(loan)
    if credited:
        payments.append((BANK, credited))
    rest = fee - credited
    jailed = state.players[lessee].in_jail and george_options(ctx).george_jailed_owner_fee_destination == "go_pot"
    if rest:
        payments.append((GO_POT if jailed else lessee, rest))
    where = ", ".join(filter(None, [f"${credited} credited to its loans" if credited else "",
                                    (f"${rest} to the GO pot (the lessee is in Jail)" if jailed
                                     else f"${rest} to {ctx.name(lessee)}") if rest else ""]))
    if isinstance(seat, int):
        ctx.notice(f"{ctx.name(seat)} owes a ${fee} use fee on {name}: {where}.", "V-GEORGE-12", seat)
        demand(ctx, seat, payments, f"use fee on {name}", "V-GEORGE-10")
    else:  # ESCROW: a claimed fee, already paid in
        ctx.notice(f"The ${fee} use fee on {name} is claimed: {where}.", "V-GEORGE-12", lessee)
        for payee, amount in payments:
            move(ctx, ESCROW, payee, amount, f"use fee on {name}", "V-GEORGE-12")
    for loan in closed:
        close_loan(ctx, loan, "repaid by use fees")
