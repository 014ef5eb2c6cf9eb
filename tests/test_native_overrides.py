"""The compiled core calls a decision's methods through native method tables (issue 30): `Decision`, `Window`, `Step`
and their subclasses take no interpreted subclasses, and the engine holds the decision it waits on typed
(`rules/decisions.py` `waiting_decision`, `rules/engine.py` `_answer`). Such a table holds the methods a class
defines with `def`; a subclass that overrides one by assignment in its body (`menu = staticmethod(menus.of)`)
would be seen by Python, so by the pure-Python package, and not by a typed compiled call: the two builds would play
different games. So no registered decision does, and no ruleset: the engine and the listing hold the ruleset typed
too (rules/engine.py, rules/legal.py), so its seams are `def` methods, never `check_losses = staticmethod(...)`."""
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


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_no_ruleset_overrides_a_seam_by_assignment(name):
    # A ruleset's seams (rules/ruleset.py) are written with `def`, so that the compiled engine calling them through
    # the native method table calls the ruleset's own (issue 30; 45 seams were assignments before).
    problems = _assigned_overrides(type(find_ruleset(name)), Ruleset)
    assert not problems, problems


class _Seams:
    def seam(self, value: int) -> int:
        return value


def _doubled(value: int) -> int:
    return 2 * value


class _AssignedSeam(_Seams):
    seam = staticmethod(_doubled)


class _DefinedSeam(_Seams):
    def seam(self, value: int) -> int:
        return _doubled(value)


def test_the_check_finds_an_override_by_assignment():
    # What the check is for: it must find a seam bound by assignment, and pass one written with `def`.
    assert _assigned_overrides(_AssignedSeam, _Seams) == [f"{__name__}._AssignedSeam.seam"]
    assert _assigned_overrides(_DefinedSeam, _Seams) == []
