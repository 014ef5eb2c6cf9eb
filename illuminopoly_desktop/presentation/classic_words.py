"""The action panel's words for a classic Monopoly game (VARIANTS §1): each action's label, price and tooltip, naming
the CLASSIC rule that allows it, where Illuminopoly's words (presentation/action_choices.py) would name Illuminopoly's
rules and cards. The panel asks `CLASSIC_WORDS[action.type]` first in a classic game; an action without an entry
here is worded as in Illuminopoly (offers, which both rulesets share)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..rules import actions as A
from ..rules.jail import BAIL as JAIL_FINE  # CLASSIC-11's $50 is the core's bail (variants/classic/jail.py FINE)


class Labeller(Protocol):
    """What a wording needs of the panel's labeller (action_choices._Labeller)."""
    state: object
    seat: int
    rules: object

    def price(self, action: A.Action) -> int | None: ...
    def square(self, index: int | None) -> str: ...


Words = tuple[str, int | None, str]


def _landing(labeller: Labeller) -> str:
    return labeller.square(labeller.state.turn.landing_square)


def _roll(labeller, a):
    again = " again (doubles)" if labeller.state.turn.step == "free" else ""
    return f"Roll the dice{again}", None, "Roll and move; doubles roll again, the third doubles go to Jail (CLASSIC-03)."


def _buy(labeller, a):
    price = labeller.price(a)
    return f"Buy {_landing(labeller)} for ${price}", price, "Buy it at its printed price (CLASSIC-05)."


def _do_nothing(labeller, a):
    auctioned = labeller.state.setup.options.classic_auction_declined
    if auctioned:
        return "Don't buy: auction it", None, "Every player, you included, may bid for it (CLASSIC-05)."
    return "Don't buy", None, "It stays the Bank's (CLASSIC-05)."


def _bid(labeller, a):
    return f"Bid ${a.amount}", a.amount, "Raise the auction; the highest bid buys it (CLASSIC-05)."


def _pass_bid(labeller, a):
    return "Pass", None, "Drop out of this auction (CLASSIC-05)."


def _pay_income_tax(labeller, a):
    board = labeller.state.setup.board
    if a.method == "flat":
        return f"Pay ${board.income_tax_flat} Income Tax", board.income_tax_flat, "CLASSIC-10."
    return (f"Pay {board.income_tax_percent}% of your total worth", None,
            "Cash, deeds at their printed price and buildings at cost, counted after you choose (CLASSIC-10).")


def _jail_roll(labeller, a):
    return "Roll for doubles", None, ("Doubles free you and move you; after the third failed roll you pay "
                                      f"${JAIL_FINE} and move (CLASSIC-11).")


def _jail_bail(labeller, a):
    return f"Pay the ${JAIL_FINE} fine", JAIL_FINE, "Leave Jail now, then roll and move (CLASSIC-11)."


def _jail_favor(labeller, a):
    return "Use a Get Out of Jail Free card", None, "Leave Jail now, then roll and move (CLASSIC-11)."


def _end_turn(labeller, a):
    return "End turn", None, "Pass the dice to the next player (CLASSIC-03)."


def _settle_payment(labeller, a):
    return "Pay what you owe", None, "You have the cash now (CLASSIC-14)."


def _declare_bankruptcy(labeller, a):
    return ("Declare bankruptcy", None,
            "You cannot raise what you owe: everything you have goes to your creditor, or to the Bank, which "
            "auctions your deeds, and you leave the game (CLASSIC-14).")


def _keep_mortgages(labeller, a):
    return ("Keep the rest mortgaged", None,
            "Pay the Bank 10% of each mortgage you received and have not lifted; lifting one later costs the 10% "
            "again (CLASSIC-08).")


def _bid_for_building(labeller, a):
    window = labeller.state.pending[-1] if labeller.state.pending else None
    building = getattr(window, "building", "building")
    return (f"Bid ${a.amount} for the {building}, for {labeller.square(a.property)}", a.amount,
            f"The Bank is short of {building}s: the highest bid places it at once (CLASSIC-07).")


def _mortgage(labeller, a):
    return f"Mortgage {labeller.square(a.property)} (+${labeller.price(a)})", None, "CLASSIC-08."


def _unmortgage(labeller, a):
    cost = labeller.price(a)
    return f"Lift the mortgage on {labeller.square(a.property)} — ${cost}", cost, "The principal and 10% (CLASSIC-08)."


def _buy_building(labeller, a):
    kind = labeller.rules.building_kind(labeller.state, labeller.seat, a.property) or "building"
    cost = labeller.state.setup.board.squares[a.property].house_cost
    return (f"Build a {kind} on {labeller.square(a.property)} — ${cost}", cost,
            "Build evenly across the colour group you own (CLASSIC-07).")


def _sell_building(labeller, a):
    refund = labeller.price(a)
    what = {"house": "a house", "hotel_block": "the hotel", "hotel_breakdown": "the hotel, keeping houses"}
    return (f"Sell {what.get(a.mode, a.mode)} on {labeller.square(a.property)} (+${refund})", None,
            "Back to the Bank at half its cost, evenly (CLASSIC-07).")


def _take_pot(labeller, a):
    return f"Take the Free Parking pot (${labeller.state.fp_pot})", None, "The house rule (CLASSIC-12)."


CLASSIC_WORDS: dict[str, Callable[[Labeller, A.Action], Words]] = {
    "roll": _roll, "buy": _buy, "do_nothing": _do_nothing, "bid": _bid, "pass_bid": _pass_bid,
    "pay_income_tax": _pay_income_tax, "jail_roll": _jail_roll, "jail_bail": _jail_bail, "jail_favor": _jail_favor,
    "end_turn": _end_turn, "settle_payment": _settle_payment, "declare_bankruptcy": _declare_bankruptcy,
    "keep_mortgages": _keep_mortgages, "bid_for_building": _bid_for_building, "mortgage": _mortgage,
    "unmortgage": _unmortgage, "buy_building": _buy_building, "sell_building": _sell_building, "take_pot": _take_pot,
}
"""Each classic action type's wording: (label, cost, tooltip)."""
