"""Houses and hotels (R-BUILD), mortgages (R-MORT)."""
from __future__ import annotations

from ...model.state import FavorWindow, PermitWindow
from ...rules.context import Ctx
from ...rules.errors import refuse
from ...rules.events import BuildingsChanged, ControlChanged, MortgageChanged
from ...rules.money import bank_pays, check_no_bank_debt, move, pay_bank, split_with_fp
from .chair import is_artillery
from .property_values import lift_cost
from .rent import is_monopolist

HOUSES_PER_HOTEL = 4


def _owned_property(ctx: Ctx, seat: int, index: int, rule_id: str):
    prop = ctx.state.properties.get(index)
    if prop is None:
        raise refuse("E_NOT_A_PROPERTY", rule_id, "That square is not a property.")
    if prop.owner != seat:
        raise refuse("E_NOT_OWNER", rule_id, f"You do not own {ctx.square_name(index)}.")
    if ctx.state.pending:
        from .contests import check_not_in_contest

        check_not_in_contest(ctx.state, index)
    return prop


def buildable_lots(ctx: Ctx, group: str) -> list[int]:
    """Lots of the group that can carry buildings: not rezoned (R-MONO-03)."""
    return [m for m in ctx.board.group_members[group] if not ctx.state.properties[m].rezoned]


def level(ctx: Ctx, index: int) -> int:
    prop = ctx.state.properties[index]
    return 5 if prop.hotel else prop.houses


def check_buy_building(ctx: Ctx, seat: int, index: int) -> str:
    """Return "house" or "hotel" if the seat may build on the lot now (R-BUILD-01..03, -06), else refuse."""
    prop = _owned_property(ctx, seat, index, "R-BUILD-01")
    square = ctx.squares[index]
    if square.kind != "lot":
        raise refuse("E_NOT_MONOPOLY", "R-MONO-01", "Railroads and Utilities are not colour groups and carry no buildings.")
    group = square.group
    props = ctx.state.properties
    if not is_monopolist(ctx, seat, group):
        raise refuse("E_NOT_MONOPOLY", "R-BUILD-01", f"You must own every lot of the {group} group to build.")
    members = ctx.board.group_members[group]
    if any(props[m].mortgaged for m in members):
        raise refuse("E_MORTGAGED", "R-BUILD-01", "No building while a lot of the group is mortgaged.")
    if any(props[m].destroyed for m in members):
        raise refuse("E_DESTROYED", "R-BUILD-01", "No building while a lot of the group is destroyed.")
    if prop.rezoned:
        raise refuse("E_REZONED", "R-BUILD-01", "A rezoned lot cannot carry buildings.")
    if prop.controller != seat:
        controllers = {props[m].controller for m in members}
        if not (len(controllers) == 1 and seat not in controllers):
            raise refuse("E_CONTROLLED_BY_OTHER", "R-BUILD-03",
                         f"{ctx.square_name(index)} is controlled by someone else.")
    if prop.hotel:
        raise refuse("E_UNEVEN", "R-BUILD-02", "A lot carries at most one hotel.")
    lots = buildable_lots(ctx, group)
    if prop.houses < HOUSES_PER_HOTEL:
        if any(level(ctx, m) < prop.houses for m in lots if m != index):
            raise refuse("E_UNEVEN", "R-BUILD-02", "Build evenly: another lot of the group has fewer houses.")
        if ctx.state.house_supply < 1:
            raise refuse("E_NO_SUPPLY", "R-BUILD-06", "The Bank has no houses left.")
        kind = "house"
    else:
        if any(level(ctx, m) < HOUSES_PER_HOTEL for m in lots if m != index):
            raise refuse("E_UNEVEN", "R-BUILD-02", "Every lot of the group needs 4 houses before a hotel.")
        if ctx.state.hotel_supply < 1:
            raise refuse("E_NO_SUPPLY", "R-BUILD-06", "The Bank has no hotels left.")
        kind = "hotel"
    check_no_bank_debt(ctx, seat)
    if ctx.state.players[seat].cash < square.house_cost:
        raise refuse("E_INSUFFICIENT_FUNDS", "R-BUILD-01", f"A {kind} here costs ${square.house_cost}.")
    return kind


def check_sell_building(ctx: Ctx, seat: int, index: int, mode: str) -> int:
    """Return the refund for the sale if it keeps the group even (R-BUILD-04), else refuse."""
    prop = _owned_property(ctx, seat, index, "R-BUILD-04")
    square = ctx.squares[index]
    cost = square.house_cost or 0
    if mode == "house":
        if prop.hotel or prop.houses == 0:
            raise refuse("E_UNEVEN", "R-BUILD-04", "There is no house to sell here (sell hotels first).")
        lots = buildable_lots(ctx, square.group)
        if any(ctx.state.properties[m].hotel for m in lots):
            raise refuse("E_UNEVEN", "R-BUILD-04", "Break down every hotel of the group before selling houses.")
        if any(level(ctx, m) > prop.houses for m in lots if m != index):
            raise refuse("E_UNEVEN", "R-BUILD-04", "Sell evenly: another lot of the group has more houses.")
        return cost // 2
    if not prop.hotel:
        raise refuse("E_UNEVEN", "R-BUILD-04", "There is no hotel here.")
    if mode == "hotel_block":
        # Resolution: the block sale is exempt from the evenness rule. Taking a lot from a hotel to 0 while its
        # neighbours keep 4 houses or hotels could never pass "counts never differ by more than 1", yet [REV]
        # expressly allows hotels to be "sold in blocks (all the cash at once)".
        return (cost + HOUSES_PER_HOTEL * cost) // 2
    return (cost + (HOUSES_PER_HOTEL - breakdown_houses(ctx)) * cost) // 2


def breakdown_houses(ctx: Ctx) -> int:
    """Houses a broken-down hotel keeps: 4, or what the supply allows (R-BUILD-04).

    Resolution: "this needs 4 houses in supply; if there are not enough, the owner must sell further down to what
    supply allows" is read as one sale: the hotel goes back, the lot keeps as many houses as the supply can give
    (fewer than 4), and the houses it could not keep are sold at half price in the same step. With an empty
    supply this is the block sale.
    """
    return min(HOUSES_PER_HOTEL, ctx.state.house_supply)


def _emit_buildings(ctx: Ctx, index: int, rule_id: str) -> None:
    prop = ctx.state.properties[index]
    ctx.emit(BuildingsChanged(property=index, houses=prop.houses, hotel=prop.hotel,
                              house_supply=ctx.state.house_supply, hotel_supply=ctx.state.hotel_supply,
                              rule_id=rule_id))


def declare_buy_building(ctx: Ctx, seat: int, index: int) -> None:
    """A building request: the permit window first if it takes the last of the supply (R-BUILD-06), then the
    Political Favor window of a Bank sale (R-CARD-06), then the purchase."""
    kind = check_buy_building(ctx, seat, index)
    if ctx.options.permit_window and takes_the_last(ctx, kind):
        bidders = permit_bidders(ctx, seat, kind)
        if bidders:
            ctx.state.pending.append(PermitWindow(builder=seat, property=index, building=kind, bidders=bidders))
            ctx.notice(f"{ctx.name(seat)} asks for the last {'houses' if kind == 'house' else 'hotels'} "
                       f"({ctx.square_name(index)}): permit bribes may be offered.", "R-BUILD-06", seat)
            return
    request_from_bank(ctx, seat, index, kind)


def request_from_bank(ctx: Ctx, seat: int, index: int, kind: str) -> None:
    """The Bank-to-player sale of a building: PF holders may block it (R-CARD-06), else it is executed."""
    from .landing import favor_holders

    holders = favor_holders(ctx, seat) if ctx.options.pf_blockable_sales != "purchase_only" else []
    if holders:
        ctx.state.pending.append(FavorWindow(purpose="build", actor=seat, queue=holders, property=index,
                                             building=kind))
    else:
        execute_buy_building(ctx, seat, index)


def execute_buy_building(ctx: Ctx, seat: int, index: int) -> None:
    kind = check_buy_building(ctx, seat, index)
    state = ctx.state
    prop = state.properties[index]
    pay_bank(ctx, seat, ctx.squares[index].house_cost, f"{kind} purchase", "R-BUILD-01")
    if kind == "house":
        state.house_supply -= 1
        prop.houses += 1
    else:
        state.hotel_supply -= 1
        state.house_supply += HOUSES_PER_HOTEL
        prop.houses = 0
        prop.hotel = True
    _emit_buildings(ctx, index, "R-BUILD-02")
    if kind == "hotel":
        shoe_hotel_hook(ctx, seat, index)


def shoe_hotel_hook(ctx: Ctx, seat: int, index: int) -> None:
    """R-BUILD-07 → R-FAC-SHOE-03: every hotel placement is offered to the Shoe's victory test (R-FAC-SHOE-01),
    which special_victory.py times under R-WIN-02."""
    from .special_victory import note_hotel_placed

    note_hotel_placed(ctx, seat, index)


# ----- building permits (R-BUILD-06, §33.7) -----

def takes_the_last(ctx: Ctx, kind: str) -> bool:
    """A house request takes the last house when one is left; a hotel request the last hotel."""
    state = ctx.state
    return (state.house_supply if kind == "house" else state.hotel_supply) == 1


def could_build(ctx: Ctx, seat: int, kind: str) -> list[int]:
    """Lots on which the seat could buy a building of this kind right now."""
    from ...rules.errors import IllegalAction

    lots = []
    for index, prop in ctx.state.properties.items():
        if prop.owner != seat or ctx.squares[index].kind != "lot":
            continue
        try:
            if check_buy_building(ctx, seat, index) == kind:
                lots.append(index)
        except IllegalAction:
            pass
    return lots


def permit_bidders(ctx: Ctx, builder: int, kind: str) -> list[int]:
    """Who is asked for a permit bribe: the other active, able faction players who could themselves build the same
    kind of building now, in seat order after the builder.

    Resolution: [REV] opens the bribe to "someone else [who] wants to build". A player who could not build with the
    freed permit has nothing to gain, so he is not asked; and when nobody can, no window opens at all.
    """
    state = ctx.state
    return [seat for seat in state.seats_after(builder)
            if state.players[seat].role == "faction" and not state.players[seat].eliminated
            and not state.players[seat].disabled and could_build(ctx, seat, kind)]


def permit_awaiting(window: PermitWindow) -> list[int]:
    """The bidders who have not answered yet (all at once); then the builder."""
    waiting = [s for s in window.bidders if s not in window.bids]
    return waiting or [window.builder]


def offer_permit_bribe(ctx: Ctx, window: PermitWindow, seat: int, amount: int, index: int | None) -> None:
    """A bidder offers the builder `amount` to withdraw ($0 = no offer) (§33.7 step 2)."""
    state = ctx.state
    if seat not in window.bidders or seat in window.bids:
        raise refuse("E_NOT_YOUR_TURN", "R-BUILD-06", "You are not being asked for a permit bribe.")
    if amount > 0:
        if index is None or index not in state.properties:
            raise refuse("E_NOT_A_PROPERTY", "R-BUILD-06", "Name the lot you would build on with the permit.")
        kind = check_buy_building(ctx, seat, index)
        if kind != window.building:
            raise refuse("E_WRONG_PHASE", "R-BUILD-06", f"The permit at stake is for a {window.building}.")
        cost = ctx.squares[index].house_cost
        if state.players[seat].cash < amount + cost:
            raise refuse("E_INSUFFICIENT_FUNDS", "R-BUILD-06",
                         f"You need ${amount + cost}: the bribe and the {kind} itself.")
        window.bid_property[seat] = index
    window.bids[seat] = amount
    if amount > 0:
        # Public, like the window itself: R-GEN-06 hides no permit bribe (only secret deals, graft bids, the Dog).
        ctx.notice(f"{ctx.name(seat)} offers {ctx.name(window.builder)} ${amount} to withdraw the building request.",
                   "R-BUILD-06", seat)
    if not any(s not in window.bids for s in window.bidders) and not any(window.bids.values()):
        state.pending.remove(window)  # no bribe offered: the request goes ahead (§33.7 step 4)
        request_from_bank(ctx, window.builder, window.property, window.building)


def answer_permit_bribe(ctx: Ctx, window: PermitWindow, seat: int, briber: int | None) -> None:
    """The builder accepts one bribe and withdraws, the briber building at once; or he accepts none (§33.7 3–4)."""
    state = ctx.state
    if seat != window.builder or any(s not in window.bids for s in window.bidders):
        raise refuse("E_NOT_YOUR_TURN", "R-BUILD-06", "The permit bribes are not yet all in.")
    if briber is None:
        state.pending.remove(window)
        ctx.notice(f"{ctx.name(seat)} refuses every permit bribe.", "R-BUILD-06", seat)
        request_from_bank(ctx, seat, window.property, window.building)
        return
    amount = window.bids.get(briber, 0)
    if amount <= 0:
        raise refuse("E_WRONG_PHASE", "R-BUILD-06", "That player offered no permit bribe.")
    index = window.bid_property[briber]
    check_buy_building(ctx, briber, index)
    state.pending.remove(window)
    if ctx.options.bribe_tax_scope == "none":
        move(ctx, briber, seat, amount, "permit bribe", "R-FP-02")
    else:
        split_with_fp(ctx, briber, seat, amount, "permit bribe", "R-FP-02")  # a permit bribe is a bribe (R-FP-02)
    ctx.notice(f"{ctx.name(seat)} withdraws his request; {ctx.name(briber)} builds with the permit.",
               "R-BUILD-06", seat)
    # The briber holds the freed permit: no second permit window, but the Bank sale may still meet a PF.
    request_from_bank(ctx, briber, index, window.building)


def declare_sell_building(ctx: Ctx, seat: int, index: int, mode: str) -> None:
    from .landing import favor_holders

    check_sell_building(ctx, seat, index, mode)
    holders = favor_holders(ctx, seat) if ctx.options.pf_blockable_sales != "purchase_only" else []
    if holders:
        ctx.state.pending.append(FavorWindow(purpose="sell_building", actor=seat, queue=holders, property=index,
                                             building=mode))
    else:
        execute_sell_building(ctx, seat, index, mode)


def execute_sell_building(ctx: Ctx, seat: int, index: int, mode: str) -> None:
    refund = check_sell_building(ctx, seat, index, mode)
    state = ctx.state
    prop = state.properties[index]
    if mode == "house":
        prop.houses -= 1
        state.house_supply += 1
    elif mode == "hotel_block":
        prop.hotel = False
        state.hotel_supply += 1
    else:
        kept = breakdown_houses(ctx)
        prop.hotel = False
        prop.houses = kept
        state.hotel_supply += 1
        state.house_supply -= kept
    bank_pays(ctx, seat, refund, "building sale", "R-BUILD-04")
    _emit_buildings(ctx, index, "R-BUILD-04")


def remove_buildings(ctx: Ctx, index: int) -> int:
    """Return a lot's buildings to supply; gives back their cost price (for refunds computed by the caller)."""
    state = ctx.state
    prop = state.properties[index]
    cost = (ctx.squares[index].house_cost or 0) * (5 if prop.hotel else prop.houses)
    if prop.hotel:
        state.hotel_supply += 1
    state.house_supply += prop.houses
    prop.houses, prop.hotel = 0, False
    if cost:
        _emit_buildings(ctx, index, "R-BANK-04")
    return cost


def group_has_buildings(ctx: Ctx, index: int) -> bool:
    group = ctx.squares[index].group
    members = ctx.board.group_members.get(group, (index,))
    return any(ctx.state.properties[m].houses or ctx.state.properties[m].hotel for m in members)


# ----- mortgages (R-MORT) -----

def check_mortgage(ctx: Ctx, seat: int, index: int) -> int:
    prop = _owned_property(ctx, seat, index, "R-MORT-01")
    if prop.mortgaged:
        raise refuse("E_MORTGAGED", "R-MORT-01", f"{ctx.square_name(index)} is already mortgaged.")
    if prop.destroyed:
        raise refuse("E_DESTROYED", "R-MORT-07", "A destroyed property cannot be mortgaged.")
    if group_has_buildings(ctx, index):
        raise refuse("E_HAS_BUILDINGS", "R-MORT-01", "Sell every building of the group before mortgaging.")
    value = ctx.squares[index].mortgage
    amount = value // 2 if prop.rezoned else value
    reserves = ctx.state.reserves
    if ctx.options.bank_insolvency != "unlimited" and reserves < amount:
        # D-13: a mortgage is a voluntary act, and R-BANK-02's partial payment applies only to what the Bank owes;
        # the loan is made in full or not at all. Resolution: the same under `auction` (R-BANK-03 step 1 puts the
        # Bank up for bid when it *must* pay; nothing obliges it to lend), so no mortgage ever has a $0 principal.
        raise refuse("E_BANK_SHORT", "R-MORT-01",
                     f"The Bank's Reserves (${max(reserves, 0):,}) cannot lend the ${amount:,} this mortgage brings.")
    return amount


def mortgage(ctx: Ctx, seat: int, index: int) -> None:
    """The Bank lends M (half if rezoned); the Chair takes control as `mortgage_chair` (R-MORT-01, -02)."""
    amount = check_mortgage(ctx, seat, index)
    state = ctx.state
    prop = state.properties[index]
    paid = bank_pays(ctx, seat, amount, "mortgage", "R-MORT-01")  # in full: check_mortgage saw to it (D-13)
    prop.mortgaged = True
    prop.mortgage_principal = paid
    ctx.emit(MortgageChanged(property=index, mortgaged=True, principal=paid, rule_id="R-MORT-01"))
    chair = state.professional_banker if state.professional_banker is not None else state.chair
    owner_player = state.players[seat]
    boat_exempt = (owner_player.faction == "boat" and not owner_player.awakened
                   and not ctx.options.boat_mortgage_control)  # R-FAC-BOAT-02, `boat_mortgage_control=false`
    if chair is not None and not boat_exempt:
        old = prop.controller
        if is_artillery(state, chair):
            # §25, D-11: the Artillery controls nothing. A property mortgaged while he is the Chair is controlled by
            # nobody until it is lifted: no `mortgage_chair` hold (so no later Chair takes it), no `post_mortgage`.
            prop.controller, prop.control_origin = None, None
            ctx.emit(ControlChanged(property=index, old_controller=old, new_controller=None, origin=None,
                                    reason="mortgage (the Artillery, as Chair, controls nothing)",
                                    rule_id="R-MORT-02"))
            return
        prop.controller = chair
        prop.control_origin = "mortgage_chair"
        ctx.emit(ControlChanged(property=index, old_controller=old, new_controller=chair, origin="mortgage_chair",
                                reason="mortgage", rule_id="R-MORT-02"))


def check_unmortgage(ctx: Ctx, seat: int, index: int) -> int:
    prop = _owned_property(ctx, seat, index, "R-MORT-03")
    if not prop.mortgaged:
        raise refuse("E_NOT_MORTGAGED", "R-MORT-03", f"{ctx.square_name(index)} is not mortgaged.")
    cost = lift_cost(prop)
    check_no_bank_debt(ctx, seat)
    if ctx.state.players[seat].cash < cost:
        raise refuse("E_INSUFFICIENT_FUNDS", "R-MORT-03", f"Lifting this mortgage costs ${cost}.")
    return cost


def unmortgage(ctx: Ctx, seat: int, index: int) -> None:
    cost = check_unmortgage(ctx, seat, index)
    pay_bank(ctx, seat, cost, "mortgage repayment", "R-MORT-03")
    lift(ctx, index)


def lift(ctx: Ctx, index: int) -> None:
    """Clear the mortgage; the Chair's hold becomes `post_mortgage` by the Chair of that moment (R-MORT-04)."""
    state = ctx.state
    prop = state.properties[index]
    prop.mortgaged = False
    prop.mortgage_principal = 0
    ctx.emit(MortgageChanged(property=index, mortgaged=False, principal=0, rule_id="R-MORT-03"))
    if prop.owner is not None and (prop.control_origin == "mortgage_chair" or prop.controller is None):
        # (controlled by nobody: mortgaged while the Artillery was the Chair, D-11, or the Chair was vacant)
        holder = prop.controller
        owner_player = state.players[prop.owner]
        # The Chair of this moment keeps an ordinary `post_mortgage` hold (R-MORT-04). That includes the professional
        # Banker: he is that Chair, and [REV] says mortgaged properties "remain subverted to whoever is Chair ...
        # until unmortgaged, in that case they eventually revert to the owner as he visits them" (resolution; the
        # hold gives the Banker no score, R-FAC-BANKER-01 counts mortgaged properties only). The owner who is
        # himself the Chair gets it back at once; an unawakened Boat takes it straight back (R-FAC-BOAT-02).
        if (holder == prop.owner or holder is None or is_artillery(state, holder)
                or (owner_player.faction == "boat" and not owner_player.awakened)):
            prop.controller, prop.control_origin = prop.owner, "owner"
        else:
            prop.control_origin = "post_mortgage"
        ctx.emit(ControlChanged(property=index, old_controller=holder, new_controller=prop.controller,
                                origin=prop.control_origin, reason="mortgage lifted", rule_id="R-MORT-04"))
