"""What shared factions may not do to each other (V-SHARED-16, -17, -20) and the clamp on contest money (V-SHARED-19).

An *attack* (V-SHARED-16) is a takeover, a subversion, a rezoning of a deed another faction owns, an Artillery
ransom demand or destruction (surprise or after a ransom), and the Just-Visiting bail of another faction's agents.
Its affected factions are the deed's owner and, if different, its controller (for bail, the jailed faction).
"""
from __future__ import annotations

from functools import lru_cache

from ...model.seating import FactionId
from ...rules.context import RulesContext
from ...rules.errors import IllegalAction, refuse
from ...rules.odds import success_probability
from ..illuminopoly.contests import dice_count, naturals_apply, net_modifier, target_number
from . import geometry, resolver
from .access import shared_options, shared_slice

DEED_ATTACKS: frozenset[str] = frozenset({"take_over", "subvert", "rezone", "demand_ransom", "destroy", "attempt_destruction"})
"""The actions that attack a deed (V-SHARED-16 list, bail aside)."""


def affected(ctx: RulesContext, index: int) -> list[FactionId]:
    prop = ctx.state.properties[index]
    found = [FactionId(f) for f in (prop.owner, prop.controller) if f is not None]
    return list(dict.fromkeys(found))


def is_attack(ctx: RulesContext, kind: str, faction: int, index: int) -> bool:
    """Whether `faction` doing `kind` to deed `index` is an attack: a rezoning only of another faction's deed."""
    if kind == "rezone":
        return any(f != faction for f in affected(ctx, index))
    return kind in DEED_ATTACKS


def attack_refusal(ctx: RulesContext, kind: str, faction: int, index: int) -> IllegalAction | None:
    """Why the acting faction's controller may not order this attack now, or None (V-SHARED-16, -20)."""
    if not is_attack(ctx, kind, faction, index):
        return None
    state = ctx.state
    seat = resolver.controller(state, FactionId(faction))
    for other in affected(ctx, index):
        if other != faction and resolver.shares(state, seat, other):
            return refuse("E_OWN_OTHER_FACTION", "V-SHARED-16", f"{state.setup.seats[seat].name} shares "
                          f"{ctx.name(other)}, which {ctx.square_name(index)} belongs to: no attack on one's own "
                          "other faction.")
    limit = shared_options(ctx).shared_attacks_per_property_per_turn
    if shared_slice(state).turn.attacked.count(index) >= limit:
        return refuse("E_ALREADY_ATTACKED", "V-SHARED-20", f"{ctx.square_name(index)} was already attacked this "
                      "faction turn.")
    return None


def bail_refusal(ctx: RulesContext, faction: int, jailed: int) -> IllegalAction | None:
    """V-SHARED-16: no bail of the agents of a faction the ordering seat shares (6.4 #26: adjacency alone is fine)."""
    state = ctx.state
    seat = resolver.controller(state, FactionId(faction))
    if jailed != faction and resolver.shares(state, seat, FactionId(jailed)):
        return refuse("E_OWN_OTHER_FACTION", "V-SHARED-16", f"{state.setup.seats[seat].name} shares "
                      f"{ctx.name(jailed)}: no bail of one's own other faction's agents.")
    return None


def exchange_refusal(ctx: RulesContext, giver: int, receiver: int) -> IllegalAction | None:
    """V-SHARED-17: adjacent factions never voluntarily pass value to each other."""
    if geometry.adjacent(FactionId(giver), FactionId(receiver), resolver.seat_count(ctx.state)):
        return refuse("E_ADJACENT_FACTION", "V-SHARED-17", f"{ctx.name(giver)} and {ctx.name(receiver)} share a "
                      "seat: no exchange between adjacent factions.")
    return None


def may_join(ctx: RulesContext, contest, faction: int, side: str | None) -> bool:
    """V-SHARED-17: no money on the side of an adjacent faction (`shared_allow_adjacent_aid=false`)."""
    if shared_options(ctx).shared_allow_adjacent_aid or side is None:
        return True
    principal = contest.attacker if side == "attack" else contest.owner
    return principal is None or exchange_refusal(ctx, faction, principal) is None


# ----- V-SHARED-19: the clamp -----

def modifier_range(ctx: RulesContext, contest) -> tuple[int, int]:
    """[T - h - 1, T - l]: the net modifiers at which money still changes the odds (V-SHARED-19). Computed from the
    contest's own odds, so it holds for 2d6 and the Wheelbarrow's 3d6, with or without natural results; a contest
    without opposition (rebuild zoning) starts at 0."""
    return _range(dice_count(ctx, contest), target_number(ctx, contest), naturals_apply(ctx, contest.contest),
                  contest.contest == "rebuild")


@lru_cache(maxsize=64)
def _range(dice: int, target: int, naturals: bool, unopposed: bool) -> tuple[int, int]:
    best = success_probability(dice, target, 100, naturals)
    worst = success_probability(dice, target, -100, naturals)
    upper = next(m for m in range(-100, 101) if success_probability(dice, target, m, naturals) == best)
    lower = next(m for m in range(100, -101, -1) if success_probability(dice, target, m, naturals) == worst)
    return (max(lower, 0) if unopposed else lower), upper


def graft_limit(ctx: RulesContext, contest, faction: int) -> int | None:
    """The most pips one commitment may hold (V-SHARED-19): sealed, the width of the range (6.4 #20); open, what keeps
    the net modifier in range given the bids so far (SH-T3)."""
    if not shared_options(ctx).shared_clamp_modifiers:
        return None
    lower, upper = modifier_range(ctx, contest)
    if shared_options(ctx).graft_bidding_mode == "sealed":
        return upper - lower
    net = net_modifier(contest)
    attacking = faction in contest.attackers
    return max(0, upper - net) if attacking else max(0, net - lower)


def check_graft(ctx: RulesContext, contest, faction: int, pips: int) -> int:
    limit = graft_limit(ctx, contest, faction)
    if limit is not None and pips > limit:
        raise refuse("E_CLAMP", "V-SHARED-19", f"At most {limit} pips may be committed now: more would not change "
                     "the odds (the clamp on contest money).")
    return pips


def clamp_revealed(ctx: RulesContext, contest) -> None:
    """After a sealed reveal, cut the overshooting side back to the bound, helpers first in the reverse of the turn
    order counted from the faction after the attacker, then the principal (V-SHARED-19, 6.4 #21). The cut pips were
    never escrowed, so their money simply stays with their owner (returned, never spent)."""
    if not shared_options(ctx).shared_clamp_modifiers:
        return
    lower, upper = modifier_range(ctx, contest)
    net = net_modifier(contest)
    if net > upper:
        side, principal, excess = contest.attackers, contest.attacker, net - upper
    elif net < lower:
        side, principal, excess = contest.defenders, contest.owner, lower - net
    else:
        return
    n = resolver.seat_count(ctx.state)
    helpers = sorted((f for f in side if f != principal), key=lambda f: (f - contest.attacker - 1) % n, reverse=True)
    for faction in [*helpers, principal]:
        if excess <= 0 or faction is None:
            break
        cut = min(excess, contest.bids.get(faction, 0))
        if cut:
            contest.bids[faction] -= cut
            excess -= cut
