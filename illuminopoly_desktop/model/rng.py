"""The game's only source of randomness (R-GEN-02): deterministic for replay, unpredictable to the players.

Two generators exist, and a game's setup names the one it uses (`GameSetup.generator`):

- `blake2b-ctr`, every new game's: keyed BLAKE2b in counter mode. The key is derived from the game's seed (at
  least 128 bits from the operating system's CSPRNG, `new_seed`); each draw hashes a stream number and that
  stream's counter. Without the key, past outputs say nothing about the next ones (BLAKE2b is a PRF), so the public
  dice do not reveal the decks, the next dice nor a computer player's secret choices. The streams are separate:
  the dice; the shuffles and random picks (decks, factions, tie-breaks); and, outside the state, each computer
  player's own choices (`derived_seed`), which never share a stream with the game.
- `splitmix64`, the generator of every save written before: its whole state is one 64-bit integer and it can be
  run backwards from its outputs. Kept so that those saves still replay bit for bit and verify their hash.

The generator state stays one integer (`GameState.rng_state`): splitmix64's state, or the keyed generator's stream
counters, 64 bits each (the dice in the low bits, the shuffles above). The key is never stored: it is recomputed
from the setup's seed, which never leaves the host (views blank it).
"""
from __future__ import annotations

import hashlib
import secrets
from functools import lru_cache
from typing import Final, Literal

MASK64: Final = (1 << 64) - 1

SPLITMIX64: Final = "splitmix64"
KEYED_BLAKE2B: Final = "blake2b-ctr"
Generator = Literal["splitmix64", "blake2b-ctr"]
DEFAULT_GENERATOR: Generator = KEYED_BLAKE2B
"""The generator of new games; a setup without a `generator` field is an old save's (splitmix64)."""

SEED_BITS = 128
# (Final: the compiled core then reads these as constants, not as a module's globals, once per draw)
STREAM_DICE: Final = 0
STREAM_SHUFFLE: Final = 1
"""Deck shuffles, the factions dealt or drawn, random picks such as a tied election (R-CHAIR-02)."""
COUNTER_BITS: Final = 64


def new_seed() -> int:
    """A fresh game seed: 128 bits from the operating system's CSPRNG."""
    return secrets.randbits(SEED_BITS)


def initial_state(seed: int, generator: str = DEFAULT_GENERATOR) -> int:
    """The generator state a new game starts from."""
    if generator == SPLITMIX64:
        return seed_state(seed)
    if generator == KEYED_BLAKE2B:
        return 0  # every stream's counter at 0
    raise ValueError(f"unknown random generator {generator!r}")


def below(state: int, n: int, seed: int = 0, generator: str = SPLITMIX64,
          stream: int = STREAM_DICE) -> tuple[int, int]:
    """Return (new_state, uniform integer in [0, n)) from `stream` of the game's generator, using Lemire's
    multiply-shift (bias < n/2**64). The splitmix64 generator has a single stream and no key."""
    if generator == SPLITMIX64:
        state, x = next_u64(state)
        return state, (x * n) >> 64
    shift = COUNTER_BITS * stream
    counter = (state >> shift) & MASK64
    x = keyed_u64(seed, stream, counter)
    return state + (1 << shift), (x * n) >> 64


def keyed_u64(seed: int, stream: int, counter: int) -> int:
    """Output number `counter` of `stream`: BLAKE2b keyed with the game's key, over the stream and the counter."""
    keyed = _KEYED.get(seed)
    if keyed is None:
        keyed = _keyed(seed)
    hasher = keyed.copy()  # the keyed state copied: the same digest as hashing with the key afresh
    hasher.update(counter.to_bytes(8, "little") + stream.to_bytes(1, "little"))
    return int.from_bytes(hasher.digest(), "little")


_KEYED: Final[dict[int, hashlib.blake2b]] = {}
"""The keyed hashers of the games seen lately, by seed (a plain dict, read on every draw: cheaper than a call through
`lru_cache`); at most `_KEYED_KEPT`."""
_KEYED_KEPT: Final = 64


def _keyed(seed: int) -> hashlib.blake2b:
    """BLAKE2b keyed with the game's key, nothing hashed yet: a draw copies it instead of keying a new hasher (which
    hashes a whole block for the key), about a third of a draw's time. Never updated itself, only its copies."""
    if len(_KEYED) >= _KEYED_KEPT:
        _KEYED.clear()
    keyed = _KEYED[seed] = hashlib.blake2b(key=_key(seed), digest_size=8)
    return keyed


def derived_seed(seed: int, label: str) -> int:
    """A 128-bit seed for something outside the game state that must not be guessable (a computer player's own
    choices, the factions dealt in a LAN lobby): keyed BLAKE2b of `label` under the game's key, so it tells
    nothing of the game's streams nor of another label's."""
    digest = hashlib.blake2b(b"derived:" + label.encode(), key=_key(seed), digest_size=16).digest()
    return int.from_bytes(digest, "little")


@lru_cache(maxsize=64)
def _key(seed: int) -> bytes:
    """The 32-byte key of a game, from its seed (any integer; small ones in tests and scenarios)."""
    return hashlib.blake2b(str(seed).encode(), digest_size=32, person=b"illuminopoly-key").digest()


# ----- splitmix64: the saves written before the keyed generator -----

def seed_state(seed: int) -> int:
    """Turn any integer seed into a splitmix64 state."""
    return (seed * 0x9E3779B97F4A7C15 + 0x2545F4914F6CDD1D) & MASK64


def next_u64(state: int) -> tuple[int, int]:
    """splitmix64: return (new_state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)
