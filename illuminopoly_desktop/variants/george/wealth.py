"""Wealth and the end of a Georgist game (V-GEORGE-32, §5.6): wealth is cash plus the printed cost of the buildings
held (or half of it, `george_building_valuation`) less the loans outstanding; leases and Jail cards count $0 (a
railroad or utility owned outright under `classic_purchase` counts its printed price, parcels.title_value). The
game ends when one player is left, or in the wealth game at the end of round `george_max_rounds`, when the highest
wealth wins (or the greatest gain over the starting cash, `george_victory_measure`); ties go to more cash, then the
win is shared."""
from __future__ import annotations

from ...model.state import GameState
from ...rules.context import RulesContext
from ...rules.events import GameOver
from .access import george_options, george_slice
from .parcels import building_value, title_value

LAST_STANDING = "last player standing"
WEALTH = "wealth"


def holdings(ctx: RulesContext, seat: int) -> tuple[int, int]:
    """(the buildings' value, the titles' value) of what the seat holds: buildings at their printed cost (half of it
    with `half_cost`), and under `classic_purchase` the railroads and utilities owned outright (parcels.title_value);
    leases count nothing."""
    half = george_options(ctx).george_building_valuation == "half_cost"
    buildings = titles = 0
    for index, held in george_slice(ctx.state).parcels.items():
        if held.lessee == seat:
            value = building_value(ctx, index)
            buildings += value // 2 if half else value
            titles += title_value(ctx, index)
    return buildings, titles


def loans_owed(state: GameState, seat: int) -> int:
    return sum(loan.outstanding for loan in george_slice(state).loans if george_slice(state).parcels[loan.parcel].lessee == seat)


def wealth(ctx: RulesContext, seat: int) -> int:
    return ctx.state.players[seat].cash + sum(holdings(ctx, seat)) - loans_owed(ctx.state, seat)


def wealths(ctx: RulesContext) -> dict[int, int]:
    """`wealth` of every player still in the game (the standings at each round's end), in one pass over the
    parcels and one over the loans instead of one of each per player."""
    state = ctx.state
    george = george_slice(state)
    parcels = george.parcels
    options = george_options(ctx)
    half = options.george_building_valuation == "half_cost"
    titles = options.george_rail_utility_model == "classic_purchase"  # (else no parcel is a title: title_value 0)
    squares = ctx.squares
    players = state.players
    totals = {seat: players[seat].cash for seat in state.active_seats()}
    for index, held in parcels.items():
        seat = held.lessee
        if seat is None or seat not in totals:
            continue
        if held.houses or held.hotels or held.offices or held.plant:  # (else building_value is 0)
            value = building_value(ctx, index)
            totals[seat] += value // 2 if half else value
        if titles and squares[index].kind != "lot":
            totals[seat] += title_value(ctx, index)
    for loan in george.loans:
        seat = parcels[loan.parcel].lessee
        if seat is not None and seat in totals:
            totals[seat] -= loan.outstanding
    return totals


def standing(ctx: RulesContext, seat: int) -> int:
    """What ranks a player: his wealth, or its gain over his starting cash."""
    measure = wealth(ctx, seat)
    if george_options(ctx).george_victory_measure == "gain_over_start":
        measure -= george_slice(ctx.state).starting_cash.get(seat, 0)
    return measure


def leaderboard(ctx: RulesContext) -> list[dict]:
    """One row per player still in the game, best first: cash, buildings, titles (railroads and utilities owned
    outright under `classic_purchase`; else 0), loans, wealth, gain over start (§5.7)."""
    state = ctx.state
    rows = []
    for seat in state.active_seats():
        value = wealth(ctx, seat)
        buildings, titles = holdings(ctx, seat)
        rows.append({"seat": seat, "cash": state.players[seat].cash, "buildings": buildings, "titles": titles,
                     "loans": loans_owed(state, seat), "wealth": value,
                     "gain": value - george_slice(state).starting_cash.get(seat, 0)})
    key = "gain" if george_options(ctx).george_victory_measure == "gain_over_start" else "wealth"
    return sorted(rows, key=lambda row: (-row[key], -row["cash"], row["seat"]))


def end_game(ctx: RulesContext, winners: list[int], reason: str) -> None:
    state = ctx.state
    state.game_over = True
    state.winners = sorted(winners)
    state.win_reason = reason
    ctx.emit(GameOver(winners=state.winners, reason=reason, rule_id="V-GEORGE-32"))


def check_victory(ctx: RulesContext, tested_events: int) -> int:
    state = ctx.state
    left = [p.seat for p in state.players if not p.eliminated]
    if len(left) <= 1 and not state.game_over:
        end_game(ctx, left, f"{LAST_STANDING}: {ctx.name(left[0])} is the last player left" if left
                 else LAST_STANDING)
    return len(ctx.events)


def round_limit_reached(ctx: RulesContext) -> bool:
    """At the end of a round of the wealth game: the last round ends it (V-GEORGE-32)."""
    state = ctx.state
    options = george_options(ctx)
    if options.george_victory != "wealth" or state.round_no < options.george_max_rounds:
        return False
    rows = leaderboard(ctx)
    key = "gain" if options.george_victory_measure == "gain_over_start" else "wealth"
    best = (rows[0][key], rows[0]["cash"])
    winners = [row["seat"] for row in rows if (row[key], row["cash"]) == best]
    names = " and ".join(ctx.name(s) for s in sorted(winners))
    what = "the greatest gain over the starting cash" if key == "gain" else "the greatest wealth"
    end_game(ctx, winners, f"{WEALTH}: after round {state.round_no} of {options.george_max_rounds}, {names} with "
                           f"{what} (${best[0]:,})")
    return True


def wealth_of_state(state: GameState, seat: int) -> int:
    """`wealth` for callers holding only a state (the bots, the interface)."""
    return wealth(RulesContext(state), seat)
