"""The balance report's PNG charts, drawn without a window: matplotlib's object-oriented API on an Agg canvas
(no pyplot, so no GUI backend is ever chosen). matplotlib is an optional dependency (the "report" extra) and is
imported only when a chart is drawn."""
from __future__ import annotations

from pathlib import Path

from ..bots.simulate import CONTEST_TYPES

DPI = 110
FAIR_COLOUR = "#c0392b"
BAR_COLOUR = "#2c6e9b"
WON_COLOUR = "#e0a526"


class ChartsUnavailable(RuntimeError):
    """matplotlib is not installed."""


def require_matplotlib():
    """matplotlib's Figure and Agg canvas classes; raises ChartsUnavailable if matplotlib is not installed."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError as error:
        raise ChartsUnavailable(
            "the balance report draws its charts with matplotlib, which is not installed: "
            "pip install 'illuminopoly_desktop[report]' (or pip install matplotlib)") from error
    return Figure, FigureCanvasAgg


def _figure(width: float, height: float):
    figure_class, canvas_class = require_matplotlib()
    figure = figure_class(figsize=(width, height), dpi=DPI, layout="constrained")
    canvas_class(figure)
    return figure


def draw_all(tally, board, out_dir: Path) -> dict[str, str]:
    """Draw every chart into `out_dir`; returns {chart key: file name}. Raises ChartsUnavailable without
    matplotlib (before anything is written)."""
    require_matplotlib()
    out_dir.mkdir(parents=True, exist_ok=True)
    charts = {}
    for key, draw in (("win_rates", win_rates), ("victory_types", victory_types), ("game_length", game_length),
                      ("contests", contests), ("reserves", reserves), ("landings", landings)):
        name = f"{key}.png"
        figure = draw(tally, board) if key == "landings" else draw(tally)
        if figure is None:
            continue
        figure.savefig(out_dir / name)
        charts[key] = name
    return charts


def win_rates(tally):
    rows = [r for r in tally.win_rates() if r["games"]]
    if not rows:
        return None
    rows.sort(key=lambda r: r["rate"])
    figure = _figure(7.5, 0.45 * len(rows) + 1.4)
    axes = figure.add_subplot()
    names = [r["faction"].replace("_", " ") for r in rows]
    rates = [100 * r["rate"] for r in rows]
    errors = [[100 * (r["rate"] - r["low"]) for r in rows], [100 * (r["high"] - r["rate"]) for r in rows]]
    axes.barh(names, rates, xerr=errors, color=BAR_COLOUR, capsize=3, ecolor="#333333")
    seats = tally.games and sum(r["games"] for r in rows if r["faction"] != "banker") / tally.games
    if seats:
        axes.axvline(100 / seats, color=FAIR_COLOUR, linestyle="--", label=f"fair share ({100 / seats:.0f}%)")
        axes.legend(loc="lower right")
    for y, r in enumerate(rows):
        axes.text(min(99, 100 * r["high"] + 1), y, f"{100 * r['rate']:.0f}%  (n={r['games']})", va="center",
                  fontsize=8)
    axes.set_xlim(0, 100)
    axes.set_xlabel("games won (%), with 95% Wilson intervals")
    axes.set_title(f"Win rate per faction ({tally.games} games)")
    return figure


def victory_types(tally):
    labels, counts = [], []
    for key, count in tally.special_conditions.most_common():
        labels.append(f"special: {key.replace('_', ' ')}")
        counts.append(count)
    names = {"general": "general victory", "banker": "the Banker", "last_standing": "last standing",
             "cap": "round cap", "unfinished": "unfinished"}
    for ending, label in names.items():
        if tally.endings[ending]:
            labels.append(label)
            counts.append(tally.endings[ending])
    if not counts:
        return None
    figure = _figure(7.5, 0.4 * len(labels) + 1.4)
    axes = figure.add_subplot()
    axes.barh(labels[::-1], counts[::-1], color=BAR_COLOUR)
    axes.set_xlabel("games (a shared special victory counts for each condition met)")
    axes.set_title("How games end")
    return figure


def game_length(tally):
    if not tally.rounds:
        return None
    figure = _figure(7.5, 3.6)
    axes = figure.add_subplot()
    longest = max(tally.rounds)
    bins = range(0, longest + 6, max(1, (longest + 5) // 40 or 1))
    axes.hist(tally.rounds, bins=list(bins), color=BAR_COLOUR, edgecolor="white")
    axes.set_xlabel("rounds")
    axes.set_ylabel("games")
    axes.set_title("Game length")
    return figure


def contests(tally):
    rows = [r for r in tally.contest_rows() if r["contest"] in CONTEST_TYPES or r["attempted"]]
    figure = _figure(7.5, 3.8)
    axes = figure.add_subplot()
    positions = range(len(rows))
    per_game = max(1, tally.games)
    axes.bar([p - 0.2 for p in positions], [r["attempted"] / per_game for r in rows], width=0.4,
             color=BAR_COLOUR, label="tried")
    axes.bar([p + 0.2 for p in positions], [r["won"] / per_game for r in rows], width=0.4, color=WON_COLOUR,
             label="won")
    axes.set_xticks(list(positions), [r["contest"].replace("_", "\n") for r in rows], fontsize=8)
    axes.set_ylabel("per game")
    axes.set_title("Contests tried and won")
    axes.legend()
    return figure


def reserves(tally):
    rows = tally.reserves_by_round()
    enough = max(3, 0.05 * tally.games)
    rows = [r for r in rows if r[4] >= enough] or rows[:1]  # past that, a handful of long games would speak for all
    if not rows:
        return None
    figure = _figure(7.5, 3.8)
    axes = figure.add_subplot()
    rounds = [r[0] for r in rows]
    axes.plot(rounds, [r[1] for r in rows], color=BAR_COLOUR, label="median")
    axes.plot(rounds, [r[2] for r in rows], color=WON_COLOUR, label="10th percentile")
    axes.plot(rounds, [r[3] for r in rows], color=FAIR_COLOUR, linestyle=":", label="lowest")
    axes.set_xlabel("round")
    axes.set_ylabel("Reserves at ROUND_END ($)")
    axes.set_ylim(bottom=0)
    twin = axes.twinx()
    twin.plot(rounds, [r[4] for r in rows], color="#888888", linewidth=0.8, label="games still going")
    twin.set_ylabel("games still going", color="#888888")
    twin.set_ylim(bottom=0)
    axes.legend(loc="lower left")
    axes.set_title("The Bank's Reserves over time")
    return figure


def board_cell(index: int) -> tuple[int, int]:
    """(column, row) of a square on an 11×11 board drawing: GO bottom right, Jail bottom left, Free Parking top
    left, Go To Jail top right (rows count upwards)."""
    side, step = divmod(index, 10)
    if side == 0:
        return 10 - step, 0
    if side == 1:
        return 0, step
    if side == 2:
        return step, 10
    return 10, 10 - step


def landings(tally, board):
    total = sum(tally.landings.values())
    if not total:
        return None
    from matplotlib import colormaps
    from matplotlib.colors import Normalize
    from matplotlib.patches import Rectangle

    shares = {sq.index: tally.landings.get(sq.index, 0) / total for sq in board.squares}
    norm = Normalize(vmin=0, vmax=max(shares.values()))
    cmap = colormaps["YlOrRd"]
    figure = _figure(8.2, 8.2)
    axes = figure.add_subplot()
    for square in board.squares:
        column, row = board_cell(square.index)
        share = shares[square.index]
        axes.add_patch(Rectangle((column, row), 1, 1, facecolor=cmap(norm(share)), edgecolor="#555555"))
        name = square.name.replace(" Avenue", " Av.").replace(" Railroad", " RR").replace("Community Chest", "Chest")
        words = name.split()
        label = "\n".join([" ".join(words[:2]), " ".join(words[2:])]) if len(words) > 2 else "\n".join(words)
        colour = "white" if norm(share) > 0.65 else "black"
        axes.text(column + 0.5, row + 0.62, label, ha="center", va="center", fontsize=5.2, color=colour)
        axes.text(column + 0.5, row + 0.2, f"{100 * share:.1f}%", ha="center", va="center", fontsize=6.5,
                  color=colour, weight="bold")
    axes.text(5.5, 5.5, f"Landings per square\n{tally.games} games, {total:,} landings", ha="center",
              va="center", fontsize=12)
    axes.set_xlim(0, 11)
    axes.set_ylim(0, 11)
    axes.set_aspect("equal")
    axes.axis("off")
    from matplotlib.cm import ScalarMappable

    figure.colorbar(ScalarMappable(norm=norm, cmap=cmap), ax=axes, shrink=0.6, label="share of landings",
                    format=lambda value, _: f"{100 * value:.1f}%")
    return figure
