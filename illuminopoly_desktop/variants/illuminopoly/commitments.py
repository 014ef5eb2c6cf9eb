"""The enforceable commitments of deals (R-DEAL-03, §33.1): action restraints, graft commitments and helper
commitments, and the conditional cash paid for the last two.

- An offer leg `restraint`, `graft_commitment` or `helper_commitment` binds its giver Y. When the offer executes
  the engine records a `Commitment` (state.commitments) and from then on refuses Y's contrary actions with
  E_COMMITMENT, citing the offer id (R-DEAL-03). The checks sit inside the actions' own check functions, so the legal
  menu (rules/legal.py), which lists only what passes them, never offers a contrary action.
- A **restraint** covers declarations (takeover, rezoning, subversion, destruction, ransom) against one property, or
  against every property owned by a player Z at the time of the declaration, until the end of round n inclusive.
  It is dropped at the ROUND_END of round n (`round_end`).
- A **graft commitment** ("exactly / at most / at least k pips on side s in the next contest over p") limits Y's
  graft while he is on side s of a contest over p; "exactly" fixes his sealed bid. Resolution: if he cannot afford
  the committed pips, he must commit all he can (the floor drops to what he can afford), so a bid always exists; the
  commitment then counts as *not kept* (he did not bid as promised) and any cash paid for it is refunded. In open
  bidding (`graft_bidding_mode=open`) the same bounds apply to his running total.
- A **helper commitment** ("Y accepts an invitation to side s in the next contest over p") refuses his decline of an
  invitation to side s. Resolution: in an open contest (no invitations, R-REZONE-02) the join-side prompt offering
  side s is that invitation: he must join side s. It is kept the moment he joins side s (the escrow waiting only for
  it is released then), or if he is already on side s (a principal) when the contest resolves.
- "The next contest over p" is the contest over p in progress when the offer executes (offers may be made before
  the graft, R-CONTEST-04), else the next one declared. Graft and helper commitments over p are used up when that
  contest resolves, or is halted (R-REZONE-03) or blocked (R-CHAIR-05) — then they are not kept.
- **Conditional legs**: cash that the commitment's receiver gives Y in the same offer waits in escrow (`escrow`,
  R-GEN-08) as a `CommitmentEscrow`; it is released to Y when every graft or helper commitment Y gave the payer in
  that offer has been kept, and refunded to the payer as soon as one is not. These are deals, not bribes: no split
  (R-DEAL-06), unless the offer is a bribe for another reason (a vote leg), whose escrow is split when released
  (§33.1). Resolution: a committed player who is eliminated keeps nothing: his commitments are dropped and their
  escrow refunded at the next ROUND_END (or at the contest over p, whichever comes first); a refund due to a payer
  who has himself left the game goes to the Bank, like the rest of his cash (R-LOSE-05).
- Secret offers: the commitments and escrows they create carry `secret_between` (their parties), and
  model/views.py hides them from everyone else (R-DEAL-05, R-GEN-06); their money moves show no reason.
"""
from __future__ import annotations

from ...model.state import (BANK, ESCROW, FP, Commitment, CommitmentEscrow, GraftCommitmentItem, HelperCommitmentItem,
                             RestraintItem)
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.money import move
from .access import illuminopoly_options, item_as
from .contests import max_pips

KINDS: frozenset[str] = frozenset({"restraint", "graft_commitment", "helper_commitment"})
CONDITIONAL_KINDS = frozenset({"graft_commitment", "helper_commitment"})
"""Commitments whose price, paid in the same offer, waits in escrow until they are kept (§33.1)."""

_ACTION_WORDS = {"takeover": "a takeover", "rezoning": "a rezoning", "subversion": "a subversion",
                 "destruction": "a destruction", "ransom": "a ransom demand"}
_MODE_WORDS = {"exactly": "exactly", "at_most": "at most", "at_least": "at least"}


def _secret(offer) -> list[int] | None:
    return sorted([offer.proposer, *offer.counterparties]) if offer.visibility == "secret" else None


# ----- description -----

def describe_item(ctx: RulesContext, item) -> str:
    """A short text for an offer's commitment leg (used in the offer's events)."""
    if item.kind == "restraint":
        target = (ctx.square_name(item.property) if item.property is not None
                  else f"any property of {ctx.name(item.against_owner)}")
        actions = " or ".join(a for a in item.actions)
        return f"no {actions} against {target} until the end of round {item.until_round}"
    place = ctx.square_name(item.property)
    if item.kind == "graft_commitment":
        return (f"{_MODE_WORDS[item.mode]} {item.pips} pips on the {item.side} side in the next contest over "
                f"{place}")
    return f"accepting an invitation to the {item.side} side in the next contest over {place}"


# ----- checks of an offer's legs (at proposal and again at execution, R-DEAL-02) -----

def check_leg(ctx: RulesContext, offer, leg) -> None:
    """The static checks of a commitment leg, and its compatibility with the giver's other commitments."""
    state = ctx.state
    item = leg.item
    if item.kind == "restraint":
        if (item.property is None) == (item.against_owner is None):
            raise refuse("E_WRONG_PHASE", "R-DEAL-03",
                         "A restraint names either one property or one player whose properties it protects.")
        if item.property is not None and item.property not in state.properties:
            raise refuse("E_NOT_A_PROPERTY", "R-DEAL-03", "That square is not a property.")
        if item.against_owner is not None and (not 0 <= item.against_owner < len(state.players)
                                               or state.players[item.against_owner].eliminated):
            raise refuse("E_WRONG_PHASE", "R-DEAL-03", "A restraint can protect only an active player.")
        if item.until_round < state.round_no:
            raise refuse("E_WRONG_PHASE", "R-DEAL-03", "A restraint must last at least until the end of this round.")
        return
    if item.property not in state.properties:
        raise refuse("E_NOT_A_PROPERTY", "R-DEAL-03", "That square is not a property.")
    same_kind = [c.item for c in state.commitments if c.seat == leg.giver and c.kind == item.kind
                 and c.item.property == item.property]
    same_kind += [l.item for l in offer.legs if l.giver == leg.giver and l.item.kind == item.kind
                  and l.item.property == item.property]
    # (graft or helper commitments: a restraint's leg returned above)
    mine = [other for other in same_kind if isinstance(other, (GraftCommitmentItem, HelperCommitmentItem))]
    if item.kind == "helper_commitment":
        if any(other.side != item.side for other in mine):
            raise refuse("E_COMMITMENT", "R-DEAL-03", f"{ctx.name(leg.giver)} cannot commit to both sides of the "
                                                      f"next contest over {ctx.square_name(item.property)}.")
        return
    low, high = _bounds([other for other in mine if other.side == item.side])
    if high is not None and low > high:
        raise refuse("E_COMMITMENT", "R-DEAL-03",
                     f"{ctx.name(leg.giver)}'s graft commitments on the {item.side} side of the next contest over "
                     f"{ctx.square_name(item.property)} contradict each other.")


def _bounds(items) -> tuple[int, int | None]:
    """The range of total pips that every graft commitment in `items` allows: (at least, at most or None)."""
    low = max((i.pips for i in items if i.mode in ("exactly", "at_least")), default=0)
    high = min((i.pips for i in items if i.mode in ("exactly", "at_most")), default=None)
    return low, high


# ----- execution of an offer -----

def record(ctx: RulesContext, offer) -> dict[tuple[int, int], list[int]]:
    """Record every commitment leg of an executing offer. Returns, for each (committed player, receiver) pair, the
    ids of the graft and helper commitments whose price (cash from the receiver to him) goes into escrow."""
    state = ctx.state
    conditions: dict[tuple[int, int], list[int]] = {}
    secret = _secret(offer)
    for leg in offer.legs:
        item = leg.item
        if item.kind not in KINDS:
            continue
        commitment = Commitment(id=state.next_id, offer_id=offer.id, seat=leg.giver, beneficiary=leg.receiver,
                                kind=item.kind, item=item, secret_between=secret)
        state.next_id += 1
        state.commitments.append(commitment)
        if item.kind in CONDITIONAL_KINDS:
            conditions.setdefault((leg.giver, leg.receiver), []).append(commitment.id)
    return conditions


def hold_cash(ctx: RulesContext, offer, leg, condition_ids: list[int], reason: str) -> None:
    """§33.1 conditional legs: cash for graft or helper commitments waits in escrow until they are kept."""
    amount = leg.item.amount
    secret = _secret(offer)
    move(ctx, leg.giver, ESCROW, amount, reason and "held in escrow for a commitment",
         None if secret else "R-DEAL-03")
    ctx.state.commitment_escrows.append(CommitmentEscrow(
        offer_id=offer.id, payer=leg.giver, payee=leg.receiver, amount=amount, conditions=list(condition_ids),
        bribe=offer.category == "bribe", secret_between=secret))


# ----- R-DEAL-03: restraints -----

def check_restraint(ctx: RulesContext, seat: int, index: int, action: str) -> None:
    """Refuse a declaration of `action` against `index` that a recorded restraint of `seat` forbids."""
    state = ctx.state
    if not state.commitments:
        return
    prop = state.properties.get(index)
    owner = prop.owner if prop is not None else None
    for c in state.commitments:
        item = c.item
        if c.seat != seat or not isinstance(item, RestraintItem):
            continue
        if action not in item.actions or state.round_no > item.until_round:
            continue
        if item.property == index or (item.against_owner is not None and item.against_owner == owner):
            # (a restraint not over this deed protects its owner's: `owner` is that player)
            target = (ctx.square_name(index) if item.property == index or owner is None
                      else f"{ctx.name(owner)}'s properties")
            raise refuse("E_COMMITMENT", "R-DEAL-03",
                         f"In offer {c.offer_id} you promised not to declare {_ACTION_WORDS[action]} against "
                         f"{target} until the end of round {item.until_round}.")


# ----- R-DEAL-03: graft commitments -----

def _graft_binding(state, contest, seat: int) -> list[Commitment]:
    if seat in contest.attackers:
        side = "attack"
    elif seat in contest.defenders:
        side = "defend"
    else:
        return []
    return [c for c in state.commitments if c.seat == seat and isinstance(c.item, GraftCommitmentItem)
            and c.item.property == contest.target and c.item.side == side]


def graft_range(ctx: RulesContext, contest, seat: int) -> tuple[int, int | None] | None:
    """None when no graft commitment binds the seat in this contest; else the (lowest, highest or None) number of
    pips his sealed bid (or, in open bidding, his next raise) may have. The floor never exceeds what he can afford:
    a player committed to more pips than he can pay commits all he can (see the module notes)."""
    state = ctx.state
    if not state.commitments:
        return None
    binding = _graft_binding(state, contest, seat)
    if not binding:
        return None
    low, high = _bounds([c.item for c in binding])
    total = contest.bids.get(seat, 0) if contest.stage == "open_graft" else 0
    low = max(0, min(low, total + max_pips(ctx, contest, seat)) - total)
    return low, None if high is None else max(0, high - total)


def check_graft(ctx: RulesContext, contest, seat: int, pips: int) -> None:
    """E_COMMITMENT for a bid (or raise) outside the seat's graft commitments in this contest."""
    bounds = graft_range(ctx, contest, seat)
    if bounds is None:
        return
    low, high = bounds
    if low <= pips and (high is None or pips <= high):
        return
    binding = _graft_binding(ctx.state, contest, seat)
    promises = [(item_as(c, GraftCommitmentItem), c.offer_id) for c in binding]
    promised = "; ".join(f"{_MODE_WORDS[item.mode]} {item.pips} pips (offer {offer_id})" for item, offer_id in promises)
    allowed = f"exactly {low}" if low == high else (f"at least {low}" if high is None else f"{low} to {high}")
    raise refuse("E_COMMITMENT", "R-DEAL-03",
                 f"You committed {promised} on the {promises[0][0].side} side of this contest: "
                 f"bid {allowed} pips.")


# ----- R-DEAL-03, R-DEAL-08: helper commitments -----

def required_side(state, contest, seat: int) -> str | None:
    """The side a helper commitment makes the seat take at this stage: accept his invitation to side s (stage
    `answers`), or join side s when volunteering for it is open to him (stage `volunteers`); None if unbound."""
    if not state.commitments:
        return None
    if contest.stage == "answers":
        offered = [contest.invitations[seat]] if seat in contest.invitations else []
    elif contest.stage == "volunteers":
        offered = contest.volunteers.get(seat, [])
    else:
        return None
    for c in state.commitments:
        item = c.item
        if (c.seat == seat and isinstance(item, HelperCommitmentItem) and item.property == contest.target
                and item.side in offered):
            return item.side
    return None


def check_side_choice(ctx: RulesContext, contest, seat: int, chosen: str | None) -> None:
    """Refuse a decline (or another side) when a helper commitment binds the seat to a side he is offered."""
    side = required_side(ctx.state, contest, seat)
    if side is None or chosen == side:
        return
    offer_id = next(c.offer_id for c in ctx.state.commitments if c.seat == seat
                    and isinstance(c.item, HelperCommitmentItem) and c.item.property == contest.target
                    and c.item.side == side)
    raise refuse("E_COMMITMENT", "R-DEAL-03",
                 f"In offer {offer_id} you committed to join the {side} side of this contest: you must accept.")


def joined(ctx: RulesContext, contest, seat: int, side: str) -> None:
    """The seat joined `side` (accepted an invitation, or volunteered): his helper commitments to that side in the
    contest over this property are kept at once, and the escrow waiting only for them is released (§33.1)."""
    state = ctx.state
    if not state.commitments:
        return
    for c in [c for c in state.commitments if c.seat == seat and isinstance(c.item, HelperCommitmentItem)
              and c.item.property == contest.target and c.item.side == side]:
        state.commitments.remove(c)
        _settle(ctx, c, kept=True)


# ----- using up, keeping and failing -----

def contest_over(ctx: RulesContext, contest, resolved: bool) -> None:
    """The contest over its target resolved (`resolved`) or was halted or blocked: every graft and helper commitment
    over that property is used up, kept or not, and the escrow tied to it is released or refunded."""
    state = ctx.state
    if not state.commitments:
        return
    for c in [c for c in state.commitments if c.kind in CONDITIONAL_KINDS and c.item.property == contest.target]:
        state.commitments.remove(c)
        _settle(ctx, c, resolved and _kept(state, contest, c))


def _kept(state, contest, c: Commitment) -> bool:
    item = c.item
    if isinstance(item, RestraintItem):
        raise TypeError("a restraint is not kept in a contest")
    side = contest.attackers if item.side == "attack" else contest.defenders
    if c.seat not in side or state.players[c.seat].eliminated:
        return False
    if isinstance(item, HelperCommitmentItem):
        return True
    pips = contest.bids.get(c.seat, 0)
    return {"exactly": pips == item.pips, "at_most": pips <= item.pips,
            "at_least": pips >= item.pips}[item.mode]


def _settle(ctx: RulesContext, c: Commitment, kept: bool) -> None:
    state = ctx.state
    if c.kind in CONDITIONAL_KINDS:
        ctx.notice(f"{ctx.name(c.seat)} {'kept' if kept else 'did not keep'} his commitment of offer {c.offer_id}.",
                   "R-DEAL-03", c.seat, visible_to=c.secret_between)
    for held in [e for e in state.commitment_escrows if c.id in e.conditions]:
        if kept:
            held.conditions.remove(c.id)
            if held.conditions:
                continue
        state.commitment_escrows.remove(held)
        if kept and not state.players[held.payee].eliminated:
            _release(ctx, held)
        else:
            _refund(ctx, held)


def _release(ctx: RulesContext, held: CommitmentEscrow) -> None:
    reason = "" if held.secret_between else "commitment kept: escrow released"
    rule = None if held.secret_between else "R-DEAL-03"
    if held.bribe and illuminopoly_options(ctx).bribe_tax_scope != "none":
        to_fp = held.amount // 2  # §33.1: bribe escrow is split by R-FP-02 when released
        move(ctx, ESCROW, FP, to_fp, reason, rule and "R-FP-02")
        move(ctx, ESCROW, held.payee, held.amount - to_fp, reason, rule and "R-FP-02")
    else:
        move(ctx, ESCROW, held.payee, held.amount, reason, rule)


def _refund(ctx: RulesContext, held: CommitmentEscrow) -> None:
    payer = held.payer if not ctx.state.players[held.payer].eliminated else BANK
    move(ctx, ESCROW, payer, held.amount, "" if held.secret_between else "commitment not kept: escrow refunded",
         None if held.secret_between else "R-DEAL-03")


def round_end(ctx: RulesContext) -> None:
    """ROUND_END (after `round_no` has moved on): restraints whose last round has ended lapse; the commitments of a
    player who has left the game are dropped, and their escrow refunded."""
    state = ctx.state
    for c in list(state.commitments):
        expired = isinstance(c.item, RestraintItem) and c.item.until_round < state.round_no
        if expired or state.players[c.seat].eliminated:
            state.commitments.remove(c)
            if expired:
                ctx.notice(f"{ctx.name(c.seat)}'s restraint of offer {c.offer_id} has expired.", "R-DEAL-03",
                           c.seat, visible_to=c.secret_between)
            _settle(ctx, c, kept=False)


def player_left(ctx: RulesContext, seat: int) -> None:
    """A player leaves the game (R-LOSE-05): before his cash is disposed of, his commitments fail (their escrow goes
    back to its payers) and escrow he paid for others' commitments comes back to him (§33.1 conditional legs)."""
    state = ctx.state
    for c in [c for c in state.commitments if c.seat == seat]:
        state.commitments.remove(c)
        _settle(ctx, c, kept=False)
    for held in [e for e in state.commitment_escrows if e.payer == seat]:
        state.commitment_escrows.remove(held)
        _refund(ctx, held)
