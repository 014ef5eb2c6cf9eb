"""The tokens shared-faction play adds to Illuminopoly's (resources/shared_tokens.json; VARIANTS §3, V-SHARED-01).

V-SHARED-01 seats up to "the number of faction tokens in use (10 without the Artillery Piece, 11 with it)", a count
that takes one more faction than this edition's nine and the Artillery (its 11th is the professional Banker's card,
which has no token). Resolution: shared play adds one plain faction, the Money Bag (the one classic token the
edition leaves out), with no power and the general victory only, so that a ring of 11 seats (10 without the
Artillery) has a faction between every two neighbours. Illuminopoly's own games never deal it (its factions stay
resources/factions.json's)."""
from __future__ import annotations

from functools import lru_cache
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .datafile import read_json, validation_error_to_data_file_error
from .resources import resource_path

NonEmptyText = Annotated[str, Field(min_length=1)]


class SharedToken(BaseModel):
    """A token only shared-faction play deals, worded like a faction of resources/factions.json."""
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
    name: NonEmptyText
    title: NonEmptyText
    power: NonEmptyText
    victory: NonEmptyText
    power_in_a_sentence: NonEmptyText
    victory_in_a_sentence: NonEmptyText
    rule_ids: Annotated[tuple[Annotated[str, Field(pattern=r"^(V-SHARED|R-WIN)-\d{2}$")], ...], Field(min_length=1)]


class SharedTokenFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    tokens: tuple[SharedToken, ...]


def load_shared_tokens() -> dict[str, SharedToken]:
    """Token id -> its words, in file order. Raises DataFileError naming the file and the field at fault."""
    return {token.id: token for token in _load().tokens}


@lru_cache(maxsize=1)
def _load() -> SharedTokenFile:
    path = resource_path("shared_tokens.json")
    data = read_json(path)
    try:
        return SharedTokenFile.model_validate(data)
    except ValidationError as error:
        raise validation_error_to_data_file_error(error, path, data) from None
