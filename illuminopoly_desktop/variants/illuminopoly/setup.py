"""Setting up a game (R-SETUP): seats, factions, starting cash, decks, the Dog's secret, the first Chair."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...model import rng
from ...model.board import Board, load_board
from ...model.cards import load_cards
from ...model.factions import load_factions
from ...model.options import Options, make_options
from ...model.typed_access import options_as
from ...model.rulesets import DEFAULT_RULESET, find_ruleset
from ...model.state import FactionDraft, GameSetup, GameState, PlayerState, PropertyState, SeatConfig
from ...rules.context import RulesContext
from ...rules.engine import run_to_decision
from ...rules.errors import refuse
from ...rules.events import FactionChosen
from .access import illuminopoly_options

STARTING_CASH = 1500
DOG_CONDITIONS = ("top_hat", "thimble", "race_car", "horseman_a", "horseman_b", "steam_iron", "wheelbarrow", "shoe")


def factions_in_use(options: Options) -> list[str]:
    """The 9 standard factions, plus the Artillery when `use_artillery` (R-SETUP-01)."""
    return [f for f, info in load_factions().items()
            if f != "banker" and (f != "artillery" or options.use_artillery)]


def new_game(seats: Sequence[SeatConfig | Mapping | str], seed: int = 0, options: Options | Mapping | None = None,
             board: Board | str | None = None, preset_factions: bool = False,
             allow_forced_dice: bool = False, events: list | None = None,
             generator: rng.Generator = rng.DEFAULT_GENERATOR, preset: str | None = None,
             ruleset: str = DEFAULT_RULESET, variant=None) -> GameState:
    """Create a game waiting for its setup decisions (faction draft, the Dog's condition, the Chair election).

    `preset` is recorded in the setup (model/presets.py); the options given are the game's, the preset's applied.

    `generator` is the random generator (model/rng.py): new games use the keyed one; a save names its own.
    `preset_factions=True` means the host assigned each seat's faction in `seats` (recorded in the save).
    `events`, if given, receives the setup's events: the draft rolls with their tie rerolls, the factions dealt,
    the first decision opened (R-GEN-07).
    `ruleset` and `variant`: a ruleset built on Illuminopoly (the shared factions) names itself and gives its slice
    of the state; it checks the seating itself (its `check_seating`, which may call this module's).
    Raises IllegalAction (E_FACTION_CANNOT) for an impossible seating (R-SETUP-01).
    """
    if not isinstance(options, Options):
        options = options_as(make_options(options or {}), Options)
    if not isinstance(board, Board):
        board = load_board(board)
    seat_configs = [s if isinstance(s, SeatConfig) else SeatConfig(name=s) if isinstance(s, str) else SeatConfig(**s)
                    for s in seats]
    find_ruleset(ruleset).check_seating(seat_configs, options, preset_factions)
    setup = GameSetup(ruleset=ruleset, seed=seed, seats=seat_configs, options=options, board=board,
                      preset_factions=preset_factions, allow_forced_dice=allow_forced_dice, generator=generator,
                      preset=preset)
    players = [PlayerState(seat=i, name=c.name, kind=c.kind, role="banker" if c.banker else "faction")
               for i, c in enumerate(seat_configs)]
    faction_count = sum(1 for p in players if p.role == "faction")
    decks = load_cards()
    state = GameState(
        setup=setup, rng_state=rng.initial_state(seed, generator), players=players,
        properties={i: PropertyState(index=i) for i in board.property_indices},
        reserves=options.bank_total_money, seat_order=list(range(len(players))),
        chance_deck=[c.number for c in decks.chance], chest_deck=[c.number for c in decks.community_chest],
        variant=variant,
    )
    ctx = RulesContext(state)
    for player in players:
        if player.role == "faction":
            player.cash = STARTING_CASH
    state.reserves -= STARTING_CASH * faction_count
    state.bank_start_reserves = state.reserves
    banker = next((p.seat for p in players if p.role == "banker"), None)
    state.professional_banker = banker
    state.chair = state.last_chair = banker
    ctx.shuffle(state.chance_deck)
    ctx.shuffle(state.chest_deck)
    assign_factions(ctx, seat_configs, options, preset_factions)
    run_to_decision(ctx)  # opens the first decision (the Dog's choice or the Chair election): awaiting() is never empty
    if events is not None:
        events.extend(ctx.events)
    return state


def check_seating(seats: list[SeatConfig], options: Options, preset: bool = False) -> None:
    available = factions_in_use(options)
    n = len(seats)
    if not 3 <= n <= 11:
        raise refuse("E_FACTION_CANNOT", "R-SETUP-01", "Illuminopoly is for 3 to 11 players.")
    bankers = sum(1 for s in seats if s.banker)
    if bankers > 1:
        raise refuse("E_FACTION_CANNOT", "R-SETUP-01", "At most one player may be the professional Banker.")
    if n - bankers > len(available):
        raise refuse("E_FACTION_CANNOT", "R-SETUP-01",
                     f"{n - bankers} faction players but only {len(available)} factions: one player must be the Banker.")
    if preset:
        chosen = [s.faction for s in seats if not s.banker]
        if any(f not in available for f in chosen) or len(set(chosen)) != len(chosen):
            raise refuse("E_FACTION_CANNOT", "R-SETUP-02", "Each faction player needs a different faction in use.")


def assign_factions(ctx: RulesContext, seats: list[SeatConfig], options: Options, preset: bool) -> None:
    """R-SETUP-02: host-assigned, dealt at random, or picked in a high-roll draft."""
    state = ctx.state
    faction_seats = [p.seat for p in state.players if p.role == "faction"]
    if preset:
        for seat in faction_seats:
            faction = seats[seat].faction
            if faction is None:
                raise ValueError("a preset seating names every faction")
            give_faction(ctx, seat, faction)
        return
    if find_ruleset(state.setup.ruleset).opens_faction_choice(ctx):
        return  # a ruleset on Illuminopoly gives the factions by a setup decision of its own (V-SHARED-03)
    if options.faction_assignment == "random":
        pool = factions_in_use(options)
        ctx.shuffle(pool)
        for seat, faction in zip(faction_seats, pool):
            give_faction(ctx, seat, faction)
        return
    state.pending.append(FactionDraft(order=high_roll_order(ctx, faction_seats)))


def high_roll_order(ctx: RulesContext, seats: list[int]) -> list[int]:
    """Everyone rolls 2d6; tied players reroll among themselves; higher rolls pick first (R-SETUP-02)."""
    if len(seats) <= 1:
        return list(seats)
    rolls = {seat: sum(ctx.roll(2, seat, "faction draft", "R-SETUP-02")) for seat in seats}
    order: list[int] = []
    for total in sorted(set(rolls.values()), reverse=True):
        tied = [s for s in seats if rolls[s] == total]
        order.extend(high_roll_order(ctx, tied) if len(tied) > 1 else tied)
    return order


def give_faction(ctx: RulesContext, seat: int, faction: str) -> None:
    player = ctx.state.players[seat]
    player.faction = faction
    ctx.emit(FactionChosen(seat=seat, faction=faction, rule_id="R-SETUP-02"))


def pick_faction(ctx: RulesContext, draft: FactionDraft, seat: int, faction: str) -> None:
    state = ctx.state
    if draft.order[0] != seat:
        raise refuse("E_NOT_YOUR_TURN", "R-SETUP-02", f"It is {ctx.name(draft.order[0])}'s pick.")
    taken = {p.faction for p in state.players if p.faction}
    if faction not in factions_in_use(illuminopoly_options(ctx)) or faction in taken:
        raise refuse("E_FACTION_CANNOT", "R-SETUP-02", "That faction is not available.")
    give_faction(ctx, seat, faction)
    draft.order.pop(0)
    if not draft.order:
        state.pending.remove(draft)


def setup_complete(state: GameState) -> bool:
    return all(p.faction for p in state.players if p.role == "faction") and all(
        p.dog_condition for p in state.players if p.faction == "dog")
