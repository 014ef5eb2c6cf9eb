"""View changes as RFC 6902 JSON Patch, so that the server sends what changed instead of the whole view every time,
and a client in any language applies them with an existing library (this one uses `jsonpatch`).

A view is plain JSON (objects with string keys, arrays, numbers, strings, booleans, null). `diff(old, new)` gives
the operations, each an object with `op` ("add", "remove" or "replace"), `path` (a JSON Pointer, RFC 6901) and,
except for "remove", `value`. Items appended to an array are "add" operations at `path/-`. `apply_patch(diff(a,
b), a)` gives a value equal to `b`.
"""
from __future__ import annotations

from typing import Any

import jsonpatch
import jsonpointer


class PatchError(ValueError):
    """A patch that does not fit the document it is applied to (the client then asks for a full view)."""


def diff(old: Any, new: Any) -> list[dict]:
    """The RFC 6902 operations that turn `old` into `new` (both JSON values)."""
    ops: list[dict] = []
    _diff(old, new, "", ops)
    return ops


def _token(step: str | int) -> str:
    return "/" + (step.replace("~", "~0").replace("/", "~1") if isinstance(step, str) else str(step))


def _diff(old: Any, new: Any, path: str, ops: list[dict]) -> None:
    if old == new:  # a C-level comparison: unchanged subtrees (most of a view) cost almost nothing
        if type(old) is type(new):
            return
    if type(old) is dict and type(new) is dict:
        for key in old:
            if key not in new:
                ops.append({"op": "remove", "path": path + _token(key)})
        for key, value in new.items():
            if key not in old:
                ops.append({"op": "add", "path": path + _token(key), "value": value})
                continue
            was = old[key]
            if was == value and type(was) is type(value):
                continue  # checked here rather than in a call: most keys of a view are unchanged
            _diff(was, value, path + _token(key), ops)
        return
    if type(old) is list and type(new) is list:
        if len(old) == len(new) and old:
            changed = [i for i, (a, b) in enumerate(zip(old, new)) if a != b or type(a) is not type(b)]
            if len(changed) * 2 <= len(new):  # element by element only while that is the smaller patch
                for i in changed:
                    _diff(old[i], new[i], path + _token(i), ops)
                return
        elif len(new) > len(old) and new[:len(old)] == old:
            ops.extend({"op": "add", "path": path + "/-", "value": item} for item in new[len(old):])
            return
    ops.append({"op": "replace", "path": path, "value": new})


def apply_patch(document: Any, ops: object) -> Any:
    """Apply RFC 6902 `ops` to `document` (in place where possible); returns the new document.

    Raises PatchError if an operation does not fit (a missing member, an index out of range, a bad operation)."""
    if not isinstance(ops, list) or not all(isinstance(op, dict) for op in ops):
        raise PatchError("a patch is a list of operation objects")
    try:
        return jsonpatch.apply_patch(document, ops, in_place=True)
    except (jsonpatch.JsonPatchException, jsonpointer.JsonPointerException, KeyError, IndexError, TypeError,
            ValueError) as error:
        raise PatchError(f"the patch does not fit: {error}") from None
