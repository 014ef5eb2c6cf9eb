"""What the game-over screen says, without Qt: who won, how (which rule), and where everyone finished.

The winners and the reason come from the final state (R-WIN-01..05); the rule ID from the GameOver event when it is
known (the state does not keep it), otherwise from the kind of ending. A special victory is explained with the
faction's own victory text from resources/factions.json, and the Dog's with the condition he had kept secret
(R-FAC-DOG-01, revealed at the end of the game, R-GEN-06).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..model.factions import load_factions
from ..model.rulesets import ruleset_of
from ..model.state import GameState
from .power_history import rounds_played, standings as standing_values
from .shared_table import seat_name, shares_factions, winners_lines

# How each ending is worded by the engine (Illuminopoly's victory.py and special_victory.py) -> (kind, rule ID).
_ENDINGS = (
    ("special victory", "Special victory", None),
    ("general victory", "General victory", "R-WIN-03"),
    ("round cap", "Round limit reached", "R-WIN-05"),
    ("the professional banker", "The Banker's victory", "R-FAC-BANKER-01"),
    ("last faction player", "Last player standing", "R-WIN-05"),
    ("no faction player", "No player left", "R-WIN-05"),
)


@dataclass(frozen=True)
class Standing:
    """One player's place at the end."""

    seat: int
    name: str
    faction_name: str
    cash: int
    power_base: int | None
    """None for the eliminated and for the professional Banker, who have no Power Base."""
    owned: int
    controlled: int
    eliminated: bool
    winner: bool
    started_with: int | None = None
    """His starting cash where players start unequal (the Georgist rules, V-GEORGE-02, §5.6); None elsewhere."""


@dataclass(frozen=True)
class WinCondition:
    """The victory text of a special winner's faction (for the Dog: of the condition he chose)."""

    name: str
    faction_name: str
    rule_id: str
    text: str


@dataclass(frozen=True)
class GameSummary:
    headline: str
    kind: str
    reason: str
    rule_id: str | None
    conditions: list[WinCondition]
    rounds: int
    standings: list[Standing]
    seed: int | None = None
    """The seed of the game's dice and shuffles, told once the game is over (None: a LAN client's view, which never
    holds it)."""
    measure: str = "Power Base"
    """What the standings and the chart rank by: the Power Base, or a classic game's net worth (CLASSIC-15), or
    Illumonopoly's public worth."""
    money_private: bool = False
    """The players' money is theirs alone (Illumonopoly's private treasuries, A-IL-05): no cash column."""
    sharers: list[str] = field(default_factory=list)
    """Shared factions: each winning faction with both its sharers, then the people credited (V-SHARED-28)."""

    @property
    def winners(self) -> list[Standing]:
        return [standing for standing in self.standings if standing.winner]


def summarize(state: GameState, rule_id: str | None = None) -> GameSummary:
    """The game-over screen's content for a finished game; `rule_id` is the GameOver event's, if known."""
    factions = load_factions()
    reason = state.win_reason or "The game is over."
    kind, derived_rule = _kind_of(reason)
    winners = set(state.winners)
    conditions = []
    if kind == "Special victory":
        conditions = [_condition_of(state, seat, factions) for seat in sorted(winners)]
        if derived_rule is None and len({c.rule_id for c in conditions}) == 1:
            derived_rule = conditions[0].rule_id
    shared = shares_factions(state)
    names = ([seat_name(state, seat) for seat in ruleset_of(state).winning_seats(state)] if shared
             else [_name_with_faction(state, seat, factions) for seat in sorted(winners)])
    return GameSummary(
        headline=_headline(names),
        kind=kind,
        reason=_without_kind(reason),
        rule_id=rule_id or derived_rule,
        conditions=conditions,
        rounds=rounds_played(state),
        standings=standings(state),
        seed=state.setup.seed or None,
        measure=ruleset_of(state).queries.standing_column,
        money_private=ruleset_of(state).queries.money_private(state),
        sharers=winners_lines(state) if shared else [],
    )


def standings(state: GameState) -> list[Standing]:
    """Every player: winners first, then by Power Base (a classic game: net worth) and cash; the eliminated last."""
    factions = load_factions()
    bases = standing_values(state)
    winners = set(state.winners)
    queries = ruleset_of(state).queries
    starts = queries.starting_cash(state)
    rows = []
    shared = shares_factions(state)
    for player in state.players:
        faction = factions.get(player.faction) if player.faction else None
        faction_name = faction.name if faction else ("Banker" if player.role == "banker" else "")
        if shared:  # a faction's name is its token already: the column names its two sharers (V-SHARED-28)
            faction_name = " & ".join(seat_name(state, seat) for seat in ruleset_of(state).sharers(state, player.seat))
        rows.append(Standing(
            seat=player.seat,
            name=player.name,
            faction_name=faction_name,
            cash=player.cash,
            power_base=bases.get(player.seat),
            owned=queries.holdings(state, player.seat),
            controlled=sum(1 for prop in state.properties.values() if prop.controller == player.seat),
            eliminated=player.eliminated,
            winner=player.seat in winners,
            started_with=starts.get(player.seat),
        ))
    rows.sort(key=lambda row: (not row.winner, row.eliminated, -(row.power_base or 0), -row.cash, row.seat))
    return rows


def _kind_of(reason: str) -> tuple[str, str | None]:
    lowered = reason.lower()
    for start, kind, rule_id in _ENDINGS:
        if lowered.startswith(start) or start in lowered:
            return kind, rule_id
    return "Game over", None


def _without_kind(reason: str) -> str:
    """"special victory: Top Hat holds..." -> "Top Hat holds..." (the kind is shown apart)."""
    for prefix in ("special victory:", "general victory:"):
        if reason.lower().startswith(prefix):
            reason = reason[len(prefix):].strip()
    return reason[:1].upper() + reason[1:]


def _name_with_faction(state: GameState, seat: int, factions) -> str:
    player = state.players[seat]
    faction = factions.get(player.faction) if player.faction else None
    if faction is not None:
        return f"{player.name} ({faction.name})"
    return f"{player.name} (Banker)" if player.role == "banker" else player.name


def _headline(names: list[str]) -> str:
    if not names:
        return "Nobody wins"
    if len(names) == 1:
        return f"{names[0]} wins"
    return f"{', '.join(names[:-1])} and {names[-1]} share the win"


def _condition_of(state: GameState, seat: int, factions) -> WinCondition:
    player = state.players[seat]
    faction = factions.get(player.faction)
    faction_name = faction.name if faction else (player.faction or "")
    conditions = ruleset_of(state).queries.CONDITIONS
    if player.faction == "dog" and player.dog_condition in conditions:
        # The Dog wins by another faction's condition, chosen in secret and revealed now (R-FAC-DOG-01).
        condition = conditions[player.dog_condition]
        owner = next((f for f in factions.values() if f.name == condition.owner), None)
        text = f"His secret condition was the {condition.owner}'s: {owner.victory if owner else condition.words}"
        return WinCondition(player.name, faction_name, "R-FAC-DOG-01", text)
    rule_id = next((r for r in (faction.rule_ids if faction else ()) if r.endswith("-01")), "R-WIN-02")
    return WinCondition(player.name, faction_name, rule_id, faction.victory if faction else "")
