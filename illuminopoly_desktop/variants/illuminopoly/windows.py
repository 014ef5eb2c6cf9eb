"""Illuminopoly's windows on the pending stack as registered decisions (rules/decisions.py): the faction draft and the
Dog's secret (R-SETUP), the Chair election (R-CHAIR-02), Political Favor windows (R-CARD-06), raising funds
(R-LOSE-02), auctions (R-DEAL-09, R-BANK-03), the Chair's mortgage buy-off (R-LOSE-03), building permits (R-BUILD-06),
the re-attachment of arms (R-STRUCT-07), the Steam Iron's card exemption (R-FAC-STEAMIRON-03), the Banker's ruling
on an accusation (R-CHEAT-05), and the owner's answer to a ransom of saves from before D-15. The contest window is
contest_window.py."""
from __future__ import annotations

from ...model.state import GameState
from ...rules import actions as A
from ...rules import payments
from ...rules.context import RulesContext
from ...rules.decisions import ALL_FREE_ACTIONS, OFFERS_ONLY, Window
from ...rules.errors import refuse
from ...rules.events import DogConditionChosen, SaleBlocked
from ...rules.legal import enumerate_legal
from ...rules.mortgages import lift_cost
from ...rules.required_fields import printed_house_cost
from ...rules.shared_values import shared
from .access import illuminopoly_options
from . import (artillery, buildings, chair, cheating, conspiracy, contest_steps, factions, favors, landing, losing,
               setup, structure)


class NothingHidden(Window):
    """A window whose every field is public (R-GEN-06)."""

    def redact(self, state: GameState, window, shown: dict, seat: int | None) -> None:
        """Nothing of this window is secret."""


class FactionDraft(NothingHidden):
    kind = "faction_draft"
    answers = {"pick_faction": "pick"}

    def awaiting(self, state: GameState, window) -> list[int]:
        return [window.order[0]]

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        taken = {p.faction for p in ctx.state.players if p.faction}
        return [shared(A.PickFaction, seat=seat, faction=f) for f in setup.factions_in_use(illuminopoly_options(ctx))
                if f not in taken]

    def default(self, state: GameState, window, seat: int) -> A.Action | None:
        options = enumerate_legal(state, seat)
        return options[0] if options else None

    def pick(self, ctx: RulesContext, window, action: A.PickFaction) -> None:
        setup.pick_faction(ctx, window, action.seat, action.faction)

    def describe(self, state: GameState, window) -> str:
        return "the faction draft"


class DogChoice(Window):
    kind = "dog_choice"
    answers = {"choose_dog_condition": "choose"}

    def awaiting(self, state: GameState, window) -> list[int]:
        return [window.seat]

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        return [shared(A.ChooseDogCondition, seat=seat, condition=c) for c in setup.DOG_CONDITIONS]

    def default(self, state: GameState, window, seat: int) -> A.Action:
        return shared(A.ChooseDogCondition, seat=seat, condition=setup.DOG_CONDITIONS[0])

    def choose(self, ctx: RulesContext, window, action: A.ChooseDogCondition) -> None:
        seat = action.seat
        if seat != window.seat:
            raise refuse("E_NOT_YOUR_TURN", "R-SETUP-05", "Only the Dog chooses his secret condition.")
        if action.condition not in setup.DOG_CONDITIONS:
            raise refuse("E_FACTION_CANNOT", "R-FAC-DOG-01", "That condition may not be chosen by the Dog.")
        ctx.state.players[seat].dog_condition = action.condition
        ctx.state.pending.remove(window)
        ctx.emit(DogConditionChosen(seat=seat, condition=action.condition, visible_to=[seat], rule_id="R-SETUP-05"))

    def describe(self, state: GameState, window) -> str:
        return "the Dog's secret condition"

    def redact(self, state: GameState, window, shown: dict, seat: int | None) -> None:
        """The window shows only that the Dog is choosing; his choice is hidden in his player entry (R-GEN-06)."""


class Election(NothingHidden):
    """Votes are public (R-CHAIR-02); vote commitments are hidden with the state's (ruleset.redact)."""
    kind = "election"
    answers = {"cast_vote": "vote"}

    def awaiting(self, state: GameState, window) -> list[int]:
        return [s for s in window.voters if s not in window.votes]

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        committed = ctx.state.vote_commitments.get(seat)
        if committed is not None and committed in window.candidates:
            return [shared(A.CastVote, seat=seat, candidate=committed)]
        votes: list[A.Action] = [shared(A.CastVote, seat=seat, candidate=c) for c in window.candidates]
        return votes + [shared(A.CastVote, seat=seat, candidate=None)]

    def default(self, state: GameState, window, seat: int) -> A.Action:
        if state.vote_commitments.get(seat) in window.candidates:
            return shared(A.CastVote, seat=seat, candidate=state.vote_commitments[seat])
        return shared(A.CastVote, seat=seat, candidate=None)

    def vote(self, ctx: RulesContext, window, action: A.CastVote) -> None:
        chair.cast_vote(ctx, window, action.seat, action.candidate)

    def describe(self, state: GameState, window) -> str:
        return "the Chair election"

    def free_actions(self, window, seat: int) -> str | None:
        return OFFERS_ONLY  # votes may be bought meanwhile (R-DEAL-06)


class FavorWindow(NothingHidden):
    kind = "favor_window"
    answers = {"play_favor": "answer", "pass_favor": "answer"}

    def awaiting(self, state: GameState, window) -> list[int]:
        return [favors.responder(state, window)]

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        options: list[A.Action] = [shared(A.PassFavor, seat=seat)]
        if favors.can_play(ctx.state, seat):
            options.insert(0, shared(A.PlayFavor, seat=seat))
        return options

    def default(self, state: GameState, window, seat: int) -> A.Action:
        return shared(A.PassFavor, seat=seat)

    def answer(self, ctx: RulesContext, window, action: A.Action) -> None:
        seat = action.seat
        if action.type == "play_favor" and not ctx.state.players[seat].political_favors:
            raise refuse("E_NO_FAVOR", "R-CARD-06", "You hold no Political Favor.")
        if favors.responder(ctx.state, window) != seat:
            raise refuse("E_NOT_YOUR_TURN", "R-CARD-06", "You are not being asked about a Political Favor now.")
        favors.answer(ctx, window, seat, action.type == "play_favor")

    def describe(self, state: GameState, window) -> str:
        return "a Political Favor window"


FAVOR_OUTCOMES = {
    "buy": lambda ctx, window: landing.execute_buy(ctx, window.actor, window.property, window.parent, window.arrow),
    "build": lambda ctx, window: buildings.execute_buy_building(ctx, window.actor, window.property),
    "sell_building": lambda ctx, window: buildings.execute_sell_building(ctx, window.actor, window.property,
                                                                         window.building),
    "mortgage": lambda ctx, window: buildings.mortgage(ctx, window.actor, window.property),
    "collect_from_player": lambda ctx, window: payments.demand(ctx, window.payer, [(window.actor, window.amount)],
                                                               "card: collect from every player", "R-CARD-02"),
}
"""What a Political Favor window's purpose does when nobody blocked it (R-CARD-06)."""


def favor_window_closed(ctx: RulesContext, window, blocked_by: int | None) -> None:
    """A Political Favor window closed (favors.py): a rezoning's or destruction's halt window lets the contest
    start or ends it (R-REZONE-03); an abandonment's keeps or frees the lot (R-ART-13); a blocked sale or payment
    is logged and does not happen; an unblocked one happens now."""
    if window.purpose == "halt":
        contest_steps.halt_finished(ctx, window, blocked_by)
        return
    if window.purpose == "abandon":
        artillery.abandon_finished(ctx, window, blocked_by)  # R-ART-13: a block keeps the lot in his structure
        return
    if blocked_by is not None:
        if window.purpose == "collect_from_player":
            ctx.notice(f"{ctx.name(window.payer)} cancelled his payment with a Political Favor.", "R-CARD-06",
                       window.payer)
        else:
            ctx.emit(SaleBlocked(seat=window.actor, purpose=window.purpose, blocked_by=blocked_by,
                                 rule_id="R-CARD-06"))
        return
    FAVOR_OUTCOMES[window.purpose](ctx, window)


class ChairBuyoff(NothingHidden):
    kind = "chair_buyoff"
    answers = {"buy_off_mortgage": "buy_off", "end_buy_off": "end"}

    def awaiting(self, state: GameState, window) -> list[int]:
        return [window.chair]

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        state = ctx.state
        options: list[A.Action] = [shared(A.EndBuyOff, seat=seat)]
        slots = structure.free_arrows(ctx, seat)
        if slots:
            for index in window.properties:
                if state.players[seat].cash >= lift_cost(state.properties[index]):
                    # The Chair picks the arrow each deed he buys off hangs from (R-STRUCT-04).
                    options.extend(shared(A.BuyOffMortgage, seat=seat, property=index, parent=parent, arrow=arrow)
                                   for parent, arrow in slots)
        return options

    def default(self, state: GameState, window, seat: int) -> A.Action:
        return shared(A.EndBuyOff, seat=seat)

    def buy_off(self, ctx: RulesContext, window, action: A.BuyOffMortgage) -> None:
        losing.buy_off(ctx, window, action.seat, action.property, action.parent, action.arrow)

    def end(self, ctx: RulesContext, window, action: A.EndBuyOff) -> None:
        losing.end_buy_off(ctx, window, action.seat)

    def describe(self, state: GameState, window) -> str:
        return "the Chair's mortgage buy-off"

    def before_waiting(self, ctx: RulesContext, window) -> bool:
        return losing.drop_decision_of_the_eliminated(ctx, window)


class PermitWindow(NothingHidden):
    """Permit bribes are public, like the window itself (R-GEN-06 hides no permit bribe)."""
    kind = "permit_window"
    answers = {"permit_bribe": "offer", "answer_permit_bribe": "answer"}

    def awaiting(self, state: GameState, window) -> list[int]:
        return buildings.permit_awaiting(window)

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        if seat != window.builder:
            # R-BUILD-06: no bribe, or a sample $10 bribe per lot the seat could build on (any amount is allowed)
            options: list[A.Action] = [A.PermitBribe(seat=seat, amount=0)]
            for index in buildings.could_build(ctx, seat, window.building):
                if ctx.state.players[seat].cash >= 10 + printed_house_cost(ctx.squares[index]):
                    options.append(A.PermitBribe(seat=seat, amount=10, property=index))
            return options
        answers: list[A.Action] = [shared(A.AnswerPermitBribe, seat=seat, briber=None)]
        return answers + [shared(A.AnswerPermitBribe, seat=seat, briber=s) for s, amount in window.bids.items()
                          if amount > 0]

    def default(self, state: GameState, window, seat: int) -> A.Action:
        if seat == window.builder:  # R-BUILD-06: no bribe; the builder accepts none
            return shared(A.AnswerPermitBribe, seat=seat, briber=None)
        return A.PermitBribe(seat=seat, amount=0)

    def offer(self, ctx: RulesContext, window, action: A.PermitBribe) -> None:
        buildings.offer_permit_bribe(ctx, window, action.seat, action.amount, action.property)

    def answer(self, ctx: RulesContext, window, action: A.AnswerPermitBribe) -> None:
        buildings.answer_permit_bribe(ctx, window, action.seat, action.briber)

    def describe(self, state: GameState, window) -> str:
        return "a building-permit window"


class Reattach(NothingHidden):
    kind = "reattach"
    answers = {"reattach_arms": "reattach"}

    def awaiting(self, state: GameState, window) -> list[int]:
        return [window.seat]

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        return [A.ReattachArms(seat=seat)]

    def default(self, state: GameState, window, seat: int) -> A.Action:
        return A.ReattachArms(seat=seat)

    def reattach(self, ctx: RulesContext, window, action: A.ReattachArms) -> None:
        conspiracy.reattach(ctx, window, action.seat, action.placements)

    def describe(self, state: GameState, window) -> str:
        return "the re-attachment of arms after a rezoning"

    def before_waiting(self, ctx: RulesContext, window) -> bool:
        return losing.drop_decision_of_the_eliminated(ctx, window)


class CardExemption(NothingHidden):
    kind = "card_exemption"
    answers = {"ignore_card_payment": "answer", "pay_card": "answer"}

    def awaiting(self, state: GameState, window) -> list[int]:
        return [window.seat]

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        return [shared(A.IgnoreCardPayment, seat=seat), shared(A.PayCard, seat=seat)]  # R-FAC-STEAMIRON-03

    def default(self, state: GameState, window, seat: int) -> A.Action:
        return shared(A.IgnoreCardPayment, seat=seat)  # R-FAC-STEAMIRON-03, see factions.py

    def answer(self, ctx: RulesContext, window, action: A.Action) -> None:
        factions.answer_card_exemption(ctx, window, action.seat, action.type == "ignore_card_payment")

    def describe(self, state: GameState, window) -> str:
        return "the Steam Iron's card exemption"

    def before_waiting(self, ctx: RulesContext, window) -> bool:
        return losing.drop_decision_of_the_eliminated(ctx, window)


class CheatRuling(Window):
    """The professional Banker rules on an accusation (R-CHEAT-05). `rule_accusation` reaches the engine through
    cheating.py, like every action of R-CHEAT (it is refused as a whole without simulated cheating)."""
    kind = "cheat_ruling"
    answers = {"rule_accusation": "rule"}

    def awaiting(self, state: GameState, window) -> list[int]:
        return [window.banker]

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        return [shared(A.RuleAccusation, seat=seat, guilty=True), shared(A.RuleAccusation, seat=seat, guilty=False)]

    def default(self, state: GameState, window, seat: int) -> A.Action:
        return cheating.default_ruling(state, window, seat)  # §33.9: no ruling by the deadline = the truth

    def rule(self, ctx: RulesContext, window, action: A.RuleAccusation) -> None:
        cheating.dispatch(ctx, action)

    def describe(self, state: GameState, window) -> str:
        return "the Banker's ruling on an accusation"

    def redact(self, state: GameState, window, shown: dict, seat: int | None) -> None:
        """The Banker ruling is shown the hidden records the accusation concerns (R-CHEAT-04); nobody else."""
        if seat == shown["banker"]:
            shown["evidence"] = [r.model_dump(mode="json") for r in cheating.evidence(state, window)]

    def free_actions(self, window, seat: int) -> str | None:
        return OFFERS_ONLY  # the Banker may be bribed while he rules (R-CHEAT-04, R-FP-02)


class RansomAnswer(NothingHidden):
    """A window of a save from before D-15, when the game waited for the ransomed owner: the answer is now a free
    decision (`answer_ransom`), so the window closes as soon as the engine would wait on it."""
    kind = "ransom_answer"

    def awaiting(self, state: GameState, window) -> list[int]:
        return [window.seat]

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        return []

    def default(self, state: GameState, window, seat: int) -> A.Action:
        return shared(A.AnswerRansom, seat=seat, pay=False)  # R-ART-04: refuse

    def describe(self, state: GameState, window) -> str:
        return "the owner's answer to a ransom demand"

    def free_actions(self, window, seat: int) -> str | None:
        return ALL_FREE_ACTIONS

    def before_waiting(self, ctx: RulesContext, window) -> bool:
        artillery.close_legacy_answer_window(ctx, window)
        return True
