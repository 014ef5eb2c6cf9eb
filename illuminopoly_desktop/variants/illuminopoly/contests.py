"""The facts of a contest (R-CONTEST-01..09) for takeover, rezoning, subversion, rebuild zoning and the Artillery's
destructions: its target number and dice, sides and who may spend, the price of a pip, what a bidder can afford,
the chance of success, who is asked at each stage, and what it locks while it runs. contest_steps.py runs a contest
on these facts.

Each kind of contest is a `ContestSpec` of the shared contest engine (rules/roll_contests.py; `spec_of`): its dice
and natural results (R-CONTEST-05, -06), and the price of a pip by the kind of money bidding (R-CONTEST-01's price
column), which prices, caps and escrows every graft bid.
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import Final, Literal

from ...model.state import Contest
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.odds import success_probability
from ...rules.roll_contests import ContestSpec, natural_contest
from .access import illuminopoly_options

TARGET_NUMBERS = {"takeover": 12, "rezoning": 7, "subversion": 12, "rebuild": 8, "destruction": 7}
RULE_OF = {"takeover": "R-TAKEOVER-03", "rezoning": "R-REZONE-04", "subversion": "R-SUBVERT-02",
           "rebuild": "R-REBUILD-03", "destruction": "R-ART-06", "surprise_destruction": "R-ART-07"}
PRICE_PER_PIP = 10
CASH: Final = "cash"
"""The kind of money of a plain graft bid: $10 a pip (R-CONTEST-01)."""
DOUBLE_RENT_DEFENCE: Final = "double_rent_defence"
"""The owner's defence under double rent: $5 a pip (R-CONTEST-07)."""
SELF_REZONING_OPPOSITION: Final = "self_rezoning_opposition"
"""The opposers of a self-rezoning: $20 a pip (R-REZONE-02)."""
PIP_UNITS = {DOUBLE_RENT_DEFENCE: 5, SELF_REZONING_OPPOSITION: 20}
PRE_GRAFT_STAGES: Final = frozenset({"invitations", "answers", "volunteers"})
"""Stages before step 6, in which players may still raise cash with free actions (R-CONTEST-04)."""


def free_window_open(contest: Contest, seat: int) -> bool:
    """R-CONTEST-04: players may raise cash before step 6. While sealed bids are being made, that window stays open
    for everyone who has not yet committed his own bid (a contest with no sides to form, such as a takeover without
    helpers, would otherwise give the defender no chance to mortgage or borrow first)."""
    if contest.stage in PRE_GRAFT_STAGES:
        return True
    return contest.stage == "graft" and seat not in contest.bids


# ----- facts of a contest -----

@lru_cache(maxsize=64)
def spec_of(kind: str, dice: int = 2, naturals: bool = True) -> ContestSpec:
    """R-CONTEST-01's row for this kind of contest as a shared-engine spec: its dice and natural results
    (`natural_contest`, R-CONTEST-05, -06), its rule, and one point of modifier (a pip) per $10 of cash, $5 for the
    owner's defence under double rent, $20 for the opposers of a self-rezoning. Always rolled (R-CONTEST-02 step 7).
    The price of a pip does not depend on the dice, so `spec_of(kind)` prices any contest of that kind."""
    return replace(natural_contest(dice, naturals), name=kind, rule_id=RULE_OF[kind], unit=PRICE_PER_PIP,
                   units=PIP_UNITS, always_roll=True, roll_label=f"{kind} roll")


def contest_spec(ctx: RulesContext, contest: Contest) -> ContestSpec:
    """The spec this contest is rolled by: its kind, its dice (the Wheelbarrow's 3d6) and whether natural results
    apply to it."""
    return spec_of(contest.contest, dice_count(ctx, contest), naturals_apply(ctx, contest.contest))


def target_number(ctx: RulesContext, contest: Contest) -> int:
    if contest.contest == "surprise_destruction":
        return illuminopoly_options(ctx).terrorist_surprise_target
    return TARGET_NUMBERS[contest.contest]


def naturals_apply(ctx: RulesContext, contest_type: str) -> bool:
    """R-CONTEST-05 / D-02: every contest with `natural_rolls_all_contests`, else only takeovers and subversion; none
    under its "none" ([V22] states no natural results, E-05)."""
    naturals = illuminopoly_options(ctx).natural_rolls_all_contests
    if naturals == "none":
        return False
    return naturals or contest_type in ("takeover", "subversion")


def dice_count(ctx: RulesContext, contest: Contest) -> int:
    """The Wheelbarrow rolls 3d6 on every subversion attempt (R-FAC-WHEELBARROW-02)."""
    if contest.contest == "subversion" and ctx.state.players[contest.attacker].faction == "wheelbarrow":
        return 3
    return 2


Side = Literal["attack", "defend"]


def side_of(contest: Contest, seat: int) -> Side | None:
    if seat in contest.attackers:
        return "attack"
    if seat in contest.defenders:
        return "defend"
    return None


def graft_source(contest: Contest, seat: int) -> str:
    """The kind of money the seat's pips are bought with: the owner's defence under double rent (R-CONTEST-07), the
    opposition to a self-rezoning (R-REZONE-02), else plain cash."""
    if seat in contest.defenders:
        if contest.contest == "rezoning" and contest.owner == contest.attacker:
            return SELF_REZONING_OPPOSITION
        if seat == contest.owner and contest.double_rent:
            return DOUBLE_RENT_DEFENCE
    return CASH


def graft_cost(contest: Contest, seat: int, pips: int) -> int:
    """What `pips` pips cost the seat, at his spec price (R-CONTEST-01, -07, R-REZONE-02)."""
    return spec_of(contest.contest).cost(pips, graft_source(contest, seat))


def pip_price(contest: Contest, seat: int) -> int:
    """$10 per pip, except the owner's defence under double rent ($5, R-CONTEST-07) and the opposers of a
    self-rezoning ($20, R-REZONE-02): the spec's price of one point."""
    return graft_cost(contest, seat, 1)


def net_modifier(contest: Contest) -> int:
    """Attacker pips − defender pips (R-CONTEST-02 step 7)."""
    return (sum(contest.bids.get(s, 0) for s in contest.attackers)
            - sum(contest.bids.get(s, 0) for s in contest.defenders))


def probability(ctx: RulesContext, contest: Contest, extra_attack: int = 0, extra_defence: int = 0):
    """The exact chance of success at the current commitments (plus hypothetical extra pips), as a Fraction."""
    if contest.auto_success:
        return Fraction(1)
    return success_probability(dice_count(ctx, contest), target_number(ctx, contest),
                               net_modifier(contest) + extra_attack - extra_defence,
                               naturals_apply(ctx, contest.contest))


def active_contest(state) -> Contest | None:
    for window in reversed(state.pending):
        if window.kind == "contest":
            return window
    return None


def check_not_in_contest(state, index: int, rule_id: str = "R-CONTEST-04") -> None:
    """While a contest is unresolved its target may not be sold, traded, mortgaged, lifted or built on."""
    for window in state.pending:
        if window.kind == "contest" and window.target == index:
            raise refuse("E_IN_CONTEST", rule_id, "That property is the target of a contest in progress.")


def check_not_a_party(state, seat: int, rule_id: str = "R-CONTEST-04") -> None:
    """Refuse to take a player out of the game (a foreclosure, R-LOSE-04) while he is a party to an unresolved
    contest: its attacker, the target's owner, a side's member, or a seat still asked to invite, answer or
    volunteer. Resolution: R-CONTEST-04 locks the target and the escrow until the contest resolves, and a seat
    that leaves mid-contest would leave a decision nobody can take; the creditor forecloses once it is over."""
    for window in state.pending:
        if window.kind == "contest" and seat in parties_of(window):
            raise refuse("E_IN_CONTEST", rule_id, "That player is a party to a contest in progress.")


def parties_of(contest: Contest) -> set[int]:
    """The parties to an unresolved contest: its attacker, the target's owner (if any), the sides' members, and the
    seats still asked to invite, answer or volunteer."""
    parties = {contest.attacker, *contest.attackers, *contest.defenders, *contest.inviters, *contest.invitations,
               *contest.volunteers}
    if contest.owner is not None:
        parties.add(contest.owner)
    return parties


def can_spend(state, seat: int) -> bool:
    """Active faction players who are not disabled may spend; the professional Banker never (R-CONTEST-03)."""
    player = state.players[seat]
    return player.role == "faction" and not player.eliminated and not player.disabled


def eligible_others(ctx: RulesContext, contest: Contest) -> list[int]:
    """Players who could still join a side: spenders not already in the contest, in seat order after the attacker."""
    state = ctx.state
    taken = set(contest.attackers) | set(contest.defenders) | set(contest.invitations)
    return [s for s in state.seats_after(contest.attacker) if s not in taken and can_spend(state, s)]


# ----- graft -----

def participants(contest: Contest) -> list[int]:
    return contest.attackers + contest.defenders


def reserved_cash(contest: Contest, seat: int) -> int:
    """Cash a bidder must keep for the rest of his contest: the rebuild cost after a won zoning roll."""
    return contest.rebuild_cost if seat == contest.attacker else 0


def max_pips(ctx: RulesContext, contest: Contest, seat: int) -> int:
    player = ctx.state.players[seat]
    if player.bank_debt:
        return 0
    affordable = spec_of(contest.contest).points(max(0, player.cash - reserved_cash(contest, seat)),
                                                 graft_source(contest, seat))
    limit = ctx.rules.graft_limit(ctx, contest, seat)  # a ruleset's cap on graft (V-SHARED-19's clamp)
    return affordable if limit is None else min(affordable, limit)


def graft_awaiting(ctx: RulesContext, contest: Contest) -> list[int]:
    """Participants whose sealed bid is not in. One disabled since the stage began stays listed, so that the
    engine gives him his default, $0 (R-FAC-BOAT-04), instead of the contest waiting for nobody."""
    players = ctx.state.players
    bids = contest.bids  # (read once: a field of a pydantic model is a lookup through Python's protocol)
    return [s for s in participants(contest) if s not in bids and not players[s].eliminated]


def open_awaiting(ctx: RulesContext, contest: Contest) -> list[int]:
    state = ctx.state
    side = contest.attackers if contest.open_side == "attack" else contest.defenders
    # A disabled bidder stays listed: the engine passes for him (R-FAC-BOAT-04), so the round can close.
    return [s for s in side if s not in contest.answered and not state.players[s].eliminated
            and max_pips(ctx, contest, s) > 0]


def unpayable_rebuild(ctx: RulesContext, contest: Contest) -> str:
    """Why a rebuild attempt fails without its zoning roll, or "" if it goes ahead.

    Resolution (the spec is silent): R-REBUILD-01 lets the owner declare only if he can pay the rebuild cost, and
    R-CONTEST-04 lets everyone act in the free windows before step 6. If he spent that money meanwhile (buildings,
    an accepted deal), the rebuild cost of R-REBUILD-04 could not be paid after a won roll, and it is never taken on
    credit (R-LOSE-02). So the attempt ends as a failed one (R-REBUILD-03), before any die is rolled."""
    if contest.contest != "rebuild" or ctx.state.players[contest.attacker].cash >= contest.rebuild_cost:
        return ""
    return (f"the attempt fails: {ctx.name(contest.attacker)} can no longer pay the ${contest.rebuild_cost} "
            f"rebuild cost (R-REBUILD-01)")


# ----- who must decide (R-GEN-03) -----

def awaiting(ctx: RulesContext, contest: Contest) -> list[int]:
    state = ctx.state
    stage = contest.stage
    if stage == "chair_block":
        return [state.chair] if state.chair is not None else []
    if stage == "invitations":
        return list(contest.inviters)
    if stage == "answers":
        return list(contest.invitations)
    if stage == "volunteers":
        return list(contest.volunteers)
    if stage == "graft":
        return graft_awaiting(ctx, contest)
    return open_awaiting(ctx, contest)
