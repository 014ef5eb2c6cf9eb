"""The steps of a Georgist turn as registered decisions (rules/decisions.py), classic Monopoly's with the Georgist
choices: `choice` is the roll (in Jail: the fine on the first two jail turns, a card, or a roll for doubles,
V-GEORGE-26); `landing` leases an unleased parcel or not (V-GEORGE-05); `tax_choice` is Income Tax's $60 or ten
times the dice (V-GEORGE-25); `after_landing` and `jail_exit` are the machine's; `free` rolls again after doubles or
ends the turn. Every step a player decides at leaves the free actions open to every player (V-GEORGE-14, -20, -21).
The roll, Jail, the rest of the turn and the start of a round are classic's steps (classic/steps.py), which name the
Georgist rules and expire the unclaimed use fees before a roll through GeorgeRuleset's seams; this module has the
steps that differ."""
from __future__ import annotations

from ...model.state import GameState, TurnState
from ...rules import actions as A
from ...rules.context import RulesContext
from ...rules.decisions import Menu
from ...rules.errors import passes
from ...rules.handlers import handler_map, handles
from ...rules.money import ceil_div
from ...rules.required_fields import landing_square
from ...rules.shared_values import shared
from ..classic import steps as classic_steps
from ..classic.steps import ClassicStep
from . import landing
from .parcels import bought_outright, building_price


def lease(ctx: RulesContext, action: A.LeaseParcel) -> None:
    landing.lease(ctx, action.seat, action.build, action.down)


def buy(ctx: RulesContext, action: A.Buy) -> None:
    landing.buy(ctx, action.seat)


def decline(ctx: RulesContext, action: A.DoNothing) -> None:
    landing.decline(ctx, action.seat)


def pay_income_tax(ctx: RulesContext, action: A.PayIncomeTax) -> None:
    landing.pay_income_tax(ctx, action.seat, action.method)


class Landing(ClassicStep):
    """V-GEORGE-05 to -07: lease the parcel (building at once, or with the holding fee), or leave it; under
    `classic_purchase` a railroad or utility is bought at its printed price instead, or left (V-GEORGE-11). The
    default leaves it (R-GEN-03)."""
    kind = "landing"
    words = "leasing a parcel or not"
    handlers = handler_map(handles(A.LeaseParcel, lease), handles(A.Buy, buy), handles(A.DoNothing, decline))

    def menu(self, ctx: RulesContext, turn: TurnState, seat: int) -> Menu:
        if bought_outright(ctx, landing_square(ctx.state.turn)):
            menu: Menu = {"buy": lambda: [shared(A.Buy, seat=seat)]} if passes(landing.check_purchase, ctx, seat) \
                else {}
            return {**menu, "do_nothing": lambda: [shared(A.DoNothing, seat=seat)]}
        return {"lease_parcel": lambda: lease_choices(ctx, seat), "do_nothing": lambda: [shared(A.DoNothing, seat=seat)]}

    def default(self, state: GameState, turn: TurnState, seat: int) -> A.Action:
        return shared(A.DoNothing, seat=seat)


def lease_choices(ctx: RulesContext, seat: int) -> list[A.Action]:
    """Without a building (the holding fee; auctioned if he cannot pay), or with one building at half or all down."""
    choices: list[A.Action] = [shared(A.LeaseParcel, seat=seat, build=0)]
    index = landing_square(ctx.state.turn)
    price = building_price(ctx, index, "house" if ctx.squares[index].kind == "lot" else "plant")
    for down in sorted({ceil_div(price, 2), price}):
        if passes(landing.check_lease, ctx, seat, 1, down):
            choices.append(shared(A.LeaseParcel, seat=seat, build=1, down=down))
    return choices


class TaxChoice(classic_steps.TaxChoice):
    """V-GEORGE-25: Income Tax's flat $60 or ten times the dice, chosen before they are rolled."""
    handlers = handler_map(handles(A.PayIncomeTax, pay_income_tax))

    def menu(self, ctx: RulesContext, turn: TurnState, seat: int) -> Menu:
        return {"pay_income_tax": lambda: [shared(A.PayIncomeTax, seat=seat, method="flat"),
                                           shared(A.PayIncomeTax, seat=seat, method="dice")]}


class AfterLanding(classic_steps.AfterLanding):
    def advance(self, ctx: RulesContext) -> None:
        landing.finish_landing(ctx)


STEPS = (classic_steps.RoundStart(), classic_steps.Choice(), Landing(), TaxChoice(), AfterLanding(),
         classic_steps.Free(), classic_steps.JailExit())
