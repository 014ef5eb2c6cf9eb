"""How far each player is from each way of winning, counted in steps, for the computer players.

A *step* is roughly one purchase, takeover, subversion, rezoning or destruction: the Thimble's condition lacking
two colour groups is two steps away, the Race Car's with one Railroad left unruined one step. The conditions are
those of §25 (R-FAC-*-01) as variants/illuminopoly/special_victory.py tests them; these functions do not decide a
win, they measure the distance to it, so that a computer player can value a property by what it does for its faction's
victory and see which opponent is about to win. The general victory (R-WIN-03) is measured the same way, in tenths
of the total Power Base still missing plus the properties still unclaimed.
"""
from __future__ import annotations

from collections.abc import Iterable

from ..model.state import GameState, PropertyState
from ..rules.boardindex import BoardIndex, board_index
from ..variants.illuminopoly.setup import DOG_CONDITIONS
from ..variants.illuminopoly.access import options_of

NO_GOAL = 99.0
"""The distance of a condition that cannot be met (or of a player with no condition)."""

SHOE_LEGS = (3, 4)


class BoardFacts:
    """Plain lookups of one board that the goal and value functions read on every decision."""
    __slots__ = ("index", "price", "kind", "group", "leg", "out", "house_cost", "mortgage", "rents", "colours",
                 "railroads", "utilities", "properties", "shoe_groups", "railroad_rents", "utility_multipliers",
                 "top_five_at_price", "cheapest_at_price")

    def __init__(self, index: BoardIndex):
        self.index = index
        squares = index.squares
        self.price = {s.index: s.price for s in squares if s.is_property and s.price is not None}
        self.kind = {s.index: s.kind for s in squares}
        self.group = {s.index: s.group for s in squares}
        self.leg = {s.index: s.leg for s in squares}
        self.out = {s.index: s.out_arrows for s in squares}
        self.house_cost = {s.index: s.house_cost or 0 for s in squares if s.is_property}
        self.mortgage = {s.index: s.mortgage or 0 for s in squares if s.is_property}
        self.rents = {s.index: s.rents for s in squares if s.kind == "lot" and s.rents is not None}
        self.colours = {group: tuple(members) for group, members in index.group_members.items()}
        self.railroads = tuple(index.railroad_indices)
        self.utilities = tuple(index.utility_indices)
        self.properties = tuple(index.property_indices)
        self.shoe_groups = tuple(g for g, lots in self.colours.items() if all(self.leg[i] in SHOE_LEGS for i in lots))
        self.railroad_rents = tuple(index.railroad_rents)
        self.utility_multipliers = tuple(index.utility_multipliers)
        # The rankings while every Rk is the price (`top_five` and `cheapest_lots` on a board nothing has changed).
        self.top_five_at_price = tuple(sorted(self.properties, key=lambda i: (-self.price[i], i))[:5])
        self.cheapest_at_price = {group: tuple(i for i in lots if self.price[i] == min(self.price[j] for j in lots))
                                  for group, lots in self.colours.items()}


_FACTS: dict[int, BoardFacts] = {}


def facts_of(state: GameState) -> BoardFacts:
    """The lookups of the game's board, built once per board."""
    index = board_index(state.setup.board)
    facts = _FACTS.get(id(index))
    if facts is None or facts.index is not index:
        facts = _FACTS[id(index)] = BoardFacts(index)
    return facts


# ----- property tests (§25) -----

def is_ruined(prop: PropertyState, disrupted_counts: bool = True, destroyed_counts: bool = True) -> bool:
    """Rezoned or destroyed, or a disrupted Railroad or Utility (`disrupted_counts_as_destroyed`); rezoned only
    without `destroyed_counts` (`horseman_race_car_count_destroyed=false`, the v2.2 edition, E-22)."""
    return prop.rezoned or (destroyed_counts and (prop.destroyed or (disrupted_counts and prop.disrupted_turns > 0)))


def is_qualifying(prop: PropertyState, disrupted_counts: bool = True, normal_state: bool = True) -> bool:
    """Not destroyed, disrupted, rezoned or mortgaged (§25); rezoned and mortgaged ones qualify without
    `normal_state` (`special_victory_requires_normal_state=false`, the v2.2 edition, E-26)."""
    return not (prop.destroyed or (disrupted_counts and prop.disrupted_turns > 0)
                or (normal_state and (prop.mortgaged or prop.rezoned)))


def holds(prop: PropertyState, seat: int) -> bool:
    """Owns or controls (§25: "owns or controls" counts both)."""
    return prop.owner == seat or prop.controller == seat


def ranking(state: GameState, facts: BoardFacts, index: int) -> float:
    """Rk (R-VAL-03): B = price × F, halved when destroyed (or rezoned, under `ranking_value_halves_rezoned`)."""
    prop = state.properties[index]
    value = facts.price[index] * prop.factor_halves / 2
    options = options_of(state)
    if ((prop.destroyed and options.ranking_value_halves_destroyed)  # not in the v2.2 edition (E-43)
            or (prop.rezoned and options.ranking_value_halves_rezoned)):
        value /= 2
    return value


def top_five(state: GameState, facts: BoardFacts) -> list[int]:
    """The five properties of highest Rk (ties broken by price, then board order)."""
    ranked = sorted(facts.properties, key=lambda i: (-ranking(state, facts, i), -facts.price[i], i))
    return ranked[:5]


def cheapest_lots(state: GameState, facts: BoardFacts, group: str) -> list[int]:
    """The lots of a colour group whose Rk is the group's lowest (R-FAC-STEAMIRON-01; ties all count)."""
    lots = facts.colours[group]
    ranks = {i: ranking(state, facts, i) for i in lots}
    lowest = min(ranks.values())
    return [i for i in lots if ranks[i] == lowest]


class Rankings:
    """What the distance functions read of one state, computed once per evaluation of it and then kept: the rankings
    the Top Hat and Steam Iron conditions read, which properties qualify (§25) or lie in ruins as the game's options
    count them, what each seat holds in qualifying state, and the unclaimed count. The state must not change while
    one is in use (an Appraiser makes a new one for every evaluation, a hypothetical change included)."""
    __slots__ = ("state", "facts", "_top", "_cheapest", "_qualifying", "_ruined", "_held", "_owned", "_ruins",
                 "_unclaimed", "_plain")

    def __init__(self, state: GameState, facts: BoardFacts):
        self.state = state
        self.facts = facts
        self._top: list[int] | None = None
        self._cheapest: dict[str, list[int]] = {}
        self._qualifying: dict[int, bool] | None = None
        self._ruined: dict[int, bool] | None = None
        self._held: dict[int, set[int]] = {}
        self._owned: dict[int, set[int]] | None = None
        self._ruins: int | None = None
        self._unclaimed: int | None = None
        self._plain: bool | None = None

    def _at_price(self) -> bool:
        """Every property's Rk is its price (no rebuild factor, nothing halved): the rankings are the board's own."""
        if self._plain is None:
            options = options_of(self.state)
            halves_destroyed, halves_rezoned = options.ranking_value_halves_destroyed, options.ranking_value_halves_rezoned
            self._plain = not any(prop.factor_halves != 2 or (prop.destroyed and halves_destroyed)
                                  or (prop.rezoned and halves_rezoned) for prop in self.state.properties.values())
        return self._plain

    def top_five(self) -> list[int]:
        if self._top is None:
            self._top = list(self.facts.top_five_at_price) if self._at_price() else top_five(self.state, self.facts)
        return self._top

    def cheapest(self, group: str) -> list[int]:
        lots = self._cheapest.get(group)
        if lots is None:
            lots = self._cheapest[group] = (list(self.facts.cheapest_at_price[group]) if self._at_price()
                                            else cheapest_lots(self.state, self.facts, group))
        return lots

    def qualifying(self) -> dict[int, bool]:
        """Property -> `is_qualifying` as the game's options read it (the bots play the game's edition)."""
        if self._qualifying is None:
            options = options_of(self.state)
            disrupted, normal = options.disrupted_counts_as_destroyed, options.special_victory_requires_normal_state
            self._qualifying = {i: is_qualifying(prop, disrupted, normal) for i, prop in self.state.properties.items()}
        return self._qualifying

    def ruined(self) -> dict[int, bool]:
        """Property -> `is_ruined` as the game's options read it."""
        if self._ruined is None:
            options = options_of(self.state)
            disrupted, destroyed = options.disrupted_counts_as_destroyed, options.horseman_race_car_count_destroyed
            self._ruined = {i: is_ruined(prop, disrupted, destroyed) for i, prop in self.state.properties.items()}
        return self._ruined

    def _holdings(self) -> None:
        """Every seat's owned properties, and those it holds (`holds`) that qualify, in one walk of the deeds."""
        qualifying = self.qualifying()
        held: dict[int, set[int]] = {}
        owned: dict[int, set[int]] = {}
        # get-or-create, not setdefault(seat, set()): that makes and drops a set for every deed.
        for i, prop in self.state.properties.items():
            owner, controller = prop.owner, prop.controller
            if owner is not None:
                mine = owned.get(owner)
                if mine is None:
                    mine = owned[owner] = set()
                mine.add(i)
            if qualifying[i]:
                if owner is not None:
                    mine = held.get(owner)
                    if mine is None:
                        mine = held[owner] = set()
                    mine.add(i)
                if controller is not None and controller != owner:
                    mine = held.get(controller)
                    if mine is None:
                        mine = held[controller] = set()
                    mine.add(i)
        self._held = held
        self._owned = owned

    # The sets are the Rankings' own, handed out unfrozen (freezing eight sets per evaluation cost more than the
    # distances read from them): callers only read them.

    def held_qualifying(self, seat: int) -> set[int]:
        """The properties `seat` owns or controls (`holds`) that qualify (not to be changed)."""
        if self._owned is None:
            self._holdings()
        held = self._held.get(seat)
        return held if held is not None else set()

    def owned(self, seat: int) -> set[int]:
        """The properties `seat` owns (not to be changed)."""
        if self._owned is None:
            self._holdings()
        assert self._owned is not None
        owned = self._owned.get(seat)
        return owned if owned is not None else set()

    def ruins(self) -> int:
        """How many properties lie in ruins (`is_ruined`)."""
        if self._ruins is None:
            self._ruins = sum(1 for flag in self.ruined().values() if flag)
        return self._ruins

    def unclaimed(self) -> int:
        if self._unclaimed is None:
            self._unclaimed = unclaimed(self.state)
        return self._unclaimed


# ----- distances, one per condition of special_victory.CONDITIONS -----

def missing_top_hat(state: GameState, facts: BoardFacts, seat: int, ranks: Rankings | None = None) -> float:
    ranks = ranks if ranks is not None else Rankings(state, facts)
    held = ranks.held_qualifying(seat)
    return float(sum(1 for i in ranks.top_five() if i not in held))


def missing_thimble(state: GameState, facts: BoardFacts, seat: int, ranks: Rankings | None = None) -> float:
    ranks = ranks if ranks is not None else Rankings(state, facts)
    colours, group = facts.colours, facts.group
    spanned = len({group[i] for i in ranks.held_qualifying(seat) if group[i] in colours})
    return float(max(0, 6 - spanned))


def missing_race_car(state: GameState, facts: BoardFacts, seat: int, ranks: Rankings | None = None) -> float:
    ruined = (ranks if ranks is not None else Rankings(state, facts)).ruined()
    return float(sum(1 for i in facts.railroads if not ruined[i]))


def missing_horseman_a(state: GameState, facts: BoardFacts, seat: int, ranks: Rankings | None = None) -> float:
    ruins = (ranks if ranks is not None else Rankings(state, facts)).ruins()
    return float(max(0, 7 - ruins))


def horseman_opponents(state: GameState, seat: int) -> list[int]:
    """R-FAC-HORSEMAN-01 (b): every other active faction player except the Artillery."""
    return [p.seat for p in state.players if p.seat != seat and not p.eliminated and p.role == "faction"
            and p.faction != "artillery"]


def missing_horseman_b(state: GameState, facts: BoardFacts, seat: int, ranks: Rankings | None = None) -> float:
    opponents = horseman_opponents(state, seat)
    if not opponents:
        return NO_GOAL
    counts_chair = options_of(state).horseman_counts_mortgage_control
    held_from: dict[int, int] = {}
    for prop in state.properties.values():
        owner = prop.owner
        if prop.controller == seat and owner is not None and owner != seat and (
                counts_chair or prop.control_origin != "mortgage_chair"):
            held_from[owner] = held_from.get(owner, 0) + 1
    return float(sum(max(0, 2 - held_from.get(o, 0)) for o in opponents))


def missing_wheelbarrow(state: GameState, facts: BoardFacts, seat: int, ranks: Rankings | None = None) -> float:
    ranks = ranks if ranks is not None else Rankings(state, facts)
    held = ranks.held_qualifying(seat)
    countdown_counts = options_of(state).rebuilt_railroad_countdown_scope == "rent_and_victory"  # E-10
    props = state.properties
    utilities = sum(1 for i in facts.utilities if i in held)
    railroads = sum(1 for i in facts.railroads if i in held and not (countdown_counts and props[i].rail_countdown))
    return float(len(facts.utilities) - utilities + max(0, 2 - railroads))


def missing_steam_iron(state: GameState, facts: BoardFacts, seat: int, ranks: Rankings | None = None) -> float:
    ranks = ranks if ranks is not None else Rankings(state, facts)
    qualifying = ranks.qualifying()
    owned = ranks.owned(seat)
    colours, group_of = facts.colours, facts.group
    groups = 0
    counted: set[str] = set()
    for i in owned:  # each colour group where the seat owns a lot, once (plain loops: no generator per group)
        group = group_of[i]
        if group is None or group in counted:
            continue
        counted.add(group)
        if group in colours:
            for cheapest in ranks.cheapest(group):
                if cheapest in owned and qualifying[cheapest]:
                    groups += 1
                    break
    return float(max(0, 5 - groups))


def shoe_group_distance(state: GameState, facts: BoardFacts, seat: int, group: str) -> float:
    """Steps to a hotel on this leg-3/4 group: each lot still to own counts 1, and the buildings still to buy
    (4 houses on every lot and one hotel) count a third each, roughly one building turn."""
    props = state.properties
    lots = facts.colours[group]
    if any(props[i].destroyed or props[i].rezoned for i in lots):
        return NO_GOAL / 2
    not_owned = sum(1 for i in lots if props[i].owner != seat)
    built = sum(min(4, props[i].houses) + (5 if props[i].hotel else 0) for i in lots if props[i].owner == seat)
    needed = 4 * len(lots) + 1
    return not_owned + max(0, needed - built) / 3


def missing_shoe(state: GameState, facts: BoardFacts, seat: int, ranks: Rankings | None = None) -> float:
    if seat in state.winning_hotel_placed_by:
        return 0.0
    return min((shoe_group_distance(state, facts, seat, g) for g in facts.shoe_groups), default=NO_GOAL)


def missing_artillery(state: GameState, facts: BoardFacts, seat: int, ranks: Rankings | None = None) -> float:
    return float(len([g for g in facts.colours if g not in state.terrorist_colors_destroyed]))


MISSING = {
    "top_hat": missing_top_hat, "thimble": missing_thimble, "race_car": missing_race_car,
    "horseman_a": missing_horseman_a, "horseman_b": missing_horseman_b, "wheelbarrow": missing_wheelbarrow,
    "steam_iron": missing_steam_iron, "shoe": missing_shoe, "artillery": missing_artillery,
}
"""Condition key (as in special_victory.CONDITIONS) -> distance function."""

FACTION_GOALS = {
    "top_hat": ("top_hat",), "thimble": ("thimble",), "race_car": ("race_car",),
    "horseman": ("horseman_a", "horseman_b"), "wheelbarrow": ("wheelbarrow",), "steam_iron": ("steam_iron",),
    "shoe": ("shoe",), "artillery": ("artillery",), "boat": (), "dog": (),
}


def goal_keys(state: GameState, seat: int, viewer: int | None = None) -> tuple[str, ...]:
    """The special conditions `seat` can win by, as `viewer` knows them: another player's Dog has a hidden condition,
    so every condition a Dog may choose is considered (R-FAC-DOG-01, R-GEN-06)."""
    player = state.players[seat]
    if player.eliminated or player.role != "faction":
        return ()
    if player.faction == "dog":
        if viewer is not None and viewer != seat and not state.game_over:
            return DOG_CONDITIONS
        return (player.dog_condition,) if player.dog_condition else ()
    return FACTION_GOALS.get(player.faction, ()) if player.faction is not None else ()


def special_distance(state: GameState, seat: int, viewer: int | None = None, ranks: Rankings | None = None) -> float:
    """The fewest steps to any special condition of `seat` (NO_GOAL if none). For another player's Dog the
    condition is unknown: the mean of the three closest is taken (a hidden condition is likely a sensible one)."""
    facts = ranks.facts if ranks is not None else facts_of(state)  # (the same object: Rankings take facts_of's)
    keys = goal_keys(state, seat, viewer)
    if not keys:
        return NO_GOAL
    if len(keys) == 1:
        return MISSING[keys[0]](state, facts, seat, ranks)
    if ranks is None:
        ranks = Rankings(state, facts)  # several conditions read the same rankings
    distances = sorted(MISSING[key](state, facts, seat, ranks) for key in keys)
    if len(keys) > 2 and keys == DOG_CONDITIONS:  # (equal, not the same: compiled, a tuple is rebuilt)
        return sum(distances[:3]) / 3 + 0.5
    return distances[0]


def unclaimed(state: GameState) -> int:
    """Properties both unowned and in normal state: the general victory waits until there are none (R-WIN-03); under
    `general_victory_measure=rents` (the v2.2 edition, E-40) uncontrolled ones, as its gate has it."""
    if options_of(state).general_victory_measure == "rents":
        return sum(1 for prop in state.properties.values()
                   if prop.controller is None and not (prop.rezoned or prop.destroyed))
    return sum(1 for prop in state.properties.values()
               if prop.owner is None and not (prop.rezoned or prop.destroyed))


def general_distance(state: GameState, seat: int, bases: dict[int, int], ranks: Rankings | None = None) -> float:
    """Steps to the general victory (R-WIN-03): every tenth of the total Power Base short of a majority, plus half a
    step per unclaimed property; an unawakened Boat needs a takeover first; the Horseman cannot win it."""
    player = state.players[seat]
    if player.eliminated or player.role != "faction" or player.faction in ("horseman", "artillery"):
        return NO_GOAL
    total = sum(bases.values())
    share = bases.get(seat, 0) / total if total else 0.0
    distance = max(0.0, 0.5 - share) * 10 + 0.5 * (ranks.unclaimed() if ranks is not None else unclaimed(state)) + 0.5
    if player.faction == "boat" and not player.awakened:
        distance += 1.5
    return distance


def closest(distances: Iterable[float]) -> float:
    return min(distances, default=NO_GOAL)
