"""Setting up a classic game (CLASSIC-02): 2 to 8 players with $1,500 each, every token on GO, the turn order by a
high roll, the decks shuffled, 32 houses and 12 hotels in the Bank."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...model import rng
from ...model.board import Board, load_board
from ...model.cards import load_cards
from ...model.classic_options import ClassicOptions
from ...model.classic_state import ClassicState
from ...model.options import make_options
from ...model.typed_access import options_as
from ...model.state import GameSetup, GameState, PlayerState, PropertyState, SeatConfig
from ...rules.context import RulesContext
from ...rules.engine import run_to_decision
from ...rules.errors import refuse
from ...rules.events import Notice

PLAYERS: range = range(2, 9)  # (typed: mypyc type-checks the rulesets that read it before this module)
BANK_MONEY = 20580
"""The money in the Bank's tray of the US edition at the start (30 each of $500, $100 and $50, 40 of $20, 40 of $10,
40 of $5, 40 of $1), before the players' starting cash is dealt. The Bank never runs out (ClassicOptions): when it is
short it issues more, which the game's events record."""


def classic_options(options, model: type[ClassicOptions] = ClassicOptions) -> ClassicOptions:
    """The options of a classic game: a ClassicOptions, or the defaults with `options`' overrides (a mapping).
    `model`: an overlay's options model (a subclass, e.g. Illumonopoly's)."""
    if isinstance(options, model):
        return options
    return options_as(make_options(options or {}, model=model), model)


def new_game(seats: Sequence[SeatConfig | Mapping | str], seed: int = 0, options=None, board: Board | str | None = None,
             allow_forced_dice: bool = False, events: list | None = None,
             generator: rng.Generator = rng.DEFAULT_GENERATOR, ruleset: str = "classic",
             options_model: type[ClassicOptions] = ClassicOptions, slice_factory=ClassicState) -> GameState:
    """A classic game waiting for its first roll. The turn order is rolled for at once (CLASSIC-02), so the first
    decision is the first player's. Raises IllegalAction (E_SEATING) for fewer than 2 or more than 8 players,
    OptionError for a bad option. An overlay of classic Monopoly (Illumonopoly) sets up its games here too, naming
    its `ruleset`, its `options_model` and its state slice (`slice_factory`)."""
    options = classic_options(options, options_model)
    if not isinstance(board, Board):
        board = load_board(board)
    configs = [s if isinstance(s, SeatConfig) else SeatConfig(name=s) if isinstance(s, str) else SeatConfig(**s)
               for s in seats]
    check_seating(configs, options)
    setup = GameSetup(seed=seed, ruleset=ruleset, seats=configs, options=options, board=board,
                      allow_forced_dice=allow_forced_dice, generator=generator)
    players = [PlayerState(seat=i, name=c.name, kind=c.kind, cash=options.classic_starting_cash)
               for i, c in enumerate(configs)]
    decks = load_cards()
    state = GameState(
        setup=setup, rng_state=rng.initial_state(seed, generator), players=players,
        properties={i: PropertyState(index=i) for i in board.property_indices},
        reserves=BANK_MONEY - options.classic_starting_cash * len(players), seat_order=list(range(len(players))),
        chance_deck=[c.number for c in decks.chance], chest_deck=[c.number for c in decks.community_chest],
        variant=slice_factory())
    ctx = RulesContext(state)
    if state.reserves < 0:  # a starting cash above what the tray holds: the Bank issues the rest at once
        state.bank_issued, state.reserves = -state.reserves, 0
    state.bank_start_reserves = state.reserves
    ctx.shuffle(state.chance_deck)
    ctx.shuffle(state.chest_deck)
    state.seat_order = high_roll_order(ctx, state.seat_order, "turn order", "CLASSIC-02")
    ctx.emit(Notice(text="Turn order: " + ", ".join(ctx.name(s) for s in state.seat_order) + ".",
                    rule_id="CLASSIC-02"))
    ctx.rules.game_set_up(ctx)  # an overlay's own setup (Illumonopoly's Illuminati), before the first turn
    run_to_decision(ctx)  # the first player's first turn
    if events is not None:
        events.extend(ctx.events)
    return state


def check_seating(seats, options=None, preset: bool = False) -> None:
    """CLASSIC-02: 2 to 8 players, none of them a professional Banker (a role of Illuminopoly's)."""
    if len(seats) not in PLAYERS:
        raise refuse("E_SEATING", "CLASSIC-02", "Classic Monopoly is for 2 to 8 players.")
    if any(seat.banker for seat in seats):
        raise refuse("E_SEATING", "CLASSIC-02", "Classic Monopoly has no professional Banker: the Bank runs itself.")


def high_roll_order(ctx: RulesContext, seats: list[int], purpose: str, rule_id: str) -> list[int]:
    """Everyone rolls 2d6; tied players reroll among themselves; the higher roll goes first (CLASSIC-02's turn order,
    Illuminopoly's draft order, R-SETUP-02)."""
    if len(seats) <= 1:
        return list(seats)
    rolls = {seat: sum(ctx.roll(2, seat, purpose, rule_id)) for seat in seats}
    order: list[int] = []
    for total in sorted(set(rolls.values()), reverse=True):
        tied = [s for s in seats if rolls[s] == total]
        order.extend(high_roll_order(ctx, tied, purpose, rule_id) if len(tied) > 1 else tied)
    return order
