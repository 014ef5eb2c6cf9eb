"""Chance and Community Chest decks (§34.3), loaded from a CSV file.

Decks are data: a printing with other texts only needs a new CSV, as long as
every card maps to one of the effect codes the engine supports.
"""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError, model_validator

from .datafile import DataFileError, DataProblem, describe_problem, read_text
from .resources import RESOURCES_ENV_VAR, resource_path

DeckName = Literal["chance", "community_chest"]
DECK_NAMES: tuple[str, ...] = ("chance", "community_chest")
DECK_SIZE = 16

CardEffect = Literal[
    "advance_to_go", "advance_to", "advance_to_nearest_utility", "advance_to_nearest_railroad",
    "collect", "pay", "get_out_of_jail_free", "move_back", "go_to_jail", "repairs",
    "pay_each_player", "collect_from_each_player",
]

PARAMETER_FIELDS = ("amount", "square", "per_house", "per_hotel")
# The parameters each effect uses; any other parameter cell must stay empty,
# which catches cells shifted into the wrong column.
EFFECT_PARAMETERS: dict[str, frozenset[str]] = {
    "advance_to_go": frozenset(),
    "advance_to": frozenset({"square"}),
    "advance_to_nearest_utility": frozenset(),
    "advance_to_nearest_railroad": frozenset(),
    "collect": frozenset({"amount"}),
    "pay": frozenset({"amount"}),
    "get_out_of_jail_free": frozenset(),
    "move_back": frozenset({"amount"}),  # amount = number of spaces
    "go_to_jail": frozenset(),
    "repairs": frozenset({"per_house", "per_hotel"}),
    "pay_each_player": frozenset({"amount"}),
    "collect_from_each_player": frozenset({"amount"}),
}

CSV_COLUMNS = ("deck", "number", "effect", *PARAMETER_FIELDS, "text")


class Card(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    deck: DeckName
    number: Annotated[StrictInt, Field(ge=1, le=DECK_SIZE)]
    effect: CardEffect
    amount: Annotated[StrictInt, Field(gt=0)] | None = None
    square: Annotated[StrictInt, Field(ge=0)] | None = None
    per_house: Annotated[StrictInt, Field(ge=0)] | None = None
    per_hotel: Annotated[StrictInt, Field(ge=0)] | None = None
    text: Annotated[str, Field(min_length=1)]

    @property
    def is_political_favor(self) -> bool:
        """A Get Out of Jail Free card is kept as a Political Favor (R-CARD-05)."""
        return self.effect == "get_out_of_jail_free"

    @model_validator(mode="after")
    def _parameters_fit_the_effect(self) -> Card:
        needed = EFFECT_PARAMETERS[self.effect]
        for name in PARAMETER_FIELDS:
            present = getattr(self, name) is not None
            if name in needed and not present:
                raise DataProblem((name,), f"is required for effect '{self.effect}'")
            if name not in needed and present:
                raise DataProblem((name,), f"must be empty for effect '{self.effect}'")
        return self


class Decks(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    chance: tuple[Card, ...]
    community_chest: tuple[Card, ...]

    @model_validator(mode="after")
    def _cards_numbered_in_order(self) -> Decks:
        for deck in DECK_NAMES:
            cards = getattr(self, deck)
            for position, card in enumerate(cards):
                if card.deck != deck or card.number != position + 1:
                    raise ValueError(f"{deck}[{position}] must be {deck} card #{position + 1}")
        return self

    def card(self, deck: str, number: int) -> Card:
        """Return card `number` (1-based) of `deck`; KeyError if there is none."""
        cards = getattr(self, deck) if deck in DECK_NAMES else ()
        if not 1 <= number <= len(cards):
            raise KeyError(f"no card {deck} #{number}")
        return cards[number - 1]


def load_cards(path: str | Path | None = None) -> Decks:
    """Load both decks from a CSV file (default: resources/cards_classic.csv).

    Columns: deck,number,effect,amount,square,per_house,per_hotel,text; an
    empty cell means "none". Cached per file. Raises DataFileError naming the
    file, the row and the field at fault.
    """
    if path is not None:
        return _load_cards_cached(Path(path))
    # The default decks are read at every card drawn (rules/cards.py): found by the one input of the resources folder
    # that may change while the app runs (model/resources.py), not by building its path each time.
    override = os.environ.get(RESOURCES_ENV_VAR)
    found = _DEFAULT_DECKS.get(override)
    if found is None:
        found = _DEFAULT_DECKS[override] = _load_cards_cached(resource_path("cards_classic.csv"))
    return found


_DEFAULT_DECKS: dict[str | None, Decks] = {}
"""The decks of resources/cards_classic.csv, by the ILLUMINOPOLY_RESOURCES override they were read under."""


@lru_cache(maxsize=8)
def _load_cards_cached(path: Path) -> Decks:
    reader = csv.DictReader(io.StringIO(read_text(path), newline=""))
    _check_header(path, reader.fieldnames)
    by_deck: dict[str, dict[int, tuple[Card, str]]] = {deck: {} for deck in DECK_NAMES}
    for row in reader:
        entry = f"row {reader.line_num} ({row.get('deck') or '?'} #{row.get('number') or '?'})"
        card = _parse_card(path, entry, row)
        if card.number in by_deck[card.deck]:
            first = by_deck[card.deck][card.number][1]
            raise DataFileError(path, entry, "number", f"duplicates {first}")
        by_deck[card.deck][card.number] = (card, entry)
    for deck, cards in by_deck.items():
        missing = [n for n in range(1, DECK_SIZE + 1) if n not in cards]
        if missing:
            raise DataFileError(
                path, f"deck '{deck}'", "number",
                f"needs cards numbered 1-{DECK_SIZE}; missing {', '.join(map(str, missing))}",
            )
    return Decks(**{deck: tuple(cards[n][0] for n in sorted(cards)) for deck, cards in by_deck.items()})


def _check_header(path: Path, header: Sequence[str] | None) -> None:
    if header is None:
        raise DataFileError(path, "row 1", None, f"the file is empty; expected the header {','.join(CSV_COLUMNS)}")
    if tuple(h.strip() for h in header) != CSV_COLUMNS:
        raise DataFileError(path, "row 1", None, f"the header must be {','.join(CSV_COLUMNS)} (found {','.join(header)})")


def _parse_card(path: Path, entry: str, row: dict[str | None, object]) -> Card:
    if None in row:  # DictReader puts surplus cells under the key None
        raise DataFileError(path, entry, None, f"has more than {len(CSV_COLUMNS)} cells (quote texts with commas)")
    values: dict[str, object] = {}
    for column in CSV_COLUMNS:
        cell = row.get(column)
        cell = cell.strip() if isinstance(cell, str) else ""
        if cell == "":
            continue
        if column in ("number", *PARAMETER_FIELDS):
            try:
                values[column] = int(cell)
            except ValueError:
                raise DataFileError(path, entry, column, f"must be a whole number (got {json.dumps(cell)})") from None
        else:
            values[column] = cell
    try:
        return Card.model_validate(values)
    except ValidationError as error:
        first = error.errors()[0]
        loc = tuple(first["loc"])
        inner = (first.get("ctx") or {}).get("error")
        if isinstance(inner, DataProblem):
            loc += inner.loc
        field = ".".join(str(part) for part in loc) or None
        raise DataFileError(path, entry, field, describe_problem(first)) from None
