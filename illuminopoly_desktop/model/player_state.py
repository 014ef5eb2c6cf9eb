"""A player's state (spec §1.2) as a plain class, the compiled core's native class (as a deed's,
model/property_state.py, whose documentation says why and how).

The rules read a player's fields (`player.cash`, `player.eliminated`, `player.position`...) on every action. The
schema pydantic reads and writes a player by is written out below (model/native_schema.py) as the model declared its
fields; tests/test_player_state.py checks it against `PlayerFields` (model/player_fields.py), the pydantic model the
player was: the same validation errors, the same JSON in every form, the same JSON schema.
"""
from __future__ import annotations

from typing import Literal, get_args

from pydantic_core import CoreSchema, core_schema

from .favor_card import FavorCard
from .native_schema import NativeRecord, class_schema, listed, optional, required, seat_or_none

PlayerKind = Literal["human", "computer"]
PlayerRole = Literal["faction", "banker"]

FIELD_NAMES: tuple[str, ...] = (
    "seat", "name", "kind", "role", "faction", "cash", "position", "in_jail", "jail_turns", "jail_no_favor",
    "political_favors", "lost_turns", "disabled", "awakened", "terrorist_jailings", "bail_bonus_against",
    "completed_first_circuit", "doubles_this_turn", "last_utility_roll", "forced_reorg_pending", "rebuild_token",
    "rebuild_token_ready", "no_forfeit_rebuild_next_turn", "dog_condition", "bank_debt", "eliminated")
"""The fields in declared order: the order of the JSON, the repr and the initialiser."""


class PlayerState(NativeRecord):
    """One player. His fields are documented on `PlayerFields` (model/player_fields.py), the model it was."""

    seat: int
    name: str
    kind: PlayerKind
    role: PlayerRole
    faction: str | None
    cash: int
    position: int
    in_jail: bool
    jail_turns: int
    jail_no_favor: bool
    political_favors: list[FavorCard]
    lost_turns: int
    disabled: bool
    awakened: bool
    terrorist_jailings: int
    bail_bonus_against: list[int]
    completed_first_circuit: bool
    doubles_this_turn: int
    last_utility_roll: int | None
    forced_reorg_pending: bool
    rebuild_token: int | None
    rebuild_token_ready: bool
    no_forfeit_rebuild_next_turn: bool
    dog_condition: str | None
    bank_debt: int
    eliminated: bool

    def __init__(self, *, seat: int, name: str, kind: PlayerKind = "human", role: PlayerRole = "faction",
                 faction: str | None = None, cash: int = 0, position: int = 0, in_jail: bool = False,
                 jail_turns: int = 0, jail_no_favor: bool = False, political_favors: list[FavorCard] | None = None,
                 lost_turns: int = 0, disabled: bool = False, awakened: bool = False, terrorist_jailings: int = 0,
                 bail_bonus_against: list[int] | None = None, completed_first_circuit: bool = False,
                 doubles_this_turn: int = 0, last_utility_roll: int | None = None, forced_reorg_pending: bool = False,
                 rebuild_token: int | None = None, rebuild_token_ready: bool = False,
                 no_forfeit_rebuild_next_turn: bool = False, dog_condition: str | None = None, bank_debt: int = 0,
                 eliminated: bool = False) -> None:
        self.seat = seat
        self.name = name
        self.kind = kind
        self.role = role
        self.faction = faction
        self.cash = cash
        self.position = position
        self.in_jail = in_jail
        self.jail_turns = jail_turns
        self.jail_no_favor = jail_no_favor
        self.political_favors = [] if political_favors is None else political_favors
        self.lost_turns = lost_turns
        self.disabled = disabled
        self.awakened = awakened
        self.terrorist_jailings = terrorist_jailings
        self.bail_bonus_against = [] if bail_bonus_against is None else bail_bonus_against
        self.completed_first_circuit = completed_first_circuit
        self.doubles_this_turn = doubles_this_turn
        self.last_utility_roll = last_utility_roll
        self.forced_reorg_pending = forced_reorg_pending
        self.rebuild_token = rebuild_token
        self.rebuild_token_ready = rebuild_token_ready
        self.no_forfeit_rebuild_next_turn = no_forfeit_rebuild_next_turn
        self.dog_condition = dog_condition
        self.bank_debt = bank_debt
        self.eliminated = eliminated

    def copy(self) -> PlayerState:
        """An independent copy: the lists and the Political Favor cards are copied too."""
        return PlayerState(
            seat=self.seat, name=self.name, kind=self.kind, role=self.role, faction=self.faction, cash=self.cash,
            position=self.position, in_jail=self.in_jail, jail_turns=self.jail_turns,
            jail_no_favor=self.jail_no_favor, political_favors=[card.model_copy() for card in self.political_favors],
            lost_turns=self.lost_turns, disabled=self.disabled, awakened=self.awakened,
            terrorist_jailings=self.terrorist_jailings, bail_bonus_against=list(self.bail_bonus_against),
            completed_first_circuit=self.completed_first_circuit, doubles_this_turn=self.doubles_this_turn,
            last_utility_roll=self.last_utility_roll, forced_reorg_pending=self.forced_reorg_pending,
            rebuild_token=self.rebuild_token, rebuild_token_ready=self.rebuild_token_ready,
            no_forfeit_rebuild_next_turn=self.no_forfeit_rebuild_next_turn, dog_condition=self.dog_condition,
            bank_debt=self.bank_debt, eliminated=self.eliminated)

    def as_dict(self) -> dict[str, object]:
        """Every field by name, in declared order (what the schema serialises, leaving out what it must)."""
        return {
            "seat": self.seat, "name": self.name, "kind": self.kind, "role": self.role, "faction": self.faction,
            "cash": self.cash, "position": self.position, "in_jail": self.in_jail, "jail_turns": self.jail_turns,
            "jail_no_favor": self.jail_no_favor, "political_favors": self.political_favors,
            "lost_turns": self.lost_turns, "disabled": self.disabled, "awakened": self.awakened,
            "terrorist_jailings": self.terrorist_jailings, "bail_bonus_against": self.bail_bonus_against,
            "completed_first_circuit": self.completed_first_circuit, "doubles_this_turn": self.doubles_this_turn,
            "last_utility_roll": self.last_utility_roll, "forced_reorg_pending": self.forced_reorg_pending,
            "rebuild_token": self.rebuild_token, "rebuild_token_ready": self.rebuild_token_ready,
            "no_forfeit_rebuild_next_turn": self.no_forfeit_rebuild_next_turn, "dog_condition": self.dog_condition,
            "bank_debt": self.bank_debt, "eliminated": self.eliminated}

    def __eq__(self, other: object) -> bool:
        # Field by field, as two pydantic models compare (a model never equals another class's instance).
        if not isinstance(other, PlayerState):
            return NotImplemented
        return (self.seat == other.seat and self.name == other.name and self.kind == other.kind and
                self.role == other.role and self.faction == other.faction and self.cash == other.cash and
                self.position == other.position and self.in_jail == other.in_jail and
                self.jail_turns == other.jail_turns and self.jail_no_favor == other.jail_no_favor and
                self.political_favors == other.political_favors and self.lost_turns == other.lost_turns and
                self.disabled == other.disabled and self.awakened == other.awakened and
                self.terrorist_jailings == other.terrorist_jailings and
                self.bail_bonus_against == other.bail_bonus_against and
                self.completed_first_circuit == other.completed_first_circuit and
                self.doubles_this_turn == other.doubles_this_turn and
                self.last_utility_roll == other.last_utility_roll and
                self.forced_reorg_pending == other.forced_reorg_pending and
                self.rebuild_token == other.rebuild_token and
                self.rebuild_token_ready == other.rebuild_token_ready and
                self.no_forfeit_rebuild_next_turn == other.no_forfeit_rebuild_next_turn and
                self.dog_condition == other.dog_condition and self.bank_debt == other.bank_debt and
                self.eliminated == other.eliminated)

    @classmethod
    def record_schema(cls) -> CoreSchema:
        """The player's schema (`player_core_schema`)."""
        return player_core_schema()


_schema: CoreSchema | None = None


def player_core_schema() -> CoreSchema:
    """The schema `PlayerState.__get_pydantic_core_schema__` gives pydantic (built once, model/native_schema.py): the
    model's fields in declared order."""
    global _schema
    if _schema is None:
        int_, bool_, str_ = core_schema.int_schema(), core_schema.bool_schema(), core_schema.str_schema()
        text_or_none = core_schema.nullable_schema(core_schema.str_schema())
        kind = core_schema.literal_schema(list(get_args(PlayerKind)))
        role = core_schema.literal_schema(list(get_args(PlayerRole)))
        _schema = class_schema(PlayerState, {
            "seat": required(int_),
            "name": required(str_),
            "kind": optional(kind, "human"),
            "role": optional(role, "faction"),
            "faction": optional(text_or_none, None),
            "cash": optional(int_, 0),
            "position": optional(int_, 0),
            "in_jail": optional(bool_, False),
            "jail_turns": optional(int_, 0),
            "jail_no_favor": optional(bool_, False),
            "political_favors": listed(FavorCard.__pydantic_core_schema__),
            "lost_turns": optional(int_, 0),
            "disabled": optional(bool_, False),
            "awakened": optional(bool_, False),
            "terrorist_jailings": optional(int_, 0),
            "bail_bonus_against": listed(int_),
            "completed_first_circuit": optional(bool_, False),
            "doubles_this_turn": optional(int_, 0),
            "last_utility_roll": optional(seat_or_none(), None),
            "forced_reorg_pending": optional(bool_, False),
            "rebuild_token": optional(seat_or_none(), None),
            "rebuild_token_ready": optional(bool_, False),
            "no_forfeit_rebuild_next_turn": optional(bool_, False),
            "dog_condition": optional(text_or_none, None),
            "bank_debt": optional(int_, 0),
            "eliminated": optional(bool_, False),
        }, PlayerState)
    return _schema
