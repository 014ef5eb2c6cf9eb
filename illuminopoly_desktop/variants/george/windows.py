"""The windows of the pending stack a Georgist game opens: a payment its payer is short of (raise the money by
selling buildings back, or declare bankruptcy, V-GEORGE-30, -31), the auctions of leases and lots (the core's, with
unplaced buildings returned to the Bank when a lot finds no bidder), and a creditor's settlement of the loans on the
parcels he received (V-GEORGE-30)."""
from __future__ import annotations

from ...model.state import GameState
from ...rules import actions as A
from ...rules.auctions import AuctionWindow
from ...rules.context import RulesContext
from ...rules.decisions import ALL_FREE_ACTIONS, Window
from ...rules.errors import passes
from ...rules.shared_values import shared
from ..classic import windows as classic_windows
from . import bankruptcy, free_actions, shortage


class RaiseFundsWindow(classic_windows.RaiseFundsWindow):
    """Classic's window (its rule is the ruleset's "funds.raise", V-GEORGE-30): the money is raised by selling
    buildings back (V-GEORGE-20), and bankruptcy is the Georgist one (V-GEORGE-30, -31)."""

    @staticmethod
    def next_raise(ctx: RulesContext, seat: int) -> A.Action | None:
        """The building that brings most net of its loan first."""
        return free_actions.best_sale(ctx, seat)

    check_bankruptcy = staticmethod(bankruptcy.check_bankruptcy)
    go_bankrupt = staticmethod(bankruptcy.declare)

    @staticmethod
    def shortfall_words(due: int, cash: int) -> str:
        return (f"You owe ${due} and have ${cash}: sell buildings back to raise ${due - cash}, or declare "
                f"bankruptcy if you cannot.")


class LeaseAuctionWindow(AuctionWindow):
    """The core's auction (V-GEORGE-07, -30, -31): a lot nobody bids for leaves its buildings to the Bank."""

    def bid(self, ctx: RulesContext, window, action: A.Bid) -> None:
        super().bid(ctx, window, action)
        bankruptcy.clear_stranded(ctx)

    def pass_bid(self, ctx: RulesContext, window, action: A.PassBid) -> None:
        super().pass_bid(ctx, window, action)
        bankruptcy.clear_stranded(ctx)

    def before_waiting(self, ctx: RulesContext, window) -> bool:
        closed = super().before_waiting(ctx, window)
        if closed:
            bankruptcy.clear_stranded(ctx)
        return closed


class LoanSettlementWindow(Window):
    """V-GEORGE-30: the creditor pays off or gives up each parcel with loans he received, one at a time."""
    kind = "loan_settlement"
    answers = {"settle_parcel_loans": "settle"}

    def awaiting(self, state: GameState, window) -> list[int]:
        return [window.seat]

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        index = window.parcels[0]
        options: list[A.Action] = [shared(A.SettleParcelLoans, seat=seat, property=index, keep=False)]
        if passes(bankruptcy.check_settle, ctx, window, seat, index, True):
            options.insert(0, shared(A.SettleParcelLoans, seat=seat, property=index, keep=True))
        return options

    def default(self, state: GameState, window, seat: int) -> A.Action:
        ctx = RulesContext(state)
        index = window.parcels[0]
        keep = passes(bankruptcy.check_settle, ctx, window, seat, index, True)
        return shared(A.SettleParcelLoans, seat=seat, property=index, keep=keep)

    def settle(self, ctx: RulesContext, window, action: A.SettleParcelLoans) -> None:
        bankruptcy.settle(ctx, window, action.seat, action.property, action.keep)

    def describe(self, state: GameState, window) -> str:
        return "a creditor settling the loans on the parcels he received"

    def redact(self, state: GameState, window, shown: dict, seat: int | None) -> None:
        """Nothing here is secret."""

    def free_actions(self, window, seat: int) -> str | None:
        return ALL_FREE_ACTIONS


class ShortageWindow(Window):
    """V-GEORGE-19: each player who could buy the kind of building another is about to buy up says whether he
    needs one, in turn order."""
    kind = "building_shortage"
    answers = {"declare_building_need": "declare"}

    def awaiting(self, state: GameState, window) -> list[int]:
        return [window.candidates[window.asked]]

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        return [shared(A.DeclareBuildingNeed, seat=seat, need=True), shared(A.DeclareBuildingNeed, seat=seat, need=False)]

    def default(self, state: GameState, window, seat: int) -> A.Action:
        return shared(A.DeclareBuildingNeed, seat=seat, need=False)

    def declare(self, ctx: RulesContext, window, action: A.DeclareBuildingNeed) -> None:
        shortage.declare(ctx, window, action.seat, action.need)

    def describe(self, state: GameState, window) -> str:
        return "the players declaring whether they need a building the Bank is short of"

    def redact(self, state: GameState, window, shown: dict, seat: int | None) -> None:
        """The declarations are public."""

    def free_actions(self, window, seat: int) -> str | None:
        return None  # the supply must not change while it is being shared out

    def before_waiting(self, ctx: RulesContext, window) -> bool:
        """A candidate who has left the game is not asked."""
        if not ctx.state.players[window.candidates[window.asked]].eliminated:
            return False
        window.asked += 1
        if window.asked >= len(window.candidates):
            shortage.close_declaration(ctx, window)
        return True


class ParcelBuildingAuctionWindow(Window):
    """V-GEORGE-19: the bidder whose turn it is bids (price, down payment, parcel) or passes for good."""
    kind = "parcel_building_auction"
    answers = {"bid_for_parcel_building": "bid", "pass_bid": "pass_bid"}

    def awaiting(self, state: GameState, window) -> list[int]:
        return [window.bidders[window.turn_index]] if window.bidders else []

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        options: list[A.Action] = [shared(A.PassBid, seat=seat)]
        for amount, down, index in shortage.bids_for(ctx, window, seat):
            options.append(shared(A.BidForParcelBuilding, seat=seat, amount=amount, down=down, property=index))
        return options

    def default(self, state: GameState, window, seat: int) -> A.Action:
        return shared(A.PassBid, seat=seat)

    def bid(self, ctx: RulesContext, window, action: A.BidForParcelBuilding) -> None:
        shortage.bid(ctx, window, action.seat, action.amount, action.down, action.property)

    def pass_bid(self, ctx: RulesContext, window, action: A.PassBid) -> None:
        shortage.pass_bid(ctx, window, action.seat)

    def describe(self, state: GameState, window) -> str:
        return "the auction of a building the Bank is short of"

    def redact(self, state: GameState, window, shown: dict, seat: int | None) -> None:
        """Bids are public."""

    def free_actions(self, window, seat: int) -> str | None:
        return None

    def before_waiting(self, ctx: RulesContext, window) -> bool:
        """Bidders who have left the game leave the auction; the last one left wins."""
        gone = [s for s in window.bidders if ctx.state.players[s].eliminated]
        if not gone and window.bidders and not (len(window.bidders) == 1
                                                and window.high_bidder == window.bidders[0]):
            return False
        for seat in gone:
            shortage.drop_bidder(window, seat)
        shortage.close_if_decided(ctx, window)
        return True


WINDOWS = (RaiseFundsWindow(), LeaseAuctionWindow(), LoanSettlementWindow(), ShortageWindow(),
           ParcelBuildingAuctionWindow())
