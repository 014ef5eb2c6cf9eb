"""The Court Date deck of Illumonopoly (V-ILLUMO-15): 52 cards, four of each of thirteen kinds, as data
(resources/illumo_court_cards.json). A card in a deck or a hand is its number, 0 to 51; its kind is the
`number // copies`-th entry."""
from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict

from .datafile import read_json
from .resources import resource_path

CourtKind = Literal["secret_deal", "interference", "historic_blunder", "holding_action", "idle_hands", "irs_audit",
                    "rent_control", "brain_drain", "condemned_property", "corporate_spy", "bribed_assessor",
                    "legal_holiday", "cancellation"]
HIDDEN_CARD = -1
"""A card another seat may not see, in a view (its count is public, its face is not)."""


class CourtCard(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: CourtKind
    face: str
    name: str
    timing: Literal["own_acquisition", "answer_secret_deal", "step_4", "lawsuit_before_roll", "start_of_turn",
                    "any_time", "response"]
    rule_id: str
    text: str


class CourtDeck(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    copies: int
    cards: tuple[CourtCard, ...]

    def card(self, number: int) -> CourtCard:
        return self.cards[number // self.copies]

    def numbers(self) -> list[int]:
        return list(range(self.copies * len(self.cards)))


@lru_cache(maxsize=1)
def court_deck() -> CourtDeck:
    """The deck's data (read once)."""
    return CourtDeck.model_validate(read_json(resource_path("illumo_court_cards.json")))
