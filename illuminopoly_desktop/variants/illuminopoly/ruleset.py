"""Illuminopoly as a ruleset on the core: `IlluminopolyRuleset` answers the core's seams (rules/ruleset.py) with the
rule areas of ILLUMINOPOLY.md: the power structures, the conspiracy's contests, the factions, the Chair, favors,
cheating, commitments and special victories."""
from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel

from ...model import rng
from ...model.options import Options
from ...model import state as model
from ...model.state import DogChoice, GameSetup, GameState
from ...rules.actions import Action
from ...rules.auctions import AuctionWindow
from ...rules.context import RulesContext
from ...rules.decisions import Menu, registry
from ...rules.errors import IllegalAction
from ...rules.payments import RaiseFundsWindow
from ...rules.ruleset import Ruleset
from .access import options_of
from . import (artillery, cards, chair, cheating, conspiracy, deals, discovery, free_actions, invariants, jail, landing,
               losing, position, setup, structure, turn)
from . import turn_steps as steps
from . import windows as decision_windows
from .contest_window import ContestWindow
from .queries import IlluminopolyQueries
from .special_victory import check_after_event


class IlluminopolyRuleset(Ruleset):
    name = "illuminopoly"
    options_model: ClassVar[type[BaseModel]] = Options
    seats = range(3, 12)  # R-SETUP-01
    starting_cash = setup.STARTING_CASH  # R-SETUP-03
    queries = IlluminopolyQueries()
    rule_ids = {
        "game.over": "R-WIN-01", "game.no_seat": "R-GEN-05", "game.forced_dice": "R-GEN-02",
        "player.eliminated": "R-LOSE-05", "player.disabled": "R-FAC-BOAT-04", "free.closed": "R-GEN-04",
        "decision.out_of_place": "R-GEN-03", "turn.not_yours": "R-TURN-03", "turn.out_of_step": "R-TURN-03",
        "go.salary": "R-GO-01", "move.walk": "R-MOVE-02", "jail.send": "R-JAIL-01", "card.draw": "R-CARD-01",
        "build.even": "R-BUILD-02", "build.supply": "R-BUILD-06", "build.sell": "R-BUILD-04",
        "build.return": "R-BANK-04", "auction": "R-DEAL-09", "offer": "R-DEAL-02", "funds.raise": "R-LOSE-02",
        "debt": "R-DEAL-04", "bank.shortfall": "R-BANK-02", "bank.auction": "R-BANK-03", "bank.debt": "R-LOSE-02",
    }
    """The rules of ILLUMINOPOLY.md the core's mechanisms apply (Ruleset.rule_ids)."""

    windows: ClassVar[tuple[type, ...]] = (model.FactionDraft, model.DogChoice, model.Election, model.FavorWindow, model.RaiseFunds, model.Auction,
               model.ChairBuyoff, model.PermitWindow, model.Contest, model.ReattachWindow, model.CardExemption,
               model.CheatRuling, model.RansomAnswer)
    turn_steps = frozenset({"choice", "stop_offer", "landing", "tax_choice", "fp_choice", "after_landing", "free",
                            "banker", "none", "income", "rail_jump", "dog_immunity", "upkeep", "after_upkeep"})
    decisions = registry([
        decision_windows.FactionDraft(), decision_windows.DogChoice(), decision_windows.Election(),
        decision_windows.FavorWindow(), RaiseFundsWindow(), AuctionWindow(), decision_windows.ChairBuyoff(),
        decision_windows.PermitWindow(), ContestWindow(), decision_windows.Reattach(), decision_windows.CardExemption(),
        decision_windows.CheatRuling(), decision_windows.RansomAnswer(), *steps.STEPS])
    free_action_handlers = free_actions.HANDLERS
    independent_actions = {kind: cheating.dispatch for kind in cheating.ACTION_TYPES}
    """Every action of R-CHEAT goes to cheating.py before anything else: with `cheating_mode=off` it is
    refused as a whole (R-CHEAT-01), whatever the game is waiting for."""
    transactional_actions = frozenset({"accept_offer", "foreclose"})

    # ----- S02: the start of a game -----

    def new_game(self, seats, seed: int = 0, options=None, board=None, preset_factions: bool = False,
                 allow_forced_dice: bool = False, events: list | None = None,
                 generator: rng.Generator = rng.DEFAULT_GENERATOR, preset: str | None = None) -> GameState:
        return setup.new_game(seats, seed=seed, options=options, board=board, preset_factions=preset_factions,
                              allow_forced_dice=allow_forced_dice, events=events, generator=generator,
                              preset=preset)

    def seat_choices(self, options) -> list[str]:
        """The factions in use: the 9 standard ones, and the Artillery when `use_artillery` (R-SETUP-01)."""
        return setup.factions_in_use(options)

    def check_seating(self, seats, options, preset: bool = False) -> None:
        setup.check_seating(seats, options, preset)

    def start_game(self, setup_: GameSetup, events: list | None = None) -> GameState:
        if setup_.position is not None:
            return position.state_from_position(setup_.position, allow_forced_dice=setup_.allow_forced_dice,
                                                events=events)
        return self.new_game(setup_.seats, seed=setup_.seed, options=setup_.options, board=setup_.board,
                             preset_factions=setup_.preset_factions, allow_forced_dice=setup_.allow_forced_dice,
                             events=events, generator=setup_.generator, preset=setup_.preset)

    def state_from_position(self, document, allow_forced_dice: bool = False, events: list | None = None) -> GameState:
        return position.state_from_position(document, allow_forced_dice, events)

    def position_json(self, state: GameState) -> str:
        return position.position_json(state)

    def position_schema(self) -> dict:
        return position.position_schema()

    # ----- R-GEN-09: the checks after every event, and the machine -----

    def round_cap(self, rounds: int) -> dict[str, object]:
        return {"max_rounds": rounds}  # R-WIN-05

    def game_started(self, state: GameState) -> bool:
        return state.turn.step != "none" or state.round_anchor is not None

    def check_victory(self, ctx: RulesContext, tested_events: int) -> int:
        """R-GEN-09 check 1: special victory first (R-WIN-02); special_victory.py."""
        return check_after_event(ctx, tested_events)

    def check_losses(self, ctx: RulesContext) -> None:
        """R-GEN-09 check 2: destitution and mortgaged-out elimination (R-LOSE-01, -03)."""
        losing.check_losses(ctx)

    def opens_faction_choice(self, ctx: RulesContext) -> bool:
        """Whether this ruleset gives the factions by a setup decision of its own, opened now, instead of R-SETUP-02's
        random deal or draft (shared factions' `pair_choice`, V-SHARED-03); Illuminopoly's: never."""
        return False

    def advance(self, ctx: RulesContext) -> bool:
        state = ctx.state
        if not self.game_started(state) and not setup.setup_complete(state):
            if any(p.faction is None for p in state.players if p.role == "faction"):
                return False  # the draft is pending
            dog = next(p for p in state.players if p.faction == "dog" and not p.dog_condition)
            state.pending.append(DogChoice(seat=dog.seat))
            return False
        if state.chair is None and state.professional_banker is None:
            chair.open_election(ctx)
            return True
        step = state.turn.step
        if step == "none":
            self.decision_table[step].advance(ctx)
            return True
        if state.players[state.turn.seat].eliminated:
            turn.end_turn(ctx)
            return True
        decision = self.decision_table[step]
        if decision.automatic:
            decision.advance(ctx)
            return True
        return False

    # ----- S03, S05: the turn machine (seams within Illuminopoly, for the areas below the turn) -----

    end_turn = staticmethod(turn.end_turn)
    """T7 and T8: the end of the turn and the next one (R-TURN-02, -03)."""
    continue_at_t2 = staticmethod(turn.continue_at_t2)
    """T2 and T3: where a turn goes on after a T1 decision (R-ART-05)."""

    # ----- S06, S07: moves and squares -----

    def on_pass(self, ctx: RulesContext, seat: int, square: int, forward: bool) -> bool:
        """GO, and the discovery of one's own subverted property on the way (R-MOVE-02, -04, R-SUBVERT-07, -08)."""
        return discovery.passing_events(ctx, seat, square, forward)

    def after_jailed(self, ctx: RulesContext, seat: int) -> None:
        """A Chair sent to Jail loses the Chair (R-CHAIR-03a)."""
        jail.after_jailed(ctx, seat)

    land = staticmethod(landing.land)
    def interpret_card(self, ctx: RulesContext, seat: int, deck_name: str, number: int, card, deck: list[int]) -> None:
        """Political Favors, double rent, the Steam Iron's exemption, the Dog's immunity (§34.3)."""
        cards.interpret(ctx, seat, deck_name, number, card, deck)

    def draw_position(self, ctx: RulesContext, seat: int, deck_name: str, deck: list[int]) -> int:
        """The top card, or the second after a stacked draw (R-CHEAT-02 (a))."""
        return cheating.draw_position(ctx, seat, deck_name, deck)

    move_by = staticmethod(landing.move_by)

    # ----- S12: auctions -----

    def bidding_order(self, ctx: RulesContext, after: int | None = None) -> list[int]:
        """The active, not disabled faction players, starting after the Chair (R-DEAL-09)."""
        return losing.bidding_order(ctx, after)

    def may_acquire(self, ctx: RulesContext, seat: int) -> bool:
        """A faction player with a free arrow, not the Artillery (R-DEAL-09)."""
        return losing.can_take_property(ctx, seat)

    def acquisition_slots(self, ctx: RulesContext, seat: int) -> list[tuple[int, int]]:
        """The free arrows a new deed may hang from (R-STRUCT-04)."""
        return structure.free_arrows(ctx, seat)

    def check_acquisition_slot(self, ctx: RulesContext, seat: int, parent: int, arrow: int, rule_id: str) -> None:
        structure.check_free_arrow(ctx, seat, parent, arrow, rule_id)

    def give_property(self, ctx: RulesContext, index: int, seat: int, parent: int, arrow: int, rule_id: str) -> None:
        """Owned and controlled, hung where its buyer chose (or the shallowest free arrow, R-STRUCT-09)."""
        losing.give_property(ctx, index, seat, parent, arrow, rule_id)

    # ----- offers (R-DEAL-02, §33) -----

    def check_offer_terms(self, ctx: RulesContext, offer) -> None:
        deals.check_offer_shape(ctx, offer)

    def offer_category(self, ctx: RulesContext, offer) -> str:
        return deals.offer_category(ctx, offer)

    def describe_offer(self, ctx: RulesContext, offer) -> str:
        return deals.describe(ctx, offer)

    def check_acceptance(self, ctx: RulesContext, offer, seat: int, placements) -> None:
        deals.check_acceptance(ctx, offer, seat, placements)

    def execute_offer(self, ctx: RulesContext, offer) -> None:
        deals.execute(ctx, offer)

    # ----- S13: the effects of each kind of contest -----

    CONTEST_EFFECTS = {
        "takeover": conspiracy.takeover_result, "rezoning": conspiracy.rezoning_result,
        "subversion": conspiracy.subversion_result, "rebuild": conspiracy.rebuild_result,
        "destruction": artillery.apply_destruction_result, "surprise_destruction": artillery.apply_destruction_result,
    }

    def contest_result(self, ctx: RulesContext, contest, success: bool) -> None:
        """R-CONTEST-02 step 10: the effect of a resolved contest, after its money was distributed."""
        self.CONTEST_EFFECTS[contest.contest](ctx, contest, success)

    # ----- seams a ruleset built on Illuminopoly fills (the shared-faction ruleset, variants/shared/) -----

    def turn_started(self, ctx: RulesContext, seat: int) -> None:
        """A turn starts (R-TURN-03, before T0): nothing more in Illuminopoly."""

    def election_voters(self, ctx: RulesContext) -> list[int]:
        """Who votes in a Chair election (R-CHAIR-02): every faction player who is not disabled."""
        state = ctx.state
        return [s for s in state.faction_seats() if not state.players[s].disabled]

    def voters_leaving(self, ctx: RulesContext, seat: int) -> list[int]:
        """The voters an eliminated faction takes out of open elections (R-LOSE-05): its own vote."""
        return [seat]

    def exchange_refusal(self, ctx: RulesContext, giver: int, receiver: int) -> IllegalAction | None:
        """Why `giver` may not voluntarily pass value to `receiver` (a ransom, a pledge, a permit bribe), or None."""
        return None

    def may_join(self, ctx: RulesContext, contest, seat: int, side: str | None) -> bool:
        """Whether `seat` may put money on `side` of a contest as a helper (R-CONTEST-03)."""
        return True

    def graft_limit(self, ctx: RulesContext, contest, seat: int) -> int | None:
        """The most pips the seat may commit now besides what he can afford (None: no limit)."""
        return None

    def graft_pips(self, ctx: RulesContext, contest, seat: int, pips: int) -> int:
        """The pips a commitment of `pips` stands for (raises IllegalAction to refuse it)."""
        return pips

    def clamp_revealed(self, ctx: RulesContext, contest) -> None:
        """Adjust the sealed bids once all are in, before their money moves: nothing in Illuminopoly."""

    # ----- R-CARD-06: Political Favor windows -----

    favor_window_closed = staticmethod(decision_windows.favor_window_closed)

    # ----- R-GEN-04: free actions -----

    def free_options(self, ctx: RulesContext, seat: int, offers_only: bool = False) -> list[Action]:
        return free_actions.free_options(ctx, seat, offers_only)

    def free_menu(self, ctx: RulesContext, seat: int) -> Menu:
        return free_actions.free_menu(ctx, seat)

    # ----- invariants -----

    def invariant_problems(self, state: GameState) -> list[str]:
        return invariants.invariant_problems(state)

    # ----- R-GEN-06: what a seat may see -----

    def redact(self, state: GameState, view: dict, seat: int | None) -> None:
        """Hidden besides what the core hides (model/views.py): the Dog's chosen condition (only the Dog, until the
        game ends or he leaves it), vote commitments and the vote escrows, commitments and commitment escrows of a
        secret offer (only their parties), simulated cheat records (only the cheater; the Banker ruling on one is
        shown those it concerns) and, with simulated cheating, the action count; sealed graft bids (the contest
        window)."""
        for player in view["players"]:
            if player["seat"] != seat and not (state.game_over or player["eliminated"]):
                player["dog_condition"] = None
        view["vote_escrows"] = [e for e in view["vote_escrows"] if seat in (e["payer"], e["voter"])]
        # Restraints, graft and helper commitments, and the escrow paid for them, of a secret offer (R-DEAL-03, -05)
        for key in ("commitments", "commitment_escrows"):
            view[key] = [c for c in view[key] if c["secret_between"] is None or seat in c["secret_between"]]
        view["vote_commitments"] = {k: v for k, v in view["vote_commitments"].items() if seat is not None
                                    and int(k) == seat}
        # Cheat records (R-CHEAT-02) are the cheater's alone. Cash, Reserves and control markers stay public.
        view["cheat_records"] = [r for r in view["cheat_records"] if seat is not None and r["seat"] == seat]
        super().redact(state, view, seat)
        if options_of(state).cheating_mode == "simulated":
            view["action_count"] = None  # a hidden action is still an action: the count would betray it


RULESET = IlluminopolyRuleset()
