"""A reorganisation being staged by one seat, asking the rules about every move (Qt-free).

The player drags deeds one at a time; the engine only judges whole arrangements
(R-STRUCT-06). This class keeps the staged arrangement and answers "may this deed
go to that arrow now?" by asking the ruleset (`ruleset.queries`) about the arrangement that
move would make, never by re-implementing a rule.

While staging, invariant 5 (no unattached deed while an arrow is free) may stay
broken until Done; and a structure that starts unsettled (a destroyed deed still
holding others, R-STRUCT-08) must be repairable one move at a time, so a move is
refused only if it adds a problem the staged arrangement did not have.
"""

from __future__ import annotations

from collections import Counter

from ..model.rulesets import ruleset_of
from ..model.state import ROOT, GameState
from ..rules import actions as A
from ..rules.boardindex import board_index
from ..rules.errors import IllegalAction
from ..rules.legal import legal_menu

Spot = tuple[int | None, int]  # (parent, arrow); parent ROOT = the faction card, None = unattached


def has_structure(state: GameState, seat: int) -> bool:
    """The Banker and the Artillery keep no power structure (R-STRUCT-01)."""
    player = state.players[seat]
    return player.role == "faction" and player.faction != "artillery"


NOT_NOW = ("Done is for your reorganisation: instead of rolling at the start of your turn (T3), as the Thimble "
           "instead of collecting rent, or on Free Parking (R-STRUCT-06). You may stage moves now and commit them then.")
"""Why the structure panel's Done is off while the seat may not reorganise."""


def may_reorganize_now(state: GameState, seat: int) -> bool:
    """Whether the rules would take a reorganisation of `seat` now (R-STRUCT-06's opportunities)."""
    return "reorganize" in legal_menu(state, seat, include_free=False)


class StructureStaging:
    """The staged arrangement of `seat`'s deeds over a game state that it never changes."""

    def __init__(self, state: GameState, seat: int):
        self.seat = seat
        self.reload(state)

    def reload(self, state: GameState | None = None) -> None:
        """Start again from the state's arrangement (after Cancel, or after the engine applied a change)."""
        if state is not None:
            self.state = state
        self.rules = ruleset_of(self.state).queries
        self.board = self.state.setup.board
        self.squares = board_index(self.board).squares
        self.placement: dict[int, Spot] = self.rules.current_placement(self.state, self.seat)

    # --- what there is -----------------------------------------------------------------

    @property
    def deeds(self) -> list[int]:
        return sorted(self.placement)

    @property
    def is_changed(self) -> bool:
        return self.placement != self.rules.current_placement(self.state, self.seat)

    def socket_count(self, node: int) -> int:
        """Out-arrows printed on a card: 4 on the faction card, a deed's leg count even when rezoned or
        destroyed, since the card still carries them; the rules decide whether they may hold."""
        if node == ROOT:
            return self.rules.FACTION_CARD_ARROWS if has_structure(self.state, self.seat) else 0
        return self.squares[node].out_arrows

    def square_name(self, index: int) -> str:
        return self.squares[index].name

    def is_holding_capable(self, deed: int) -> bool:
        return self.rules.is_holding_capable(self.state, deed)

    def arm(self, deed: int) -> list[int]:
        """The deed and everything hanging below it in the staged arrangement."""
        result, frontier = [deed], [deed]
        while frontier:
            node = frontier.pop()
            for child, (parent, _) in self.placement.items():
                if parent == node and child not in result:
                    result.append(child)
                    frontier.append(child)
        return result

    # --- staging moves ------------------------------------------------------------------

    def refusal_for(self, deed: int, spot: Spot) -> IllegalAction | None:
        """Why the rules refuse `deed` on `spot` in the staged arrangement, or None if they accept it."""
        trial = self._with(deed, spot)
        new_problems = Counter(self._staging_problems(trial)) - Counter(self._staging_problems(self.placement))
        if not new_problems:
            return None
        try:
            self.rules.validate_reorganization(self.state, self.seat, self._placements(trial))
        except IllegalAction as refusal:
            if any(refusal.message == _sentence(problem) for problem in new_problems):
                return refusal
            # The engine named a problem the arrangement already had; tell the player about the new one.
            return IllegalAction(refusal.code, refusal.rule_id, _sentence(next(iter(new_problems))))
        raise AssertionError("structure_problems found a problem that validate_reorganization accepts")

    def accepts(self, deed: int, spot: Spot) -> bool:
        return self.refusal_for(deed, spot) is None

    def move(self, deed: int, spot: Spot) -> None:
        """Stage a move (the caller has checked it with `accepts`, or is undoing one)."""
        self.placement = self._with(deed, spot)

    def reorganize_action(self) -> A.Reorganize:
        """The whole staged arrangement as the one action the engine judges (R-STRUCT-06)."""
        return A.Reorganize(seat=self.seat, placements=self._placements(self.placement))

    # --- placing a newly acquired deed (R-STRUCT-04) ------------------------------------

    def free_arrows(self) -> list[tuple[int, int]]:
        return self.rules.free_arrows(self.state, self.seat)

    def placement_refusal(self, parent: int, arrow: int) -> IllegalAction | None:
        try:
            self.rules.check_free_arrow(self.state, self.seat, parent, arrow)
        except IllegalAction as refusal:
            return refusal
        return None

    # --- helpers ------------------------------------------------------------------------

    def _with(self, deed: int, spot: Spot) -> dict[int, Spot]:
        parent, arrow = spot
        trial = dict(self.placement)
        trial[deed] = (parent, arrow if parent is not None else 0)
        return trial

    def _staging_problems(self, placement: dict[int, Spot]) -> list[str]:
        return [p for p in self.rules.structure_problems(self.state, self.seat, placement)
                if not p.startswith("invariant 5")]

    @staticmethod
    def _placements(placement: dict[int, Spot]) -> list[A.DeedPlacement]:
        return [A.DeedPlacement(property=deed, parent=parent, arrow=arrow)
                for deed, (parent, arrow) in sorted(placement.items())]


def _sentence(problem: str) -> str:
    """A problem as `validate_reorganization` words it for a refusal."""
    return problem[0].upper() + problem[1:] + "."
