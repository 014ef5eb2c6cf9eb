"""Illumonopoly (VARIANTS §4) as a ruleset: an overlay of classic Monopoly (VARIANTS §0.3), so `IllumoRuleset`
extends `ClassicRuleset` and overrides the seams where V-ILLUMO's rules differ: the ledger's group treasuries (S09),
the landing and rent (S07, S08), purchases announced and interfered with (S12), lawsuits in step 1 and the turn's
steps (S05), building without a monopoly (S11), the do-nothing bonus, bankruptcy across treasuries (S19) and the
private treasuries (S21).

This version plays the first half of the variant: treasuries, interference and lawsuits (V-ILLUMO-01 to -14, -31 to
-41 but the Holding Action, -48). The Court Date deck (V-ILLUMO-15 to -30) and the advanced mode (V-ILLUMO-42 to -47)
are not in it yet."""
from __future__ import annotations

from ...model import rng
from ...model.illumo_court import HIDDEN_CARD
from ...model.illumo_options import IllumoOptions
from ...model.illumo_state import (AntitrustChoice, CardResponse, Complaint, HoldingWindow, IllumoState, Interference,
                                   IlluminatiDraft, Lawsuit, LevelRepair, treasury_account)
from ...model.classic_state import MortgageReceipt
from ...model.state import BANK, Auction, GameSetup, GameState, RaiseFunds
from ...rules.actions import Action
from ...rules.context import RulesContext
from ...rules.decisions import Menu, registry
from ...rules.errors import IllegalAction
from ..classic import setup
from ..classic.ruleset import ClassicRuleset
from . import (advanced, bermuda, bonus, court, free_actions, interference, landing, lawsuits, secret_trades, trades,
               treasury)
from .access import illumo_options, illumo_options_of, illumo_slice
from .queries import IllumoQueries
from .steps import STEPS, IllumoAuctionWindow, finish_turn
from .windows import WINDOWS

COURT_CARDS = 52

RULE_IDS = {**ClassicRuleset.rule_ids, "game.over": "V-ILLUMO-48", "player.eliminated": "V-ILLUMO-11",
            "funds.raise": "V-ILLUMO-11", "build.even": "V-ILLUMO-31", "build.return": "V-ILLUMO-11"}


class IllumoRuleset(ClassicRuleset):
    name = "illumo"
    options_model = IllumoOptions
    queries = IllumoQueries()
    rule_ids = RULE_IDS
    windows = (RaiseFunds, Auction, MortgageReceipt, Complaint, Interference, Lawsuit, AntitrustChoice, HoldingWindow,
               CardResponse, LevelRepair, IlluminatiDraft)
    decisions = registry([*WINDOWS, IllumoAuctionWindow(), *STEPS])
    free_action_handlers = free_actions.HANDLERS
    def free_options(self, ctx: RulesContext, seat: int, offers_only: bool = False) -> list[Action]:
        return free_actions.free_options(ctx, seat, offers_only)

    def free_menu(self, ctx: RulesContext, seat: int) -> Menu:
        return free_actions.free_menu(ctx, seat)

    # ----- S02: the start of a game (V-ILLUMO-01, -03: classic's, $1,500 into each central treasury) -----

    def new_game(self, seats, seed: int = 0, options=None, board=None, preset_factions: bool = False,
                 allow_forced_dice: bool = False, events: list | None = None,
                 generator: rng.Generator = rng.DEFAULT_GENERATOR, preset: str | None = None) -> GameState:
        return setup.new_game(seats, seed=seed, options=options, board=board, allow_forced_dice=allow_forced_dice,
                              events=events, generator=generator, ruleset=self.name, options_model=IllumoOptions,
                              slice_factory=IllumoState)

    def start_game(self, setup_: GameSetup, events: list | None = None) -> GameState:
        if setup_.position is not None:
            raise self.missing("positions")
        return self.new_game(setup_.seats, seed=setup_.seed, options=setup_.options, board=setup_.board,
                             allow_forced_dice=setup_.allow_forced_dice, events=events, generator=setup_.generator)

    # ----- S05: the turn (V-ILLUMO-35) -----

    def game_set_up(self, ctx: RulesContext) -> None:
        """V-ILLUMO-42: the Illuminati are dealt in advanced mode."""
        advanced.deal(ctx)

    def turn_started(self, ctx: RulesContext, seat: int) -> None:
        """Step 1 begins: the turn's budgets are reset, and the blocks this player's complaints lost end
        (V-ILLUMO-14: "until the start of the purchaser's next turn")."""
        slice_ = illumo_slice(ctx.state)
        slice_.step = 1
        slice_.lawsuits_left = advanced.lawsuits_per_turn(ctx, seat)
        slice_.sued_this_turn = []
        slice_.free_transfers_left = illumo_options(ctx).illumo_free_transfers
        slice_.bonus_eligible = True
        slice_.idle_declared = False
        slice_.drawn_passing_go = False
        slice_.repair_asked = False
        slice_.secret_deal_by = None
        secret_trades.forget_closed(ctx.state)
        for index in [i for i, purchaser in slice_.blocked_until.items() if purchaser == seat]:
            del slice_.blocked_until[index]
        court.turn_started(ctx, seat)
        lawsuits.mark_resumable(ctx, seat)

    land = staticmethod(landing.land)
    finish_turn = staticmethod(finish_turn)
    """Step 6 (steps.py); the last level-repair window's close ends the turn through it (repair.py)."""

    def on_pass(self, ctx: RulesContext, seat: int, square: int, forward: bool) -> bool:
        """GO's salary as in classic Monopoly, and a Court Date card with `illumo_court_draw_on_pass_go` (A-IL-01:
        once a move, the landing on GO then draws no second); a missing space stops the token (V-ILLUMO-46)."""
        super().on_pass(ctx, seat, square, forward)
        if forward and square == ctx.board.go_index and illumo_options(ctx).illumo_court_draw_on_pass_go:
            court.draw(ctx, seat)
            illumo_slice(ctx.state).drawn_passing_go = True
        return bermuda.stops_here(ctx, square)

    def break_tie(self, ctx: RulesContext, winners: list[int]) -> list[int]:
        """§4.6: a tie on net worth goes to the player with more money across all his treasuries; if still tied,
        they all win."""
        most = max(ctx.state.money_of(seat) for seat in winners)
        return [seat for seat in winners if ctx.state.money_of(seat) == most]

    def standings(self, state: GameState, squares) -> dict[int, int]:
        """The public standings at each round's end: with private treasuries (A-IL-05: "totals are hidden as well")
        only what everyone can see counts, the deeds at their price (half when mortgaged) and the buildings at cost;
        with `illumo_treasury_visibility = public`, the whole net worth (V-ILLUMO-48)."""
        return treasury.public_worths(state, squares)

    # ----- S09: the ledger's group treasuries -----

    def adjust_account(self, state: GameState, account: str, amount: int) -> None:
        treasury.adjust(state, account, amount)

    def check_losses(self, ctx: RulesContext) -> None:
        """After every event: treasuries open and close with the deeds (V-ILLUMO-02, -10). Each check leaves them in
        step, so only an action whose events can have unsettled them is synced again (this runs several times an
        action, and the sync reads every deed)."""
        if treasury.may_unsettle_treasuries(ctx.events):
            treasury.sync_treasuries(ctx)

    # ----- S12: offers (CLASSIC-13, V-ILLUMO-09, -12 b, -14) -----

    def check_offer_terms(self, ctx: RulesContext, offer) -> None:
        trades.check_offer_terms(ctx, offer)

    def execute_offer(self, ctx: RulesContext, offer) -> None:
        trades.execute(ctx, offer)

    # ----- S12 -----

    def may_acquire(self, ctx: RulesContext, seat: int) -> bool:
        return ctx.state.players[seat].cash >= 1

    def bidding_funds(self, ctx: RulesContext, seat: int, auction) -> int:
        """V-ILLUMO-05: a bid for a deed may be paid from central and the bidder's treasury of the deed's type."""
        if auction.item != "property":
            return super().bidding_funds(ctx, seat, auction)
        return treasury.tied_funds(ctx.state, seat, treasury.deed_type(ctx, auction.property))

    def pay_auction(self, ctx: RulesContext, auction, winner: int) -> None:
        """V-ILLUMO-05: the winning bid from the type's treasury as the winner's split says, the rest from central;
        with `illumo_interference_on_auctions` the win is challengeable first (paid when it goes ahead)."""
        if auction.item != "property":
            super().pay_auction(ctx, auction, winner)
            return
        if illumo_options(ctx).illumo_interference_on_auctions and \
                interference.announce_auction_win(ctx, winner, auction.property, auction.high_bid):
            return
        treasury.settle_tied(ctx, winner, treasury.deed_type(ctx, auction.property), auction.high_bid, BANK,
                             "auction", "V-ILLUMO-05")

    def give_property(self, ctx: RulesContext, index: int, seat: int, parent: int, arrow: int, rule_id: str) -> None:
        """An auction win, unless it was just announced for complaints (`illumo_interference_on_auctions`)."""
        top = ctx.state.pending[-1] if ctx.state.pending else None
        if top is not None and top.kind == "illumo_complaint" and top.auction and top.property == index:
            return
        super().give_property(ctx, index, seat, parent, arrow, rule_id)

    pay_repairs = staticmethod(treasury.pay_repairs)

    # ----- the door: a declared do-nothing turn (V-ILLUMO-34, `declare_at_start`) -----

    def actor_refusal(self, state: GameState, action) -> IllegalAction | None:
        refusal = super().actor_refusal(state, action)
        if refusal is None and bonus.blocked(state, action):
            return bonus.declared_refusal()
        return refusal

    def action_filter(self, state: GameState, acts_as: int):
        if not bonus.declared(state, acts_as):
            return None
        return lambda action: not bonus.blocked(state, action)

    # ----- S21: what a seat may see -----

    def redact(self, state: GameState, view: dict, seat: int | None) -> None:
        """A-IL-05: the amounts in a player's treasuries, central included, are his alone; others see which
        treasuries he has (each amount shown as 0, the seat listed in `hidden_money`)."""
        super().redact(state, view, seat)
        shown = view["variant"]
        # V-ILLUMO-15, S21: the deck's order and the discards are nobody's to see, a Court hand's faces its holder's
        # alone (others see how many cards he holds).
        shown["court_deck"] = [HIDDEN_CARD] * len(shown["court_deck"])
        shown["court_discard"] = [HIDDEN_CARD] * len(shown["court_discard"])
        for holder, cards in shown["court_hands"].items():
            if int(holder) != seat:
                shown["court_hands"][holder] = [HIDDEN_CARD] * len(cards)
        secret_trades.redact(state, shown, view.get("offers", []))
        visibility = illumo_options_of(state).illumo_treasury_visibility
        if visibility == "public":
            return
        hidden = []
        for player in view["players"]:
            other = player["seat"]
            if other == seat:
                continue
            hidden.append(other)
            if visibility == "totals_public":  # A-IL-05: his total is public, not its split
                shown["money_totals"][str(other)] = state.money_of(other)
            player["cash"] = 0
            kinds = shown["treasuries"].get(str(other), shown["treasuries"].get(other))
            if kinds:
                for kind in kinds:
                    kinds[kind] = 0
        shown["hidden_money"] = hidden

    # ----- invariants -----

    def invariant_problems(self, state: GameState) -> list[str]:
        problems = []
        slice_ = illumo_slice(state)
        if slice_ is None or slice_.kind != "illumo":
            return ["an Illumonopoly game without its slice"]
        squares = state.setup.board.squares
        for seat, kinds in slice_.treasuries.items():
            if state.players[seat].eliminated:
                problems.append(f"eliminated seat {seat} keeps treasuries (V-ILLUMO-11)")
            owned = {squares[i].group for i, prop in state.properties.items() if prop.owner == seat}
            for kind, amount in kinds.items():
                if amount < 0:
                    problems.append(f"{treasury_account(seat, kind)} holds ${amount}")
                if kind not in owned:
                    problems.append(f"{treasury_account(seat, kind)} is open without a {kind} deed (V-ILLUMO-10)")
        for index in slice_.landmarks:
            prop = state.properties[index]
            if prop.owner is not None or prop.houses or prop.hotel or prop.mortgaged:
                problems.append(f"landmark {index} is owned, built on or mortgaged (V-ILLUMO-38)")
        if slice_.hidden_money or slice_.money_totals:
            problems.append("a game's own state blanks money (hidden_money and money_totals belong in views)")
        cards = slice_.court_deck + slice_.court_discard + [n for hand in slice_.court_hands.values() for n in hand]
        if sorted(cards) != list(range(COURT_CARDS)):
            problems.append("the Court Date cards are not 52 distinct cards in the deck, the discards and the hands")
        for seat in slice_.court_hands:
            if state.players[seat].eliminated:
                problems.append(f"eliminated seat {seat} keeps Court cards (V-ILLUMO-11)")
        for index, prop in state.properties.items():
            if prop.mortgaged and (prop.houses or prop.hotel):
                problems.append(f"mortgaged deed {index} carries buildings (V-ILLUMO-31)")
            if prop.owner is None and prop.mortgaged:
                problems.append(f"the Bank's deed {index} is mortgaged")
        return problems


RULESET = IllumoRuleset()
