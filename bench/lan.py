"""LAN play speed: `python bench/lan.py [--actions 500] [--clients 10] [--seed 1]`.

Starts `illuminopoly serve` in its own process on 127.0.0.1 with one seat per client (10 seats: the 9 factions
and the Artillery), connects the clients from this process, and lets seeded random players choose the actions.
One action at a time: the time from sending it to the moment every client has applied the resulting update
(the events and the view patch), and the bytes each client received per action. The computer players' choosing
happens before the clock starts. Prints plain figures; asserts nothing.
"""
from __future__ import annotations

import argparse
import asyncio
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

if importlib.util.find_spec("illuminopoly_desktop") is None:  # run from a checkout without `pip install -e .`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from illuminopoly_desktop.bots.random_bot import RandomBot  # noqa: E402
from illuminopoly_desktop.net.client import LanClient  # noqa: E402
from illuminopoly_desktop.net.computer import decide  # noqa: E402

REPOSITORY = Path(__file__).resolve().parent.parent


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(port: int, seats: int, seed: int, save: Path) -> subprocess.Popen:
    options = ["--option", "use_artillery=true"] if seats > 9 else []
    process = subprocess.Popen(
        [sys.executable, "-m", "illuminopoly_desktop", "serve", "--bind", "127.0.0.1", "--port", str(port),
         "--seats", str(seats), "--seed", str(seed), "--save", str(save), "--no-discovery", "--pace", "0",
         *options], cwd=REPOSITORY, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"})
    line = process.stdout.readline()
    if "listening" not in line:
        raise SystemExit(f"the server did not start: {line}{process.stderr.read()}")
    return process


class Timed:
    """A client's arrival times of updates."""

    def __init__(self, client: LanClient):
        self.client = client
        self.applied_at = 0.0
        client.listener = self.heard

    def heard(self, message) -> None:
        if message.type in ("update", "view"):
            self.applied_at = time.perf_counter()


async def one_game(port: int, clients_count: int, seed: int, wanted: int, latencies: list, sizes: list) -> int:
    """Play up to `wanted` measured actions of one game; returns how many were measured."""
    url = f"ws://127.0.0.1:{port}"
    clients = [LanClient(url, f"P{seat}", reconnect=False) for seat in range(clients_count)]
    for seat, client in enumerate(clients):
        await client.connect()
        await client.claim_seat(seat)
    for client in clients:
        await client.set_ready(True)
    for client in clients:
        await client.wait_for(lambda c: c.started)
    timers = [Timed(c) for c in clients]
    players = {seat: RandomBot(seed * 100 + seat) for seat in range(clients_count)}
    joining = clients[0].bytes_received
    measured = 0
    while measured < wanted and not clients[0].game_over:
        await asyncio.sleep(0)
        seat = clients[0].awaiting[0] if clients[0].awaiting else None
        if seat is None:
            break
        actor = clients[seat]
        await actor.wait_for(lambda c: seat in c.awaiting)
        action = decide(players[seat], actor.state(), seat)
        before_bytes = [c.bytes_received for c in clients]
        before_version = [c.version for c in clients]
        started = time.perf_counter()
        result = await actor.send_action(action)
        if not result.accepted:
            continue  # a random offer refused by the rules: no update to time
        await asyncio.gather(*(c.wait_for(lambda c, v=v: c.version > v or c.game_over, 10)
                               for c, v in zip(clients, before_version)))
        latencies.append(max(t.applied_at for t in timers) - started)
        sizes.append(sum(c.bytes_received - b for c, b in zip(clients, before_bytes)) / len(clients))
        measured += 1
    for client in clients:
        await client.close()
    print(f"  game seed {seed}: {measured} actions measured; joining (lobby messages and the first full view) "
          f"took {joining:,} bytes per client")
    return measured


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=500)
    parser.add_argument("--clients", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    latencies: list[float] = []
    sizes: list[float] = []
    seed = args.seed
    with tempfile.TemporaryDirectory() as folder:
        while len(latencies) < args.actions:
            port = free_port()
            server = start_server(port, args.clients, seed, Path(folder) / f"bench-{seed}.json")
            try:
                asyncio.run(one_game(port, args.clients, seed, args.actions - len(latencies), latencies, sizes))
            finally:
                server.terminate()
                server.wait(10)
            seed += 1
    ms = sorted(x * 1000 for x in latencies)

    def percentile(p: float) -> float:
        return ms[min(len(ms) - 1, int(round(p / 100 * (len(ms) - 1))))]

    print(f"LAN, {args.clients} clients on 127.0.0.1, server in its own process, {len(ms)} actions")
    print(f"  action sent -> every client applied its update: p50 {percentile(50):.2f} ms, "
          f"p90 {percentile(90):.2f} ms, p99 {percentile(99):.2f} ms, max {ms[-1]:.2f} ms")
    print(f"  bytes received per action per client: mean {statistics.mean(sizes):,.0f}, "
          f"median {statistics.median(sizes):,.0f}, max {max(sizes):,.0f}")
    print(f"  (targets: p50 < 5 ms, p99 < 25 ms; load average now {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} CPUs)")


if __name__ == "__main__":
    main()
