"""The schemer's money: raising cash when short (R-LOSE-02, R-MORT, R-BUILD-04), building evenly (R-BUILD),
lifting mortgages (R-MORT-03) and clearing rubble (R-ART-11)."""
from __future__ import annotations

from ..rules import actions as A
from ..variants.illuminopoly.artillery import cleanup_cost
from ..rules.mortgages import lift_cost
from . import effects
from .goals import BoardFacts
from .situation import Situation

BUILD_RESERVE = 350
"""Cash kept back when building: houses sell back at half price, so a builder short of cash loses money."""
UNMORTGAGE_RESERVE = 400
MORTGAGE_CANDIDATES = 6


def mortgage_value(sit: Situation, index: int) -> int:
    prop = sit.state.properties[index]
    value = sit.facts.mortgage[index]
    return value // 2 if prop.rezoned else value


def raise_cash_action(sit: Situation, needed: int) -> A.Action | None:
    """The next step towards `needed` more dollars at the least cost to the position: mortgage what earns least
    for what it raises; sell buildings only when nothing can be mortgaged. None when nothing raises cash."""
    if needed <= 0:
        return None
    mortgages = [a for a in sit.typed_options("mortgage", A.Mortgage) if a.property not in sit.memory.mortgaged_this_turn]
    if mortgages:
        def cheapness(action: A.Mortgage) -> float:
            index = action.property
            return (sit.appraiser.rent(index) * 8 + sit.facts.price[index] * 0.2) / max(1, mortgage_value(sit, index))
        ranked = sorted(mortgages, key=cheapness)[:MORTGAGE_CANDIDATES]
        state = sit.state
        best = max(ranked, key=lambda a: sit.gain(effects.mortgaged(state, a.property),
                                                  {sit.seat: mortgage_value(sit, a.property)}))
        sit.memory.mortgaged_this_turn.add(best.property)
        return best
    sales = sit.typed_options("sell_building", A.SellBuilding)
    if sales:
        # break hotels down before selling blocks; sell where rent is lowest
        def order(action: A.SellBuilding) -> tuple[int, int]:
            return ({"hotel_breakdown": 0, "house": 1, "hotel_block": 2}[action.mode],
                    sit.facts.house_cost[action.property])
        return min(sales, key=order)
    return None


def _shoe_group(facts: BoardFacts, index: int) -> bool:
    """The deed's colour group is one the Shoe may win by (on legs 3 and 4, R-FAC-SHOE-01)."""
    group = facts.group[index]
    return group is not None and group in facts.shoe_groups


def build_action(sit: Situation) -> A.Action | None:
    """One house or hotel where it raises rent most per dollar (the Shoe's goal groups first, R-FAC-SHOE-01), while
    the cash stays above the reserve."""
    options = sit.typed_options("buy_building", A.BuyBuilding)
    if not options:
        return None
    facts = sit.facts
    props = sit.state.properties
    shoe = sit.player.faction == "shoe" or (sit.player.faction == "dog" and sit.player.dog_condition == "shoe")

    def benefit(action: A.BuyBuilding) -> float:
        index = action.property
        prop = props[index]
        rents = facts.rents[index]
        level = 5 if prop.hotel else prop.houses
        current = rents[level] if level else rents[0] * 2
        extra = (rents[min(5, level + 1)] - current) / facts.house_cost[index]
        if shoe and _shoe_group(facts, index):
            extra += 10
        return extra

    best = max(options, key=benefit)
    cost = facts.house_cost[best.property]
    winning = shoe and _shoe_group(facts, best.property) and props[best.property].houses == 4
    reserve = 60 if winning else BUILD_RESERVE
    if sit.cash - cost < reserve:
        return None
    return best


def unmortgage_action(sit: Situation) -> A.Action | None:
    """Lift the mortgage that gives most back per dollar, when cash is plentiful (a qualifying deed must not be
    mortgaged, §25; a mortgaged deed earns nothing, R-RENT-02)."""
    options = sit.typed_options("unmortgage", A.Unmortgage)
    if not options:
        return None
    props = sit.state.properties
    affordable = [a for a in options if sit.cash - lift_cost(props[a.property]) >= UNMORTGAGE_RESERVE]
    if not affordable:
        return None
    best = max(affordable, key=lambda a: sit.gain(effects.unmortgaged(a.property),
                                                  {sit.seat: -lift_cost(props[a.property])}))
    if sit.gain(effects.unmortgaged(best.property), {sit.seat: -lift_cost(props[best.property])}) <= 0:
        return None
    return best


def cleanup_action(sit: Situation) -> A.Action | None:
    """Clear rubble (R-ART-11) when the colour group earns something for us or the lot is ours to rebuild."""
    options = sit.typed_options("clean_up", A.CleanUp)
    for action in options:
        cost = cleanup_cost(sit.ctx, action.property)
        if sit.cash - cost >= 150:
            return action
    return None
