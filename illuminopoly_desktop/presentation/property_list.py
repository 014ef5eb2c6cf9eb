"""Every property of the board in one table, for planning (Qt-free): who owns and controls it, what state it is in,
its rent now, how deep it hangs in its owner's structure, and what another player pays first to attack it.

The facts are the board's own (presentation/board_snapshot.py), public information all (R-GEN-06)."""
from __future__ import annotations

from dataclasses import dataclass

from .board_snapshot import BoardSnapshot, PropertyFacts

COLUMNS = ("Property", "Owner", "Controller", "State", "Rent now", "Depth", "Takeover", "Rezoning", "Subversion")
CONTEST_COLUMNS = ("takeover", "rezoning", "subversion")


@dataclass(frozen=True)
class PropertyRow:
    index: int
    cells: tuple[str, ...]
    """Text of each of COLUMNS."""
    sort_keys: tuple
    """What each column sorts by: numbers for the money and the depth, text otherwise (an empty cell sorts last)."""


def property_rows(snapshot: BoardSnapshot) -> list[PropertyRow]:
    """One row per property, in board order."""
    names = snapshot.player_names
    return [_row(facts, names) for _, facts in sorted(snapshot.properties.items())]


def _row(facts: PropertyFacts, names) -> PropertyRow:
    def name(seat: int | None) -> str:
        return names[seat] if seat is not None and seat < len(names) else ""

    controller = name(facts.controller) if facts.is_subverted else ""
    costs = dict(facts.attack_costs)
    money = [costs.get(contest) for contest in CONTEST_COLUMNS]
    cells = (facts.name, name(facts.owner) or "unowned", controller, state_words(facts), facts.rent_text,
             "" if facts.depth is None else str(facts.depth),
             *("" if amount is None else f"${amount:,}" for amount in money))
    rent = _leading_amount(facts.rent_text)
    sort_keys = (facts.index, cells[1], cells[2], cells[3], rent, _last_if_none(facts.depth),
                 *(_last_if_none(amount) for amount in money))
    return PropertyRow(facts.index, cells, sort_keys)


def state_words(facts: PropertyFacts) -> str:
    """Its buildings and markers in a few words: "2 houses, mortgaged"."""
    words = []
    if facts.hotel:
        words.append("hotel")
    elif facts.houses:
        words.append(f"{facts.houses} house{'s' if facts.houses > 1 else ''}")
    words += [text for shown, text in ((facts.mortgaged, "mortgaged"), (facts.rezoned, "rezoned"),
                                       (facts.destroyed, "destroyed"), (facts.rubble and not facts.destroyed, "rubble"),
                                       (facts.disrupted_turns > 0, f"disrupted {facts.disrupted_turns}"),
                                       (facts.rail_countdown > 0, f"countdown {facts.rail_countdown}")) if shown]
    return ", ".join(words)


def _leading_amount(text: str) -> float:
    """"$50" -> 50, "4 × dice" -> 4 (a Utility's multiple); no rent sorts last."""
    digits = "".join(ch for ch in text.split(" ")[0] if ch.isdigit())
    return float(digits) if digits else float("inf")


def _last_if_none(value) -> float:
    return float("inf") if value is None else float(value)
