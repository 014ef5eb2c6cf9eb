"""What the board shows of a game, without Qt: a frozen snapshot taken after each accepted action.

The board scene compares one snapshot with the last to redraw only what changed, and an animation that is still
running when the engine has already moved on finishes on the snapshot it started from (the live state is mutated in
place by the engine, so it cannot be kept for later). Everything here is public information: positions, deeds,
buildings, markers, the pot and the Reserves (R-GEN-06 hides none of it).

Rent figures and contest costs come from the ruleset's own answers (`ruleset.queries`: its `rent_of` and
`base_cost`), never from a copy of the rent table.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model.factions import load_factions

if TYPE_CHECKING:  # the state's models are heavy to import; the board needs them only once a game is shown
    from ..model.state import GameState


@dataclass(frozen=True)
class PropertyFacts:
    """One deed as the board shows it."""

    index: int
    name: str
    owner: int | None = None
    controller: int | None = None
    mortgaged: bool = False
    rezoned: bool = False
    destroyed: bool = False
    rubble: bool = False
    disrupted_turns: int = 0
    rail_countdown: int = 0
    houses: int = 0
    hotel: bool = False
    rent_text: str = ""
    """The rent its owner would collect now, in words ("$50", "4 × dice"); empty when unowned."""
    depth: int | None = None
    """How deep it hangs in its owner's structure (1 = from the faction card); None when unowned or unattached."""
    attack_costs: tuple[tuple[str, int], ...] = ()
    """(contest, base cost) for each contest another player could open on it by landing (R-VAL-05): the price of
    attacking it, which its depth raises (R-STRUCT-05)."""
    owner_name: str = ""
    controller_name: str = ""
    """The names written on the square (empty when unowned)."""
    parcel: bool = False
    """Land leased, never owned (V-GEORGE-04): `owner` is the parcel's lessee, `rent_text` its use fee."""
    unleased: bool = False
    """A parcel of a ruleset that leases land (V-GEORGE-04) that nobody leases: `owner` is a parcel's lessee."""
    large: tuple[str, ...] = ()
    """A parcel's large buildings in order ("hotel", "office"; V-GEORGE-15), drawn instead of `hotel`."""
    plant: bool = False
    """A railroad or utility parcel's plant (V-GEORGE-11)."""
    locked: bool = False
    """Won at a lease auction: no building on it until the lessee's next turn (V-GEORGE-07)."""
    owned_outright: bool = False
    """A railroad or utility bought outright under `classic_purchase` (V-GEORGE-11): `owner` owns it."""

    @property
    def is_subverted(self) -> bool:
        """Controlled by someone other than its owner (subversion, a retained or residual arm...)."""
        return self.owner is not None and self.controller is not None and self.controller != self.owner

    @property
    def building_count(self) -> int:
        """Houses, or 5 for a hotel."""
        return 5 if self.hotel else self.houses


@dataclass(frozen=True)
class TokenFacts:
    """One seat's token."""

    seat: int
    name: str
    faction: str | None
    """The faction id (`top_hat`, ...), `banker` for the professional Banker, None before the draft."""
    faction_name: str
    position: int
    in_jail: bool = False
    jail_turns: int = 0
    eliminated: bool = False
    is_current: bool = False
    """It is this seat's turn."""

    @property
    def on_board(self) -> bool:
        """Eliminated players and the professional Banker have no token on the board."""
        return not self.eliminated and self.faction != "banker"


@dataclass(frozen=True)
class BoardSnapshot:
    """Everything the board draws of one moment of a game."""

    properties: dict[int, PropertyFacts]
    tokens: tuple[TokenFacts, ...]
    player_names: tuple[str, ...]
    fp_pot: int = 0
    reserves: int = 0
    house_supply: int = 32
    hotel_supply: int = 12
    round_no: int = 1
    chair: int | None = None
    current_seat: int | None = None
    game_over: bool = False
    classic: bool = False
    """A classic Monopoly game: no out-arrows on the deeds (no power structures), a Bank that never runs out and no
    Chair."""
    title: str = "ILLUMINOPOLY"
    """The words on the centre's banner: the rule system's (RulesetEntry.banner)."""
    all_seeing_eye: bool = True
    """Whether the centre shows the pyramid with the eye (the Illuminati games; not classic Monopoly's)."""
    office_supply: int | None = None
    """The Bank's office buildings left (the Georgist rules, V-GEORGE-15); None where there are none."""
    round_limit: int | None = None
    """The last round of the Georgist wealth game (V-GEORGE-32), shown on the Bank plaque; None elsewhere."""
    go_pot: int | None = None
    """The GO pot (V-GEORGE-12, -24) where the ruleset has one, shown instead of the Free Parking pot."""
    acted_on: int | None = None
    """The square the decision the table waits for is about (`acted_on_square`), lit up on the board."""

    def token(self, seat: int) -> TokenFacts:
        return self.tokens[seat]

    def occupants(self, square: int) -> list[TokenFacts]:
        """Tokens on `square`, in seat order (jailed ones included; see `TokenFacts.in_jail`)."""
        return [t for t in self.tokens if t.on_board and t.position == square]

    def name_of(self, seat: int | None) -> str | None:
        return None if seat is None else self.player_names[seat]


def snapshot_of(state: GameState) -> BoardSnapshot:
    """The board's view of `state`, taken now (later changes to `state` do not reach it). Reads only."""
    from ..model.rulesets import RULESETS, ruleset_of  # lazy, like GameState above: the board is built before any game
    from ..rules.boardindex import board_index  # lazy, for the same reason

    queries = ruleset_of(state).queries
    entry = RULESETS[state.setup.ruleset]
    squares = board_index(state.setup.board).squares
    properties = {index: _property_facts(state, queries, squares, index) for index in state.properties}
    current = state.turn.seat if state.turn.seat >= 0 and not state.game_over else None
    factions = load_factions()
    tokens = tuple(
        TokenFacts(
            seat=p.seat, name=p.name,
            faction="banker" if p.role == "banker" else p.faction,
            faction_name=("Banker" if p.role == "banker"
                          else factions[p.faction].name if p.faction in factions else "No faction yet"),
            position=p.position, in_jail=p.in_jail, jail_turns=p.jail_turns, eliminated=p.eliminated,
            is_current=p.seat == current)
        for p in state.players)
    supplies = queries.supplies(state) if queries.has_parcels else {}
    return BoardSnapshot(
        properties=properties, tokens=tokens, player_names=tuple(p.name for p in state.players),
        fp_pot=state.fp_pot, reserves=state.reserves, house_supply=supplies.get("house", state.house_supply),
        hotel_supply=supplies.get("hotel", state.hotel_supply), office_supply=supplies.get("office"),
        go_pot=queries.go_pot(state) if queries.has_parcels else None, round_no=state.round_no,
        round_limit=queries.round_limit(state) if queries.has_parcels else None, chair=state.chair,
        current_seat=current, game_over=state.game_over, classic=not queries.has_structures,
        acted_on=acted_on_square(state), title=entry.banner, all_seeing_eye=entry.all_seeing_eye)


LANDING_STEPS = frozenset({"stop_offer", "landing", "tax_choice", "fp_choice", "after_landing", "rail_jump"})


def acted_on_square(state: GameState) -> int | None:
    """The square the table's open decision is about: a contest's target, an auctioned deed, a permit's lot, a
    ransom's square, else the square the player whose turn it is landed on, while he decides there. None between
    decisions about a square (rolling, the end of a turn) and once the game is over."""
    if state.game_over:
        return None
    for pending in reversed(state.pending):
        kind = pending.kind
        if kind == "contest":
            return pending.target
        if kind == "auction":
            return pending.property if pending.item == "property" else None
        if kind == "permit_window":
            return pending.property
        if kind == "ransom_answer" and state.pending_ransom is not None:
            return state.pending_ransom.property
    if state.turn.step in LANDING_STEPS and state.turn.landing_square is not None:
        return state.turn.landing_square
    return None


def _property_facts(state: GameState, queries, squares, index: int) -> PropertyFacts:
    prop = state.properties[index]
    players = state.players
    if queries.has_parcels:
        return _parcel_facts(state, queries, squares, index)
    return PropertyFacts(
        index=index, name=squares[index].name, owner=prop.owner, controller=prop.controller,
        mortgaged=prop.mortgaged, rezoned=prop.rezoned, destroyed=prop.destroyed, rubble=prop.rubble,
        disrupted_turns=prop.disrupted_turns, rail_countdown=prop.rail_countdown, houses=prop.houses,
        hotel=prop.hotel, rent_text=rent_text(state, queries, squares, index),
        depth=queries.depth_of(state, index) if prop.owner is not None else None,
        attack_costs=attack_costs(state, queries, squares, index),
        owner_name=players[prop.owner].name if prop.owner is not None else "",
        controller_name=players[prop.controller].name if prop.controller is not None else "")


def _parcel_facts(state: GameState, queries, squares, index: int) -> PropertyFacts:
    """A parcel of a ruleset that leases land (the Georgist rules): its lessee in the owner's place, its buildings
    and lock, and the use fee another player would pay on it now (V-GEORGE-10, -11) as its rent."""
    parcel = queries.parcel(state, index)
    lessee = parcel["lessee"]
    fee = parcel["use_fee"]
    rent = "" if lessee is None else (f"{fee} \u00d7 dice" if parcel["utility"] and fee else f"${fee:,}")
    return PropertyFacts(
        index=index, name=squares[index].name, owner=lessee, controller=lessee, houses=parcel["houses"],
        hotel=bool(parcel["hotels"]), rent_text=rent,
        owner_name=state.players[lessee].name if lessee is not None else "",
        controller_name=state.players[lessee].name if lessee is not None else "",
        parcel=True, unleased=lessee is None, large=("hotel",) * parcel["hotels"] + ("office",) * parcel["offices"],
        plant=parcel["plant"], locked=parcel["locked"], owned_outright=parcel["owned"])


OUTSIDER = -2
"""A seat number nobody has: an attacker who neither owns the property nor reached it by a double-rent card."""


def attack_costs(state: GameState, queries, squares, index: int) -> tuple[tuple[str, int], ...]:
    """The base cost (R-VAL-05) of each contest another player could open on `index` by landing there: a takeover
    of an owned property (R-TAKEOVER-01), the rezoning of a lot or Railroad not yet rezoned or destroyed
    (R-REZONE-01), the subversion of an owned property not destroyed whose owner is no unawakened Boat
    (R-SUBVERT-01). The Artillery's destructions are left out: they are one faction's, not everyone's."""
    if not queries.has_contests:
        return ()
    prop = state.properties[index]
    square = squares[index]
    owner = state.players[prop.owner] if prop.owner is not None else None
    contests = []
    if owner is not None:
        contests.append("takeover")
    if square.kind != "utility" and not prop.rezoned and not prop.destroyed:
        contests.append("rezoning")
    if owner is not None and not prop.destroyed and not (owner.faction == "boat" and not owner.awakened):
        contests.append("subversion")
    return tuple((contest, queries.base_cost(state, index, OUTSIDER, contest)) for contest in contests)


def rent_text(state: GameState, queries, squares, index: int) -> str:
    """What the owner of `index` would collect for it now (R-RENT-02), in words; empty when it is unowned.

    A Utility's rent depends on the next roll, so it is given as a multiple of the dice: asking `rent_of` with a
    roll of 1 yields exactly that multiple (and 0 when a row above the Utility row applies). A roll is always passed,
    because without one `rent_of` would roll and store a utility roll in the state.
    """
    prop = state.properties[index]
    if prop.owner is None:
        return ""
    if squares[index].kind == "utility":
        multiple = queries.rent_of(state, index, utility_roll=1)
        return f"{multiple} \u00d7 dice" if multiple else "$0"
    return f"${queries.rent_of(state, index, utility_roll=0):,}"
