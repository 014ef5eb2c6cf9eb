"""Faction descriptions shown to players (§25), loaded from factions.json.

The rules for each faction live in the engine; this file only carries the
names and plain-English texts, so translations or rewording need no code.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from .datafile import DataProblem, read_json, validation_error_to_data_file_error
from .resources import resource_path

NonEmptyText = Annotated[str, Field(min_length=1)]


class FactionInfo(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
    name: NonEmptyText
    title: NonEmptyText  # the faction's epithet, e.g. "aristocrats"
    power: NonEmptyText
    victory: NonEmptyText
    power_in_a_sentence: NonEmptyText
    """The power as a newcomer reads it at a glance (the faction draft's buttons)."""
    victory_in_a_sentence: NonEmptyText
    rule_ids: Annotated[tuple[Annotated[str, Field(pattern=r"^R-FAC-[A-Z]+-\d{2}$")], ...], Field(min_length=1)]
    optional: bool  # True for seats not in every game: the Artillery and the professional Banker


class FactionFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    factions: tuple[FactionInfo, ...]
    dog_conditions: dict[str, NonEmptyText]
    """Each victory condition the Dog may choose in secret (R-FAC-DOG-01), in a sentence."""

    @model_validator(mode="after")
    def _ids_unique(self) -> FactionFile:
        seen: set[str] = set()
        for position, faction in enumerate(self.factions):
            if faction.id in seen:
                raise DataProblem(("factions", position, "id"), f"'{faction.id}' is listed twice")
            seen.add(faction.id)
        return self


def load_factions(path: str | Path | None = None) -> dict[str, FactionInfo]:
    """Return faction id -> FactionInfo, in file order (default resources/factions.json).

    Raises DataFileError naming the file, the entry and the field at fault.
    """
    resolved = Path(path) if path is not None else resource_path("factions.json")
    # A fresh dict each call, so a caller cannot alter the cached one.
    return {faction.id: faction for faction in _load_faction_file(resolved).factions}


def load_dog_conditions(path: str | Path | None = None) -> dict[str, str]:
    """Each condition the Dog may choose (variants.illuminopoly.setup.DOG_CONDITIONS) -> its sentence."""
    resolved = Path(path) if path is not None else resource_path("factions.json")
    return dict(_load_faction_file(resolved).dog_conditions)


@lru_cache(maxsize=8)
def _load_faction_file(path: Path) -> FactionFile:
    data = read_json(path)
    try:
        return FactionFile.model_validate(data)
    except ValidationError as error:
        raise validation_error_to_data_file_error(error, path, data) from None
