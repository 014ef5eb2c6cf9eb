"""The imports of the Qt-free packages, read from the source (ast), keep the layers (issue 24).

- No import cycle among their modules, counting the imports made inside functions.
- No upward import: each package imports only the packages below it. The core (`model`, `rules`) knows no ruleset;
  a ruleset (`variants`) knows the core and nothing above it; the interface's view-models (`presentation`), the LAN
  (`net`), saves and reports ask the ruleset instead of importing it; the GUI (`ui`) and the command line (`cli`)
  are imported by nobody here.
- No import of a project module inside a function in `rules/` and `variants/` (such an import only hides a cycle);
  elsewhere, one is allowed only for start-up speed or an optional dependency, with a comment saying so ("lazy").
"""
from __future__ import annotations

import ast
from pathlib import Path

import illuminopoly_desktop

ROOT = Path(illuminopoly_desktop.__file__).parent
LAYERS = ("model", "rules", "variants", "protocol", "saves", "bots", "presentation", "net", "reports")
"""The Qt-free packages, lowest first: a module may import its own package and the ones before it."""
QT_SIDE = ("ui", "cli")
NO_FUNCTION_IMPORTS = ("rules", "variants")
ASKS_THE_RULESET = ("protocol", "saves", "presentation", "net", "reports")
"""Packages that reach a ruleset only through the door and `ruleset.queries`, never by importing `variants`: a new
ruleset must not mean editing their imports. (The computer players, `bots`, are written for a ruleset.)"""


def _modules() -> dict[str, Path]:
    found = {}
    for package in LAYERS:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT.parent).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


MODULES = _modules()


def _imports(name: str, path: Path):
    """(imported project module, line, inside a function) for every import of the module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    in_function = {id(sub) for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                   for sub in ast.walk(node) if isinstance(sub, (ast.Import, ast.ImportFrom))}
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join(base + (node.module.split(".") if node.module else []))
            targets = [f"{module}.{alias.name}" for alias in node.names] + [module]
        else:
            continue
        for target in targets:
            if target == "illuminopoly_desktop" or target.startswith("illuminopoly_desktop."):
                yield target, node.lineno, id(node) in in_function
                break


def _project_module(target: str) -> str | None:
    """The module of ours an import names (`pkg.mod.name` -> `pkg.mod`), or None for the root package."""
    while target and target not in MODULES:
        target = target.rpartition(".")[0]
    return target or None


def _package(module: str) -> str:
    return module.split(".")[1]


def test_no_import_cycle_among_the_qt_free_modules():
    edges = {name: set() for name in MODULES}
    for name, path in MODULES.items():
        for target, _, _ in _imports(name, path):
            module = _project_module(target)
            if module is not None and module != name and not name.startswith(module + "."):
                edges[name].add(module)
    # Tarjan's strongly connected components
    index, low, stack, on_stack, cycles, counter = {}, {}, [], set(), [], [0]

    def visit(node: str) -> None:
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in edges[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    assert not cycles, "import cycles: " + "; ".join(", ".join(cycle) for cycle in cycles)


def test_every_import_goes_down_the_layers():
    rank = {package: position for position, package in enumerate(LAYERS)}
    upward = []
    for name, path in MODULES.items():
        mine = _package(name)
        for target, line, _ in _imports(name, path):
            parts = target.split(".")
            if len(parts) < 2 or parts[1] in ("__version__",):
                continue
            theirs = parts[1]
            if (theirs in QT_SIDE or (theirs in rank and rank[theirs] > rank[mine])
                    or (theirs == "variants" and mine in ASKS_THE_RULESET)):
                upward.append(f"{path.relative_to(ROOT.parent)}:{line} imports {target} ({mine} -> {theirs})")
    assert not upward, "\n".join(upward)


def test_rules_and_variants_import_nothing_inside_a_function_and_others_only_lazily_with_a_reason():
    hidden = []
    for name, path in MODULES.items():
        lines = path.read_text(encoding="utf-8").splitlines()
        for target, line, inside in _imports(name, path):
            if not inside:
                continue
            said = "lazy" in lines[line - 1] or (line > 1 and "lazy" in lines[line - 2])
            if _package(name) in NO_FUNCTION_IMPORTS or not said:
                hidden.append(f"{path.relative_to(ROOT.parent)}:{line} imports {target} inside a function")
    assert not hidden, "\n".join(hidden)


def test_the_core_names_no_ruleset_module_and_the_checks_see_the_rulesets():
    """The core reaches a ruleset only through model/rulesets.py's registry, by name; the checks above do read the
    rulesets' packages (a broken walk would pass everything)."""
    assert any(name.startswith("illuminopoly_desktop.variants.illuminopoly.") for name in MODULES)
    for name, path in MODULES.items():
        if _package(name) in ("model", "rules"):
            assert all(not target.startswith("illuminopoly_desktop.variants") for target, _, _ in _imports(name, path))


def test_the_gui_imports_no_ruleset_module():
    """The GUI (`ui/`) asks the door and `ruleset.queries` like the view-models; it never imports `variants`."""
    found = []
    for path in (ROOT / "ui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and "variants" in (node.module or "").split("."):
                found.append(f"{path.relative_to(ROOT.parent)}:{node.lineno}")
    assert not found, "\n".join(found)
