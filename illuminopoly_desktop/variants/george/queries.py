"""The questions the interface asks about a Georgist game (rules/queries.py; VARIANTS §5.7): the opening roll's
ranking, the lease dialog's figures, the build dialog's prices, supplies and loan preview, the loan ledger, the wealth
leaderboard with its round counter, each answered by the rule that decides it."""
from __future__ import annotations

from ...model.george_state import BuildingKind
from ...model.state import CashItem, DeedItem, GameState, Offer, OfferLeg, ParcelFinancingItem
from ...rules import actions as A
from ...rules.context import RulesContext
from ...rules.errors import IllegalAction
from ...rules.money import ceil_div
from ...rules.required_fields import landing_square, printed_price
from ..classic.queries import ClassicQueries
from . import buildings, landing, trades
from .access import george_options_of, george_slice
from .bankruptcy import settlement_cost
from .charges import community_rent
from .parcels import (bought_outright, building_price, holding_fee, instalment, loans_of, payoff, printed_rent,
                      supply_of, use_fee)
from .wealth import leaderboard, wealths


class GeorgeQueries(ClassicQueries):
    """Classic's answers where the Georgist game has none of Illuminopoly's parts (no contest, arrow or Power Base:
    the table and the action panel ask them of every game), the Georgist ones for the rest."""

    def rent_of(self, state: GameState, index: int, utility_roll: int | None = None) -> int:
        """What another player pays on stopping there now: the use fee (V-GEORGE-09 to -11), or a title's classic
        rent under `classic_purchase`; nothing on an unleased parcel."""
        ctx = RulesContext(state)
        held = george_slice(state).parcels.get(index)
        if held is None or held.lessee is None:
            return 0
        return use_fee(ctx, index, utility_roll or 0)

    def net_worths(self, state: GameState) -> dict[int, int]:
        """Each player's wealth (V-GEORGE-32): what the game ranks by."""
        return wealths(RulesContext(state))

    standings_name = "wealth"  # V-GEORGE-32: the wealth game's measure
    has_parcels = True
    wording = "george"
    standing_column = "Wealth"
    prices = {}
    building_check = None

    def round_limit(self, state: GameState) -> int | None:
        """The wealth game's last round (V-GEORGE-32); None when the last player standing wins."""
        options = george_options_of(state)
        return options.george_max_rounds if options.george_victory == "wealth" else None

    def parcel(self, state: GameState, index: int) -> dict | None:
        """The parcel on square `index` as the board and the seat areas show it: its lessee (None: unleased), its
        houses, hotels, offices and plant, whether its lessee may not build until his next turn (V-GEORGE-07), the
        use fee another player would pay on landing now (V-GEORGE-10, -11; 0 without a building; a utility's as
        a multiple of the dice); `owned`: a title bought outright under `classic_purchase` (V-GEORGE-11), whose
        "lessee" is its owner."""
        held = george_slice(state).parcels.get(index)
        if held is None:
            return None
        ctx = RulesContext(state)
        utility = ctx.squares[index].kind == "utility"
        return {"lessee": held.lessee, "houses": held.houses, "hotels": held.hotels, "offices": held.offices,
                "plant": held.plant, "locked": held.build_locked,
                "use_fee": use_fee(ctx, index, 1 if utility else 0, None) if held.lessee is not None else 0,
                "utility": utility, "owned": bought_outright(ctx, index)}

    def transfer_preview(self, state: GameState, seat: int, index: int, buyer: int, price: int,
                         loan: int = 0) -> dict:
        """V-GEORGE-21, -22: the lease of `index` sold by `seat` to `buyer` for `price`, `loan` of it lent to the
        buyer by the Bank: the fee each side pays the Bank, the seller's loans on it settled out of the price (owed
        plus 10% of each original), the most the buyer may borrow, his loan's instalment, what each ends up paying
        or receiving, and `refusal` (the rule's words) when the trade cannot be proposed so."""
        ctx = RulesContext(state)
        offer = Offer(id=0, proposer=seat, counterparties=[buyer], expires_round=state.round_no,
                      legs=self.transfer_legs(seat, index, buyer, price, loan))
        refusal = None
        try:
            trades.check_offer_terms(ctx, offer)
        except IllegalAction as error:
            refusal = f"{error.message} ({error.rule_id})"
        return {"fee_each": trades.transfer_fee(ctx, index), "settlement": settlement_cost(ctx, index),
                "loan_limit": self.financing_limit(state, price), "loan": loan,
                "instalment": ceil_div(loan, 10) if loan else 0,
                "seller_net": -trades.cash_needed(ctx, offer, seat), "buyer_pays": trades.cash_needed(ctx, offer, buyer),
                "refusal": refusal}

    @staticmethod
    def transfer_legs(seat: int, index: int, buyer: int, price: int, loan: int = 0) -> list[OfferLeg]:
        """The legs of a lease sale: the lease (with its buildings) to the buyer, the price to the seller, `loan` of
        it as the buyer's new Bank loan on the parcel (V-GEORGE-22) and the rest in cash."""
        legs = [OfferLeg(giver=seat, receiver=buyer, item=DeedItem(property=index))]
        if price - loan > 0:
            legs.append(OfferLeg(giver=buyer, receiver=seat, item=CashItem(amount=price - loan)))
        if loan:
            legs.append(OfferLeg(giver=buyer, receiver=seat, item=ParcelFinancingItem(property=index, amount=loan)))
        return legs

    def starting_cash(self, state: GameState) -> dict[int, int]:
        """V-GEORGE-02: each seat's starting cash by his rank; the final screen shows it beside his wealth (§5.6)."""
        return dict(george_slice(state).starting_cash)

    def holdings(self, state: GameState, seat: int) -> int:
        """His leases (land is never owned, V-GEORGE-04)."""
        return len(self.leases_of(state, seat))

    def supplies(self, state: GameState) -> dict[str, int]:
        """The Bank's houses, hotels and office buildings left (V-GEORGE-15, -19)."""
        return {kind: supply_of(state, kind) for kind in ("house", "hotel", "office")}

    def go_pot(self, state: GameState) -> int:
        """The GO pot: jailed lessees' use fees, for the next to reach or pass GO (V-GEORGE-12, -24)."""
        return george_slice(state).go_pot

    def leases_of(self, state: GameState, seat: int) -> list[int]:
        """The parcels the seat leases, in board order."""
        return sorted(index for index, held in george_slice(state).parcels.items() if held.lessee == seat)

    def price(self, state: GameState, action: A.Action) -> int | None:
        ctx = RulesContext(state)
        try:
            if isinstance(action, A.Buy):
                return landing.check_purchase(ctx, action.seat)
            if isinstance(action, A.BuildOnParcel):
                return buildings.check_purchase(ctx, action.seat, action.property, action.building, action.count,
                                                action.down)
            if isinstance(action, A.PayOffLoan):
                return buildings.check_payoff(ctx, action.seat, action.loan_id)
            if isinstance(action, A.SellParcelBuilding):
                refund, settle = buildings.check_sale(ctx, action.seat, action.property, action.building)
                return refund - settle
        except IllegalAction:
            return None
        return None

    def describe_commitment(self, state: GameState, item) -> str:
        """An offer item the deal dialog has no words of its own for: V-GEORGE-22's buyer financing."""
        if item.kind == "parcel_financing":
            return trades.financing_words(RulesContext(state), item)
        return item.kind

    def financing_limit(self, state: GameState, price: int) -> int:
        """V-GEORGE-22: the most a lease's buyer may borrow from the Bank on a price of `price` (half of it)."""
        return price // 2

    def opening_roll(self, state: GameState) -> list[dict]:
        """V-GEORGE-02: rank, name, the rolls (re-rolls after ties included), starting cash; in turn order."""
        george = george_slice(state)
        return [{"rank": rank, "seat": seat, "name": state.players[seat].name,
                 "rolls": list(george.opening_rolls.get(seat, [])), "cash": george.starting_cash[seat]}
                for rank, seat in enumerate(state.seat_order, start=1)]

    def lease_preview(self, state: GameState, seat: int, build: int = 0, down: int | None = None) -> dict:
        """V-GEORGE-05 to -08, -16 for the parcel the mover stands on: the lease fee, the holding fee without a
        building, the community rent of each later landing or passing, the first building's price, whether he can
        pay; with `build` buildings at once and `down` dollars down in all (default: the least, half of each price
        rounded up): the down-payment range, the loan, its instalments, the total paid now, and `refusal` (the
        rule's words) when the lease cannot be made so. Under `classic_purchase` a railroad or utility is no lease
        (V-GEORGE-11): `bought_outright` is true and `price` is what buying it costs; the lease figures are then
        absent."""
        ctx = _reading(state)
        index = landing_square(state.turn)
        if bought_outright(ctx, index):
            price = printed_price(ctx.squares[index])
            return {"parcel": index, "name": ctx.square_name(index), "bought_outright": True, "price": price,
                    "cash": state.players[seat].cash, "can_pay": state.players[seat].cash >= price}
        rent = printed_rent(ctx, index, george_slice(state).dice_total)
        kind: BuildingKind = "house" if ctx.squares[index].kind == "lot" else "plant"
        cash = state.players[seat].cash
        price = building_price(ctx, index, kind)
        least, most = ceil_div(price, 2) * build, price * build
        chosen = least if down is None else down
        refusal = None
        try:
            landing.check_lease(ctx, seat, build, chosen if build else None)
        except IllegalAction as error:
            refusal = f"{error.message} ({error.rule_id})"
        loans = [price - part for part in buildings.split_down(chosen, build)] if build else []
        return {"parcel": index, "name": ctx.square_name(index), "lease_fee": rent, "holding_fee": holding_fee(rent),
                "community_rent": community_rent(ctx, index, False), "building": kind,
                "building_price": price, "cash": cash,
                "can_pay_without_building": cash >= rent + holding_fee(rent),
                "build": build, "least_down": least, "most_down": most, "down": chosen if build else 0,
                "loan": sum(loans), "instalment": sum(ceil_div(loan, 10) for loan in loans if loan),
                "pay_now": rent + (chosen if build else holding_fee(rent)), "refusal": refusal,
                "max_build": 4 if kind == "house" else 1, "bought_outright": False}

    def build_preview(self, state: GameState, seat: int, index: int, kind: BuildingKind, count: int = 1,
                      down: int | None = None) -> dict:
        """V-GEORGE-14 to -16: the price, the down-payment range (half, rounded up, to all), the Bank's supply of
        every kind, and for `down` (default: the least) the loan, its instalment and its payoff now; `refusal` is
        the rule's words when the purchase is not allowed now (else None)."""
        ctx = RulesContext(state)
        price = building_price(ctx, index, kind)
        least = ceil_div(price, 2) * count
        chosen = least if down is None else down
        refusal = None
        try:
            buildings.check_purchase(ctx, seat, index, kind, count, chosen)
        except IllegalAction as error:
            refusal = f"{error.message} ({error.rule_id})"
        loan = price * count - chosen
        return {"price": price, "count": count, "least_down": least, "most_down": price * count, "down": chosen,
                "loan": loan, "instalment": ceil_div(loan, 10) if loan else 0,
                "payoff_now": loan + ceil_div(loan, 10) if loan else 0, "refusal": refusal,
                "supply": {k: supply_of(state, k) for k in ("house", "hotel", "office")}}

    def loan_ledger(self, state: GameState, seat: int) -> list[dict]:
        """V-GEORGE-16 to -18: one row per loan of the seat: parcel, building, original, outstanding, next
        instalment, payoff (outstanding + 10% of the original)."""
        ctx = RulesContext(state)
        return [{"id": loan.id, "parcel": loan.parcel, "name": ctx.square_name(loan.parcel),
                 "building": loan.building, "original": loan.original, "outstanding": loan.outstanding,
                 "instalment": instalment(loan), "payoff": payoff(loan)} for loan in loans_of(state, seat)]

    def leaderboard(self, state: GameState) -> tuple[str, list[dict]]:
        """V-GEORGE-32, §5.6: the round counter ("round 17 of 30") and the wealth table, best first (cash,
        buildings, loans, wealth, gain over the starting cash)."""
        ctx = RulesContext(state)
        options = george_options_of(state)
        counter = (f"round {state.round_no} of {options.george_max_rounds}" if options.george_victory == "wealth"
                   else f"round {state.round_no}")
        rows = leaderboard(ctx)
        for row in rows:
            row["name"] = state.players[row["seat"]].name
        return counter, rows


def _reading(state: GameState) -> RulesContext:
    """A context to read figures in without changing the game: the community rent (charges.community_rent) rolls
    the dice for a utility when the move was no roll (A-GE-02), which would spend the game's recorded randomness on
    a question of the interface, so it is then asked of a copy of the state."""
    return RulesContext(state if george_slice(state).dice_total else state.model_copy(deep=True))


QUERIES = GeorgeQueries()
