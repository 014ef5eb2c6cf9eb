"""Finding games on the local network with DNS-SD over multicast DNS (the `zeroconf` library).

A hosting server registers one service of type `_illuminopoly._tcp.local.` whose TXT record says the host's name,
the seats, how many are free, whether a password is needed, the game's phase and the protocol version. The join
dialog browses for that type. Multicast may be unavailable (no network, a firewall, a container): every failure
here is caught and reported as a sentence, and typing an address always works instead.
"""
from __future__ import annotations

import asyncio
import ipaddress
import logging
import re
import socket
from collections.abc import Callable
from dataclasses import dataclass

from ..model.presets import preset_label
from ..model.rulesets import DEFAULT_RULESET, ruleset_label
from ..protocol.messages import PROTOCOL_VERSION

log = logging.getLogger(__name__)

SERVICE_TYPE = "_illuminopoly._tcp.local."
WILDCARD_ADDRESSES = ("", "0.0.0.0", "::")


@dataclass(frozen=True)
class GameAdvert:
    """A game found on the network, as the join dialog lists it."""
    service_name: str
    host_name: str
    address: str
    port: int
    seats: int
    seats_free: int
    password_needed: bool
    protocol: int
    phase: str
    game_id: str
    ruleset: str = DEFAULT_RULESET
    """The rules the game is played by (model/rulesets.py); an advert without one is from a host that plays only
    Illuminopoly."""
    preset: str | None = None

    @property
    def url(self) -> str:
        return game_url(self.address, self.port)

    @property
    def rules(self) -> str:
        """The rules in words, e.g. "Illuminopoly" (a ruleset this app does not have is shown by its name)."""
        return ruleset_label(self.ruleset) + (f" ({preset_label(self.ruleset, self.preset)})" if self.preset else "")


def game_url(address: str, port: int) -> str:
    host = f"[{address}]" if ":" in address else address
    return f"ws://{host}:{port}"


def advert_properties(host_name: str, seats: int, seats_free: int, password_needed: bool, phase: str,
                      game_id: str, ruleset: str = DEFAULT_RULESET, preset: str | None = None) -> dict[str, str]:
    """The TXT record of a hosted game: `rs` names its ruleset, `preset` its preset when it has one."""
    properties = {"v": str(PROTOCOL_VERSION), "host": host_name[:60], "seats": str(seats), "free": str(seats_free),
                  "pw": "1" if password_needed else "0", "phase": phase, "game": game_id, "rs": ruleset}
    if preset:
        properties["preset"] = preset
    return properties


def parse_advert(service_name: str, properties: dict, addresses: list[str], port: int | None) -> GameAdvert | None:
    """A GameAdvert from a resolved service, or None if it is not one of ours (or has no usable address)."""
    def text(key: str) -> str:
        value = properties.get(key.encode()) if key.encode() in properties else properties.get(key)
        return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value or "")

    if not addresses or not port:
        return None
    try:
        return GameAdvert(service_name=service_name, host_name=text("host") or service_name.split(".")[0],
                          address=addresses[0], port=int(port), seats=int(text("seats") or 0),
                          seats_free=int(text("free") or 0), password_needed=text("pw") == "1",
                          protocol=int(text("v") or 0), phase=text("phase") or "lobby", game_id=text("game"),
                          ruleset=text("rs") or DEFAULT_RULESET, preset=text("preset") or None)
    except ValueError:
        return None


def instance_name(host_name: str) -> str:
    """A DNS-SD instance name for the host: no dots, at most 60 bytes."""
    cleaned = re.sub(r"[.\x00-\x1f]", " ", host_name).strip() or "Illuminopoly"
    while len(cleaned.encode()) > 60:
        cleaned = cleaned[:-1]
    return f"{cleaned}.{SERVICE_TYPE}"


def advertised_addresses(bind: str) -> list[str]:
    """The IPv4 addresses to announce: the bound one, or every non-loopback one when bound to all."""
    if bind not in WILDCARD_ADDRESSES:
        return [bind]
    try:
        from zeroconf import get_all_addresses

        addresses = [a for a in get_all_addresses() if not ipaddress.ip_address(a).is_loopback]
    except Exception:  # no interfaces could be listed: announce nothing rather than fail
        addresses = []
    return addresses or ["127.0.0.1"]


def _interfaces_for(bind: str):
    from zeroconf import InterfaceChoice

    return InterfaceChoice.All if bind in WILDCARD_ADDRESSES else [bind]


class Advertiser:
    """Announces one hosted game; `start`, `update`, `stop` never raise (a failure leaves `error` set)."""

    def __init__(self, bind: str = "0.0.0.0"):
        self.bind = bind
        self.error: str | None = None
        self.reason: str | None = None
        """The failure of `start` in a few words (the exception's), for a sentence of the caller's own."""
        self._zeroconf = None
        self._info = None

    async def start(self, host_name: str, port: int, properties: dict[str, str]) -> bool:
        try:
            from zeroconf import IPVersion
            from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf

            self._zeroconf = AsyncZeroconf(interfaces=_interfaces_for(self.bind), ip_version=IPVersion.V4Only)
            self._info = AsyncServiceInfo(
                SERVICE_TYPE, instance_name(host_name), port=port, properties=properties,
                addresses=[socket.inet_aton(a) for a in advertised_addresses(self.bind)],
                server=f"{instance_name(host_name).split('.')[0].replace(' ', '-')}.local.")
            await self._zeroconf.async_register_service(self._info, allow_name_change=True)
            return True
        except Exception as error:  # multicast unavailable: the game is still joinable by address
            self.reason = str(error) or type(error).__name__
            self.error = f"The game cannot be announced on the network ({self.reason}); players can type the address."
            log.warning(self.error)
            await self._close()
            return False

    async def update(self, properties: dict[str, str]) -> None:
        if self._zeroconf is None or self._info is None or properties == self._decoded_properties():
            return
        try:
            from zeroconf.asyncio import AsyncServiceInfo

            info = self._info
            self._info = AsyncServiceInfo(info.type, info.name, port=info.port, properties=properties,
                                          addresses=info.addresses, server=info.server)
            await self._zeroconf.async_update_service(self._info)
        except Exception as error:
            log.warning("could not update the game's announcement: %s", error)

    def _decoded_properties(self) -> dict[str, str]:
        return {k.decode(): (v or b"").decode() for k, v in self._info.properties.items()}

    async def stop(self) -> None:
        if self._zeroconf is not None and self._info is not None:
            try:
                await self._zeroconf.async_unregister_service(self._info)
            except Exception:
                pass
        await self._close()

    async def _close(self) -> None:
        zeroconf, self._zeroconf = self._zeroconf, None
        if zeroconf is not None:
            try:
                await zeroconf.async_close()
            except Exception:
                pass


class Browser:
    """Watches the network for games; `on_change(list[GameAdvert])` is called (in the loop) whenever the list
    changes. `start` returns False (with `error` set) when multicast cannot be used."""

    def __init__(self, on_change: Callable[[list[GameAdvert]], None], interfaces: list[str] | None = None):
        self.on_change = on_change
        self.interfaces = interfaces
        self.error: str | None = None
        self.games: dict[str, GameAdvert] = {}
        self._zeroconf = None
        self._browser = None
        self._tasks: set[asyncio.Task] = set()

    async def start(self) -> bool:
        try:
            from zeroconf import InterfaceChoice, IPVersion
            from zeroconf.asyncio import AsyncServiceBrowser, AsyncZeroconf

            self._zeroconf = AsyncZeroconf(interfaces=self.interfaces or InterfaceChoice.All,
                                           ip_version=IPVersion.V4Only)
            self._browser = AsyncServiceBrowser(self._zeroconf.zeroconf, [SERVICE_TYPE], handlers=[self._changed])
            return True
        except Exception as error:
            self.error = f"No games can be found on the network ({error}); type the host's address instead."
            log.warning(self.error)
            await self.stop()
            return False

    def _changed(self, zeroconf, service_type: str, name: str, state_change) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            if self.games.pop(name, None) is not None:
                self.on_change(self.listed())
            return
        task = asyncio.get_running_loop().create_task(self._resolve(service_type, name))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _resolve(self, service_type: str, name: str) -> None:
        try:
            from zeroconf.asyncio import AsyncServiceInfo

            info = AsyncServiceInfo(service_type, name)
            if not await info.async_request(self._zeroconf.zeroconf, 3000):
                return
            advert = parse_advert(name, info.properties or {}, info.parsed_addresses(), info.port)
        except Exception as error:
            log.debug("could not resolve %s: %s", name, error)
            return
        if advert is not None and self.games.get(name) != advert:
            self.games[name] = advert
            self.on_change(self.listed())

    def listed(self) -> list[GameAdvert]:
        return sorted(self.games.values(), key=lambda g: (g.host_name.lower(), g.address, g.port))

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        browser, self._browser = self._browser, None
        if browser is not None:
            try:
                await browser.async_cancel()
            except Exception:
                pass
        zeroconf, self._zeroconf = self._zeroconf, None
        if zeroconf is not None:
            try:
                await zeroconf.async_close()
            except Exception:
                pass
