"""A prepared save for the screenshot session: Ann owns Oriental Avenue; Ben has just landed on it (his landing
options: take it over). Forced dice, every action through the rules."""
import sys
from pathlib import Path

from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.presentation.table_session import TableSession
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.context import RulesContext
from illuminopoly_desktop.variants.illuminopoly.setup import new_game

ORIENTAL, VERMONT = 6, 8
# The session's seats: three people and a computer schemer, factions dealt by the host.
seats = [{"name": "Ann", "faction": "thimble"}, {"name": "Ben", "faction": "top_hat"},
         {"name": "Cat", "faction": "boat"}, {"name": "Cpu", "faction": "shoe", "kind": "computer",
                                              "strength": "schemer"}]
state = new_game(seats, seed=20, preset_factions=True, allow_forced_dice=True)
session = TableSession(state)
engine.run_to_decision(RulesContext(state))
for voter in list(engine.awaiting(state)):
    session.apply(A.CastVote(seat=voter, candidate=0))


def force(*dice):
    session.apply(A.ForceDice(seat=0, dice=list(dice)))


def to_square(seat, target):
    pos = state.players[seat].position
    total = (target - pos) % 40
    for a in range(1, 7):
        b = total - a
        if 1 <= b <= 6 and a != b:
            return a, b
    raise SystemExit(f"cannot reach {target} from {pos}")


for _ in range(12):
    seat = state.turn.seat
    if seat == 1 and state.properties[ORIENTAL].owner == 0:
        force(*to_square(1, ORIENTAL))
        session.apply(A.Roll(seat=1))
        break
    if state.turn.step == "income":
        session.apply(A.CollectRent(seat=seat))
    target = ORIENTAL if seat == 0 else VERMONT + 1 + seat  # Ann to Oriental, others to squares beyond
    force(*to_square(seat, target))
    session.apply(A.Roll(seat=seat))
    kinds = {a.type for a in engine.legal_actions(state, seat)}
    if seat == 0 and "buy" in kinds:
        session.apply(A.Buy(seat=0, parent=ROOT, arrow=0))
    elif state.turn.step == "landing":
        session.apply(A.DoNothing(seat=seat))
    session.apply(A.EndTurn(seat=seat))
assert state.turn.seat == 1 and state.turn.step == "landing" and state.players[1].position == ORIENTAL
session.save(Path(sys.argv[1]))
print("saved", sys.argv[1], len(session.actions), "actions")
