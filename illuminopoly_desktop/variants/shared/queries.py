"""What the table asks of a shared-faction game (VARIANTS §3.7): Illuminopoly's queries, and the capability flag that
switches on the seat ring, the seats' two faction tabs and the halves' pass money (ui/, presentation/shared_table.py)."""
from __future__ import annotations

from ..illuminopoly.queries import IlluminopolyQueries


class SharedQueries(IlluminopolyQueries):
    shares_factions = True
