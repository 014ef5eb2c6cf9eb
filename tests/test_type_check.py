"""Seats and factions cannot be mixed up (issue 28, model/seating.py): the modules that name both are type-checked
with mypy, and passing a seat where a faction is meant (or the reverse) is a type error. This is where a bug would
show one partner's secrets to the other.

Only the mix-ups are the point here: the checks of dynamic attributes (a ruleset's options and state slice, read
through the base models' types) are left out (`union-attr`, `attr-defined`)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ["illuminopoly_desktop/model/seating.py", "illuminopoly_desktop/rules/control.py",
           "illuminopoly_desktop/variants/shared/geometry.py", "illuminopoly_desktop/variants/shared/resolver.py",
           "illuminopoly_desktop/variants/shared/secrets.py", "illuminopoly_desktop/variants/shared/victory.py",
           "illuminopoly_desktop/variants/shared/dog.py", "illuminopoly_desktop/variants/shared/halves.py",
           "illuminopoly_desktop/variants/shared/queries.py", "illuminopoly_desktop/presentation/shared_table.py"]
FLAGS = ["--follow-imports=silent", "--ignore-missing-imports", "--no-error-summary", "--no-incremental",
         "--disable-error-code", "union-attr", "--disable-error-code", "attr-defined"]


def mypy(*paths: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mypy", *FLAGS, *paths], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)


def test_the_modules_that_name_seats_and_factions_type_check():
    result = mypy(*CHECKED)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_seat_where_a_faction_is_meant_is_a_type_error(tmp_path):
    mixed = tmp_path / "mixed_up.py"
    mixed.write_text("from illuminopoly_desktop.model.seating import FactionId, SeatId\n"
                     "from illuminopoly_desktop.variants.shared import geometry\n\n"
                     "def wrong(seat: SeatId, faction: FactionId) -> SeatId:\n"
                     "    return geometry.controller(seat, 'first', 4)  # a seat passed as a faction\n\n"
                     "def also_wrong(faction: FactionId) -> SeatId:\n"
                     "    return faction  # a faction returned as a seat\n")
    result = mypy(str(mixed))
    assert result.returncode == 1
    assert 'Argument 1 to "controller" has incompatible type "SeatId"; expected "FactionId"' in result.stdout
    assert 'Incompatible return value type (got "FactionId", expected "SeatId")' in result.stdout
