"""The tokens of shared factions: Illuminopoly's in use plus the ones shared play adds (model/shared_tokens.py: the
Money Bag, so that 11 seats, or 10 without the Artillery, each have a faction, V-SHARED-01), and the random deal
when the table is larger than Illuminopoly's tokens.

V-SHARED-03's `shared_faction_assignment = pair_choice`: each faction's two sharers agree on its token, in faction
order, before the rest of the setup (the Dog's condition, the Chair vote). The first seat proposes a token still
free; the other accepts it or proposes another, in turn, each at most `shared_token_negotiation_rounds` times. When
the seat due gives up (accept=False: "leave it to chance"), or may propose no more and does not accept, the engine
draws a token at random among those still free (resolution: V-SHARED-03 says only "the engine picks at random";
the draw is among every free token, not only the proposed ones, since a sharer who never proposed has agreed to
none). The deadline's default (R-GEN-03) is the same draw, which is the contract's "if they do not agree within the
time limit". Tokens are public, so is every step of the choice."""
from __future__ import annotations

from typing import Literal

from ...model.factions import FactionInfo, load_factions
from ...model.seating import FactionId, SeatId
from ...model.shared_state import TokenPairChoice
from ...model.shared_tokens import SharedToken, load_shared_tokens
from ...model.state import GameState
from ...rules import actions as A
from ...rules.context import RulesContext
from ...rules.decisions import Window
from ...rules.errors import refuse
from ...rules.events import PairChoiceEvent
from ..illuminopoly import setup
from . import geometry
from .access import shared_options, shared_options_of

RULE = "V-SHARED-03"


def tokens_in_use(options) -> list[str]:
    """Illuminopoly's factions in use (the nine, and the Artillery with `use_artillery`), then the shared ones."""
    return setup.factions_in_use(options) + list(load_shared_tokens())


def deals_itself(ctx: RulesContext) -> bool:
    """Whether the shared ruleset gives the factions itself: by the sharers' choice (`pair_choice`), or by a random
    deal of its own when there are more seats than Illuminopoly's tokens (Illuminopoly's deal, the same for smaller
    tables, serves the rest)."""
    return shared_options(ctx).shared_faction_assignment == "pair_choice" or \
        len(ctx.state.players) > len(setup.factions_in_use(shared_options(ctx)))


def give_factions(ctx: RulesContext) -> None:
    """Open Φ0's token choice (the others follow in faction order), or deal every token at random (V-SHARED-03)."""
    if shared_options(ctx).shared_faction_assignment == "pair_choice":
        ctx.state.pending.append(TokenPairChoice(seat=0))
        return
    pool = tokens_in_use(shared_options(ctx))
    ctx.shuffle(pool)
    for player, token in zip(ctx.state.players, pool):
        setup.give_faction(ctx, player.seat, token)


def free_tokens(state: GameState) -> list[str]:
    taken = {p.faction for p in state.players if p.faction}
    return [f for f in tokens_in_use(shared_options_of(state)) if f not in taken]


def seat_due(state: GameState, window: TokenPairChoice) -> SeatId:
    """The first seat (the pilot) proposes first; then the sharers take turns."""
    first, second = geometry.sharers(FactionId(window.seat), len(state.setup.seats))
    return first if len(window.proposals) % 2 == 0 else second


def proposals_left(state: GameState, window: TokenPairChoice, seat: SeatId) -> int:
    rounds = shared_options_of(state).shared_token_negotiation_rounds
    return rounds - sum(1 for who, _ in window.proposals if who == seat)


def token_words(token: str | None) -> str:
    """A token's name (Top Hat, Money Bag)."""
    words: dict[str, FactionInfo | SharedToken] = {**load_factions(), **load_shared_tokens()}
    return words[token].name if token in words else "faction"


class TokenChoice(Window):
    """The decision of one faction's token, answered by its sharer due (resolver.decider)."""
    kind = "token_pair_choice"
    answers = {"propose_pair_choice": "propose", "accept_pair_choice": "accept"}

    def awaiting(self, state: GameState, window) -> list[int]:
        return [window.seat]

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        state = ctx.state
        options: list[A.Action] = []
        if window.proposals:
            options.append(A.AcceptPairChoice(seat=seat))
        if proposals_left(state, window, seat_due(state, window)) > 0:
            standing = window.proposals[-1][1] if window.proposals else None
            options += [A.ProposePairChoice(seat=seat, choice=t) for t in free_tokens(state) if t != standing]
        options.append(A.AcceptPairChoice(seat=seat, accept=False))
        return options

    def default(self, state: GameState, window, seat: int) -> A.Action:
        """The deadline: no agreement in time, the engine draws (V-SHARED-03)."""
        return A.AcceptPairChoice(seat=seat, accept=False)

    def propose(self, ctx: RulesContext, window, action: A.ProposePairChoice) -> None:
        state = ctx.state
        if action.seat != window.seat:
            raise refuse("E_NOT_YOUR_TURN", RULE, "Only the faction's two sharers choose its token.")
        if action.choice not in free_tokens(state):
            raise refuse("E_FACTION_CANNOT", RULE, f"{token_words(action.choice)} is not a free token.")
        due = seat_due(state, window)
        if proposals_left(state, window, due) <= 0:
            raise refuse("E_WRONG_PHASE", RULE, "No proposal is left: accept, or leave it to chance.")
        window.proposals.append((int(due), action.choice))
        ctx.emit(PairChoiceEvent(seat=window.seat, subject="token", stage="proposed", actor=due,
                                 choice=action.choice, rule_id=RULE))

    def accept(self, ctx: RulesContext, window, action: A.AcceptPairChoice) -> None:
        state = ctx.state
        if action.seat != window.seat:
            raise refuse("E_NOT_YOUR_TURN", RULE, "Only the faction's two sharers choose its token.")
        stage: Literal["accepted", "drawn"]
        actor: SeatId | None
        if action.accept:
            if not window.proposals:
                raise refuse("E_WRONG_PHASE", RULE, "There is no proposal to accept: propose a token.")
            chosen, stage, actor = window.proposals[-1][1], "accepted", seat_due(state, window)
        else:
            free = free_tokens(state)
            chosen, stage, actor = free[ctx.rand_below(len(free))], "drawn", None
        ctx.emit(PairChoiceEvent(seat=window.seat, subject="token", stage=stage, actor=actor, choice=chosen,
                                 rule_id=RULE))
        setup.give_faction(ctx, window.seat, chosen)
        name_faction(state, window.seat)
        state.pending.remove(window)
        following = window.seat + 1
        if following < len(state.players):
            state.pending.append(TokenPairChoice(seat=following))

    def describe(self, state: GameState, window) -> str:
        return f"the token of faction Φ{window.seat}, chosen by its two sharers"

    def redact(self, state: GameState, window, shown: dict, seat: int | None) -> None:
        """Tokens are public: nothing is hidden."""


def name_faction(state: GameState, faction: int) -> None:
    """The faction is called by its index and its new token (Φ2 Top Hat)."""
    player = state.players[faction]
    player.name = f"Φ{faction} {token_words(player.faction)}"
