"""A LAN game's password as its seat file keeps it: never the password itself, only a salted PBKDF2 hash. When the
host resumes the game, the host dialog can then tell him whether the password he typed is the one the players'
apps will reconnect with, or that he left out a password the game had."""
from __future__ import annotations

import hashlib
import hmac
import secrets

ITERATIONS = 20_000
"""Enough to make guessing from a copied seat file slow, little enough to check as the host types (about 10 ms)."""


def password_record(password: str) -> dict:
    """What the seat file keeps of `password`: {"salt", "iterations", "pbkdf2_sha256"} (hex)."""
    salt = secrets.token_bytes(16)
    return {"salt": salt.hex(), "iterations": ITERATIONS, "pbkdf2_sha256": _derive(password, salt, ITERATIONS).hex()}


def matches(record: dict, password: str) -> bool:
    """Whether `password` is the one `record` was made from (False for a record that does not read)."""
    try:
        salt = bytes.fromhex(record["salt"])
        iterations = int(record["iterations"])
        expected = bytes.fromhex(record["pbkdf2_sha256"])
    except (KeyError, TypeError, ValueError):
        return False
    if not 1 <= iterations <= 10 * ITERATIONS:
        return False  # a hand-edited record must not make the dialog hang
    return hmac.compare_digest(_derive(password, salt, iterations), expected)


def _derive(password: str, salt: bytes, iterations: int) -> bytes:
    return hashlib.pbkdf2_hmac("sha256", password.encode(), salt, iterations)


def resume_problem(record: dict | None, typed: str) -> str | None:
    """Why `typed`, the password a saved game is resumed with, is not the one its players' apps will reconnect with
    (the game kept `record`, or None: it had no password), or None when it is."""
    if not isinstance(record, dict):
        return None
    if not typed:
        return ("This game had a password: type it again, or the game is open to anyone on the network (the "
                "players' apps reconnect with the password they joined with).")
    if not matches(record, typed):
        return "This is not the password the game was hosted with: the players' apps will not reconnect with it."
    return None
