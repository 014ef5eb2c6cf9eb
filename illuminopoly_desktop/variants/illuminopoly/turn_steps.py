"""The steps of an Illuminopoly turn (R-TURN-03: T0 to T8) as registered decisions (rules/decisions.py).

Each step lists the mover's options there (built kind by kind, because some, a reorganisation's whole arrangement or
a purchase on every free arrow, cost far more than deciding the kind), his default (R-GEN-03), and the handlers of
turn_actions.py that apply his answer. The open steps (R-GEN-04) also take free actions, the Top Hat's, the
Thimble's and the Boat's powers, and the cheats of `cheating_mode=simulated`; `upkeep` takes free actions too (the
T1 decision of R-ART-05 / R-ART-11, D-03). `none`, `after_landing` and `after_upkeep` are automatic: the engine
takes them at once.
"""
from __future__ import annotations

from typing import ClassVar

from mypy_extensions import mypyc_attr

from ...model.state import GameState, PlayerState, TurnState
from ...rules import actions as A
from ...rules.context import RulesContext
from ...rules.decisions import ALL_FREE_ACTIONS, Menu, Step
from ...rules.errors import passes, refuse
from ...rules.handlers import handler_map, handles
from ...rules.required_fields import landing_square
from ...rules.shared_values import shared
from ...rules.unvalidated_actions import REORGANIZE
from .access import illuminopoly_options
from . import artillery, cheating, conspiracy, landing, structure, turn
from . import turn_actions as act


class TurnStep(Step):
    open: ClassVar[bool] = False
    """An open step (R-GEN-04): free actions, the faction powers that are listed everywhere, and cheats."""
    free: ClassVar[bool] = False
    """Free actions may be taken here: the open steps, and the T1 decision (`upkeep`)."""
    words: ClassVar[str] = ""

    def free_actions(self, turn: TurnState, seat: int) -> str | None:
        return ALL_FREE_ACTIONS if self.free else None

    def describe(self, state: GameState, turn: TurnState) -> str:
        return self.words

    def menu(self, ctx: RulesContext, turn: TurnState, seat: int) -> Menu:
        state = ctx.state
        player = state.players[seat]
        menu = self.step_menu(ctx, seat, player)
        if player.faction == "boat" and self.open and "boat_squeeze" not in state.turn.used_once:
            menu["boat_squeeze"] = lambda: [shared(A.BoatSqueeze, seat=seat)]  # R-FAC-BOAT-03
        if illuminopoly_options(ctx).cheating_mode == "simulated" and self.open and not state.pending:
            menu.update(cheating.turn_menu(ctx, seat))  # R-CHEAT-02 (a), (b), (d)
        if "reorganize" in menu and illuminopoly_options(ctx).use_artillery:
            abandonable = [i for i, p in state.properties.items()
                           if p.owner == seat and p.destroyed and passes(artillery.check_abandon, ctx, seat, [i])]
            if abandonable:  # R-ART-13: a reorganization may hand a destroyed lot back to the Bank
                menu["reorganize"] = (lambda plain: lambda: plain() + [
                    A.Reorganize(seat=seat, placements=structure.suggested_arrangement(ctx, seat, exclude=(i,)),
                                 abandon=[i])
                    for i in abandonable])(menu["reorganize"])
        return menu

    def step_menu(self, ctx: RulesContext, seat: int, player: PlayerState) -> Menu:
        """The options of this step itself, before the ones every open step shares."""
        return {}

    def default(self, state: GameState, turn: TurnState, seat: int) -> A.Action | None:
        return None

    def refuse_out_of_step(self, ctx: RulesContext, turn: TurnState, action: A.Action) -> None:
        if action.type == "second_rent" and ctx.state.players[action.seat].faction != "top_hat":
            raise refuse("E_FACTION_CANNOT", "R-TURN-04", "Only the Top Hat may collect a second rent.")
        super().refuse_out_of_step(ctx, turn, action)


# The Top Hat's, the Thimble's and the Boat's actions are handled at every open step, so that their handlers give
# the precise refusal (E_FACTION_CANNOT, E_ONCE_PER_TURN) rather than a plain E_WRONG_PHASE (R-TURN-04, R-TURN-08).
POWERS = handler_map(handles(A.SecondRent, act.second_rent), handles(A.CollectRent, act.collect_rent),
                     handles(A.BoatSqueeze, act.boat_squeeze))


def _can_reorganize(player: PlayerState) -> bool:
    return player.role == "faction" and player.faction != "artillery"


def _dice_options(player: PlayerState) -> tuple[int, ...]:
    return (2, 3) if player.faction == "race_car" else (2,)


def _reorganize_option(ctx: RulesContext, seat: int):
    # (the suggested arrangement is the engine's own: built without validation, rules/unvalidated_actions.py)
    return lambda: [REORGANIZE.build(seat=seat, placements=structure.suggested_arrangement(ctx, seat))]


class Choice(TurnStep):
    """T3, the main choice: move, or reorganize, or another choice of a faction (R-TURN-03, -04)."""
    kind = "choice"
    open = True
    free = True
    words = "the main choice of the turn (T3)"
    handlers = {**handler_map(handles(A.Roll, act.roll), handles(A.Reorganize, act.reorganize),
                              handles(A.JailRoll, act.jail_roll), handles(A.JailBail, act.jail_bail),
                              handles(A.JailFavor, act.jail_favor),
                              handles(A.ForfeitMoveToRebuild, act.forfeit_move_to_rebuild)), **POWERS}

    def step_menu(self, ctx: RulesContext, seat: int, player: PlayerState) -> Menu:
        state = ctx.state
        menu: Menu = {}
        dice_options = _dice_options(player)
        if not player.forced_reorg_pending:
            if player.in_jail:
                menu["jail_roll"] = lambda: [shared(A.JailRoll, seat=seat, dice_count=n) for n in dice_options]
                if player.cash >= 50:
                    menu["jail_bail"] = lambda: [shared(A.JailBail, seat=seat)]
                if player.political_favors and not player.jail_no_favor:
                    menu["jail_favor"] = lambda: [shared(A.JailFavor, seat=seat)]
            else:
                menu["roll"] = lambda: [shared(A.Roll, seat=seat, dice_count=n) for n in dice_options]
        if _can_reorganize(player):
            menu["reorganize"] = _reorganize_option(ctx, seat)
        if player.rebuild_token_ready and passes(conspiracy.check_forfeit, ctx, seat):
            menu["forfeit_move_to_rebuild"] = lambda: [shared(A.ForfeitMoveToRebuild, seat=seat)]
        if (player.faction == "top_hat" and not player.forced_reorg_pending
                and "second_rent" not in state.turn.used_once):
            menu["second_rent"] = lambda: [shared(A.SecondRent, seat=seat)]  # R-FAC-TOPHAT-02
        return menu

    def default(self, state: GameState, turn: TurnState, seat: int) -> A.Action:
        player = state.players[seat]
        if player.forced_reorg_pending:
            return A.Reorganize(seat=seat, placements=structure.suggested_arrangement(RulesContext(state), seat))
        return shared(A.JailRoll, seat=seat) if player.in_jail else shared(A.Roll, seat=seat)


class Income(TurnStep):
    """T2 of the Thimble, who may reorganize instead of collecting rent (R-FAC-THIMBLE-02)."""
    kind = "income"
    open = True
    free = True
    words = "the Thimble's choice of income (T2)"
    handlers = {**handler_map(handles(A.Reorganize, act.reorganize)), **POWERS}

    def step_menu(self, ctx: RulesContext, seat: int, player: PlayerState) -> Menu:
        return {"collect_rent": lambda: [shared(A.CollectRent, seat=seat)], "reorganize": _reorganize_option(ctx, seat)}

    def default(self, state: GameState, turn: TurnState, seat: int) -> A.Action:
        return shared(A.CollectRent, seat=seat)


class RailJump(TurnStep):
    """The Shoe on a Railroad with steps left: jump to the next Railroad or walk on (R-FAC-SHOE-02)."""
    kind = "rail_jump"
    words = "the Shoe's offer to ride the rails"
    handlers = handler_map(handles(A.RailJump, act.rail_jump))

    def step_menu(self, ctx: RulesContext, seat: int, player: PlayerState) -> Menu:
        return {"rail_jump": lambda: [shared(A.RailJump, seat=seat, jump=True), shared(A.RailJump, seat=seat, jump=False)]}

    def default(self, state: GameState, turn: TurnState, seat: int) -> A.Action:
        return shared(A.RailJump, seat=seat, jump=False)


class DogImmunity(TurnStep):
    """The Dog, who is not jailed, stays or goes to Just Visiting (R-FAC-DOG-02)."""
    kind = "dog_immunity"
    words = "the Dog's choice instead of Jail"
    handlers = handler_map(handles(A.DogImmunity, act.dog_immunity))

    def step_menu(self, ctx: RulesContext, seat: int, player: PlayerState) -> Menu:
        return {"dog_immunity": lambda: [shared(A.DogImmunity, seat=seat, just_visiting=False),
                                         shared(A.DogImmunity, seat=seat, just_visiting=True)]}

    def default(self, state: GameState, turn: TurnState, seat: int) -> A.Action:
        return shared(A.DogImmunity, seat=seat, just_visiting=False)


class StopOffer(TurnStep):
    """Passing his own subverted property at depth 2, the mover may stop there to fix it (R-MOVE-04)."""
    kind = "stop_offer"
    words = "the offer to stop and fix a property"
    handlers = handler_map(handles(A.StopToFix, act.stop_to_fix))

    def step_menu(self, ctx: RulesContext, seat: int, player: PlayerState) -> Menu:
        return {"stop_to_fix": lambda: [shared(A.StopToFix, seat=seat, stop=True),
                                        shared(A.StopToFix, seat=seat, stop=False)]}

    def default(self, state: GameState, turn: TurnState, seat: int) -> A.Action:
        return shared(A.StopToFix, seat=seat, stop=False)


class Landing(TurnStep):
    """The landing options on a property (R-LAND-02, -03): do nothing, buy, or a conspiracy's contest; the
    Artillery's ransom or destruction (R-ART-02)."""
    kind = "landing"
    open = True
    free = True
    words = "the landing options"
    handlers = {**handler_map(handles(A.DoNothing, act.do_nothing), handles(A.Buy, act.buy),
                              handles(A.TakeOver, act.take_over), handles(A.Rezone, act.rezone),
                              handles(A.Subvert, act.subvert), handles(A.Rebuild, act.rebuild),
                              handles(A.DemandRansom, act.demand_ransom), handles(A.Destroy, act.destroy)), **POWERS}

    def step_menu(self, ctx: RulesContext, seat: int, player: PlayerState) -> Menu:
        state = ctx.state
        menu: Menu = {"do_nothing": lambda: [shared(A.DoNothing, seat=seat)]}
        index = landing_square(state.turn)
        if state.properties[index].owner is None and _can_reorganize(player):
            if player.cash >= landing.purchase_price(ctx, index):
                slots = structure.free_arrows(ctx, seat)
                if slots:
                    menu["buy"] = lambda: [shared(A.Buy, seat=seat, parent=p, arrow=a) for p, a in slots]
        if _can_reorganize(player):
            _landing_conspiracies(ctx, seat, index, menu)
        elif player.faction == "artillery":
            _landing_artillery(ctx, seat, index, menu)
        return menu

    def default(self, state: GameState, turn: TurnState, seat: int) -> A.Action:
        return shared(A.DoNothing, seat=seat)


def _landing_conspiracies(ctx: RulesContext, seat: int, index: int, menu: Menu) -> None:
    """The conspiracy's landing options that the rules allow now (R-LAND-03), each checked by its own rule."""
    prop = ctx.state.properties[index]
    if prop.owner is not None and prop.owner != seat:
        slots = structure.free_arrows(ctx, seat)
        if slots and passes(conspiracy.check_takeover, ctx, seat, index, *slots[0]):
            menu["take_over"] = lambda: [shared(A.TakeOver, seat=seat, parent=p, arrow=a) for p, a in slots]
    # (a rezoned, destroyed or utility deed is refused a rezoning, a destroyed one or one the seat controls a
    # subversion: not checked in full, as a refusal raised costs more than the test)
    if (not prop.rezoned and not prop.destroyed and ctx.squares[index].kind != "utility"
            and passes(conspiracy.check_rezone, ctx, seat, index)):
        menu["rezone"] = lambda: [shared(A.Rezone, seat=seat)]
    if (prop.owner is not None and not prop.destroyed and prop.controller != seat
            and passes(conspiracy.check_subvert, ctx, seat, index)):
        menu["subvert"] = lambda: [shared(A.Subvert, seat=seat)]
    if prop.owner == seat and (prop.rezoned or prop.destroyed) and passes(conspiracy.check_rebuild, ctx, seat, index):
        menu["rebuild"] = lambda: [shared(A.Rebuild, seat=seat)]


def _landing_artillery(ctx: RulesContext, seat: int, index: int, menu: Menu) -> None:
    """The Artillery's landing options besides DO_NOTHING (R-ART-02): RANSOM and DESTROY, each checked by its rule."""
    if not passes(artillery.check_target, ctx, seat, index):
        return
    amounts = sorted(set(artillery.RANSOM_SAMPLES) | {artillery.suggested_ransom(ctx, index)})
    if passes(artillery.check_ransom, ctx, seat, index):  # no restraint against it (R-DEAL-03)
        menu["demand_ransom"] = lambda: [A.DemandRansom(seat=seat, amount=n) for n in amounts]
    if passes(artillery.check_destruction, ctx, seat, index, "surprise_destruction", "R-ART-02"):
        menu["destroy"] = lambda: [shared(A.Destroy, seat=seat)]


class Upkeep(TurnStep):
    """T1: the Artillery's destruction after a ransom (R-ART-05), or an owner's cleanup before his rent (R-ART-11,
    D-03)."""
    kind = "upkeep"
    free = True
    words = "the upkeep decision (T1)"
    handlers = handler_map(handles(A.AttemptDestruction, act.attempt_destruction), handles(A.EndUpkeep, act.end_upkeep))

    def step_menu(self, ctx: RulesContext, seat: int, player: PlayerState) -> Menu:
        state = ctx.state
        menu: Menu = {"end_upkeep": lambda: [shared(A.EndUpkeep, seat=seat)]}
        ransom = state.pending_ransom
        if (ransom is not None and ransom.artillery == seat
                and passes(artillery.check_destruction, ctx, seat, ransom.property, "destruction", "R-ART-05")):
            menu["attempt_destruction"] = lambda: [shared(A.AttemptDestruction, seat=seat)]
        return menu

    def default(self, state: GameState, turn: TurnState, seat: int) -> A.Action:
        return shared(A.EndUpkeep, seat=seat)  # R-ART-05: no attempt; D-03: no cleanup now


class TaxChoice(TurnStep):
    """Landed on Income Tax: the flat amount or the percentage of worth (R-TAX-01)."""
    kind = "tax_choice"
    open = True
    free = True
    words = "the Income Tax choice"
    handlers = {**handler_map(handles(A.PayIncomeTax, act.pay_income_tax)), **POWERS}

    def step_menu(self, ctx: RulesContext, seat: int, player: PlayerState) -> Menu:
        return {"pay_income_tax": lambda: [shared(A.PayIncomeTax, seat=seat, method="flat"),
                                           shared(A.PayIncomeTax, seat=seat, method="percent")]}

    def default(self, state: GameState, turn: TurnState, seat: int) -> A.Action:
        return shared(A.PayIncomeTax, seat=seat, method="flat")


class FreeParkingChoice(TurnStep):
    """Landed on Free Parking: take the pot, do nothing, or reorganize (R-FP-03)."""
    kind = "fp_choice"
    open = True
    free = True
    words = "the Free Parking choice"
    handlers = {**handler_map(handles(A.TakePot, act.take_pot), handles(A.DoNothing, act.do_nothing),
                              handles(A.Reorganize, act.reorganize)), **POWERS}

    def step_menu(self, ctx: RulesContext, seat: int, player: PlayerState) -> Menu:
        menu: Menu = {"take_pot": lambda: [shared(A.TakePot, seat=seat)],
                      "do_nothing": lambda: [shared(A.DoNothing, seat=seat)]}
        if _can_reorganize(player):
            menu["reorganize"] = _reorganize_option(ctx, seat)
        return menu

    def default(self, state: GameState, turn: TurnState, seat: int) -> A.Action:
        return shared(A.DoNothing, seat=seat)


class Free(TurnStep):
    """T5, the open window after the move: another roll after doubles, a visitor's bail, or the end of the turn."""
    kind = "free"
    open = True
    free = True
    words = "the open window of the turn (T5)"
    handlers = {**handler_map(handles(A.Roll, act.roll), handles(A.VisitorBail, act.visitor_bail),
                              handles(A.EndTurn, act.end_turn)), **POWERS}

    def step_menu(self, ctx: RulesContext, seat: int, player: PlayerState) -> Menu:
        state = ctx.state
        menu: Menu = {"end_turn": lambda: [shared(A.EndTurn, seat=seat)]}
        if state.turn.may_roll_again:
            dice_options = _dice_options(player)
            menu["roll"] = lambda: [shared(A.Roll, seat=seat, dice_count=n) for n in dice_options]
        jailed = [p.seat for p in state.players if p.in_jail and p.seat != seat and not p.eliminated]
        if state.turn.visit_bail_available and player.cash >= 50 and jailed:
            menu["visitor_bail"] = lambda: [shared(A.VisitorBail, seat=seat, jailed=j) for j in jailed]
        return menu

    def default(self, state: GameState, turn: TurnState, seat: int) -> A.Action:
        return shared(A.EndTurn, seat=seat)


class BankerTurn(TurnStep):
    """The professional Banker's turn (T0): reclaim a mortgaged property, or end it (R-BANKER-02)."""
    kind = "banker"
    open = True
    free = True
    words = "the professional Banker's turn"
    handlers = {**handler_map(handles(A.EndTurn, act.end_turn), handles(A.BankerReclaim, act.banker_reclaim)), **POWERS}

    def step_menu(self, ctx: RulesContext, seat: int, player: PlayerState) -> Menu:
        state = ctx.state
        menu: Menu = {"end_turn": lambda: [shared(A.EndTurn, seat=seat)]}
        reclaimable = [i for i, p in state.properties.items() if p.mortgaged and p.controller not in (None, seat)]
        if reclaimable:
            menu["banker_reclaim"] = lambda: [shared(A.BankerReclaim, seat=seat, property=i) for i in reclaimable]
        return menu

    def default(self, state: GameState, turn: TurnState, seat: int) -> A.Action:
        return shared(A.EndTurn, seat=seat)


class BetweenTurns(TurnStep):
    """No turn is running: the round starts at its anchor, or the next seat's turn starts (R-TURN-01, -02)."""
    kind = "none"
    automatic = True
    words = "the change of turn"

    def advance(self, ctx: RulesContext) -> None:
        if ctx.state.round_anchor is None:
            turn.start_round(ctx)
        else:
            turn.end_turn(ctx)


class AfterLanding(TurnStep):
    """The landing is resolved: another roll after doubles, else the open window (R-MOVE-05)."""
    kind = "after_landing"
    automatic = True
    words = "the end of the landing"

    def advance(self, ctx: RulesContext) -> None:
        landing.finish_landing(ctx)


class AfterUpkeep(TurnStep):
    """The T1 destruction contest is over: the turn goes on at T2, or ends in Jail (R-ART-05)."""
    kind = "after_upkeep"
    automatic = True
    words = "the end of the upkeep"

    def advance(self, ctx: RulesContext) -> None:
        artillery.resume_after_upkeep(ctx)


STEPS: tuple[TurnStep, ...] = (Choice(), Income(), RailJump(), DogImmunity(), StopOffer(), Landing(), Upkeep(),
                               TaxChoice(), FreeParkingChoice(), Free(), BankerTurn(), BetweenTurns(), AfterLanding(),
                               AfterUpkeep())

OPEN_STEPS = frozenset(step.kind for step in STEPS if step.open)
FREE_ACTION_STEPS = frozenset(step.kind for step in STEPS if step.free)
"""Steps at which free actions may be taken: the open steps, and the T1 decision of R-ART-05 / R-ART-11 (D-03),
which is no open step for the Top Hat's, the Thimble's or the Boat's powers (T2 to T5)."""
