"""Auctions (R-DEAL-09): of a deed the Bank puts up for sale, or of the Bank itself (R-BANK-03, opened by
rules/money.py). Bidders in turn raise by at least $1 within their cash, the first bid at least the ruleset's
`auction_minimum` ($1 unless the ruleset says otherwise), or pass for good; the last one left wins at his bid. Who bids, in which order, and where a won deed goes are the ruleset's (`bidding_order`, `may_acquire`,
`acquisition_slots`, `check_acquisition_slot`, `give_property`)."""
from __future__ import annotations

from mypy_extensions import mypyc_attr

from ..model.state import Auction, GameState
from . import actions as A
from .context import RulesContext
from .decisions import Window
from .errors import refuse
from .events import AuctionEvent, MortgageChanged
from .money import check_no_bank_debt, pay_held_payments
from .shared_values import shared
from .unvalidated_actions import BID


def clear_mortgage(ctx: RulesContext, index: int, rule_id: str) -> None:
    """A deed back with the Bank returns in its initial state as to mortgages (D-14): not mortgaged, no principal,
    no written-off flag (D-05's flag of a lot destroyed while mortgaged goes with it)."""
    prop = ctx.state.properties[index]
    prop.mortgage_written_off = False
    if prop.mortgaged or prop.mortgage_principal:
        prop.mortgaged, prop.mortgage_principal = False, 0
        ctx.emit(MortgageChanged(property=index, mortgaged=False, principal=0, rule_id=rule_id))


def open_property_auction(ctx: RulesContext, auction: Auction) -> bool:
    """Set up the bidders for the current lot; return False when no lot is left with anyone able to bid."""
    rules = ctx.rules
    while True:
        bidders = [s for s in rules.bidding_order(ctx, auction.start_after) if rules.may_acquire(ctx, s)]
        ctx.emit(AuctionEvent(item="property", property=auction.property, status="opened", rule_id=ctx.rules.rule_ids["auction"]))
        if bidders:
            auction.bidders, auction.turn_index, auction.high_bid, auction.high_bidder = bidders, 0, 0, None
            return True
        ctx.emit(AuctionEvent(item="property", property=auction.property, status="no_bids", rule_id=ctx.rules.rule_ids["auction"]))
        if not auction.remaining_properties:
            return False
        auction.property = auction.remaining_properties.pop(0)


def bid(ctx: RulesContext, auction: Auction, seat: int, amount: int, parent: int, arrow: int) -> None:
    if auction.bidders[auction.turn_index] != seat:
        raise refuse("E_NOT_YOUR_TURN", ctx.rules.rule_ids["auction"], "It is not your turn to bid.")
    least = lowest_bid(ctx, auction)
    if amount < least:
        raise refuse("E_GRAFT_INCREMENT", ctx.rules.rule_ids["auction"],
                     f"A bid must exceed ${auction.high_bid}." if least == auction.high_bid + 1
                     else f"This auction opens at ${least}: a bid must be at least that.")
    check_no_bank_debt(ctx, seat)
    if amount > ctx.rules.bidding_funds(ctx, seat, auction):
        raise refuse("E_INSUFFICIENT_FUNDS", ctx.rules.rule_ids["auction"], "Bids above your cash are refused.")
    if auction.item == "property":
        ctx.rules.check_acquisition_slot(ctx, seat, parent, arrow, ctx.rules.rule_ids["auction"])
    auction.high_bid, auction.high_bidder = amount, seat
    auction.high_parent, auction.high_arrow = parent, arrow
    ctx.emit(AuctionEvent(item=auction.item, property=auction.property, status="bid", seat=seat, amount=amount,
                          rule_id=ctx.rules.rule_ids["auction"]))
    auction.turn_index = (auction.turn_index + 1) % len(auction.bidders)
    close_if_decided(ctx, auction)


def lowest_bid(ctx: RulesContext, auction: Auction) -> int:
    """The least the next bid may be: $1 more than the last one, and no less than the ruleset's opening minimum."""
    return max(auction.high_bid + 1, ctx.rules.auction_minimum(ctx, auction))


def pass_bid(ctx: RulesContext, auction: Auction, seat: int) -> None:
    """A pass is final (R-DEAL-09)."""
    if auction.bidders[auction.turn_index] != seat:
        raise refuse("E_NOT_YOUR_TURN", ctx.rules.rule_ids["auction"], "It is not your turn to bid.")
    ctx.emit(AuctionEvent(item=auction.item, property=auction.property, status="pass", seat=seat, rule_id=ctx.rules.rule_ids["auction"]))
    auction.bidders.pop(auction.turn_index)
    if auction.bidders:
        auction.turn_index %= len(auction.bidders)
    close_if_decided(ctx, auction)


def close_if_decided(ctx: RulesContext, auction: Auction) -> None:
    """The last remaining bidder wins at his bid; with no bid the item stays with the Bank (R-DEAL-09)."""
    state = ctx.state
    if auction.bidders and not (len(auction.bidders) == 1 and auction.high_bidder == auction.bidders[0]):
        return
    if auction.high_bidder is None:
        ctx.emit(AuctionEvent(item=auction.item, property=auction.property, status="no_bids", rule_id=ctx.rules.rule_ids["auction"]))
        if auction.item == "bank":
            state.bank_auction_done = True
            ctx.notice("Nobody bought the Bank: it now simply refuses what it cannot pay.", ctx.rules.rule_ids["bank.auction"])
    else:
        winner = auction.high_bidder
        ctx.emit(AuctionEvent(item=auction.item, property=auction.property, status="won", seat=winner,
                              amount=auction.high_bid, rule_id=ctx.rules.rule_ids["auction"]))
        ctx.rules.pay_auction(ctx, auction, winner)
        if auction.item == "bank":
            state.bank_proprietor = winner
        else:
            ctx.rules.give_property(ctx, auction.property, winner, auction.high_parent, auction.high_arrow,
                                    ctx.rules.rule_ids["auction"])
    if auction.item == "bank":
        state.pending.remove(auction)
        pay_held_payments(ctx)
        return
    if auction.remaining_properties:
        auction.property = auction.remaining_properties.pop(0)
        if open_property_auction(ctx, auction):
            return
    state.pending.remove(auction)


class AuctionWindow(Window):
    """An auction as a decision: the bidder whose turn it is bids or passes. Bids are public (R-DEAL-09)."""
    kind = "auction"
    answers = {"bid": "bid", "pass_bid": "pass_bid"}

    def awaiting(self, state: GameState, window) -> list[int]:
        return [window.bidders[window.turn_index]] if window.bidders else []

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        options: list[A.Action] = [shared(A.PassBid, seat=seat)]
        least = lowest_bid(ctx, window)
        if ctx.rules.bidding_funds(ctx, seat, window) >= least:
            if window.item == "property":
                # The winner says where his new deed goes (Illuminopoly: the arrow it hangs from, R-STRUCT-04).
                # (the lowest bid and the rules' own slots: built without validation, rules/unvalidated_actions.py)
                options.extend(BID.build(seat=seat, amount=least, parent=parent, arrow=arrow)
                               for parent, arrow in ctx.rules.acquisition_slots(ctx, seat))
            else:
                options.append(BID.build(seat=seat, amount=least))
        return options

    def default(self, state: GameState, window, seat: int) -> A.Action:
        return shared(A.PassBid, seat=seat)

    def bid(self, ctx: RulesContext, window, action: A.Bid) -> None:
        bid(ctx, window, action.seat, action.amount, action.parent, action.arrow)

    def pass_bid(self, ctx: RulesContext, window, action: A.PassBid) -> None:
        pass_bid(ctx, window, action.seat)

    def describe(self, state: GameState, window) -> str:
        return "an auction"

    def redact(self, state: GameState, window, shown: dict, seat: int | None) -> None:
        """Nothing of an auction is secret."""

    def before_waiting(self, ctx: RulesContext, window) -> bool:
        """D-16: an auction whose last bidders left the game closes (its winner, if any, takes the item)."""
        if not window.bidders or (len(window.bidders) == 1 and window.high_bidder == window.bidders[0]):
            close_if_decided(ctx, window)
            return True
        return False
