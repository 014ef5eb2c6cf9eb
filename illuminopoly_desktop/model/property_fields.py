"""`PropertyFields`: the deed as the pydantic model it was before it became a plain class (model/property_state.py).

The same fields, types, defaults and `exclude_if`, with their documentation. Positions (variants/illuminopoly/
position.py) derive their deed entries from it, and tests/test_property_state.py checks the plain class's hand-written
schema against it: the same validation errors, the same JSON in every form, the same JSON schema. This module stays
pure Python: it defines a pydantic model (see packaging/compiled_modules.txt).
"""
from __future__ import annotations

from pydantic import Field

from .model_base import Model
from .property_state import ControlOrigin


class PropertyFields(Model):
    index: int
    owner: int | None = None
    controller: int | None = None
    control_origin: ControlOrigin | None = None
    mortgaged: bool = False
    mortgage_principal: int = 0
    mortgage_written_off: bool = False
    rezoned: bool = False
    destroyed: bool = False
    rubble: bool = False
    disrupted_turns: int = 0
    rail_countdown: int = 0
    factor_halves: int = 2
    """Rebuild factor F in halves: 1 = ½, 2 = 1, 3 = 1½ (R-REBUILD-05); kept exact, never a float."""
    houses: int = 0
    hotel: bool = False
    parent: int | None = None
    """ROOT (the owner's faction card), another owned deed's square index, or None = unattached."""
    arrow: int = 0
    """Which out-arrow of the parent the deed hangs from."""
    double_rent_by: int | None = None
    face_down: bool = Field(default=False, exclude_if=lambda value: not value)
    """`destroyed_deed=face_down` ([V22], E-36): an owned lot the Artillery destroyed is turned over, a marker only
    (VARIANTS.md §6.4, decision 17: no Chair control), until it is rebuilt (R-ART-10, R-REBUILD-06). Left out of the
    JSON when false, so that saves, hashes and the views of the revised edition's games stay as they were."""
