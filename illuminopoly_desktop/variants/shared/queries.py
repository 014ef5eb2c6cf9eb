"""What the table asks of a shared-faction game (VARIANTS §3.7): Illuminopoly's queries, the capability flag that
switches on the seat ring, the seats' two faction tabs and the halves' pass money (ui/, presentation/shared_table.py),
and the clamp on contest money the contest dialog draws as a gauge (V-SHARED-19)."""
from __future__ import annotations

from dataclasses import dataclass

from ...model.state import GameState
from ...rules.context import RulesContext
from ...rules.errors import IllegalAction
from ..illuminopoly.contests import net_modifier, target_number
from ..illuminopoly.queries import IlluminopolyQueries
from . import attacks
from .access import shared_options_of


@dataclass(frozen=True)
class ContestClamp:
    """The clamp of the running contest (V-SHARED-19, A-SH-07): the net modifier stays in [lowest, highest], where
    money still changes the odds."""
    lowest: int
    highest: int
    net: int
    target: int
    attack_room: int
    """Pips the attacking side may still add before more would change nothing."""
    defence_room: int

    @property
    def needed(self) -> int:
        """The natural roll the attack needs now (target − net modifier), 3 to 12 inside the clamp on 2d6."""
        return self.target - self.net


class SharedQueries(IlluminopolyQueries):
    shares_factions = True
    wording = "shared"
    """Illuminopoly's words, and the halves' passes and joint choices (presentation/shared_words.py)."""

    def contest_clamp(self, state: GameState) -> ContestClamp | None:
        """The running contest's clamp, or None (no contest, or `shared_clamp_modifiers` off)."""
        contest = self.active_contest(state)
        if contest is None or not shared_options_of(state).shared_clamp_modifiers:
            return None
        ctx = RulesContext(state)
        lowest, highest = attacks.modifier_range(ctx, contest)
        net = net_modifier(contest)
        return ContestClamp(lowest=lowest, highest=highest, net=net, target=target_number(ctx, contest),
                            attack_room=max(0, highest - net), defence_room=max(0, net - lowest))

    def refused_attacks(self, state: GameState, faction: int) -> list[tuple[str, IllegalAction]]:
        """The landing's attacks the shared rules forbid the faction now, each with its refusal (V-SHARED-16: the
        target belongs to a faction the acting seat shares; V-SHARED-20: the deed was attacked this faction turn),
        for the panel to show disabled with the reason (VARIANTS §3.7). Empty outside the faction's landing."""
        square = state.turn.landing_square
        if (state.game_over or state.turn.step != "landing" or state.turn.seat != faction or square is None
                or state.pending or square >= len(state.properties)):
            return []
        prop = state.properties[square]
        if prop.owner is None or prop.owner == faction and prop.controller in (None, faction):
            return []
        ctx = RulesContext(state)
        found = []
        for kind in ATTACKS_AT_LANDING:
            refusal = attacks.attack_refusal(ctx, kind, faction, square)
            if refusal is not None:
                found.append((kind, refusal))
        return found


ATTACKS_AT_LANDING = ("take_over", "subvert", "rezone")
"""The attacks an operator could order on a deed where the token stopped (V-SHARED-12)."""
