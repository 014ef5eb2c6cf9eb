"""What each seat's area beside the board shows, without Qt: the header (name, faction, cash, Power Base, status),
the power structure as drawable deed marks, and, for the seats without a structure (R-STRUCT-01), what they hold:
the professional Banker's Reserves and mortgaged properties (R-BANKER-03, R-FAC-BANKER-01), the Artillery's colour
tally and pending ransom (R-ART-03, R-FAC-ARTILLERY-01).

Everything here is public information (R-GEN-06: cash, structures and control markers are never hidden), and
nothing here changes the game: the Power Base needs each utility owner's last roll, which the engine rolls and
stores the first time it is needed (R-PB-01); reading it from the live state would move the game's dice, so an
owner without a roll yet is counted with the average roll (7) on a shallow copy, and the figure is marked as an
estimate.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..model.factions import load_factions
from ..model.rulesets import ruleset_of
from ..model.state import GameState, PlayerState

AVERAGE_UTILITY_ROLL = 7
"""Stands in for a utility owner's first roll while the engine has not rolled it yet (see the module's note)."""


@dataclass(frozen=True)
class DeedMark:
    """One deed of a structure as its area draws it: where it hangs and the marks on it."""

    index: int
    parent: int | None
    """ROOT (the faction card), another deed, or None = unattached (R-STRUCT-09)."""
    arrow: int
    mortgaged: bool
    rezoned: bool
    destroyed: bool
    controller: int | None
    """The seat that controls it when that is not the owner (subverted, R-SUBVERT), else None."""
    controller_name: str | None
    houses: int
    hotel: bool


@dataclass(frozen=True)
class SeatSummary:
    """A seat's header line: who, which faction, money, Power Base and status."""

    seat: int
    name: str
    role: str
    """"faction", "artillery" or "banker" (the professional Banker)."""
    faction_name: str
    faction_title: str
    is_computer: bool
    cash: int
    power_base: int | None
    """None for the seats that have none: the professional Banker, the Artillery, an eliminated player."""
    power_base_estimated: bool
    in_jail: bool
    eliminated: bool
    is_turn: bool
    is_chair: bool
    political_favors: int
    deeds_owned: int
    held_elsewhere: tuple[int, ...]
    """Deeds of other owners this seat controls (subverted by it)."""
    reserves: int | None = None
    """The professional Banker's funds, which are the Bank's Reserves (R-BANKER-01); None for everyone else."""
    banker_score: int | None = None
    """The professional Banker's score (R-FAC-BANKER-01); None for everyone else."""
    colours_destroyed: int | None = None
    """How many colour groups the Artillery has destroyed a lot of (R-FAC-ARTILLERY-01); None for everyone else."""
    colour_groups: int | None = None
    """How many colour groups there are to destroy (the Artillery's only)."""
    victory: str | None = None
    """How near the seat stands to its special victory, in words ("4 of 6 colour groups"); the Dog's stays secret."""
    victory_short: str | None = None
    """The nearest count as a fraction ("4/6") for the header line; None where there is no count to show."""
    net_worth: int | None = None
    """A classic player's net worth (CLASSIC-15: what ranks the players of a short game); None in Illuminopoly."""
    worth_rank: int | None = None
    """The player's place by net worth among those still in the game (1: the richest; tied worths share a place)."""
    leases: bool = False
    """The player leases parcels rather than owning deeds (the Georgist rules, V-GEORGE-04): `deeds_owned` counts
    his leases and `net_worth` is his wealth (V-GEORGE-32)."""
    cash_hidden: bool = False
    """The view hides this seat's money (Illumonopoly's private treasuries, A-IL-05): its `cash` is not shown."""
    treasuries: int | None = None
    """How many treasuries the seat has, central included (Illumonopoly, V-ILLUMO-02); None elsewhere."""
    court_cards: int | None = None
    """How many Court Date cards the seat holds (Illumonopoly, V-ILLUMO-15: the count is public); None elsewhere."""
    audited: bool = False
    """The seat is under an IRS Audit (Illumonopoly, V-ILLUMO-23)."""


@dataclass(frozen=True)
class ColourLot:
    """One colour group in the Artillery's tally (R-FAC-ARTILLERY-01)."""

    group: str
    name: str
    colour: str
    destroyed: bool


@dataclass(frozen=True)
class ArtilleryNotes:
    tally: tuple[ColourLot, ...]
    ransom_text: str | None
    """The pending ransom demand in words, or None."""


@dataclass(frozen=True)
class BankerHoldings:
    reserves: int
    score: int
    """R-FAC-BANKER-01: Σ normal rent of the mortgaged properties he controls."""
    mortgaged: tuple[int, ...]
    """The mortgaged properties he controls (R-BANKER-03)."""


def is_classic(state: GameState) -> bool:
    """Whether the game is played by classic Monopoly's rules or a ruleset on top of them (the Georgist one): players
    without factions or power structures, each holding his deeds in a row (the ruleset's `has_structures`)."""
    return not ruleset_of(state).queries.has_structures


def seat_role(state: GameState, seat: int) -> str:
    """"faction", "artillery", "banker", or "player" (a classic Monopoly player: his deeds in a row)."""
    if is_classic(state):
        return "player"
    player = state.players[seat]
    if player.role == "banker":
        return "banker"
    return "artillery" if player.faction == "artillery" else "faction"


def _readable_state(state: GameState) -> tuple[GameState, bool]:
    """`state` itself when the Power Base can be read without rolling, else a shallow copy in which every utility
    owner without a roll has the average one (and True: the figures are estimates)."""
    owners = {prop.owner for index, prop in state.properties.items()
              if prop.owner is not None and state.setup.board.squares[index].kind == "utility"}
    missing = {seat for seat in owners if state.players[seat].last_utility_roll is None}
    if not missing:
        return state, False
    players = [_with_average_roll(p) if p.seat in missing else p for p in state.players]
    return state.model_copy(update={"players": players}), True


def _with_average_roll(player: PlayerState) -> PlayerState:
    copied = player.copy()
    copied.last_utility_roll = AVERAGE_UTILITY_ROLL
    return copied


def current_power_bases(state: GameState) -> tuple[dict[int, int], bool]:
    """Every faction player's Power Base now (R-PB-02, -03) and whether it is an estimate; never changes `state`."""
    readable, estimated = _readable_state(state)
    return ruleset_of(readable).queries.power_bases(readable), estimated


def seat_summaries(state: GameState) -> list[SeatSummary]:
    """The header of every seat, in seat number order."""
    factions = load_factions()
    bases, estimated = current_power_bases(state)
    queries = ruleset_of(state).queries
    worths = queries.net_worths(state) if is_classic(state) else {}
    turn = state.turn.seat if state.turn.seat >= 0 and not state.game_over else None
    held: dict[int, list[int]] = {}
    owned: dict[int, int] = {}
    for index, prop in state.properties.items():
        if prop.owner is not None:
            owned[prop.owner] = owned.get(prop.owner, 0) + 1
            if prop.controller is not None and prop.controller != prop.owner:
                held.setdefault(prop.controller, []).append(index)
    leases = ruleset_of(state).queries.has_parcels
    if leases:
        owned = {player.seat: len(ruleset_of(state).queries.leases_of(state, player.seat)) for player in state.players}
    summaries = []
    for player in state.players:
        role = seat_role(state, player.seat)
        info = factions.get("banker" if role == "banker" else (player.faction or ""))
        extra = {}
        if role == "banker":
            holdings = banker_holdings(state, player.seat)
            extra = {"reserves": holdings.reserves, "banker_score": holdings.score}
        elif role == "artillery":
            tally = artillery_notes(state, player.seat).tally
            extra = {"colours_destroyed": sum(lot.destroyed for lot in tally), "colour_groups": len(tally)}
        if role == "player" and not player.eliminated and player.seat in worths:
            worth = worths[player.seat]
            extra["net_worth"] = worth
            extra["worth_rank"] = 1 + sum(1 for other in worths.values() if other > worth)
        if role != "banker" and player.faction and not player.eliminated:
            extra["victory"], extra["victory_short"] = victory_words(state, player.seat)
        if queries.has_treasuries and not player.eliminated:  # Illumonopoly (VARIANTS §4.7)
            extra.update(treasury_summary(state, player.seat))
        summaries.append(SeatSummary(
            seat=player.seat, name=player.name, role=role,
            faction_name=info.name if info else "No faction yet",
            faction_title=info.title if info else "",
            is_computer=player.kind == "computer", cash=player.cash,
            power_base=bases.get(player.seat), power_base_estimated=estimated and player.seat in bases,
            in_jail=player.in_jail, eliminated=player.eliminated, is_turn=player.seat == turn,
            is_chair=state.chair == player.seat, political_favors=len(player.political_favors),
            deeds_owned=owned.get(player.seat, 0), held_elsewhere=tuple(sorted(held.get(player.seat, ()))),
            leases=leases, **extra))
    return summaries


def treasury_summary(state: GameState, seat: int) -> dict:
    """An Illumonopoly seat's header figures: whether the view hides its money (A-IL-05), how many treasuries it
    has and Court cards it holds (public counts), and whether it is audited."""
    queries = ruleset_of(state).queries
    rows = queries.treasury_rows(state, seat)
    return {"cash_hidden": any(amount is None for _, amount in rows), "treasuries": len(rows),
            "court_cards": len(queries.court_hand(state, seat)), "audited": seat in queries.markers(state).audited}


def victory_words(state: GameState, seat: int) -> tuple[str | None, str | None]:
    """(how near the seat's faction stands to its special victory, the nearest count as "have/need"), from the
    engine's own conditions counted (the ruleset's `progress`). The Dog's condition is his secret (R-FAC-DOG-01),
    the Shoe's a moment rather than a count, and the Boat has none."""
    queries = ruleset_of(state).queries
    faction = state.players[seat].faction
    if faction == "dog":
        return "a secret condition (R-FAC-DOG-01)", None
    conditions = queries.FACTION_CONDITIONS.get(faction, ())
    if not conditions:
        return None, None
    counted = [(progress, c.rule_id) for c in conditions
               if (progress := queries.progress(state, seat, c.key)) is not None]
    if not counted:
        condition = conditions[0]
        return f"{condition.words} ({condition.rule_id})", None
    words = "; or ".join(progress.words for progress, _ in counted) + f" ({counted[0][1]})"
    nearest = max((progress for progress, _ in counted), key=lambda p: p.have / p.need)
    return words, f"{min(nearest.have, nearest.need)}/{nearest.need}"


def structure_marks(state: GameState, seat: int) -> tuple[DeedMark, ...]:
    """The seat's deeds with where they hang and what is marked on them, by square index."""
    names = [p.name for p in state.players]
    marks = []
    for index, (parent, arrow) in sorted(ruleset_of(state).queries.current_placement(state, seat).items()):
        prop = state.properties[index]
        subverted = prop.controller is not None and prop.controller != prop.owner
        marks.append(DeedMark(index=index, parent=parent, arrow=arrow, mortgaged=prop.mortgaged,
                              rezoned=prop.rezoned, destroyed=prop.destroyed,
                              controller=prop.controller if subverted else None,
                              controller_name=names[prop.controller] if subverted else None,
                              houses=prop.houses, hotel=prop.hotel))
    return tuple(marks)


def holding_marks(state: GameState, seat: int) -> tuple[DeedMark, ...]:
    """A classic player's deeds in board order, with their mortgages and buildings (nothing hangs anywhere); a
    Georgist player's leased parcels with their houses (a hotel or office building shown as the hotel)."""
    queries = ruleset_of(state).queries
    if queries.has_parcels:
        marks = []
        for index in queries.leases_of(state, seat):
            parcel = queries.parcel(state, index)
            marks.append(DeedMark(index=index, parent=None, arrow=0, mortgaged=False, rezoned=False, destroyed=False,
                                  controller=None, controller_name=None, houses=parcel["houses"],
                                  hotel=bool(parcel["hotels"] or parcel["offices"])))
        return tuple(marks)
    return tuple(DeedMark(index=index, parent=None, arrow=0, mortgaged=prop.mortgaged, rezoned=False,
                          destroyed=False, controller=None, controller_name=None, houses=prop.houses,
                          hotel=prop.hotel)
                 for index, prop in sorted(state.properties.items()) if prop.owner == seat)


def structure_signature(state: GameState, seat: int) -> tuple:
    """Everything a seat's drawn area depends on: equal signatures draw the same picture, so the area is rebuilt
    only when it changes."""
    player = state.players[seat]
    role = seat_role(state, seat)
    if role == "banker":
        extra: tuple = (banker_holdings(state, seat),)
    elif role == "artillery":
        extra = (artillery_notes(state, seat),)
    elif role == "player":
        extra = (holding_marks(state, seat), len(player.political_favors))
    else:
        extra = structure_marks(state, seat)
    return player.name, player.faction, role, player.eliminated, extra


def banker_holdings(state: GameState, seat: int) -> BankerHoldings:
    """The professional Banker's Reserves (his funds are the Bank's, R-BANKER-01), his score and the mortgaged
    properties he controls."""
    readable, _ = _readable_state(state)
    mortgaged = tuple(index for index, prop in sorted(state.properties.items())
                      if prop.mortgaged and prop.controller == seat)
    score = ruleset_of(readable).queries.banker_score(readable) if state.professional_banker == seat else 0
    return BankerHoldings(reserves=state.reserves, score=score, mortgaged=mortgaged)


def artillery_notes(state: GameState, seat: int) -> ArtilleryNotes:
    """The colour groups the Artillery has destroyed a lot of (R-FAC-ARTILLERY-01) and his pending ransom."""
    board = state.setup.board
    destroyed = set(state.terrorist_colors_destroyed)
    tally = tuple(ColourLot(group.id, group.name, group.color, group.id in destroyed) for group in board.groups)
    ransom = state.pending_ransom
    text = None
    if ransom is not None and ransom.artillery == seat:
        square = board.squares[ransom.property].name
        if ransom.owner is None:
            pledged = sum(ransom.pledges.values())
            text = f"Ransom ${ransom.amount:,} on {square}: ${pledged:,} pledged (R-ART-04)"
        else:
            owner = state.players[ransom.owner].name
            answer = f", {owner} chose to {ransom.answer}" if ransom.answer else f", {owner} to answer"
            text = f"Ransom ${ransom.amount:,} on {square}{answer} (R-ART-04)"
    return ArtilleryNotes(tally=tally, ransom_text=text)


def status_words(summary: SeatSummary) -> list[str]:
    """Short status badges for the header, most important first."""
    words = []
    if summary.eliminated:
        words.append("out")
    if summary.is_turn:
        words.append("turn")
    if summary.is_chair:
        words.append("Chair")
    if summary.in_jail:
        words.append("in Jail")
    if summary.audited:
        words.append("IRS Audit")
    return words
