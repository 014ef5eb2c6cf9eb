"""Write the golden games again: `python tests/golden/regenerate.py [NAME ...]` (all of them by default).

A changed golden file must be explained in its commit: say what in the rules, the computer players or the log's
words made the game go (or read) differently. See tests/golden_games.py.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import golden_games  # noqa: E402  (the tests folder is not a package)


def main(names: list[str]) -> int:
    unknown = set(names) - {game.name for game in golden_games.GAMES}
    if unknown:
        print(f"no golden game called {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    for game in golden_games.GAMES:
        if names and game.name not in names:
            continue
        _, lines = golden_games.play(game)
        path = golden_games.golden_path(game)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        new = golden_games.text_of(lines)
        path.write_text(new, encoding="utf-8")
        print(f"{game.name}: {'unchanged' if old == new else 'written'} ({len(lines)} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
