"""View changes as small patches, so that the server sends what changed instead of the whole view every time.

A view is plain JSON (dicts with string keys, lists, numbers, strings, booleans, null). A patch is a list of
operations, each a JSON array:

    ["set", path, value]   replace (or add) the value at `path`
    ["del", path]          remove the key at the end of `path` from its object
    ["ext", path, items]   append `items` to the list at `path`

A path is a list of object keys (strings) and list indices (integers) from the root; `[]` is the root itself.
`apply_patch(diff(a, b), a)` gives a value equal to `b`.
"""
from __future__ import annotations

from typing import Any

Path = list  # list[str | int]


class PatchError(ValueError):
    """A patch that does not fit the document it is applied to (the client then asks for a full view)."""


def diff(old: Any, new: Any) -> list[list]:
    """The operations that turn `old` into `new` (both JSON values)."""
    ops: list[list] = []
    _diff(old, new, [], ops)
    return ops


def _diff(old: Any, new: Any, path: list, ops: list[list]) -> None:
    if old == new:  # a C-level comparison: unchanged subtrees (most of a view) cost almost nothing
        if type(old) is type(new):
            return
    if type(old) is dict and type(new) is dict:
        for key in old:
            if key not in new:
                ops.append(["del", path + [key]])
        for key, value in new.items():
            if key not in old:
                ops.append(["set", path + [key], value])
                continue
            was = old[key]
            if was == value and type(was) is type(value):
                continue  # checked here rather than in a call: most keys of a view are unchanged
            _diff(was, value, path + [key], ops)
        return
    if type(old) is list and type(new) is list:
        if len(old) == len(new) and old:
            changed = [i for i, (a, b) in enumerate(zip(old, new)) if a != b or type(a) is not type(b)]
            if len(changed) * 2 <= len(new):  # element by element only while that is the smaller patch
                for i in changed:
                    _diff(old[i], new[i], path + [i], ops)
                return
        elif len(new) > len(old) and new[:len(old)] == old:
            ops.append(["ext", path, new[len(old):]])
            return
    ops.append(["set", path, new])


def apply_patch(document: Any, ops: list) -> Any:
    """Apply `ops` to `document` in place where possible; returns the new document (a new root for a root "set").

    Raises PatchError if an operation does not fit (a missing key, an index out of range, a bad operation).
    """
    for op in ops:
        if not isinstance(op, (list, tuple)) or not op or op[0] not in ("set", "del", "ext"):
            raise PatchError(f"not a patch operation: {op!r}")
        kind, path = op[0], op[1] if len(op) > 1 else None
        if not isinstance(path, (list, tuple)):
            raise PatchError(f"bad path in {op!r}")
        if kind == "set" and not path:
            document = op[2]
            continue
        if kind == "ext" and not path:
            _extend(document, op)
            continue
        if not path:
            raise PatchError(f"cannot delete the root: {op!r}")
        parent = _walk(document, path[:-1])
        last = path[-1]
        try:
            if kind == "set":
                if isinstance(parent, list):
                    parent[_index(parent, last)] = op[2]
                else:
                    _object(parent)[last] = op[2]
            elif kind == "del":
                del _object(parent)[last]
            else:
                _extend(_child(parent, last), op)
        except (KeyError, IndexError, TypeError) as error:
            raise PatchError(f"{op[:2]!r} does not fit: {error}") from None
    return document


def _extend(target: Any, op: list) -> None:
    if not isinstance(target, list) or len(op) < 3 or not isinstance(op[2], list):
        raise PatchError(f"cannot extend: {op[:2]!r}")
    target.extend(op[2])


def _walk(document: Any, path: list) -> Any:
    node = document
    for step in path:
        node = _child(node, step)
    return node


def _child(node: Any, step: Any) -> Any:
    try:
        if isinstance(node, list):
            return node[_index(node, step)]
        return _object(node)[step]
    except (KeyError, IndexError, TypeError) as error:
        raise PatchError(f"no {step!r} here: {error}") from None


def _index(node: list, step: Any) -> int:
    if type(step) is not int or not 0 <= step < len(node):
        raise PatchError(f"bad list index {step!r}")
    return step


def _object(node: Any) -> dict:
    if not isinstance(node, dict):
        raise PatchError("not an object")
    return node
