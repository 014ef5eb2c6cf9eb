"""The turn of Illumonopoly (V-ILLUMO-35) on classic Monopoly's turn steps (variants/classic/steps.py):

1. lawsuits (`choice`, before the first roll: `Sue`, V-ILLUMO-36);
2. roll, move, rent, buy (announced: interference, V-ILLUMO-12) or decline, cards, taxes, Jail; doubles repeat it;
3. transfers, the first two free (`free` after the last move, V-ILLUMO-08);
6. the end: the level-building repair (V-ILLUMO-33), the do-nothing bonus (V-ILLUMO-34).

Steps 0, 4 and 5 (Court cards and Illuminati abilities) come with the Court Date deck and the advanced mode.
Every voluntary act of the mover in his turn forfeits the bonus (bonus.py): here paying bail and a Jail card, a
purchase; the free actions' and windows' own handlers do the rest."""
from __future__ import annotations

from collections.abc import Iterator

from ...rules import actions as A
from ...rules.auctions import AuctionWindow
from ...rules.context import RulesContext
from ...rules.decisions import Menu
from ...rules.errors import passes
from ...rules.events import DiceRolled
from ...rules.handlers import handler_map, handles
from ...rules.legal import lazily
from ...rules.required_fields import landing_square
from ...rules.shared_values import shared
from ..classic import steps as classic_steps
from ..classic import turn
from ..classic.landing import landing_done
from . import bermuda, bonus, court, effects, landing, lawsuits, repair, responses
from .access import illumo_options, illumo_slice
from .bonus import disqualify, pay_bonus
from .buildings import repair_groups
from .interference import announce_purchase
from .treasury import deed_type


def _after_roll(ctx: RulesContext, seat: int, emitted: int) -> None:
    """Step 2 has begun; doubles end an IRS Audit (V-ILLUMO-23)."""
    illumo_slice(ctx.state).step = 2
    doubles = any(isinstance(e, DiceRolled) and e.seat == seat and len(e.dice) == 2 and e.dice[0] == e.dice[1]
                  and e.purpose in ("movement", "jail roll") for e in ctx.events[emitted:])
    effects.rolled(ctx, seat, doubles)
    lawsuits.drop_unresumed(ctx, seat)


def _roll(ctx: RulesContext, action: A.Roll) -> None:
    emitted = len(ctx.events)
    classic_steps.roll(ctx, action)
    _after_roll(ctx, action.seat, emitted)


def _jail_roll(ctx: RulesContext, action: A.JailRoll) -> None:
    emitted = len(ctx.events)
    classic_steps.jail_roll(ctx, action)
    _after_roll(ctx, action.seat, emitted)


def _jail_bail(ctx: RulesContext, action: A.JailBail) -> None:
    effects.check_not_audited(ctx, action.seat, "voluntary bail")
    classic_steps.jail_bail(ctx, action)
    disqualify(ctx, action.seat)


def _jail_favor(ctx: RulesContext, action: A.JailFavor) -> None:
    classic_steps.jail_favor(ctx, action)
    disqualify(ctx, action.seat)


def _resume(ctx: RulesContext, action: A.ResumeCase) -> None:
    lawsuits.resume(ctx, action.seat, action.target, action.drop)


def _sue(ctx: RulesContext, action: A.Sue) -> None:
    lawsuits.sue(ctx, action.seat, action.defendant, action.suit, action.target)


def _play_card(ctx: RulesContext, action: A.PlayCourtCard) -> None:
    court.play(ctx, action.seat, action.card, action.player, action.property, action.spy_on)
    responses.open_response(ctx, action.seat, action.card, action.player, action.property, action.spy_on)


def card_options(ctx: RulesContext, seat: int) -> list[A.Action]:
    """Every Court card play the seat may make now, each checked as `apply` checks it."""
    state = ctx.state
    kinds = sorted({court.kind_of(n) for n in court.hand(ctx, seat)} & court.PLAYABLE)
    found: list[A.Action] = []
    others = [p.seat for p in state.players if p.seat != seat and not p.eliminated]
    for kind in kinds:
        targets: list[dict[str, int | str]]
        if kind in ("irs_audit", "brain_drain"):
            targets = [dict(player=other) for other in others]
        elif kind == "corporate_spy":
            targets = [dict(player=other, spy_on=what) for other in others
                       for what in ("hand", "central", *sorted(illumo_slice(state).treasuries.get(other, {})))]
        elif kind == "historic_blunder":
            targets = [dict(property=index) for index in illumo_slice(state).landmarks]
        elif kind == "condemned_property":
            targets = [dict(property=index) for index, prop in state.properties.items() if prop.houses or prop.hotel]
        else:
            targets = [{}]
        for target in targets:
            if passes(court.check_play, ctx, seat, kind, target.get("player"), target.get("property"),
                      target.get("spy_on")):
                found.append(shared(A.PlayCourtCard, seat=seat, card=kind, **target))
    return found


def lawsuit_options(ctx: RulesContext, seat: int) -> list[A.Action]:
    """Every lawsuit the seat may start now (V-ILLUMO-36), each checked as `apply` checks it."""
    return list(lawsuit_stream(ctx, seat))


def lawsuit_stream(ctx: RulesContext, seat: int) -> Iterator[A.Action]:
    """`lawsuit_options` drawn one at a time: the step's menu proves the kind open by the first suit only (a check
    per deed and suit, about a fifth of a random game's time when all were listed: rules/legal.py `lazily`)."""
    state = ctx.state
    if illumo_slice(state).lawsuits_left < 1:
        return
    # `check_sue` is `check_may_sue` then `check_suit`: the first, and the filing fee (the suit's last test), are the
    # same for every suit, so asked once (when they fail, no suit is listed, without a refusal per deed and suit).
    if not passes(lawsuits.check_may_sue, ctx, seat) or state.players[seat].cash < illumo_options(ctx).illumo_filing_fee:
        return
    monopolies: dict[tuple[int, str], bool] = {}  # (owner, type) -> whether he holds a monopoly of it
    for index, prop in state.properties.items():
        owner = prop.owner
        if owner is None and illumo_options(ctx).illumo_landmark_unowned_targets:
            owner = lawsuits.NOBODY  # A-IL-17: a landmark suit against an unowned lot
        if owner is None or owner == seat:
            continue
        lot = ctx.squares[index].kind == "lot"
        for suit in lawsuits.SUITS:
            # Suits `check_target` refuses for what they are (without a defendant only a landmark suit, a landmark
            # only a lot, antitrust only a monopoly's deed) are not checked in full: a refusal raised costs more.
            if suit != "landmark" and owner == lawsuits.NOBODY or suit == "landmark" and not lot:
                continue
            if suit == "antitrust":
                key = (owner, deed_type(ctx, index))
                held = monopolies.get(key)
                if held is None:
                    held = monopolies[key] = bool(lawsuits.monopoly_deeds(ctx, owner, key[1]))
                if not held:
                    continue
            if passes(lawsuits.check_suit, ctx, seat, owner, suit, index):
                yield shared(A.Sue, seat=seat, defendant=owner, suit=suit, target=index)


def _declare_idle(ctx: RulesContext, action: A.DeclareIdleTurn) -> None:
    bonus.declare(ctx, action.seat)


class Choice(classic_steps.Choice):
    """Step 1 (lawsuits) and the first roll of step 2 (before step 1, a do-nothing turn may be declared)."""
    handlers = {**classic_steps.Choice.handlers,
                **handler_map(handles(A.Roll, _roll), handles(A.JailRoll, _jail_roll), handles(A.JailBail, _jail_bail),
                              handles(A.JailFavor, _jail_favor), handles(A.Sue, _sue),
                              handles(A.PlayCourtCard, _play_card), handles(A.ResumeCase, _resume),
                              handles(A.DeclareIdleTurn, _declare_idle))}

    def menu(self, ctx: RulesContext, turn_, seat: int) -> Menu:
        menu = super().menu(ctx, turn_, seat)
        if (illumo_options(ctx).illumo_do_nothing_mode == bonus.DECLARE_AT_START  # (check_declare's first test)
                and passes(bonus.check_declare, ctx, seat)):
            menu["declare_idle_turn"] = lambda: [shared(A.DeclareIdleTurn, seat=seat)]
        if seat in illumo_slice(ctx.state).audited:
            menu.pop("jail_bail", None)  # V-ILLUMO-23: no voluntary bail under an audit
        if not turn_.moves_made and illumo_slice(ctx.state).lawsuits_left > 0:
            suits = lazily(lawsuit_stream(ctx, seat))
            if suits is not None:
                menu["sue"] = suits
        if illumo_slice(ctx.state).court_hands.get(seat):
            plays = card_options(ctx, seat)
            if plays:
                menu["play_court_card"] = lambda: plays
        resumes: list[A.Action] = [shared(A.ResumeCase, seat=seat, target=case.target, drop=drop)
                                   for case in illumo_slice(ctx.state).suspended for drop in (False, True)
                                   if passes(lawsuits.check_resume, ctx, seat, case.target, drop)]
        if resumes:
            menu["resume_case"] = lambda: resumes
        return menu


def _buy(ctx: RulesContext, action: A.Buy) -> None:
    """V-ILLUMO-12: the purchase is announced (the complaint window), then made or blocked."""
    price = landing.check_buy(ctx, action.seat)
    disqualify(ctx, action.seat)
    index = landing_square(ctx.state.turn)
    landing_done(ctx)
    announce_purchase(ctx, action.seat, index, price)


def _decline(ctx: RulesContext, action: A.DoNothing) -> None:
    """Declining keeps the bonus (decision 35); a deed blocked by a complaint is not auctioned (V-ILLUMO-14)."""
    state = ctx.state
    index = state.turn.landing_square
    illumo_slice(state).secret_deal_by = None
    if index in illumo_slice(state).blocked_until:
        landing_done(ctx)
        return
    classic_steps.decline(ctx, action)


def _secret_deal(ctx: RulesContext, action: A.SecretDeal) -> None:
    landing.check_buy(ctx, action.seat)
    court.declare_secret_deal(ctx, action.seat, action.card)
    if action.card is not None:  # a card (not the Bavarian ability): its response window (V-ILLUMO-16)
        responses.open_response(ctx, action.seat, "secret_deal")


class Landing(classic_steps.Landing):
    handlers = handler_map(handles(A.Buy, _buy), handles(A.DoNothing, _decline), handles(A.SecretDeal, _secret_deal))

    def menu(self, ctx: RulesContext, turn_, seat: int) -> Menu:
        menu: Menu = {}
        if passes(landing.check_buy, ctx, seat):
            menu["buy"] = lambda: [shared(A.Buy, seat=seat)]
            deals: list[A.Action] = [shared(A.SecretDeal, seat=seat, card=card) for card in court.secret_deal_choices(ctx, seat)]
            if deals:
                menu["secret_deal"] = lambda: deals
        menu["do_nothing"] = lambda: [shared(A.DoNothing, seat=seat)]
        return menu


def _free_roll(ctx: RulesContext, action: A.Roll) -> None:
    emitted = len(ctx.events)
    classic_steps.roll(ctx, action)
    _after_roll(ctx, action.seat, emitted)


def end_turn(ctx: RulesContext, action: A.EndTurn) -> None:
    if ctx.state.turn.may_roll_again:
        classic_steps.end_turn(ctx, action)  # refuses: doubles roll again first
    finish_turn(ctx, action.seat)


def finish_turn(ctx: RulesContext, seat: int) -> None:
    """Step 6: the groups left uneven are levelled (V-ILLUMO-33), the bonus paid (V-ILLUMO-34), the effects that
    end with this turn end, the turn passes."""
    illumo_slice(ctx.state).step = 6
    if repair.open_repairs(ctx):
        return  # the owners are asked first (V-ILLUMO-33); the last window's close calls this again
    repair_groups(ctx)
    pay_bonus(ctx, seat)
    court.turn_ended(ctx, seat)
    bermuda.turn_ended(ctx, seat)
    turn.end_turn(ctx)


class AfterLanding(classic_steps.AfterLanding):
    """After the landing: classic Monopoly's, unless the token stopped on a missing space (V-ILLUMO-46): then the
    turn ends at once."""

    def advance(self, ctx: RulesContext) -> None:
        slice_ = illumo_slice(ctx.state)
        if slice_.bermuda_stop:
            slice_.bermuda_stop = False
            finish_turn(ctx, ctx.state.turn.seat)
            return
        super().advance(ctx)


def _declare_missing(ctx: RulesContext, action: A.DeclareMissing) -> None:
    bermuda.declare(ctx, action.seat, action.property)


class Free(classic_steps.Free):
    """After the last move: step 3 (transfers; free_actions open), then the end."""
    handlers = handler_map(handles(A.Roll, _free_roll), handles(A.EndTurn, end_turn),
                           handles(A.Sue, _sue),  # a late lawsuit is refused by its rule
                           handles(A.PlayCourtCard, _play_card), handles(A.DeclareMissing, _declare_missing))

    def menu(self, ctx: RulesContext, turn_, seat: int) -> Menu:
        menu = super().menu(ctx, turn_, seat)
        if not turn_.may_roll_again and illumo_slice(ctx.state).court_hands.get(seat):
            plays = card_options(ctx, seat)
            if plays:
                menu["play_court_card"] = lambda: plays
        if illumo_slice(ctx.state).illuminati.get(seat) == "bermuda":
            spaces: list[A.Action] = [shared(A.DeclareMissing, seat=seat, property=index)
                                      for index in ctx.state.properties
                                      if passes(bermuda.check_declare, ctx, seat, index)]
            if spaces:
                menu["declare_missing"] = lambda: spaces
        return menu


class IllumoAuctionWindow(AuctionWindow):
    """Bidding in an auction forfeits the bidder's bonus in his own turn (V-ILLUMO-34)."""

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        if seat in illumo_slice(ctx.state).audited:
            return [shared(A.PassBid, seat=seat)]  # V-ILLUMO-23: an audited player may not bid
        return super().options(ctx, window, seat)

    def bid(self, ctx: RulesContext, window, action: A.Bid) -> None:
        effects.check_not_audited(ctx, action.seat, "bid")
        super().bid(ctx, window, action)
        disqualify(ctx, action.seat)


def steps() -> tuple:
    replaced = {"choice": Choice(), "landing": Landing(), "free": Free(), "after_landing": AfterLanding()}
    return tuple(replaced.get(step.kind, step) for step in classic_steps.STEPS)


STEPS = steps()
