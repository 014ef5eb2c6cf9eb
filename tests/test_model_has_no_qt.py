"""The model layer imports no Qt (architecture rule; the before-stop hook checks the same)."""
import subprocess
import sys

PURE_MODULES = [
    "illuminopoly_desktop.model.board", "illuminopoly_desktop.model.state", "illuminopoly_desktop.model.views",
    "illuminopoly_desktop.rules.engine", "illuminopoly_desktop.rules.legal", "illuminopoly_desktop.rules.invariants",
    "illuminopoly_desktop.bots.simulate", "illuminopoly_desktop.saves.savefile",
]


def test_model_rules_bots_and_saves_import_without_qt():
    code = ("import sys; sys.modules['PySide6'] = None; sys.modules['shiboken6'] = None\n"
            + "".join(f"import {m}\n" for m in PURE_MODULES)
            + "from illuminopoly_desktop.bots.simulate import play_random_game\n"
            + "r = play_random_game(1, 3, max_rounds=5)\nassert r.invariants_ok\n"
            + "assert not any(k.startswith('PySide6.') for k in sys.modules)\nprint('ok')")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
