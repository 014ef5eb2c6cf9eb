"""The core's view of a rule system (RULESETS.md §4.1-4.2): a `Ruleset` whose methods are the seams of VARIANTS §2.

The engine's door (rules/engine.py, rules/legal.py) is the same for every ruleset. Behind it, everything a rule
system decides for itself is asked of `ctx.rules`, the ruleset of the game at hand, resolved once per `RulesContext`
from `state.setup.ruleset` (model/rulesets.py finds it by name and imports its module on first use). A ruleset is one
object, written as a class that mirrors the tree of rule systems of VARIANTS §0.3 (Classic → Illuminopoly → Shared;
Classic → Illumonopoly | Defeating Monopoly): a subclass overrides the seams where its rules differ, and `super()` is
the spec's "wrap".

This base class holds what every ruleset shares. A seam whose classic reading is plain has it here; one that only a
ruleset can answer raises NotImplementedError naming itself (issue 26 writes the classic ruleset on this base).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from mypy_extensions import mypyc_attr
from pydantic import BaseModel

from ..model import rng
from ..model.seating import FactionId, SeatId
from ..model.state import BANK, GameSetup, GameState
from .actions import Action
from .context import RulesContext
from .decisions import Decision, Menu
from .errors import IllegalAction, refuse
from .money import move
from .movement import pay_go_salary
from .offers import HANDLERS as OFFER_HANDLERS
from .queries import Queries


CORE_RULE_KEYS = frozenset({
    "game.over", "game.no_seat", "game.forced_dice", "player.eliminated", "player.disabled", "free.closed",
    "decision.out_of_place", "turn.not_yours", "turn.out_of_step", "go.salary", "move.walk", "jail.send",
    "card.draw", "build.even", "build.supply", "build.sell", "build.return", "auction", "offer", "funds.raise",
    "debt", "bank.shortfall", "bank.auction", "bank.debt",
})
"""The semantic keys of the rules the core's mechanisms apply (`Ruleset.rule_ids`)."""


class Ruleset:
    name: ClassVar[str] = ""
    """The stable code written in saves and adverts (model/rulesets.py)."""
    options_model: ClassVar[type[BaseModel]] = BaseModel
    """The frozen model of the ruleset's house rules (model/options.py's `Options` for Illuminopoly)."""
    seats: ClassVar[range] = range(2, 9)
    """How many players may sit at the table (S02): classic Monopoly is for 2 to 8."""
    starting_cash: ClassVar[int] = 1500
    """What each player starts with (S02)."""
    queries: ClassVar[Queries] = Queries()
    """The questions the interface asks about a game of this ruleset (rules/queries.py)."""
    rule_ids: ClassVar[Mapping[str, str]] = {}
    """The rule each of the core's mechanisms applies, in the ruleset's own spec (RULESETS.md §4.4): a semantic key
    ("build.even", "auction", "go.salary"...) -> the spec's rule ID ("R-BUILD-02" in Illuminopoly, "CLASSIC-07" in
    classic Monopoly). The core names a rule only through it (`ctx.rules.rule_ids[key]`), so that a refusal or an
    event of a shared mechanism names the rule of the game being played; CORE_RULE_KEYS lists every key, and
    tests/test_rulesets.py checks that every ruleset maps them all."""

    windows: ClassVar[tuple[type[BaseModel], ...]] = ()
    """S15: the models of the windows this ruleset opens on the pending stack (members of model/state.py's `Pending`;
    a ruleset's own windows live in its model slice, e.g. model/classic_state.py). With `turn_steps`, the ruleset's
    declaration of every decision its games can wait on: `decisions` must register exactly these
    (tests/test_decision_registry.py), and a game never shows another (rules/invariants.py)."""
    turn_steps: ClassVar[frozenset[str]] = frozenset()
    """S05: the values of model/state.py's `TurnStep` this ruleset's turn machine uses."""
    decisions: ClassVar[dict[str, Decision]] = {}
    """S05, S15: every window kind of the pending stack and every turn step, by kind (rules/decisions.py)."""
    free_action_handlers: ClassVar[dict[str, Callable[[RulesContext, Action], None]]] = OFFER_HANDLERS
    """R-GEN-04: the free actions, by action type: taken while the decision waiting allows (`free_actions`)."""
    independent_actions: ClassVar[dict[str, Callable[[RulesContext, Action], None]]] = {}
    """Actions the ruleset checks and applies itself, whatever decision is waiting (Illuminopoly's cheats)."""
    transactional_actions: ClassVar[frozenset[str]] = frozenset()
    """Actions applied on a copy of the state and kept only if accepted: they touch many parts at once (a deal)."""

    def __init__(self) -> None:
        # The class's tables, the same objects, as typed attributes of the ruleset's one instance (issue 30): the
        # engine reads them on every action, and in the compiled core a class variable is read through Python's
        # lookup, an instance attribute from the object's native layout.
        cls = type(self)
        self.decision_table: dict[str, Decision] = cls.decisions
        """`decisions`."""
        self.free_handler_table: dict[str, Callable[[RulesContext, Action], None]] = cls.free_action_handlers
        """`free_action_handlers`."""
        self.independent_table: dict[str, Callable[[RulesContext, Action], None]] = cls.independent_actions
        """`independent_actions`."""
        self.transactional_kinds: frozenset[str] = cls.transactional_actions
        """`transactional_actions`."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"

    @classmethod
    def decision_kinds(cls) -> frozenset[str]:
        """The kinds of every window and turn step this ruleset declares (`windows`, `turn_steps`)."""
        return frozenset(window.model_fields["kind"].default for window in cls.windows) | cls.turn_steps

    def missing(self, seam: str) -> NotImplementedError:
        """The error of a seam this ruleset does not define."""
        return NotImplementedError(f"the {self.name or type(self).__name__} ruleset does not define {seam}")

    # ----- S02: the start of a game -----

    def new_game(self, seats, seed: int = 0, options=None, board=None, preset_factions: bool = False,
                 allow_forced_dice: bool = False, events: list | None = None,
                 generator: rng.Generator = rng.DEFAULT_GENERATOR, preset: str | None = None) -> GameState:
        """A game waiting for its first decision (rules/game_start.py `new_game` documents the arguments)."""
        raise self.missing("new_game")

    def start_game(self, setup: GameSetup, events: list | None = None) -> GameState:
        """The game `setup` describes before its first action (rules/game_start.py `start_game`)."""
        raise self.missing("start_game")

    def seat_choices(self, options) -> list[str]:
        """What a seat may be given before play, by the host or in a draft (Illuminopoly: the factions in use);
        nothing in classic Monopoly but a token."""
        return []

    def check_seating(self, seats, options, preset: bool = False) -> None:
        """Refuse (IllegalAction) a table this ruleset cannot seat: too few or too many players, a choice given twice
        or not in the game. `preset`: the host gave each seat its choice (`seat_choices`)."""
        raise self.missing("check_seating")

    def state_from_position(self, document, allow_forced_dice: bool = False, events: list | None = None) -> GameState:
        """The game a position written in this ruleset's terms describes (rules/game_start.py)."""
        raise self.missing("positions")

    def position_json(self, state: GameState) -> str:
        raise self.missing("positions")

    def position_schema(self) -> dict:
        raise self.missing("positions")

    # ----- S04: who decides for a faction (VARIANTS §2.2 `controller`, `decider`); rules/control.py asks these -----
    # A seat (model/seating.py `SeatId`) is a person at the table, a faction (`FactionId`) an entity of the game. In
    # every ruleset but the shared-faction one they are one and the same: seat i runs faction i, and these answers are
    # the identity.

    seats_are_factions: ClassVar[bool] = True
    """Seat i runs faction i and no one else: every answer below is the identity (False: shared factions)."""

    def table_seats(self, state: GameState) -> list[SeatId]:
        """Every seat at the table, in seat order."""
        return [SeatId(i) for i in range(len(state.setup.seats))]

    def seat_in_game(self, state: GameState, seat: SeatId) -> bool:
        """Whether the seat still plays (has a faction in the game)."""
        return not state.players[seat].eliminated

    def controller(self, state: GameState, faction: FactionId) -> SeatId:
        """The seat that controls the faction now: spends its money, takes its free actions, sees its secrets."""
        return SeatId(faction)

    def decider(self, state: GameState, faction: FactionId) -> SeatId:
        """The seat that answers the faction's part of the decision the game waits on (a proxy may stand in for the
        controller, V-SHARED-18)."""
        return self.controller(state, faction)

    def is_proxy(self, state: GameState, faction: FactionId) -> bool:
        """Whether the faction's decider now is not its controller (V-SHARED-18)."""
        return self.decider(state, faction) != self.controller(state, faction)

    def controlled_by(self, state: GameState, seat: SeatId) -> list[FactionId]:
        """The factions in the game the seat controls now."""
        return [FactionId(seat)] if 0 <= seat < len(state.players) and not state.players[seat].eliminated else []

    def sharers(self, state: GameState, faction: FactionId) -> list[SeatId]:
        """The seats that run the faction, whoever controls it now."""
        return [SeatId(faction)]

    def winning_seats(self, state: GameState) -> list[SeatId]:
        """The people credited with the game's win (V-SHARED-28: both sharers of every winning faction)."""
        return [SeatId(winner) for winner in state.winners]

    def seats_decision(self, state: GameState) -> bool:
        """Whether the decision the game waits on is the seats' own rather than their factions' (a shared-faction
        game's Chair vote, V-SHARED-05): its awaited ids, and its actions' `seat`, are then SeatIds."""
        return False

    def secret_holders(self, state: GameState, faction: FactionId) -> frozenset[SeatId]:
        """The seats that may see the faction's secrets now (R-GEN-06)."""
        return frozenset((SeatId(faction),))

    def factions_seen(self, state: GameState, seat: SeatId | None) -> frozenset[FactionId]:
        """The factions whose secrets `seat` (None: a spectator) may see now."""
        return frozenset() if seat is None else frozenset((FactionId(seat),))

    control_rule_id: ClassVar[str] = "R-GEN-05"
    """The rule a seat's refusal to act for a faction that is not his names (rules/control.py)."""

    def control_reason(self, state: GameState, faction: FactionId) -> str:
        """Why only its controller acts for the faction now, in words for a refusal or a tooltip."""
        return f"only {state.setup.seats[self.controller(state, faction)].name} plays it"

    def actor_refusal(self, state: GameState, action: Action) -> IllegalAction | None:
        """Why the action's faction may not act at all now (the door asks before anything else), or None."""
        player = state.players[action.seat]
        if player.eliminated:
            return refuse("E_NOT_YOUR_TURN", self.rule_ids["player.eliminated"], "You have been eliminated.")
        if player.disabled:
            return refuse("E_DISABLED", self.rule_ids["player.disabled"], "You are disabled and may take no action.")
        return None

    def action_filter(self, state: GameState, acts_as: int) -> Callable[[Action], bool] | None:
        """A test the legal lists apply to every action of `acts_as` they list (those it fails are left out), when
        the ruleset refuses some actions at the door (`actor_refusal`) that its decisions would list; None: none."""
        return None

    def idle(self, state: GameState, acts_as: int) -> bool:
        """Whether `acts_as` (the `seat` field of an action) may do nothing at all now: the legal lists are empty."""
        player = state.players[acts_as]
        return player.eliminated or player.disabled

    def takes_defaults(self, state: GameState, acts_as: int) -> bool:
        """Whether the awaited `acts_as` takes every default at once (a disabled Boat, R-FAC-BOAT-04)."""
        return state.players[acts_as].disabled

    # ----- R-GEN-09: the checks after every event, and the machine -----

    def round_cap(self, rounds: int) -> dict[str, object]:
        """The option values that end a game after `rounds` rounds (simulations and balance tables need a cap):
        whatever the ruleset's own rules say a shortened game is."""
        raise self.missing("round_cap")

    def game_started(self, state: GameState) -> bool:
        """Whether play has begun (the setup decisions are over): the after-event checks run only then."""
        raise self.missing("game_started")

    def check_victory(self, ctx: RulesContext, tested_events: int) -> int:
        """The victory test run after every applied action and automatic step (R-GEN-09 check 1). `tested_events`:
        how many of the action's events the last test followed; returns the count to pass next time."""
        return len(ctx.events)

    def check_losses(self, ctx: RulesContext) -> None:
        """The losing test run after every event (R-GEN-09 check 2)."""

    def advance(self, ctx: RulesContext) -> bool:
        """Take one automatic step of the machine when no window is open; False when a decision is needed."""
        raise self.missing("advance")

    # ----- S09: the ledger -----

    def adjust_account(self, state: GameState, account: str, amount: int) -> None:
        """Add `amount` (negative: take) to a player's account other than his cash (model/state.py `Account`): only a
        ruleset that keeps such accounts in its slice has them (rules/money.py moves every dollar through here)."""
        raise self.missing(f"the account {account!r}")

    # ----- S06: movement -----

    def on_pass(self, ctx: RulesContext, seat: int, square: int, forward: bool) -> bool:
        """What entering a square on a move does (rules/movement.py asks at every square): the GO salary on a
        forward move. Returns True when the mover may stop there (to fix a property, in Illuminopoly)."""
        if forward and square == ctx.board.go_index:
            pay_go_salary(ctx, seat)
        return False

    def draw_position(self, ctx: RulesContext, seat: int, deck_name: str, deck: list[int]) -> int:
        """Which card of `deck` the drawer takes (rules/cards.py): the top one."""
        return 0

    def interpret_card(self, ctx: RulesContext, seat: int, deck_name: str, number: int, card, deck: list[int]) -> None:
        """S14: what a drawn card does (`card` is model/cards.py's CardDef), and whether it goes back under `deck`."""
        raise self.missing("interpret_card")

    def after_jailed(self, ctx: RulesContext, seat: int) -> None:
        """What being sent to Jail does besides the move (rules/jail.py): nothing more in classic Monopoly."""

    # ----- S12: auctions -----

    def bidding_order(self, ctx: RulesContext, after: int | None = None) -> list[int]:
        """Who bids in an auction, in order (the Bank's auction of R-BANK-03 uses it too); `after`: the seat the
        order starts after when the ruleset has no seat of its own to start from."""
        raise self.missing("bidding_order")

    def may_acquire(self, ctx: RulesContext, seat: int) -> bool:
        """Whether the seat may bid for (or otherwise take) a deed now."""
        raise self.missing("may_acquire")

    def auction_minimum(self, ctx: RulesContext, auction) -> int:
        """The lowest first bid of an auction (rules/auctions.py): $1 (R-DEAL-09, CLASSIC-05); a ruleset may open
        some auctions higher (the Georgist lease auction, V-GEORGE-07's `george_lease_auction_min_bid`). Every bid
        still raises the last one by $1 at least."""
        return 1

    def acquisition_slots(self, ctx: RulesContext, seat: int) -> list[tuple[int, int]]:
        """Where a deed the seat takes may go, as the (parent, arrow) of the actions that carry a placement
        (rules/actions.py: `Buy`, `Bid`...). Without power structures there is one: the defaults (-1, 0)."""
        return [(-1, 0)]

    def check_acquisition_slot(self, ctx: RulesContext, seat: int, parent: int, arrow: int, rule_id: str) -> None:
        """Refuse a placement the seat may not choose (raises IllegalAction under `rule_id`)."""

    def give_property(self, ctx: RulesContext, index: int, seat: int, parent: int, arrow: int, rule_id: str) -> None:
        """The Bank's deed becomes the seat's (an auction won), placed where he chose."""
        raise self.missing("give_property")

    def bidding_funds(self, ctx: RulesContext, seat: int, auction) -> int:
        """The most the seat may bid in this auction: his cash (a ruleset whose purchases may also be paid from
        another account of the bidder's widens it, VARIANTS S09)."""
        return ctx.state.players[seat].cash

    def pay_auction(self, ctx: RulesContext, auction, winner: int) -> None:
        """The winner pays his bid to the Bank (from his cash; a ruleset may take it from other accounts of his)."""
        move(ctx, winner, BANK, auction.high_bid, "auction", self.rule_ids["auction"])

    # ----- offers (rules/offers.py) -----

    def check_offer_terms(self, ctx: RulesContext, offer) -> None:
        """Every check of what an offer holds, at proposal and again at execution (raises IllegalAction)."""
        raise self.missing("check_offer_terms")

    def offer_category(self, ctx: RulesContext, offer) -> str:
        """"deal" or "bribe" (a bribe's money may be taxed differently)."""
        return "deal"

    def describe_offer(self, ctx: RulesContext, offer) -> str:
        """The offer's legs in words, for its events."""
        raise self.missing("describe_offer")

    def check_acceptance(self, ctx: RulesContext, offer, seat: int, placements) -> None:
        """Refuse an acceptance the seat may not give now; record where the deeds he receives go."""

    def execute_offer(self, ctx: RulesContext, offer) -> None:
        """Carry out every leg of an accepted offer (on a trial copy: a refusal voids the offer)."""
        raise self.missing("execute_offer")

    # ----- R-GEN-04: free actions -----

    def free_options(self, ctx: RulesContext, seat: int, offers_only: bool = False) -> list[Action]:
        """Every free action the seat may take now (only the answers to offers with `offers_only`)."""
        return []

    def free_menu(self, ctx: RulesContext, seat: int) -> Menu:
        """The free actions grouped by type, each group built when asked for."""
        return {}

    # ----- S21: what a seat may see -----

    def redact(self, state: GameState, view: dict, seat: int | None) -> None:
        """Hide from `seat` (None: a spectator) what the ruleset keeps secret in `view`, the state's JSON after the
        core's own hiding (model/views.py). By default each waiting decision hides its own secrets."""
        for shown, window in zip(view["pending"], state.pending):
            self.decisions[window.kind].redact(state, window, shown, seat)
        self.decisions[state.turn.step].redact(state, state.turn, view["turn"], seat)

    # ----- invariants -----

    def invariant_problems(self, state: GameState) -> list[str]:
        """The ruleset's own invariants that a state breaks, in words (rules/invariants.py checks the core's)."""
        return []
