"""The "schemer" strength when the ruleset is Defeating Monopoly, the Georgist rules (issue 27): a rule-based player
built on how wealth is counted there (V-GEORGE-32: cash plus the printed cost of buildings less the loans
outstanding; leases count nothing).

- A building bought at its price leaves wealth where it was (its cost counts, its loan counts against), and earns use
  fees from every other player who stops on it; so it leases streets and builds on them at once on half-down loans
  (no holding fee), adding houses, then hotels and offices, where the fee gained per dollar is highest, while it keeps
  a cash reserve against the fees it may owe others.
- A lease, its holding fee and the community rent paid at each pass are pure cost, so it leases only what it builds
  on (streets; railroads only when rich) and bids in lease auctions only up to a share of the fee a hotel would earn.
- Paying a loan off costs 10% of the original that instalments never charge (V-GEORGE-18), so it pays loans off by
  value: only when that interest is owed anyway (`george_final_interest = always`) and it is rich.
- Income Tax: $60 rather than ten times the dice (70 on average). Offers: declined. Use fees to claim: claimed.

Like every computer player it decides from its seat's view only and takes only actions the rules list."""
from __future__ import annotations

from ..model.george_state import Parcel
from ..rules import actions as A
from ..rules.context import RulesContext
from ..rules.legal import default_action
from ..variants.george.access import george_options, george_slice
from ..variants.george.parcels import use_fee
from .classic_schemer import ClassicSchemer, price_of

RESERVE = 250
"""Cash kept back, on top of a share of the largest fee another player's parcel charges."""
FEE_SHARE = 0.35
RICH = 3000
"""Cash above which railroads are leased (with a plant) and loans paid off when that costs nothing more."""
MAX_FREE_ACTIONS_PER_TURN = 30
HOTEL = 5


class GeorgeSchemer(ClassicSchemer):
    """A rule-based computer player of the Georgist rules (strength "schemer"): classic's decision loop
    (bots/classic_schemer.py) with the Georgist answers."""

    improvement_steps: tuple[str, ...] = ("choice", "free", "landing")
    max_free_actions = MAX_FREE_ACTIONS_PER_TURN

    def urgent_answer(self, ctx: RulesContext, seat: int, menu) -> A.Action | None:
        """Offers declined; use fees to claim claimed (V-GEORGE-13, manual claims: always worth it)."""
        if "decline_offer" in menu:
            return menu["decline_offer"]()[0]
        if "claim_use_fee" in menu:
            return menu["claim_use_fee"]()[0]
        return None

    def jail_or_roll(self, ctx: RulesContext, seat: int, menu) -> A.Action | None:
        """In Jail it rolls for doubles (the rules' default)."""
        return default_action(ctx.state, seat)

    def income_tax(self, ctx: RulesContext, seat: int, menu) -> A.Action:
        """$60 rather than ten times the dice (70 on average)."""
        return A.PayIncomeTax(seat=seat, method="flat")

    # ----- what things are worth to this player -----

    def reserve(self, ctx: RulesContext, seat: int) -> int:
        """The reserve: a base plus a share of the largest use fee another player's parcel charges now."""
        worst = 0
        for index, held in _parcels(ctx).items():
            if held.lessee not in (None, seat) and held.built:
                worst = max(worst, use_fee(ctx, index, 7))
        return RESERVE + int(FEE_SHARE * worst)

    @staticmethod
    def fee_gain(ctx: RulesContext, index: int, kind: str) -> int:
        """How much the parcel's use fee rises with one more building of `kind`."""
        held = _parcels(ctx)[index]
        square = ctx.squares[index]
        if kind == "plant":
            return 50 if square.kind == "railroad" else 28
        rents = _rents(ctx, index)
        if kind == "house":
            return rents[held.houses + 1] - (rents[held.houses] if held.houses else 0)
        factor = george_options(ctx).george_second_large_building_fee_factor
        return rents[HOTEL] - rents[4] if not held.large else (factor - 1) * rents[HOTEL]

    # ----- the decisions -----

    def improvement(self, ctx: RulesContext, seat: int, menu) -> A.Action | None:
        state = ctx.state
        cash = state.players[seat].cash
        reserve = self.reserve(ctx, seat)
        if "pay_off_loan" in menu and george_options(ctx).george_final_interest == "always" and cash > RICH + reserve:
            return menu["pay_off_loan"]()[0]
        if "build_on_parcel" not in menu:
            return None
        best, best_value = None, 0.0
        for action in menu["build_on_parcel"]():
            price = _price(ctx, action.property, action.building)
            if action.down != (price + 1) // 2 or cash - action.down < reserve:
                continue  # half down: the loan costs nothing in wealth, the cash keeps the reserve
            if action.building == "plant" and cash < RICH:
                continue
            if action.building == "office" and george_slice(ctx.state).hotel_supply and not _parcels(ctx)[
                    action.property].large:
                continue  # a hotel first, while the supply has one: the offices stay for a second building
            value = self.fee_gain(ctx, action.property, action.building) / price
            if value > best_value:
                best, best_value = action, value
        return best

    def landing(self, ctx: RulesContext, seat: int, menu) -> A.Action:
        state = ctx.state
        index = state.turn.landing_square
        if index is None:
            raise ValueError("a landing decision without a landing square")
        square = ctx.squares[index]
        cash = state.players[seat].cash
        wanted = square.kind == "lot" or (square.kind == "railroad" and cash >= RICH)
        if "buy" in menu and cash - price_of(ctx, index) >= self.reserve(ctx, seat):
            # `classic_purchase` (V-GEORGE-11): a title bought at its price keeps wealth where it was (it counts
            # its price) and earns classic rent, so it is bought whenever the reserve allows
            return menu["buy"]()[0]
        if wanted and "lease_parcel" in menu:
            choices = [a for a in menu["lease_parcel"]() if a.build]
            reserve = self.reserve(ctx, seat)
            fee = _rents(ctx, index)[0] if square.kind == "lot" else george_options(ctx).george_rail_lease_rent
            affordable = [a for a in choices if cash - (a.down or 0) - fee >= reserve]
            if affordable:
                return min(affordable, key=lambda a: a.down or 0)
        return A.DoNothing(seat=seat)

    def window_action(self, ctx: RulesContext, seat: int, window, menu) -> A.Action | None:
        kind = window.kind
        if kind == "auction":
            square = ctx.squares[window.property]
            held = _parcels(ctx)[window.property]
            worth = (_rents(ctx, window.property)[HOTEL] // 4 if square.kind == "lot" else 0) + _building_cost(ctx, window.property)
            limit = min(worth, ctx.state.players[seat].cash - self.reserve(ctx, seat))
            bids = menu["bid"]() if "bid" in menu else []
            if held.lessee is None and bids and bids[0].amount <= limit:
                return bids[0]  # the least bid the rules take (V-GEORGE-07: a lease auction may open above $1)
            return A.PassBid(seat=seat)
        return default_action(ctx.state, seat)


def _parcels(ctx: RulesContext) -> dict[int, Parcel]:
    return george_slice(ctx.state).parcels


def _rents(ctx: RulesContext, index: int) -> tuple[int, ...]:
    """The printed fee table of a street (every street has one)."""
    rents = ctx.squares[index].rents
    if rents is None:
        raise ValueError(f"square {index} has no rent table")
    return rents


def _price(ctx: RulesContext, index: int, kind: str) -> int:
    square = ctx.squares[index]
    if kind == "plant":
        return price_of(ctx, index)
    if square.house_cost is None:
        raise ValueError(f"square {index} takes no buildings")
    return square.house_cost


def _building_cost(ctx: RulesContext, index: int) -> int:
    held = _parcels(ctx)[index]
    square = ctx.squares[index]
    if held.plant:
        return price_of(ctx, index) // 2
    return (square.house_cost or 0) * (held.houses + 5 * held.large) // 2
