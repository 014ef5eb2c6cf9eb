"""Special victory (R-WIN-02, R-WIN-04): every faction's own condition (§25, R-FAC-*-01) and when it is tested.

Each condition is a function `(ctx, subject) -> bool`, so that the Dog can borrow one with himself as its subject
(R-FAC-DOG-01). "Owns or controls" counts a property the subject owns even when someone else has subverted it, and
one he controls without owning it (A-51). A property is *qualifying* when it is not destroyed, disrupted (under
`disrupted_counts_as_destroyed`), rezoned or mortgaged (§25; rezoned and mortgaged ones qualify under the v2.2
edition's `special_victory_requires_normal_state=false`, E-26).

The check runs after every applied action and every automatic step (R-GEN-09 check 1, from
`engine.run_to_decision`), tens of thousands of times per second in a benchmark, so it is written for speed: only the
conditions of the players in play are tested, only when an event since the last test could have made them true
(`changes_since`), and each condition starts with the cheapest test that can fail.
"""
from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Final

from ...model.state import PlayerState, PropertyState
from ...rules import events as E
from ...rules.boardindex import BoardIndex
from ...rules.context import RulesContext
from ...rules.required_fields import printed_price
from .access import illuminopoly_options
from .game_end import end_game, first_in_turn_order
from .property_values import ranking_value
from .setup import DOG_CONDITIONS as DOG_CHOICES

TOP_FIVE: Final = 5
THIMBLE_COLOURS: Final = 6
HORSEMAN_RUINS = 7
HORSEMAN_HOLDS_PER_OPPONENT = 2
STEAM_IRON_GROUPS: Final = 5
WHEELBARROW_RAILROADS = 2
SHOE_LEGS = (3, 4)
MAX_FACTOR_HALVES: Final = 3
"""The highest rebuild factor, 1½ (R-REBUILD-05): no property ranks above 1½ × its price."""

# What a step may have changed, so which conditions it may have made true (see `changes_since`):
HOLDINGS: Final = 1
"""Who owns or controls what, mortgages, eliminations."""
COUNTDOWNS: Final = 2
"""Disruption and rebuilt-Railroad countdowns going down (R-RENT-06). Only Railroads and Utilities carry them
(R-ART-09, R-REBUILD-07), so no colour condition reads them; and their end only ends a disruption, never a ruin."""
RUINS: Final = 4
"""Rezoning, destruction, disruption, rebuilding, the terrorist tally."""
EVERYTHING: Final = HOLDINGS | COUNTDOWNS | RUINS


# ----- what the conditions need from the board, computed once per board -----

class _Layout:
    """Board lookups the conditions read on every check (a plain object: pydantic attributes are slow)."""
    __slots__ = ("index", "colours", "group_lots", "railroads", "utilities", "by_price", "shoe_lots", "ranks")

    def __init__(self, index: BoardIndex):
        board = index.board
        squares = board.squares
        self.index = index
        self.colours = frozenset(g.id for g in board.groups)
        self.group_lots = tuple(board.group_members.values())
        self.railroads = board.railroad_indices
        self.utilities = board.utility_indices
        self.by_price = tuple(sorted(((s.index, printed_price(s)) for s in squares if s.is_property),
                                     key=lambda ip: -ip[1]))
        """(index, price) of every property, dearest first."""
        self.shoe_lots = frozenset(s.index for s in squares if s.kind == "lot" and s.leg in SHOE_LEGS)
        self.ranks: dict[tuple[int, int, bool, bool], int | Fraction] = {}
        """Rk by (index, F in halves, destroyed-and-halved, rezoned-and-halved): the only inputs of
        `values.ranking_value`."""


class _LastLayout:
    """The layout last used: an object's attribute, not a module global rebound, which the compiled core would read
    through the module's dict (issue 30; rules/context.py `_LastSetup`)."""
    __slots__ = ("layout",)

    def __init__(self) -> None:
        self.layout: _Layout | None = None


_LAST_LAYOUT: Final = _LastLayout()


def _layout(ctx: RulesContext) -> _Layout:
    """The layout of the game's board (`ctx.board` is the one BoardIndex of that board, see boardindex.py)."""
    layout = _LAST_LAYOUT.layout
    if layout is None or layout.index is not ctx.board:
        layout = _LAST_LAYOUT.layout = _Layout(ctx.board)
    return layout


# ----- property tests shared by the conditions -----
# The conditions inline these tests in their loops (a call per property would double their cost); these functions
# are the definitions, used where speed does not matter.

def qualifying(prop: PropertyState, disrupted_counts: bool, normal_state: bool = True) -> bool:
    """Not destroyed, disrupted (when it counts as destroyed), rezoned or mortgaged (§25). Without `normal_state`
    (`special_victory_requires_normal_state=false`: [V22] has no such requirement, E-26) rezoned and mortgaged
    properties qualify; destroyed and disrupted ones still do not ([V22]'s Artillery section: they "don't count as
    anything for victory conditions")."""
    return not (prop.destroyed or (disrupted_counts and prop.disrupted_turns > 0)
                or (normal_state and (prop.mortgaged or prop.rezoned)))


def _rank(ctx: RulesContext, index: int, prop: PropertyState, price: int) -> int | Fraction:
    """Rk (R-VAL-03). A property with F = 1, neither destroyed nor rezoned, ranks at its price; every other case
    asks `values.ranking_value`, which owns the rule (and its `ranking_value_halves_rezoned` option), once per
    combination of the inputs it reads (its Fraction arithmetic is too slow to repeat on every check)."""
    if prop.factor_halves == 2 and not prop.destroyed and not prop.rezoned:
        return price
    options = illuminopoly_options(ctx)
    key = (index, prop.factor_halves, prop.destroyed and options.ranking_value_halves_destroyed,
           prop.rezoned and options.ranking_value_halves_rezoned)
    ranks = _layout(ctx).ranks
    rank = ranks.get(key)
    if rank is None:
        exact = ranking_value(ctx, index)
        # A whole Rk is kept as an int: comparing Fractions costs a microsecond each.
        rank = ranks[key] = int(exact) if exact.denominator == 1 else exact
    return rank


# ----- the conditions: (ctx, subject) -> bool -----

def holds_top_five(ctx: RulesContext, seat: int) -> bool:
    """R-FAC-TOPHAT-01: the subject owns or controls the five properties of highest Rk, all qualifying.

    With ties at 5th place any of the tied properties completes the set. So the condition holds when at least five
    of his qualifying holdings rank at least as high as every other property (the others being everything he does
    not hold, or holds but not qualifying). Properties are visited dearest first, and the visit stops once no
    property left can rank as high as the best other one found (Rk <= 1½ x price)."""
    properties = ctx.state.properties
    disrupted_counts = illuminopoly_options(ctx).disrupted_counts_as_destroyed
    normal_state = illuminopoly_options(ctx).special_victory_requires_normal_state
    best_other: int | Fraction = 0
    held_ranks: list[int | Fraction] = []
    for index, price in _layout(ctx).by_price:
        if MAX_FACTOR_HALVES * price < 2 * best_other:
            break
        prop = properties[index]
        rank = price if prop.factor_halves == 2 and not prop.destroyed and not prop.rezoned else _rank(
            ctx, index, prop, price)
        if (prop.owner == seat or prop.controller == seat) and not (
                prop.destroyed or (disrupted_counts and prop.disrupted_turns > 0)
                or (normal_state and (prop.mortgaged or prop.rezoned))):
            held_ranks.append(rank)
        elif rank > best_other:
            best_other = rank
    return sum(1 for rank in held_ranks if rank >= best_other) >= TOP_FIVE


def spans_six_colours(ctx: RulesContext, seat: int) -> bool:
    """R-FAC-THIMBLE-01: a qualifying property owned or controlled in at least 6 of the 8 colour groups (Railroads
    and Utilities are not colours)."""
    properties = ctx.state.properties
    disrupted_counts = illuminopoly_options(ctx).disrupted_counts_as_destroyed
    normal_state = illuminopoly_options(ctx).special_victory_requires_normal_state
    group_lots = _layout(ctx).group_lots
    groups_to_spare = len(group_lots) - THIMBLE_COLOURS
    if groups_to_spare < 0:
        return False
    for lots in group_lots:
        for index in lots:
            prop = properties[index]
            if (prop.owner == seat or prop.controller == seat) and not (
                    prop.destroyed or (disrupted_counts and prop.disrupted_turns > 0)
                    or (normal_state and (prop.mortgaged or prop.rezoned))):
                break
        else:
            groups_to_spare -= 1
            if groups_to_spare < 0:
                return False
    return True


def railroads_gone(ctx: RulesContext, seat: int) -> bool:
    """R-FAC-RACECAR-01: every Railroad is rezoned or destroyed; a disrupted one counts as destroyed (A-33). Who holds
    them does not matter, so the subject is unused. With `horseman_race_car_count_destroyed=false` only rezoning
    counts ([V22]'s "destroyed" is rezoned, E-22)."""
    properties = ctx.state.properties
    destroyed_counts = illuminopoly_options(ctx).horseman_race_car_count_destroyed
    disrupted_counts = destroyed_counts and illuminopoly_options(ctx).disrupted_counts_as_destroyed
    for index in _layout(ctx).railroads:
        prop = properties[index]
        if not (prop.rezoned or (destroyed_counts and prop.destroyed)
                or (disrupted_counts and prop.disrupted_turns > 0)):
            return False
    return True


def seven_ruins(ctx: RulesContext, seat: int) -> bool:
    """R-FAC-HORSEMAN-01 (a): at least 7 properties are rezoned or destroyed (a disrupted Railroad or Utility counts
    as destroyed), whoever caused it; the subject is unused. With `horseman_race_car_count_destroyed=false` only
    rezoned properties count ([V22], E-22)."""
    destroyed_counts = illuminopoly_options(ctx).horseman_race_car_count_destroyed
    disrupted_counts = destroyed_counts and illuminopoly_options(ctx).disrupted_counts_as_destroyed
    ruins = 0
    for prop in ctx.state.properties.values():
        if prop.rezoned or (destroyed_counts and prop.destroyed) or (disrupted_counts and prop.disrupted_turns > 0):
            ruins += 1
    return ruins >= HORSEMAN_RUINS


def horseman_opponents(ctx: RulesContext, seat: int) -> list[int]:
    """R-FAC-HORSEMAN-01 (b), A-52: every other active faction player except the Artillery, who can own nothing. The
    professional Banker is no faction player; an unawakened Boat is an opponent."""
    return [other for other, player in enumerate(ctx.state.players)
            if other != seat and not player.eliminated and player.role == "faction" and player.faction != "artillery"]


def held_from_owners(ctx: RulesContext, seat: int) -> dict[int, int]:
    """Owner -> how many of his properties the subject controls, as R-FAC-HORSEMAN-01 (b) counts them: control as
    the Chair over a mortgage (`mortgage_chair`) does not count unless `horseman_counts_mortgage_control`."""
    counts_chair_holds = illuminopoly_options(ctx).horseman_counts_mortgage_control
    held_from: dict[int, int] = {}
    for prop in ctx.state.properties.values():
        if prop.controller == seat and prop.owner != seat and prop.owner is not None and (
                counts_chair_holds or prop.control_origin != "mortgage_chair"):
            held_from[prop.owner] = held_from.get(prop.owner, 0) + 1
    return held_from


def holds_two_of_each_opponent(ctx: RulesContext, seat: int) -> bool:
    """R-FAC-HORSEMAN-01 (b): for every opponent, the subject controls at least 2 properties that opponent owns
    (`held_from_owners`); with no opponents (b) cannot be met."""
    held_from = held_from_owners(ctx, seat)
    if not held_from:
        return False
    opponents = horseman_opponents(ctx, seat)
    return bool(opponents) and all(held_from.get(other, 0) >= HORSEMAN_HOLDS_PER_OPPONENT for other in opponents)


def holds_utilities_and_railroads(ctx: RulesContext, seat: int) -> bool:
    """R-FAC-WHEELBARROW-01: both Utilities and at least 2 Railroads, owned or controlled and all qualifying; a
    Railroad still counting down after its rebuild (`rail_countdown > 0`) does not count, unless the countdown
    affects rent only (`rebuilt_railroad_countdown_scope=rent_only`, [V22], E-10)."""
    options = illuminopoly_options(ctx)
    properties = ctx.state.properties
    disrupted_counts = options.disrupted_counts_as_destroyed
    normal_state = options.special_victory_requires_normal_state
    countdown_counts = options.rebuilt_railroad_countdown_scope == "rent_and_victory"
    layout = _layout(ctx)
    for index in layout.utilities:
        prop = properties[index]
        if not ((prop.owner == seat or prop.controller == seat) and qualifying(prop, disrupted_counts, normal_state)):
            return False
    railroads = 0
    for index in layout.railroads:
        prop = properties[index]
        if ((prop.owner == seat or prop.controller == seat) and qualifying(prop, disrupted_counts, normal_state)
                and not (countdown_counts and prop.rail_countdown > 0)):
            railroads += 1
    return railroads >= WHEELBARROW_RAILROADS


def owns_five_cheapest(ctx: RulesContext, seat: int) -> bool:
    """R-FAC-STEAMIRON-01, A-50: in at least 5 colour groups the subject OWNS a qualifying lot whose Rk is the lowest
    of its group (ties allowed). Control is not enough; ownership is enough even when the lot is subverted."""
    properties = ctx.state.properties
    disrupted_counts = illuminopoly_options(ctx).disrupted_counts_as_destroyed
    normal_state = illuminopoly_options(ctx).special_victory_requires_normal_state
    group_lots = _layout(ctx).group_lots
    groups_to_spare = len(group_lots) - STEAM_IRON_GROUPS
    if groups_to_spare < 0:
        return False
    squares = ctx.squares
    for lots in group_lots:
        mine = [index for index in lots if properties[index].owner == seat
                and qualifying(properties[index], disrupted_counts, normal_state)]
        if mine:
            ranks = {index: _rank(ctx, index, properties[index], printed_price(squares[index])) for index in lots}
            lowest = min(ranks.values())
            if any(ranks[index] == lowest for index in mine):
                continue
        groups_to_spare -= 1
        if groups_to_spare < 0:
            return False
    return True


def placed_winning_hotel(ctx: RulesContext, seat: int) -> bool:
    """R-FAC-SHOE-01: the subject placed a hotel on a leg-3 or leg-4 colour lot he owns, at a moment remembered by
    `note_hotel_placed` until this test."""
    return seat in ctx.state.winning_hotel_placed_by


def every_colour_destroyed(ctx: RulesContext, seat: int) -> bool:
    """R-FAC-ARTILLERY-01: the terrorist tally covers every colour group (lots since rebuilt still count)."""
    tally = ctx.state.terrorist_colors_destroyed
    colours = _layout(ctx).colours
    return len(tally) >= len(colours) and colours.issubset(tally)


class Condition:
    """A special condition: its test, the rule that defines it, and the words of the win."""
    __slots__ = ("key", "test", "rule_id", "owner", "words", "any_moment", "reads")

    def __init__(self, key: str, test: Callable[[RulesContext, int], bool], rule_id: str, owner: str, words: str,
                 any_moment: bool = False, reads: int = HOLDINGS | RUINS):
        self.key = key
        self.test = test
        self.rule_id = rule_id
        self.owner = owner
        self.words = words
        self.any_moment = any_moment
        """Worded "at any moment": tested immediately whatever `special_victory_timing` says (R-WIN-02)."""
        self.reads = reads
        """The kinds of change that can make it true (see `changes_since`)."""


CONDITIONS: dict[str, Condition] = {c.key: c for c in (
    Condition("top_hat", holds_top_five, "R-FAC-TOPHAT-01", "Top Hat", "holds the five most valuable properties",
              reads=EVERYTHING),
    Condition("thimble", spans_six_colours, "R-FAC-THIMBLE-01", "Thimble",
              "holds a qualifying property in six colour groups"),
    Condition("race_car", railroads_gone, "R-FAC-RACECAR-01", "Race Car",
              "sees every Railroad rezoned or destroyed", any_moment=True, reads=RUINS),
    Condition("horseman_a", seven_ruins, "R-FAC-HORSEMAN-01", "Horseman",
              "sees seven properties rezoned or destroyed", any_moment=True, reads=RUINS),
    Condition("horseman_b", holds_two_of_each_opponent, "R-FAC-HORSEMAN-01", "Horseman",
              "controls two properties of every opponent", any_moment=True),
    Condition("wheelbarrow", holds_utilities_and_railroads, "R-FAC-WHEELBARROW-01", "Wheelbarrow",
              "holds both Utilities and two Railroads", reads=EVERYTHING),
    Condition("steam_iron", owns_five_cheapest, "R-FAC-STEAMIRON-01", "Steam Iron",
              "owns the cheapest lot of five colour groups"),
    Condition("shoe", placed_winning_hotel, "R-FAC-SHOE-01", "Shoe", "placed a hotel on leg 3 or 4"),
    Condition("artillery", every_colour_destroyed, "R-FAC-ARTILLERY-01", "Artillery",
              "has destroyed a lot of every colour group", reads=RUINS),
)}

FACTION_CONDITIONS: Final[dict[str, tuple[Condition, ...]]] = {
    "top_hat": (CONDITIONS["top_hat"],),
    "thimble": (CONDITIONS["thimble"],),
    "race_car": (CONDITIONS["race_car"],),
    "horseman": (CONDITIONS["horseman_a"], CONDITIONS["horseman_b"]),
    "wheelbarrow": (CONDITIONS["wheelbarrow"],),
    "steam_iron": (CONDITIONS["steam_iron"],),
    "shoe": (CONDITIONS["shoe"],),
    "artillery": (CONDITIONS["artillery"],),
    "boat": (),  # R-FAC-BOAT-01: no special condition
}
"""The conditions each faction wins by; the Dog's is his secret choice (R-FAC-DOG-01)."""

DOG_CONDITIONS: Final[dict[str | None, tuple[Condition, ...]]] = {key: (CONDITIONS[key],) for key in DOG_CHOICES}
"""The Dog wins by the one condition he chose in secret, with himself as subject (R-FAC-DOG-01)."""

DOG_RULE = "R-FAC-DOG-01"


def conditions_of(player: PlayerState) -> tuple[Condition, ...]:
    """The special conditions a player can win by now: none for the eliminated, who never win, or for the
    professional Banker, who has none."""
    if player.eliminated or player.role != "faction":
        return ()
    if player.faction == "dog":
        return DOG_CONDITIONS.get(player.dog_condition, ())
    return FACTION_CONDITIONS.get(player.faction, ()) if player.faction is not None else ()


# ----- the Shoe's moment (R-BUILD-07, R-FAC-SHOE-03) -----

def note_hotel_placed(ctx: RulesContext, seat: int, index: int) -> None:
    """R-BUILD-07 → R-FAC-SHOE-03: every hotel placement asks whether it wins R-FAC-SHOE-01 (a hotel placed by the
    Shoe, or by a Dog holding the Shoe's condition, on a leg-3 or leg-4 colour lot he owns). The win is a moment,
    not a state: it is remembered until the next special-victory test, which `special_victory_timing` places right
    after this event or at ROUND_END (R-WIN-02), so selling the hotel in between does not undo it."""
    state = ctx.state
    if index not in _layout(ctx).shoe_lots or state.properties[index].owner != seat:
        return
    if CONDITIONS["shoe"] in conditions_of(state.players[seat]) and seat not in state.winning_hotel_placed_by:
        state.winning_hotel_placed_by.append(seat)


# ----- the tests (R-WIN-02) -----

QUIET_EVENTS: Final = frozenset({
    E.DiceRolled, E.TokenMoved, E.MoneyMoved, E.PaymentShort, E.RentCollected, E.LandingResolved, E.CardDrawn,
    E.JailChanged, E.ContestEvent, E.DeedPlaced, E.StructureReorganized, E.BuildingsChanged, E.ChairChanged,
    E.ElectionOpened, E.VoteCast, E.FavorPlayed, E.FavorGained, E.SaleBlocked, E.OfferEvent, E.DebtEvent,
    E.AuctionEvent,
})
"""Events that never come alone with a change a condition reads: every such change is recorded by an event of its
own (R-GEN-07), listed below. A hotel placement is remembered in the state (`winning_hotel_placed_by`)."""

CHANGE_OF_EVENT: Final = {
    E.OwnershipChanged: HOLDINGS, E.ControlChanged: HOLDINGS, E.MortgageChanged: HOLDINGS,
    E.PlayerEliminated: HOLDINGS,
    # The countdowns go down at a turn's T0 or T2 and at ROUND_END, without an event of their own (R-RENT-06).
    E.TurnStarted: COUNTDOWNS, E.TurnSkipped: COUNTDOWNS, E.RoundEnded: COUNTDOWNS,
}
"""What the events that are not quiet may change. Every other event (PropertyChanged, and any type not listed here)
may change EVERYTHING."""


def changes_since(ctx: RulesContext, tested_events: int) -> int:
    """What may have changed since the action's first `tested_events` events were tested: a mask of HOLDINGS,
    COUNTDOWNS and RUINS, 0 when nothing a condition reads can have changed."""
    events = ctx.events
    changes = 0
    for position in range(tested_events, len(events)):
        kind = type(events[position])
        if kind in QUIET_EVENTS:
            continue
        change = CHANGE_OF_EVENT.get(kind)
        if change is None:
            return EVERYTHING
        changes |= change
    return changes


def check_after_event(ctx: RulesContext, tested_events: int = 0) -> int:
    """R-GEN-09 check 1, run by `engine.run_to_decision` after every applied action and every automatic step (R-WIN-02).

    Under `special_victory_timing=immediate` every condition in play is tested; under `end_of_round` only those
    worded "at any moment" (the Race Car's and the Horseman's, R-WIN-02), the rest waiting for ROUND_END.
    `tested_events` is how many of this action's events the previous test already followed: only the conditions
    that what happened since can make true are tested (`changes_since`), which keeps this check nearly free after
    most steps. Returns the count to pass next time."""
    changes = changes_since(ctx, tested_events)
    if ctx.state.winning_hotel_placed_by:
        changes |= HOLDINGS
    if changes:
        _test(ctx, changes, every_condition=illuminopoly_options(ctx).special_victory_timing == "immediate")
    return len(ctx.events)


def check_at_round_end(ctx: RulesContext) -> None:
    """ROUND_END (R-TURN-09): every condition is tested, before the general victory check (R-GEN-09). Under
    `immediate` timing this also covers the countdowns that ROUND_END has just decremented."""
    _test(ctx, EVERYTHING, every_condition=True)


def _test(ctx: RulesContext, changes: int, every_condition: bool) -> None:
    state = ctx.state
    winners: list[tuple[int, Condition]] = []
    players = state.players
    for seat in state.seat_order:
        player = players[seat]
        if player.eliminated or player.role != "faction":
            continue  # as in `conditions_of`, inlined: this loop runs on most steps of a game
        if player.faction == "dog":
            conditions = DOG_CONDITIONS.get(player.dog_condition, ())
        else:
            conditions = FACTION_CONDITIONS.get(player.faction, ()) if player.faction is not None else ()
        for condition in conditions:
            if (condition.reads & changes and (every_condition or condition.any_moment)
                    and condition.test(ctx, seat)):
                winners.append((seat, condition))
                break
    if every_condition and state.winning_hotel_placed_by:
        state.winning_hotel_placed_by.clear()  # the Shoe's moment has had its test
    if winners:
        _declare(ctx, winners)


def _declare(ctx: RulesContext, winners: list[tuple[int, Condition]]) -> None:
    """End the game for everyone who met a condition in this one test (R-WIN-04): all of them share the win under
    `simultaneous_win=shared` — a Dog meeting his condition together with the faction that owns it included
    (R-FAC-DOG-01) — or only the first in turn order under `active_player_priority`."""
    if len(winners) > 1 and illuminopoly_options(ctx).simultaneous_win == "active_player_priority":
        first = first_in_turn_order(ctx, [seat for seat, _ in winners])
        winners = [(seat, condition) for seat, condition in winners if seat == first]
    rule_ids = {_rule_of(ctx, seat, condition) for seat, condition in winners}
    rule_id = rule_ids.pop() if len(rule_ids) == 1 else "R-WIN-04"
    reason = "special victory: " + "; ".join(_describe(ctx, seat, condition) for seat, condition in winners)
    end_game(ctx, [seat for seat, _ in winners], reason, rule_id)


def _rule_of(ctx: RulesContext, seat: int, condition: Condition) -> str:
    return DOG_RULE if ctx.state.players[seat].faction == "dog" else condition.rule_id


def _describe(ctx: RulesContext, seat: int, condition: Condition) -> str:
    """E.g. "Top Hat holds the five most valuable properties"; the Dog's names the condition he had kept secret."""
    if ctx.state.players[seat].faction == "dog":
        return f"the Dog meets his secret condition, the {condition.owner}'s ({condition.words})"
    return f"{condition.owner} {condition.words}"
