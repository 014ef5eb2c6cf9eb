"""The Illuminati of Illumonopoly's advanced mode (V-ILLUMO-42 to -47), as data (resources/illumo_illuminati.json):
each has a fixed legal power and an ability."""
from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from .datafile import read_json
from .resources import resource_path


class Illuminatus(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str
    name: str
    legal_power: int
    rule_id: str
    ability: str


class IlluminatiList(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    illuminati: tuple[Illuminatus, ...]

    def by_id(self, ident: str) -> Illuminatus:
        return next(one for one in self.illuminati if one.id == ident)


@lru_cache(maxsize=1)
def illuminati() -> IlluminatiList:
    return IlluminatiList.model_validate(read_json(resource_path("illumo_illuminati.json")))
