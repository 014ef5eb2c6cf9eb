"""Golden games of the Georgist rules (issue 27), made the way Illuminopoly's are (tests/golden_games.py): complete
seeded games between computer players written as a canonical text of events (the game log's words with their rule
IDs) and the final state's hash, in tests/golden/george/. `tests/test_george_golden_games.py` replays and diffs
them; `python tests/george_golden_games.py [NAME ...]` writes them again (explain any change in its commit)."""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from golden_games import MAX_ACTIONS, NAMES, _action_line, _event_lines, text_of  # noqa: E402

from illuminopoly_desktop.bots.game_driver import drive  # noqa: E402
from illuminopoly_desktop.bots.players import make_player  # noqa: E402
from illuminopoly_desktop.model.rng import derived_seed  # noqa: E402
from illuminopoly_desktop.model.state import GameState, SeatConfig  # noqa: E402
from illuminopoly_desktop.model.views import player_view  # noqa: E402
from illuminopoly_desktop.rules.game_start import new_game  # noqa: E402
from illuminopoly_desktop.rules.offer_answers import default_answer  # noqa: E402
from illuminopoly_desktop.saves import state_hash  # noqa: E402

GOLDEN = Path(__file__).parent / "golden" / "george"


@dataclass(frozen=True)
class GeorgeGolden:
    name: str
    seed: int
    strengths: tuple[str, ...]
    options: dict = field(default_factory=dict)


GAMES: tuple[GeorgeGolden, ...] = (
    GeorgeGolden("george_four_schemers", 301, ("schemer",) * 4),
    GeorgeGolden("george_schemer_and_four_random_house_rules", 302, ("schemer",) + ("random",) * 4,
                 {"george_victory_measure": "gain_over_start", "george_holding_fee_recurring": True,
                  "george_four_house_surcharge_on": "land_and_pass", "george_final_interest": "always",
                  "george_max_rounds": 20}),
    GeorgeGolden("george_short_cash_bankruptcies", 303, ("random", "schemer", "random", "random"),
                 {"george_starting_cash": [800, 600], "george_starting_cash_rest": 500, "george_luxury_tax": 900,
                  "george_auction_declined_leases": True}),
)


def play(game: GeorgeGolden) -> tuple[GameState, list[str]]:
    events: list = []
    seats = [SeatConfig(name=NAMES[seat], kind="computer", strength=strength)
             for seat, strength in enumerate(game.strengths)]
    state = new_game(seats, seed=game.seed, options=game.options, ruleset="george", events=events)
    players = {seat: make_player(strength, derived_seed(game.seed, f"golden/{seat}"), ruleset="george")
               for seat, strength in enumerate(game.strengths)}
    lines = [f"game {game.name}: seed {game.seed}, rules george, seats "
             + ", ".join(f"{NAMES[i]} ({s})" for i, s in enumerate(game.strengths))
             + (f", options {json.dumps(game.options, sort_keys=True)}" if game.options else "")]
    lines += _event_lines(events, state)

    def decide(state: GameState, seat: int):
        return players[seat].choose(player_view(state, seat), seat)

    for count, step in enumerate(drive(state, decide, fallback=default_answer, answer_offers_first=True)):
        lines.append(_action_line(count, step, state))
        lines += _event_lines(step.events, state)
        if count >= MAX_ACTIONS:
            lines.append("stopped: too many actions")
            break
    lines.append(f"over: {state.game_over}, winners: {[state.players[s].name for s in state.winners]}, "
                 f"reason: {state.win_reason}")
    lines.append(f"final state {state_hash(state)}")
    return state, lines


def golden_path(game: GeorgeGolden) -> Path:
    return GOLDEN / f"{game.name}.txt"


def regenerate(names: list[str]) -> int:
    for game in GAMES:
        if names and game.name not in names:
            continue
        _, lines = play(game)
        path = golden_path(game)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        new = text_of(lines)
        path.write_text(new, encoding="utf-8")
        print(f"{game.name}: {'unchanged' if old == new else 'written'} ({len(lines)} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(regenerate(sys.argv[1:]))
