"""Political Favor windows: blocks, counters and chains (R-CARD-05, R-CARD-06)."""
from __future__ import annotations

from ...model.state import FavorWindow
from ...rules.context import RulesContext
from ...rules.jail import play_favor
from .access import illuminopoly_options


BLOCKABLE = {
    "purchase_only": frozenset({"buy"}),
    "purchase_buildings_abandon": frozenset({"buy", "buildings", "abandon"}),
    "purchase_buildings_abandon_mortgage": frozenset({"buy", "buildings", "abandon", "mortgage"}),
    "none": frozenset(),
}
"""Which Bank sales a Political Favor may block, by `pf_blockable_sales` (R-CARD-06, A-72): a purchase, a building
bought or sold, an abandonment, a mortgage; none under the v2.2 edition's "none", whose favors free from Jail, halt a
rezoning and counter cards only (E-20)."""


def sale_blockers(ctx: RulesContext, actor: int, sale: str) -> list[int]:
    """The PF holders who may block this kind of Bank sale (`BLOCKABLE`), in the order `favor_holders` asks them."""
    return favor_holders(ctx, actor) if sale in BLOCKABLE[illuminopoly_options(ctx).pf_blockable_sales] else []


def favor_holders(ctx: RulesContext, actor: int) -> list[int]:
    """PF holders who may block a Bank sale, in seat order starting after the actor (R-CARD-06)."""
    state = ctx.state
    return [seat for seat in state.seats_after(actor)
            if state.players[seat].political_favors and not state.players[seat].eliminated
            and not state.players[seat].disabled]


def responder(state, window: FavorWindow) -> int:
    """Who must answer now: the next holder asked to block, or the side asked to counter."""
    if not window.chain:
        return window.queue[0]
    # An odd chain means a block (or cancellation of a payment) stands: the actor may counter it.
    return window.actor if len(window.chain) % 2 == 1 else window.chain[0]


def can_play(state, seat: int) -> bool:
    player = state.players[seat]
    return bool(player.political_favors) and not player.disabled and not player.eliminated


def answer(ctx: RulesContext, window: FavorWindow, seat: int, play: bool) -> None:
    if play:
        purpose = "block" if len(window.chain) % 2 == 0 else "counter"
        play_favor(ctx, seat, f"{purpose} {window.purpose}", "R-CARD-06")
        window.chain.append(seat)
    elif not window.chain:
        window.queue.pop(0)
    elif len(window.chain) % 2 == 1:
        finish(ctx, window, blocked_by=window.chain[0])
        return
    else:
        window.chain.clear()
        window.queue.pop(0)
    advance(ctx, window)


def advance(ctx: RulesContext, window: FavorWindow) -> None:
    """Skip anyone who can no longer play; close the window when nobody is left to ask."""
    state = ctx.state
    while True:
        if window.chain:
            who = responder(state, window)
            if can_play(state, who):
                return
            if len(window.chain) % 2 == 1:
                finish(ctx, window, blocked_by=window.chain[0])
                return
            window.chain.clear()
            window.queue.pop(0)
            continue
        while window.queue and not can_play(state, window.queue[0]):
            window.queue.pop(0)
        if window.queue:
            return
        finish(ctx, window, blocked_by=None)
        return


def finish(ctx: RulesContext, window: FavorWindow, blocked_by: int | None) -> None:
    """The window is closed: what its purpose does now, blocked or not, is the ruleset's (windows.py registers
    each purpose's outcome)."""
    ctx.state.pending.remove(window)
    ctx.rules.favor_window_closed(ctx, window, blocked_by)
