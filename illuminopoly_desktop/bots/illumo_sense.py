"""What the Illumonopoly schemer (bots/illumo_schemer.py) weighs before it acts (issue 29): the cash it keeps back
against rent and fees, what a house on one of its lots earns, what a lawsuit or a complaint is worth to it and the
odds the contest specs give (rules/roll_contests.py), who leads, and what a Court card does for it.

Everything here reads the state the player rebuilt from its own view (others' money is hidden from it, A-IL-05), so
its measures of the table are the public ones: deeds, buildings, rents, legal powers."""
from __future__ import annotations

from ..model.board import Square
from ..model.illumo_options import IllumoOptions
from ..model.illumo_state import IllumoState
from ..model.state import GameState
from ..model.typed_access import options_as, slice_as
from ..rules.boardindex import IndexedSquare
from ..rules.context import RulesContext
from ..rules.rent import lot_rent
from ..rules.roll_contests import ContestSpec, success_chance
from ..variants.illumo import lawsuits
from ..variants.illumo.effects import rent_cap
from ..variants.illumo.groups import holds_group, in_play_lots
from ..variants.illumo.landing import rent_due

LANDING_CHANCE = 0.028
"""The chance that one opponent's roll ends on a given square (about 1 in 36; more for some, less for others)."""
HORIZON = 25
"""Rounds over which a house or a deed is reckoned to earn."""
RESERVE_FLOOR = 150
"""The least central cash kept back when buying, building, filing or pledging."""
RESERVE_SHARE = 0.6
"""The share of the largest rent it could owe next round that it keeps in cash (the rest it would raise)."""
RESERVE_CEILING = 700
HARM_WEIGHT = 0.5
"""A dollar a rival loses is worth this much to the player (one rival of several)."""


def illumo_slice(state: GameState) -> IllumoState:
    return slice_as(state, IllumoState)


def illumo_options(ctx: RulesContext) -> IllumoOptions:
    return options_as(ctx.options, IllumoOptions)


def price(square: Square | IndexedSquare) -> int:
    return square.price or 0


def house_cost(square: Square | IndexedSquare) -> int:
    return square.house_cost or 0


def rivals(state: GameState, seat: int) -> list[int]:
    return [p.seat for p in state.players if p.seat != seat and not p.eliminated]


def group_money(state: GameState, seat: int, kind: str | None) -> int:
    if kind is None:
        return 0
    return illumo_slice(state).treasuries.get(seat, {}).get(kind, 0)


def spendable(state: GameState, seat: int, kind: str | None) -> int:
    """What a payment tied to `kind` may draw on without a transfer: central plus that type's treasury
    (V-ILLUMO-05)."""
    return state.players[seat].cash + group_money(state, seat, kind)


def worst_rent(ctx: RulesContext, seat: int) -> int:
    """The largest rent a rival's deed would charge this player now (a utility at a roll of 7), Rent Control
    applied (V-ILLUMO-24)."""
    state = ctx.state
    worst = 0
    for index, prop in state.properties.items():
        if prop.owner is None or prop.owner == seat or state.players[prop.owner].eliminated:
            continue
        worst = max(worst, rent_cap(ctx, index, rent_due(ctx, index, 7)))
    return worst


def reserve(ctx: RulesContext, seat: int) -> int:
    """Central cash to keep back: part of the worst rent it could owe, between the floor and the ceiling. Group
    money counts towards it net of the transfer fee (V-ILLUMO-06: rent is paid from central)."""
    wanted = max(RESERVE_FLOOR, min(RESERVE_CEILING, int(RESERVE_SHARE * worst_rent(ctx, seat))))
    in_groups = sum(illumo_slice(ctx.state).treasuries.get(seat, {}).values())
    return max(RESERVE_FLOOR, wanted - int(in_groups * 0.9))


def landings_per_round(state: GameState, seat: int) -> float:
    return LANDING_CHANCE * len(rivals(state, seat))


# ----- buildings (V-ILLUMO-31, -32) -----

def current_rent(ctx: RulesContext, index: int) -> int:
    prop = ctx.state.properties[index]
    square = ctx.squares[index]
    if prop.owner is None or prop.mortgaged or square.rents is None:
        return 0
    bare = not prop.houses and not prop.hotel
    return lot_rent(square, prop, bare and holds_group(ctx, prop.owner, square.group or ""))


def house_gain(ctx: RulesContext, seat: int, index: int) -> float:
    """What one more level on its own lot earns over the horizon, less its cost (negative: not worth it)."""
    prop = ctx.state.properties[index]
    square = ctx.squares[index]
    if prop.owner != seat or square.rents is None:
        return -1.0
    level = 5 if prop.hotel else prop.houses
    if level >= 5:
        return -1.0
    extra = square.rents[level + 1] - current_rent(ctx, index)
    return extra * landings_per_round(ctx.state, seat) * HORIZON - house_cost(square)


# ----- who leads -----

def holdings(ctx: RulesContext, seat: int) -> float:
    """The public measure of a player's position: the printed price of his unmortgaged deeds (half for mortgaged
    ones) and the cost of his buildings."""
    total = 0.0
    for index, prop in ctx.state.properties.items():
        if prop.owner != seat:
            continue
        square = ctx.squares[index]
        total += price(square) / (2 if prop.mortgaged else 1)
        total += house_cost(square) * (5 if prop.hotel else prop.houses)
    return total


def leader(ctx: RulesContext, seat: int) -> int | None:
    """The rival with the most holdings (None when nobody else is left)."""
    others = rivals(ctx.state, seat)
    return max(others, key=lambda other: (holdings(ctx, other), -other)) if others else None


def rent_control_worth(ctx: RulesContext, seat: int) -> float:
    """What Rent Control (V-ILLUMO-24) is worth to this player while it runs (about a round and a half): the rent
    above the 1-house rent its rivals' improved deeds charge (which it might pay; counted twice where that rent is
    more than its central cash, since paying it would cost fees, mortgages or the game) less the same on its own
    deeds (which it might collect)."""
    state = ctx.state
    cash = state.players[seat].cash
    mine = landings_per_round(state, seat)
    balance = 0.0
    for index, prop in state.properties.items():
        square = ctx.squares[index]
        if prop.owner is None or prop.mortgaged or not (prop.houses or prop.hotel) or square.rents is None:
            continue
        rent = current_rent(ctx, index)
        above = rent - square.rents[1]
        if prop.owner == seat:
            balance -= above * mine
        elif not state.players[prop.owner].eliminated:
            balance += above * LANDING_CHANCE * (2 if rent > cash else 1)
    return balance * 1.5


# ----- lawsuits (V-ILLUMO-36 to -40) -----

def suit_stake(ctx: RulesContext, seat: int, suit: str, defendant: int, target: int,
               deed_value: float) -> float:
    """What winning the suit is worth to the plaintiff `seat`: a title defect brings the deed (its worth to him) and
    costs the rival its price; a landmark costs the rival its buildings (gone unpaid; he is paid the price); an
    antitrust win breaks the rival's monopoly (his monopoly rent over the horizon)."""
    state = ctx.state
    square = ctx.squares[target]
    prop = state.properties[target]
    buildings = house_cost(square) * (5 if prop.hotel else prop.houses)
    if suit == "title_defect":
        return deed_value + HARM_WEIGHT * (price(square) + buildings / 2)
    if suit == "landmark":
        if defendant == lawsuits.NOBODY:
            return 0.0
        group = square.group or ""
        shrinks_to_his = [i for i in in_play_lots(ctx, group) if i != target]
        if shrinks_to_his and all(state.properties[i].owner == defendant for i in shrinks_to_his):
            return 0.0  # the landmark would hand him the rest of the group as a monopoly (A-IL-18)
        return HARM_WEIGHT * buildings
    monopoly = lawsuits.monopoly_deeds(ctx, defendant, square.group or "")
    rent = sum(current_rent(ctx, i) if ctx.squares[i].kind == "lot" else rent_due(ctx, i, 7) for i in monopoly)
    return HARM_WEIGHT * rent * landings_per_round(state, defendant) * HORIZON / 2


def best_pledge(contest: ContestSpec, base: int, stake: float, dollars_per_point: float, budget: int,
                towards: bool = True, max_points: int = 12) -> tuple[int, float]:
    """(points, expected value) of the pledge that pays best on a roll-under contest whose target stands at `base`
    (`towards`: the points raise the target, as the plaintiff's; else lower it): each point costs
    `dollars_per_point`, at most `budget` dollars in all."""
    def value(points: int) -> float:
        target = base + points if towards else base - points
        chance = success_chance(contest, target)
        return (chance if towards else 1 - chance) * stake - points * dollars_per_point

    best_points, best_value = 0, value(0)
    for points in range(1, max_points + 1):
        if points * dollars_per_point > budget:
            break
        worth = value(points)
        if worth > best_value:
            best_points, best_value = points, worth
    return best_points, best_value
