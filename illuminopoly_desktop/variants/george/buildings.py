"""Buildings and their loans under the Georgist rules: houses on streets, up to four, with no group or level rule
(V-GEORGE-04, -14); then up to two large buildings, a hotel or an office each from its own supply of 12, the first
turning the four houses in (V-GEORGE-15); one plant on a railroad or utility (V-GEORGE-11). Any purchase may be made
with half down or more, the rest a Bank loan per building (V-GEORGE-16, decision 13), paid off at any time with 10%
final interest (V-GEORGE-18). Buildings sell back at half cost, their loan settled out of it (V-GEORGE-20), and an
empty lease may be given up (V-GEORGE-29). With no unit of a kind left in the Bank, buyers wait (V-GEORGE-19)."""
from __future__ import annotations

from ...model.george_state import BuildingKind, Loan, Parcel
from ...model.state import BANK
from ...rules.context import RulesContext
from ...rules.errors import IllegalAction, ReasonCode, refuse
from ...rules.money import bank_pays, ceil_div, move
from .access import george_options, george_slice
from .parcels import (bought_outright, building_price, change_supply, holding_words, leased_parcel, loans_on, parcel,
                      payoff, supply_of)

WORDS = {"house": "house", "hotel": "hotel", "office": "office building", "plant": "plant"}


def split_down(total: int, count: int) -> list[int]:
    """Decision 13: the down payment of several buildings bought together is split evenly, any odd dollar on the
    first."""
    share, odd = divmod(total, count)
    return [share + (1 if i < odd else 0) for i in range(count)]


def check_kind(ctx: RulesContext, index: int, kind: BuildingKind, count: int) -> None:
    """What the parcel may take now (V-GEORGE-11, -14, -15), whoever buys it; else refuse."""
    refusal = kind_refusal(ctx, index, kind, count)
    if refusal is not None:
        raise refusal


_KIND_REFUSALS: dict[str, tuple[ReasonCode, str, str]] = {
    "house_on_track": ("E_NOT_MONOPOLY", "V-GEORGE-14", "Houses go on streets only; a railroad or utility takes a "
                                                       "plant."),
    "house_after_large": ("E_UNEVEN", "V-GEORGE-15", "{name} holds a large building: no more houses."),
    "fifth_house": ("E_UNEVEN", "V-GEORGE-14", "A parcel holds four houses at most ({name} has {houses})."),
    "large_on_track": ("E_NOT_MONOPOLY", "V-GEORGE-15", "Hotels and office buildings go on streets only."),
    "large_count": ("E_UNEVEN", "V-GEORGE-15", "Large buildings are bought one at a time."),
    "third_large": ("E_UNEVEN", "V-GEORGE-15", "{name} already holds two large buildings, the most allowed."),
    "large_before_houses": ("E_UNEVEN", "V-GEORGE-15", "A large building needs four houses ({name} has {houses})."),
    "plant_on_street": ("E_NOT_MONOPOLY", "V-GEORGE-11", "Plants go on railroads and utilities only."),
    "plant_on_title": ("E_NOT_MONOPOLY", "V-GEORGE-11", "{name} is owned outright and charges classic rent: it takes "
                                                       "no plant in this game."),
    "second_plant": ("E_UNEVEN", "V-GEORGE-11", "{name} holds one plant at most."),
    "no_supply": ("E_NO_SUPPLY", "V-GEORGE-19", "The Bank has no {building} left to sell: wait until one comes back."),
}
"""`kind_problem`'s answers: the refusal's code, rule and words ({name}: the parcel's, {houses}: its houses,
{building}: the kind asked for)."""


def kind_refusal(ctx: RulesContext, index: int, kind: BuildingKind, count: int) -> IllegalAction | None:
    """`check_kind`'s refusal, returned (None: the parcel may take them)."""
    problem = kind_problem(ctx, index, kind, count)
    if problem is None:
        return None
    code, rule_id, words = _KIND_REFUSALS[problem]
    return refuse(code, rule_id, words.format(name=ctx.square_name(index), houses=parcel(ctx, index).houses,
                                              building=WORDS[kind]))


def kind_problem(ctx: RulesContext, index: int, kind: BuildingKind, count: int) -> str | None:
    """Why the parcel may not take `count` buildings of `kind` now (V-GEORGE-11, -14, -15, -19), in a word (None: it
    may; `kind_refusal` says it in full): a listing tries every kind of every parcel, and most are refused, so the
    test builds no refusal."""
    held = parcel(ctx, index)
    street = ctx.squares[index].kind == "lot"
    large = held.hotels + held.offices  # (`held.large`, read once)
    if kind == "house":
        if not street:
            return "house_on_track"
        if large:
            return "house_after_large"
        if held.houses + count > 4:
            return "fifth_house"
    elif kind in ("hotel", "office"):
        if not street:
            return "large_on_track"
        if count != 1:
            return "large_count"
        if large >= 2:
            return "third_large"
        if not large and held.houses != 4:
            return "large_before_houses"
    else:
        if street:
            return "plant_on_street"
        if bought_outright(ctx, index):
            return "plant_on_title"
        if count != 1 or held.plant:
            return "second_plant"
    if supply_of(ctx.state, kind) < count:
        return "no_supply"
    return None


def check_purchase(ctx: RulesContext, seat: int, index: int, kind: BuildingKind, count: int, down: int | None,
                   fresh_lease: bool = False) -> int:
    """The total down payment of `count` buildings of `kind` for the parcel (`down` None: the full price), if the
    seat may buy them now; else refuse. `fresh_lease`: bought with the lease itself (landing.py checks the lease)."""
    if not fresh_lease:
        held = leased_parcel(ctx, seat, index, "V-GEORGE-14")
        if held.build_locked:
            raise refuse("E_WRONG_PHASE", "V-GEORGE-07", f"{ctx.square_name(index)} was won at a lease auction: no "
                                                         f"building on it until your next turn.")
    check_kind(ctx, index, kind, count)
    price = building_price(ctx, index, kind)
    total = price * count if down is None else down
    least = ceil_div(price, 2)
    for share in split_down(total, count):
        if not least <= share <= price:
            raise refuse("E_DOWN_PAYMENT", "V-GEORGE-16",
                         f"The down payment on a ${price} {WORDS[kind]} is from ${least} (half) to ${price} (all).")
    cash = ctx.state.players[seat].cash
    if not fresh_lease and cash < total:
        raise refuse("E_INSUFFICIENT_FUNDS", "V-GEORGE-16", f"${total} down and you have ${cash}.")
    return total


def buy(ctx: RulesContext, seat: int, index: int, kind: BuildingKind, count: int, total_down: int,
        price: int | None = None) -> None:
    """Each building: its share of the down payment to the Bank, the rest a new loan on the parcel (V-GEORGE-16).
    `price`: a unit's price when it is not the printed one (a shortage auction's winning bid, V-GEORGE-19)."""
    state = ctx.state
    george = george_slice(state)
    held = parcel(ctx, index)
    price = building_price(ctx, index, kind) if price is None else price
    name = ctx.square_name(index)
    for share in split_down(total_down, count):
        move(ctx, seat, BANK, share, f"{WORDS[kind]} on {name}", "V-GEORGE-16" if share < price else "V-GEORGE-14")
        if share < price:
            george.loans.append(Loan(id=george.next_loan_id, parcel=index, building=kind, original=price - share,
                                     outstanding=price - share))
            george.next_loan_id += 1
        change_supply(state, kind, -1)
        if kind == "house":
            held.houses += 1
        elif kind == "plant":
            held.plant = True
        else:
            if not held.large:
                change_supply(state, "house", held.houses)  # the four houses go back (V-GEORGE-15)
                held.houses = 0
            if kind == "hotel":
                held.hotels += 1
            else:
                held.offices += 1
    held.holding = False
    loan_words = f", ${price * count - total_down} on a Bank loan" if total_down < price * count else ""
    ctx.notice(f"{ctx.name(seat)} bought {count} {WORDS[kind]}{'s' if count > 1 else ''} for {name}: "
               f"${total_down} down{loan_words}.", "V-GEORGE-16", seat)


# ----- selling back (V-GEORGE-20) -----

def raising_funds(ctx: RulesContext, seat: int) -> bool:
    return any(window.kind == "raise_funds" and window.payer == seat for window in ctx.state.pending)


def sale_loan(ctx: RulesContext, index: int, kind: BuildingKind) -> Loan | None:
    """The loan a building's sale settles. Resolution: each building carries its own loan (decision 13), so the
    sale settles the newest loan of that kind on the parcel (the building sold is the last one bought)."""
    found = [loan for loan in loans_on(ctx.state, index) if loan.building == kind]
    return found[-1] if found else None


def check_sale(ctx: RulesContext, seat: int, index: int, kind: BuildingKind) -> tuple[int, int]:
    """(the half-cost refund, what settling the building's loan costs), if the seat may sell it now."""
    held = leased_parcel(ctx, seat, index, "V-GEORGE-20")
    if not george_options(ctx).george_sellback_anytime and not raising_funds(ctx, seat):
        raise refuse("E_WRONG_PHASE", "V-GEORGE-20", "Buildings are sold back only to raise money for a debt.")
    if not holds_building(held, kind):
        raise refuse("E_NO_BUILDING", "V-GEORGE-20", f"No {WORDS[kind]} on {ctx.square_name(index)} to sell.")
    refund = building_price(ctx, index, kind) // 2
    loan = sale_loan(ctx, index, kind)
    settle = payoff(loan) if loan is not None else 0
    cash = ctx.state.players[seat].cash
    if settle > refund + cash:
        raise refuse("E_INSUFFICIENT_FUNDS", "V-GEORGE-20",
                     f"The sale brings ${refund} and its loan costs ${settle} to settle: you are ${settle - refund - cash} "
                     f"short.")
    return refund, settle


def holds_building(held: Parcel, kind: BuildingKind) -> bool:
    """Whether the parcel has a building of that kind to sell back (a house only while no large building stands)."""
    if kind == "house":
        return bool(held.houses and not held.large)
    if kind == "hotel":
        return bool(held.hotels)
    if kind == "office":
        return bool(held.offices)
    return bool(held.plant)


def sell(ctx: RulesContext, seat: int, index: int, kind: BuildingKind) -> None:
    refund, settle = check_sale(ctx, seat, index, kind)
    state = ctx.state
    held = parcel(ctx, index)
    name = ctx.square_name(index)
    loan = sale_loan(ctx, index, kind)
    if loan is not None:
        george_slice(state).loans.remove(loan)
    if refund > settle:
        bank_pays(ctx, seat, refund - settle, f"{WORDS[kind]} sold back, net of its loan" if loan else
                  f"{WORDS[kind]} sold back", "V-GEORGE-20")
    elif settle > refund:
        move(ctx, seat, BANK, settle - refund, f"the rest of the loan of a {WORDS[kind]} sold back", "V-GEORGE-20")
    change_supply(state, kind, 1)
    if kind == "house":
        held.houses -= 1
    elif kind == "plant":
        held.plant = False
    else:
        if kind == "hotel":
            held.hotels -= 1
        else:
            held.offices -= 1
        if not held.large:  # back to four houses, as many as the supply has
            held.houses = min(4, george_slice(state).house_supply)
            change_supply(state, "house", -held.houses)
    ctx.notice(f"{ctx.name(seat)} sold a {WORDS[kind]} on {name} back for ${refund}"
               + (f", ${settle} of it settling its loan." if loan else "."), "V-GEORGE-20", seat)


# ----- paying off a loan (V-GEORGE-18), giving up a lease (V-GEORGE-29) -----

def find_loan(ctx: RulesContext, seat: int, loan_id: int) -> Loan:
    george = george_slice(ctx.state)
    for loan in george.loans:
        if loan.id == loan_id and george.parcels[loan.parcel].lessee == seat:
            return loan
    raise refuse("E_NOT_OWNER", "V-GEORGE-18", "You have no such loan.")


def check_payoff(ctx: RulesContext, seat: int, loan_id: int) -> int:
    due = payoff(find_loan(ctx, seat, loan_id))
    cash = ctx.state.players[seat].cash
    if cash < due:
        raise refuse("E_INSUFFICIENT_FUNDS", "V-GEORGE-18", f"Paying this loan off costs ${due}; you have ${cash}.")
    return due


def pay_off(ctx: RulesContext, seat: int, loan_id: int) -> None:
    due = check_payoff(ctx, seat, loan_id)
    loan = find_loan(ctx, seat, loan_id)
    george_slice(ctx.state).loans.remove(loan)
    move(ctx, seat, BANK, due, f"loan on {ctx.square_name(loan.parcel)} paid off", "V-GEORGE-18")


def check_surrender(ctx: RulesContext, seat: int, index: int) -> None:
    if not george_options(ctx).george_allow_lease_surrender:
        raise refuse("E_OPTION_DISABLED", "V-GEORGE-29", "Leases may not be given up in this game.")
    held = leased_parcel(ctx, seat, index, "V-GEORGE-29")
    if held.built:
        raise refuse("E_WRONG_PHASE", "V-GEORGE-29", "Sell the parcel's buildings back first.")
    if loans_on(ctx.state, index):
        raise refuse("E_WRONG_PHASE", "V-GEORGE-29", "Pay the parcel's loans off first.")


def surrender(ctx: RulesContext, seat: int, index: int) -> None:
    check_surrender(ctx, seat, index)
    held = parcel(ctx, index)
    held.lessee, held.holding, held.build_locked = None, False, False
    ctx.notice(f"{ctx.name(seat)} gave up {holding_words(ctx, index)}.", "V-GEORGE-29", seat)


def raisable(ctx: RulesContext, seat: int) -> int:
    """What selling back every building would bring him net of the loans it settles (V-GEORGE-30's test), parcel
    by parcel, counting none whose loans cost more than its buildings bring."""
    total = 0
    for index, held in george_slice(ctx.state).parcels.items():
        if held.lessee != seat:
            continue
        counts: tuple[tuple[BuildingKind, int], ...] = (("house", held.houses), ("hotel", held.hotels),
                                                        ("office", held.offices), ("plant", int(held.plant)))
        refund = sum(building_price(ctx, index, kind) // 2 * n for kind, n in counts if n)
        total += max(0, refund - sum(payoff(loan) for loan in loans_on(ctx.state, index)))
    return total
