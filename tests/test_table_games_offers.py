"""R-DEAL-02 in the balance reports' games (bots/table_games.py): an offer is answered when it is made, as at the
app's tables (rules/offer_answers.py), not whenever the counterparty's next decision happens to come."""
from __future__ import annotations

from illuminopoly_desktop.bots.players import make_player
from illuminopoly_desktop.bots.table_games import play_table_game
from illuminopoly_desktop.model.state import CashItem, OfferLeg
from illuminopoly_desktop.rules import actions as A


class Recorder:
    """A schemer that writes down every decision it is asked for; seat 0's also proposes one offer to seat 1 at the
    first main decision of its own turn."""

    def __init__(self, seat: int, log: list[tuple[int, str]], propose: bool = False):
        self.inner = make_player("schemer", seat)
        self.strength = self.inner.strength
        self.log = log
        self.propose = propose

    def choose(self, view: dict, seat: int):
        if self.propose and view["turn"]["step"] == "choice" and view["turn"]["seat"] == seat:
            self.propose = False
            action = A.ProposeOffer(seat=seat, counterparties=[1], legs=[
                OfferLeg(giver=1, receiver=seat, item=CashItem(amount=10)),
                OfferLeg(giver=seat, receiver=1, item=CashItem(amount=20))])
        else:
            action = self.inner.choose(view, seat)
        self.log.append((seat, action.type if action is not None else "none"))
        return action


def test_R_DEAL_02_the_counterparty_answers_at_once_in_table_games():
    log: list[tuple[int, str]] = []
    players = [Recorder(seat, log, propose=seat == 0) for seat in range(4)]
    game = play_table_game(3, ["schemer"] * 4, max_rounds=3, factions=["top_hat", "thimble", "race_car", "horseman"],
                           players=players)
    assert game.refused == []
    proposal = log.index((0, "propose_offer"))
    assert log[proposal + 1] in ((1, "accept_offer"), (1, "decline_offer"))
    assert game.actions[proposal + 1].type in ("accept_offer", "decline_offer")
