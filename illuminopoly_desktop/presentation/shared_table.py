"""What the table shows of a shared-faction game (VARIANTS §3.7), without Qt: the seat ring with each faction between
the two seats that share it, the running half and its acting seat, each seat's two faction tabs (the one it does not
control now read-only, with the reason), the panel's title, the log's tags and the winners with both sharers.

Everything is asked of the ruleset's control resolver (`ruleset_of(state)`: `controller`, `sharers`,
`control_reason`, rules/control.py) and of the public half of the faction turn (`state.variant.turn`); people are
`SeatId`s (indices into `GameSetup.seats`), factions `FactionId`s (indices into `GameState.players`), and nothing here
turns one into the other by its number.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..model.rulesets import ruleset_of
from ..model.seating import FactionId, SeatId
from ..model.state import GameState
from ..rules import control

HALF_BADGES = {"first": "FA", "second": "SA"}
HALF_WORDS = {"first": "First Action", "second": "Second Action"}
HALF_RULES = {"first": "V-SHARED-09, -10", "second": "V-SHARED-12"}


def shares_factions(state: GameState) -> bool:
    """The capability that switches the table's shared-faction screens on (rules/queries.py `shares_factions`)."""
    return ruleset_of(state).queries.shares_factions


def seat_name(state: GameState, seat: SeatId) -> str:
    seats = state.setup.seats
    return seats[seat].name if 0 <= seat < len(seats) else f"seat {seat + 1}"


def running_half(state: GameState) -> str | None:
    """"first" or "second" while a faction turn runs; None between turns (setup, an election) and at the end."""
    if state.game_over or state.turn.step == "none" or state.turn.seat < 0 or state.variant is None:
        return None
    return state.variant.turn.half


def active_faction(state: GameState) -> FactionId | None:
    return None if running_half(state) is None else FactionId(state.turn.seat)


def acting_seat(state: GameState) -> SeatId | None:
    """The seat taking the running half: the pilot in a First Action, the operator in a Second Action."""
    faction = active_faction(state)
    return None if faction is None else ruleset_of(state).controller(state, faction)


def pilot_and_operator(state: GameState, faction: FactionId) -> tuple[SeatId, SeatId]:
    """(first seat, second seat) of the faction (VARIANTS §3.3)."""
    first, second = ruleset_of(state).sharers(state, faction)
    return first, second


@dataclass(frozen=True)
class RingFaction:
    """One faction of the seat ring, drawn between its two sharers."""
    faction: FactionId
    name: str
    token: str
    """The faction's token id (for its icon)."""
    pilot: SeatId
    operator: SeatId
    controller: SeatId
    active: bool
    half: str | None
    """The running half while this faction takes its turn ("first"/"second"), else None."""
    eliminated: bool

    def tooltip(self, state: GameState) -> str:
        pilot, operator = seat_name(state, self.pilot), seat_name(state, self.operator)
        lines = [f"{self.name}: shared by {pilot} (First Actions: income, moving) and {operator} (Second Actions: "
                 "the landing's options) (V-SHARED-02)."]
        if self.eliminated:
            lines.append("Out of the game (V-SHARED-27).")
        else:
            lines.append(f"Controlled now by {seat_name(state, self.controller)} (V-SHARED-07).")
        if self.active and self.half is not None:
            lines.append(f"Taking its turn: {HALF_WORDS[self.half]} by {seat_name(state, self.controller)}.")
        return "\n".join(lines)


def ring(state: GameState) -> list[RingFaction]:
    """Every faction in seat order, with its sharers, its controller now and whether it takes its turn."""
    rules = ruleset_of(state)
    active, half = active_faction(state), running_half(state)
    result = []
    for player in state.players:
        faction = FactionId(player.seat)
        pilot, operator = pilot_and_operator(state, faction)
        result.append(RingFaction(faction=faction, name=player.name, token=player.faction or "",
                                  pilot=pilot, operator=operator, controller=rules.controller(state, faction),
                                  active=faction == active, half=half if faction == active else None,
                                  eliminated=player.eliminated))
    return result


@dataclass(frozen=True)
class FactionTab:
    """One of a seat's two factions, as its tab shows it."""
    faction: FactionId
    title: str
    """"Φ2 Dog — you pilot it (First Actions)"."""
    controlled: bool
    """The seat controls it now: its cards are shown and its buttons work (V-SHARED-07, -08)."""
    reason: str
    """Why the tab is read-only now (empty when it is controlled)."""


def seat_tabs(state: GameState, seat: SeatId) -> list[FactionTab]:
    """The seat's two factions: the one it pilots, then the one it operates (V-SHARED-02)."""
    rules = ruleset_of(state)
    tabs = []
    for faction in control.seat_factions(state, seat):
        pilot, _operator = pilot_and_operator(state, faction)
        role = "you pilot it (First Actions)" if pilot == seat else "you operate it (Second Actions)"
        player = state.players[faction]
        # The seat decides for it now though it does not control it: the Dog's joint choice by its second sharer
        # (V-SHARED-04), a proxy's defence (V-SHARED-18): its cards and buttons are his for that decision.
        deciding = not rules.seats_decision(state) and any(
            call.acts_as == faction and not call.offer for call in control.calls_of(state, seat))
        controlled = (rules.controller(state, faction) == seat or deciding) and not player.eliminated
        if player.eliminated:
            reason = f"{player.name} is out of the game (V-SHARED-27)."
        elif controlled:
            reason = ""
        else:
            reason = (f"Read-only now: {rules.control_reason(state, faction)} (V-SHARED-07). Its Political Favors "
                      "are hidden from you until you control it again (V-SHARED-08).")
        tabs.append(FactionTab(faction=faction, title=f"{player.name} — {role}", controlled=controlled,
                               reason=reason))
    tabs.sort(key=lambda tab: pilot_and_operator(state, tab.faction)[0] != seat)
    return tabs


def panel_title(state: GameState, seat: SeatId, acts_as: int | None) -> str:
    """The action panel's title for a person: whom he is and for which faction he decides now."""
    name = seat_name(state, seat)
    if acts_as is None or ruleset_of(state).seats_decision(state) and acts_as == seat:
        return f"{name} — your own vote" if ruleset_of(state).seats_decision(state) else name
    faction = FactionId(acts_as)
    player = state.players[faction]
    half = running_half(state) if faction == active_faction(state) else None
    when = f", {HALF_WORDS[half]}" if half is not None and acting_seat(state) == seat else ""
    return f"{name} — for {player.name}{when}"


def panel_notes(state: GameState, seat: SeatId, acts_as: int | None) -> list[str]:
    """Lines under the panel's title: the half being played and its pass money; a proxy's reason (V-SHARED-18)."""
    notes = []
    rules = ruleset_of(state)
    call = next((c for c in control.calls_of(state, seat) if c.acts_as == acts_as), None)
    if call is not None and call.proxy:
        faction = FactionId(call.acts_as)
        notes.append(f"You answer for {state.players[faction].name} as its proxy: its controller "
                     f"{seat_name(state, rules.controller(state, faction))} shares the attacking faction "
                     "(V-SHARED-18).")
    half = running_half(state)
    if half is not None and acting_seat(state) == seat and acts_as == active_faction(state):
        money = pass_money(state)
        pay = f" or pass for ${money:,}" if money else ""
        if half == "first":
            notes.append(f"First Action ({HALF_RULES[half]}): collect, then move, reorganise or take a main "
                         f"choice{pay} (V-SHARED-11).")
        else:
            notes.append(f"Second Action ({HALF_RULES[half]}): decide what happens where the token stopped{pay} "
                         "(V-SHARED-13).")
    return notes


def pass_money(state: GameState) -> int:
    """What passing the running half pays the faction now: $20 / $30 in the first cycle, nothing later (A-SH-14)."""
    half = running_half(state)
    if half is None or state.variant.turn.cycle != 1:
        return 0
    options = state.setup.options
    count = options.shared_first_pass_mb if half == "first" else options.shared_second_pass_mb
    return count * options.shared_mb_value


def log_tag(state: GameState) -> str:
    """The tag of a log line taken in a faction's half: "[Φ2 Top Hat | SA: Ben]" (VARIANTS §3.7); "" otherwise."""
    faction, half, acting = active_faction(state), running_half(state), acting_seat(state)
    if faction is None or half is None or acting is None:
        return ""
    return half_tag(state, faction, half, acting)


def half_tag(state: GameState, faction: int, half: str, acting: SeatId) -> str:
    return f"[{state.players[faction].name} | {HALF_BADGES[half]}: {seat_name(state, acting)}]"


def winners_lines(state: GameState) -> list[str]:
    """Each winning faction with both its sharers (V-SHARED-28), then the seats credited with the win."""
    lines = []
    for winner in state.winners:
        faction = FactionId(winner)
        pilot, operator = pilot_and_operator(state, faction)
        lines.append(f"{state.players[faction].name} won: {seat_name(state, pilot)} and "
                     f"{seat_name(state, operator)} share the win (V-SHARED-28).")
    seats = ruleset_of(state).winning_seats(state)
    if seats:
        names = [seat_name(state, seat) for seat in seats]
        joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        lines.append(f"Winners at the table: {joined}.")
    return lines


def exchange_refusal(state: GameState, faction: int, other: int) -> str | None:
    """Why `faction` may not deal with `other` in shared factions (V-SHARED-17: they share a seat), or None."""
    common = set(ruleset_of(state).sharers(state, FactionId(faction))) & set(ruleset_of(state).sharers(state, FactionId(other)))
    if faction == other or not common:
        return None
    return (f"V-SHARED-17: {state.players[faction].name} and {state.players[other].name} share "
            f"{seat_name(state, sorted(common)[0])}: no exchange between adjacent factions.")
