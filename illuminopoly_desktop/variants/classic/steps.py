"""The steps of a classic Monopoly turn as registered decisions (rules/decisions.py): `none` starts a round, `choice`
is the roll (or, in Jail, paying, a card or a roll for doubles), `landing` buys or declines an unowned deed,
`tax_choice` the older editions' Income Tax choice, `after_landing` and `jail_exit` are taken by the machine, `free`
rolls again after doubles (compulsory, VARIANTS §6.4 decision 10) or ends the turn. Every step a player decides at
leaves the free actions open to every player (trades "at any time", CLASSIC-13; building and mortgages, CLASSIC-07,
-08, -11: jailed players build too).
The Georgist rules (variants/george/steps.py) take these steps as they are but for the landing, the Income Tax
choice and the end of the move: the rules they name and what a roll does first are the ruleset's (`rule_ids`,
`before_roll`, ClassicRuleset)."""
from __future__ import annotations

from typing import ClassVar

from ...model.state import GameState, TurnState
from ...rules import actions as A
from ...rules.context import RulesContext
from ...rules.decisions import ALL_FREE_ACTIONS, Automatic, Menu, Step
from ...rules.errors import passes, refuse
from ...rules.handlers import handler_map, handles
from ...rules.shared_values import shared
from . import jail, landing, moves, turn


def _plain_dice(ctx: RulesContext, action) -> None:
    if action.dice_count != 2 or getattr(action, "graft", 0):
        raise refuse("E_WRONG_PHASE", "CLASSIC-03", "Classic Monopoly rolls two dice, as they fall.")


def roll(ctx: RulesContext, action: A.Roll) -> None:
    _plain_dice(ctx, action)
    state = ctx.state
    if state.turn.step == "free" and not state.turn.may_roll_again:
        raise refuse("E_WRONG_PHASE", "CLASSIC-03", "Only doubles give another roll.")
    if state.players[action.seat].in_jail:
        raise refuse("E_WRONG_PHASE", ctx.rules.rule_ids["jail.stay"],
                     "In Jail: pay $50, use a card, or roll for doubles.")
    ctx.rules.before_roll(ctx, action.seat)
    moves.roll_to_move(ctx, action.seat)


def jail_roll(ctx: RulesContext, action: A.JailRoll) -> None:
    _plain_dice(ctx, action)
    jail.check_jailed(ctx, action.seat)
    ctx.rules.before_roll(ctx, action.seat)
    jail.jail_roll(ctx, action.seat)


def jail_bail(ctx: RulesContext, action: A.JailBail) -> None:
    jail.pay_fine(ctx, action.seat)


def jail_favor(ctx: RulesContext, action: A.JailFavor) -> None:
    jail.use_card(ctx, action.seat)


def buy(ctx: RulesContext, action: A.Buy) -> None:
    landing.buy(ctx, action.seat)


def decline(ctx: RulesContext, action: A.DoNothing) -> None:
    landing.decline(ctx, action.seat)


def pay_income_tax(ctx: RulesContext, action: A.PayIncomeTax) -> None:
    landing.pay_income_tax(ctx, action.seat, action.method)


def end_turn(ctx: RulesContext, action: A.EndTurn) -> None:
    if ctx.state.turn.may_roll_again:
        raise refuse("E_WRONG_PHASE", "CLASSIC-03", "Doubles: roll again before your turn ends.")
    turn.end_turn(ctx)


class ClassicStep(Step):
    words: ClassVar[str] = ""

    def free_actions(self, turn: TurnState, seat: int) -> str | None:
        return ALL_FREE_ACTIONS

    def describe(self, state: GameState, turn: TurnState) -> str:
        return self.words


class Choice(ClassicStep):
    """CLASSIC-03, -11: roll, or in Jail pay $50, use a Get Out of Jail Free card, or roll for doubles."""
    kind = "choice"
    words = "the roll of the dice"
    handlers = handler_map(handles(A.Roll, roll), handles(A.JailRoll, jail_roll), handles(A.JailBail, jail_bail),
                           handles(A.JailFavor, jail_favor))

    def menu(self, ctx: RulesContext, turn: TurnState, seat: int) -> Menu:
        player = ctx.state.players[seat]
        if not player.in_jail:
            return {"roll": lambda: [shared(A.Roll, seat=seat)]}
        menu: Menu = {"jail_roll": lambda: [shared(A.JailRoll, seat=seat)]}
        if passes(jail.check_fine, ctx, seat):
            menu["jail_bail"] = lambda: [shared(A.JailBail, seat=seat)]
        if player.political_favors:
            menu["jail_favor"] = lambda: [shared(A.JailFavor, seat=seat)]
        return menu

    def default(self, state: GameState, turn: TurnState, seat: int) -> A.Action:
        return shared(A.JailRoll, seat=seat) if state.players[seat].in_jail else shared(A.Roll, seat=seat)


class Landing(ClassicStep):
    """CLASSIC-05: an unowned deed: buy it at its price, or decline it (and it is auctioned)."""
    kind = "landing"
    words = "buying or declining a deed"
    handlers = handler_map(handles(A.Buy, buy), handles(A.DoNothing, decline))

    def menu(self, ctx: RulesContext, turn: TurnState, seat: int) -> Menu:
        menu: Menu = {}
        if passes(landing.check_buy, ctx, seat):
            menu["buy"] = lambda: [shared(A.Buy, seat=seat)]
        menu["do_nothing"] = lambda: [shared(A.DoNothing, seat=seat)]
        return menu

    def default(self, state: GameState, turn: TurnState, seat: int) -> A.Action:
        return shared(A.DoNothing, seat=seat)


class TaxChoice(ClassicStep):
    """CLASSIC-10 with `classic_income_tax_mode = choice_200_or_10pct`: $200 or 10% of his total worth, chosen
    before it is counted."""
    kind = "tax_choice"
    words = "the choice of how to pay Income Tax"
    handlers = handler_map(handles(A.PayIncomeTax, pay_income_tax))

    def menu(self, ctx: RulesContext, turn: TurnState, seat: int) -> Menu:
        return {"pay_income_tax": lambda: [shared(A.PayIncomeTax, seat=seat, method="flat"),
                                           shared(A.PayIncomeTax, seat=seat, method="percent")]}

    def default(self, state: GameState, turn: TurnState, seat: int) -> A.Action:
        return shared(A.PayIncomeTax, seat=seat, method="flat")


class Free(ClassicStep):
    """After the landing: another roll after doubles (compulsory), else the end of the turn."""
    kind = "free"
    words = "the rest of the turn"
    handlers = handler_map(handles(A.Roll, roll), handles(A.EndTurn, end_turn))

    def menu(self, ctx: RulesContext, turn: TurnState, seat: int) -> Menu:
        if turn.may_roll_again:
            return {"roll": lambda: [shared(A.Roll, seat=seat)]}
        return {"end_turn": lambda: [shared(A.EndTurn, seat=seat)]}

    def default(self, state: GameState, turn: TurnState, seat: int) -> A.Action:
        return shared(A.Roll, seat=seat) if turn.may_roll_again else shared(A.EndTurn, seat=seat)


class RoundStart(Automatic):
    """Before the first turn of a round (and of the game)."""
    kind = "none"

    def describe(self, state: GameState, turn: TurnState) -> str:
        return "the start of a round"

    def advance(self, ctx: RulesContext) -> None:
        turn.start_round(ctx)


class AfterLanding(Automatic):
    kind = "after_landing"

    def describe(self, state: GameState, turn: TurnState) -> str:
        return "the end of the move"

    def advance(self, ctx: RulesContext) -> None:
        landing.finish_landing(ctx)


class JailExit(Automatic):
    """CLASSIC-11, VARIANTS §1.3 T8: the $50 after a third failed roll is paid; he moves by that roll."""
    kind = "jail_exit"

    def describe(self, state: GameState, turn: TurnState) -> str:
        return "leaving Jail after the third roll"

    def advance(self, ctx: RulesContext) -> None:
        jail.leave_after_fine(ctx)


STEPS = (RoundStart(), Choice(), Landing(), TaxChoice(), AfterLanding(), Free(), JailExit())
