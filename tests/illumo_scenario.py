"""Helpers for exact Illumonopoly scenarios (issue 29): an `illumo` game with forced dice, money put straight into a
treasury (taken from the Bank, so money stays conserved), and answers to the complaint and pledge windows. The
classic helpers (tests/classic_scenario.py) place deeds, tokens and buildings."""
from __future__ import annotations

from illuminopoly_desktop.model.state import GameState
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules.game_start import new_game

from classic_scenario import NAMES, act

GAME_MONEY = None


def illumo_game(players: int = 3, options: dict | None = None, seed: int = 11) -> GameState:
    """An Illumonopoly game at the first player's step 1, with forced dice allowed."""
    return new_game(list(NAMES[:players]), seed=seed, options=options, ruleset="illumo", allow_forced_dice=True)


def fund(state: GameState, seat: int, kind: str, amount: int) -> None:
    """Put `amount` from the Bank's Reserves into the seat's treasury of `kind` ("central" or a type)."""
    state.reserves -= amount
    if kind == "central":
        state.players[seat].cash += amount
    else:
        kinds = state.variant.treasuries.setdefault(seat, {})
        kinds[kind] = kinds.get(kind, 0) + amount


def set_central(state: GameState, seat: int, amount: int) -> None:
    fund(state, seat, "central", amount - state.players[seat].cash)


def treasury(state: GameState, seat: int, kind: str) -> int:
    return state.variant.treasuries.get(seat, {}).get(kind, 0)


def answer_complaints(state: GameState, complainant: int | None = None) -> None:
    """Every askee lets the purchase pass, except `complainant`, who files."""
    while state.pending and state.pending[-1].kind == "illumo_complaint":
        seat = state.pending[-1].askees[0]
        act(state, A.Complain(seat=seat, file=seat == complainant))


def pass_pledges(state: GameState) -> list:
    """Everyone passes until the contest on top is decided (a lawsuit's Holding Action window too, V-ILLUMO-41);
    returns the events of the last pass."""
    events: list = []
    while state.pending and state.pending[-1].kind in ("illumo_interference", "illumo_lawsuit", "illumo_holding"):
        window = state.pending[-1]
        if window.kind == "illumo_holding":
            events = act(state, A.PassCard(seat=window.askees[0]))
        else:
            events = act(state, A.PassPledge(seat=window.order[window.turn_index]))
    return events


def pledge(state: GameState, seat: int, side: str, amount: int, source: str = "central") -> list:
    """Pass round the table until it is `seat`'s turn, then pledge."""
    window = state.pending[-1]
    while window.order[window.turn_index] != seat:
        act(state, A.PassPledge(seat=window.order[window.turn_index]))
    return act(state, A.Pledge(seat=seat, side=side, amount=amount, source=source))


def total_money(state: GameState) -> int:
    return state.total_money() - state.bank_issued


def pass_responses(state: GameState) -> list:
    """Everyone asked lets the Court card just played take effect (V-ILLUMO-16's response window); returns every
    event of the passes."""
    events: list = []
    while state.pending and state.pending[-1].kind == "illumo_card_response":
        events += act(state, A.PassCard(seat=state.pending[-1].askees[0]))
    return events
