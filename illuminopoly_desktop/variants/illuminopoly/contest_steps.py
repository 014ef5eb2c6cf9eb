"""The one contest mechanism (R-CONTEST-01..09) for takeover, rezoning, subversion, rebuild zoning and the
Artillery's destructions: declaration, pre-emption, base cost, sides, graft, roll and the money of §30.

A contest is a `Contest` window on the pending stack (contest_window.py). Each stage waits only for the players who
must decide in it (contests.py `awaiting`), and every decision has a default (R-GEN-03): the Chair blocks,
principals invite nobody, invitees decline, nobody volunteers, graft is $0. The effects of each kind of contest are
the ruleset's (`ctx.rules.contest_result`, VARIANTS S13): conspiracy.py's, and artillery.py's for destructions.
"""
from __future__ import annotations

from ...model.state import BANK, ESCROW, FP, Contest, FavorWindow
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.events import ContestEvent
from ...rules.money import check_no_bank_debt, move
from ...rules.required_fields import printed_group
from ...rules.roll_contests import roll_contest
from .access import illuminopoly_options
from . import cheating, commitments
from .contests import (RULE_OF, active_contest, can_spend, contest_spec, eligible_others, graft_awaiting, graft_cost,
                       max_pips, net_modifier, open_awaiting, participants, pip_price, reserved_cash, side_of,
                       target_number, unpayable_rebuild)

# ----- declaration -----

def declare(ctx: RulesContext, contest: Contest, chair_asked: bool = False,
            halt_holders: list[int] | None = None) -> None:
    """Steps 1–3 after validation: the Chair's block (takeover), the Political Favor window, else step 4 on."""
    state = ctx.state
    state.next_id += 1
    state.pending.append(contest)
    ctx.emit(ContestEvent(contest_id=contest.id, contest=contest.contest, stage="declared", attacker=contest.attacker,
                          target=contest.target, rule_id="R-CONTEST-02"))
    if chair_asked:
        contest.stage = "chair_block"
        return
    use_up_landing(ctx, contest)
    after_chair(ctx, contest, halt_holders or [])


def use_up_landing(ctx: RulesContext, contest: Contest) -> None:
    """A contest that gets past the Chair's block uses up the landing (R-LAND-02 step 3)."""
    if contest.token_attempt:
        ctx.state.turn.step = "free"
    else:
        ctx.state.turn.step = "after_landing"


def after_chair(ctx: RulesContext, contest: Contest, halt_holders: list[int]) -> None:
    if halt_holders:
        ctx.state.pending.append(FavorWindow(purpose="halt", actor=contest.attacker, queue=halt_holders,
                                             property=contest.target))
        return
    start(ctx, contest)


def answer_chair_block(ctx: RulesContext, contest: Contest, seat: int, block: bool) -> None:
    """R-CHAIR-05: a block rejects the declaration (nothing paid, landing not used up); a waiver lets it go on."""
    state = ctx.state
    if contest.stage != "chair_block" or seat != state.chair:
        raise refuse("E_NOT_YOUR_TURN", "R-CHAIR-05", "Only the Chair answers a mortgage takeover block.")
    if block:
        state.pending.remove(contest)
        ctx.emit(ContestEvent(contest_id=contest.id, contest=contest.contest, stage="blocked", seat=seat,
                              attacker=contest.attacker, target=contest.target, rule_id="R-CHAIR-05",
                              detail="E_BLOCKED_BY_CHAIR: the Chair blocks the takeover of a mortgaged property",
                              code="E_BLOCKED_BY_CHAIR"))
        commitments.contest_over(ctx, contest, resolved=False)  # graft/helper commitments used up (R-DEAL-03)
        return
    ctx.emit(ContestEvent(contest_id=contest.id, contest=contest.contest, stage="waived", seat=seat,
                          attacker=contest.attacker, target=contest.target, rule_id="R-CHAIR-05"))
    contest.stage = "graft"
    use_up_landing(ctx, contest)
    start(ctx, contest)


def halt_finished(ctx: RulesContext, window: FavorWindow, halted_by: int | None) -> None:
    """The Political Favor window of R-REZONE-03 closed: a standing halt ends the attempt with nothing paid."""
    contest = active_contest(ctx.state)
    if contest is None:
        raise ValueError("a halt window closes over a contest")
    if halted_by is not None:
        ctx.state.pending.remove(contest)
        ctx.emit(ContestEvent(contest_id=contest.id, contest=contest.contest, stage="halted", seat=halted_by,
                              attacker=contest.attacker, target=contest.target, rule_id="R-REZONE-03"))
        commitments.contest_over(ctx, contest, resolved=False)  # graft/helper commitments used up (R-DEAL-03)
        return
    start(ctx, contest)


# ----- steps 4 and 5: base cost and sides -----

def start(ctx: RulesContext, contest: Contest) -> None:
    if contest.base_cost:
        move(ctx, contest.attacker, ESCROW, contest.base_cost, f"{contest.contest} base cost", "R-VAL-05")
    contest.base_paid = True
    _form_sides(ctx, contest)
    advance(ctx, contest)


def _form_sides(ctx: RulesContext, contest: Contest) -> None:
    """The table of R-CONTEST-01: principals, who may invite, and who may volunteer."""
    state = ctx.state
    kind, owner, attacker = contest.contest, contest.owner, contest.attacker
    contest.attackers = [attacker]
    helpers_allowed = (kind in ("rezoning", "destruction")
                       or (kind == "takeover" and illuminopoly_options(ctx).takeover_helpers))
    owner_defends = owner is not None and owner != attacker and kind in ("takeover", "rezoning", "destruction")
    if owner is not None and owner_defends and can_spend(state, owner):
        contest.defenders = [owner]
    if kind == "destruction" and ctx.squares[contest.target].kind == "lot":
        # R-ART-06: owners of the other lots of the colour group defend too (colour lots only, A-43).
        for member in ctx.board.group_members.get(printed_group(ctx.squares[contest.target]), ()):
            other = state.properties[member].owner
            if (member != contest.target and other is not None and other != attacker
                    and other not in contest.defenders and can_spend(state, other)):
                contest.defenders.append(other)
    if helpers_allowed:
        if kind == "rezoning" and owner is None:
            pass  # open contest: volunteers on both sides instead of invitations (R-REZONE-02)
        elif kind == "destruction" and owner is None:
            contest.inviters = [attacker]
        else:
            contest.inviters = [attacker] + ([owner] if owner is not None and owner_defends
                                             and owner in contest.defenders else [])
    others = eligible_others(ctx, contest)
    if kind == "rezoning" and owner is None:
        contest.volunteers = {s: ["attack", "defend"] for s in others}
    elif kind == "rezoning" and owner == attacker:
        contest.volunteers = {s: ["defend"] for s in others}
    elif kind == "destruction" and owner is None:
        contest.volunteers = {s: ["defend"] for s in others}
    for seat, sides in list(contest.volunteers.items()):  # a ruleset may bar a side to some (V-SHARED-17)
        allowed = [side for side in sides if ctx.rules.may_join(ctx, contest, seat, side)]
        if allowed:
            contest.volunteers[seat] = allowed
        else:
            del contest.volunteers[seat]
    if not others:
        contest.inviters = []


def advance(ctx: RulesContext, contest: Contest) -> None:
    """Move to the first stage that still needs someone, and resolve when nobody is left to ask."""
    state = ctx.state
    # Someone disabled meanwhile (the Boat) can decide nothing: his choices take their defaults (R-FAC-BOAT-04).
    contest.inviters = [s for s in contest.inviters if can_spend(state, s)]
    for seat in [s for s in contest.invitations if not can_spend(state, s)]:
        del contest.invitations[seat]
    if contest.inviters:
        contest.stage = "invitations"
        return
    if contest.invitations:
        contest.stage = "answers"
        return
    volunteers = contest.volunteers
    if volunteers:
        for seat in [s for s in volunteers if not can_spend(state, s)]:
            del volunteers[seat]
        if volunteers:
            contest.stage = "volunteers"
            return
    if contest.auto_success:
        resolve(ctx, contest)
        return
    if illuminopoly_options(ctx).graft_bidding_mode == "open":
        contest.stage = "open_graft"
        _advance_open(ctx, contest)
        return
    contest.stage = "graft"
    _skip_bidders_who_cannot_pay(ctx, contest)
    if not graft_awaiting(ctx, contest):
        reveal_and_resolve(ctx, contest)


def invite(ctx: RulesContext, contest: Contest, seat: int, invitees: list[int]) -> None:
    state = ctx.state
    if contest.stage != "invitations" or seat not in contest.inviters:
        raise refuse("E_NOT_YOUR_TURN", "R-CONTEST-02", "You are not asked to invite helpers now.")
    side = side_of(contest, seat)
    if side is None:
        raise ValueError("an inviter is on a side")
    eligible = set(eligible_others(ctx, contest))
    for invitee in invitees:
        if invitee in eligible and not ctx.rules.may_join(ctx, contest, invitee, side):
            raise refuse("E_ADJACENT_FACTION", "V-SHARED-17", f"{ctx.name(invitee)} may not put money on that side "
                                                               "(it shares a seat with a faction on it).")
        if invitee not in eligible or invitees.count(invitee) > 1:
            raise refuse("E_NOT_ELIGIBLE_TO_SPEND", "R-CONTEST-03",
                         f"{ctx.name(invitee) if 0 <= invitee < len(state.players) else 'That seat'} "
                         "cannot be invited into this contest.")
    contest.inviters.remove(seat)
    for invitee in invitees:
        contest.invitations[invitee] = side
        contest.volunteers.pop(invitee, None)
        ctx.emit(ContestEvent(contest_id=contest.id, contest=contest.contest, stage="invited", seat=invitee,
                              side=side, attacker=contest.attacker, target=contest.target, rule_id="R-CONTEST-02"))
    advance(ctx, contest)


def answer_invitation(ctx: RulesContext, contest: Contest, seat: int, accept: bool) -> None:
    if contest.stage != "answers" or seat not in contest.invitations:
        raise refuse("E_NOT_YOUR_TURN", "R-CONTEST-02", "You have no invitation to answer.")
    commitments.check_side_choice(ctx, contest, seat, contest.invitations[seat] if accept else None)  # R-DEAL-03
    side = contest.invitations.pop(seat)
    if accept:
        (contest.attackers if side == "attack" else contest.defenders).append(seat)
        commitments.joined(ctx, contest, seat, side)  # a helper commitment is kept (R-DEAL-03, R-DEAL-08)
    ctx.emit(ContestEvent(contest_id=contest.id, contest=contest.contest, stage="joined" if accept else "declined",
                          seat=seat, side=side, attacker=contest.attacker, target=contest.target,
                          rule_id="R-CONTEST-02"))
    advance(ctx, contest)


def join_side(ctx: RulesContext, contest: Contest, seat: int, side: str | None) -> None:
    if seat not in contest.volunteers:
        raise refuse("E_NOT_ELIGIBLE_TO_SPEND", "R-CONTEST-03", "You may not volunteer in this contest.")
    if contest.stage != "volunteers":  # a volunteer of a self-rezoning waits for the owner's invitations
        raise refuse("E_WRONG_PHASE", "R-CONTEST-02", "Volunteers join once the invitations are answered.")
    if side is not None and side not in contest.volunteers[seat]:
        raise refuse("E_NOT_ELIGIBLE_TO_SPEND", "R-CONTEST-03", f"You may not join the {side} side of this contest.")
    commitments.check_side_choice(ctx, contest, seat, side)  # a helper commitment (R-DEAL-03)
    del contest.volunteers[seat]
    if side is not None:
        (contest.attackers if side == "attack" else contest.defenders).append(seat)
        commitments.joined(ctx, contest, seat, side)  # a helper commitment is kept (R-DEAL-03)
        ctx.emit(ContestEvent(contest_id=contest.id, contest=contest.contest, stage="joined", seat=seat, side=side,
                              attacker=contest.attacker, target=contest.target, rule_id="R-CONTEST-02"))
    advance(ctx, contest)


# ----- step 6: graft -----

def _skip_bidders_who_cannot_pay(ctx: RulesContext, contest: Contest) -> None:
    """A participant who cannot afford one pip (or may not spend) has nothing to decide: his bid is $0."""
    state = ctx.state
    for seat in participants(contest):
        if seat not in contest.bids and (not can_spend(state, seat) or max_pips(ctx, contest, seat) == 0):
            contest.bids[seat] = 0


def commit_graft(ctx: RulesContext, contest: Contest, seat: int, pips: int, short: bool = False) -> None:
    state = ctx.state
    if contest.stage not in ("graft", "open_graft"):
        raise refuse("E_WRONG_PHASE", "R-CONTEST-02", "Graft is committed after the sides are formed.")
    if seat not in participants(contest):
        raise refuse("E_NOT_ELIGIBLE_TO_SPEND", "R-CONTEST-03", "You are not a party to this contest.")
    if contest.stage == "graft" and seat in contest.bids:
        raise refuse("E_WRONG_PHASE", "R-CONTEST-02", "Your sealed bid is already in.")
    if contest.stage == "open_graft" and seat not in open_awaiting(ctx, contest):
        raise refuse("E_NOT_YOUR_TURN", "R-CONTEST-02", "It is the other side's turn to raise.")
    commitments.check_graft(ctx, contest, seat, pips)  # a graft commitment (R-DEAL-03)
    pips = ctx.rules.graft_pips(ctx, contest, seat, pips)  # a ruleset's cap on graft (V-SHARED-19's clamp)
    price = pip_price(contest, seat)
    cost = graft_cost(contest, seat, pips)
    full_cost = cost
    if short:  # a short graft pays half the money for full pips (R-CHEAT-02 (c); refused unless simulated)
        cost = cheating.short_graft_cost(ctx, contest, seat, pips, cost)
    if pips:
        check_no_bank_debt(ctx, seat)
        if cost > state.players[seat].cash - reserved_cash(contest, seat):
            # Graft comes from cash in hand (R-CONTEST-04; R-CONTEST-02 step 6: "up to his cash").
            raise refuse("E_INSUFFICIENT_FUNDS", "R-CONTEST-04",
                         f"{pips} pips cost ${cost} at ${price} a pip; you have ${state.players[seat].cash}"
                         + (f" and must keep ${contest.rebuild_cost} for the rebuild" if reserved_cash(contest, seat)
                            else "") + ".")
    if short:
        cheating.record_short_graft(ctx, contest, seat, pips, full_cost - cost)
    if contest.stage == "open_graft":
        _open_raise(ctx, contest, seat, pips, cost)
        return
    contest.bids[seat] = pips
    ctx.emit(ContestEvent(contest_id=contest.id, contest=contest.contest, stage="bid", seat=seat,
                          side=side_of(contest, seat), pips=pips, attacker=contest.attacker, target=contest.target,
                          visible_to=[seat], rule_id="R-CONTEST-02"))
    if not graft_awaiting(ctx, contest):
        reveal_and_resolve(ctx, contest)


def reveal_and_resolve(ctx: RulesContext, contest: Contest) -> None:
    """All sealed bids are in: reveal them together and escrow their money (R-CONTEST-02 step 6)."""
    ctx.rules.clamp_revealed(ctx, contest)  # a ruleset's cut of the revealed bids (V-SHARED-19), before any escrow
    for seat in participants(contest):
        pips = contest.bids.setdefault(seat, 0)
        cash = ctx.state.players[seat].cash - reserved_cash(contest, seat)
        while pips and seat not in contest.graft_discount and graft_cost(contest, seat, pips) > cash:
            # A bidder whose cash fell after his sealed bid (a deal he proposed earlier was accepted meanwhile)
            # commits only the pips he can still pay for: graft is never taken on credit (R-LOSE-02).
            pips -= 1
            contest.bids[seat] = pips
        if pips:
            _escrow_graft(ctx, contest, seat, graft_cost(contest, seat, pips) - contest.graft_discount.get(seat, 0))
    contest.revealed = True
    ctx.emit(ContestEvent(contest_id=contest.id, contest=contest.contest, stage="revealed", bids=dict(contest.bids),
                          attacker=contest.attacker, target=contest.target, rule_id="R-CONTEST-02"))
    resolve(ctx, contest)


# open bidding (`graft_bidding_mode=open`): the attacker side raises, then the defender side, until both pass

def _escrow_graft(ctx: RulesContext, contest: Contest, seat: int, amount: int) -> None:
    """A bid's money into escrow; a short grafter's payments are seen only by him (R-CHEAT-02 (c), R-GEN-06)."""
    mark = len(ctx.events)
    move(ctx, seat, ESCROW, amount, f"{contest.contest} graft", "R-CONTEST-04")
    if seat in contest.graft_discount:
        cheating.hide_since(ctx, mark, seat)


def _open_raise(ctx: RulesContext, contest: Contest, seat: int, pips: int, cost: int) -> None:
    contest.answered.append(seat)
    if pips:
        _escrow_graft(ctx, contest, seat, cost)
        contest.bids[seat] = contest.bids.get(seat, 0) + pips
        contest.open_quiet_rounds = -1  # this side's round had a raise; it becomes 0 when the round closes
        ctx.emit(ContestEvent(contest_id=contest.id, contest=contest.contest, stage="bid", seat=seat,
                              side=side_of(contest, seat), pips=contest.bids[seat], attacker=contest.attacker,
                              target=contest.target, rule_id="R-CONTEST-02"))
    _advance_open(ctx, contest)


def _advance_open(ctx: RulesContext, contest: Contest) -> None:
    """Close each side's round when all its bidders answered; two quiet rounds in a row end the bidding."""
    while not open_awaiting(ctx, contest):
        contest.open_quiet_rounds = 0 if contest.open_quiet_rounds < 0 else contest.open_quiet_rounds + 1
        if contest.open_quiet_rounds >= 2:
            for seat in participants(contest):
                contest.bids.setdefault(seat, 0)
            contest.revealed = True
            ctx.emit(ContestEvent(contest_id=contest.id, contest=contest.contest, stage="revealed",
                                  bids=dict(contest.bids), attacker=contest.attacker, target=contest.target,
                                  rule_id="R-CONTEST-02"))
            resolve(ctx, contest)
            return
        contest.open_side = "defend" if contest.open_side == "attack" else "attack"
        contest.answered = []


# ----- steps 7 to 10: roll, natural results, money, effect -----

def resolve(ctx: RulesContext, contest: Contest) -> None:
    state = ctx.state
    natural = None
    modified = None
    lapsed = unpayable_rebuild(ctx, contest)
    if contest.auto_success:
        success = True
    elif lapsed:
        success = False
    else:
        # The spec's roll (R-CONTEST-05, -06): its total at least the target less the net modifier (step 7).
        modifier = net_modifier(contest)
        roll = roll_contest(ctx, contest_spec(ctx, contest), contest.attacker,
                            target_number(ctx, contest) - modifier)
        success, natural = roll.success, roll.automatic
        modified = (roll.total or 0) + modifier
    ctx.emit(ContestEvent(contest_id=contest.id, contest=contest.contest, stage="resolved", success=success,
                          natural=natural, modified=modified, attacker=contest.attacker, target=contest.target,
                          bids=dict(contest.bids), rule_id=RULE_OF[contest.contest],
                          detail="automatic success: bail bonus" if contest.auto_success
                          else lapsed))
    distribute(ctx, contest, success)
    commitments.contest_over(ctx, contest, resolved=True)  # graft/helper commitments kept or not (R-DEAL-03)
    state.pending.remove(contest)
    ctx.rules.contest_result(ctx, contest, success)  # the effect of this kind of contest (S13)


def _side_graft(contest: Contest, side: list[int]) -> int:
    return sum(graft_cost(contest, s, contest.bids.get(s, 0)) - contest.graft_discount.get(s, 0) for s in side)


def _split_half_fp(ctx: RulesContext, amount: int, reason: str, rule_id: str) -> None:
    """floor(½) to the Free Parking pot, the rest to the Bank (R-GEN-01: the FP share of a split rounds down)."""
    to_fp = amount // 2
    move(ctx, ESCROW, FP, to_fp, reason, rule_id)
    move(ctx, ESCROW, BANK, amount - to_fp, reason, rule_id)


def distribute(ctx: RulesContext, contest: Contest, success: bool) -> None:
    """Step 9: every dollar in escrow goes where R-CONTEST-01 and §30 say."""
    kind = contest.contest
    base = contest.base_cost
    attack_graft = _side_graft(contest, contest.attackers)
    defence_graft = _side_graft(contest, contest.defenders)
    if contest.graft_discount:  # note where each short graft's unpaid money would have gone (R-CHEAT-03)
        cheating.short_graft_settled(ctx, contest, success)
    if kind == "takeover":
        if contest.owner is None:
            raise ValueError("a takeover's target has an owner")
        move(ctx, ESCROW, BANK, base, "takeover base cost", "R-TAKEOVER-04")
        if success:
            move(ctx, ESCROW, contest.owner, attack_graft, "takeover graft of the winning side", "R-TAKEOVER-04")
            _split_half_fp(ctx, defence_graft, "takeover graft of the losing side", "R-TAKEOVER-04")
        else:
            move(ctx, ESCROW, contest.attacker, defence_graft, "takeover graft of the winning side", "R-TAKEOVER-04")
            _split_half_fp(ctx, attack_graft, "takeover graft of the losing side", "R-TAKEOVER-04")
    elif kind == "rezoning":
        move(ctx, ESCROW, BANK, base, "rezoning base cost", "R-REZONE-04")
        graft = attack_graft + defence_graft
        if illuminopoly_options(ctx).rezoning_graft_to_fp == "all":
            move(ctx, ESCROW, FP, graft, "rezoning graft", "R-REZONE-04")
        else:
            _split_half_fp(ctx, graft, "rezoning graft", "R-REZONE-04")
    elif kind == "subversion":
        _split_half_fp(ctx, base + attack_graft, "subversion base cost and graft", "R-SUBVERT-03")
    elif kind == "rebuild":
        if illuminopoly_options(ctx).rebuild_graft_to_fp == "none":  # [V22]: "Money spent on Rebuilding all goes to the Bank" (E-08)
            move(ctx, ESCROW, BANK, attack_graft, "rebuild zoning graft", "R-REBUILD-03")
        else:
            _split_half_fp(ctx, attack_graft, "rebuild zoning graft", "R-REBUILD-03")
    elif kind == "destruction":
        move(ctx, ESCROW, BANK, base, "destruction base cost", "R-ART-06")
        move(ctx, ESCROW, FP, attack_graft + defence_graft, "destruction graft", "R-ART-06")
    elif kind == "surprise_destruction":
        _split_half_fp(ctx, base + attack_graft, "surprise destruction base cost and graft", "R-ART-07")
