"""Where a token comes to rest under the Georgist rules: an unleased parcel may be leased (V-GEORGE-05 to -07), a
parcel of his own adds the four-house surcharge (V-GEORGE-08), another's built parcel charges its use fee (V-GEORGE-10
to -12; an empty one nothing, V-GEORGE-09), the card squares draw (V-GEORGE-28), Income Tax offers its choice and
Luxury Tax is paid (V-GEORGE-25), Go to Jail jails (V-GEORGE-26), Free Parking does nothing (V-GEORGE-27)."""
from __future__ import annotations

from ...model.state import BANK, Auction
from ...rules import cards
from ...rules.auctions import open_property_auction
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.events import LandingResolved
from ...rules.jail import send_to_jail
from ...rules.money import move
from ...rules.payments import demand
from . import buildings
from .charges import charge_lessee, charge_use_fee, move_dice
from .parcels import holding_fee, parcel, printed_rent, use_fee


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
    george = state.variant
    turn.landing_square = index
    card_rent, george.card_rent = george.card_rent, None  # the card's fee is for this landing only
    square = ctx.squares[index]
    kind = square.kind
    held = george.parcels.get(index)
    if held is not None:
        if held.lessee is None:
            if kind == "utility":
                move_dice(ctx, seat)  # its lease fee is counted on the dice of this move (A-GE-02)
            turn.step = "landing"  # lease it, or not (V-GEORGE-05)
            return
        landing_done(ctx)
        if held.lessee == seat:
            charge_lessee(ctx, seat, index, landing=True)
            return
        dice = george.dice_total
        if card_rent == "ten_times_dice":
            dice = sum(ctx.roll(2, seat, "the Utility card's throw", "V-GEORGE-28"))
        fee = use_fee(ctx, index, dice, card_rent)
        if fee:
            charge_use_fee(ctx, seat, index, fee)
        return
    if kind in ("chance", "community_chest"):
        landing_done(ctx)
        cards.draw(ctx, seat, kind)
    elif kind == "income_tax":
        turn.step = "tax_choice"  # $60, or ten times a roll of the dice (V-GEORGE-25)
    elif kind == "luxury_tax":
        landing_done(ctx)
        demand(ctx, seat, [(BANK, ctx.options.george_luxury_tax)], "Luxury Tax", "V-GEORGE-25")
    elif kind == "go_to_jail":
        send_to_jail(ctx, seat, "landed on Go to Jail", "V-GEORGE-26")
        landing_done(ctx)
    else:
        landing_done(ctx)  # GO (paid on the way), Jail just visiting, Free Parking (V-GEORGE-27)


# ----- an unleased parcel: lease it or not (V-GEORGE-05 to -07) -----

def lease_fees(ctx: RulesContext, seat: int) -> tuple[int, int]:
    """The lease fee (the printed rent) and the holding fee of the parcel the mover stands on."""
    index = ctx.state.turn.landing_square
    rent = printed_rent(ctx, index, move_dice(ctx, seat))
    return rent, holding_fee(rent)


def check_lease(ctx: RulesContext, seat: int, build: int, down: int | None) -> int:
    """The total down payment of the buildings to be bought with the lease; refuse a lease that cannot be made."""
    state = ctx.state
    index = state.turn.landing_square
    if parcel(ctx, index).lessee is not None:
        raise refuse("E_UNOWNED_REQUIRED", "V-GEORGE-05", f"{ctx.square_name(index)} is already leased.")
    if not build:
        if down:
            raise refuse("E_WRONG_PHASE", "V-GEORGE-16", "A down payment needs a building to pay for.")
        return 0
    kind = "house" if ctx.squares[index].kind == "lot" else "plant"
    total_down = buildings.check_purchase(ctx, seat, index, kind, build, down, fresh_lease=True)
    fee = printed_rent(ctx, index, state.variant.dice_total)
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
    index = state.turn.landing_square
    fee, holding = lease_fees(ctx, seat)
    name = ctx.square_name(index)
    cash = state.players[seat].cash
    landing_done(ctx)
    if not build and cash < fee + holding:
        forfeit = ctx.options.george_holding_fee_failure == "auction_fee_forfeit" and cash >= fee
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
        kind = "house" if ctx.squares[index].kind == "lot" else "plant"
        buildings.buy(ctx, seat, index, kind, build, total_down)
    else:
        held.holding = True
        move(ctx, seat, BANK, holding, f"holding fee for {name}", "V-GEORGE-06")


def decline(ctx: RulesContext, seat: int) -> None:
    """V-GEORGE-05: a declined parcel stays unleased (auctioned among every player with
    `george_auction_declined_leases`)."""
    index = ctx.state.turn.landing_square
    ctx.emit(LandingResolved(seat=seat, square=index, option="do_nothing", rule_id="V-GEORGE-05"))
    landing_done(ctx)
    if ctx.options.george_auction_declined_leases:
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
        amount = ctx.options.george_income_tax_flat
        ctx.notice(f"{ctx.name(seat)} chose to pay ${amount} Income Tax.", "V-GEORGE-25", seat)
    else:
        total = sum(ctx.roll(2, seat, "Income Tax", "V-GEORGE-25"))
        amount = 10 * total
        ctx.notice(f"{ctx.name(seat)} rolled {total} for Income Tax: ${amount}.", "V-GEORGE-25", seat)
    landing_done(ctx)
    demand(ctx, seat, [(BANK, amount)], "Income Tax", "V-GEORGE-25")
