"""Helpers shared by the contest tests (test_rules_contest, _takeover, _rezone, _subvert, _rebuild): landing a
token on a square, handing the turn to a seat, snapshots of where the money is, and driving a contest to its end
with every undecided seat taking its default (R-GEN-03)."""
from __future__ import annotations

from scenario import force, money_total, pass_turn, through_income

from illuminopoly_desktop.model.state import FavorCard
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.legal import default_action

MEDITERRANEAN, BALTIC, READING, ORIENTAL, VERMONT, CONNECTICUT = 1, 3, 5, 6, 8, 9
ST_CHARLES, ELECTRIC, STATES, VIRGINIA, PENN_RR, ST_JAMES, TENNESSEE, NEW_YORK = 11, 12, 13, 14, 15, 16, 18, 19
KENTUCKY, CHANCE_22, INDIANA, ILLINOIS, B_AND_O = 21, 22, 23, 24, 25
ATLANTIC, VENTNOR, WATER_WORKS, MARVIN = 26, 27, 28, 29
PACIFIC, NORTH_CAROLINA, PENN_AVE, SHORT_LINE, PARK_PLACE, BOARDWALK = 31, 32, 34, 35, 37, 39


def land_on(state, square: int, dice: tuple[int, int] = (1, 2)):
    """Move the seat whose turn it is onto `square` with a non-doubles roll (1 + 2 by default)."""
    seat = state.turn.seat
    state.players[seat].position = (square - sum(dice)) % 40
    force(state, *dice)
    return engine.apply(state, A.Roll(seat=seat))


def to_turn(state, seat: int) -> None:
    """Pass turns until `seat` is at his T3 choice (the Thimble's T2 rent taken by default)."""
    for _ in range(40):
        through_income(state)
        if state.turn.seat == seat and state.turn.step == "choice":
            return
        pass_turn(state)
    raise AssertionError(f"seat {seat} never got the turn")


class Ledger:
    """Where the money was when it was made; `delta` says where it moved since (R-GEN-08)."""

    def __init__(self, state):
        self.state = state
        self.cash = [p.cash for p in state.players]
        self.reserves = state.reserves
        self.fp = state.fp_pot
        self.total = money_total(state)

    def delta(self) -> dict:
        state = self.state
        result = {seat: state.players[seat].cash - was for seat, was in enumerate(self.cash)
                  if state.players[seat].cash != was}
        result["bank"] = state.reserves - self.reserves
        result["fp"] = state.fp_pot - self.fp
        return result

    def conserved(self) -> bool:
        return money_total(self.state) == self.total and self.state.escrow == 0


def hold_favor(state, seat: int, deck: str = "chance") -> FavorCard:
    """Give `seat` a Political Favor taken out of its deck (Chance 8 or Community Chest 5)."""
    number = 8 if deck == "chance" else 5
    (state.chance_deck if deck == "chance" else state.chest_deck).remove(number)
    card = FavorCard(deck=deck, number=number)
    state.players[seat].political_favors.append(card)
    return card


def contest_of(state):
    """The contest on the pending stack (under any favor or re-attachment window), or None."""
    return next((w for w in reversed(state.pending) if w.kind == "contest"), None)


def drive_defaults(state, limit: int = 100) -> list:
    """Let every awaited seat take its default until no contest or contest-born window is pending."""
    events = []
    for _ in range(limit):
        if not state.pending:
            return events
        seats = engine.awaiting(state)
        assert seats, "a pending decision waits for nobody"
        events += engine.apply(state, default_action(state, seats[0]))
    raise AssertionError("the contest did not end on defaults")


def play_contest(state, declaration, bids: dict[int, int] | None = None, dice: tuple[int, ...] = (),
                 joins: dict[int, str] | None = None, invites: dict[int, list[int]] | None = None) -> list:
    """Declare a contest and play it out: `dice` are forced before the declaration (the contest roll, then any
    rebuild-table or countdown die), principals invite `invites[seat]`, invitees accept, volunteers take the side
    `joins[seat]` (else stay out), participants bid `bids[seat]` pips (else $0); favor windows take defaults.
    Returns once no contest is pending."""
    bids, joins, invites = bids or {}, joins or {}, invites or {}
    if dice:
        force(state, *dice)
    events = engine.apply(state, declaration)
    spent: set[int] = set()
    for _ in range(100):
        contest = contest_of(state)
        if contest is None:
            return events  # a window the result opened (a re-attachment) is left to the test
        top = state.pending[-1]
        seat = engine.awaiting(state)[0]
        if top.kind != "contest":
            action = default_action(state, seat)
        elif top.stage == "invitations":
            action = A.InviteHelpers(seat=seat, invitees=invites.get(seat, []))
        elif top.stage == "answers":
            action = A.AnswerInvitation(seat=seat, accept=True)
        elif top.stage == "volunteers":
            action = A.JoinSide(seat=seat, side=joins.get(seat))
        elif top.stage in ("graft", "open_graft"):
            action = A.CommitGraft(seat=seat, pips=bids.get(seat, 0) if seat not in spent else 0)
            spent.add(seat)  # in open bidding a seat raises once, then passes
        else:
            action = default_action(state, seat)
        events += engine.apply(state, action)
    raise AssertionError("the contest did not end")


def verdict(events):
    """The contest's `resolved` event."""
    from illuminopoly_desktop.rules import events as E

    return [e for e in events if isinstance(e, E.ContestEvent) and e.stage == "resolved"][-1]
