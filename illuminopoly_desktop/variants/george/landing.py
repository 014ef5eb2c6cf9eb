"""Where a token comes to rest under the Georgist rules: an unleased parcel may be leased (V-GEORGE-05 to -07), a
parcel of his own adds the four-house surcharge (V-GEORGE-08), another's built parcel charges its use fee (V-GEORGE-10
to -12; an empty one nothing, V-GEORGE-09), the card squares draw (V-GEORGE-28), Income Tax offers its choice and
Luxury Tax is paid (V-GEORGE-25), Go to Jail jails (V-GEORGE-26), Free Parking does nothing (V-GEORGE-27)."""
from __future__ import annotations

from ...model.george_state import BuildingKind
from ...model.state import BANK, Auction
from ...rules import cards
from ...rules.auctions import open_property_auction
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.events import LandingResolved
from ...rules.jail import send_to_jail
from ...rules.money import move
from ...rules.payments import demand
from ...rules.required_fields import landing_square, printed_price
from . import buildings
from .access import george_options, george_slice
from .charges import charge_lessee, charge_use_fee, move_dice
from .parcels import bought_outright, holding_fee, parcel, printed_rent, use_fee


def landing_done(ctx: RulesContext) -> None:
    ctx.state.turn.step = "after_landing"


def finish_landing(ctx: RulesContext) -> None:
    """Another roll after doubles (compulsory, as in classic Monopoly) unless the roll freed him from Jail or he is
    in Jail; else the rest of the turn."""
    state = ctx.state
    turn = state.turn
    player = state.players[turn.seat]
    turn.may_roll_again = (turn.last_roll_doubles and not player.in_jail and not turn.jail_exit_by_roll
                           and not player.eliminated)
    turn.last_roll_doubles = False
    turn.step = "free"


def land(ctx: RulesContext, seat: int, index: int) -> None:
    state = ctx.state
    turn = state.turn
    george = george_slice(state)
    turn.landing_square = index
    card_rent, george.card_rent = george.card_rent, None  # the card's fee is for this landing only
    square = ctx.squares[index]
    kind = square.kind
    held = george.parcels.get(index)
    if held is not None:
        outright = bought_outright(ctx, index)
        if held.lessee is None:
            if kind == "utility" and not outright:
                move_dice(ctx, seat)  # its lease fee is counted on the dice of this move (A-GE-02)
            turn.step = "landing"  # lease it (V-GEORGE-05), or buy it (`classic_purchase`, V-GEORGE-11), or not
            return
        landing_done(ctx)
        if held.lessee == seat:
            if not outright:  # a title bought outright pays no community rent (V-GEORGE-11)
                charge_lessee(ctx, seat, index, landing=True)
            return
        dice = george.dice_total
        if card_rent == "ten_times_dice":
            dice = sum(ctx.roll(2, seat, "the Utility card's throw", "V-GEORGE-28"))
        fee = use_fee(ctx, index, dice, card_rent)
        if fee and outright:
            owner = held.lessee
            demand(ctx, seat, [(owner, fee)], f"rent on {ctx.square_name(index)}", "V-GEORGE-11")
        elif fee:
            charge_use_fee(ctx, seat, index, fee)
        return
    if kind in ("chance", "community_chest"):
        landing_done(ctx)
        cards.draw(ctx, seat, kind)
    elif kind == "income_tax":
        turn.step = "tax_choice"  # $60, or ten times a roll of the dice (V-GEORGE-25)
    elif kind == "luxury_tax":
        landing_done(ctx)
        demand(ctx, seat, [(BANK, george_options(ctx).george_luxury_tax)], "Luxury Tax", "V-GEORGE-25")
    elif kind == "go_to_jail":
        send_to_jail(ctx, seat, "landed on Go to Jail", "V-GEORGE-26")
        landing_done(ctx)
    else:
        landing_done(ctx)  # GO (paid on the way), Jail just visiting, Free Parking (V-GEORGE-27)


# ----- an unleased parcel: lease it or not (V-GEORGE-05 to -07) -----

def lease_fees(ctx: RulesContext, seat: int) -> tuple[int, int]:
    """The lease fee (the printed rent) and the holding fee of the parcel the mover stands on."""
    index = landing_square(ctx.state.turn)
    rent = printed_rent(ctx, index, move_dice(ctx, seat))
    return rent, holding_fee(rent)


def check_lease(ctx: RulesContext, seat: int, build: int, down: int | None) -> int:
    """The total down payment of the buildings to be bought with the lease; refuse a lease that cannot be made."""
    state = ctx.state
    index = landing_square(state.turn)
    if parcel(ctx, index).lessee is not None:
        raise refuse("E_UNOWNED_REQUIRED", "V-GEORGE-05", f"{ctx.square_name(index)} is already leased.")
    if bought_outright(ctx, index):
        raise refuse("E_WRONG_PHASE", "V-GEORGE-11", f"{ctx.square_name(index)} is not leased in this game: it is "
                                                     f"bought outright at its printed price.")
    if not build:
        if down:
            raise refuse("E_WRONG_PHASE", "V-GEORGE-16", "A down payment needs a building to pay for.")
        return 0
    kind: BuildingKind = "house" if ctx.squares[index].kind == "lot" else "plant"
    total_down = buildings.check_purchase(ctx, seat, index, kind, build, down, fresh_lease=True)
    fee = printed_rent(ctx, index, george_slice(state).dice_total)
    cash = state.players[seat].cash
    if cash < fee + total_down:
        raise refuse("E_INSUFFICIENT_FUNDS", "V-GEORGE-05",
                     f"The lease fee of ${fee} and ${total_down} down come to ${fee + total_down}; you have ${cash}.")
    return total_down


def lease(ctx: RulesContext, seat: int, build: int, down: int | None) -> None:
    """V-GEORGE-05: the lease fee to the Bank, the buildings bought at once; with none the holding fee too
    (V-GEORGE-06), and a player who cannot pay both has the lease auctioned among the others (V-GEORGE-07)."""
    total_down = check_lease(ctx, seat, build, down)
    state = ctx.state
    index = landing_square(state.turn)
    fee, holding = lease_fees(ctx, seat)
    name = ctx.square_name(index)
    cash = state.players[seat].cash
    landing_done(ctx)
    if not build and cash < fee + holding:
        forfeit = george_options(ctx).george_holding_fee_failure == "auction_fee_forfeit" and cash >= fee
        if forfeit:
            move(ctx, seat, BANK, fee, f"lease fee for {name}, forfeited", "V-GEORGE-07")
        ctx.notice(f"{ctx.name(seat)} cannot pay the ${fee} lease fee and the ${holding} holding fee for {name}: "
                   f"{'the lease fee is lost and ' if forfeit else 'nothing is charged and '}the lease is auctioned "
                   f"among the other players.", "V-GEORGE-07", seat)
        open_lease_auction(ctx, index, after=seat)
        return
    move(ctx, seat, BANK, fee, f"lease fee for {name}", "V-GEORGE-05")
    held = parcel(ctx, index)
    held.lessee = seat
    ctx.emit(LandingResolved(seat=seat, square=index, option="lease", rule_id="V-GEORGE-05"))
    ctx.notice(f"{ctx.name(seat)} is now the lessee of {name}.", "V-GEORGE-05", seat)
    if build:
        kind: BuildingKind = "house" if ctx.squares[index].kind == "lot" else "plant"
        buildings.buy(ctx, seat, index, kind, build, total_down)
    else:
        held.holding = True
        move(ctx, seat, BANK, holding, f"holding fee for {name}", "V-GEORGE-06")


# ----- a railroad or utility bought outright (V-GEORGE-11's `classic_purchase`) -----

def check_purchase(ctx: RulesContext, seat: int) -> int:
    """The printed price of the railroad or utility the mover stands on, if he may buy it now; else refuse."""
    state = ctx.state
    index = landing_square(state.turn)
    name = ctx.square_name(index)
    if not bought_outright(ctx, index):
        raise refuse("E_WRONG_PHASE", "V-GEORGE-11", f"{name} is not for sale: land is leased (V-GEORGE-04).")
    if parcel(ctx, index).lessee is not None:
        raise refuse("E_UNOWNED_REQUIRED", "V-GEORGE-11", f"{name} is already owned.")
    price = printed_price(ctx.squares[index])
    cash = state.players[seat].cash
    if cash < price:
        raise refuse("E_INSUFFICIENT_FUNDS", "V-GEORGE-11", f"{name} costs ${price}; you have ${cash}.")
    return price


def buy(ctx: RulesContext, seat: int) -> None:
    """V-GEORGE-11, `classic_purchase`: the printed price to the Bank; he owns the title, with no lease fee, no
    holding fee and no plant."""
    price = check_purchase(ctx, seat)
    index = landing_square(ctx.state.turn)
    landing_done(ctx)
    move(ctx, seat, BANK, price, f"{ctx.square_name(index)} bought", "V-GEORGE-11")
    parcel(ctx, index).lessee = seat
    ctx.emit(LandingResolved(seat=seat, square=index, option="buy", rule_id="V-GEORGE-11"))
    ctx.notice(f"{ctx.name(seat)} bought {ctx.square_name(index)} for ${price}.", "V-GEORGE-11", seat)


def decline(ctx: RulesContext, seat: int) -> None:
    """V-GEORGE-05: a declined parcel stays unleased (auctioned among every player with
    `george_auction_declined_leases`). Resolution: a railroad or utility not bought under `classic_purchase`
    follows the same option (the spec names no other)."""
    index = landing_square(ctx.state.turn)
    ctx.emit(LandingResolved(seat=seat, square=index, option="do_nothing", rule_id="V-GEORGE-05"))
    landing_done(ctx)
    if george_options(ctx).george_auction_declined_leases:
        open_lease_auction(ctx, index, after=None)


def open_lease_auction(ctx: RulesContext, index: int, after: int | None) -> None:
    """The lease (with whatever stands on the parcel) is auctioned from $1; `after`: the seat left out of the
    bidding, whose turn order the bidders follow (the ruleset's `bidding_order`)."""
    auction = Auction(item="property", property=index, bidders=[], start_after=after)
    if open_property_auction(ctx, auction):
        ctx.state.pending.append(auction)


# ----- Income Tax (V-GEORGE-25) -----

def pay_income_tax(ctx: RulesContext, seat: int, method: str) -> None:
    if method not in ("flat", "dice"):
        raise refuse("E_WRONG_PHASE", "V-GEORGE-25", "Income Tax is $60 or ten times a roll of the dice.")
    if method == "flat":
        amount = george_options(ctx).george_income_tax_flat
        ctx.notice(f"{ctx.name(seat)} chose to pay ${amount} Income Tax.", "V-GEORGE-25", seat)
    else:
        total = sum(ctx.roll(2, seat, "Income Tax", "V-GEORGE-25"))
        amount = 10 * total
        ctx.notice(f"{ctx.name(seat)} rolled {total} for Income Tax: ${amount}.", "V-GEORGE-25", seat)
    landing_done(ctx)
    demand(ctx, seat, [(BANK, amount)], "Income Tax", "V-GEORGE-25")
