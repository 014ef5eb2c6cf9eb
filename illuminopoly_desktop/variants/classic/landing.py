"""What the square a token stops on does in classic Monopoly: an unowned deed is bought or auctioned (CLASSIC-05), an
owned one charges rent (CLASSIC-06), a card square draws (CLASSIC-09), the taxes are paid (CLASSIC-10), Go to Jail
jails (CLASSIC-11), Free Parking does nothing (or pays its jackpot, CLASSIC-12)."""
from __future__ import annotations

from ...model.state import BANK, FP, Auction, Party
from ...rules import cards
from ...rules.auctions import open_property_auction
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.events import LandingResolved, OwnershipChanged
from ...rules.jail import send_to_jail
from ...rules.money import move, pay_bank
from ...rules.payments import demand
from ...rules.required_fields import landing_square, printed_price
from .access import classic_options_of, moves_slice
from .rent import rent_due
from .worth import total_worth


def landing_done(ctx: RulesContext) -> None:
    """The square has done its part: next, another roll after doubles, or the end of the turn (after_landing)."""
    ctx.state.turn.step = "after_landing"


def finish_landing(ctx: RulesContext) -> None:
    """After a landing: another roll after doubles, compulsory in classic Monopoly (VARIANTS §6.4 decision 10), unless
    the roll came from Jail (CLASSIC-11, T7) or the token is in Jail; else the rest of the turn."""
    state = ctx.state
    turn = state.turn
    player = state.players[turn.seat]
    turn.may_roll_again = (turn.last_roll_doubles and not player.in_jail and not turn.jail_exit_by_roll
                           and not player.eliminated)
    turn.last_roll_doubles = False
    turn.step = "free"


def fine_payee(ctx: RulesContext) -> Party:
    """Where taxes and fines go: the Bank, or the Free Parking jackpot's pot (`classic_free_parking_jackpot`)."""
    return FP if classic_options_of(ctx).classic_free_parking_jackpot else BANK


def land(ctx: RulesContext, seat: int, index: int) -> None:
    state = ctx.state
    turn = state.turn
    classic = moves_slice(state)
    turn.landing_square = index
    card_rent, classic.card_rent = classic.card_rent, None  # the card's rent is for this landing only
    square = ctx.squares[index]
    kind = square.kind
    if square.is_property:
        prop = state.properties[index]
        if prop.owner is None:
            turn.step = "landing"  # buy it, or decline it (CLASSIC-05)
            return
        landing_done(ctx)
        if prop.owner != seat and not prop.mortgaged:
            dice = classic.dice_total
            if card_rent == "ten_times_dice":
                dice = sum(ctx.roll(2, seat, "the Utility card's throw", "CLASSIC-09"))
            rent = rent_due(ctx, index, dice, card_rent)
            demand(ctx, seat, [(prop.owner, rent)], f"rent for {square.name}", "CLASSIC-06")
        return
    if kind in ("chance", "community_chest"):
        landing_done(ctx)
        cards.draw(ctx, seat, kind)
    elif kind == "income_tax":
        if classic_options_of(ctx).classic_income_tax_mode == "choice_200_or_10pct":
            turn.step = "tax_choice"
            return
        landing_done(ctx)
        demand(ctx, seat, [(fine_payee(ctx), ctx.board.income_tax_flat)], "Income Tax", "CLASSIC-10")
    elif kind == "luxury_tax":
        landing_done(ctx)
        demand(ctx, seat, [(fine_payee(ctx), classic_options_of(ctx).classic_luxury_tax)], "Luxury Tax", "CLASSIC-10")
    elif kind == "go_to_jail":
        send_to_jail(ctx, seat, "landed on Go to Jail", "CLASSIC-11")
        landing_done(ctx)
    elif kind == "free_parking" and classic_options_of(ctx).classic_free_parking_jackpot and state.fp_pot:
        move(ctx, FP, seat, state.fp_pot, "Free Parking jackpot", "CLASSIC-12")
        landing_done(ctx)
    else:
        landing_done(ctx)


# ----- an unowned deed: buy it or decline it (CLASSIC-05) -----

def check_buy(ctx: RulesContext, seat: int) -> int:
    """The price of the deed the mover stands on, if he may buy it now; else refuse."""
    state = ctx.state
    index = landing_square(state.turn)
    if state.properties[index].owner is not None:
        raise refuse("E_UNOWNED_REQUIRED", "CLASSIC-05", f"{ctx.square_name(index)} is already owned.")
    price = printed_price(ctx.squares[index])
    cash = state.players[seat].cash
    if cash < price:
        raise refuse("E_INSUFFICIENT_FUNDS", "CLASSIC-05",
                     f"{ctx.square_name(index)} costs ${price} and you have ${cash}: mortgage or sell first.")
    return price


def buy(ctx: RulesContext, seat: int) -> None:
    price = check_buy(ctx, seat)
    index = landing_square(ctx.state.turn)
    pay_bank(ctx, seat, price, "purchase", "CLASSIC-05")
    take_deed(ctx, index, seat, "purchase", "CLASSIC-05")
    ctx.emit(LandingResolved(seat=seat, square=index, option="buy", rule_id="CLASSIC-05"))
    landing_done(ctx)


def take_deed(ctx: RulesContext, index: int, seat: int, reason: str, rule_id: str) -> None:
    """The Bank's deed becomes the seat's (bought, or won at auction)."""
    ctx.state.properties[index].owner = seat
    ctx.emit(OwnershipChanged(property=index, old_owner=None, new_owner=seat, reason=reason, rule_id=rule_id))


def decline(ctx: RulesContext, seat: int) -> None:
    """The lander does not buy: every player, him included, bids for it (`classic_auction_declined`), else it stays
    with the Bank."""
    state = ctx.state
    index = landing_square(state.turn)
    ctx.emit(LandingResolved(seat=seat, square=index, option="do_nothing", rule_id="CLASSIC-05"))
    landing_done(ctx)
    if classic_options_of(ctx).classic_auction_declined:
        auction = Auction(item="property", property=index, bidders=[])
        if open_property_auction(ctx, auction):
            state.pending.append(auction)


# ----- Income Tax, when the edition lets the player choose (CLASSIC-10) -----

def income_tax(ctx: RulesContext, seat: int, method: str) -> int:
    """$200, or 10% of his total worth, counted after he chose (rounded up: it is paid, R-GEN-01)."""
    if method == "flat":
        return ctx.board.income_tax_flat
    worth = total_worth(ctx.state, ctx.squares, seat)
    return -(-worth * ctx.board.income_tax_percent // 100)


def pay_income_tax(ctx: RulesContext, seat: int, method: str) -> None:
    amount = income_tax(ctx, seat, method)
    ctx.notice(f"{ctx.name(seat)} chose {'$200' if method == 'flat' else '10% of his worth'}: ${amount}.",
               "CLASSIC-10", seat)
    landing_done(ctx)
    demand(ctx, seat, [(fine_payee(ctx), amount)], "Income Tax", "CLASSIC-10")
