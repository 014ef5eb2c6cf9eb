"""Losing (R-LOSE): elimination, the mortgaged-out player's deeds (the Chair's buy-off, then the auctions of
rules/auctions.py), foreclosure, and who bids in Illuminopoly's auctions (R-DEAL-09)."""
from __future__ import annotations

from typing import Final

from ...model.property_state import ControlOrigin
from ...model.state import BANK, ESCROW, ROOT, Auction, CardExemption, ChairBuyoff, RaiseFunds
from ...rules.auctions import clear_mortgage, open_property_auction
from ...rules.buildings import remove_buildings
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.events import (ControlChanged, DebtEvent, DogConditionChosen, FavorGained, OfferEvent, OwnershipChanged,
                             PlayerEliminated)
from ...rules.jail import return_favor
from ...rules.money import check_no_bank_debt, move
from ...rules.mortgages import lift_cost
from . import structure
from .boat import claim_holds
from .buildings import lift
from .chair import is_artillery, mortgage_holder, remove_from_elections
from .commitments import player_left
from .contests import parties_of
from .game_end import last_player_check
from .jail import lose_chair


def loss_exempt(state) -> set[int]:
    """The players not tested for loss now (D-16): the payer of an open raise-funds window, who is still raising the
    money (R-LOSE-02 step 3 tests him once he has paid); an open window shields nobody else.

    Resolution: a party to an unresolved contest (its attacker, the target's owner, a side's member, a seat still
    asked to invite, answer or volunteer) is tested once the contest's money has been distributed: the contest is
    one event (R-GEN-09), his cash is committed to it, and R-CONTEST-04 keeps him in it (contests.contest_parties,
    the same seats a creditor may not foreclose on meanwhile)."""
    exempt: set[int] = set()
    for window in state.pending:
        if window.kind == "raise_funds":
            exempt.add(window.payer)
        elif window.kind == "contest":
            exempt |= parties_of(window)
    return exempt


def owns_anything(state, seat: int) -> bool:
    return any(p.owner == seat for p in state.properties.values())


_SAFE_DEED_HINTS: Final[list[int]] = []
"""By seat, a deed that showed him safe at an earlier check (his, not mortgaged), or -1. Only a hint, verified against
the state before it is trusted: a stale one, or one left by another game state (a computer player's trial copy), only
sends the check on to its full pass, which changes no outcome. (A list by seat: read on every check, cheaper than
a dict.)"""


def check_losses(ctx: RulesContext) -> None:
    """Destitution and mortgaged-out elimination after every event (R-LOSE-01, -03; R-GEN-09)."""
    state = ctx.state
    # (`state.pending and`: this runs after every step, and the pending stack is nearly always empty.)
    exempt = loss_exempt(state) if state.pending else ()
    players = state.players
    by_index = state.properties
    hints = _SAFE_DEED_HINTS
    # Who could lose at all: faction players past their first circuit, not the Artillery (R-LOSE-01, A-75); early in
    # a game nobody can. A player holding an unmortgaged deed can lose neither way, and the deed that showed it last
    # time usually still does: when it does for everyone, the deeds are not read. A seat that deed shows safe cannot
    # lose whether or not he is exposed, so his hint is tried before his exposure is read.
    if len(hints) < len(players):
        hints.extend([-1] * (len(players) - len(hints)))
    for seat in state.seat_order:
        hint = hints[seat]
        if hint >= 0:
            prop = by_index.get(hint)
            owner = None if prop is None else prop.owner
            if prop is not None and owner is not None and owner == seat and not prop.mortgaged:  # (native compares)
                continue
        player = players[seat]
        if not (player.eliminated or player.role != "faction" or not player.completed_first_circuit
                or player.faction == "artillery" or seat in exempt):
            break  # exposed, and not shown safe: the full pass
    else:
        return
    exposed = []
    for seat in state.seat_order:
        player = players[seat]
        if (player.eliminated or player.role != "faction" or not player.completed_first_circuit
                or player.faction == "artillery" or seat in exempt):
            continue
        exposed.append(seat)
    # One pass over the deeds: each exposed player's mortgaged deeds, or None once he holds an unmortgaged one.
    mortgaged_deeds: dict[int, list | None] = {seat: [] for seat in exposed}
    unsafe = len(exposed)
    for prop in by_index.values():
        owner = prop.owner
        if owner is None:
            continue
        held = mortgaged_deeds.get(owner)
        if held is None:
            continue
        if prop.mortgaged:
            held.append(prop)
        else:
            mortgaged_deeds[owner] = None
            hints[owner] = prop.index
            unsafe -= 1
            if not unsafe:
                return
    eliminated_before = False
    for seat in exposed:
        owned = mortgaged_deeds[seat]
        if owned is None:
            continue
        if eliminated_before:  # an elimination moves deeds and money: look at this player afresh
            if players[seat].eliminated:
                continue
            owned = [prop for prop in by_index.values() if prop.owner == seat]
            if any(not prop.mortgaged for prop in owned):
                continue
        cash = players[seat].cash
        if not owned and cash == 0:
            eliminate(ctx, seat, "destitute: no property and no cash", rule_id="R-LOSE-01")
        elif owned and sum(lift_cost(p) for p in owned) > cash:
            mortgaged_out(ctx, seat, [p.index for p in owned])
        else:
            continue
        if state.game_over:
            return
        eliminated_before = True  # elimination takes effect at once, for each player in turn (D-16)


def mortgaged_out(ctx: RulesContext, seat: int, properties: list[int]) -> None:
    """R-LOSE-03: eliminated; the Chair may buy off the mortgages, then the Bank auctions the rest."""
    held = sorted(properties)
    eliminate(ctx, seat, "mortgaged out", rule_id="R-LOSE-03", keep_mortgages=True)
    dispose_of_deeds(ctx, seat, held)


def dispose_of_deeds(ctx: RulesContext, seat: int, held: list[int]) -> None:
    """R-LOSE-03's disposal of the deeds of an eliminated player (they are unowned already, mortgages kept): the
    Chair may buy off the mortgages (not the professional Banker, not the Artillery, who can own nothing, D-11),
    then the Bank auctions every property left, unmortgaged. If the game is over, no disposal follows and the deeds
    are back with the Bank as they started (D-14)."""
    state = ctx.state
    if state.game_over:
        for index in held:
            clear_mortgage(ctx, index, "R-LOSE-03")
        return
    mortgaged = [index for index in held if state.properties[index].mortgaged]
    start_property_auctions(ctx, [index for index in held if index not in mortgaged], after=seat)  # auctioned last
    chair = state.chair
    if (mortgaged and chair is not None and chair != seat and state.professional_banker is None
            and not state.players[chair].eliminated and not is_artillery(state, chair)):
        state.pending.append(ChairBuyoff(chair=chair, properties=mortgaged))
    else:
        start_property_auctions(ctx, mortgaged, after=seat)


def start_property_auctions(ctx: RulesContext, properties: list[int], after: int | None = None) -> None:
    """R-LOSE-03 step 2: every property left is auctioned unmortgaged, one after another (R-DEAL-09)."""
    state = ctx.state
    for index in properties:
        clear_mortgage(ctx, index, "R-LOSE-03")
    if not properties:
        return
    auction = Auction(item="property", property=properties[0], bidders=[], remaining_properties=properties[1:])
    if state.chair is None and state.professional_banker is None:
        auction.start_after = after
    if open_property_auction(ctx, auction):
        state.pending.append(auction)


def bidding_order(ctx: RulesContext, after: int | None = None) -> list[int]:
    """Active, not disabled faction players, starting with the player after the Chair (R-DEAL-09).

    While the Chair is vacant (the eliminated player was the Chair) bidding starts after the seat given."""
    state = ctx.state
    seats = [s for s in state.faction_seats() if not state.players[s].disabled]
    anchor = state.chair if state.chair is not None else state.professional_banker
    if anchor is None:
        anchor = after
    if anchor in state.seat_order:
        order = state.seat_order
        start = order.index(anchor)
        rotated = order[start + 1:] + order[:start + 1]
        seats = [s for s in rotated if s in seats]
    return seats


def can_take_property(ctx: RulesContext, seat: int) -> bool:
    """A property bidder needs a free arrow; the Artillery may not bid for property (R-DEAL-09)."""
    player = ctx.state.players[seat]
    return player.faction != "artillery" and bool(structure.free_arrows(ctx, seat))


def give_property(ctx: RulesContext, index: int, seat: int, parent: int, arrow: int,
                  rule_id: str = "R-DEAL-09") -> None:
    prop = ctx.state.properties[index]
    reason = "auction" if rule_id == "R-DEAL-09" else "mortgage buy-off"
    prop.owner, prop.controller, prop.control_origin = seat, seat, "owner"
    ctx.emit(OwnershipChanged(property=index, old_owner=None, new_owner=seat, reason=reason, rule_id=rule_id))
    ctx.emit(ControlChanged(property=index, old_controller=None, new_controller=seat, origin="owner",
                            reason=reason, rule_id=rule_id))
    structure.place_or_unattach(ctx, seat, index, parent, arrow)


def buy_off(ctx: RulesContext, window: ChairBuyoff, seat: int, index: int, parent: int, arrow: int) -> None:
    """R-LOSE-03 step 1: the Chair pays ceil(1.1 × principal) and takes the property unmortgaged."""
    if seat != window.chair:
        raise refuse("E_NOT_YOUR_TURN", "R-LOSE-03", "Only the Chair may buy off these mortgages.")
    if index not in window.properties:
        raise refuse("E_NOT_A_PROPERTY", "R-LOSE-03", "That property is not offered to the Chair.")
    prop = ctx.state.properties[index]
    cost = lift_cost(prop)
    check_no_bank_debt(ctx, seat)
    if ctx.state.players[seat].cash < cost:
        raise refuse("E_INSUFFICIENT_FUNDS", "R-LOSE-03", f"Buying off this mortgage costs ${cost}.")
    structure.check_free_arrow(ctx, seat, parent, arrow, "R-LOSE-03")
    move(ctx, seat, BANK, cost, "Chair's mortgage buy-off", "R-LOSE-03")
    window.properties.remove(index)
    lift(ctx, index)
    give_property(ctx, index, seat, parent, arrow, rule_id="R-LOSE-03")


def end_buy_off(ctx: RulesContext, window: ChairBuyoff, seat: int) -> None:
    if seat != window.chair:
        raise refuse("E_NOT_YOUR_TURN", "R-LOSE-03", "Only the Chair may end the buy-off.")
    ctx.state.pending.remove(window)
    start_property_auctions(ctx, list(window.properties))


def eliminate(ctx: RulesContext, seat: int, reason: str, beneficiary: int | None = None, rule_id: str = "R-LOSE-05",
              keep_mortgages: bool = False, placements=()) -> None:
    """Take a player out (R-LOSE-05), or hand everything to a foreclosing creditor (R-LOSE-04)."""
    state = ctx.state
    player = state.players[seat]
    if player.bank_debt:
        # His debts are cancelled (R-LOSE-05 step 5, R-LOSE-04); the Bank's goes first, so that a refund he still
        # receives below goes where R-LOSE-04/05 send his cash, not to the Bank as a repayment.
        ctx.notice(f"{ctx.name(seat)}'s debt of ${player.bank_debt} to the Bank is cancelled.", rule_id, seat)
        player.bank_debt = 0
    refund_escrows(ctx, seat)
    if state.pending_ransom is not None and state.pending_ransom.artillery == seat:
        state.pending_ransom = None  # the demand of a player gone lapses (R-ART-04)
    if state.pending or state.held_payments:
        withdraw_from_pending(ctx, seat, rule_id)
    # §25, D-11: a foreclosing Artillery receives the debtor's cash and nothing else; the deeds and the control
    # deeds go as in a foreclosure by the Bank, his deeds disposed of by R-LOSE-03.
    cash_only = beneficiary is not None and is_artillery(state, beneficiary)
    disposed = []
    if beneficiary is None or cash_only:
        for index, prop in state.properties.items():
            if prop.owner == seat:
                remove_buildings(ctx, index)
                if cash_only:
                    disposed.append(index)
                elif not keep_mortgages:
                    clear_mortgage(ctx, index, rule_id)  # D-14
                prop.owner = None
                prop.parent, prop.arrow = None, 0
                old = prop.controller
                prop.controller, prop.control_origin = None, None
                ctx.emit(OwnershipChanged(property=index, old_owner=seat, new_owner=None, reason=reason,
                                          rule_id=rule_id))
                ctx.emit(ControlChanged(property=index, old_controller=old, new_controller=None, origin=None,
                                        reason=reason, rule_id=rule_id))
        release_control(ctx, seat)
        if cash_only and beneficiary is not None:  # (cash_only says there is one)
            move(ctx, seat, beneficiary, player.cash, "foreclosure", rule_id)
        else:
            move(ctx, seat, BANK, player.cash, "eliminated player's cash", rule_id)
        for card in player.political_favors:
            return_favor(ctx, card)
        player.political_favors = []
    else:
        foreclose_into(ctx, seat, beneficiary, placements)
    for other in state.players:
        if seat in other.bail_bonus_against:
            other.bail_bonus_against.remove(seat)
    for debt in [d for d in state.debts if seat in (d.creditor, d.debtor)]:
        state.debts.remove(debt)
        ctx.emit(DebtEvent(debt_id=debt.id, creditor=debt.creditor, debtor=debt.debtor, amount=debt.amount,
                           status="cancelled", rule_id=rule_id, visible_to=debt.secret_between))
    for offer in [o for o in state.offers if seat == o.proposer or seat in o.counterparties]:
        state.offers.remove(offer)
        ctx.emit(OfferEvent(offer_id=offer.id, status="void", detail="a party was eliminated", rule_id="R-DEAL-02",
                            visible_to=sorted([offer.proposer, *offer.counterparties])
                            if offer.visibility == "secret" else None))
    player.eliminated = True
    player.in_jail = False
    ctx.emit(PlayerEliminated(seat=seat, reason=reason, beneficiary=beneficiary if beneficiary is not None else BANK,
                              rule_id=rule_id))
    if player.faction == "dog" and player.dog_condition:
        ctx.emit(DogConditionChosen(seat=seat, condition=player.dog_condition, rule_id="R-LOSE-05"))
    if state.chair == seat:
        lose_chair(ctx, seat, "eliminated")  # R-LOSE-07, R-CHAIR-03 (c); the engine then opens an election
    remove_from_elections(ctx, seat)
    last_player_check(ctx)
    if disposed:
        dispose_of_deeds(ctx, seat, sorted(disposed))


def withdraw_from_pending(ctx: RulesContext, seat: int, rule_id: str) -> None:
    """D-16: anything still owed to or by a player who leaves is cancelled, and no decision waits for him.

    - His own raise-funds window closes (he was foreclosed by another creditor while raising funds), and so does a
      Steam Iron's card exemption of his: what he owed there is cancelled.
    - Payments still due to him in another player's window are struck out: nothing more is paid to him and no
      debt is created in his favour (R-LOSE-02 step 2). A window left with nothing to pay closes.
    - A Bank payment held for him during a Bank auction lapses (R-BANK-03 step 7).
    - He leaves the bidders of an open auction; a bid of his lapses with him, the item going back to the state it
      had before any bid (resolution: a bid is no payment, and an eliminated player can receive nothing).
    The seats still to decide in the other windows (elections, contests, Political Favor windows) skip him already.
    """
    state = ctx.state
    state.held_payments = [held for held in state.held_payments if held[0] != seat]
    for window in list(state.pending):
        if isinstance(window, (RaiseFunds, CardExemption)):
            owner = window.payer if isinstance(window, RaiseFunds) else window.seat
            kept = [(payee, amount) for payee, amount in window.payments if payee != seat]
            if owner == seat or not kept:
                state.pending.remove(window)
                if owner == seat:
                    ctx.notice(f"{ctx.name(seat)} leaves the game: what he still owed for {window.reason} is "
                               "cancelled.", rule_id, seat)
            elif len(kept) != len(window.payments):
                window.payments = kept
                ctx.notice(f"{ctx.name(seat)} leaves the game: nothing more is paid to him.", rule_id, seat)
        elif isinstance(window, Auction) and (seat in window.bidders or window.high_bidder == seat):
            if seat in window.bidders:
                position = window.bidders.index(seat)
                window.bidders.remove(seat)
                if position < window.turn_index:
                    window.turn_index -= 1
                if window.bidders:
                    window.turn_index %= len(window.bidders)
            if window.high_bidder == seat:
                window.high_bid, window.high_bidder = 0, None


def drop_decision_of_the_eliminated(ctx: RulesContext, top) -> bool:
    """D-16, R-GEN-03: when the decision on top of the stack would wait for a player who has left the game (or for
    nobody at all), close it or move it on as his leaving requires. Returns True when the stack changed."""
    state = ctx.state
    players = state.players
    kind = top.kind
    if kind in ("card_exemption", "reattach") and players[top.seat].eliminated:
        # A one-seat decision dies with its player: his card payment is cancelled with his debts, and his deeds
        # have left his structure (R-LOSE-05).
        state.pending.pop()
        return True
    if kind == "chair_buyoff" and players[top.chair].eliminated:
        end_buy_off(ctx, top, top.chair)  # the Chair's option lapses with him: the Bank auctions them all
        return True
    return False


def refund_escrows(ctx: RulesContext, seat: int) -> None:
    """A vote bribe whose payer or voter leaves the game is refunded to the payer before his cash is disposed of:
    the vote can no longer be cast as promised (§33.1 conditional legs)."""
    state = ctx.state
    for held in [e for e in state.vote_escrows if seat in (e.payer, e.voter)]:
        state.vote_escrows.remove(held)
        move(ctx, ESCROW, held.payer, held.amount, "vote bribe refunded", "R-DEAL-03")
    state.vote_commitments.pop(seat, None)
    if state.commitments or state.commitment_escrows:
        player_left(ctx, seat)


def release_control(ctx: RulesContext, seat: int) -> None:
    """Control the eliminated player held over others' property returns to its owner, or the Chair if mortgaged
    (R-LOSE-05 step 3)."""
    state = ctx.state
    for index, prop in state.properties.items():
        if prop.controller == seat and prop.owner not in (None, seat):
            origin: ControlOrigin
            if prop.mortgaged:
                new, origin = mortgage_holder(ctx.state, seat), "mortgage_chair"
            else:
                new, origin = prop.owner, "owner"
            prop.controller, prop.control_origin = new, origin
            ctx.emit(ControlChanged(property=index, old_controller=seat, new_controller=new, origin=origin,
                                    reason="controller eliminated", rule_id="R-LOSE-05"))


def foreclose_into(ctx: RulesContext, debtor: int, creditor: int, placements=()) -> None:
    """R-LOSE-04: cash, favors, deeds (with buildings and mortgages, no transfer fee) and control deeds go to the
    creditor; the debtor's arms hang on the creditor's free arrows as he chooses, the rest unattached."""
    state = ctx.state
    player = state.players[debtor]
    roots = []
    for index, prop in state.properties.items():
        if prop.owner == debtor:
            prop.owner = creditor
            ctx.emit(OwnershipChanged(property=index, old_owner=debtor, new_owner=creditor, reason="foreclosure",
                                      rule_id="R-LOSE-04"))
            if prop.parent == ROOT or prop.parent is None:
                roots.append(index)
                prop.parent, prop.arrow = None, 0
        if prop.controller == debtor or (prop.controller == creditor and prop.owner == creditor
                                         and prop.control_origin not in ("owner", "mortgage_chair")):
            old = prop.controller
            origin: ControlOrigin | None
            if prop.mortgaged and prop.control_origin == "mortgage_chair":
                # The debtor held it as Chair; that hold belongs to the office, not to him (R-CHAIR-04).
                new, origin = mortgage_holder(ctx.state, debtor), "mortgage_chair"
            elif prop.owner == creditor:
                new, origin = creditor, "owner"  # the creditor now owns what he controlled, or what the debtor held
            else:
                new, origin = creditor, prop.control_origin  # "C becomes the controller wherever D was"
            if (new, origin) == (prop.controller, prop.control_origin):
                continue
            prop.controller, prop.control_origin = new, origin
            ctx.emit(ControlChanged(property=index, old_controller=old, new_controller=new, origin=origin,
                                    reason="foreclosure", rule_id="R-LOSE-04"))
    # An unawakened Boat's new deeds are his alone: holds of others on them pass to him (R-FAC-BOAT-02, D-12).
    claim_holds(ctx, creditor, [i for i, p in state.properties.items() if p.owner == creditor], "foreclosure",
                "R-PB-03")
    chosen = {}
    for placement in placements:
        if placement.property not in roots or placement.property in chosen:
            raise refuse("E_INVALID_STRUCTURE", "R-LOSE-04",
                         f"{ctx.square_name(placement.property)} is not the root of one of the debtor's arms.")
        chosen[placement.property] = placement
    for root in [p.property for p in placements] + sorted(r for r in roots if r not in chosen):
        placement = chosen.get(root)
        if placement is not None and placement.parent is not None:
            structure.check_free_arrow(ctx, creditor, placement.parent, placement.arrow, "R-LOSE-04")
            structure.place_root(ctx, creditor, root, placement.parent, placement.arrow)
        else:
            structure.place_or_unattach(ctx, creditor, root)
    move(ctx, debtor, creditor, player.cash, "foreclosure", "R-LOSE-04")
    for card in player.political_favors:
        state.players[creditor].political_favors.append(card)
        ctx.emit(FavorGained(seat=creditor, deck=card.deck, number=card.number, rule_id="R-LOSE-04"))
    player.political_favors = []
