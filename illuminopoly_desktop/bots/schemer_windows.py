"""The schemer's answers to the decisions the game asks for outside the turn's own steps: the faction draft and the
Dog's secret (R-SETUP), Chair votes (R-CHAIR-02), Political Favor windows (R-CARD-06), payments (R-LOSE-02),
auctions (R-DEAL-09), the Chair's buy-off (R-LOSE-03), contests (R-CONTEST-02), ransoms (R-ART-04), the Steam Iron's
card exemption, building permits (R-BUILD-06) and cheat rulings (R-CHEAT-05)."""
from __future__ import annotations

from ..rules import actions as A
from ..rules.legal import default_action
from ..variants.illuminopoly import contests
from ..rules.mortgages import lift_cost
from ..variants.illuminopoly.structure import free_arrows
from . import effects
from .contest_sense import graft_pips, stakes
from .schemer_money import raise_cash_action
from .situation import Situation
from .structure_plan import choose_slot
from .valuation import CASH_RESERVE, FAVOR_VALUE

FACTION_PREFERENCE = ("thimble", "steam_iron", "horseman", "dog", "wheelbarrow", "top_hat", "race_car", "shoe",
                      "boat", "artillery")
"""The draft order of preference (R-SETUP-02): the conditions a schemer reaches soonest first."""

DOG_EASE = {"thimble": 1.0, "steam_iron": 0.9, "horseman_a": 0.75, "wheelbarrow": 0.7, "top_hat": 0.45,
            "horseman_b": 0.45, "race_car": 0.4, "shoe": 0.3}
"""How readily a schemer meets each condition a Dog may choose (R-FAC-DOG-01)."""
DOG_COMPANY = {"horseman_a": "horseman", "race_car": "race_car"}
"""Conditions that another faction at the table works towards too: the Dog then shares its win (R-FAC-DOG-01)."""
JOIN_THRESHOLD = 25.0


def window_action(sit: Situation, top) -> A.Action | None:
    """The answer to the decision on top of the pending stack, if this seat is the one asked."""
    handler = HANDLERS.get(top.kind)
    if handler is None:
        return default_action(sit.state, sit.seat)
    return handler(sit, top)


def _draft(sit: Situation, top) -> A.Action:
    picks = {a.faction: a for a in sit.typed_options("pick_faction", A.PickFaction)}
    for faction in FACTION_PREFERENCE:
        if faction in picks:
            return picks[faction]
    return next(iter(picks.values()))


def choose_dog_condition(sit: Situation, rng) -> A.Action:
    """The easiest condition for a schemer, better still one another faction at the table also pursues; among
    near-equals the choice is random, so that rivals cannot read it off the table."""
    present = {p.faction for p in sit.state.players if not p.eliminated}
    scored = []
    for action in sit.typed_options("choose_dog_condition", A.ChooseDogCondition):
        score = DOG_EASE.get(action.condition, 0.2)
        if DOG_COMPANY.get(action.condition) in present:
            score += 0.25
        owner = {"top_hat": "top_hat", "thimble": "thimble", "steam_iron": "steam_iron",
                 "wheelbarrow": "wheelbarrow", "shoe": "shoe"}.get(action.condition)
        if owner in present:
            score -= 0.2  # a rival chasing the same deeds
        scored.append((score, action))
    best = max(score for score, _ in scored)
    near = [action for score, action in scored if score >= best - 0.1]
    return rng.choice(near)


def _vote(sit: Situation, top) -> A.Action:
    options = {a.candidate: a for a in sit.typed_options("cast_vote", A.CastVote)}
    if len(options) == 1:
        return next(iter(options.values()))
    if sit.seat in options:
        return options[sit.seat]
    candidates = [c for c in options if c is not None]
    if not candidates:
        return options[None]
    weakest = min(candidates, key=lambda c: sit.scores.get(c, 0.0))
    return options[weakest]


def _favor(sit: Situation, top) -> A.Action:
    """Play a Political Favor when what it stops (or saves) is worth more than the favor (R-CARD-05, -06)."""
    play = A.PlayFavor(seat=sit.seat)
    passing = A.PassFavor(seat=sit.seat)
    if not sit.has("play_favor"):
        return passing
    state = sit.state
    actor = top.actor
    countering = top.chain and actor == sit.seat
    if countering:
        return play if _blocked_loss(sit, top) > FAVOR_VALUE else passing
    if top.purpose == "collect_from_player":
        return play if top.amount >= FAVOR_VALUE else passing
    if top.purpose == "halt":
        contest = contests.active_contest(state)
        if contest is None:
            return passing
        stake = stakes(sit.appraiser, "rezoning", contest.attacker, contest.target, before=sit.scores)
        return play if -stake.get(sit.seat, 0.0) > FAVOR_VALUE * 1.5 else passing
    if not sit.is_rival(actor):
        return passing
    if top.purpose == "buy" and top.property is not None:
        gains = sit.gains(effects.bought(actor, top.property))
        return play if -gains.get(sit.seat, 0.0) > FAVOR_VALUE * 2 else passing
    if top.purpose == "build" and top.property is not None:
        player = state.players[actor]
        shoe_hotel = (player.faction == "shoe" or player.faction == "dog") and \
            state.properties[top.property].houses == 4 and \
            sit.facts.group[top.property] in sit.facts.shoe_groups
        return play if shoe_hotel else passing
    return passing


def _blocked_loss(sit: Situation, top) -> float:
    """What a favor played against our own sale or rezoning costs us."""
    if top.purpose == "buy" and top.property is not None:
        return sit.gain(effects.bought(sit.seat, top.property))
    if top.purpose == "halt":
        contest = contests.active_contest(sit.state)
        if contest is not None:
            return stakes(sit.appraiser, "rezoning", contest.attacker, contest.target, before=sit.scores).get(
                sit.seat, 0.0)
    return 0.0 if top.purpose in ("sell_building", "mortgage", "abandon") else FAVOR_VALUE


def _raise_funds(sit: Situation, top) -> A.Action:
    owed = sum(amount for _, amount in top.payments)
    action = raise_cash_action(sit, owed - sit.cash)
    return action if action is not None else A.SettlePayment(seat=sit.seat)


def _auction(sit: Situation, top) -> A.Action:
    passing = A.PassBid(seat=sit.seat)
    if top.item != "property" or top.property is None or not sit.has("bid"):
        return passing
    value = sit.gain(effects.bought(sit.seat, top.property))
    ceiling = min(value * 0.8, sit.cash - CASH_RESERVE // 2)
    bid = top.high_bid + (10 if top.high_bid + 10 <= ceiling else 1)
    if bid > ceiling:
        return passing
    slots = free_arrows(sit.ctx, sit.seat)
    if not slots:
        return passing
    parent, arrow = choose_slot(sit.state, top.property, value, slots)
    return A.Bid(seat=sit.seat, amount=bid, parent=parent, arrow=arrow)


def _buyoff(sit: Situation, top) -> A.Action:
    for action in sit.typed_options("buy_off_mortgage", A.BuyOffMortgage):
        cost = lift_cost(sit.state.properties[action.property])
        if sit.cash - cost >= CASH_RESERVE and sit.gain(effects.owned_by(sit.seat, [action.property]),
                                                        {sit.seat: -cost}) > 20:
            slots = free_arrows(sit.ctx, sit.seat)
            parent, arrow = choose_slot(sit.state, action.property, cost, slots) if slots else (action.parent,
                                                                                                 action.arrow)
            return A.BuyOffMortgage(seat=sit.seat, property=action.property, parent=parent, arrow=arrow)
    return A.EndBuyOff(seat=sit.seat)


def ransom_answer(sit: Situation) -> A.Action:
    """Pay a ransom smaller than the expected damage of the destruction it threatens (R-ART-04); the answer is a
    free decision, given at the player's first decision after the demand (D-15)."""
    state = sit.state
    ransom = state.pending_ransom
    refuse = A.AnswerRansom(seat=sit.seat, pay=False)
    if ransom is None or not any(a.pay for a in sit.typed_options("answer_ransom", A.AnswerRansom)):
        return refuse
    stake = stakes(sit.appraiser, "destruction", ransom.artillery, ransom.property, before=sit.scores)
    loss = -stake.get(sit.seat, 0.0)
    expected_damage = 0.45 * loss
    if ransom.amount <= expected_damage and sit.cash - ransom.amount >= CASH_RESERVE // 2:
        return A.AnswerRansom(seat=sit.seat, pay=True)
    return refuse


def _card_exemption(sit: Situation, top) -> A.Action:
    return A.IgnoreCardPayment(seat=sit.seat)  # R-FAC-STEAMIRON-03: the Steam Iron never pays what he may ignore


def _permit(sit: Situation, top) -> A.Action:
    if sit.seat == top.builder:
        best = max(((amount, seat) for seat, amount in top.bids.items() if amount > 0), default=None)
        if best and best[0] >= 150:
            return A.AnswerPermitBribe(seat=sit.seat, briber=best[1])
        return A.AnswerPermitBribe(seat=sit.seat, briber=None)
    return A.PermitBribe(seat=sit.seat, amount=0)


def _cheat_ruling(sit: Situation, top) -> A.Action | None:
    return default_action(sit.state, sit.seat)  # the truth, as the engine's records show it (R-CHEAT-05)


# ----- contests -----

def _contest(sit: Situation, contest) -> A.Action | None:
    stage = contest.stage
    if stage == "chair_block":
        return _chair_block(sit, contest)
    if stage == "invitations":
        eligible = contests.eligible_others(sit.ctx, contest)
        return A.InviteHelpers(seat=sit.seat, invitees=eligible)  # invitations cost nothing; refusals are free
    stake = stakes(sit.appraiser, contest.contest, contest.attacker, contest.target, before=sit.scores)
    mine = stake.get(sit.seat, 0.0)
    if stage == "answers":
        answers = sit.typed_options("answer_invitation", A.AnswerInvitation)
        side = contest.invitations.get(sit.seat)
        want = (side == "attack" and mine > JOIN_THRESHOLD) or (side == "defend" and mine < -JOIN_THRESHOLD)
        return next((a for a in answers if a.accept == want), answers[0])
    if stage == "volunteers":
        options = {a.side: a for a in sit.typed_options("join_side", A.JoinSide)}
        if mine > JOIN_THRESHOLD and "attack" in options:
            return options["attack"]
        if mine < -JOIN_THRESHOLD and "defend" in options:
            return options["defend"]
        return options.get(None, next(iter(options.values())))
    return _graft(sit, contest, stake)


def _chair_block(sit: Situation, contest) -> A.Action:
    """Block (the default) unless the takeover hurts a rival who leads more than it helps the attacker."""
    options = {a.block: a for a in sit.typed_options("answer_chair_block", A.AnswerChairBlock)}
    if False not in options or sit.player.role != "faction":
        return options.get(True, next(iter(options.values())))
    stake = stakes(sit.appraiser, "takeover", contest.attacker, contest.target, before=sit.scores)
    return options[False] if stake.get(sit.seat, 0.0) > 40 else options[True]


def _graft(sit: Situation, contest, stake: dict[int, float]) -> A.Action | None:
    """A sealed bid (or an open raise) by the stake and the exact odds."""
    options = sit.typed_options("commit_graft", A.CommitGraft)
    if not options:
        return default_action(sit.state, sit.seat)
    return _legal_graft(sit, options, graft_pips(sit.ctx, contest, sit.seat, stake))


def _legal_graft(sit: Situation, options: list[A.CommitGraft], pips: int) -> A.Action:
    """The bid of `pips` if the rules allow it (any affordable number is legal), else the nearest listed one."""
    honest = [a for a in options if not a.short]
    allowed = {a.pips for a in honest}
    if pips in allowed or (pips > max(allowed, default=0) and not _bounded(sit)):
        return A.CommitGraft(seat=sit.seat, pips=pips)
    return min(honest or options, key=lambda a: abs(a.pips - pips))


def _bounded(sit: Situation) -> bool:
    """A graft commitment limits the bid: only the listed bids are safe."""
    return bool(sit.state.commitments)


HANDLERS = {
    "faction_draft": _draft, "election": _vote, "favor_window": _favor, "raise_funds": _raise_funds,
    "auction": _auction, "chair_buyoff": _buyoff, "contest": _contest,
    "ransom_answer": lambda sit, top: ransom_answer(sit),  # (a window of a save from before D-15)
    "card_exemption": _card_exemption, "permit_window": _permit, "cheat_ruling": _cheat_ruling,
    "reattach": lambda sit, top: A.ReattachArms(seat=sit.seat),
}

