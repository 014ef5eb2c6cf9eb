"""Shared factions (VARIANTS §3, issue 28) as a ruleset on Illuminopoly: `SharedRuleset` keeps every rule of
Illuminopoly (variants/illuminopoly/) and changes who decides and when: seats are not factions (model/seating.py),
each faction's turn is a First Action by its pilot and a Second Action by its operator (halves.py, steps.py), the
control resolver says which seat answers for a faction now (resolver.py), and attacks, exchanges and contest money
are limited between factions that share a seat (attacks.py)."""
from __future__ import annotations

from ...model.options import make_options
from ...model.seating import FactionId, SeatId
from ...model.shared_options import SharedOptions
from ...model.shared_state import SharedState, TokenPairChoice
from ...model.state import Election, GameState, SeatConfig
from ...rules import actions as A
from ...rules.context import RulesContext, setup_parts
from ...rules.decisions import registry
from ...rules.errors import IllegalAction, refuse
from ...rules.handlers import Handler
from ..illuminopoly import deals, setup
from ..illuminopoly.ruleset import IlluminopolyRuleset
from . import attacks, dog, geometry, halves, resolver, secrets, steps, tokens, victory
from .access import shared_options, shared_slice, shared_slice_or_none
from .queries import SharedQueries


def name_factions(state: GameState) -> None:
    """A faction is no person: it is called by its index and token (Φ2 Top Hat), as VARIANTS §3.7's log lines do;
    the seats keep the people's names (`GameSetup.seats`). A faction is a computer's only when both sharers are."""
    n = setup_parts(state.setup).seat_count
    for player in state.players:
        tokens.name_faction(state, player.seat)
        kinds = {state.setup.seats[s].kind for s in geometry.sharers(FactionId(player.seat), n)}
        player.kind = "computer" if kinds == {"computer"} else "human"


def _free_action(handler: Handler) -> Handler:
    """A free action of Illuminopoly's, taken in the half its shared-faction game allows (V-SHARED-14)."""
    def marked(ctx: RulesContext, action: A.Action) -> None:
        state = ctx.state
        if (shared_options(ctx).shared_free_actions_in == "second_only" and shared_slice(state).turn.half == "first"
                and action.seat == state.turn.seat and state.turn.step != "none"):
            raise refuse("E_WRONG_PHASE", "V-SHARED-14", "Free actions belong to the Second Action in this game.")
        handler(ctx, action)
        halves.mark_acted(state, action.seat)
    return marked


class SharedRuleset(IlluminopolyRuleset):
    name = "shared"
    options_model = SharedOptions
    seats = range(4, 12)
    """V-SHARED-01: from `shared_min_seats` (4) to the faction tokens in use: 10, or 11 with the Artillery (this
    edition's nine and the Money Bag shared play adds, model/shared_tokens.py)."""
    decisions = registry([decision for decision in IlluminopolyRuleset.decisions.values()
                          if decision.kind not in {step.kind for step in steps.STEPS} | {"dog_choice"}]
                         + list(steps.STEPS) + [dog.DogChoice(), tokens.TokenChoice()])
    windows = (*IlluminopolyRuleset.windows, TokenPairChoice)
    rule_ids = {**IlluminopolyRuleset.rule_ids, "player.disabled": "V-SHARED-24"}
    """Illuminopoly's rules, but a disabled faction is V-SHARED-24's (neither sharer may act for it)."""
    control_rule_id = "V-SHARED-07"
    seats_are_factions = False
    queries = SharedQueries()

    free_action_handlers = {kind: _free_action(handler)
                            for kind, handler in IlluminopolyRuleset.free_action_handlers.items()}
    """Illuminopoly's free actions, each of the acting faction in its half counting as acting in it: no pass after it
    (6.4 #24)."""

    # ----- S02: the start of a game -----

    def new_game(self, seats, seed: int = 0, options=None, board=None, preset_factions: bool = False,
                 allow_forced_dice: bool = False, events: list | None = None, generator=None,
                 preset: str | None = None) -> GameState:
        if not isinstance(options, SharedOptions):
            options = make_options(options, model=SharedOptions)
        if options.faction_assignment != "random" and not preset_factions:
            # V-SHARED-03: factions are dealt at random (R-SETUP-02's draft has no meaning for pairs of seats)
            options = options.model_copy(update={"faction_assignment": "random"})
        kwargs = {} if generator is None else {"generator": generator}
        state = setup.new_game(seats, seed=seed, options=options, board=board, preset_factions=preset_factions,
                               allow_forced_dice=allow_forced_dice, events=events, ruleset=self.name,
                               variant=SharedState(), **kwargs)
        name_factions(state)
        return state

    def check_seating(self, seats: list[SeatConfig], options, preset: bool = False) -> None:
        """V-SHARED-01: from `shared_min_seats` to the tokens in use; no professional Banker (A-SH-10); no simulated
        cheating (A-SH-21)."""
        n = len(seats)
        in_use = tokens.tokens_in_use(options)
        if not options.shared_min_seats <= n <= len(in_use):
            raise refuse("E_FACTION_CANNOT", "V-SHARED-01", f"Shared factions are for {options.shared_min_seats} to "
                         f"{len(in_use)} seats (one faction between each two neighbours).")
        if any(s.banker for s in seats):
            raise refuse("E_FACTION_CANNOT", "V-SHARED-01", "Shared factions have no professional Banker seat.")
        if options.cheating_mode != "off":
            raise refuse("E_OPTION_DISABLED", "V-SHARED-23", "Simulated cheating is off in shared factions.")
        if preset:  # R-SETUP-02 over the shared tokens (Illuminopoly's check would want a Banker at 11 seats)
            chosen = [s.faction for s in seats]
            if any(f not in in_use for f in chosen) or len(set(chosen)) != len(chosen):
                raise refuse("E_FACTION_CANNOT", "R-SETUP-02", "Each faction needs a different token in use.")

    def start_game(self, setup_, events: list | None = None) -> GameState:
        if setup_.position is not None:
            raise refuse("E_OPTION_DISABLED", "V-SHARED-01", "Shared-faction games do not start from positions yet.")
        return self.new_game(setup_.seats, seed=setup_.seed, options=setup_.options, board=setup_.board,
                             preset_factions=setup_.preset_factions, allow_forced_dice=setup_.allow_forced_dice,
                             events=events, generator=setup_.generator)

    def opens_faction_choice(self, ctx: RulesContext) -> bool:
        """V-SHARED-03's `pair_choice` (the sharers of each faction agree on its token), or a table larger than
        Illuminopoly's tokens (dealt from the shared tokens too): tokens.py."""
        if not tokens.deals_itself(ctx):
            return False
        tokens.give_factions(ctx)
        return True

    # ----- S03, S05: the halves -----

    def turn_started(self, ctx: RulesContext, seat: int) -> None:
        halves.start_faction_turn(ctx, seat)

    def advance(self, ctx: RulesContext) -> bool:
        moved = super().advance(ctx)
        if not moved and shared_slice_or_none(ctx.state) is not None and not ctx.state.pending and ctx.state.turn.step != "none":
            halves.settle_half(ctx)
        return moved

    # ----- S04: the control resolver (rules/control.py asks these) -----

    def table_seats(self, state: GameState) -> list[SeatId]:
        return [SeatId(i) for i in range(setup_parts(state.setup).seat_count)]

    def seat_in_game(self, state: GameState, seat: SeatId) -> bool:
        return resolver.seat_in_game(state, seat)

    def controller(self, state: GameState, faction: FactionId) -> SeatId:
        return resolver.controller(state, faction)

    def decider(self, state: GameState, faction: FactionId) -> SeatId:
        return resolver.decider(state, faction)

    def is_proxy(self, state: GameState, faction: FactionId) -> bool:
        return resolver.proxy(state, faction) is not None

    def controlled_by(self, state: GameState, seat: SeatId) -> list[FactionId]:
        n = setup_parts(state.setup).seat_count
        faction = geometry.controlled(seat, resolver.phase(state), n)
        return [] if state.players[faction].eliminated else [faction]

    def sharers(self, state: GameState, faction: FactionId) -> list[SeatId]:
        return list(resolver.sharers(state, faction))

    def winning_seats(self, state: GameState) -> list[SeatId]:
        return victory.winning_seats(state)

    def seats_decision(self, state: GameState) -> bool:
        """The Chair vote is the seats' (V-SHARED-05): one vote per seat in the game."""
        return self.seats_election(state) is not None

    @staticmethod
    def seats_election(state: GameState) -> Election | None:
        """The Chair election the game waits on, if it does (its votes are the seats', V-SHARED-05)."""
        window = state.pending[-1] if state.pending else None
        return window if isinstance(window, Election) else None

    def secret_holders(self, state: GameState, faction: FactionId) -> frozenset[SeatId]:
        return secrets.holders(state, faction)

    def factions_seen(self, state: GameState, seat: SeatId | None) -> frozenset[FactionId]:
        return secrets.factions_seen(state, seat)

    def control_reason(self, state: GameState, faction: FactionId) -> str:
        n = setup_parts(state.setup).seat_count
        names = [s.name for s in state.setup.seats]
        now = resolver.controller(state, faction)
        other = geometry.other_sharer(faction, now, n)
        this_half, other_half = ("First", "Second") if resolver.phase(state) == "first" else ("Second", "First")
        return (f"{names[now]} controls it during {this_half} Actions, {names[other]} during {other_half} "
                "Actions")

    def actor_refusal(self, state: GameState, action: A.Action) -> IllegalAction | None:
        if isinstance(action, A.CastVote) and self.seats_decision(state):
            if not resolver.seat_in_game(state, SeatId(action.seat)):
                return refuse("E_NOT_YOUR_TURN", "V-SHARED-27", "That seat has left the game.")
            return None
        return super().actor_refusal(state, action)

    def idle(self, state: GameState, acts_as: int) -> bool:
        election = self.seats_election(state)
        if election is not None and acts_as in election.voters:
            return False
        return super().idle(state, acts_as)

    # ----- V-SHARED-05: the Chair vote belongs to seats -----

    def election_voters(self, ctx: RulesContext) -> list[int]:
        """Every seat in the game, except one whose living factions are all disabled (6.4 #22)."""
        state = ctx.state
        n = setup_parts(state.setup).seat_count
        voters = []
        for seat in self.table_seats(state):
            living = [f for f in geometry.factions_of(seat, n) if not state.players[f].eliminated]
            if living and not all(state.players[f].disabled for f in living):
                voters.append(int(seat))
        return voters

    def voters_leaving(self, ctx: RulesContext, seat: int) -> list[int]:
        """An eliminated faction takes out of open elections the votes of the sharers it leaves with no faction."""
        state = ctx.state
        return [int(s) for s in resolver.sharers(state, FactionId(seat)) if not resolver.seat_in_game(state, s)]

    # ----- V-SHARED-16, -17, -19 -----

    def exchange_refusal(self, ctx: RulesContext, giver: int, receiver: int) -> IllegalAction | None:
        return attacks.exchange_refusal(ctx, giver, receiver)

    def may_join(self, ctx: RulesContext, contest, seat: int, side: str | None) -> bool:
        return attacks.may_join(ctx, contest, seat, side)

    def graft_limit(self, ctx: RulesContext, contest, seat: int) -> int | None:
        return attacks.graft_limit(ctx, contest, seat)

    def graft_pips(self, ctx: RulesContext, contest, seat: int, pips: int) -> int:
        return attacks.check_graft(ctx, contest, seat, pips)

    def clamp_revealed(self, ctx: RulesContext, contest) -> None:
        attacks.clamp_revealed(ctx, contest)

    def check_offer_terms(self, ctx: RulesContext, offer) -> None:
        """V-SHARED-17: no leg between adjacent factions; V-SHARED-03/-05: no vote for sale (votes are the seats',
        and seats hold no money)."""
        deals.check_offer_shape(ctx, offer)
        for leg in offer.legs:
            if leg.item.kind == "vote":
                raise refuse("E_FACTION_CANNOT", "V-SHARED-05", "Chair votes belong to seats, which hold no money: "
                             "they are not for sale in shared factions.")
            refusal = attacks.exchange_refusal(ctx, leg.giver, leg.receiver)
            if refusal is not None:
                raise refusal

    # ----- S20: victory -----

    def check_losses(self, ctx: RulesContext) -> None:
        victory.check_losses(ctx)

    # ----- S21: what a seat may see -----

    def redact(self, state: GameState, view: dict, seat: int | None) -> None:
        secrets.redact(self, state, view, None if seat is None else SeatId(seat))


RULESET = SharedRuleset()
