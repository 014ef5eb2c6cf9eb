"""Setting up a Georgist game (V-GEORGE-01, -02): 2 to 8 players; everyone rolls 2d6, tied players re-roll among
themselves, and the ranking sets both the turn order and the starting cash (rank 1 $7000, rank 2 $5500, rank 3
$3000, rank 4 and below $2500: `george_starting_cash`, `george_starting_cash_rest`). All tokens start on GO; the
decks are shuffled; every parcel is unleased; the Bank holds 32 houses, 12 hotels and 12 office buildings."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...model import rng
from ...model.board import Board, load_board
from ...model.cards import load_cards
from ...model.george_options import GeorgeOptions
from ...model.george_state import GeorgeState, Parcel
from ...model.options import make_options
from ...model.state import GameSetup, GameState, PlayerState, PropertyState, SeatConfig
from ...model.typed_access import options_as
from ...rules.context import RulesContext
from ...rules.engine import run_to_decision
from ...rules.errors import refuse
from ...rules.events import DiceRolled, Notice
from ..classic.setup import high_roll_order

PLAYERS: range = range(2, 9)  # (typed: mypyc type-checks the rulesets that read it before this module)
BANK_MONEY = 275_000
"""The source's Community Bank (V-GEORGE-02); it never runs out (V-GEORGE-33), so this only starts the count."""
OPENING_ROLL = "opening roll"


def options_for_new_game(options: GeorgeOptions | Mapping | None) -> GeorgeOptions:
    """The game's options: given as the model, or as values over the defaults."""
    if isinstance(options, GeorgeOptions):
        return options
    return options_as(make_options(options or {}, model=GeorgeOptions), GeorgeOptions)


def check_seating(seats, options=None, preset: bool = False) -> None:
    """V-GEORGE-01: 2 to 8 players, no professional Banker."""
    if len(seats) not in PLAYERS:
        raise refuse("E_SEATING", "V-GEORGE-01", "Defeating Monopoly is for 2 to 8 players.")
    if any(seat.banker for seat in seats):
        raise refuse("E_SEATING", "V-GEORGE-01", "The Community Bank runs itself: no Banker seat.")


def cash_for_rank(options: GeorgeOptions, rank: int) -> int:
    """V-GEORGE-02: the starting cash of the rank (1 = the highest roll)."""
    table = options.george_starting_cash
    return table[rank - 1] if rank <= len(table) else options.george_starting_cash_rest


def new_game(seats: Sequence[SeatConfig | Mapping | str], seed: int = 0, options=None, board: Board | str | None = None,
             allow_forced_dice: bool = False, events: list | None = None,
             generator: rng.Generator = rng.DEFAULT_GENERATOR) -> GameState:
    options = options_for_new_game(options)
    if not isinstance(board, Board):
        board = load_board(board)
    configs = [s if isinstance(s, SeatConfig) else SeatConfig(name=s) if isinstance(s, str) else SeatConfig(**s)
               for s in seats]
    check_seating(configs, options)
    setup = GameSetup(seed=seed, ruleset="george", seats=configs, options=options, board=board,
                      allow_forced_dice=allow_forced_dice, generator=generator)
    players = [PlayerState(seat=i, name=c.name, kind=c.kind) for i, c in enumerate(configs)]
    decks = load_cards()
    george = GeorgeState(parcels={i: Parcel() for i in board.property_indices})
    state = GameState(
        setup=setup, rng_state=rng.initial_state(seed, generator), players=players,
        properties={i: PropertyState(index=i) for i in board.property_indices},
        reserves=BANK_MONEY, seat_order=list(range(len(players))),
        chance_deck=[c.number for c in decks.chance], chest_deck=[c.number for c in decks.community_chest],
        variant=george)
    ctx = RulesContext(state)
    ctx.shuffle(state.chance_deck)
    ctx.shuffle(state.chest_deck)
    state.seat_order = high_roll_order(ctx, state.seat_order, OPENING_ROLL, "V-GEORGE-02")
    for event in ctx.events:
        if isinstance(event, DiceRolled) and event.purpose == OPENING_ROLL and event.seat is not None:
            george.opening_rolls.setdefault(event.seat, []).append(sum(event.dice))
    for rank, seat in enumerate(state.seat_order, start=1):
        george.starting_cash[seat] = cash_for_rank(options, rank)
    for seat in state.seat_order:  # the Bank pays each his starting cash, by rank (V-GEORGE-02)
        state.players[seat].cash = george.starting_cash[seat]
        state.reserves -= george.starting_cash[seat]
    if state.reserves < 0:
        state.bank_issued, state.reserves = -state.reserves, 0
    state.bank_start_reserves = state.reserves
    ctx.emit(Notice(text="Opening roll: " + ", ".join(
        f"{rank}. {ctx.name(s)} (${george.starting_cash[s]:,})" for rank, s in enumerate(state.seat_order, start=1))
        + ".", rule_id="V-GEORGE-02"))
    run_to_decision(ctx)
    if events is not None:
        events.extend(ctx.events)
    return state
