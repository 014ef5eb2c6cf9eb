"""A computer player at the end of a network connection: it decides from its seat's view only, as a person at
another laptop would, and sends its choice like any client. Used by the tests, the benchmark, and to fill a
table with remote computer players."""
from __future__ import annotations

import asyncio

from ..rules.control import default_for_seat
from .client import LanClient
from .computer import ComputerPlayer, decide

RATE_LIMITED_PAUSE = 0.25


async def play_as_computer(client: LanClient, player: ComputerPlayer, timeout: float = 30.0,
                           max_actions: int | None = None) -> int:
    """Let `player` decide for the client's seat whenever the game awaits it, until the game is over (or
    `max_actions` were accepted). Returns the number of accepted actions. A refused choice (the game moved on
    meanwhile, or the rules say no) is followed by the rules' default or by waiting for the next update."""
    accepted = 0
    while not client.game_over and (max_actions is None or accepted < max_actions):
        await client.wait_for(lambda c: c.game_over or (c.connected and c.is_awaited()), timeout)
        if client.game_over:
            break
        version = client.version
        state = client.state()
        choice = decide(player, state, client.seat)
        for action in (choice, default_for_seat(state, client.seat, answer_offers=False)):
            if action is None:
                continue
            try:
                result = await client.send_action(action, version)
            except (ConnectionError, asyncio.TimeoutError, TimeoutError):
                break  # the connection dropped: the client reconnects by itself; look again
            if result.accepted:
                accepted += 1
                break
            if result.rejected.code == "E_RATE_LIMITED":
                await asyncio.sleep(RATE_LIMITED_PAUSE)  # too fast for the host: slow down, then decide again
                break
            if result.rejected.source != "rules":
                break  # stale, or not our turn any more: decide again from the newer view
        else:
            # Both refused by the rules on this view: wait until the view changes before trying again.
            await client.wait_for(lambda c: c.version != version or c.game_over, timeout)
    return accepted
