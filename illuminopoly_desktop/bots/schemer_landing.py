"""The schemer on a property (R-LAND-02): buy, take over, rezone, subvert, rebuild or nothing; the Artillery's
ransom or destruction (R-ART-02). Each option is valued as its expected gain in score: the chance of success at the
graft the schemer means to pay against the graft the other side will likely pay (bots/contest_sense.py), times what
success is worth, less the base cost and the graft."""
from __future__ import annotations

from ..model.state import GameState
from ..rules import actions as A
from ..variants.illuminopoly.conspiracy import chair_blocks, rebuild_cost
from ..variants.illuminopoly.landing import purchase_price
from ..variants.illuminopoly.property_values import base_cost
from ..variants.illuminopoly.structure import free_arrows
from . import effects
from .contest_sense import attack_response, odds_for, sealed_attack, stakes
from .schemer_money import raise_cash_action
from .situation import Situation
from .structure_plan import choose_slot
from .valuation import CASH_RESERVE, FAVOR_VALUE

MIN_EDGE = 12.0
"""An option must beat doing nothing by this much (dollars of score) to be taken."""
CHAIR_WAIVES = 0.2
"""The chance that the Chair waives his block of a takeover of a mortgaged property he holds (R-CHAIR-05)."""
HALT_RISK = 0.6
"""The chance that an owner holding a Political Favor halts a rezoning that hurts him (R-REZONE-03)."""


def landing_square(state: GameState) -> int:
    """The square of the landing being decided (a landing decision always has one, R-LAND-02)."""
    index = state.turn.landing_square
    if index is None:
        raise ValueError("a landing decision without a landing square")
    return index


def landing_action(sit: Situation) -> A.Action:
    """The landing option with the best expected gain (R-LAND-02, R-LAND-03)."""
    if sit.player.faction == "artillery":
        return artillery_landing(sit)
    index = landing_square(sit.state)
    tried = sit.memory.declared.setdefault((sit.state.turn.moves_made, index), set())
    candidates: list[tuple[float, A.Action]] = [(0.0, A.DoNothing(seat=sit.seat))]
    if sit.has("buy") and "buy" not in tried:
        candidates.append(_buy(sit, index))
    elif sit.state.properties[index].owner is None and _worth_raising_cash_to_buy(sit, index):
        raising = raise_cash_action(sit, purchase_price(sit.ctx, index) - sit.cash)
        if raising is not None:
            return raising
    for kind, value_of in (("take_over", _take_over), ("rezone", _rezone), ("subvert", _subvert),
                           ("rebuild", _rebuild)):
        if sit.has(kind) and kind not in tried:
            candidates.append(value_of(sit, index))
    value, action = max(candidates, key=lambda c: c[0])
    if value < MIN_EDGE or action.type == "do_nothing":
        return A.DoNothing(seat=sit.seat)
    tried.add(action.type)
    return action


def _buy(sit: Situation, index: int) -> tuple[float, A.Action]:
    price = purchase_price(sit.ctx, index)
    gain = sit.gain(effects.bought(sit.seat, index), {sit.seat: -price})
    slots = [(a.parent, a.arrow) for a in sit.typed_options("buy", A.Buy)]
    parent, arrow = choose_slot(sit.state, index, gain + price, slots)
    return gain, A.Buy(seat=sit.seat, parent=parent, arrow=arrow)


def _worth_raising_cash_to_buy(sit: Situation, index: int) -> bool:
    """Mortgage to buy only a deed that brings a victory close (a goal step worth far more than its price)."""
    price = purchase_price(sit.ctx, index)
    if price <= sit.cash or not sit.options("mortgage"):
        return False
    if not free_arrows(sit.ctx, sit.seat):
        return False
    gain = sit.gain(effects.bought(sit.seat, index), {sit.seat: -price})
    return gain > 2 * price + 200


def _opposition(sit: Situation, stake: dict[int, float], exclude: set[int]) -> tuple[int | None, float]:
    """The player with most to lose if the contest succeeds (he is the one who will pay to stop it)."""
    worst, loss = None, 0.0
    for seat, value in stake.items():
        if seat in exclude or seat == sit.seat:
            continue
        if -value > loss:
            worst, loss = seat, -value
    return worst, loss


def _contest_value(sit: Situation, kind: str, index: int, defence_price: int, defenders: str) -> tuple[float, int]:
    """(expected gain, base cost) of declaring the contest now. `defenders`: "owner" (only the owner may pay
    against us), "anyone" (volunteers of an open contest), or "none"."""
    state = sit.state
    seat = sit.seat
    base = base_cost(sit.ctx, index, seat, kind)
    budget = sit.cash - base
    if budget < 0:
        return -1e9, base
    stake = stakes(sit.appraiser, kind, seat, index, before=sit.scores)
    gain = stake.get(seat, 0.0)
    if gain <= 0:
        return -1e9, base
    odds = odds_for(state, kind, seat)
    owner = state.properties[index].owner
    opponent: int | None
    if defenders == "owner" and owner is not None and owner != seat:
        opponent, loss = owner, max(0.0, -stake.get(owner, 0.0))
    elif defenders == "anyone":
        opponent, loss = _opposition(sit, stake, {seat})
    else:
        opponent, loss = None, 0.0
    opponent_most = state.players[opponent].cash // defence_price if opponent is not None else 0
    pips, defence, value = sealed_attack(odds, gain, 10, budget // 10, loss, defence_price, opponent_most)
    if kind == "takeover" and opponent is not None:
        value += (1 - odds.success(pips - defence)) * defence * defence_price  # his graft comes to us on failure
    if kind == "rezoning" and opponent is not None and state.players[opponent].political_favors \
            and loss > FAVOR_VALUE and (owner is None or owner == opponent or owner == seat):
        value *= 1 - HALT_RISK
    spend = base + pips * 10
    shortfall = max(0, CASH_RESERVE - (sit.cash - spend))
    return value - base - 0.6 * shortfall, base


def _take_over(sit: Situation, index: int) -> tuple[float, A.Action]:
    prop = sit.state.properties[index]
    price = 5 if prop.double_rent_by == sit.seat else 10
    value, _ = _contest_value(sit, "takeover", index, price, "owner")
    if chair_blocks(sit.ctx, sit.seat, index):
        value = value * CHAIR_WAIVES if value > 0 else value  # the Chair blocks by default (R-CHAIR-05)
    slots = [(a.parent, a.arrow) for a in sit.typed_options("take_over", A.TakeOver)]
    parent, arrow = choose_slot(sit.state, index, max(0.0, value) + sit.facts.price[index], slots)
    return value, A.TakeOver(seat=sit.seat, parent=parent, arrow=arrow)


def _rezone(sit: Situation, index: int) -> tuple[float, A.Action]:
    owner = sit.state.properties[index].owner
    if owner is None:
        value, _ = _contest_value(sit, "rezoning", index, 10, "anyone")
    elif owner == sit.seat:
        value, _ = _contest_value(sit, "rezoning", index, 20, "anyone")
    else:
        value, _ = _contest_value(sit, "rezoning", index, 10, "owner")
    return value, A.Rezone(seat=sit.seat)


def _subvert(sit: Situation, index: int) -> tuple[float, A.Action]:
    prop = sit.state.properties[index]
    if prop.controller in sit.player.bail_bonus_against:  # automatic success (R-CONTEST-08)
        base = base_cost(sit.ctx, index, sit.seat, "subversion")
        gain = stakes(sit.appraiser, "subversion", sit.seat, index, before=sit.scores).get(sit.seat, 0.0)
        return gain - base, A.Subvert(seat=sit.seat)
    value, _ = _contest_value(sit, "subversion", index, 10, "none")
    return value, A.Subvert(seat=sit.seat)


def _rebuild(sit: Situation, index: int) -> tuple[float, A.Action]:
    prop = sit.state.properties[index]
    cost = rebuild_cost(sit.ctx, index)
    gain = stakes(sit.appraiser, "rebuild", sit.seat, index, before=sit.scores).get(sit.seat, 0.0)
    if prop.destroyed:
        return gain - cost, A.Rebuild(seat=sit.seat)
    odds = odds_for(sit.state, "rebuild", sit.seat)
    _, value = attack_response(odds, gain, 10, defence=0, most=max(0, sit.cash - cost) // 10)
    return value - cost * odds.success(0), A.Rebuild(seat=sit.seat)


# ----- the Artillery (R-ART-02..07) -----

def artillery_landing(sit: Situation) -> A.Action:
    """Destroy a lot of a colour not yet in the tally when the odds and the cash allow (R-FAC-ARTILLERY-01);
    otherwise ask a ransom of an owner: his turn ends, but the money is his income (he owns nothing)."""
    state = sit.state
    index = landing_square(state)
    prop = state.properties[index]
    square = state.setup.board.squares[index]
    if sit.has("destroy"):
        base = base_cost(sit.ctx, index, sit.seat, "surprise_destruction")
        stake = stakes(sit.appraiser, "surprise_destruction", sit.seat, index, before=sit.scores)
        gain = stake.get(sit.seat, 0.0)
        odds = odds_for(state, "surprise_destruction", sit.seat)
        pips, value = attack_response(odds, gain, 10, defence=0, most=max(0, sit.cash - base) // 10)
        new_colour = square.kind == "lot" and square.group not in state.terrorist_colors_destroyed
        if new_colour and value - base > MIN_EDGE and odds.success(pips) >= 0.75:
            return A.Destroy(seat=sit.seat)
    if sit.has("demand_ransom") and prop.owner is not None and prop.owner != sit.seat:
        owner_cash = state.players[prop.owner].cash
        at_risk = sit.facts.price[index] * (1 + prop.houses + 3 * prop.hotel)
        amount = int(min(owner_cash * 0.4, at_risk * 0.4))
        if amount >= 40:
            return A.DemandRansom(seat=sit.seat, amount=amount)
    return A.DoNothing(seat=sit.seat)
