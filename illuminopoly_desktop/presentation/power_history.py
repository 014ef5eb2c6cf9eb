"""Each faction's Power Base round by round, for the power-base chart (issue 4, "Playing" and the game-over screen).

The numbers are the engine's own: every ROUND_END emits `RoundEnded` with every active faction player's Power Base
(R-TURN-09, R-PB-02), so the history only listens to events. A game that is already under way (a save just opened)
is caught up by replaying its action log from the setup (`PowerHistory.from_replay`), the same deterministic replay
that verifies a save. A game that ended in the middle of a round gets a last point computed from its final state.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..model.factions import load_factions
from ..model.state import GameSetup, GameState
from ..rules import engine
from ..rules.events import Event, GameOver, RoundEnded
from ..model.rulesets import ruleset_of
from .seat_summary import current_power_bases, is_classic
from ..rules.game_start import start_game


def standings(state: GameState) -> dict[int, int]:
    """What the chart follows now: every faction player's Power Base, or a classic player's net worth (CLASSIC-15),
    which is what classic's RoundEnded carries."""
    if is_classic(state):
        return ruleset_of(state).queries.standing_values(state)
    return current_power_bases(state)[0]


def rounds_played(state: GameState) -> int:
    """The game's length in rounds: the current round, except after the round cap (R-WIN-05), which ends the
    game once the round counter has passed `max_rounds`."""
    cap = ruleset_of(state).queries.round_limit(state)  # CLASSIC-15's, V-GEORGE-32's last round
    return min(state.round_no, cap) if cap else state.round_no


@dataclass(frozen=True)
class ChartSeat:
    """One line of the chart: a faction player."""

    seat: int
    name: str
    faction: str | None
    faction_name: str

    @property
    def label(self) -> str:
        return f"{self.name} ({self.faction_name})" if self.faction_name else self.name


@dataclass(frozen=True)
class Ending:
    """How the game ended, as its GameOver event told it (the rule ID is not kept in the state)."""

    winners: tuple[int, ...]
    reason: str
    rule_id: str | None


class PowerHistory:
    """Power Bases per round for every faction seat of one game.

    `values[seat][i]` is the seat's Power Base at `rounds[i]`, or None once he is out of the game (an eliminated
    player has no Power Base, R-LOSE-01)."""

    def __init__(self, state: GameState):
        self.seats: list[ChartSeat] = []
        self.name_seats(state)
        self.rounds: list[int] = []
        self.values: dict[int, list[int | None]] = {seat.seat: [] for seat in self.seats}
        self.ending: Ending | None = None

    def name_seats(self, state: GameState) -> None:
        """Label the lines with the players' names and factions (drafted after the game's creation, R-SETUP-02)."""
        factions = load_factions()
        self.seats = [ChartSeat(player.seat, player.name, player.faction,
                                factions[player.faction].name if player.faction in factions else "")
                      for player in state.players if player.role == "faction"]

    # ----- recording -----

    def observe(self, events: Iterable[Event]) -> None:
        """Take what concerns the chart from a batch of events (RoundEnded, GameOver); ignore the rest."""
        for event in events:
            if isinstance(event, RoundEnded):
                self.record(event.round_no, event.power_bases)
            elif isinstance(event, GameOver):
                self.ending = Ending(tuple(event.winners), event.reason, event.rule_id)

    def record(self, round_no: int, bases: dict[int, int]) -> None:
        """The Power Bases at the end of `round_no` (seats missing from `bases` are out of the game)."""
        if self.rounds and self.rounds[-1] == round_no:
            for line in self.values.values():
                line.pop()
            self.rounds.pop()
        self.rounds.append(round_no)
        for seat, line in self.values.items():
            line.append(bases.get(seat))

    def finish(self, state: GameState) -> None:
        """Name the factions as the game has them now and, after a game that ended during a round, add that round's
        Power Bases from the final state."""
        self.name_seats(state)
        played = rounds_played(state)
        if not state.game_over or (self.rounds and self.rounds[-1] >= played):
            return
        self.record(played, standings(state))

    @classmethod
    def from_replay(cls, setup: GameSetup, actions: Sequence) -> tuple[PowerHistory, GameState]:
        """The history of a recorded game, rebuilt by replaying its actions from the setup (as loading a save
        does), with the replayed final state. Raises IllegalAction if an action is refused, which a verified save
        never does."""
        state = start_game(setup)
        history = cls(state)
        for action in actions:
            history.observe(engine.apply(state, action))
        history.finish(state)
        return history, state

    @classmethod
    def of_game(cls, state: GameState, actions: Sequence) -> PowerHistory:
        """The history of the game `state` reached through `actions`: replayed, and checked to arrive exactly at
        `state`. A state that its log does not reproduce (one built by hand, as test scenarios do) gets only its
        current Power Bases rather than a wrong history."""
        try:
            history, replayed = cls.from_replay(state.setup, actions)
        except Exception:  # noqa: BLE001 — a log that does not replay, whatever the engine says about it
            replayed = None
        if replayed is not None and replayed.model_dump_json() == state.model_dump_json():
            return history
        history = cls(state)
        history.record(rounds_played(state), standings(state))
        history.finish(state)
        return history

    # ----- reading -----

    def series(self, seat: int) -> list[tuple[int, int]]:
        """(round, Power Base) points of one seat, while he was in the game."""
        return [(round_no, value) for round_no, value in zip(self.rounds, self.values[seat]) if value is not None]

    def highest(self) -> int:
        """The largest Power Base anyone reached (0 for a game without any)."""
        return max((value for line in self.values.values() for value in line if value is not None), default=0)
