"""Lawsuits (V-ILLUMO-36 to -41): in step 1 of his turn a player may sue another over a deed: declare a lot a
historic landmark (V-ILLUMO-38), take a deed through a title defect (V-ILLUMO-39), or break up a monopoly
(antitrust, V-ILLUMO-40). The filing fee is $50; then everyone pledges in rounds ($10 a point; a party's $10 from his
treasury of the affected type is worth 2); the final ELP decides: below 2 the plaintiff loses without a roll, else he
wins when 2d6 is at most the ELP and not 11 or 12 (V-ILLUMO-37). Pledges and the fee go to the Bank whatever the
outcome.

After pledging, a player holding a Holding Action card may suspend the case (V-ILLUMO-21, -41): its pledges are
cancelled and its plaintiff may resume it (no new fee, fresh pledging) or drop it in step 1 of his next turn."""
from __future__ import annotations

from typing import Literal

from ...model.board import RAILROAD_GROUP, UTILITY_GROUP
from ...model.illumo_state import AntitrustChoice, HoldingWindow, Lawsuit
from ...model.state import BANK
from ...rules.auctions import clear_mortgage
from ...rules.buildings import remove_buildings
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.events import OwnershipChanged
from ...rules.money import bank_pays, move
from ...rules.payments import demand
from ...rules.required_fields import printed_group, printed_price
from ...rules.roll_contests import ContestSpec, check_pledge_turn, decide, pass_turn, pledged_from, record_pledge
from ..classic.mortgages import transfer_fee as mortgage_transfer_fee
from . import advanced
from .access import illumo_options, illumo_slice
from .bermuda import check_not_missing
from .bonus import disqualify
from .effects import assessed, check_no_holiday, check_not_audited, valued
from .interference import turn_order_from
from .groups import holds_group, in_play_lots
from .treasury import CENTRAL, account, balance, deed_type, sync_treasuries

PLAINTIFF, DEFENDANT = "plaintiff", "defendant"
NOBODY = -1
"""The defendant of a landmark suit against an unowned lot (`illumo_landmark_unowned_targets`, A-IL-17): its defence
has legal power 0 and anyone but the plaintiff may pledge for it."""
Suit = Literal["landmark", "title_defect", "antitrust"]
"""The kinds of lawsuit (V-ILLUMO-38 to -40)."""
SUITS: tuple[Suit, ...] = ("landmark", "title_defect", "antitrust")
RULE_OF_SUIT = {"landmark": "V-ILLUMO-38", "title_defect": "V-ILLUMO-39", "antitrust": "V-ILLUMO-40"}
HOTEL_IN_HOUSES = 5
"""A hotel valued as an asset counts 5 houses (VARIANTS §6.4 decision 32)."""


def spec(ctx: RulesContext) -> ContestSpec:
    """V-ILLUMO-37 as data: roll under the ELP, 11 and 12 always fail, no roll below 2; $10 a point, two points
    from a party's treasury of the affected type."""
    return ContestSpec(name="lawsuit", rule_id="V-ILLUMO-37", compare="at_most", auto_fail=frozenset({11, 12}),
                       unit=illumo_options(ctx).illumo_lawsuit_unit, rates={CENTRAL: 1, "affected": 2}, no_roll_below=2)


# ----- legal power and the ELP (V-ILLUMO-37) -----

def legal_power(ctx: RulesContext, seat: int) -> int:
    """Basic mode: the greater of 3 and the deeds he owns (mortgaged ones too under `illumo_lp_counts_mortgaged`;
    landmarks are nobody's). Advanced mode: his Illuminatus's fixed number (V-ILLUMO-42)."""
    if seat == NOBODY:
        return 0  # A-IL-17: an unowned lot's defence
    fixed = advanced.fixed_legal_power(ctx, seat)
    if fixed is not None:
        return fixed
    counts_mortgaged = illumo_options(ctx).illumo_lp_counts_mortgaged
    owned = sum(1 for prop in ctx.state.properties.values()
                if prop.owner == seat and (counts_mortgaged or not prop.mortgaged))
    return max(illumo_options(ctx).illumo_lp_minimum, owned)


def points(ctx: RulesContext, case: Lawsuit, side: str) -> int:
    contest = spec(ctx)
    return sum(contest.points(amount, CENTRAL if source == CENTRAL else "affected")
               for _, where, amount, source in case.pledges if where == side)


def elp(ctx: RulesContext, case: Lawsuit) -> int:
    """LP(plaintiff) - LP(defendant) + the kind's bonus + the plaintiff's points - the defendant's points."""
    bonus = illumo_options(ctx).illumo_antitrust_bonus if case.suit == "antitrust" else 0
    bonus += advanced.plaintiff_bonus(ctx, case.plaintiff, case.suit)
    return (legal_power(ctx, case.plaintiff) - legal_power(ctx, case.defendant) + bonus
            + points(ctx, case, PLAINTIFF) - points(ctx, case, DEFENDANT))


# ----- what may be sued over -----

def monopoly_deeds(ctx: RulesContext, seat: int, kind: str) -> list[int]:
    """The deeds of the seat's monopoly of that type (V-ILLUMO-40): every in-play lot of a colour group, both
    utilities, or at least three of the four railroads; empty when he has none."""
    properties = ctx.state.properties
    if kind == RAILROAD_GROUP:
        held = [r for r in ctx.board.railroad_indices if properties[r].owner == seat]
        return held if len(held) >= 3 else []
    if kind == UTILITY_GROUP:
        held = [u for u in ctx.board.utility_indices if properties[u].owner == seat]
        return held if len(held) == len(ctx.board.utility_indices) else []
    return in_play_lots(ctx, kind) if holds_group(ctx, seat, kind) else []


def check_target(ctx: RulesContext, defendant: int, suit: Suit, target: int) -> None:
    """Refuse a target that does not suit the kind of lawsuit (V-ILLUMO-38 to -40), with the reason."""
    state = ctx.state
    prop = state.properties.get(target)
    rule = RULE_OF_SUIT[suit]
    if prop is None:
        raise refuse("E_NOT_A_PROPERTY", rule, "That square is not a deed.")
    if defendant == NOBODY:
        if suit != "landmark" or not illumo_options(ctx).illumo_landmark_unowned_targets:
            raise refuse("E_NOT_OWNER", "V-ILLUMO-36", "A lawsuit needs a defendant (A-IL-17).")
        if prop.owner is not None or target in illumo_slice(state).landmarks:
            raise refuse("E_NOT_OWNER", rule, f"{ctx.square_name(target)} is not an unowned lot in play.")
    elif prop.owner != defendant:
        raise refuse("E_NOT_OWNER", rule, f"{ctx.square_name(target)} is not {ctx.name(defendant)}'s deed.")
    check_not_missing(ctx, target, "sued over")
    if suit == "landmark" and ctx.squares[target].kind != "lot":
        raise refuse("E_NOT_A_PROPERTY", rule, "Railroads and Utilities cannot be landmarks.")
    if suit == "antitrust" and not monopoly_deeds(ctx, defendant, deed_type(ctx, target)):
        raise refuse("E_NOT_MONOPOLY", rule, f"{ctx.square_name(target)} is not part of a monopoly of "
                                             f"{ctx.name(defendant)}'s.")


def check_sue(ctx: RulesContext, seat: int, defendant: int, suit: Suit, target: int) -> None:
    check_may_sue(ctx, seat)
    check_suit(ctx, seat, defendant, suit, target)


def check_may_sue(ctx: RulesContext, seat: int) -> None:
    """`check_sue`'s tests of the seat and the moment, whatever the suit (a listing asks them once)."""
    state = ctx.state
    turn = state.turn
    if turn.seat != seat or turn.step != "choice" or turn.moves_made or state.pending:
        raise refuse("E_WRONG_PHASE", "V-ILLUMO-36", "Lawsuits are started in step 1 of one's own turn, before "
                                                     "rolling.")
    if illumo_slice(state).lawsuits_left < 1:
        raise refuse("E_WRONG_PHASE", "V-ILLUMO-35", "You have no lawsuit left this turn.")
    check_no_holiday(ctx)
    check_not_audited(ctx, seat, "lawsuit")


def check_suit(ctx: RulesContext, seat: int, defendant: int, suit: Suit, target: int) -> None:
    """`check_sue`'s tests of the suit itself, once `check_may_sue` has passed."""
    state = ctx.state
    slice_ = illumo_slice(state)
    if defendant == seat:
        raise refuse("E_WRONG_PHASE", "V-ILLUMO-36", "You cannot sue yourself.")
    if defendant != NOBODY and (not 0 <= defendant < len(state.players) or state.players[defendant].eliminated):
        raise refuse("E_NOT_YOUR_TURN", "V-ILLUMO-36", "The defendant must be another player still in the game.")
    check_target(ctx, defendant, suit, target)
    if target in slice_.sued_this_turn:
        raise refuse("E_WRONG_PHASE", "V-ILLUMO-36", f"{ctx.square_name(target)} has been sued over this turn.")
    fee = illumo_options(ctx).illumo_filing_fee
    if state.players[seat].cash < fee:
        raise refuse("E_INSUFFICIENT_FUNDS", "V-ILLUMO-36", f"The filing fee is ${fee}, from your central treasury.")


def sue(ctx: RulesContext, seat: int, defendant: int, suit: Suit, target: int) -> None:
    check_sue(ctx, seat, defendant, suit, target)
    disqualify(ctx, seat)
    state = ctx.state
    slice_ = illumo_slice(state)
    slice_.lawsuits_left -= 1
    slice_.sued_this_turn.append(target)
    move(ctx, seat, BANK, illumo_options(ctx).illumo_filing_fee, "lawsuit filing fee", "V-ILLUMO-36")
    ctx.notice(f"{ctx.name(seat)} sues {defendant_name(ctx, defendant)}: {suit.replace('_', ' ')} over "
               f"{ctx.square_name(target)}.", RULE_OF_SUIT[suit], seat)
    state.pending.append(Lawsuit(plaintiff=seat, defendant=defendant, suit=suit, target=target,
                                 affected=deed_type(ctx, target), order=turn_order_from(ctx, seat)))


# ----- pledging (V-ILLUMO-37, -41) -----

def defendant_name(ctx: RulesContext, defendant: int) -> str:
    return "nobody (the lot is unowned)" if defendant == NOBODY else ctx.name(defendant)


def sides(case: Lawsuit, seat: int) -> list[str]:
    if seat == case.plaintiff:
        return [PLAINTIFF]
    if seat == case.defendant:
        return [DEFENDANT]
    return [PLAINTIFF, DEFENDANT]


def sources(case: Lawsuit, seat: int) -> list[str]:
    """Central for everyone; the parties may also use their own treasury of the affected type."""
    return [CENTRAL, case.affected] if seat in (case.plaintiff, case.defendant) else [CENTRAL]


def available(ctx: RulesContext, case: Lawsuit, seat: int, source: str) -> int:
    have = ctx.state.players[seat].cash if source == CENTRAL else balance(ctx.state, seat, source)
    return max(have - pledged_from(case.pledges, seat, source), 0)


def check_pledge(ctx: RulesContext, case: Lawsuit, seat: int, side: str, amount: int, source: str) -> None:
    check_pledge_turn(case, seat, "V-ILLUMO-41")
    check_not_audited(ctx, seat, "pledge")
    if side not in sides(case, seat):
        raise refuse("E_WRONG_PHASE", "V-ILLUMO-37", "A party pledges only for his own side.")
    if source not in sources(case, seat):
        raise refuse("E_WRONG_PHASE", "V-ILLUMO-37", "Pledges come from central; a party may also use his "
                                                     f"treasury of the affected type ({case.affected}).")
    unit = illumo_options(ctx).illumo_lawsuit_unit
    if amount % unit:
        raise refuse("E_WRONG_PHASE", "V-ILLUMO-37", f"Lawsuit pledges are in units of ${unit}.")
    if amount > available(ctx, case, seat, source):
        raise refuse("E_INSUFFICIENT_FUNDS", "V-ILLUMO-37", "You cannot cover that pledge.")


def pledge(ctx: RulesContext, case: Lawsuit, seat: int, side: str, amount: int, source: str) -> None:
    check_pledge(ctx, case, seat, side, amount, source)
    disqualify(ctx, seat)
    record_pledge(case, seat, side, amount, source)
    ctx.notice(f"{ctx.name(seat)} pledges ${amount} for the {side}.", "V-ILLUMO-37", seat)


def pass_pledge(ctx: RulesContext, case: Lawsuit, seat: int) -> None:
    check_pledge_turn(case, seat, "V-ILLUMO-41")
    if pass_turn(case):
        close_pledging(ctx, case)


def close_pledging(ctx: RulesContext, case: Lawsuit) -> None:
    """Pledging is over: the Holding Action window (V-ILLUMO-21, -41) asks every player in turn from the plaintiff,
    whether or not he holds the card, so that being asked, or the window opening, tells nothing about a hand."""
    ctx.state.pending.remove(case)
    ctx.state.pending.append(HoldingWindow(case=case, askees=turn_order_from(ctx, case.plaintiff)))


def suspend(ctx: RulesContext, case: Lawsuit) -> None:
    """V-ILLUMO-21, -41, A-IL-23: the case waits for its plaintiff's next turn; every pledge is cancelled (nothing
    collected), the fee stays with the Bank."""
    case.pledges, case.passes, case.turn_index, case.resumable = [], 0, 0, False
    illumo_slice(ctx.state).suspended.append(case)
    ctx.notice(f"The {case.suit.replace('_', ' ')} suit over {ctx.square_name(case.target)} is suspended.",
               "V-ILLUMO-41")


def mark_resumable(ctx: RulesContext, seat: int) -> None:
    """His turn begins: his suspended cases may be resumed in its step 1."""
    for case in illumo_slice(ctx.state).suspended:
        if case.plaintiff == seat:
            case.resumable = True


def drop_unresumed(ctx: RulesContext, seat: int) -> None:
    """Step 1 is over (he rolled): the cases he did not resume are dropped."""
    slice_ = illumo_slice(ctx.state)
    dropped = [case for case in slice_.suspended if case.plaintiff == seat and case.resumable]
    for case in dropped:
        slice_.suspended.remove(case)
        ctx.notice(f"The suspended suit over {ctx.square_name(case.target)} is dropped.", "V-ILLUMO-41")


def check_resume(ctx: RulesContext, seat: int, target: int, drop: bool) -> Lawsuit:
    state = ctx.state
    turn = state.turn
    if turn.seat != seat or turn.step != "choice" or turn.moves_made or state.pending:
        raise refuse("E_WRONG_PHASE", "V-ILLUMO-41", "A suspended case is resumed in step 1 of its plaintiff's turn.")
    case = next((c for c in illumo_slice(state).suspended if c.plaintiff == seat and c.target == target and c.resumable),
                None)
    if case is None:
        raise refuse("E_WRONG_PHASE", "V-ILLUMO-41", "You have no suspended case over that deed to resume.")
    if not drop and illumo_slice(state).lawsuits_left < 1:
        raise refuse("E_WRONG_PHASE", "V-ILLUMO-35", "Resuming a case uses a lawsuit of the turn: none is left.")
    return case


def resume(ctx: RulesContext, seat: int, target: int, drop: bool) -> None:
    """Resumed: no new fee, fresh pledging, Legal Holiday notwithstanding; void if it no longer stands."""
    case = check_resume(ctx, seat, target, drop)
    slice_ = illumo_slice(ctx.state)
    slice_.suspended.remove(case)
    if drop:
        ctx.notice(f"{ctx.name(seat)} drops the suit over {ctx.square_name(target)}.", "V-ILLUMO-41", seat)
        return
    disqualify(ctx, seat)
    slice_.lawsuits_left -= 1
    if not still_stands(ctx, case):
        ctx.notice("The case is void: a party has left or the target no longer qualifies; the fee is kept.",
                   "V-ILLUMO-41")
        return
    case.order = turn_order_from(ctx, seat)
    ctx.notice(f"{ctx.name(seat)} resumes the suit over {ctx.square_name(target)}.", "V-ILLUMO-41", seat)
    ctx.state.pending.append(case)


# ----- the decision -----

def still_stands(ctx: RulesContext, case: Lawsuit) -> bool:
    """V-ILLUMO-41: void if a party has been eliminated or the target no longer qualifies."""
    players = ctx.state.players
    if players[case.plaintiff].eliminated or case.defendant != NOBODY and players[case.defendant].eliminated:
        return False
    try:
        check_target(ctx, case.defendant, case.suit, case.target)
    except Exception:  # an IllegalAction: the target no longer suits the case
        return False
    return True


def decide_case(ctx: RulesContext, case: Lawsuit) -> None:
    """Pledges are collected (VARIANTS §6.4 decision 34, A-IL-21: even when no roll is made), then the ELP decides.
    The case has left the pending stack."""
    state = ctx.state
    for seat, _, amount, source in case.pledges:
        if state.players[seat].eliminated:
            continue
        payer = seat if source == CENTRAL else account(seat, source)
        move(ctx, payer, BANK, amount, "lawsuit pledge", "V-ILLUMO-37")
    if not still_stands(ctx, case):
        ctx.notice("The case is void: a party has left or the target no longer qualifies; the fee is kept.",
                   "V-ILLUMO-41")
        return
    score = elp(ctx, case)
    won = decide(ctx, spec(ctx), case.plaintiff, score)
    ctx.notice(f"The {case.suit.replace('_', ' ')} suit over {ctx.square_name(case.target)} (ELP {score}) is "
               f"{'won' if won else 'lost'} by {ctx.name(case.plaintiff)}.", "V-ILLUMO-37")
    if not won:
        return
    if case.suit == "landmark":
        make_landmark(ctx, case.defendant, case.target)
    elif case.suit == "title_defect":
        take_title(ctx, case.plaintiff, case.defendant, case.target)
    else:
        deeds = monopoly_deeds(ctx, case.defendant, case.affected)
        state.pending.append(AntitrustChoice(defendant=case.defendant, affected=case.affected, deeds=deeds))


def compensation(ctx: RulesContext, index: int, extra: int = 0) -> int:
    """The printed price (plus `extra`), less the mortgage principal of a mortgaged deed (A-IL-19); the price and the
    buildings under a Bribed Assessor halved (V-ILLUMO-28)."""
    prop = ctx.state.properties[index]
    value = assessed(ctx, index, printed_price(ctx.squares[index]) + extra, paying=False)
    return max(value - prop.mortgage_principal, 0)


def make_landmark(ctx: RulesContext, owner: int, index: int) -> None:
    """V-ILLUMO-38: out of play; buildings back to the supply unpaid; the Bank pays the price (less the mortgage
    principal, the mortgage cleared) into the former owner's central treasury."""
    state = ctx.state
    paid = compensation(ctx, index)
    remove_buildings(ctx, index)
    clear_mortgage(ctx, index, "V-ILLUMO-38")
    state.properties[index].owner = None
    illumo_slice(state).landmarks.append(index)
    ctx.emit(OwnershipChanged(property=index, old_owner=None if owner == NOBODY else owner, new_owner=None,
                              reason="historic landmark", rule_id="V-ILLUMO-38"))
    sync_treasuries(ctx, legal_loss=owner)  # V-ILLUMO-10: a loss through a lawsuit
    if owner != NOBODY:  # an unowned lot's landmark compensates nobody (A-IL-17)
        bank_pays(ctx, owner, paid, "landmark compensation", "V-ILLUMO-38")
    valued(ctx, index)


def take_title(ctx: RulesContext, plaintiff: int, defendant: int, index: int) -> None:
    """V-ILLUMO-39: the buildings are sold to the Bank at half cost for the defendant (into central); the deed passes
    to the plaintiff, mortgaged if it was (he pays the Bank the 10% of CLASSIC-08 now); the group is repaired by the
    end of the turn (V-ILLUMO-33)."""
    state = ctx.state
    refund = assessed(ctx, index, remove_buildings(ctx, index) // 2, paying=False)
    bank_pays(ctx, defendant, refund, "buildings sold after a title defect", "V-ILLUMO-39")
    valued(ctx, index)
    prop = state.properties[index]
    prop.owner = plaintiff
    ctx.emit(OwnershipChanged(property=index, old_owner=defendant, new_owner=plaintiff, reason="title defect",
                              rule_id="V-ILLUMO-39"))
    sync_treasuries(ctx, legal_loss=defendant)
    if prop.mortgaged:
        demand(ctx, plaintiff, [(BANK, mortgage_transfer_fee(prop))], "10% on a mortgaged deed received",
               "CLASSIC-08")


def check_forfeit(ctx: RulesContext, window: AntitrustChoice, seat: int, index: int) -> None:
    if seat != window.defendant:
        raise refuse("E_NOT_YOUR_TURN", "V-ILLUMO-40", "The defendant chooses the deed he loses.")
    if index not in window.deeds or ctx.state.properties[index].owner != seat:
        raise refuse("E_NOT_OWNER", "V-ILLUMO-40", "Choose one deed of the monopoly (A-IL-36).")


def forfeit(ctx: RulesContext, window: AntitrustChoice, seat: int, index: int) -> None:
    """V-ILLUMO-40: the deed goes back to the Bank, unowned and for sale to the next lander (no auction now,
    decision 33). The Bank pays the price plus the full cost of the buildings removed, less any mortgage principal:
    every building of the defendant's in that colour group (`group`), or the deed's own
    (`forfeited_deed_only`, then V-ILLUMO-33 repairs the group)."""
    check_forfeit(ctx, window, seat, index)
    state = ctx.state
    state.pending.remove(window)
    square = ctx.squares[index]
    removed_from = [index]
    if square.kind == "lot" and illumo_options(ctx).illumo_antitrust_building_scope == "group":
        removed_from = [lot for lot in ctx.board.group_members[printed_group(square)] if state.properties[lot].owner == seat]
    building_cost = sum(remove_buildings(ctx, lot) for lot in removed_from)
    paid = compensation(ctx, index, building_cost)
    clear_mortgage(ctx, index, "V-ILLUMO-40")
    state.properties[index].owner = None
    ctx.emit(OwnershipChanged(property=index, old_owner=seat, new_owner=None, reason="antitrust",
                              rule_id="V-ILLUMO-40"))
    sync_treasuries(ctx, legal_loss=seat)
    bank_pays(ctx, seat, paid, "antitrust compensation", "V-ILLUMO-40")
    valued(ctx, index)
