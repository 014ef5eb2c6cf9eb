"""What the computer players of Illumonopoly do in their games (issue 29), seat by seat: deeds bought, houses built
(on their own lots and on lots nobody owns), internal transfers and the fees they paid, lawsuits filed and won,
complaints filed and purchases they blocked, Court cards played by kind, and when they went bankrupt.

A game is played by bots/table_games.py (every seat from its own view); its actions are then replayed from the
game's setup (the seeded, recorded dice make the replay the same game) and each action's events and state change
are read. `bench/illumo_bots.py` prints the figures of many games; tests/test_illumo_schemer*.py hold the schemer to
them."""
from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..model.illumo_state import AntitrustChoice, Interference, IllumoState
from ..model.state import GameState
from ..model.typed_access import slice_as
from ..rules import actions as A
from ..rules import engine
from ..rules.events import Event, MoneyMoved, OwnershipChanged, PlayerEliminated
from ..rules.game_start import start_game
from ..variants.illumo.insolvency import account_holder
from .table_games import TableResult, play_table_game

COURT_PLAY_TYPES = ("play_court_card", "bribe_assessor", "cancel_effect")


@dataclass
class SeatRecord:
    """One seat's doings in one game."""
    strength: str
    purchases: int = 0
    houses_own: int = 0
    houses_unowned: int = 0
    transfers: int = 0
    transfer_fees: int = 0
    court_fees: int = 0
    """Filing fees and pledges of complaints and lawsuits, all paid to the Bank (V-ILLUMO-13, -36, -37)."""
    lawsuits: int = 0
    lawsuits_won: int = 0
    complaints: int = 0
    blocked: int = 0
    """Purchases or trades blocked by this seat's complaint (V-ILLUMO-14)."""
    cards: Counter = field(default_factory=Counter)
    bankrupt_round: int | None = None
    won: float = 0.0
    """1 for a sole win, 1/n for a share of a win by n."""


@dataclass
class GameRecord:
    seed: int
    rounds: int
    ending: str
    seats: list[SeatRecord]
    decision_seconds: dict[str, list[float]]
    refused: list[str]
    invariants_ok: bool


def _payer_seat(payer: object) -> int | None:
    return account_holder(payer)


def record_game(result: TableResult) -> GameRecord:
    """Replay `result`'s game from its setup and read each seat's doings from the actions and their events."""
    final = result.state
    seats = [SeatRecord(strength=strength) for strength in result.strengths]
    state = start_game(final.setup)
    plaintiff: int | None = None
    for action in result.actions:
        seat = action.seat
        record = seats[seat] if 0 <= seat < len(seats) else None
        interference = next((w for w in state.pending if isinstance(w, Interference)), None)
        before_choices = sum(1 for w in state.pending if isinstance(w, AntitrustChoice))
        if record is not None:
            _count_action(state, action, record)
        if isinstance(action, (A.Sue, A.ResumeCase)):
            plaintiff = seat
        events: list[Event] = engine.apply(state, action)
        for event in events:
            if isinstance(event, MoneyMoved) and event.payee == "bank":
                payer = _payer_seat(event.payer)
                if payer is None:
                    continue
                if event.reason == "transfer fee":
                    seats[payer].transfer_fees += event.amount
                elif "filing fee" in event.reason or "pledge" in event.reason:
                    seats[payer].court_fees += event.amount
            elif isinstance(event, OwnershipChanged):
                if event.reason == "title defect" and event.new_owner is not None:
                    seats[event.new_owner].lawsuits_won += 1
                elif event.reason == "historic landmark" and plaintiff is not None:
                    seats[plaintiff].lawsuits_won += 1
            elif isinstance(event, PlayerEliminated) and 0 <= event.seat < len(seats):
                seats[event.seat].bankrupt_round = state.round_no
        if plaintiff is not None and sum(1 for w in state.pending if isinstance(w, AntitrustChoice)) > before_choices:
            seats[plaintiff].lawsuits_won += 1
        if interference is not None and interference not in state.pending:
            if interference.property in slice_as(state, IllumoState).blocked_until:
                seats[interference.complainant].blocked += 1
    for winner in final.winners:
        seats[winner].won += 1 / len(final.winners)
    return GameRecord(seed=result.seed, rounds=result.rounds, ending=result.ending, seats=seats,
                      decision_seconds=result.decision_seconds, refused=list(result.refused),
                      invariants_ok=result.invariants_ok)


def _count_action(state: GameState, action: A.Action, record: SeatRecord) -> None:
    """What the action itself says (read before it is applied: the owner of a lot built on, say)."""
    if isinstance(action, A.Buy):
        record.purchases += 1
    elif isinstance(action, A.BuyBuilding):
        if state.properties[action.property].owner is None:
            record.houses_unowned += 1
        else:
            record.houses_own += 1
    elif isinstance(action, A.Transfer):
        record.transfers += 1
    elif isinstance(action, A.Sue):
        record.lawsuits += 1
    elif isinstance(action, A.Complain) and action.file:
        record.complaints += 1
    elif isinstance(action, A.PlayCourtCard):
        record.cards[action.card] += 1
    elif isinstance(action, A.BribeAssessor):
        record.cards["bribed_assessor"] += 1
    elif isinstance(action, A.CancelEffect):
        record.cards["cancellation"] += 1
    elif isinstance(action, A.SecretDeal) and action.card is not None:
        record.cards["secret_deal" if action.card == "secret_deal" else "as_secret_deal"] += 1


def play_and_record(seed: int, strengths: Sequence[str], max_rounds: int = 100,
                    options: dict | None = None) -> GameRecord:
    result = play_table_game(seed, strengths, max_rounds=max_rounds, options=options, ruleset="illumo",
                             keep_actions=True)
    return record_game(result)


def rotated(strengths: Sequence[str], shift: int) -> list[str]:
    shift %= len(strengths)
    return list(strengths[shift:]) + list(strengths[:shift])


@dataclass
class Summary:
    """Figures of many games, per strength (per seat-game)."""
    games: int
    seat_games: Counter
    wins: dict[str, float]
    rounds: list[int]
    before_cap: int
    bankruptcies_by_round: dict[str, Counter]
    """Strength -> round -> how many of its players went bankrupt in that round."""
    per_seat: dict[str, dict[str, float]]
    cards: dict[str, Counter]
    decision_ms: dict[str, tuple[float, float]]
    """Strength -> (median, 99th percentile) milliseconds per decision."""
    refused: int
    invariant_failures: int

    def win_rate(self, strength: str) -> float:
        return self.wins.get(strength, 0.0) / self.seat_games[strength] if self.seat_games[strength] else 0.0


PER_SEAT_FIGURES = ("purchases", "houses_own", "houses_unowned", "transfers", "transfer_fees", "court_fees",
                    "lawsuits", "lawsuits_won", "complaints", "blocked")


def summarise(records: Sequence[GameRecord]) -> Summary:
    seat_games: Counter = Counter()
    wins: dict[str, float] = {}
    totals: dict[str, Counter] = {}
    cards: dict[str, Counter] = {}
    bankruptcies: dict[str, Counter] = {}
    times: dict[str, list[float]] = {}
    for record in records:
        for seat in record.seats:
            seat_games[seat.strength] += 1
            wins[seat.strength] = wins.get(seat.strength, 0.0) + seat.won
            figures = totals.setdefault(seat.strength, Counter())
            for name in PER_SEAT_FIGURES:
                figures[name] += getattr(seat, name)
            cards.setdefault(seat.strength, Counter()).update(seat.cards)
            if seat.bankrupt_round is not None:
                bankruptcies.setdefault(seat.strength, Counter())[seat.bankrupt_round] += 1
        for strength, seconds in record.decision_seconds.items():
            times.setdefault(strength, []).extend(seconds)
    per_seat = {strength: {name: figures[name] / seat_games[strength] for name in PER_SEAT_FIGURES}
                for strength, figures in totals.items()}
    decision_ms = {}
    for strength, seconds in times.items():
        ordered = sorted(seconds)
        decision_ms[strength] = (statistics.median(ordered) * 1000,
                                 ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000)
    return Summary(games=len(records), seat_games=seat_games, wins=wins, rounds=[r.rounds for r in records],
                   before_cap=sum(1 for r in records if r.ending != "cap"), bankruptcies_by_round=bankruptcies,
                   per_seat=per_seat, cards=cards, decision_ms=decision_ms,
                   refused=sum(len(r.refused) for r in records),
                   invariant_failures=sum(1 for r in records if not r.invariants_ok))


def describe(summary: Summary, title: str) -> list[str]:
    """The summary as lines of plain text."""
    lines = [f"{title}: {summary.games} games, median {statistics.median(summary.rounds):.0f} rounds "
             f"(min {min(summary.rounds)}, max {max(summary.rounds)}), {summary.before_cap} ended before the cap; "
             f"refused decisions {summary.refused}, invariant failures {summary.invariant_failures}"]
    for strength in sorted(summary.seat_games):
        figures = summary.per_seat[strength]
        median, slow = summary.decision_ms.get(strength, (0.0, 0.0))
        lines.append(f"  {strength}: win rate {summary.win_rate(strength):.1%} of {summary.seat_games[strength]} "
                     f"seat-games; decision median {median:.2f} ms, 99th pct {slow:.2f} ms")
        lines.append("    per game: " + ", ".join(f"{name} {figures[name]:.2f}" for name in PER_SEAT_FIGURES))
        played = summary.cards.get(strength, Counter())
        per_game = ", ".join(f"{kind} {count / summary.seat_games[strength]:.2f}"
                             for kind, count in sorted(played.items()))
        lines.append(f"    Court cards per game: {per_game or 'none'}")
        rounds = sorted(summary.bankruptcies_by_round.get(strength, Counter()).items())
        lines.append("    bankruptcies by round: " + (", ".join(f"r{r}: {n}" for r, n in rounds) or "none"))
    return lines
