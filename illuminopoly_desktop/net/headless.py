"""`illuminopoly serve`: host a LAN game without a window until Ctrl+C (or SIGTERM), then save and stop."""
from __future__ import annotations

import asyncio
import signal
import sys
import time
from pathlib import Path
from typing import TextIO

from ..presentation import table_session
from .discovery import advertised_addresses, game_url
from .server import LanServer, ServerConfig


def default_save_path() -> Path:
    """A new save in the user's data folder: lan/lan-YYYYmmdd-HHMMSS.json."""
    return table_session.default_data_dir() / "lan" / time.strftime("lan-%Y%m%d-%H%M%S.json")


def run_headless(config: ServerConfig, out: TextIO | None = None) -> None:
    """Serve until interrupted, printing to `out` (standard output). Raises OSError (the port is taken), SaveError
    (a bad --load), IllegalAction (an impossible table)."""
    out = out if out is not None else sys.stdout
    if config.load_path is None and config.save_path is None:
        config.save_path = default_save_path()
    asyncio.run(_serve(config, out))


async def _serve(config: ServerConfig, out: TextIO) -> None:
    server = LanServer(config)
    port = await server.start()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signal_number in (signal.SIGINT, getattr(signal, "SIGTERM", None)):
        if signal_number is None:
            continue
        try:
            loop.add_signal_handler(signal_number, stop.set)
        except (NotImplementedError, RuntimeError):  # Windows: Ctrl+C arrives as KeyboardInterrupt instead
            pass
    addresses = [config.bind] if config.bind not in ("", "0.0.0.0", "::") else advertised_addresses(config.bind)
    print(f"Illuminopoly server '{config.host_name}' listening on "
          + ", ".join(game_url(a, port) for a in addresses), file=out)
    if config.load_path is not None:
        print(f"resumed {server.save_path} at action {len(server.table.actions)}", file=out)
        if server.resume_warning:
            print(f"warning: {server.resume_warning}", file=out)
    print(f"save: {server.save_path}", file=out)
    limits = [f"{config.turn_timeout:g} s per decision (then the rules' default)" if config.turn_timeout else "",
              f"{config.away_timeout:g} s for an absent player (then a computer plays his seat)"
              if config.away_timeout else ""]
    print("deadlines: " + ("; ".join(l for l in limits if l) or "none (the game waits)"), file=out)
    print(f"host key: {server.host_key}", file=out)
    print("Ctrl+C stops the server (the game stays saved; --load resumes it).", file=out, flush=True)
    try:
        await stop.wait()
    finally:
        await server.stop()
        if server.table is None:
            print("stopped before the game started (nothing to save)", file=out, flush=True)
        else:
            print(f"stopped; the game is saved in {server.save_path}", file=out, flush=True)
