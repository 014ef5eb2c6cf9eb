"""The action panel's words for a game of Defeating Monopoly, the Georgist rules (VARIANTS §5): each action's label,
price and tooltip in the variant's own terms (a lessee leases a parcel; nobody owns or buys land), naming the
V-GEORGE rule that allows it. The figures are the ruleset's answers (`ruleset_of(state).queries`: `lease_preview`,
`price`, `loan_ledger`). Actions the Georgist rules take over from classic Monopoly unchanged (the roll, Jail's
card, the payments) keep classic's words (presentation/classic_words.py), with the Georgist rule where it differs."""
from __future__ import annotations

from collections.abc import Callable

from ..rules import actions as A
from ..rules.jail import BAIL as JAIL_FINE
from .classic_words import CLASSIC_WORDS, Labeller, Words

BUILDING_WORDS = {"house": "a house", "hotel": "a hotel", "office": "an office building", "plant": "a plant"}


def _lease(labeller: Labeller, a: A.LeaseParcel) -> Words:
    figures = labeller.rules.lease_preview(labeller.state, labeller.seat)
    name, fee, holding = figures["name"], figures["lease_fee"], figures["holding_fee"]
    rent = figures["community_rent"]
    every_pass = (f"then ${rent} community rent to the Bank each time you land on or pass it" if rent
                  else "then community rent of 4 × the dice each time you land on or pass it")
    if not a.build:
        if not figures["can_pay_without_building"]:
            return (f"Lease {name}: ${fee} + ${holding} holding fee (you cannot pay: auction)", None,
                    f"You have ${figures['cash']:,}: the lease fee and the holding fee are not charged and the lease "
                    "is auctioned among the other players (V-GEORGE-07).")
        return (f"Lease {name}: ${fee} + ${holding} holding fee", fee + holding,
                f"The lease fee (the printed rent) and, since you build nothing now, a one-time holding fee; "
                f"{every_pass} (V-GEORGE-05, -06, -08).")
    what = BUILDING_WORDS[figures["building"]]
    price = figures["building_price"]
    loan = price - (a.down or price)
    credit = f", ${loan} on a Bank loan" if loan else ", paid in full"
    return (f"Lease {name} and build {what}: ${fee} + ${a.down} down{credit}", fee + (a.down or price),
            f"The lease fee, and {what} (${price}) at once, so no holding fee; a loan is repaid 10% at a time each "
            f"time you land on or pass it; {every_pass} (V-GEORGE-05, -06, -16).")


def _do_nothing(labeller: Labeller, a: A.DoNothing) -> Words:
    if labeller.state.turn.step == "landing" and not labeller.state.pending:
        if labeller.rules.lease_preview(labeller.state, labeller.seat)["bought_outright"]:
            return "Don't buy", None, "The title stays the Bank's (V-GEORGE-11)."
        auctioned = labeller.state.setup.options.george_auction_declined_leases
        return (("Don't lease: auction the lease" if auctioned else "Don't lease"), None,
                "The parcel stays unleased" + (" and its lease is auctioned" if auctioned else "") + " (V-GEORGE-05).")
    return "Do nothing", None, ""


def _pay_income_tax(labeller: Labeller, a: A.PayIncomeTax) -> Words:
    if a.method == "flat":
        amount = labeller.state.setup.options.george_income_tax_flat
        return f"Pay ${amount} Income Tax", amount, "A flat sum to the Bank (V-GEORGE-25)."
    return ("Roll the dice and pay 10 × the total", None,
            "From $20 (a roll of 2) to $120 (a roll of 12), $70 on average; to the Bank (V-GEORGE-25).")


def _build(labeller: Labeller, a: A.BuildOnParcel) -> Words:
    price = labeller.price(a)
    figures = labeller.rules.build_preview(labeller.state, labeller.seat, a.property, a.building, a.count, a.down)
    loan = figures["loan"]
    credit = (f", ${loan} on a Bank loan (${figures['instalment']} each time you land on or pass it)" if loan
              else ", paid in full")
    return (f"Build {BUILDING_WORDS[a.building]} on {labeller.square(a.property)}: ${a.down} down{credit}", price,
            "Your own parcel, no colour group needed; half down or more (V-GEORGE-14, -15, -16).")


def _sell(labeller: Labeller, a: A.SellParcelBuilding) -> Words:
    net = labeller.price(a) or 0
    signed = f"+${net}" if net >= 0 else f"you pay ${-net} more"
    return (f"Sell {BUILDING_WORDS[a.building]} on {labeller.square(a.property)} back ({signed})", None,
            "The Bank pays half its cost; its loan is settled out of that first (V-GEORGE-20).")


def _pay_off(labeller: Labeller, a: A.PayOffLoan) -> Words:
    loan = next((row for row in labeller.rules.loan_ledger(labeller.state, labeller.seat) if row["id"] == a.loan_id),
                None)
    if loan is None:
        return "Pay off a loan", None, "V-GEORGE-18."
    return (f"Pay off the {loan['building']} loan on {loan['name']}: ${loan['payoff']}", loan["payoff"],
            f"${loan['outstanding']} still owed plus 10% of the original ${loan['original']} (V-GEORGE-18).")


def _surrender(labeller: Labeller, a: A.SurrenderLease) -> Words:
    return (f"Give up the lease of {labeller.square(a.property)}", None,
            "It becomes unleased; nothing is refunded (V-GEORGE-29).")


def _claim(labeller: Labeller, a: A.ClaimUseFee) -> Words:
    claim = next((c for c in labeller.state.variant.claims if c.parcel == a.property), None)
    amount = f" ${claim.amount}" if claim is not None else ""
    return (f"Claim the{amount} use fee on {labeller.square(a.property)}", None,
            "Before the next roll of the dice, or the Bank keeps it (V-GEORGE-13).")


def _settle_loans(labeller: Labeller, a: A.SettleParcelLoans) -> Words:
    square = labeller.square(a.property)
    if a.keep:
        return (f"Keep {square}: pay its loans off", None,
                "What is owed plus 10% of each original, to the Bank (V-GEORGE-30).")
    return (f"Give {square} up to auction", None,
            "The Bank auctions it as a lot; its loans are written off (V-GEORGE-30).")


def _declare_need(labeller: Labeller, a: A.DeclareBuildingNeed) -> Words:
    window = labeller.state.pending[-1] if labeller.state.pending else None
    kind = getattr(window, "building", "building")
    if a.need:
        return (f"I need {BUILDING_WORDS.get(kind, kind)} too", None,
                "The units left are auctioned one at a time from the printed price (V-GEORGE-19).")
    return "I don't need one", None, "The purchase goes through (V-GEORGE-19)."


def _bid_building(labeller: Labeller, a: A.BidForParcelBuilding) -> Words:
    window = labeller.state.pending[-1] if labeller.state.pending else None
    kind = getattr(window, "building", "building")
    return (f"Bid ${a.amount} for {BUILDING_WORDS.get(kind, kind)} on {labeller.square(a.property)} "
            f"(${a.down} down)", a.down,
            "The highest bid buys it, half down or more with a Bank loan for the rest (V-GEORGE-19, -16).")


def _bid(labeller: Labeller, a: A.Bid) -> Words:
    return (f"Bid ${a.amount}", a.amount,
            "For the lease, with whatever stands on it; the winner pays the Bank, with no lease or holding fee, and "
            "may not build on it until his next turn (V-GEORGE-07).")


def _pass_bid(labeller: Labeller, a) -> Words:
    return "Pass", None, "Drop out of this auction (V-GEORGE-07)."


def _jail_bail(labeller: Labeller, a) -> Words:
    return f"Pay the ${JAIL_FINE} fine", JAIL_FINE, "Leave Jail now, then roll and move (V-GEORGE-26)."


def _roll(labeller: Labeller, a) -> Words:
    again = " again (doubles)" if labeller.state.turn.step == "free" else ""
    return (f"Roll the dice{again}", None,
            "Roll and move: on the way, community rent and loan instalments for your own parcels you pass, $200 "
            "and the GO pot at GO (V-GEORGE-08, -17, -24).")


GEORGE_WORDS: dict[str, Callable[[Labeller, A.Action], Words]] = {
    **CLASSIC_WORDS,
    "roll": _roll, "lease_parcel": _lease, "do_nothing": _do_nothing, "pay_income_tax": _pay_income_tax,
    "build_on_parcel": _build, "sell_parcel_building": _sell, "pay_off_loan": _pay_off,
    "surrender_lease": _surrender, "claim_use_fee": _claim, "settle_parcel_loans": _settle_loans,
    "declare_building_need": _declare_need, "bid_for_parcel_building": _bid_building, "bid": _bid,
    "pass_bid": _pass_bid, "jail_bail": _jail_bail,
}
"""Each Georgist action type's wording: (label, cost, tooltip); classic's for the rest of classic's actions."""
