"""A Political Favor card a player holds (R-CARD-06): which deck it came from and its number there. A pydantic model
in a module of its own, so that the player's plain class (model/player_state.py) and the offers (model/state.py) both
use it."""
from __future__ import annotations

from typing import Literal

from .model_base import Model


class FavorCard(Model):
    deck: Literal["chance", "community_chest"]
    number: int
