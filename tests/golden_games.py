"""Golden games (issue 23): complete seeded games played by the computer players, written as a canonical text of
events (one line per event, in the game log's words with its rule ID) with the final state's hash.

`tests/test_golden_games.py` replays each game and diffs its text against `tests/golden/<name>.txt`;
`python tests/golden/regenerate.py` writes them again. A changed golden file must be explained in its commit: it
means the rules (or the log's words) now play or tell a game differently.

The games are chosen to cover every faction, the Artillery, the professional Banker, every contest type,
foreclosure, a Bank auction, simulated cheating, open and sealed graft and a few non-default options (COVERAGE
lists what the test requires to appear across them).
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from illuminopoly_desktop.bots.game_driver import drive
from illuminopoly_desktop.bots.players import make_player
from illuminopoly_desktop.model.rng import derived_seed
from illuminopoly_desktop.model.options import load_default_options
from illuminopoly_desktop.model.state import GameState, SeatConfig
from illuminopoly_desktop.model.views import player_view
from illuminopoly_desktop.presentation.event_text import describe, rule_link
from illuminopoly_desktop.rules.offer_answers import default_answer
from illuminopoly_desktop.variants.illuminopoly.position import state_from_position
from illuminopoly_desktop.variants.illuminopoly.setup import new_game
from illuminopoly_desktop.saves import state_hash

GOLDEN = Path(__file__).parent / "golden"
_DEFAULTS = load_default_options()
MAX_ACTIONS = 6000


@dataclass(frozen=True)
class GoldenGame:
    name: str
    seed: int
    strengths: tuple[str, ...]
    """One per seat: random or schemer (the strategist thinks by the clock, so it is not reproducible)."""
    factions: tuple[str, ...] | None = None
    """Host-assigned factions of the faction seats, in order; None: the high-roll draft."""
    options: dict = field(default_factory=dict)
    banker: bool = False
    """The last seat is the professional Banker."""
    position: dict | None = None
    """A position (rules/position.py) the game starts from instead of a new game: a situation chance is slow to
    bring, played on by the computers."""

    def seats(self) -> list[SeatConfig]:
        handed = iter(self.factions or ())
        seats = []
        for seat, strength in enumerate(self.strengths):
            banker = self.banker and seat == len(self.strengths) - 1
            seats.append(SeatConfig(name=NAMES[seat], kind="computer", strength=strength, banker=banker,
                                    faction=None if banker or self.factions is None else next(handed)))
        return seats


NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim")
SCHEMERS4 = ("schemer",) * 4
MIXED5 = ("schemer", "random", "schemer", "random", "schemer")

GAMES: tuple[GoldenGame, ...] = (
    GoldenGame("draft_four_schemers", 101, SCHEMERS4, options={"max_rounds": 25}),
    GoldenGame("draft_mixed_five", 102, MIXED5, options={"max_rounds": 25}),
    GoldenGame("top_hat_thimble_race_car", 103, SCHEMERS4, ("top_hat", "thimble", "race_car", "horseman"),
               {"max_rounds": 25}),
    GoldenGame("boat_wheelbarrow_steam_iron", 104, SCHEMERS4, ("boat", "wheelbarrow", "steam_iron", "dog"),
               {"max_rounds": 25}),
    GoldenGame("dog_shoe_horseman", 105, ("schemer", "random", "schemer", "schemer"),
               ("dog", "shoe", "horseman", "top_hat"), {"max_rounds": 25}),
    GoldenGame("artillery_schemers", 106, SCHEMERS4 + ("schemer",), ("artillery", "top_hat", "boat", "shoe", "dog"),
               {"use_artillery": True, "max_rounds": 25}),
    GoldenGame("artillery_random", 107, ("random",) * 5, ("artillery", "thimble", "race_car", "wheelbarrow", "steam_iron"),
               {"use_artillery": True, "max_rounds": 20}),
    GoldenGame("banker_four_and_bank", 108, SCHEMERS4 + ("schemer",), ("top_hat", "thimble", "boat", "dog"),
               banker=True, options={"max_rounds": 25}),
    GoldenGame("open_graft", 109, MIXED5, ("race_car", "horseman", "steam_iron", "shoe", "wheelbarrow"),
               {"graft_bidding_mode": "open", "max_rounds": 25}),
    GoldenGame("open_graft_random", 110, ("random",) * 4, None, {"graft_bidding_mode": "open", "max_rounds": 20}),
    GoldenGame("cheating_simulated", 111, ("random",) * 4 + ("schemer",), ("top_hat", "thimble", "boat", "dog"),
               banker=True, options={"cheating_mode": "simulated", "max_rounds": 20}),
    GoldenGame("bank_auction_short_bank", 112, ("random",) * 4, ("top_hat", "thimble", "race_car", "boat"),
               {"bank_total_money": 9000, "bank_insolvency": "auction", "max_rounds": 25}),
    GoldenGame("bank_unlimited", 113, ("random",) * 4, None,
               {"bank_total_money": 8000, "bank_insolvency": "unlimited", "max_rounds": 20}),
    GoldenGame("takeover_helpers_sell_buildings", 114, MIXED5, None,
               {"takeover_helpers": True, "takeover_buildings": "sell_to_bank", "max_rounds": 25}),
    GoldenGame("rezoning_half_to_fp", 115, ("random",) * 4, None,
               {"rezoning_graft_to_fp": "half", "natural_rolls_all_contests": False, "max_rounds": 20}),
    GoldenGame("end_of_round_victory", 116, SCHEMERS4, ("shoe", "thimble", "dog", "steam_iron"),
               {"special_victory_timing": "end_of_round", "general_victory_timing": "end_of_turn",
                "max_rounds": 25}),
    GoldenGame("eleven_players", 117, ("random",) * 11, None, {"use_artillery": True, "max_rounds": 12},
               banker=True),
    GoldenGame("three_players", 118, ("schemer", "random", "schemer"), ("thimble", "dog", "boat"),
               {"max_rounds": 25}),
    GoldenGame("random_five_long", 119, ("random",) * 5, None, {"max_rounds": 30}),
    GoldenGame("bank_runs_dry_auction", 206, ("random",) * 4, None,
               {"bank_total_money": 7000, "bank_insolvency": "auction", "max_rounds": 40}),
    GoldenGame("foreclosure_of_a_due_debt", 121, SCHEMERS4, options={"max_rounds": 15}, position={
        "players": [{"name": "Ann", "faction": "top_hat", "cash": 1400}, {"name": "Ben", "faction": "thimble", "cash": 20},
                    {"name": "Cat", "faction": "boat", "cash": 1500}, {"name": "Dan", "faction": "race_car", "cash": 1500}],
        "properties": {"Baltic Avenue": {"owner": "Ben", "parent": "card"},
                       "Oriental Avenue": {"owner": "Ben", "parent": "card"},
                       "St. Charles Place": {"owner": "Ann", "parent": "card"}},
        "debts": [{"id": 1, "creditor": 0, "debtor": 1, "amount": 600, "due_round": 1, "due": True}],
        "next_id": 2, "chair": "Ann", "turn": {"seat": "Ann", "phase": "T3"}}),
    GoldenGame("mixed_artillery_banker", 120, ("schemer", "random", "schemer", "random", "schemer", "schemer"),
               ("artillery", "horseman", "race_car", "wheelbarrow", "top_hat"),
               banker=True, options={"use_artillery": True, "max_rounds": 20}),
)


COVERAGE = frozenset({
    *(f"faction:{f}" for f in ("top_hat", "thimble", "race_car", "horseman", "boat", "wheelbarrow", "steam_iron",
                               "dog", "shoe", "artillery")),
    "banker", *(f"contest:{c}" for c in ("takeover", "rezoning", "subversion", "rebuild", "destruction",
                                         "surprise_destruction")),
    "foreclosure", "bank_auction", "property_auction", "elimination", "cheating", "graft:sealed", "graft:open",
    "ransom", "offer_accepted", "non_default_options", "special_victory", "general_or_cap_victory",
})
"""What the golden games must show between them (tests/test_golden_games.py)."""


def features(state: GameState, events: list) -> set[str]:
    """What a game showed of COVERAGE, from its setup, its final state and every event."""
    found = {f"faction:{p.faction}" for p in state.players if p.faction}
    found.add(f"graft:{state.setup.options.graft_bidding_mode}")
    if state.professional_banker is not None:
        found.add("banker")
    if any(value != getattr(_DEFAULTS, name) for name, value in state.setup.options
           if name != "max_rounds"):
        found.add("non_default_options")
    reason = state.win_reason or ""
    found.add("special_victory" if reason.startswith("special") else "general_or_cap_victory")
    for event in events:
        kind = event.type
        if kind == "contest" and event.stage == "resolved":
            found.add(f"contest:{event.contest}")
        elif kind == "auction" and event.status == "opened":
            found.add("bank_auction" if event.item == "bank" else "property_auction")
        elif kind == "player_eliminated":
            found.add("elimination")
        elif kind == "ownership_changed" and event.reason == "foreclosure":
            found.add("foreclosure")
        elif kind == "cheat":
            found.add("cheating")
        elif kind == "money_moved" and event.reason and "ransom" in event.reason:
            found.add("ransom")
        elif kind == "offer" and event.status == "executed":
            found.add("offer_accepted")
    return found


def play(game: GoldenGame, seen: set[str] | None = None) -> tuple[GameState, list[str]]:
    """Play the game to its end (or the round cap) and return its final state and its canonical text; `seen`, if
    given, receives the game's `features`."""
    events: list = []
    if game.position is not None:
        state = state_from_position({**game.position, "seed": game.seed, "options": game.options}, events=events)
    else:
        state = new_game(game.seats(), seed=game.seed, options=game.options,
                         preset_factions=game.factions is not None, events=events)
    players = {seat: make_player(strength, derived_seed(game.seed, f"golden/{seat}"))
               for seat, strength in enumerate(game.strengths)}
    lines = [f"game {game.name}: seed {game.seed}, seats "
             + ", ".join(f"{NAMES[i]} ({s})" for i, s in enumerate(game.strengths))
             + (f", options {json.dumps(game.options, sort_keys=True)}" if game.options else "")]
    lines += _event_lines(events, state)

    def decide(state: GameState, seat: int):
        return players[seat].choose(player_view(state, seat), seat)

    all_events = list(events)
    for count, step in enumerate(drive(state, decide, fallback=default_answer, answer_offers_first=True)):
        lines.append(_action_line(count, step, state))
        lines += _event_lines(step.events, state)
        all_events += step.events
        if count >= MAX_ACTIONS:
            lines.append("stopped: too many actions")
            break
    lines.append(f"over: {state.game_over}, winners: {[state.players[s].name for s in state.winners]}, "
                 f"reason: {state.win_reason}")
    lines.append(f"final state {state_hash(state)}")
    if seen is not None:
        seen |= features(state, all_events)
    return state, lines


def _action_line(count: int, step, state: GameState) -> str:
    fields = step.action.model_dump(mode="json", exclude_defaults=True, exclude={"seat", "type"})
    detail = f" {json.dumps(fields, sort_keys=True)}" if fields else ""
    refused = f" (instead of {step.choice.type}: {step.refused.code})" if step.refused is not None else ""
    return f"> {count} {state.players[step.seat].name}: {step.action.type}{detail}{refused}"


def _event_lines(events: list, state: GameState) -> Iterator[str]:
    for event in events:
        rule = rule_link(event)
        yield f"  {describe(event, state)}" + (f" [{rule}]" if rule else "")


def golden_path(game: GoldenGame) -> Path:
    return GOLDEN / f"{game.name}.txt"


def text_of(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"
