"""The "schemer" strength when the ruleset is classic Monopoly (issue 26): a rule-based player that buys what it lands
on while it keeps a cash reserve, bids in auctions up to what a deed is worth to it, trades for the deed that
completes a colour group, builds evenly on its groups, lifts mortgages when rich, raises cash by mortgaging what earns
least first, and declares bankruptcy only when the rules say it is bankrupt.

Like every computer player it decides from its seat's view only (`choose(view, seat)`, bots/seat_knowledge.py), and
every action it takes is one the rules list (rules/legal.py), so the rules stay the judge.

The Georgist schemer (bots/george_schemer.py) is this player's decision loop with its own answers: it overrides the
methods `decide` calls (`urgent_answer`, `improvement`, `jail_or_roll`, `landing`, `income_tax`, `window_action`) and
the class's `improvement_steps` and `max_free_actions`.
"""
from __future__ import annotations

import random

from ..model.state import CashItem, DeedItem, GameState, OfferLeg
from ..rules import actions as A
from ..rules import engine
from ..rules.context import RulesContext
from ..rules.legal import default_action, legal_menu
from .seat_knowledge import seat_view, state_from_view

RESERVE = 150
"""Cash kept back when buying, bidding and building (a landing on a built-up group can cost far more, but a player
who hoards cash builds nothing)."""
RICH = 600
"""Cash above which mortgages on the player's groups are lifted."""
MAX_FREE_ACTIONS_PER_TURN = 24
EARLY_UNOWNED = 10
"""While this many deeds are still the Bank's, a jailed player pays to get out and keep buying."""


class ClassicSchemer:
    """A rule-based computer player of classic Monopoly (strength "schemer")."""

    strength = "schemer"
    improvement_steps: tuple[str, ...] = ("choice", "free")
    """The turn steps at which it improves (builds, lifts, trades) before its step's own decision."""
    max_free_actions = MAX_FREE_ACTIONS_PER_TURN
    """How many free actions it takes in one player's turn at most."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.knowledge_rng = random.Random(seed ^ 0x5EED)
        self._turn_key: tuple | None = None
        self._free_actions = 0
        self._proposed: set[tuple] = set()

    def choose(self, view: object, seat: int) -> A.Action | None:  # (a view, or what seat_view refuses)
        view = seat_view(view, seat)
        return self.decide(state_from_view(view, self.knowledge_rng), seat)

    # ----- the decision -----

    def decide(self, state: GameState, seat: int) -> A.Action | None:
        if state.game_over or state.players[seat].eliminated:
            return None
        menu = legal_menu(state, seat)
        if not menu:
            return None
        ctx = RulesContext(state)
        key = (state.round_no, state.turn.seat)
        if key != self._turn_key:
            self._turn_key, self._free_actions = key, 0
        answer = self.urgent_answer(ctx, seat, menu)
        if answer is not None:
            return answer
        if state.pending:
            return self.window_action(ctx, seat, state.pending[-1], menu)
        turn = state.turn
        if turn.seat != seat:
            return None
        step = turn.step
        if step in self.improvement_steps and self._free_actions < self.max_free_actions:
            action = self.improvement(ctx, seat, menu)
            if action is not None:
                self._free_actions += 1
                return action
        if step == "choice":
            return self.jail_or_roll(ctx, seat, menu)
        if step == "landing":
            return self.landing(ctx, seat, menu)
        if step == "tax_choice":
            return self.income_tax(ctx, seat, menu)
        return default_action(state, seat)

    # ----- what a deed is worth to this player -----

    def deed_value(self, ctx: RulesContext, seat: int, index: int) -> float:
        """The price, raised when the deed completes (or nearly completes) one of its groups or blocks a rival's."""
        state = ctx.state
        square = ctx.squares[index]
        price = price_of(ctx, index)
        members = ctx.board.group_members.get(square.group, [index]) if square.kind == "lot" and square.group else []
        if square.kind == "railroad":
            held = sum(1 for i in ctx.board.railroad_indices if state.properties[i].owner == seat)
            return price * (1.0 + 0.3 * held)
        if square.kind == "utility":
            return price * 0.9
        others = [state.properties[m].owner for m in members if m != index]
        mine = sum(1 for owner in others if owner == seat)
        if mine == len(others):
            return price * 2.6  # completes the group
        rivals = {owner for owner in others if owner not in (None, seat)}
        if len(rivals) == 1 and all(owner is not None for owner in others):
            return price * 1.6  # the rival who holds the rest would complete it
        return price * (1.15 + 0.35 * mine)

    # ----- offers -----

    def urgent_answer(self, ctx: RulesContext, seat: int, menu) -> A.Action | None:
        """What it answers before any window or step: the offers made to it."""
        return self.answer_offer(ctx, seat, menu)

    def answer_offer(self, ctx: RulesContext, seat: int, menu) -> A.Action | None:
        if "accept_offer" not in menu and "decline_offer" not in menu:
            return None
        state = ctx.state
        for offer in state.offers:
            if seat not in offer.counterparties or seat in offer.accepted_by:
                continue
            gain = 0.0
            for leg in offer.legs:
                item = leg.item
                value: float
                if isinstance(item, CashItem):
                    value = float(item.amount)  # (compiled, a float variable holds no int)
                elif isinstance(item, DeedItem):
                    value = self.deed_value(ctx, seat, item.property)
                    if leg.giver == seat:
                        value = max(value, self.keep_value(ctx, seat, item.property))
                else:
                    value = 20.0
                gain += value if leg.receiver == seat else -value if leg.giver == seat else 0.0
            accepts = [a for a in menu.get("accept_offer", lambda: [])() if a.offer_id == offer.id]
            if gain > 0 and accepts:
                return accepts[0]
            return A.DeclineOffer(seat=seat, offer_id=offer.id)
        return None

    def keep_value(self, ctx: RulesContext, seat: int, index: int) -> float:
        """What giving up one of its deeds costs it: a deed of a group it holds whole is not for sale; one whose
        group the buyer would complete is worth three times its price."""
        state = ctx.state
        square = ctx.squares[index]
        if square.kind != "lot" or square.group is None:
            return price_of(ctx, index) * 1.5
        members = ctx.board.group_members[square.group]
        owners = {state.properties[m].owner for m in members}
        if owners == {seat}:
            return 10_000.0
        return price_of(ctx, index) * 3.0

    def trade_proposal(self, ctx: RulesContext, seat: int) -> A.Action | None:
        """Cash for the one deed that would complete a colour group of its own, once per deed per round."""
        state = ctx.state
        cash = state.players[seat].cash
        for group, members in ctx.board.group_members.items():
            owners = [state.properties[m].owner for m in members]
            missing = [m for m, owner in zip(members, owners) if owner != seat]
            if len(missing) != 1 or owners.count(seat) != len(members) - 1:
                continue
            index = missing[0]
            holder = state.properties[index].owner
            if holder is None or state.players[holder].eliminated or (state.round_no, index) in self._proposed:
                continue
            if any(state.properties[m].houses or state.properties[m].hotel for m in members):
                continue
            price = price_of(ctx, index)
            amount = min(cash - RESERVE, int(price * 2.2))
            if amount < price:
                continue
            self._proposed.add((state.round_no, index))
            proposal = A.ProposeOffer(seat=seat, counterparties=[holder], legs=[
                OfferLeg(giver=holder, receiver=seat, item=DeedItem(property=index)),
                OfferLeg(giver=seat, receiver=holder, item=CashItem(amount=amount))])
            if engine.is_legal(state, proposal) is None:  # offers are not listed: the rules judge it here
                return proposal
        return None

    # ----- the windows -----

    def window_action(self, ctx: RulesContext, seat: int, window, menu) -> A.Action | None:
        state = ctx.state
        kind = window.kind
        if kind == "raise_funds":
            return self.raise_funds(ctx, seat, menu)
        if kind == "auction":
            value = self.deed_value(ctx, seat, window.property)
            ceiling = min(value, state.players[seat].cash - RESERVE // 3)
            step = max(1, int(ctx.squares[window.property].price * 0.05))
            amount = window.high_bid + step
            if amount <= ceiling:
                return A.Bid(seat=seat, amount=int(amount))
            if window.high_bid + 1 <= ceiling:
                return A.Bid(seat=seat, amount=window.high_bid + 1)
            return A.PassBid(seat=seat)
        if kind == "building_auction":
            bids = [a for a in menu.get("bid_for_building", lambda: [])()
                    if a.amount <= state.players[seat].cash - RESERVE]
            return min(bids, key=lambda a: (a.amount, a.property)) if bids else A.PassBid(seat=seat)
        return default_action(state, seat)

    def raise_funds(self, ctx: RulesContext, seat: int, menu) -> A.Action | None:
        """Pay when the cash is there; else mortgage what earns least (deeds outside whole groups, cheapest first),
        then sell houses, then mortgage the rest; bankruptcy last."""
        if "settle_payment" in menu:
            return menu["settle_payment"]()[0]
        state = ctx.state
        mortgages = menu.get("mortgage", lambda: [])()
        loose = [a for a in mortgages if not self.in_whole_group(ctx, seat, a.property)]
        if loose:
            return min(loose, key=lambda a: (ctx.squares[a.property].price, a.property))
        sales = menu.get("sell_building", lambda: [])()
        if sales:
            return min(sales, key=lambda a: (ctx.squares[a.property].house_cost, a.mode != "house", a.property))
        if mortgages:
            return min(mortgages, key=lambda a: (ctx.squares[a.property].price, a.property))
        if "declare_bankruptcy" in menu:
            return menu["declare_bankruptcy"]()[0]
        return default_action(state, seat)

    def in_whole_group(self, ctx: RulesContext, seat: int, index: int) -> bool:
        square = ctx.squares[index]
        if square.kind != "lot" or square.group is None:
            return False
        return all(ctx.state.properties[m].owner == seat for m in ctx.board.group_members[square.group])

    # ----- the turn -----

    def improvement(self, ctx: RulesContext, seat: int, menu) -> A.Action | None:
        """Between rolls: lift mortgages on whole groups when rich, build evenly, or propose a trade for a group."""
        state = ctx.state
        cash = state.players[seat].cash
        if cash > RICH:
            lifts = [a for a in menu.get("unmortgage", lambda: [])() if self.in_whole_group(ctx, seat, a.property)]
            if lifts:
                return lifts[0]
        builds = [a for a in menu.get("buy_building", lambda: [])()
                  if cash - (ctx.squares[a.property].house_cost or 0) >= RESERVE]
        if builds:
            properties = state.properties
            return min(builds, key=lambda a: (properties[a.property].houses, -price_of(ctx, a.property)))
        return self.trade_proposal(ctx, seat)

    def jail_or_roll(self, ctx: RulesContext, seat: int, menu) -> A.Action | None:
        state = ctx.state
        if "roll" in menu:
            return menu["roll"]()[0]
        unowned = sum(1 for prop in state.properties.values() if prop.owner is None)
        if unowned >= EARLY_UNOWNED:
            if "jail_favor" in menu:
                return menu["jail_favor"]()[0]
            if "jail_bail" in menu and state.players[seat].cash >= 300:
                return menu["jail_bail"]()[0]
        return menu["jail_roll"]()[0]

    def landing(self, ctx: RulesContext, seat: int, menu) -> A.Action:
        state = ctx.state
        index = state.turn.landing_square
        if index is None:
            raise ValueError("a landing decision without a landing square")
        price = price_of(ctx, index)
        cash = state.players[seat].cash
        if "buy" in menu and (cash - price >= RESERVE // 2 or self.deed_value(ctx, seat, index) > price * 2):
            return menu["buy"]()[0]
        return A.DoNothing(seat=seat)

    def income_tax(self, ctx: RulesContext, seat: int, menu) -> A.Action:
        options = menu["pay_income_tax"]()
        state = ctx.state
        worth = state.players[seat].cash + sum(
            price_of(ctx, i) + (ctx.squares[i].house_cost or 0) * (5 if p.hotel else p.houses)
            for i, p in state.properties.items() if p.owner == seat)
        method = "percent" if worth * ctx.board.income_tax_percent // 100 < ctx.board.income_tax_flat else "flat"
        return next(a for a in options if a.method == method)


def price_of(ctx: RulesContext, index: int) -> int:
    """The printed price of a deed's square (every deed has one)."""
    price = ctx.squares[index].price
    if price is None:
        raise ValueError(f"square {index} is not a deed: it has no price")
    return price
