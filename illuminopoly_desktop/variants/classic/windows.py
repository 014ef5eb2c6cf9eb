"""The windows of the pending stack a classic game opens besides the core's auction: a payment its payer is short of
(raise the money and pay, or declare bankruptcy, CLASSIC-14), the auction of a building the Bank is short of
(CLASSIC-07), and a creditor's receipt of a bankrupt player's mortgaged deeds (CLASSIC-08)."""
from __future__ import annotations

from ...model.state import BANK, GameState
from ...rules import actions as A
from ...rules.context import RulesContext
from ...rules.decisions import ALL_FREE_ACTIONS, Window
from ...rules.errors import passes, refuse
from ...rules.money import move
from ...rules.mortgages import transfer_fee
from ...rules.payments import demand
from ...rules.shared_values import shared
from . import bankruptcy, buildings, free_actions


class RaiseFundsWindow(Window):
    """A payer short of cash raises it with free actions (mortgages, sales of buildings, trades), then pays in full;
    when even all that could not cover the debt, he declares bankruptcy (CLASSIC-14). The rule is the ruleset's
    ("funds.raise"); how money is raised and what bankruptcy does are this class's methods, which the Georgist
    window (variants/george/windows.py) overrides."""
    kind = "raise_funds"
    answers = {"settle_payment": "pay", "declare_bankruptcy": "declare"}

    def awaiting(self, state: GameState, window) -> list[int]:
        return [window.payer]

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        options: list[A.Action] = []
        if passes(self.check_pay, ctx, window, seat):
            options.append(shared(A.SettlePayment, seat=seat))
        if passes(self.check_bankruptcy, ctx, window, seat):
            options.append(shared(A.DeclareBankruptcy, seat=seat))
        return options

    def default(self, state: GameState, window, seat: int) -> A.Action:
        """Pay when the cash is there; else raise it (`next_raise`); else bankruptcy."""
        ctx = RulesContext(state)
        if passes(self.check_pay, ctx, window, seat):
            return shared(A.SettlePayment, seat=seat)
        raising = self.next_raise(ctx, seat)
        return raising if raising is not None else shared(A.DeclareBankruptcy, seat=seat)

    @staticmethod
    def next_raise(ctx: RulesContext, seat: int) -> A.Action | None:
        """The building or deed that earns least first: a house sold evenly, then a deed mortgaged."""
        return free_actions.cheapest_raise(ctx, seat)

    check_bankruptcy = staticmethod(bankruptcy.check_bankruptcy)

    def check_pay(self, ctx: RulesContext, window, seat: int) -> None:
        rule_id = ctx.rules.rule_ids["funds.raise"]
        if seat != window.payer:
            raise refuse("E_NOT_YOUR_TURN", rule_id, "This payment is not yours to settle.")
        cash, due = ctx.state.players[seat].cash, bankruptcy.owed(window)
        if cash < due:
            raise refuse("E_INSUFFICIENT_FUNDS", rule_id, self.shortfall_words(due, cash))

    @staticmethod
    def shortfall_words(due: int, cash: int) -> str:
        """The refusal of a payment he is short of: how he may raise the rest."""
        return (f"You owe ${due} and have ${cash}: raise ${due - cash} more (mortgage, sell buildings, trade), or "
                f"declare bankruptcy if you cannot.")

    def pay(self, ctx: RulesContext, window, action: A.SettlePayment) -> None:
        self.check_pay(ctx, window, action.seat)
        ctx.state.pending.remove(window)
        for payee, amount in window.payments:
            move(ctx, window.payer, payee, amount, window.reason, ctx.rules.rule_ids["funds.raise"])

    def declare(self, ctx: RulesContext, window, action: A.DeclareBankruptcy) -> None:
        self.go_bankrupt(ctx, window, action.seat)

    go_bankrupt = staticmethod(bankruptcy.declare)

    def describe(self, state: GameState, window) -> str:
        return "a player raising money to pay"

    def redact(self, state: GameState, window, shown: dict, seat: int | None) -> None:
        """What is owed, and to whom, is public."""

    def free_actions(self, window, seat: int) -> str | None:
        return ALL_FREE_ACTIONS

    def before_waiting(self, ctx: RulesContext, window) -> bool:
        """A payment to a player who has gone bankrupt meanwhile is owed to nobody (D-16's reading)."""
        players = ctx.state.players
        kept = [(payee, amount) for payee, amount in window.payments
                if not (payee.__class__ is int and players[payee].eliminated)]
        if len(kept) == len(window.payments):
            return False
        window.payments = kept
        if not kept:
            ctx.state.pending.remove(window)
        return True


class BuildingAuctionWindow(Window):
    """CLASSIC-07, decision 7: the bidder whose turn it is bids (naming the lot the building goes on) or passes."""
    kind = "building_auction"
    answers = {"bid_for_building": "bid", "pass_bid": "pass_bid"}

    def awaiting(self, state: GameState, window) -> list[int]:
        return [window.bidders[window.turn_index]] if window.bidders else []

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        options: list[A.Action] = [shared(A.PassBid, seat=seat)]
        options.extend(A.BidForBuilding(seat=seat, amount=amount, property=index)
                       for amount, index in buildings.building_bids(ctx, window, seat))
        return options

    def default(self, state: GameState, window, seat: int) -> A.Action:
        return shared(A.PassBid, seat=seat)

    def bid(self, ctx: RulesContext, window, action: A.BidForBuilding) -> None:
        buildings.bid_for_building(ctx, window, action.seat, action.amount, action.property)

    def pass_bid(self, ctx: RulesContext, window, action: A.PassBid) -> None:
        buildings.pass_building_bid(ctx, window, action.seat)

    def describe(self, state: GameState, window) -> str:
        return f"an auction of a {window.building}"

    def redact(self, state: GameState, window, shown: dict, seat: int | None) -> None:
        """Bids are public."""

    def before_waiting(self, ctx: RulesContext, window) -> bool:
        if not window.bidders or (len(window.bidders) == 1 and window.high_bidder == window.bidders[0]):
            buildings.close_building_auction_if_decided(ctx, window)
            return True
        return False


class MortgageReceiptWindow(Window):
    """CLASSIC-08 after CLASSIC-14: the creditor may lift any of the mortgaged deeds received at once (the principal
    and 10%: an ordinary lift, a free action), then keeps the rest mortgaged, paying the Bank 10% of each now."""
    kind = "mortgage_receipt"
    answers = {"keep_mortgages": "keep"}

    def awaiting(self, state: GameState, window) -> list[int]:
        return [window.seat]

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        return [shared(A.KeepMortgages, seat=seat)]

    def default(self, state: GameState, window, seat: int) -> A.Action:
        return shared(A.KeepMortgages, seat=seat)

    def free_actions(self, window, seat: int) -> str | None:
        return ALL_FREE_ACTIONS  # the lifts, and the mortgages and sales that pay for them

    @staticmethod
    def still_mortgaged(ctx: RulesContext, window) -> list[int]:
        properties = ctx.state.properties
        return [index for index in window.properties
                if properties[index].owner == window.seat and properties[index].mortgaged]

    def keep(self, ctx: RulesContext, window, action: A.KeepMortgages) -> None:
        if action.seat != window.seat:
            raise refuse("E_NOT_YOUR_TURN", "CLASSIC-08", "These deeds are not yours.")
        kept = self.still_mortgaged(ctx, window)
        ctx.state.pending.remove(window)
        properties = ctx.state.properties
        fees = sum(transfer_fee(properties[index]) for index in kept)
        if kept:
            ctx.notice(f"{ctx.name(window.seat)} keeps {len(kept)} deed(s) mortgaged and pays the Bank their 10% "
                       f"(${fees}).", "CLASSIC-08", window.seat)
        demand(ctx, window.seat, [(BANK, fees)], "10% on mortgaged deeds received", "CLASSIC-08")

    def describe(self, state: GameState, window) -> str:
        return "the mortgaged deeds received from a bankrupt player"

    def redact(self, state: GameState, window, shown: dict, seat: int | None) -> None:
        """Public."""

    def before_waiting(self, ctx: RulesContext, window) -> bool:
        if ctx.state.players[window.seat].eliminated or not self.still_mortgaged(ctx, window):
            ctx.state.pending.remove(window)
            return True
        return False


WINDOWS = (RaiseFundsWindow(), BuildingAuctionWindow(), MortgageReceiptWindow())
