"""The seat tokens a player's app holds, kept in the user's data folder so that a player whose app crashed or was
closed takes the same seat back when joining the same host again (the server checks the token; a stale one is
forgotten)."""
from __future__ import annotations

import json
import os
from pathlib import Path

from ..presentation import table_session

FILE_NAME = "lan_seats.json"
MAX_KEPT = 20


class SeatTokens:
    """url -> {"token", "seat", "game_id"}; every failure to read or write is silent (only a convenience)."""

    def __init__(self, folder: Path | None = None):
        if folder is None:
            folder = table_session.default_data_dir()
        self.path = Path(folder) / FILE_NAME

    def _read(self) -> dict:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def _write(self, data: dict) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary = self.path.with_name(self.path.name + ".tmp")
            temporary.write_text(json.dumps(data, indent=1), encoding="utf-8")
            os.replace(temporary, self.path)
        except OSError:
            pass

    def token_for(self, url: str) -> str | None:
        entry = self._read().get(url)
        token = entry.get("token") if isinstance(entry, dict) else None
        return token if isinstance(token, str) else None

    def remember(self, url: str, token: str, seat: int, game_id: str = "") -> None:
        data = self._read()
        data.pop(url, None)
        data[url] = {"token": token, "seat": seat, "game_id": game_id}
        self._write(dict(list(data.items())[-MAX_KEPT:]))

    def forget(self, url: str) -> None:
        data = self._read()
        if data.pop(url, None) is not None:
            self._write(data)
