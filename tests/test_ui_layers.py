"""The window's code is grouped by area (issue 20, point 13), and imports between the areas flow one way.

`common` (drawing helpers, colours, the dialog frame) is used by everything; the board by the power structures;
the dialogs by the table's panels; the LAN windows by nobody but the application, which may use them all. A module
that reaches up a layer would tie two rooms together again, so this test names it.
"""
from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[1] / "illuminopoly_desktop" / "ui"
LAYERS = ("common", "board", "structure", "dialogs", "table", "lan", "app")


def _area_imports(path: Path) -> set[str]:
    areas = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level == 2 and node.module:
            areas.add(node.module.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("illuminopoly_desktop.ui."):
            areas.add(node.module.split(".")[2])
    return areas & set(LAYERS)


def test_every_window_module_lives_in_an_area():
    loose = [p.name for p in UI.glob("*.py") if p.name != "__init__.py"]
    assert loose == []
    assert sorted(p.name for p in UI.iterdir() if p.is_dir() and p.name != "__pycache__") == sorted(LAYERS)


def test_imports_between_areas_flow_one_way():
    upward = []
    for area in LAYERS:
        for path in (UI / area).glob("*.py"):
            for used in _area_imports(path):
                if LAYERS.index(used) > LAYERS.index(area):
                    upward.append(f"{area}/{path.name} imports {used}")
    assert upward == []
