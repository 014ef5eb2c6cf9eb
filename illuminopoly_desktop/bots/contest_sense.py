"""Graft by the value at stake and the exact odds (R-CONTEST-01..07, rules/odds.py), for the computer players.

Each side's stake in a contest is how much its members' scores differ between success and failure
(bots/valuation.py). A sealed bid is the best response to the other side's likely bid, itself its best response
to ours at zero (one round of best responses: cheap, and it stops a bot from throwing money at a contest the other
side will not fight); an open raise is the best next raise at the current modifier.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..model.state import Contest, GameState
from ..rules.context import RulesContext
from ..rules.odds import success_probability
from ..variants.illuminopoly import contests
from . import effects
from ..variants.illuminopoly.access import options_of
from .valuation import Appraiser

MAX_PIPS = 15
"""Beyond 12 pips a 2d6 contest cannot change (natural results aside); 3d6 needs a few more."""
JAIL_COST = 250.0
"""What a failed destruction costs the Artillery besides the money: Jail without favor and a step towards the
fourth jailing that eliminates him (R-ART-12)."""


@lru_cache(maxsize=8192)
def chance(dice: int, target: int, modifier: int, naturals: bool) -> float:
    """The exact probability of success (rules/odds.py) as a float."""
    return float(success_probability(dice, target, modifier, naturals))


@dataclass(frozen=True)
class Odds:
    dice: int
    target: int
    naturals: bool

    def success(self, modifier: int) -> float:
        return chance(self.dice, self.target, modifier, self.naturals)


def odds_of(ctx: RulesContext, contest: Contest) -> Odds:
    return Odds(contests.dice_count(ctx, contest), contests.target_number(ctx, contest),
                contests.naturals_apply(ctx, contest.contest))


def odds_for(state: GameState, kind: str, attacker: int) -> Odds:
    """The odds of a contest about to be declared (R-CONTEST-01; the Wheelbarrow's 3d6 subversion)."""
    ctx = RulesContext(state)
    dice = 3 if kind == "subversion" and state.players[attacker].faction == "wheelbarrow" else 2
    target = options_of(state).terrorist_surprise_target if kind == "surprise_destruction" else \
        contests.TARGET_NUMBERS[kind]
    return Odds(dice, target, contests.naturals_apply(ctx, kind))


def attack_response(odds: Odds, gain: float, price: int, defence: int, most: int, known: int = 0) -> tuple[int, float]:
    """(pips, expected value) best for the attacking side: success chance × gain − price × pips.
    `known`: pips already on the attacking side (open bidding, helpers)."""
    best, best_value = 0, odds.success(known - defence) * gain
    for pips in range(1, min(most, MAX_PIPS) + 1):
        value = odds.success(known + pips - defence) * gain - price * pips
        if value > best_value + 1e-9:
            best, best_value = pips, value
    return best, best_value


def defence_response(odds: Odds, loss: float, price: int, attack: int, most: int, known: int = 0) -> tuple[int, float]:
    """(pips, expected value) best for the defending side: −(success chance × loss) − price × pips."""
    best, best_value = 0, -odds.success(attack - known) * loss
    for pips in range(1, min(most, MAX_PIPS) + 1):
        value = -odds.success(attack - known - pips) * loss - price * pips
        if value > best_value + 1e-9:
            best, best_value = pips, value
    return best, best_value


def sealed_attack(odds: Odds, gain: float, price: int, most: int, defender_loss: float, defender_price: int,
                  defender_most: int) -> tuple[int, int, float]:
    """The attacker's sealed bid against the defender's likely one: (attack pips, expected defence pips, value)."""
    naive, _ = attack_response(odds, gain, price, 0, most)
    defence, _ = defence_response(odds, defender_loss, defender_price, naive, defender_most) \
        if defender_most and defender_loss > 0 else (0, 0.0)
    pips, value = attack_response(odds, gain, price, defence, most)
    return pips, defence, value


def sealed_defence(odds: Odds, loss: float, price: int, most: int, attacker_gain: float, attacker_price: int,
                   attacker_most: int) -> tuple[int, int]:
    """The defender's sealed bid against the attacker's likely one: (defence pips, expected attack pips)."""
    attack, _ = attack_response(odds, attacker_gain, attacker_price, 0, attacker_most) \
        if attacker_gain > 0 else (0, 0.0)
    pips, _ = defence_response(odds, loss, price, attack, most)
    return pips, attack


def graft_pips(ctx: RulesContext, contest: Contest, seat: int, stake: dict[int, float]) -> int:
    """The pips `seat` means to commit in the contest's graft stage by every seat's stake (success minus failure):
    a sealed bid, the best response to the other side's likely one, or in open bidding the best next raise at the
    current modifier; nothing on a side whose stake is not at risk. (The schemer's, and its rollout policy's.)"""
    state = ctx.state
    most = contests.max_pips(ctx, contest, seat)
    odds = odds_of(ctx, contest)
    side = contests.side_of(contest, seat)
    mine = stake.get(seat, 0.0)
    price = contests.pip_price(contest, seat)
    if contest.stage == "open_graft":
        known = contests.net_modifier(contest)
        if side == "attack":
            return attack_response(odds, mine, price, 0, most, known=known)[0]
        return defence_response(odds, -mine, price, 0, most, known=-known)[0]
    others = contest.defenders if side == "attack" else contest.attackers
    opponent = max(others, key=lambda s: abs(stake.get(s, 0.0)), default=None)
    if side == "attack":
        if mine <= 0:
            return 0
        if opponent is None:
            return attack_response(odds, mine, price, 0, most)[0]
        opp_price = contests.pip_price(contest, opponent)
        return sealed_attack(odds, mine, price, most, max(0.0, -stake.get(opponent, 0.0)), opp_price,
                             state.players[opponent].cash // opp_price)[0]
    if mine >= 0:
        return 0
    opp_gain = max(0.0, stake.get(opponent, 0.0)) if opponent is not None else 0.0
    opp_most = state.players[opponent].cash // 10 if opponent is not None else 0
    return sealed_defence(odds, -mine, price, most, opp_gain, 10, opp_most)[0]


# ----- what a contest is worth to each player -----

def success_changes(state: GameState, kind: str, attacker: int, target: int) -> dict[int, dict]:
    """The property changes a successful contest makes (bots/effects.py)."""
    if kind == "takeover":
        return effects.taken_over(state, attacker, target)
    if kind == "rezoning":
        return effects.rezoned(target)
    if kind == "subversion":
        return effects.subverted(attacker, target, state)
    if kind == "rebuild":
        return effects.rebuilt(target)
    lot = state.setup.board.squares[target].kind == "lot"
    return effects.destroyed(state, target, lot)


def stakes(appraiser: Appraiser, kind: str, attacker: int, target: int,
           before: dict[int, float] | None = None) -> dict[int, float]:
    """Every player's score after a success minus after a failure (the base cost is spent either way)."""
    state = appraiser.state
    before = before if before is not None else appraiser.scores()
    changes = success_changes(state, kind, attacker, target)
    colour = None
    if kind in ("destruction", "surprise_destruction"):
        square = state.setup.board.squares[target]
        if square.kind == "lot" and square.group not in state.terrorist_colors_destroyed:
            colour = square.group
    if colour is not None:
        state.terrorist_colors_destroyed.append(colour)
    attacker_state = state.players[attacker]
    # An unawakened Boat awakens with his first takeover of another's property (R-FAC-BOAT-02): worth a lot to him.
    awakens = (kind == "takeover" and attacker_state.faction == "boat" and not attacker_state.awakened
               and state.properties[target].owner not in (None, attacker))
    if awakens:
        attacker_state.awakened = True
    try:
        after = appraiser.scores_after(changes)
    finally:
        if colour is not None:
            state.terrorist_colors_destroyed.remove(colour)
        if awakens:
            attacker_state.awakened = False
    result = {seat: after.get(seat, 0.0) - before.get(seat, 0.0) for seat in before}
    if kind in ("destruction", "surprise_destruction") and attacker in result:
        result[attacker] += JAIL_COST  # failing sends him to Jail: success also spares him that
    return result
