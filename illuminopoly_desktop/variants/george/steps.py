"""The steps of a Georgist turn as registered decisions (rules/decisions.py), classic Monopoly's with the Georgist
choices: `choice` is the roll (in Jail: the fine on the first two jail turns, a card, or a roll for doubles,
V-GEORGE-26); `landing` leases an unleased parcel or not (V-GEORGE-05); `tax_choice` is Income Tax's $60 or ten
times the dice (V-GEORGE-25); `after_landing` and `jail_exit` are the machine's; `free` rolls again after doubles or
ends the turn. Every step a player decides at leaves the free actions open to every player (V-GEORGE-14, -20, -21)."""
from __future__ import annotations

from typing import ClassVar

from ...model.state import GameState
from ...rules import actions as A
from ...rules.context import RulesContext
from ...rules.decisions import ALL_FREE_ACTIONS, Automatic, Menu, Step
from ...rules.errors import passes, refuse
from ...rules.money import ceil_div
from ..classic import jail, turn
from . import landing, moves
from .charges import expire_claims
from .parcels import building_price


def _plain_dice(ctx: RulesContext, action) -> None:
    if action.dice_count != 2 or getattr(action, "graft", 0):
        raise refuse("E_WRONG_PHASE", "CLASSIC-03", "Two dice, as they fall.")


def roll(ctx: RulesContext, action: A.Roll) -> None:
    _plain_dice(ctx, action)
    state = ctx.state
    if state.turn.step == "free" and not state.turn.may_roll_again:
        raise refuse("E_WRONG_PHASE", "CLASSIC-03", "Only doubles give another roll.")
    if state.players[action.seat].in_jail:
        raise refuse("E_WRONG_PHASE", "V-GEORGE-26", "In Jail: pay $50, use a card, or roll for doubles.")
    expire_claims(ctx)
    moves.roll_to_move(ctx, action.seat)


def jail_roll(ctx: RulesContext, action: A.JailRoll) -> None:
    _plain_dice(ctx, action)
    jail.check_jailed(ctx, action.seat)
    expire_claims(ctx)
    jail.jail_roll(ctx, action.seat)


def jail_bail(ctx: RulesContext, action: A.JailBail) -> None:
    jail.pay_fine(ctx, action.seat)


def jail_favor(ctx: RulesContext, action: A.JailFavor) -> None:
    jail.use_card(ctx, action.seat)


def lease(ctx: RulesContext, action: A.LeaseParcel) -> None:
    landing.lease(ctx, action.seat, action.build, action.down)


def decline(ctx: RulesContext, action: A.DoNothing) -> None:
    landing.decline(ctx, action.seat)


def pay_income_tax(ctx: RulesContext, action: A.PayIncomeTax) -> None:
    landing.pay_income_tax(ctx, action.seat, action.method)


def end_turn(ctx: RulesContext, action: A.EndTurn) -> None:
    if ctx.state.turn.may_roll_again:
        raise refuse("E_WRONG_PHASE", "CLASSIC-03", "Doubles: roll again before your turn ends.")
    turn.end_turn(ctx)


class GeorgeStep(Step):
    words: ClassVar[str] = ""

    def free_actions(self, turn, seat: int) -> str | None:
        return ALL_FREE_ACTIONS

    def describe(self, state: GameState, turn) -> str:
        return self.words


class Choice(GeorgeStep):
    kind = "choice"
    words = "the roll of the dice"
    handlers = {"roll": roll, "jail_roll": jail_roll, "jail_bail": jail_bail, "jail_favor": jail_favor}

    def menu(self, ctx: RulesContext, turn, seat: int) -> Menu:
        player = ctx.state.players[seat]
        if not player.in_jail:
            return {"roll": lambda: [A.Roll.shared(seat=seat)]}
        menu: Menu = {"jail_roll": lambda: [A.JailRoll.shared(seat=seat)]}
        if passes(jail.check_fine, ctx, seat):
            menu["jail_bail"] = lambda: [A.JailBail.shared(seat=seat)]
        if player.political_favors:
            menu["jail_favor"] = lambda: [A.JailFavor.shared(seat=seat)]
        return menu

    def default(self, state: GameState, turn, seat: int) -> A.Action:
        return A.JailRoll.shared(seat=seat) if state.players[seat].in_jail else A.Roll.shared(seat=seat)


class Landing(GeorgeStep):
    """V-GEORGE-05 to -07: lease the parcel (building at once, or with the holding fee), or leave it."""
    kind = "landing"
    words = "leasing a parcel or not"
    handlers = {"lease_parcel": lease, "do_nothing": decline}

    def menu(self, ctx: RulesContext, turn, seat: int) -> Menu:
        return {"lease_parcel": lambda: lease_choices(ctx, seat), "do_nothing": lambda: [A.DoNothing.shared(seat=seat)]}

    def default(self, state: GameState, turn, seat: int) -> A.Action:
        return A.DoNothing.shared(seat=seat)


def lease_choices(ctx: RulesContext, seat: int) -> list[A.Action]:
    """Without a building (the holding fee; auctioned if he cannot pay), or with one building at half or all down."""
    choices = [A.LeaseParcel.shared(seat=seat, build=0)]
    index = ctx.state.turn.landing_square
    price = building_price(ctx, index, "house" if ctx.squares[index].kind == "lot" else "plant")
    for down in sorted({ceil_div(price, 2), price}):
        if passes(landing.check_lease, ctx, seat, 1, down):
            choices.append(A.LeaseParcel.shared(seat=seat, build=1, down=down))
    return choices


class TaxChoice(GeorgeStep):
    kind = "tax_choice"
    words = "the choice of how to pay Income Tax"
    handlers = {"pay_income_tax": pay_income_tax}

    def menu(self, ctx: RulesContext, turn, seat: int) -> Menu:
        return {"pay_income_tax": lambda: [A.PayIncomeTax.shared(seat=seat, method="flat"),
                                           A.PayIncomeTax.shared(seat=seat, method="dice")]}

    def default(self, state: GameState, turn, seat: int) -> A.Action:
        return A.PayIncomeTax.shared(seat=seat, method="flat")


class Free(GeorgeStep):
    kind = "free"
    words = "the rest of the turn"
    handlers = {"roll": roll, "end_turn": end_turn}

    def menu(self, ctx: RulesContext, turn, seat: int) -> Menu:
        if turn.may_roll_again:
            return {"roll": lambda: [A.Roll.shared(seat=seat)]}
        return {"end_turn": lambda: [A.EndTurn.shared(seat=seat)]}

    def default(self, state: GameState, turn, seat: int) -> A.Action:
        return A.Roll.shared(seat=seat) if turn.may_roll_again else A.EndTurn.shared(seat=seat)


class RoundStart(Automatic):
    kind = "none"

    def describe(self, state: GameState, turn) -> str:
        return "the start of a round"

    def advance(self, ctx: RulesContext) -> None:
        turn.start_round(ctx)


class AfterLanding(Automatic):
    kind = "after_landing"

    def describe(self, state: GameState, turn) -> str:
        return "the end of the move"

    def advance(self, ctx: RulesContext) -> None:
        landing.finish_landing(ctx)


class JailExit(Automatic):
    kind = "jail_exit"

    def describe(self, state: GameState, turn) -> str:
        return "leaving Jail after the third roll"

    def advance(self, ctx: RulesContext) -> None:
        jail.leave_after_fine(ctx)


STEPS = (RoundStart(), Choice(), Landing(), TaxChoice(), AfterLanding(), Free(), JailExit())
