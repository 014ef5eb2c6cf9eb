"""The movement charge feed and the use-fee notices of a Georgist game (VARIANTS §5.7), read from an action's events:
what the mover paid and received square by square as his token went ("passed Park Place: community rent $35;
passed Boardwalk: community rent $50, instalment $20; reached GO: +$200 + pot $130"), and where each use fee went
(to the lessee, credited to the parcel's loans, or into the GO pot: V-GEORGE-12). The engine's own events name the
charges (variants/george/charges.py's reasons); nothing here computes a charge."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..rules.events import Event

CHARGE_WORDS = {"community rent on ": "community rent", "loan instalment on ": "instalment",
                "four-house surcharge on ": "four-house surcharge", "holding fee on ": "holding fee"}
"""The mover's charges on his own parcels as the engine names them (V-GEORGE-08, -17, -06), and their short words."""
USE_FEE_RULES = frozenset({"V-GEORGE-12", "V-GEORGE-13"})


@dataclass
class _Stop:
    square: str
    items: list[str] = field(default_factory=list)


def charge_feed(events: list[Event], squares) -> str | None:
    """One line for the moves among `events`: each square where money changed hands for the mover, in path order,
    with what it cost or brought; None when a move cost and brought nothing (or there was no move)."""
    stops: list[_Stop] = []
    lines = []
    go = next((square.name for square in squares if square.kind == "go"), "GO")

    def stop_at(name: str) -> _Stop:
        if not stops or stops[-1].square != name:
            stops.append(_Stop(name))
        return stops[-1]

    for event in events:
        kind = getattr(event, "type", "")
        if kind == "money_moved":
            reason = event.reason or ""
            if reason == "GO salary":
                stop_at(go).items.append(f"+${event.amount:,}")
            elif reason == "the GO pot":
                stop_at(go).items.append(f"pot +${event.amount:,}")
            else:
                for prefix, words in CHARGE_WORDS.items():
                    if reason.startswith(prefix):
                        stop_at(reason[len(prefix):]).items.append(f"{words} ${event.amount:,}")
        elif kind == "token_moved" and stops:
            end = squares[event.end].name
            lines.append("; ".join(f"{_verb(stop.square, end, go)} {stop.square}: {', '.join(stop.items)}"
                                   for stop in stops))
            stops = []
    return " · ".join(lines) or None


def _verb(square: str, end: str, go: str) -> str:
    if square == end:
        return "landed on" if square != go else "reached"
    return "passed"


def use_fee_notices(events: list[Event]) -> list[str]:
    """The notices of the use fees among `events`: who owed it on which parcel and where it went (V-GEORGE-12), a
    fee held for the lessee's claim (V-GEORGE-13)."""
    return [event.text for event in events
            if getattr(event, "type", "") == "notice" and event.rule_id in USE_FEE_RULES and "use fee" in event.text]
