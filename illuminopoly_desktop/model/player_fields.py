"""`PlayerFields`: a player as the pydantic model he was before he became a plain class (model/player_state.py).

The same fields, types and defaults, with their documentation. Positions (variants/illuminopoly/position.py) derive
their player entries from it, and tests/test_player_state.py checks the plain class's written-out schema against it.
This module stays pure Python: it defines a pydantic model (see packaging/compiled_modules.txt).
"""
from __future__ import annotations

from pydantic import Field

from .favor_card import FavorCard
from .model_base import Model
from .player_state import PlayerKind, PlayerRole


class PlayerFields(Model):
    seat: int
    name: str
    kind: PlayerKind = "human"
    role: PlayerRole = "faction"
    faction: str | None = None
    cash: int = 0
    position: int = 0
    in_jail: bool = False
    jail_turns: int = 0
    jail_no_favor: bool = False
    political_favors: list[FavorCard] = Field(default_factory=list)
    lost_turns: int = 0
    disabled: bool = False
    awakened: bool = False
    terrorist_jailings: int = 0
    bail_bonus_against: list[int] = Field(default_factory=list)
    completed_first_circuit: bool = False
    doubles_this_turn: int = 0
    last_utility_roll: int | None = None
    forced_reorg_pending: bool = False
    rebuild_token: int | None = None
    """A property this player may rebuild by forfeiting his move at his next T3 (R-REBUILD-02)."""
    rebuild_token_ready: bool = False
    """The token was earned before this turn began, so it may be used at this turn's T3 and lapses after it."""
    no_forfeit_rebuild_next_turn: bool = False
    dog_condition: str | None = None
    """Hidden: only the Dog's own view shows it (R-GEN-06)."""
    bank_debt: int = 0
    """What he still owes the Bank from a shortfall under `bank_shortfall_forgiven=false` (R-LOSE-02 step 2).
    Not money: it is repaid out of every later receipt and blocks his voluntary spending until it is paid."""
    eliminated: bool = False
