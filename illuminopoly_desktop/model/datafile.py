"""Reading data files and turning every failure into one readable sentence.

Players may point the game at their own board, deck or options file, so a
mistake must be reported as "which file, which entry, which field, what is
wrong" rather than as a pydantic traceback.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

Loc = tuple[str | int, ...]


class DataFileError(ValueError):
    """A data file is missing, unreadable or holds invalid data.

    Attributes:
        path: the file (a Path), or None when the data did not come from a file.
        entry: the entry at fault, e.g. "squares[12] 'Electric Company'",
            "row 5 (chance #3)" or "line 3, column 7"; None if the whole file.
        field: the field at fault, e.g. "price" or "rents[2]"; None if the
            whole entry is at fault.
        problem: what is wrong, e.g. "must be a positive integer (got -60)".
    """

    def __init__(
        self,
        path: str | Path | None,
        entry: str | None,
        field: str | None,
        problem: str,
    ) -> None:
        self.path = Path(path) if path is not None else None
        self.entry = entry
        self.field = field
        self.problem = problem
        super().__init__(self._sentence())

    def _sentence(self) -> str:
        parts = [self.path.name if self.path is not None else "<data>"]
        if self.entry:
            parts.append(self.entry)
        if self.field:
            parts.append(f"field '{self.field}'")
        parts.append(self.problem)
        return ": ".join(parts)


class DataProblem(ValueError):
    """Raised inside model validators to point at a field by its location.

    `loc` is relative to the model whose validator raises it; pydantic keeps
    the exception object, so `validation_error_to_data_file_error` can join it
    to the location pydantic reports and name the exact entry and field.
    """

    def __init__(self, loc: Loc, problem: str) -> None:
        super().__init__(problem)
        self.loc = tuple(loc)
        self.problem = problem


def read_text(path: Path) -> str:
    """Return the text of a data file; DataFileError if it cannot be read."""
    try:
        # utf-8-sig: files saved by Windows editors often start with a BOM.
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise DataFileError(path, None, None, f"file not found (looked for {path})") from None
    except IsADirectoryError:
        raise DataFileError(path, None, None, f"is a folder, not a file ({path})") from None
    except UnicodeDecodeError as error:
        raise DataFileError(
            path, None, None, f"is not UTF-8 text (bad byte at offset {error.start})"
        ) from None
    except OSError as error:
        raise DataFileError(path, None, None, f"cannot be read ({error.strerror})") from None


def read_json(path: Path) -> Any:
    """Parse a JSON data file; syntax errors name the line and column."""
    text = read_text(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise DataFileError(
            path,
            f"line {error.lineno}, column {error.colno}",
            None,
            f"invalid JSON: {error.msg}",
        ) from None


def _loc_text(loc: Sequence[str | int]) -> str:
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def _label_of(item: Any) -> str:
    """A human label for a list element: its name or id, when it has one."""
    if isinstance(item, dict):
        for key in ("name", "id"):
            if isinstance(item.get(key), str):
                return f" '{item[key]}'"
    return ""


def describe_list_entry(loc: Loc, data: Any) -> tuple[str | None, str | None]:
    """Split a location into (entry, field) for files made of named lists.

    ("squares", 12, "price") -> ("squares[12] 'Electric Company'", "price").
    The entry is everything up to the last list index; the rest is the field.
    """
    last_index = max((i for i, part in enumerate(loc) if isinstance(part, int)), default=-1)
    if last_index < 0:
        return "top level", _loc_text(loc) or None
    entry = _loc_text(loc[: last_index + 1]) + _label_of(_lookup(data, loc[: last_index + 1]))
    return entry, _loc_text(loc[last_index + 1 :]) or None


def _lookup(data: Any, loc: Loc) -> Any:
    for part in loc:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def describe_problem(error: ErrorDetails) -> str:
    """Turn one pydantic error into plain words, with the bad value if short."""
    kind = error["type"]
    ctx = error.get("ctx") or {}
    if kind == "value_error" and isinstance(ctx.get("error"), ValueError):
        return str(ctx["error"])
    if kind == "missing":
        return "is missing"
    if kind == "extra_forbidden":
        return "is not a known field (check the spelling)"
    if kind == "greater_than":
        text = "must be a positive integer" if ctx.get("gt") == 0 else f"must be greater than {ctx.get('gt')}"
    elif kind == "greater_than_equal":
        text = f"must be at least {ctx.get('ge')}"
    elif kind == "less_than_equal":
        text = f"must be at most {ctx.get('le')}"
    elif kind in ("int_type", "int_parsing", "int_from_float"):
        text = "must be a whole number"
    elif kind in ("bool_type", "bool_parsing"):
        text = "must be true or false"
    elif kind in ("model_type", "model_attributes_type", "dict_type"):
        text = "must be a JSON object ({...})"
    elif kind in ("tuple_type", "list_type"):
        text = "must be a list ([...])"
    elif kind == "string_type":
        text = "must be text"
    elif kind == "string_too_short":
        text = "must not be empty"
    elif kind == "literal_error":
        text = f"must be one of {ctx.get('expected')}"
    elif kind == "string_pattern_mismatch":
        text = f"must match the pattern {ctx.get('pattern')}"
    else:
        text = error["msg"][:1].lower() + error["msg"][1:]
    value = error.get("input")
    if isinstance(value, (int, float, str, bool)) and len(repr(value)) <= 40:
        text += f" (got {json.dumps(value)})"
    return text


Describer = Callable[[Loc, Any], tuple[str | None, str | None]]


def validation_error_to_data_file_error(
    error: ValidationError,
    path: Path | None,
    data: Any,
    describe: Describer = describe_list_entry,
) -> DataFileError:
    """Convert the first pydantic error into a DataFileError naming the
    entry and field; the count of further problems is added to the sentence."""
    errors = error.errors()
    first = errors[0]
    loc: Loc = tuple(first["loc"])
    inner = (first.get("ctx") or {}).get("error")
    if isinstance(inner, DataProblem):
        loc += inner.loc
    entry, field = describe(loc, data)
    problem = describe_problem(first)
    if len(errors) > 1:
        more = len(errors) - 1
        problem += f" (and {more} more problem{'s' if more > 1 else ''} in this file)"
    return DataFileError(path, entry, field, problem)
