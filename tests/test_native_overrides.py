"""The compiled core calls a decision's methods through native method tables (issue 30): `Decision`, `Window`, `Step`
and their subclasses take no interpreted subclasses, and the engine holds the decision it waits on typed
(`rules/decisions.py` `waiting_decision`, `rules/engine.py` `_answer`). Such a table holds the methods a class
defines with `def`; a subclass that overrides one by assignment in its body (`menu = staticmethod(menus.of)`)
would be seen by Python, so by the pure-Python package, and not by a typed compiled call: the two builds would play
different games. So no registered decision does. (The rulesets do define seams by assignment, `check_losses =
staticmethod(...)`: the engine calls them untyped, looked up as Python does, rules/engine.py `run_to_decision`.)"""
import pytest

from illuminopoly_desktop.model.rulesets import RULESETS, find_ruleset
from illuminopoly_desktop.rules.decisions import Decision
from illuminopoly_desktop.rules.ruleset import Ruleset

DEFINED = ("function", "method_descriptor")
"""What a method written with `def` is in a class's dictionary: a function (pure Python), a method descriptor
(a native class of the compiled core)."""


def _assigned_overrides(cls: type, root: type) -> list[str]:
    """The names `cls` or one of its bases below `root` binds in its body to something other than a method of its
    own, where a class further up defines a method of that name."""
    found = []
    mro = cls.__mro__[:cls.__mro__.index(root) + 1]
    for position, klass in enumerate(mro):
        for name, value in vars(klass).items():
            if name.startswith("__"):
                continue
            own = type(value).__name__ in DEFINED and getattr(value, "__qualname__", "").startswith(
                klass.__qualname__ + ".")
            inherited = any(type(vars(base).get(name)).__name__ in DEFINED for base in mro[position + 1:])
            if inherited and not own:
                found.append(f"{klass.__module__}.{klass.__qualname__}.{name}")
    return found


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_no_decision_overrides_a_method_by_assignment(name):
    problems = {entry for decision in find_ruleset(name).decisions.values()
                for entry in _assigned_overrides(type(decision), Decision)}
    assert not problems, sorted(problems)


def test_the_check_finds_an_override_by_assignment():
    # The rulesets' seams assigned in their class bodies are what the check is for: it must find them.
    found = _assigned_overrides(type(find_ruleset("illuminopoly")), Ruleset)
    assert any(entry.endswith("IlluminopolyRuleset.check_losses") for entry in found), found
