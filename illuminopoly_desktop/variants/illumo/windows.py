"""The windows of the pending stack Illumonopoly opens (S15): the complaint prompt and the interference contest
(V-ILLUMO-12, -13), a lawsuit's pledging (V-ILLUMO-37, -41), the antitrust loser's choice (V-ILLUMO-40), and classic
Monopoly's raise-funds window read with treasuries (V-ILLUMO-06, -11)."""
from __future__ import annotations

from collections.abc import Callable, Iterator

from ...model.illumo_state import CardResponse, HoldingWindow, IlluminatiDraft, Interference, Lawsuit, LevelRepair
from ...model.state import GameState
from ...rules import actions as A
from ...rules.context import RulesContext
from ...rules.decisions import Menu, Window
from ...rules.errors import passes, refuse
from ...rules.legal import lazily
from ...rules.required_fields import printed_price
from ...rules.shared_values import shared
from ..classic.windows import MortgageReceiptWindow
from ..classic.windows import RaiseFundsWindow as ClassicRaiseFunds
from . import advanced, court, interference, lawsuits, repair, responses
from .access import illumo_options
from .free_actions import cheapest_raise
from .insolvency import account_holder, check_bankruptcy, declare

PLEDGE_STEPS = (1, 5)
"""The pledges offered in a menu, in units: one, and five at once (any whole number of units may be pledged)."""


def _pledges(seat: int, unit: int, sides: list[str], sources: Callable[[], list[str]],
             check: Callable[[str, int, str], None], affordable: Callable[[str, int], bool]) -> Iterator[A.Action]:
    """A pledge of one and of five units on each side from each source the contest's `check` (side, amount, source)
    accepts, drawn one at a time. `affordable(source, amount)` is the funds test `check` ends with: a pledge it
    refuses is not checked in full (most refusals in a menu are these, and a refusal raised costs more than the
    test)."""
    for side in sides:
        for source in sources():
            for units in PLEDGE_STEPS:
                amount = units * unit
                if affordable(source, amount) and passes(check, side, amount, source):
                    yield shared(A.Pledge, seat=seat, side=side, amount=amount, source=source)


def drop_eliminated_askees(ctx: RulesContext, window, closed) -> bool:
    """A window's `before_waiting` for players asked in turn: an eliminated player is asked no more (D-16); when
    nobody is left the window closes by `closed(ctx, window)`. True when the window changed."""
    players = ctx.state.players
    kept = [seat for seat in window.askees if not players[seat].eliminated]
    if kept == window.askees:
        return False
    window.askees = kept
    if not kept:
        ctx.state.pending.remove(window)
        closed(ctx, window)
    return True


class ComplaintWindow(Window):
    """V-ILLUMO-12: each player not party to the purchase, in turn, files a complaint ($50) or lets it pass."""
    kind = "illumo_complaint"
    answers = {"complain": "complain", "play_court_card": "cancel_secret_deal", "secret_deal": "bavarian_deal"}

    def awaiting(self, state: GameState, window) -> list[int]:
        return window.askees[:1]

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        options: list[A.Action] = [shared(A.Complain, seat=seat, file=False)]
        if passes(interference.check_complaint, ctx, window, seat, True):
            options.append(shared(A.Complain, seat=seat, file=True))
            if window.secret:
                options.append(shared(A.Complain, seat=seat, file=True, allow_helpers=False))
        if passes(responses.check_cancel_secret_deal, ctx, window, seat):
            options.append(shared(A.PlayCourtCard, seat=seat, card="cancellation"))
        if passes(court.check_bavarian_for_other, ctx, window, seat):
            options.append(shared(A.SecretDeal, seat=seat))
        return options

    def bavarian_deal(self, ctx: RulesContext, window, action: A.SecretDeal) -> None:
        """A-IL-34 (`any_player`): the Bavarian Illuminati make this acquisition a Secret Deal for $100."""
        if action.card is not None:
            raise refuse("E_WRONG_PHASE", "V-ILLUMO-17", "A Secret Deal card is played on one's own acquisition.")
        others = [seat for seat in interference.turn_order_from(ctx, ctx.state.turn.seat) if seat != window.purchaser]
        court.bavarian_for_other(ctx, window, action.seat, others)

    def cancel_secret_deal(self, ctx: RulesContext, window, action: A.PlayCourtCard) -> None:
        """V-ILLUMO-30 (b): the askee plays Cancellation against the Secret Deal (its response window opens; if it
        stands, everyone is asked again and may complain as usual)."""
        responses.check_cancel_secret_deal(ctx, window, action.seat, action.card)
        responses.cancel_effect(ctx, action.seat, "secret_deal", None)

    def default(self, state: GameState, window, seat: int) -> A.Action:
        return shared(A.Complain, seat=seat, file=False)

    def complain(self, ctx: RulesContext, window, action: A.Complain) -> None:
        if interference.answer_complaint(ctx, window, action.seat, action.file, action.allow_helpers):
            # V-ILLUMO-16: the Interference card played waits for its response window
            responses.open_response(ctx, action.seat, "interference", allow_helpers=action.allow_helpers)

    def describe(self, state: GameState, window) -> str:
        deal = "a trade" if window.offer_id is not None else "a purchase"
        return f"the complaints against {deal}" + (" (a Secret Deal)" if window.secret else "")

    def redact(self, state: GameState, window, shown: dict, seat: int | None) -> None:
        """Public."""

    def before_waiting(self, ctx: RulesContext, window) -> bool:
        return drop_eliminated_askees(ctx, window, interference.go_ahead)


class _PledgeWindow(Window):
    """Pledging in turn until everyone passes in a row (interference and lawsuits alike): the subclass lists its
    contest's pledges (`options`), takes them (`pledge`, `pass_pledge`) and says how it closes (`close`)."""
    answers = {"pledge": "pledge", "pass_pledge": "pass_pledge"}
    what = ""

    def close(self, ctx: RulesContext, window) -> None:
        """Everyone has passed in a row: the contest is decided."""
        raise NotImplementedError(f"{type(self).__name__}.close")

    def describe(self, state: GameState, window) -> str:
        return self.what

    def awaiting(self, state: GameState, window) -> list[int]:
        return [window.order[window.turn_index]]

    def default(self, state: GameState, window, seat: int) -> A.Action:
        return shared(A.PassPledge, seat=seat)

    def pledges(self, ctx: RulesContext, window, seat: int) -> Iterator[A.Action]:
        """The pledges the seat may make now, in the order they are listed (`_pledges`)."""
        raise NotImplementedError(f"{type(self).__name__}.pledges")

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        """A pass, then the pledges."""
        return [shared(A.PassPledge, seat=seat), *self.pledges(ctx, window, seat)]

    def menu(self, ctx: RulesContext, window, seat: int) -> Menu:
        """`options` by kind, the pledges proved open by the first one only (rules/legal.py `lazily`): a random
        player picks the kind first, and passes about half the time."""
        passing: list[A.Action] = [shared(A.PassPledge, seat=seat)]
        menu: Menu = {"pass_pledge": lambda: passing}
        pledging = lazily(self.pledges(ctx, window, seat))
        if pledging is not None:
            menu["pledge"] = pledging
        return menu

    def redact(self, state: GameState, window, shown: dict, seat: int | None) -> None:
        """Pledges are made openly (the contest panel shows both sides)."""

    def before_waiting(self, ctx: RulesContext, window) -> bool:
        """A pledger who has left the game passes for good (his pledges are void: nothing is collected from him)."""
        players = ctx.state.players
        if not players[window.order[window.turn_index]].eliminated:
            return False
        gone = window.order[window.turn_index]
        window.order = [seat for seat in window.order if seat != gone]
        window.pledges = [p for p in window.pledges if p[0] != gone]
        window.turn_index %= max(len(window.order), 1)
        if window.passes >= len(window.order):
            self.close(ctx, window)
        return True


class InterferenceWindow(_PledgeWindow):
    """V-ILLUMO-13: pledging in $50 units until everyone passes in a row, then the roll."""
    kind = "illumo_interference"
    what = "an interference contest"

    def pledges(self, ctx: RulesContext, window: Interference, seat: int) -> Iterator[A.Action]:
        return _pledges(
            seat, illumo_options(ctx).illumo_interference_unit, interference.sides(window, seat),
            lambda: interference.sources(ctx, window, seat),
            lambda side, amount, source: interference.check_pledge(ctx, window, seat, side, amount, source),
            lambda source, amount: interference.affordable(ctx, window, seat, source, amount))

    def pledge(self, ctx: RulesContext, window: Interference, action: A.Pledge) -> None:
        interference.pledge(ctx, window, action.seat, action.side, action.amount, action.source)

    def pass_pledge(self, ctx: RulesContext, window: Interference, action: A.PassPledge) -> None:
        interference.pass_pledge(ctx, window, action.seat)

    def close(self, ctx: RulesContext, window: Interference) -> None:
        interference.resolve(ctx, window)


class LawsuitWindow(_PledgeWindow):
    """V-ILLUMO-37, -41: pledging in $10 units until everyone passes in a row, then the ELP decides."""
    kind = "illumo_lawsuit"
    what = "a lawsuit"

    def pledges(self, ctx: RulesContext, window: Lawsuit, seat: int) -> Iterator[A.Action]:
        return _pledges(
            seat, illumo_options(ctx).illumo_lawsuit_unit, lawsuits.sides(window, seat),
            lambda: lawsuits.sources(window, seat),
            lambda side, amount, source: lawsuits.check_pledge(ctx, window, seat, side, amount, source),
            lambda source, amount: amount <= lawsuits.available(ctx, window, seat, source))

    def pledge(self, ctx: RulesContext, window: Lawsuit, action: A.Pledge) -> None:
        lawsuits.pledge(ctx, window, action.seat, action.side, action.amount, action.source)

    def pass_pledge(self, ctx: RulesContext, window: Lawsuit, action: A.PassPledge) -> None:
        lawsuits.pass_pledge(ctx, window, action.seat)

    def close(self, ctx: RulesContext, window: Lawsuit) -> None:
        lawsuits.close_pledging(ctx, window)


class _CardWindow(Window):
    """A window asking every player in its `askees`, in turn, to play one kind of Court card (`card`) or pass
    (everyone is asked, so the window shows nothing of a hand); when the last one has passed, `closed` decides."""
    card = ""
    answers = {"play_court_card": "play", "pass_card": "pass_card"}

    def awaiting(self, state: GameState, window) -> list[int]:
        return window.askees[:1]

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        options: list[A.Action] = [shared(A.PassCard, seat=seat)]
        if passes(self.check_play, ctx, window, seat):
            options.append(shared(A.PlayCourtCard, seat=seat, card=self.card))
        return options

    def default(self, state: GameState, window, seat: int) -> A.Action:
        return shared(A.PassCard, seat=seat)

    def redact(self, state: GameState, window, shown: dict, seat: int | None) -> None:
        """Everyone is asked in turn: nothing of a hand shows; the card played is public."""

    def before_waiting(self, ctx: RulesContext, window) -> bool:
        return drop_eliminated_askees(ctx, window, self.closed)

    def check_play(self, ctx: RulesContext, window, seat: int) -> int:
        """The number of the card the seat would play now; else refuse."""
        raise NotImplementedError(f"{type(self).__name__}.check_play")

    def closed(self, ctx: RulesContext, window) -> None:
        """The last one asked has passed: the window's outcome."""
        raise NotImplementedError(f"{type(self).__name__}.closed")


class HoldingActionWindow(_CardWindow):
    """V-ILLUMO-21: before a lawsuit's roll, every player in turn may play a Holding Action card or pass."""
    kind = "illumo_holding"
    card = "holding_action"

    def check_play(self, ctx: RulesContext, window: HoldingWindow, seat: int) -> int:
        return court.check_holding_action(ctx, window, seat)

    def closed(self, ctx: RulesContext, window: HoldingWindow) -> None:
        lawsuits.decide_case(ctx, window.case)

    def play(self, ctx: RulesContext, window, action: A.PlayCourtCard) -> None:
        court.play_holding_action(ctx, window, action.seat, action.card)
        responses.open_response(ctx, action.seat, "holding_action")  # V-ILLUMO-16

    def pass_card(self, ctx: RulesContext, window, action: A.PassCard) -> None:
        court.pass_holding_action(ctx, window, action.seat)

    def describe(self, state: GameState, window) -> str:
        return "the chance to play a Holding Action"


class CardResponseWindow(_CardWindow):
    """V-ILLUMO-16, -30: after a Court card is played, every other player in turn may answer with Cancellation."""
    kind = "illumo_card_response"
    card = "cancellation"

    def check_play(self, ctx: RulesContext, window: CardResponse, seat: int) -> int:
        return responses.check_cancel(ctx, window, seat)

    def closed(self, ctx: RulesContext, window: CardResponse) -> None:
        responses.take_effect(ctx, window)

    def play(self, ctx: RulesContext, window, action: A.PlayCourtCard) -> None:
        responses.cancel(ctx, window, action.seat, action.card)

    def pass_card(self, ctx: RulesContext, window, action: A.PassCard) -> None:
        responses.pass_response(ctx, window, action.seat)

    def describe(self, state: GameState, window) -> str:
        return "the answers to a Court card"


class AntitrustChoiceWindow(Window):
    """V-ILLUMO-40: the defendant names the deed of the monopoly he loses (A-IL-36)."""
    kind = "illumo_antitrust_choice"
    answers = {"forfeit_deed": "forfeit"}

    def awaiting(self, state: GameState, window) -> list[int]:
        return [window.defendant]

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        return [shared(A.ForfeitDeed, seat=seat, property=index) for index in window.deeds
                if passes(lawsuits.check_forfeit, ctx, window, seat, index)]

    def default(self, state: GameState, window, seat: int) -> A.Action:
        """The cheapest deed of the monopoly."""
        squares = state.setup.board.squares
        return shared(A.ForfeitDeed, seat=seat, property=min(window.deeds, key=lambda i: (printed_price(squares[i]), i)))

    def forfeit(self, ctx: RulesContext, window, action: A.ForfeitDeed) -> None:
        lawsuits.forfeit(ctx, window, action.seat, action.property)

    def describe(self, state: GameState, window) -> str:
        return "the choice of the deed lost to an antitrust suit"

    def redact(self, state: GameState, window, shown: dict, seat: int | None) -> None:
        """Public."""

    def before_waiting(self, ctx: RulesContext, window) -> bool:
        if ctx.state.players[window.defendant].eliminated:
            ctx.state.pending.remove(window)
            return True
        return False


class _AskedInTurn(Window):
    """A public window asking the players of its `askees` one at a time; when the one asked has left the game (or
    nobody is left), `move_on` (the subclass's module's) skips him or closes the window."""

    def awaiting(self, state: GameState, window) -> list[int]:
        return window.askees[:1]

    def redact(self, state: GameState, window, shown: dict, seat: int | None) -> None:
        """Public."""

    def before_waiting(self, ctx: RulesContext, window) -> bool:
        if window.askees and not ctx.state.players[window.askees[0]].eliminated:
            return False
        self.move_on(ctx, window)
        return True

    def move_on(self, ctx: RulesContext, window) -> None:
        """Skip the one asked who has left the game, or close the window when nobody is left."""
        raise NotImplementedError(f"{type(self).__name__}.move_on")


class LevelRepairWindow(_AskedInTurn):
    """V-ILLUMO-33: the owners of an uneven group's lots too high, in turn, build on a lowest lot, sell down, or let
    it be (`RepairLevel(property=None)`, the default)."""
    kind = "illumo_level_repair"
    answers = {"repair_level": "repair"}

    def move_on(self, ctx: RulesContext, window: LevelRepair) -> None:
        repair.move_on(ctx, window)

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        return [shared(A.RepairLevel, seat=seat, property=index, sell=sell)
                for index, sell in repair.options(ctx, window, seat)]

    def default(self, state: GameState, window, seat: int) -> A.Action:
        return shared(A.RepairLevel, seat=seat)

    def repair(self, ctx: RulesContext, window, action: A.RepairLevel) -> None:
        repair.answer(ctx, window, action.seat, action.property, action.sell)

    def describe(self, state: GameState, window) -> str:
        return f"the repair of level building in the {window.group} group"


class IlluminatiDraftWindow(_AskedInTurn):
    """V-ILLUMO-42: before the first turn, the first five players in turn order each choose an Illuminatus (the
    Illuminati are public)."""
    kind = "illumo_draft"
    answers = {"choose_illuminatus": "choose"}

    def move_on(self, ctx: RulesContext, window: IlluminatiDraft) -> None:
        advanced.skip_gone(ctx, window)

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        return [shared(A.ChooseIlluminatus, seat=seat, illuminatus=ident) for ident in window.pool
                if passes(advanced.check_choice, ctx, window, seat, ident)]

    def default(self, state: GameState, window, seat: int) -> A.Action:
        """The first still free, in the data's order."""
        return shared(A.ChooseIlluminatus, seat=seat, illuminatus=window.pool[0])

    def choose(self, ctx: RulesContext, window, action: A.ChooseIlluminatus) -> None:
        advanced.choose(ctx, window, action.seat, action.illuminatus)

    def describe(self, state: GameState, window) -> str:
        return "the draft of the Illuminati"


class RaiseFundsWindow(ClassicRaiseFunds):
    """V-ILLUMO-06, -11: the payer owes from his central treasury; he transfers group money in (fees apply),
    mortgages (into group treasuries), sells buildings, then pays, or declares bankruptcy when all his treasuries
    net of fees could not cover it."""
    answers = {"settle_payment": "pay", "declare_bankruptcy": "declare"}

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        options: list[A.Action] = []
        if passes(self.check_pay, ctx, window, seat):
            options.append(shared(A.SettlePayment, seat=seat))
        if passes(check_bankruptcy, ctx, window, seat):
            options.append(shared(A.DeclareBankruptcy, seat=seat))
        return options

    def default(self, state: GameState, window, seat: int) -> A.Action:
        ctx = RulesContext(state)
        if passes(self.check_pay, ctx, window, seat):
            return shared(A.SettlePayment, seat=seat)
        raising = cheapest_raise(ctx, seat, window)
        return raising if raising is not None else shared(A.DeclareBankruptcy, seat=seat)

    def declare(self, ctx: RulesContext, window, action: A.DeclareBankruptcy) -> None:
        declare(ctx, window, action.seat)

    def before_waiting(self, ctx: RulesContext, window) -> bool:
        """A payment into the treasury of a player who has gone bankrupt meanwhile is owed to nobody."""
        players = ctx.state.players
        kept = [(payee, amount) for payee, amount in window.payments
                if not ((holder := account_holder(payee)) is not None and players[holder].eliminated)]
        if len(kept) == len(window.payments):
            return False
        window.payments = kept
        if not kept:
            ctx.state.pending.remove(window)
        return True


WINDOWS = (ComplaintWindow(), InterferenceWindow(), LawsuitWindow(), AntitrustChoiceWindow(), HoldingActionWindow(),
           CardResponseWindow(), LevelRepairWindow(), IlluminatiDraftWindow(), RaiseFundsWindow(),
           MortgageReceiptWindow())
