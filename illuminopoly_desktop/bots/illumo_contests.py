"""The Illumonopoly schemer's answers in the legal contests and the Court-card windows (issue 29; the player is
bots/illumo_schemer.py, the weighing bots/illumo_sense.py).

Every pledge is marginal: with the contest's target as it stands (the pledges already made are spent whatever
happens), it pledges while one point more raises its side's expected gain by more than the point costs
(`sense.best_pledge` on the contest's spec: interference $50 a point, roll-under 10 + P - C, V-ILLUMO-13; lawsuits $10
a point or two points for $10 from the party's treasury of the affected type, roll-under the ELP, 11 and 12 fail, no
roll below 2, V-ILLUMO-37). Each answer is one the window lists."""
from __future__ import annotations

from ..model.illumo_state import CardResponse, Complaint, HoldingWindow, Interference, Lawsuit
from ..rules import actions as A
from ..rules.context import RulesContext
from ..rules.decisions import Menu
from ..rules.roll_contests import pledged_from, success_chance
from ..variants.illumo import advanced, interference, lawsuits
from ..variants.illumo.groups import in_play_lots
from ..variants.illumo.treasury import CENTRAL
from . import illumo_sense as sense

FILE_MARGIN = 20.0
"""The least expected gain (dollars, after the filing fee) for which it complains against a purchase."""
COUNTER_UNITS = 1
"""The units it expects a purchaser to pledge to keep a purchase it complains against."""
RENT_CONTROL_HURTS = -60.0
SPEND_SHARE = 0.4
"""The most it pledges in one contest, as a share of what the contest is worth to it: pledging against a rival who
answers every point would otherwise go on while each point still pays (a dollar auction)."""


def spend_limit(pledges: list[tuple[int, str, int, str]], seat: int, stake: float) -> int:
    """Dollars it may still pledge in a contest where it has pledged some already."""
    spent = sum(amount for who, _, amount, _ in pledges if who == seat)
    return max(0, int(SPEND_SHARE * stake) - spent)


def completes_group(ctx: RulesContext, seat: int, index: int | None) -> bool:
    """Whether the deed is the last in-play lot of its colour group that `seat` lacks."""
    if index is None or ctx.squares[index].kind != "lot":
        return False
    others = [lot for lot in in_play_lots(ctx, ctx.squares[index].group or "") if lot != index]
    return bool(others) and all(ctx.state.properties[lot].owner == seat for lot in others)


# ----- interference (V-ILLUMO-12 to -14) -----

COMPLETION_THREAT = 1.5
"""A rival's completed colour group is worth this many times the group's printed prices to block: his doubled rent,
and building there up to hotels without waiting for anyone (V-ILLUMO-31), which it would pay."""


def block_stake(ctx: RulesContext, purchaser: int, index: int) -> float:
    """What blocking the purchase is worth to a rival of the purchaser: much when it would complete his colour group,
    little otherwise."""
    square = ctx.squares[index]
    if completes_group(ctx, purchaser, index):
        group_price = sum(sense.price(ctx.squares[lot]) for lot in ctx.board.group_members[square.group or ""])
        return COMPLETION_THREAT * group_price
    return 0.15 * sense.price(square)


def purchase_stake(ctx: RulesContext, seat: int, window: Interference, deed_value: float) -> float:
    """What the contest's outcome is worth to `seat`: to the purchaser keeping the purchase (the deed's worth to it
    beyond its price), to anyone else blocking it."""
    if seat == window.purchaser:
        return max(deed_value - window.price, 0.3 * sense.price(ctx.squares[window.property]))
    return block_stake(ctx, window.purchaser, window.property)


def complaint(ctx: RulesContext, seat: int, window: Complaint, menu: Menu) -> A.Action:
    """File ($50) when the block it can buy is worth more than it costs; against a Secret Deal with an Interference
    card if it holds one, or end the Secret Deal with a Cancellation so that it may complain (V-ILLUMO-18, -19, -30)."""
    listed = menu["complain"]() if "complain" in menu else []
    files = [a for a in listed if isinstance(a, A.Complain) and a.file]
    let_pass = next((a for a in listed if isinstance(a, A.Complain) and not a.file), A.Complain.shared(seat=seat,
                                                                                                       file=False))
    fee = sense.illumo_options(ctx).illumo_filing_fee
    budget = ctx.state.players[seat].cash - fee - sense.reserve(ctx, seat)
    if budget < 0:
        return let_pass
    stake = block_stake(ctx, window.purchaser, window.property)
    unit = sense.illumo_options(ctx).illumo_interference_unit
    _, value = sense.best_pledge(interference.spec(ctx), interference.BASE_TARGET + COUNTER_UNITS, stake, unit,
                                 budget, towards=False)
    if value - fee <= FILE_MARGIN:
        return let_pass
    if files:
        return next((a for a in files if a.allow_helpers), files[0])
    cancels = menu["play_court_card"]() if "play_court_card" in menu else []
    return cancels[0] if cancels else let_pass


def interference_pledge(ctx: RulesContext, seat: int, window: Interference, menu: Menu, stake: float) -> A.Action:
    """A party pledges one unit (or five) while a point more pays for itself; a third party passes."""
    pass_ = A.PassPledge.shared(seat=seat)
    if seat not in (window.purchaser, window.complainant) or "pledge" not in menu:
        return pass_
    pledges = [a for a in menu["pledge"]() if isinstance(a, A.Pledge)]
    purchaser = seat == window.purchaser
    kind = ctx.squares[window.property].group
    state = ctx.state
    budget = state.players[seat].cash - pledged_from(window.pledges, seat, CENTRAL) - sense.reserve(ctx, seat)
    if purchaser and kind is not None:
        budget += sense.group_money(state, seat, kind) - pledged_from(window.pledges, seat, kind)
    budget = min(budget, spend_limit(window.pledges, seat, stake))
    unit = sense.illumo_options(ctx).illumo_interference_unit
    points, _ = sense.best_pledge(interference.spec(ctx), interference.target(ctx, window), stake, unit,
                                  max(0, budget), towards=purchaser)
    return _pick_pledge(pledges, points, 1, preferred=kind if purchaser else None) or pass_


def _pick_pledge(pledges: list[A.Pledge], points: int, points_per_unit: int, preferred: str | None) -> A.Pledge | None:
    """The listed pledge nearest `points` without passing it (menus list one unit and five units), from the
    preferred source when it is listed (a unit from it is worth `points_per_unit`), else from central."""
    if points <= 0 or not pledges:
        return None
    from_preferred = [a for a in pledges if a.source == preferred]
    pool = from_preferred or [a for a in pledges if a.source == CENTRAL] or pledges
    per_unit = points_per_unit if from_preferred else 1
    smallest = min(a.amount for a in pool)
    fitting = [a for a in pool if a.amount // smallest * per_unit <= points]
    return max(fitting, key=lambda a: a.amount) if fitting else min(pool, key=lambda a: a.amount)


# ----- lawsuits (V-ILLUMO-36 to -41) -----

def base_elp(ctx: RulesContext, plaintiff: int, defendant: int, suit: str) -> int:
    """The ELP before any pledge (V-ILLUMO-37)."""
    bonus = sense.illumo_options(ctx).illumo_antitrust_bonus if suit == "antitrust" else 0
    return (lawsuits.legal_power(ctx, plaintiff) - lawsuits.legal_power(ctx, defendant) + bonus
            + advanced.plaintiff_bonus(ctx, plaintiff, suit))


def suit_value(ctx: RulesContext, seat: int, suit: str, defendant: int, target: int, deed_value: float,
               budget: int) -> float:
    """The expected gain of suing (before the filing fee): the best pledge's chance times the stake, less the
    pledge, with the defendant expected to pledge against it (`expected_counter`)."""
    counter = expected_counter(ctx, suit, seat, defendant, target)
    stake = sense.suit_stake(ctx, seat, suit, defendant, target, deed_value)
    if stake <= 0:
        return -1.0
    unit = sense.illumo_options(ctx).illumo_lawsuit_unit
    affected = sense.group_money(ctx.state, seat, ctx.squares[target].group)
    per_point = unit / 2 if affected >= 5 * unit else float(unit)
    budget = min(budget + (affected if per_point < unit else 0), int(SPEND_SHARE * stake))
    _, value = sense.best_pledge(lawsuits.spec(ctx), base_elp(ctx, seat, defendant, suit) - counter, stake,
                                 per_point, budget)
    return value


def defence_stake(ctx: RulesContext, suit: str, plaintiff: int, defendant: int, target: int) -> float:
    """What losing the suit costs the defendant."""
    square = ctx.squares[target]
    prop = ctx.state.properties[target]
    buildings = sense.house_cost(square) * (5 if prop.hotel else prop.houses)
    if suit == "title_defect":
        return 1.3 * sense.price(square) + buildings / 2
    if suit == "landmark":
        return buildings + 0.3 * sense.price(square)
    return sense.suit_stake(ctx, plaintiff, "antitrust", defendant, target, 0.0) / sense.HARM_WEIGHT


def expected_counter(ctx: RulesContext, suit: str, plaintiff: int, defendant: int, target: int) -> int:
    """The points a defendant is expected to pledge: half of what a defendant pledging as this player does would
    spend on it (SPEND_SHARE of his stake), at a point per unit."""
    if defendant == lawsuits.NOBODY:
        return 0
    unit = sense.illumo_options(ctx).illumo_lawsuit_unit
    return int(SPEND_SHARE * defence_stake(ctx, suit, plaintiff, defendant, target) / unit / 2)


def lawsuit_pledge(ctx: RulesContext, seat: int, case: Lawsuit, menu: Menu, deed_value: float) -> A.Action:
    """A party pledges while a point more pays for itself, from its treasury of the affected type first (two points
    for $10); a third party passes."""
    pass_ = A.PassPledge.shared(seat=seat)
    if seat not in (case.plaintiff, case.defendant) or "pledge" not in menu:
        return pass_
    pledges = [a for a in menu["pledge"]() if isinstance(a, A.Pledge)]
    plaintiff = seat == case.plaintiff
    if plaintiff:
        stake = sense.suit_stake(ctx, seat, case.suit, case.defendant, case.target, deed_value)
    else:
        stake = defence_stake(ctx, case.suit, case.plaintiff, case.defendant, case.target)
    state = ctx.state
    unit = sense.illumo_options(ctx).illumo_lawsuit_unit
    from_group = any(a.source == case.affected for a in pledges)
    if from_group:
        budget = sense.group_money(state, seat, case.affected) - pledged_from(case.pledges, seat, case.affected)
        per_point = unit / 2
    else:
        budget = (state.players[seat].cash - pledged_from(case.pledges, seat, CENTRAL)
                  - sense.reserve(ctx, seat))
        per_point = float(unit)
    budget = min(budget, spend_limit(case.pledges, seat, stake))
    points, _ = sense.best_pledge(lawsuits.spec(ctx), lawsuits.elp(ctx, case), stake, per_point, max(0, budget),
                                  towards=plaintiff)
    return _pick_pledge(pledges, points, 2, preferred=case.affected if from_group else None) or pass_


def holding_action(ctx: RulesContext, seat: int, window: HoldingWindow, menu: Menu) -> A.Action:
    """V-ILLUMO-21: a defendant likely to lose suspends the case; so does anyone when the leader is likely to take a
    deed by a title defect."""
    plays = menu["play_court_card"]() if "play_court_card" in menu else []
    case = window.case
    chance = success_chance(lawsuits.spec(ctx), lawsuits.elp(ctx, case))
    losing = seat == case.defendant and chance > 0.4
    leader_wins = (seat not in (case.plaintiff, case.defendant) and case.suit == "title_defect"
                   and case.plaintiff == sense.leader(ctx, seat) and chance > 0.6)
    if plays and (losing or leader_wins):
        return plays[0]
    return A.PassCard.shared(seat=seat)


# ----- Court cards (V-ILLUMO-16 to -30) -----

def hurts(ctx: RulesContext, seat: int, window: CardResponse) -> bool:
    """Whether the card answered in the window is aimed at `seat` or works against it."""
    state = ctx.state
    card = window.card
    if window.seat == seat:
        return False
    if card in ("irs_audit", "brain_drain", "corporate_spy"):
        return window.player == seat and card != "corporate_spy"
    if card == "condemned_property":
        return window.property is not None and state.properties[window.property].owner == seat
    if card == "rent_control":
        return sense.rent_control_worth(ctx, seat) < RENT_CONTROL_HURTS
    if card == "holding_action":
        return any(isinstance(w, HoldingWindow) and w.case.plaintiff == seat for w in state.pending)
    if card == "secret_deal":
        return completes_group(ctx, window.seat, state.turn.landing_square)
    return False


def card_response(ctx: RulesContext, seat: int, window: CardResponse, menu: Menu) -> A.Action:
    """V-ILLUMO-30: a Cancellation against a card that hurts it (or to bring back its own card someone cancelled)."""
    plays = menu["play_court_card"]() if "play_court_card" in menu else []
    if plays:
        if window.seat == seat and window.cancelled and window.card != "cancellation":
            return plays[0]
        if not window.cancelled and hurts(ctx, seat, window):
            return plays[0]
    return A.PassCard.shared(seat=seat)


def card_score(ctx: RulesContext, seat: int, play: A.PlayCourtCard) -> float:
    """How much a step-4 card play helps (above 0: worth playing): an IRS Audit on the leader, Condemned Property on
    a rival's most built lot, Brain Drain on the fullest hand, a Legal Holiday when rivals could sue it with good odds,
    Historic Blunder on a landmark of a group it holds part of; never a card against itself."""
    state = ctx.state
    slice_ = sense.illumo_slice(state)
    if play.card == "irs_audit":
        if play.player is None or play.player in slice_.audited:
            return -1.0
        return 3.0 if play.player == sense.leader(ctx, seat) else 0.5
    if play.card == "condemned_property":
        if play.property is None:
            return -1.0
        prop = state.properties[play.property]
        if prop.owner in (seat, None):
            return -1.0
        return 2.0 + sense.house_cost(ctx.squares[play.property]) / 100 + (1.0 if prop.hotel else 0.0)
    if play.card == "brain_drain":
        if play.player is None:
            return -1.0
        return 1.0 + 0.3 * len(slice_.court_hands.get(play.player, []))
    if play.card == "legal_holiday":
        threat = max((base_elp(ctx, other, seat, "title_defect") for other in sense.rivals(state, seat)), default=0)
        return 2.0 if threat >= 4 else -1.0
    if play.card == "historic_blunder":
        if play.property is None:
            return -1.0
        group = ctx.squares[play.property].group or ""
        mine = any(state.properties[lot].owner == seat for lot in ctx.board.group_members[group])
        return 1.0 if mine else -1.0
    return -1.0  # spying tells a computer player nothing it uses
