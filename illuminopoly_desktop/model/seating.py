"""Seats and factions are two things, with two types (issue 28).

A **seat** is a person at the table (or a computer playing in his place): `GameSetup.seats[i]`, the curtain's "pass
the laptop to Ben", a LAN client, a computer player. A **faction** is what holds money, owns deeds, moves a token and
takes turns: `GameState.players[i]`, and the `seat` field of every action and of most events names one (that field
kept its old name so that every save stays readable).

In Illuminopoly the two are one: seat i runs faction i and nobody else ever acts for it. In the shared-faction
ruleset (VARIANTS §3, variants/shared/) they part: each faction is run by two neighbouring seats, which one decides
depends on the half of the turn (the control resolver, rules/control.py), and a seat acts for two factions in turn.
Code that could mix the two names them with these types, so that a type checker (mypy, run by
tests/test_type_check.py over the modules that use them) refuses a seat where a faction is meant and the reverse:
this is where a bug would show one partner's secrets to the other.
"""
from __future__ import annotations

from typing import NewType

SeatId = NewType("SeatId", int)
"""A person at the table: an index into `GameSetup.seats`."""

FactionId = NewType("FactionId", int)
"""An entity of the game (VARIANTS §0.2): an index into `GameState.players`, the `seat` field of an action."""


def seat_ids(count: int) -> list[SeatId]:
    return [SeatId(i) for i in range(count)]


def faction_ids(count: int) -> list[FactionId]:
    return [FactionId(i) for i in range(count)]
