"""Classic Monopoly as a ruleset on the core: `ClassicRuleset` answers the core's seams (rules/ruleset.py) with the
rules of VARIANTS §1 (CLASSIC-01 to CLASSIC-16). The core's mechanisms do the shared work (the walker and GO, the
card draw, the printed rent tables, even building and the supply, the auctions, the offers, every dollar); the
modules of this package say what the classic rules make of them. A ruleset built on classic's (the Georgist one,
variants/george/) subclasses `ClassicRuleset`: classic's turn, moves and Jail call the seams at the end of the class
(`land`, `landing_done`, `card_move`, `card_move_back`, `card_rent`, `repairs_cost`, `fine_payee`, `before_roll`,
`turn_started`, `standings`, `last_round_played`, `jail_fine_turns`) and name their rules through `rule_ids`, so that they play by the subclass's rules and name them."""
from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from pydantic import BaseModel

from ...model import rng
from ...model.classic_options import ClassicOptions
from ...model.classic_state import BuildingAuction, MortgageReceipt
from ...model.state import Auction, GameSetup, GameState, RaiseFunds
from ...rules.actions import Action
from ...rules.auctions import AuctionWindow
from ...rules.cards import repairs_cost
from ...rules.context import RulesContext
from ...rules.decisions import Menu, registry
from ...rules.ruleset import Ruleset
from . import cards, free_actions, game_end, landing, moves, setup, steps, trades, turn, worth
from .queries import ClassicQueries
from .windows import WINDOWS


class ClassicRuleset(Ruleset):
    name = "classic"
    options_model: ClassVar[type[BaseModel]] = ClassicOptions
    seats = setup.PLAYERS  # CLASSIC-02
    starting_cash = 1500  # CLASSIC-02 (`classic_starting_cash`)
    queries = ClassicQueries()
    rule_ids = {
        "game.over": "CLASSIC-15", "game.no_seat": "CLASSIC-02", "game.forced_dice": "CLASSIC-03",
        "player.eliminated": "CLASSIC-14", "player.disabled": "CLASSIC-14", "free.closed": "CLASSIC-03",
        "decision.out_of_place": "CLASSIC-03", "turn.not_yours": "CLASSIC-03", "turn.out_of_step": "CLASSIC-03",
        "go.salary": "CLASSIC-04", "move.walk": "CLASSIC-03", "jail.send": "CLASSIC-11", "card.draw": "CLASSIC-09",
        "build.even": "CLASSIC-07", "build.supply": "CLASSIC-07", "build.sell": "CLASSIC-07",
        "build.return": "CLASSIC-14", "auction": "CLASSIC-05", "offer": "CLASSIC-13", "funds.raise": "CLASSIC-14",
        "debt": "CLASSIC-16", "bank.shortfall": "CLASSIC-02", "bank.auction": "CLASSIC-14", "bank.debt": "CLASSIC-14",
        "move.third_doubles": "CLASSIC-03", "jail.stay": "CLASSIC-11", "jail.favor": "CLASSIC-09",
        "round.end": "CLASSIC-15",
    }
    """The rules of VARIANTS §1 the core's mechanisms apply (Ruleset.rule_ids); "bank.shortfall" is the Bank issuing
    money it lacks (it never runs out). The last four are classic's own modules' (moves.py, jail.py, turn.py), for a
    ruleset built on them to name its own: a third doubles in a row, the Jail rules, the Get Out of Jail Free card,
    the end of a round."""

    windows: ClassVar[tuple[type, ...]] = (RaiseFunds, Auction, BuildingAuction, MortgageReceipt)
    turn_steps = frozenset({"none", "choice", "landing", "tax_choice", "after_landing", "free", "jail_exit"})
    decisions = registry([*WINDOWS, AuctionWindow(), *steps.STEPS])
    free_action_handlers = free_actions.HANDLERS
    transactional_actions = frozenset({"accept_offer"})

    # ----- S02: the start of a game -----

    def new_game(self, seats, seed: int = 0, options=None, board=None, preset_factions: bool = False,
                 allow_forced_dice: bool = False, events: list | None = None,
                 generator: rng.Generator = rng.DEFAULT_GENERATOR, preset: str | None = None) -> GameState:
        return self.set_up(seats, seed=seed, options=options, board=board, allow_forced_dice=allow_forced_dice,
                           events=events, generator=generator)

    def start_game(self, setup_: GameSetup, events: list | None = None) -> GameState:
        if setup_.position is not None:
            raise self.missing("positions")
        return self.set_up(setup_.seats, seed=setup_.seed, options=setup_.options, board=setup_.board,
                           allow_forced_dice=setup_.allow_forced_dice, events=events, generator=setup_.generator)

    set_up: ClassVar[Callable[..., GameState]] = staticmethod(setup.new_game)
    """The new game itself (setup.py), by `new_game` and `start_game`."""

    def check_seating(self, seats, options, preset: bool = False) -> None:
        setup.check_seating(seats, options, preset)

    # ----- the checks after every event, and the machine -----

    def round_cap(self, rounds: int) -> dict[str, object]:
        """CLASSIC-15's short game: after its last round the highest net worth wins."""
        return {"classic_end_mode": "time_limit", "classic_time_limit_rounds": rounds}

    def game_started(self, state: GameState) -> bool:
        return state.turn.step != "none"

    def check_victory(self, ctx: RulesContext, tested_events: int) -> int:
        """CLASSIC-15: the last solvent player wins (bankruptcy itself is declared, CLASSIC-14)."""
        return game_end.check_victory(ctx, tested_events)

    def advance(self, ctx: RulesContext) -> bool:
        state = ctx.state
        step = state.turn.step
        if step != "none" and state.players[state.turn.seat].eliminated:
            turn.end_turn(ctx)  # the mover went bankrupt: the turn passes
            return True
        decision = self.decision_table[step]
        if decision.automatic:
            decision.advance(ctx)
            return True
        return False

    # ----- S06, S14: movement and cards -----

    def interpret_card(self, ctx: RulesContext, seat: int, deck_name: str, number: int, card, deck: list[int]) -> None:
        cards.interpret(ctx, seat, deck_name, number, card, deck)

    land = staticmethod(landing.land)
    """What stopping on a square does (moves.py asks the ruleset, so that an overlay of classic Monopoly may wrap it)."""

    standings = staticmethod(worth.net_worths)
    """The public standings recorded at each round's end (turn.py): every player's net worth (CLASSIC-15)."""

    def break_tie(self, ctx: RulesContext, winners: list[int]) -> list[int]:
        """The short game's winners among those tied on net worth (game_end.py): all of them share the win."""
        return winners

    def game_set_up(self, ctx: RulesContext) -> None:
        """After the setup, before the first turn (setup.py): nothing more in classic Monopoly."""

    def turn_started(self, ctx: RulesContext, seat: int) -> None:
        """After a turn has started (turn.py): nothing more in classic Monopoly; an overlay resets its turn's
        budgets here."""

    # ----- S12: auctions (CLASSIC-05, CLASSIC-14) -----

    def bidding_order(self, ctx: RulesContext, after: int | None = None) -> list[int]:
        """Every player still in the game in turn order, from the mover (the decliner bids too, CLASSIC-05), or
        from the player after `after` (the Bank's auction of a bankrupt player's deeds)."""
        state = ctx.state
        order = state.seat_order
        start = order.index(after) + 1 if after is not None else order.index(state.turn.seat)
        return [seat for seat in order[start:] + order[:start]
                if not state.players[seat].eliminated and (self.after_bids or seat != after)]

    after_bids = True
    """Whether the player the Bank's auction starts after bids in it (he does in classic)."""

    def may_acquire(self, ctx: RulesContext, seat: int) -> bool:
        return ctx.state.players[seat].cash >= 1

    def give_property(self, ctx: RulesContext, index: int, seat: int, parent: int, arrow: int, rule_id: str) -> None:
        landing.take_deed(ctx, index, seat, "auction", rule_id)

    # ----- offers (CLASSIC-13, CLASSIC-16) -----

    def check_offer_terms(self, ctx: RulesContext, offer) -> None:
        trades.check_offer_terms(ctx, offer)

    def describe_offer(self, ctx: RulesContext, offer) -> str:
        return trades.describe(ctx, offer)

    def execute_offer(self, ctx: RulesContext, offer) -> None:
        trades.execute(ctx, offer)

    # ----- free actions -----

    def free_options(self, ctx: RulesContext, seat: int, offers_only: bool = False) -> list[Action]:
        return free_actions.free_options(ctx, seat, offers_only)

    def free_menu(self, ctx: RulesContext, seat: int) -> Menu:
        return free_actions.free_menu(ctx, seat)

    # ----- invariants -----

    def invariant_problems(self, state: GameState) -> list[str]:
        problems = []
        if state.variant is None or state.variant.kind != "classic":
            problems.append("a classic game without its classic slice")
        for index, prop in state.properties.items():
            if prop.mortgaged and (prop.houses or prop.hotel):
                problems.append(f"mortgaged deed {index} carries buildings (CLASSIC-08)")
            if prop.owner is None and (prop.mortgaged or prop.houses or prop.hotel):
                problems.append(f"the Bank's deed {index} is mortgaged or built on")
        return problems

    # ----- the seams of classic's own modules, for a ruleset built on them (variants/george/) -----

    landing_done = staticmethod(landing.landing_done)
    """moves.py: the landing is over (the third doubles' Jail too)."""
    card_move = staticmethod(moves.card_move)
    """cards.py: a card's "advance to" (CLASSIC-04, -09)."""
    card_move_back = staticmethod(moves.card_move_back)
    """cards.py: a card's "go back"."""
    card_rent = staticmethod(cards.card_rent)
    """cards.py: the rent a card orders at the deed it moves to ("double", "ten_times_dice"), or None."""
    repairs_cost = staticmethod(repairs_cost)
    """cards.py: what a repairs card charges the seat for his buildings."""
    pay_repairs = staticmethod(cards.pay_repairs)
    """cards.py: how a repairs card's charge is paid (from cash, raised if short)."""
    fine_payee = staticmethod(landing.fine_payee)
    """jail.py, cards.py: who takes the $50 Jail fine and what a card makes him pay (the Bank, or the Free Parking jackpot with `classic_free_parking_jackpot`)."""
    jail_fine_turns: int | None = None
    """jail.py: on how many of his jail turns a player may pay the fine before rolling (None: every one, CLASSIC-11)."""

    def before_roll(self, ctx: RulesContext, seat: int) -> None:
        """steps.py: what a movement or jail roll does first, once it is allowed (nothing in classic)."""

    last_round_played = staticmethod(game_end.time_limit_reached)
    """turn.py: at the end of a round, whether it was the short game's last (CLASSIC-15)."""


RULESET = ClassicRuleset()
