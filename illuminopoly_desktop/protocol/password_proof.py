"""Proving the game's password without sending it (protocol 2).

The server sends every new connection a `challenge`: a fresh random nonce, a salt and an iteration count. The
client derives a key from the password (PBKDF2-HMAC-SHA256 with that salt and count) and sends, in its hello, the
`proof`: HMAC-SHA256 of the nonce under that key. The password never travels, and a proof is good for one
connection only (the nonce changes). Someone who records a handshake on the network can still try passwords
offline against it, each guess costing the PBKDF2 iterations: a long password stays safe, a short word does not
(README, "What a LAN attacker can and cannot do").
"""
from __future__ import annotations

import hashlib
import hmac
import secrets

ITERATIONS = 20_000
"""About 10 ms per derivation: each offline guess at a recorded handshake costs as much."""
MAX_ITERATIONS = 10 * ITERATIONS
"""A client refuses a challenge asking for more (a hostile server must not make it hang)."""


def derive_key(password: str, salt: bytes, iterations: int) -> bytes:
    return hashlib.pbkdf2_hmac("sha256", password.encode(), salt, iterations)


def proof(key: bytes, nonce_hex: str) -> str:
    """The hello's `proof` for the challenge's nonce under a derived key (64 hex digits)."""
    return hmac.new(key, bytes.fromhex(nonce_hex), hashlib.sha256).hexdigest()


def answer_challenge(password: str, nonce: str, salt: str, iterations: int) -> str:
    """The client's side: the proof for `password` (raises ValueError for a challenge it will not answer)."""
    if not 1 <= iterations <= MAX_ITERATIONS:
        raise ValueError(f"the server asks for {iterations} iterations; at most {MAX_ITERATIONS} are computed")
    return proof(derive_key(password, bytes.fromhex(salt), iterations), nonce)


class PasswordVerifier:
    """The server's side: one salt and derived key for the server's run (never stored), a nonce per connection."""

    def __init__(self, password: str, iterations: int = ITERATIONS):
        self.salt = secrets.token_bytes(16)
        self.iterations = iterations
        self._key = derive_key(password, self.salt, iterations)

    @staticmethod
    def new_nonce() -> str:
        return secrets.token_hex(32)

    def check(self, nonce: str, given: str | None) -> bool:
        return given is not None and hmac.compare_digest(proof(self._key, nonce), given)
