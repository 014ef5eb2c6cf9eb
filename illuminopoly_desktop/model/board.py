"""The board: 40 squares, colour groups and the fixed rent tables (§34.1).

Loaded from a JSON file so that renamed or house-made boards need only new
data (§34). Every check names the file, the square and the field at fault.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Annotated, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, StrictInt, ValidationError, field_validator, model_validator

from .datafile import DataProblem, read_json, validation_error_to_data_file_error
from .resources import resource_path

SquareKind = Literal[
    "go", "lot", "railroad", "utility", "community_chest", "chance",
    "income_tax", "luxury_tax", "jail", "free_parking", "go_to_jail",
]
PROPERTY_KINDS = frozenset({"lot", "railroad", "utility"})
RAILROAD_GROUP = "railroads"
UTILITY_GROUP = "utilities"
BOARD_SIZE: Final = 40
SIDE_LENGTH = BOARD_SIZE // 4
RENT_TABLE_LABELS = "base rent, 1 house, 2 houses, 3 houses, 4 houses, hotel"

PositiveInt = Annotated[StrictInt, Field(gt=0)]


def expected_leg(index: int) -> int | None:
    """The board side of a square: None for corners, else 1..4 (R-STRUCT-02)."""
    return None if index % SIDE_LENGTH == 0 else index // SIDE_LENGTH + 1


class Square(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    index: Annotated[StrictInt, Field(ge=0)]
    name: Annotated[str, Field(min_length=1)]
    kind: SquareKind
    group: str | None = None  # lots: colour id; railroads/utilities: fixed group name
    price: PositiveInt | None = None
    rents: tuple[StrictInt, StrictInt, StrictInt, StrictInt, StrictInt, StrictInt] | None = None
    house_cost: PositiveInt | None = None
    mortgage: PositiveInt | None = None
    leg: Annotated[StrictInt, Field(ge=1, le=4)] | None = None
    out_arrows: Annotated[StrictInt, Field(ge=0)] = 0

    @property
    def is_property(self) -> bool:
        return self.kind in PROPERTY_KINDS

    @field_validator("rents", mode="before")
    @classmethod
    def _rents_has_six_amounts(cls, value: object) -> object:
        # Checked before tuple parsing: pydantic's own message for a short
        # tuple ("field required" at rents[5]) would puzzle a board author.
        if isinstance(value, (list, tuple)) and len(value) != 6:
            raise ValueError(f"must list 6 amounts ({RENT_TABLE_LABELS}), found {len(value)}")
        return value

    @field_validator("rents")
    @classmethod
    def _rents_not_negative(cls, value: tuple[int, ...] | None) -> tuple[int, ...] | None:
        if value is not None and min(value) < 0:
            raise ValueError(f"amounts must not be negative (got {list(value)})")
        return value

    @model_validator(mode="after")
    def _fields_fit_the_kind(self) -> Square:
        if self.is_property:
            self._check_property_fields()
        else:
            for name in ("group", "price", "rents", "house_cost", "mortgage"):
                if getattr(self, name) is not None:
                    raise DataProblem((name,), f"only properties have a {name}; this square is a {self.kind}")
        return self

    def _check_property_fields(self) -> None:
        for name in ("price", "mortgage"):
            if getattr(self, name) is None:
                raise DataProblem((name,), f"is missing: every {self.kind} needs a {name}")
        if self.kind == "lot":
            for name in ("rents", "house_cost", "group"):
                if getattr(self, name) is None:
                    raise DataProblem((name,), "is missing: every lot needs rents, house_cost and a colour group")
            if self.group in (RAILROAD_GROUP, UTILITY_GROUP):
                raise DataProblem(("group",), f"'{self.group}' is reserved for {self.group}; a lot needs a colour group")
            return
        fixed_group = RAILROAD_GROUP if self.kind == "railroad" else UTILITY_GROUP
        if self.group != fixed_group:
            raise DataProblem(("group",), f"must be '{fixed_group}' for a {self.kind}")
        for name in ("rents", "house_cost"):
            if getattr(self, name) is not None:
                raise DataProblem(
                    (name,),
                    f"must be left out for a {self.kind}: its rent comes from the board's "
                    f"{'railroad_rents' if self.kind == 'railroad' else 'utility_multipliers'}",
                )


class ColourGroup(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: Annotated[str, Field(min_length=1)]
    name: Annotated[str, Field(min_length=1)]
    color: Annotated[str, Field(pattern=r"^#[0-9A-Fa-f]{6}$")]  # display colour "#RRGGBB"


class Board(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: Annotated[str, Field(min_length=1)]
    squares: tuple[Square, ...]
    groups: tuple[ColourGroup, ...]
    railroad_rents: tuple[PositiveInt, ...] = (25, 50, 100, 200)  # rent by railroads counted, 1..4
    utility_multipliers: tuple[PositiveInt, PositiveInt] = (4, 10)  # one owned / both owned
    go_salary: Annotated[StrictInt, Field(ge=0)] = 200
    income_tax_flat: Annotated[StrictInt, Field(ge=0)] = 200
    income_tax_percent: Annotated[StrictInt, Field(ge=0, le=100)] = 10

    # Derived lookups, computed once: the engine asks for them constantly.
    _property_indices: tuple[int, ...] = PrivateAttr()
    _railroad_indices: tuple[int, ...] = PrivateAttr()
    _utility_indices: tuple[int, ...] = PrivateAttr()
    _chance_indices: tuple[int, ...] = PrivateAttr()
    _community_chest_indices: tuple[int, ...] = PrivateAttr()
    _group_members: dict[str, tuple[int, ...]] = PrivateAttr()
    _single_square_of_kind: dict[str, int] = PrivateAttr()

    @model_validator(mode="after")
    def _check_board(self) -> Board:
        self._check_layout()
        self._check_unique_corners()
        self._check_groups()
        self._check_names_unique()
        self._compute_lookups()
        return self

    def _check_layout(self) -> None:
        if len(self.squares) != BOARD_SIZE:
            raise DataProblem(("squares",), f"a board needs exactly {BOARD_SIZE} squares, found {len(self.squares)}")
        for position, square in enumerate(self.squares):
            where = ("squares", position)
            if square.index != position:
                raise DataProblem(
                    where + ("index",),
                    f"is {square.index} but the square is listed at position {position} "
                    "(list squares in move order from GO = 0)",
                )
            leg = expected_leg(position)
            if square.leg != leg:
                side = "a corner, which belongs to no leg (use null)" if leg is None else (
                    f"on leg {leg} (squares {(leg - 1) * SIDE_LENGTH + 1}-{leg * SIDE_LENGTH - 1})")
                raise DataProblem(where + ("leg",), f"is {square.leg} but square {position} is {side}")
            if square.is_property:
                if leg is None:
                    raise DataProblem(where + ("kind",), "a property cannot stand on a corner")
                if square.out_arrows != leg - 1:
                    raise DataProblem(
                        where + ("out_arrows",),
                        f"is {square.out_arrows} but a leg-{leg} deed has {leg - 1} (R-STRUCT-02: leg - 1)",
                    )
            elif square.out_arrows != 0:
                raise DataProblem(where + ("out_arrows",), f"must be 0: a {square.kind} square has no deed")

    def _check_unique_corners(self) -> None:
        if self.squares[0].kind != "go":
            raise DataProblem(("squares", 0, "kind"), f"is '{self.squares[0].kind}' but square 0 must be 'go'")
        for kind in ("go", "jail", "free_parking", "go_to_jail"):
            positions = [s.index for s in self.squares if s.kind == kind]
            if not positions:
                raise DataProblem(("squares",), f"the board needs one square of kind '{kind}', found none")
            if len(positions) > 1:
                raise DataProblem(
                    ("squares", positions[1], "kind"),
                    f"a second '{kind}' square (the first is square {positions[0]}); a board has exactly one",
                )

    def _check_groups(self) -> None:
        ids = [g.id for g in self.groups]
        for position, group in enumerate(self.groups):
            if group.id in (RAILROAD_GROUP, UTILITY_GROUP):
                raise DataProblem(("groups", position, "id"), f"'{group.id}' is reserved; list only colour groups here")
            if ids.index(group.id) != position:
                raise DataProblem(("groups", position, "id"), f"'{group.id}' is listed twice")
        known = set(ids)
        for square in self.squares:
            if square.kind == "lot" and square.group not in known:
                raise DataProblem(
                    ("squares", square.index, "group"),
                    f"'{square.group}' is not one of the board's groups ({', '.join(ids)})",
                )
        used = {s.group for s in self.squares if s.kind == "lot"}
        for position, group in enumerate(self.groups):
            if group.id not in used:
                raise DataProblem(("groups", position, "id"), f"colour group '{group.id}' has no lots")
        railroads = sum(1 for s in self.squares if s.kind == "railroad")
        if railroads > len(self.railroad_rents):
            raise DataProblem(
                ("railroad_rents",),
                f"lists {len(self.railroad_rents)} rents but the board has {railroads} railroads (one rent per count)",
            )

    def _check_names_unique(self) -> None:
        # Only deeds need unique names: Chance and Community Chest repeat.
        first_index: dict[str, int] = {}
        for square in self.squares:
            if not square.is_property:
                continue
            if square.name in first_index:
                raise DataProblem(
                    ("squares", square.index, "name"),
                    f"square {first_index[square.name]} already has this name; property names must be unique",
                )
            first_index[square.name] = square.index

    def _compute_lookups(self) -> None:
        def indices(*kinds: str) -> tuple[int, ...]:
            return tuple(s.index for s in self.squares if s.kind in kinds)

        self._property_indices = indices(*PROPERTY_KINDS)
        self._railroad_indices = indices("railroad")
        self._utility_indices = indices("utility")
        self._chance_indices = indices("chance")
        self._community_chest_indices = indices("community_chest")
        self._group_members = {
            g.id: tuple(s.index for s in self.squares if s.kind == "lot" and s.group == g.id) for g in self.groups
        }
        self._single_square_of_kind = {
            kind: indices(kind)[0] for kind in ("go", "jail", "free_parking", "go_to_jail")
        }

    @property
    def property_indices(self) -> tuple[int, ...]:
        """All deeds (lots, railroads, utilities) in board order."""
        return self._property_indices

    @property
    def railroad_indices(self) -> tuple[int, ...]:
        return self._railroad_indices

    @property
    def utility_indices(self) -> tuple[int, ...]:
        return self._utility_indices

    @property
    def group_members(self) -> dict[str, tuple[int, ...]]:
        """Colour group id -> its lots in board order (railroads/utilities excluded).
        Shared by every caller of the cached board: do not mutate."""
        return self._group_members

    @property
    def chance_indices(self) -> tuple[int, ...]:
        return self._chance_indices

    @property
    def community_chest_indices(self) -> tuple[int, ...]:
        return self._community_chest_indices

    @property
    def go_index(self) -> int:
        return self._single_square_of_kind["go"]

    @property
    def jail_index(self) -> int:
        return self._single_square_of_kind["jail"]

    @property
    def free_parking_index(self) -> int:
        return self._single_square_of_kind["free_parking"]

    @property
    def go_to_jail_index(self) -> int:
        return self._single_square_of_kind["go_to_jail"]


DEFAULT_BOARD_PARTS = ("boards", "classic.json")


def load_board(path: str | Path | None = None) -> Board:
    """Load and validate a board file (default: resources/boards/classic.json).

    The result is cached per path (as given, not resolved, to keep repeated
    loads free of file-system calls) and shared: Board is frozen.
    Raises DataFileError naming the file, the entry and the field at fault.
    """
    resolved = Path(path) if path is not None else resource_path(*DEFAULT_BOARD_PARTS)
    return _load_board_cached(resolved)


@lru_cache(maxsize=16)
def _load_board_cached(path: Path) -> Board:
    data = read_json(path)
    try:
        return Board.model_validate(data)
    except ValidationError as error:
        raise validation_error_to_data_file_error(error, path, data) from None
