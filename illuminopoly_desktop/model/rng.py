"""The game's only source of randomness: a splitmix64 generator whose whole state is one integer.

Why not `random.Random`: its state is 625 integers, which would bloat every save and every
hash; splitmix64 passes BigCrush, is trivially serialisable and replays bit for bit (R-GEN-02).
"""
from __future__ import annotations

MASK64 = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return (seed * 0x9E3779B97F4A7C15 + 0x2545F4914F6CDD1D) & MASK64


def next_u64(state: int) -> tuple[int, int]:
    """Return (new_state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return (new_state, uniform integer in [0, n)) using Lemire's multiply-shift (bias < n/2**64)."""
    state, x = next_u64(state)
    return state, (x * n) >> 64
