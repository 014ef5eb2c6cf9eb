"""The game as one seat at a shared laptop may see it, for every screen of the table (Qt-free).

Pass-and-play shows one seat's screen at a time. Each screen (the action panel and its dialogs, the power structure,
the game log, the board and the Table strip) is fed the state rebuilt from `model.views.player_view` of the seat
behind the curtain, exactly as a LAN client is fed its seat's view (net/view_state.py): the other seats' secrets
(the Dog's condition, sealed bids, secret offers and debts, cheat records, the decks' order, the seed) are not in it,
so no screen has to hide them by itself (R-GEN-06).
"""
from __future__ import annotations

from ..model.state import GameSetup, GameState
from ..model.view_state import setup_from_view, state_from_view
from ..model.views import player_view


class SeatViews:
    """The states each seat may see, rebuilt once per change of the game (`forget` after every applied action, or
    whenever the game's state may have changed)."""

    def __init__(self) -> None:
        self._setup: GameSetup | None = None
        self._views: dict[int | None, GameState] = {}

    def of(self, state: GameState, seat: int | None) -> GameState:
        """`state` as `seat` may see it (None: anyone at the table, the public view)."""
        view = self._views.get(seat)
        if view is None:
            dumped = player_view(state, seat)
            if self._setup is None:  # the setup never changes during a game: validate its board once
                self._setup = setup_from_view(dumped)
            view = self._views[seat] = state_from_view(dumped, self._setup)
        return view

    def forget(self) -> None:
        self._views.clear()
