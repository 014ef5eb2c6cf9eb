"""Who may build, sell and mortgage in Illuminopoly, and what it does (R-BUILD, R-MORT): the even building and the
supply are the core's (rules/buildings.py); the colour group's destroyed or rezoned lots and its controllers, the
permit bribes for the last of the supply, the Political Favors that may block a Bank sale, the Shoe's hotel, and the
Chair's hold on a mortgaged deed are Illuminopoly's."""
from __future__ import annotations

from typing import Literal

from ...model.state import FavorWindow, PermitWindow
from ...rules.buildings import (add_building, check_even_build, check_even_sale, emit_buildings, group_has_buildings,
                                take_building)
from ...rules.context import RulesContext
from ...rules.errors import IllegalAction, refuse
from ...rules.events import ControlChanged, MortgageChanged
from ...rules.money import bank_pays, check_no_bank_debt, move, pay_bank, split_with_fp
from ...rules.mortgages import lift_cost
from ...rules.required_fields import printed_group, printed_house_cost, printed_mortgage
from .access import illuminopoly_options
from .chair import is_artillery
from .contests import check_not_in_contest
from .favors import sale_blockers
from .rent import is_monopolist
from .special_victory import note_hotel_placed


def _owned_property(ctx: RulesContext, seat: int, index: int, rule_id: str):
    prop = ctx.state.properties.get(index)
    if prop is None:
        raise refuse("E_NOT_A_PROPERTY", rule_id, "That square is not a property.")
    if prop.owner != seat:
        raise refuse("E_NOT_OWNER", rule_id, f"You do not own {ctx.square_name(index)}.")
    if ctx.state.pending:
        check_not_in_contest(ctx.state, index)
    return prop


def buildable_lots(ctx: RulesContext, group: str) -> list[int]:
    """Lots of the group that can carry buildings: not rezoned (R-MONO-03)."""
    return [m for m in ctx.board.group_members[group] if not ctx.state.properties[m].rezoned]


def check_buy_building(ctx: RulesContext, seat: int, index: int) -> str:
    """Return "house" or "hotel" if the seat may build on the lot now (R-BUILD-01..03, -06), else refuse."""
    prop = _owned_property(ctx, seat, index, "R-BUILD-01")
    square = ctx.squares[index]
    if square.kind != "lot":
        raise refuse("E_NOT_MONOPOLY", "R-MONO-01", "Railroads and Utilities are not colour groups and carry no buildings.")
    group = printed_group(square)
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
    kind = check_even_build(ctx, index, buildable_lots(ctx, group))
    check_no_bank_debt(ctx, seat)
    house_cost = printed_house_cost(square)
    if ctx.state.players[seat].cash < house_cost:
        raise refuse("E_INSUFFICIENT_FUNDS", "R-BUILD-01", f"A {kind} here costs ${house_cost}.")
    return kind


def check_sell_building(ctx: RulesContext, seat: int, index: int, mode: str) -> int:
    """Return the refund for the sale if it keeps the group even (R-BUILD-04), else refuse."""
    _owned_property(ctx, seat, index, "R-BUILD-04")
    return check_even_sale(ctx, index, mode, buildable_lots)


def declare_buy_building(ctx: RulesContext, seat: int, index: int) -> None:
    """A building request: the permit window first if it takes the last of the supply (R-BUILD-06), then the
    Political Favor window of a Bank sale (R-CARD-06), then the purchase."""
    kind = check_buy_building(ctx, seat, index)
    if illuminopoly_options(ctx).permit_window and takes_the_last(ctx, kind):
        bidders = permit_bidders(ctx, seat, kind)
        if bidders:
            building: Literal["house", "hotel"] = "hotel" if kind == "hotel" else "house"  # check_even_build's kinds
            ctx.state.pending.append(PermitWindow(builder=seat, property=index, building=building, bidders=bidders))
            ctx.notice(f"{ctx.name(seat)} asks for the last {'houses' if kind == 'house' else 'hotels'} "
                       f"({ctx.square_name(index)}): permit bribes may be offered.", "R-BUILD-06", seat)
            return
    request_from_bank(ctx, seat, index, kind)


def request_from_bank(ctx: RulesContext, seat: int, index: int, kind: str) -> None:
    """The Bank-to-player sale of a building: PF holders may block it (R-CARD-06), else it is executed."""
    holders = sale_blockers(ctx, seat, "buildings")
    if holders:
        ctx.state.pending.append(FavorWindow(purpose="build", actor=seat, queue=holders, property=index,
                                             building=kind))
    else:
        execute_buy_building(ctx, seat, index)


def execute_buy_building(ctx: RulesContext, seat: int, index: int) -> None:
    kind = check_buy_building(ctx, seat, index)
    pay_bank(ctx, seat, printed_house_cost(ctx.squares[index]), f"{kind} purchase", "R-BUILD-01")
    add_building(ctx, index, kind)
    if kind == "hotel":
        shoe_hotel_hook(ctx, seat, index)


def shoe_hotel_hook(ctx: RulesContext, seat: int, index: int) -> None:
    """R-BUILD-07 → R-FAC-SHOE-03: every hotel placement is offered to the Shoe's victory test (R-FAC-SHOE-01),
    which special_victory.py times under R-WIN-02."""
    note_hotel_placed(ctx, seat, index)


# ----- building permits (R-BUILD-06, §33.7) -----

def takes_the_last(ctx: RulesContext, kind: str) -> bool:
    """A house request takes the last house when one is left; a hotel request the last hotel."""
    state = ctx.state
    return (state.house_supply if kind == "house" else state.hotel_supply) == 1


def could_build(ctx: RulesContext, seat: int, kind: str) -> list[int]:
    """Lots on which the seat could buy a building of this kind right now."""
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


def permit_bidders(ctx: RulesContext, builder: int, kind: str) -> list[int]:
    """Who is asked for a permit bribe: the other active, able faction players who could themselves build the same
    kind of building now, in seat order after the builder.

    Resolution: [REV] opens the bribe to "someone else [who] wants to build". A player who could not build with the
    freed permit has nothing to gain, so he is not asked; and when nobody can, no window opens at all.
    """
    state = ctx.state
    return [seat for seat in state.seats_after(builder)
            if state.players[seat].role == "faction" and not state.players[seat].eliminated
            and not state.players[seat].disabled and ctx.rules.exchange_refusal(ctx, seat, builder) is None
            and could_build(ctx, seat, kind)]


def permit_awaiting(window: PermitWindow) -> list[int]:
    """The bidders who have not answered yet (all at once); then the builder."""
    waiting = [s for s in window.bidders if s not in window.bids]
    return waiting or [window.builder]


def offer_permit_bribe(ctx: RulesContext, window: PermitWindow, seat: int, amount: int, index: int | None) -> None:
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
        cost = printed_house_cost(ctx.squares[index])
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


def answer_permit_bribe(ctx: RulesContext, window: PermitWindow, seat: int, briber: int | None) -> None:
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
    if illuminopoly_options(ctx).bribe_tax_scope == "none":
        move(ctx, briber, seat, amount, "permit bribe", "R-FP-02")
    else:
        split_with_fp(ctx, briber, seat, amount, "permit bribe", "R-FP-02")  # a permit bribe is a bribe (R-FP-02)
    ctx.notice(f"{ctx.name(seat)} withdraws his request; {ctx.name(briber)} builds with the permit.",
               "R-BUILD-06", seat)
    # The briber holds the freed permit: no second permit window, but the Bank sale may still meet a PF.
    request_from_bank(ctx, briber, index, window.building)


def declare_sell_building(ctx: RulesContext, seat: int, index: int, mode: str) -> None:
    check_sell_building(ctx, seat, index, mode)
    holders = sale_blockers(ctx, seat, "buildings")
    if holders:
        ctx.state.pending.append(FavorWindow(purpose="sell_building", actor=seat, queue=holders, property=index,
                                             building=mode))
    else:
        execute_sell_building(ctx, seat, index, mode)


def execute_sell_building(ctx: RulesContext, seat: int, index: int, mode: str) -> None:
    refund = check_sell_building(ctx, seat, index, mode)
    take_building(ctx, index, mode)
    bank_pays(ctx, seat, refund, "building sale", "R-BUILD-04")
    emit_buildings(ctx, index, "R-BUILD-04")


# ----- mortgages (R-MORT) -----

def declare_mortgage(ctx: RulesContext, seat: int, index: int) -> None:
    """A mortgage is a Bank loan, not a sale: PF holders may block it only under
    `pf_blockable_sales=purchase_buildings_abandon_mortgage` (R-CARD-06, A-72); otherwise it happens at once."""
    check_mortgage(ctx, seat, index)
    holders = sale_blockers(ctx, seat, "mortgage")
    if holders:
        ctx.state.pending.append(FavorWindow(purpose="mortgage", actor=seat, queue=holders, property=index))
    else:
        mortgage(ctx, seat, index)


def mortgage_loan(ctx: RulesContext, index: int) -> int:
    """What mortgaging the deed brings: its printed mortgage value, half of it if rezoned (R-MORT-01)."""
    value = printed_mortgage(ctx.squares[index])
    return value // 2 if ctx.state.properties[index].rezoned else value


def bank_can_lend(ctx: RulesContext, index: int, amount: int | None = None) -> bool:
    """Whether the Bank's Reserves can lend the deed's mortgage loan (`amount`, by default `mortgage_loan`) in full,
    as D-13 requires unless the Bank is unlimited."""
    if illuminopoly_options(ctx).bank_insolvency == "unlimited":
        return True
    return ctx.state.reserves >= (mortgage_loan(ctx, index) if amount is None else amount)


def check_mortgage(ctx: RulesContext, seat: int, index: int) -> int:
    prop = _owned_property(ctx, seat, index, "R-MORT-01")
    if prop.mortgaged:
        raise refuse("E_MORTGAGED", "R-MORT-01", f"{ctx.square_name(index)} is already mortgaged.")
    if prop.destroyed:
        raise refuse("E_DESTROYED", "R-MORT-07", "A destroyed property cannot be mortgaged.")
    if group_has_buildings(ctx, index):
        raise refuse("E_HAS_BUILDINGS", "R-MORT-01", "Sell every building of the group before mortgaging.")
    amount = mortgage_loan(ctx, index)
    if not bank_can_lend(ctx, index, amount):
        reserves = ctx.state.reserves
        # D-13: a mortgage is a voluntary act, and R-BANK-02's partial payment applies only to what the Bank owes;
        # the loan is made in full or not at all. Resolution: the same under `auction` (R-BANK-03 step 1 puts the
        # Bank up for bid when it *must* pay; nothing obliges it to lend), so no mortgage ever has a $0 principal.
        raise refuse("E_BANK_SHORT", "R-MORT-01",
                     f"The Bank's Reserves (${max(reserves, 0):,}) cannot lend the ${amount:,} this mortgage brings.")
    return amount


def mortgage(ctx: RulesContext, seat: int, index: int) -> None:
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
                   and not illuminopoly_options(ctx).boat_mortgage_control)  # R-FAC-BOAT-02, `boat_mortgage_control=false`
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


def check_unmortgage(ctx: RulesContext, seat: int, index: int) -> int:
    prop = _owned_property(ctx, seat, index, "R-MORT-03")
    if not prop.mortgaged:
        raise refuse("E_NOT_MORTGAGED", "R-MORT-03", f"{ctx.square_name(index)} is not mortgaged.")
    cost = lift_cost(prop)
    check_no_bank_debt(ctx, seat)
    if ctx.state.players[seat].cash < cost:
        raise refuse("E_INSUFFICIENT_FUNDS", "R-MORT-03", f"Lifting this mortgage costs ${cost}.")
    return cost


def unmortgage(ctx: RulesContext, seat: int, index: int) -> None:
    cost = check_unmortgage(ctx, seat, index)
    pay_bank(ctx, seat, cost, "mortgage repayment", "R-MORT-03")
    lift(ctx, index)


def lift(ctx: RulesContext, index: int) -> None:
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
                or (owner_player.faction == "boat" and not owner_player.awakened)
                or illuminopoly_options(ctx).mortgage_lift_control == "owner"):
            # `mortgage_lift_control=owner`: [V22]'s mortgaged properties "automatically revert to the owner" (E-15)
            prop.controller, prop.control_origin = prop.owner, "owner"
        else:
            prop.control_origin = "post_mortgage"
        ctx.emit(ControlChanged(property=index, old_controller=holder, new_controller=prop.controller,
                                origin=prop.control_origin, reason="mortgage lifted", rule_id="R-MORT-04"))
