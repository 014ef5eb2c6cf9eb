"""Positions: the state of a game written in the spec's own terms, readable and writable by hand (issue 23).

A position is to Illuminopoly what FEN is to chess: where everything stands, with no history. It is a JSON object::

    {"format": "illuminopoly-position", "version": 1,
     "options": {"graft_bidding_mode": "open"},              # only the house rules that differ from the defaults
     "players": [{"name": "Ann", "faction": "top_hat", "cash": 1200, "position": "Baltic Avenue"}, ...],
     "properties": {"Baltic Avenue": {"owner": "Ann", "parent": "card"},
                    "Oriental Avenue": {"owner": "Ben", "parent": "card", "controller": "Ann",
                                        "control_origin": "subversion"}},
     "chair": "Ann",
     "turn": {"seat": "Ben", "phase": "T3"}}

Every field of the engine's state (spec §1.2) may be given under its own name: a player's fields in his entry, a
property's in its entry, the game's at the top level; what is left out takes its value at the start of a game.
For writing by hand:

- players and squares may be named (`"Ann"`, `"Baltic Avenue"`) or numbered (seat 0, square 3) in the players',
  the properties' and the game's own fields (inside the engine's records, `pending`, `offers`, `debts`, they are
  numbers); a square whose name is not unique on the board (Chance) is given by number;
- a deed's `parent` is `"card"` (its owner's faction card), the name of the deed it hangs from, or null (unattached);
  its `controller` is its owner unless said otherwise; a mortgaged deed's is the Chair's `mortgage_chair` hold
  (R-MORT-02), and its `mortgage_principal` what the Bank lent (R-MORT-01), unless said otherwise;
- `reserves` left out is whatever keeps the money of R-GEN-08 (the Bank holds the rest), and the house and hotel
  supplies are what the board does not hold;
- a deck (`chance_deck`, `chest_deck`, card numbers from the top) may list only its top cards: the others follow in
  an order shuffled from `seed`;
- `chair` left out is the professional Banker if there is one (he is Chair for the whole game, R-BANKER-01);
- `turn` says whose turn it is and where: `phase` T0 (the professional Banker's turn), T1 upkeep, T2 income, T3 the
  main choice, T4 the move and its landing (give the engine's `step` too), T5 the free window; or `"start"`, this
  seat's turn has not started yet (its T0 to T2 run when the position is loaded: rent is collected). Without a turn
  the round starts at the Chair.

A position is validated when it is read: every field is checked as the engine's state is, then every invariant of
R-STRUCT-03 and the money of R-GEN-08; an error names the field (`PositionError`). `position_of(state)` writes any
state as a position (every field that differs from the start of a game, with the generator's state so that the dice
go on as they would have). `illuminopoly schema --what position` prints the JSON Schema.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from types import GenericAlias
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, create_model

from ...model import rng
from ...model.board import Board, load_board
from ...model.cards import load_cards
from ...model.options import OptionError, load_default_options, make_options
from ...model.player_fields import PlayerFields
from ...model.property_fields import PropertyFields
from ...model.state import ROOT, GameSetup, GameState, GameStateFields, PlayerState, PropertyState, SeatConfig
from ...model.turn_fields import TurnFields
from ...model.turn_state import TurnState, TurnStep
from ...rules.context import RulesContext
from ...rules.engine import awaiting, run_to_decision
from ...rules.errors import PositionError
from ...rules.invariants import TOTAL_HOTELS, TOTAL_HOUSES, invariant_problems
from .access import one_of, options_of
from .chair import mortgage_holder
from .structure import tree_problems
from .turn import start_turn

POSITION_FORMAT = "illuminopoly-position"
POSITION_VERSION = 1
CARD = "card"
"""A deed's `parent` when it hangs from its owner's faction card (the engine's ROOT)."""

STEP_PHASE = {
    "none": "start", "banker": "T0", "upkeep": "T1", "after_upkeep": "T1", "income": "T2", "choice": "T3",
    "stop_offer": "T4", "landing": "T4", "tax_choice": "T4", "fp_choice": "T4", "after_landing": "T4",
    "rail_jump": "T4", "dog_immunity": "T4", "free": "T5",
}
"""Each step of the engine's turn machine in the spec's terms (R-TURN-03)."""
PHASE_STEP = {"T0": "banker", "T1": "upkeep", "T2": "income", "T3": "choice", "T5": "free"}
"""The step a phase means when the position gives no step (T4 has several: its step must be given)."""
Phase = Literal["setup", "start", "T0", "T1", "T2", "T3", "T4", "T5"]

TURN_STEPS: tuple[TurnStep, ...] = get_args(TurnStep)

SeatRef = int | str
SquareRef = int | str


def _optional(model: type[BaseModel], field: str) -> object:
    """The type of `model`'s field, or None (a position may leave it out)."""
    annotation = model.model_fields[field].annotation
    if annotation is None:
        raise TypeError(f"{model.__name__}.{field} has no annotation")
    return annotation | None


def _relaxed(model: type[BaseModel], name: str, drop: tuple[str, ...] = (), **override) -> type[BaseModel]:
    """The state model `model` as a position entry: the same fields and defaults, minus `drop`, with `override`'s
    types (names allowed where the state holds numbers)."""
    fields: dict[str, Any] = {}
    for field, info in model.model_fields.items():
        if field in drop:
            continue
        fields[field] = override.pop(field) if field in override else (info.annotation, info)
    fields.update(override)
    return create_model(name, __config__=ConfigDict(extra="forbid"), **fields)


_PLAYER: TypeAdapter[PlayerState] = TypeAdapter(PlayerState)
_DEED: TypeAdapter[PropertyState] = TypeAdapter(PropertyState)
_TURN: TypeAdapter[TurnState] = TypeAdapter(TurnState)
"""The state's plain classes are built through their schemas, so a position's values are validated as the models
validated them (model/player_state.py, model/property_state.py, model/turn_state.py)."""
PositionPlayer = _relaxed(
    PlayerFields, "PositionPlayer", drop=("seat",),
    position=(SquareRef, Field(0, description="The square the token stands on (name or number).")),
    bail_bonus_against=(list[SeatRef], Field(default_factory=list, description="Players he bailed out (R-JAIL-07).")),
    rebuild_token=(SquareRef | None, Field(None, description="The deed he may rebuild by forfeiting his move.")),
    strength=(Literal["random", "schemer", "strategist"] | None, Field(None, description="A computer seat's player.")),
)
PositionProperty = _relaxed(
    PropertyFields, "PositionProperty", drop=("index",),
    owner=(SeatRef | None, None), controller=(SeatRef | None, None),
    parent=(SquareRef | None, Field(None, description='"card", the deed it hangs from, or null (unattached).')),
    double_rent_by=(SeatRef | None, None),
)
PositionTurn = _relaxed(
    TurnFields, "PositionTurn",
    seat=(SeatRef, Field(..., description="Whose turn it is.")),
    step=(_optional(TurnFields, "step"), None),
    landing_square=(SquareRef | None, None),
    phase=(Phase | None, Field(None, description="Where in the turn (R-TURN-03); see the module's documentation.")),
)
_GAME_FIELDS = tuple(f for f in GameStateFields.model_fields
                     if f not in ("setup", "players", "properties", "turn", "rng_state"))
_DERIVED = ("reserves", "house_supply", "hotel_supply", "chance_deck", "chest_deck", "seat_order")
"""Game fields a position may leave out to have them worked out (see the module's documentation)."""
_SEAT_FIELDS = ("chair", "last_chair", "professional_banker", "bank_proprietor", "round_anchor", "current_player")
"""Game fields that hold one seat, which a position may name."""
_POSITION_FIELDS: dict[str, Any] = dict(
    format=(Literal["illuminopoly-position"], POSITION_FORMAT),
    version=(Literal[1], POSITION_VERSION),
    board=(str | Board | None, Field(None, description="A board file, or the board itself; default: the classic one.")),
    options=(dict[str, Any], Field(default_factory=dict, description="House rules that differ from the defaults.")),
    seed=(int, Field(0, description="Starts the dice after the position when `rng_state` is not given; with the "
                                    "keyed generator, also its key (so a position tells the dice to come: keep "
                                    "it from the players).")),
    generator=(rng.Generator, Field(rng.SPLITMIX64, description="The random generator (model/rng.py).")),
    rng_state=(_optional(GameStateFields, "rng_state"), None),
    players=(GenericAlias(list, (PositionPlayer,)), Field(..., min_length=1)),
    properties=(GenericAlias(dict, (str, PositionProperty)), Field(default_factory=dict)),
    turn=(PositionTurn | None, None),
    seat_order=(list[SeatRef] | None, Field(None, description="The seats in playing order; default: as listed.")),
    played_this_round=(list[SeatRef], Field(default_factory=list)),
    **{f: (SeatRef | None, None) for f in _SEAT_FIELDS},
    **{f: (_optional(GameStateFields, f), None) if f in _DERIVED else
       (GameStateFields.model_fields[f].annotation, GameStateFields.model_fields[f])
       for f in _GAME_FIELDS if f not in _SEAT_FIELDS and f not in ("seat_order", "played_this_round")},
)
"""The fields of a position (pydantic field definitions: a type, and a default or FieldInfo)."""
Position = create_model("Position", __config__=ConfigDict(extra="forbid"), **_POSITION_FIELDS)


def position_schema() -> dict:
    """The JSON Schema of a position file."""
    return Position.model_json_schema()


# ----- reading -----

def state_from_position(document: Mapping | str | bytes, allow_forced_dice: bool = False,
                        events: list | None = None) -> GameState:
    """The game a position describes, ready to play (awaiting its next decision).

    `document` is the position (a mapping, or its JSON text). The game's setup records the position, so that a save
    of this game replays from it. `events`, if given, receives what loading caused (the T0–T2 of a turn that had not
    started: its rent). Raises PositionError naming the field at fault."""
    if isinstance(document, (str, bytes)):
        try:
            document = json.loads(document)
        except ValueError as error:
            raise PositionError("", f"not valid JSON: {error}") from None
    if not isinstance(document, Mapping):
        raise PositionError("", "a position is a JSON object")
    try:
        position = Position.model_validate(document)
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        raise PositionError(_path(first["loc"]), first["msg"]) from None
    return _Builder(position, dict(document), allow_forced_dice).build(events)


def _path(loc: tuple) -> str:
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        elif text.startswith("properties") and text.count(".") == 0 and "[" not in text:
            text += f"[{part!r}]"
        else:
            text += f".{part}" if text else str(part)
    return text


class _Builder:
    def __init__(self, position, raw: dict, allow_forced_dice: bool):
        self.position = position
        self.raw = raw
        self.allow_forced_dice = allow_forced_dice
        self.board = self._board()
        self.names = {p.name: seat for seat, p in enumerate(position.players)}
        self.square_numbers = _square_numbers(self.board)
        self.mortgage_holds: dict[int, tuple[bool, bool]] = {}
        """Mortgaged deeds whose controller or control origin the position leaves out: (controller left out,
        origin left out)."""

    def _board(self) -> Board:
        board = self.position.board
        if isinstance(board, Board):
            return board
        try:
            return load_board(board)
        except Exception as error:  # a DataFileError or an OSError, whose sentence names the file
            raise PositionError("board", str(error)) from None

    def seat(self, value: SeatRef | None, field: str) -> int | None:
        return None if value is None else self.given_seat(value, field)

    def given_seat(self, value: SeatRef, field: str) -> int:
        if isinstance(value, str):
            if value not in self.names:
                raise PositionError(field, f"no player is called {value!r} (players: {', '.join(self.names)})")
            return self.names[value]
        if not 0 <= value < len(self.position.players):
            raise PositionError(field, f"there is no seat {value} (seats 0 to {len(self.position.players) - 1})")
        return value

    def square(self, value: SquareRef, field: str) -> int:
        if isinstance(value, int):
            if not 0 <= value < len(self.board.squares):
                raise PositionError(field, f"there is no square {value} (squares 0 to {len(self.board.squares) - 1})")
            return value
        if value.isdigit():
            return self.square(int(value), field)
        if value not in self.square_numbers:
            raise PositionError(field, f"no square is called {value!r}" + (
                " alone: it is on the board more than once, so give its number"
                if value in {s.name for s in self.board.squares} else ""))
        return self.square_numbers[value]

    def build(self, events: list | None) -> GameState:
        position = self.position
        try:
            options = make_options(position.options)
        except OptionError as error:
            raise PositionError("options", str(error)) from None
        seats, players = self._players()
        properties = self._properties(players)
        setup = GameSetup(seed=position.seed, seats=seats, options=options, board=self.board, preset_factions=True,
                          allow_forced_dice=self.allow_forced_dice, position=self.raw, generator=position.generator)
        game = {f: getattr(position, f) for f in _GAME_FIELDS
                if f not in _DERIVED and f not in _SEAT_FIELDS and f != "played_this_round"}
        state = GameState(
            setup=setup, rng_state=position.rng_state if position.rng_state is not None
            else rng.initial_state(position.seed, position.generator),
            players=players, properties=properties, reserves=0, chance_deck=[], chest_deck=[],
            seat_order=self._seat_order(len(players)), **game)
        for field in ("bank_proprietor", "round_anchor", "current_player"):
            setattr(state, field, self.seat(getattr(position, field), field))
        state.played_this_round = [self.given_seat(s, f"played_this_round[{i}]")
                                   for i, s in enumerate(position.played_this_round)]
        ctx = RulesContext(state)
        banker = next((p.seat for p in players if p.role == "banker"), None)
        state.professional_banker = self.seat(position.professional_banker, "professional_banker") if \
            "professional_banker" in self.raw else banker
        state.chair = self.seat(position.chair, "chair") if "chair" in self.raw else state.professional_banker
        if state.professional_banker is not None and state.chair != state.professional_banker:
            raise PositionError("chair", f"{state.players[state.professional_banker].name}, the professional Banker, "
                                         f"is Chair for the whole game (R-BANKER-01)")
        state.last_chair = self.seat(position.last_chair, "last_chair") if "last_chair" in self.raw else state.chair
        self._mortgage_holds(state)
        self._supplies_and_money(state)
        self._decks(ctx)
        self._validate(ctx)
        self._turn(ctx)
        run_to_decision(ctx)
        if not state.game_over and not awaiting(state):
            raise PositionError("turn", "the position awaits nobody: say whose turn it is and where (R-GEN-03)")
        if events is not None:
            events.extend(ctx.events)
        return state

    def _seat_order(self, count: int) -> list[int]:
        if self.position.seat_order is None:
            return list(range(count))
        order = [self.given_seat(s, f"seat_order[{i}]") for i, s in enumerate(self.position.seat_order)]
        if sorted(order) != list(range(count)):
            raise PositionError("seat_order", "the seat order lists every player once (R-SETUP-01)")
        return order

    def _players(self) -> tuple[list[SeatConfig], list[PlayerState]]:
        seats, players = [], []
        for seat, entry in enumerate(self.position.players):
            where = f"players[{seat}]"
            data = entry.model_dump(exclude={"strength"})
            data["position"] = self.square(entry.position, f"{where}.position")
            data["bail_bonus_against"] = [self.seat(s, f"{where}.bail_bonus_against[{i}]")
                                          for i, s in enumerate(entry.bail_bonus_against)]
            if entry.rebuild_token is not None:
                data["rebuild_token"] = self.square(entry.rebuild_token, f"{where}.rebuild_token")
            players.append(_PLAYER.validate_python({"seat": seat, **data}))  # as the model validated it
            seats.append(SeatConfig(name=entry.name, kind=entry.kind, banker=entry.role == "banker",
                                    faction=entry.faction, strength=entry.strength or "random"))
        if len(set(self.names)) != len(players):
            raise PositionError("players", "two players have the same name")
        if not 3 <= len(players) <= 11:
            raise PositionError("players", f"Illuminopoly is for 3 to 11 players, not {len(players)} (R-SETUP-01)")
        return seats, players

    def _properties(self, players: list[PlayerState]) -> dict[int, PropertyState]:
        properties = {i: PropertyState(index=i) for i in self.board.property_indices}
        unplaced: list[int] = []
        for key, entry in self.position.properties.items():
            where = f"properties[{key!r}]"
            given = self.raw.get("properties", {}).get(key) or {}
            index = self.square(key, where)
            if index not in properties:
                raise PositionError(where, f"{self.board.squares[index].name} is not a property")
            data = entry.model_dump()
            owner = self.seat(entry.owner, f"{where}.owner")
            controller = self.seat(entry.controller, f"{where}.controller")
            if controller is None and owner is not None and not entry.mortgaged:
                controller = owner
            origin = entry.control_origin
            if entry.mortgaged and owner is not None and not {"controller", "control_origin"} <= set(given):
                # R-MORT-02: the Chair's hold, worked out once the Chair is known (_mortgage_holds)
                self.mortgage_holds[index] = ("controller" not in given, "control_origin" not in given)
            elif origin is None and controller is not None:
                origin = "owner" if controller == owner else "subversion"
            if entry.mortgaged and "mortgage_principal" not in given:
                # R-MORT-01: the cash the owner received, M, or half of it for a rezoned deed
                mortgage_value = self.board.squares[index].mortgage or 0
                data["mortgage_principal"] = mortgage_value // 2 if entry.rezoned else mortgage_value
            parent = entry.parent
            if parent == CARD:
                parent = ROOT
            elif parent is not None:
                parent = self.square(parent, f"{where}.parent")
            data.update(owner=owner, controller=controller, control_origin=origin, parent=parent,
                        double_rent_by=self.seat(entry.double_rent_by, f"{where}.double_rent_by"))
            if owner is not None and players[owner].eliminated:
                raise PositionError(f"{where}.owner", f"{players[owner].name} is out of the game")
            properties[index] = _DEED.validate_python({"index": index, **data})  # as the model validated it
            if parent is not None and "arrow" not in given:
                unplaced.append(index)
        self._first_free_arrows(properties, unplaced)
        return properties

    def _mortgage_holds(self, state: GameState) -> None:
        """A mortgaged deed whose controller the position leaves out is held as mortgaging it would have left it
        (R-MORT-02): by the Chair, or the professional Banker, as `mortgage_chair`; by nobody while the Chair is
        vacant or is the Artillery (D-11); by its owner if he is an unawakened Boat and `boat_mortgage_control` is
        off. A controller given without its origin holds it as `mortgage_chair` if he is that Chair, else by
        subversion."""
        holder = mortgage_holder(state)
        for index, (controller_left_out, origin_left_out) in self.mortgage_holds.items():
            prop = state.properties[index]
            if prop.owner is None:
                raise ValueError("a mortgaged deed has an owner")
            owner = state.players[prop.owner]
            boat_exempt = (owner.faction == "boat" and not owner.awakened
                           and not options_of(state).boat_mortgage_control)
            if controller_left_out:
                prop.controller = prop.owner if boat_exempt else holder
            if not origin_left_out:
                continue
            if prop.controller is None:
                prop.control_origin = None
            elif prop.controller == holder and not boat_exempt:
                prop.control_origin = "mortgage_chair"
            else:
                prop.control_origin = "owner" if prop.controller == prop.owner else "subversion"

    def _first_free_arrows(self, properties: dict[int, PropertyState], unplaced: list[int]) -> None:
        """A deed whose `arrow` the position leaves out takes the first arrow of its parent that no other deed
        uses, in the order the position lists them."""
        used: set[tuple[int | None, int | None, int]] = {(p.owner, p.parent, p.arrow) for i, p in properties.items()
                                                          if p.parent is not None and i not in unplaced}
        for index in unplaced:
            prop = properties[index]
            arrow = 0
            while (prop.owner, prop.parent, arrow) in used:
                arrow += 1
            prop.arrow = arrow
            used.add((prop.owner, prop.parent, arrow))

    def _supplies_and_money(self, state: GameState) -> None:
        position, options = self.position, options_of(state)
        houses = sum(p.houses for p in state.properties.values())
        hotels = sum(1 for p in state.properties.values() if p.hotel)
        state.house_supply = position.house_supply if position.house_supply is not None else TOTAL_HOUSES - houses
        state.hotel_supply = position.hotel_supply if position.hotel_supply is not None else TOTAL_HOTELS - hotels
        if houses + state.house_supply != TOTAL_HOUSES:
            raise PositionError("house_supply", f"{houses} houses on the board and {state.house_supply} in the supply "
                                                f"make {houses + state.house_supply}, not {TOTAL_HOUSES} (R-BANK-04)")
        if hotels + state.hotel_supply != TOTAL_HOTELS:
            raise PositionError("hotel_supply", f"{hotels} hotels on the board and {state.hotel_supply} in the supply "
                                                f"make {hotels + state.hotel_supply}, not {TOTAL_HOTELS} (R-BANK-04)")
        others = sum(p.cash for p in state.players) + state.fp_pot + state.escrow
        total = options.bank_total_money + state.bank_issued
        state.reserves = position.reserves if position.reserves is not None else total - others
        if "bank_start_reserves" not in self.raw:
            state.bank_start_reserves = state.reserves
        if state.reserves + others != total and options.bank_insolvency != "unlimited":
            raise PositionError("reserves", f"the players' cash, the Free Parking pot, escrow and Reserves make "
                                            f"${state.reserves + others:,}, but the game's money is ${total:,} "
                                            f"(bank_total_money plus what the Bank issued; R-GEN-08); leave "
                                            f"`reserves` out to have it worked out")
        if state.reserves < 0 and options.bank_insolvency != "unlimited":
            raise PositionError("reserves", f"the Bank would hold ${state.reserves:,}: the players hold more money "
                                            f"than the game has (R-BANK-02)")

    def _decks(self, ctx: RulesContext) -> None:
        state = ctx.state
        decks = load_cards()
        held = {(f.deck, f.number) for p in state.players for f in p.political_favors}
        for field, deck_name, cards in (("chance_deck", "chance", decks.chance),
                                        ("chest_deck", "community_chest", decks.community_chest)):
            given = getattr(self.position, field) or []
            numbers = [c.number for c in cards if (deck_name, c.number) not in held]
            unknown = [n for n in given if n not in numbers]
            if unknown or len(set(given)) != len(given):
                raise PositionError(field, f"card {unknown[0] if unknown else 'numbers'} "
                                           f"{'is not in the deck (or is held as a Political Favor)' if unknown else 'repeat'}")
            rest = [n for n in numbers if n not in given]
            ctx.shuffle(rest)
            setattr(state, field, list(given) + rest)

    def _turn(self, ctx: RulesContext) -> None:
        state, turn = ctx.state, self.position.turn
        if turn is None:
            if state.chair is None and state.professional_banker is None and not state.pending:
                raise PositionError("chair", "without a turn, the round starts at the Chair: name the Chair "
                                             "or the turn (R-TURN-01)")
            return
        seat = self.given_seat(turn.seat, "turn.seat")
        phase = turn.phase or (STEP_PHASE.get(turn.step) if turn.step else "T3")
        if turn.step and turn.phase and STEP_PHASE.get(turn.step) != turn.phase:
            raise PositionError("turn.step", f"step {turn.step!r} is in {STEP_PHASE.get(turn.step)}, not {turn.phase}")
        if phase == "T4" and not turn.step:
            raise PositionError("turn.step", "T4 has several steps: give the engine's step (e.g. \"landing\")")
        if state.players[seat].eliminated and not state.pending:  # a turn goes on through its open decisions
            raise PositionError("turn.seat", f"{state.players[seat].name} is out of the game")
        if "round_anchor" not in self.raw:
            state.round_anchor = state.professional_banker if state.professional_banker is not None else state.chair
        if "played_this_round" not in self.raw and state.round_anchor is not None:
            order = state.seat_order
            start = order.index(state.round_anchor)
            before = (order[start:] + order[:start])
            state.played_this_round = [s for s in before[:before.index(seat)] if not state.players[s].eliminated]
        if phase == "start":
            start_turn(ctx, seat)
            return
        fields = turn.model_dump(exclude={"phase", "seat", "step"}, exclude_defaults=True)
        if turn.landing_square is not None:
            fields["landing_square"] = self.square(turn.landing_square, "turn.landing_square")
        if turn.step:
            step = turn.step
        elif phase is not None:  # (no step: the phase's, "T3" by default)
            step = PHASE_STEP[phase]
        else:
            raise PositionError("turn.step", "give the turn's phase or step")
        # validated as the model validated it
        state.turn = _TURN.validate_python({"seat": seat, "step": one_of(step, TURN_STEPS), **fields})
        if "current_player" not in self.raw:
            state.current_player = seat

    def _validate(self, ctx: RulesContext) -> None:
        state = ctx.state
        for player in state.players:
            if player.role != "faction" or player.eliminated or player.faction == "artillery":
                continue
            for problem in tree_problems(ctx, player.seat):
                raise PositionError("properties", f"{player.name}'s power structure: {problem} (R-STRUCT-03)")
        for index, prop in state.properties.items():
            where = f"properties[{self.board.squares[index].name!r}]"
            if prop.owner is None and (prop.parent is not None or prop.houses or prop.hotel or prop.controller is not None):
                raise PositionError(where, "an unowned deed hangs in no structure, carries no buildings and has no "
                                           "controller")
            if prop.houses and prop.hotel:
                raise PositionError(where, "a lot has houses or a hotel, not both")
        for player in state.players:
            if player.cash < 0:
                raise PositionError(f"players[{player.seat}].cash", "cash cannot be negative")
        for problem in invariant_problems(state, options_of(state).bank_total_money):
            raise PositionError("", problem)


def _square_numbers(board: Board) -> dict[str, int]:
    counts: dict[str, int] = {}
    for square in board.squares:
        counts[square.name] = counts.get(square.name, 0) + 1
    return {s.name: s.index for s in board.squares if counts[s.name] == 1}


# ----- writing -----

def position_of(state: GameState) -> dict:
    """The position of `state`: every field that differs from the start of a game, players and squares by name.
    Reading it back (`state_from_position`) gives a state equal to `state` in everything but its setup."""
    board = state.setup.board
    labels = {number: name for name, number in _square_numbers(board).items()}
    names = [p.name for p in state.players]
    unique_names = len(set(names)) == len(names)

    def square(index: int) -> int | str:
        return labels.get(index, index)

    def seat_ref(number: int | None) -> int | str | None:
        return names[number] if unique_names and number is not None and number >= 0 else number

    document: dict[str, Any] = {"format": POSITION_FORMAT, "version": POSITION_VERSION}
    if board != load_board():
        document["board"] = board.model_dump(mode="json")
    defaults = load_default_options().model_dump(mode="json")
    options = {k: v for k, v in options_of(state).model_dump(mode="json").items() if defaults.get(k) != v}
    if options:
        document["options"] = options
    document["rng_state"] = state.rng_state
    if state.setup.generator != rng.SPLITMIX64:  # its draws need the key as well as the counters
        document["generator"] = state.setup.generator
        document["seed"] = state.setup.seed
    players = []
    for player, config in zip(state.players, state.setup.seats):
        entry = {"name": player.name, **player.model_dump(mode="json", exclude_defaults=True,
                                                          exclude={"seat", "name"})}
        entry["cash"] = player.cash
        entry["position"] = square(player.position)
        if player.kind == "computer" and config.strength != "random":
            entry["strength"] = config.strength
        players.append(entry)
    document["players"] = players
    properties = {}
    for index, prop in state.properties.items():
        entry = prop.model_dump(mode="json", exclude_defaults=True, exclude={"index"})
        if not entry:
            continue
        if "parent" in entry:
            parent = prop.parent  # (given: not its default, None)
            entry["parent"] = CARD if parent == ROOT or parent is None else square(parent)
        for field, seat in (("owner", prop.owner), ("controller", prop.controller),
                            ("double_rent_by", prop.double_rent_by)):
            if field in entry:
                entry[field] = seat_ref(seat)
        if prop.controller == prop.owner and prop.control_origin == "owner" and not prop.mortgaged:
            entry.pop("controller", None)
            entry.pop("control_origin", None)
        if prop.mortgaged:  # said in full: a mortgaged deed's left-out controller and principal are worked out
            entry["controller"] = seat_ref(prop.controller)
            entry["control_origin"] = prop.control_origin
            entry["mortgage_principal"] = prop.mortgage_principal
        properties[str(square(index))] = entry
    if properties:
        document["properties"] = properties
    # Top-level fields at their defaults are left out; nested objects (pending decisions, offers) are written whole,
    # since their `kind` tags are defaults that say what they are.
    game = {field: value for field, value in state.model_dump(mode="json", include=set(_GAME_FIELDS)).items()
            if getattr(state, field) != _field_default(field)}
    for field in ("reserves", "house_supply", "hotel_supply", "chance_deck", "chest_deck", "seat_order",
                  "bank_start_reserves", "chair", "last_chair", "professional_banker", "round_anchor",
                  "played_this_round", "current_player"):
        value = getattr(state, field)
        if value is not None or field in game:
            game[field] = value
    for field in ("chair", "last_chair", "professional_banker"):
        game[field] = seat_ref(game.get(field))
    document.update(game)
    if state.turn.seat >= 0 and state.turn.step != "none":
        turn = {"seat": seat_ref(state.turn.seat), "phase": STEP_PHASE[state.turn.step],
                **state.turn.model_dump(mode="json", exclude_defaults=True, exclude={"seat"})}
        turn["step"] = state.turn.step
        document["turn"] = turn
    return document


def _field_default(field: str) -> Any:
    return GameStateFields.model_fields[field].get_default(call_default_factory=True)


def position_json(state: GameState) -> str:
    """`position_of(state)` as indented JSON text, for reading and editing: one field per line, a list of plain
    values (a deck, a seat order) on one line."""
    return _format(position_of(state), "") + "\n"


def _format(value: Any, indent: str) -> str:
    inner = indent + "  "
    if isinstance(value, dict) and value:
        items = [f"{inner}{json.dumps(str(k), ensure_ascii=False)}: {_format(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value):
        return "[\n" + ",\n".join(inner + _format(v, inner) for v in value) + "\n" + indent + "]"
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
