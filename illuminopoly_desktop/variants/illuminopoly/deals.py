"""What an Illuminopoly offer may hold and what its legs do: sales and trades of deeds on arrows, Political Favors, loans,
votes, commitments, gifts and bribes (R-SELL, R-DEAL, §33), and foreclosure (R-LOSE-04). The offer's lifecycle is the
core's (rules/offers.py): its checks at proposal and again at execution (R-DEAL-02) are `check_offer_shape`."""
from __future__ import annotations

from ...model.property_state import ControlOrigin
from ...model.state import (ESCROW, FP, CashItem, DeedItem, FavorItem, NoteItem, Offer, OfferItem, OfferLeg,
                             VoteEscrow, VoteItem)
from ...rules.buildings import group_has_buildings
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.events import ControlChanged, FavorGained, OfferEvent, OwnershipChanged
from ...rules.money import check_no_bank_debt, move, pay_bank
from ...rules.mortgages import lift_cost, transfer_fee
from ...rules.offers import common_item_words, describe_legs, parties, visible_to
from ...rules.payments import add_debt
from .access import illuminopoly_options, item_as
from . import commitments, structure
from .boat import claim_holds
from .buildings import lift
from .contests import check_not_a_party, check_not_in_contest
from .losing import eliminate
from .property_values import net_assets
from .structure import arm

CONSIDERATION_KINDS = frozenset({"cash", "deed", "favor", "loan", "vote"}) | commitments.KINDS
"""Enforceable items (R-DEAL-03). A free-text note is recorded but is no consideration (§33.5)."""


def is_bribe(ctx: RulesContext, offer: Offer) -> bool:
    """R-DEAL-06: a vote commitment, or payment to the professional Banker, makes an offer a bribe."""
    banker = ctx.state.professional_banker
    return any(leg.item.kind == "vote" or (leg.receiver == banker and leg.item.kind == "cash") for leg in offer.legs)


def bribes_are_split(ctx: RulesContext) -> bool:
    """R-FP-02: with `bribe_tax_scope=none` no payment is treated as a bribe to be split with the pot."""
    return illuminopoly_options(ctx).bribe_tax_scope != "none"


def _sale_rule(offer: Offer) -> str:
    """Refusals about a sale or trade cite R-SELL-01; other deals cite R-DEAL-02."""
    return "R-SELL-01" if any(leg.item.kind == "deed" for leg in offer.legs) else "R-DEAL-02"


def cash_needed(ctx: RulesContext, offer: Offer, seat: int) -> int:
    """What the seat must pay out of his own cash to carry the offer out: cash and loan legs he gives, plus the
    mortgage lift or transfer fee of every mortgaged deed he receives (R-SELL-04). Incoming cash is not counted:
    the legs execute at once, but each payer must be able to pay his part by himself."""
    state = ctx.state
    total = 0
    for leg in offer.legs:
        item = leg.item
        if leg.giver == seat:
            if item.kind == "cash":
                total += item.amount
            elif item.kind == "loan":
                total += item.principal
        if leg.receiver == seat and item.kind == "deed":
            prop = state.properties.get(item.property)
            if prop is not None and prop.mortgaged:
                total += lift_cost(prop) if item.mortgage_choice == "lift" else transfer_fee(prop)
    return total


def check_offer_shape(ctx: RulesContext, offer: Offer) -> None:
    """Every check of an offer's legs, run at proposal and again at execution (R-DEAL-02, R-SELL-01, §33.1)."""
    state = ctx.state
    everyone = parties(offer)
    rule = _sale_rule(offer)
    if len(set(everyone)) != len(everyone):
        raise refuse("E_WRONG_PHASE", "R-DEAL-02", "A party may appear only once in an offer.")
    banker = state.professional_banker
    for seat in everyone:
        if not 0 <= seat < len(state.players) or state.players[seat].eliminated:
            raise refuse("E_NOT_YOUR_TURN", "R-DEAL-02", "Every party must be an active player.")
        if state.players[seat].disabled:
            raise refuse("E_DISABLED", rule, f"{ctx.name(seat)} is disabled and cannot deal.")
    for leg in offer.legs:
        if leg.giver not in everyone or leg.receiver not in everyone or leg.giver == leg.receiver:
            raise refuse("E_WRONG_PHASE", "R-DEAL-02", "Each leg must go from one party to another.")
    for seat in everyone:
        if not any(seat in (leg.giver, leg.receiver) for leg in offer.legs):
            raise refuse("E_WRONG_PHASE", "R-DEAL-02", f"{ctx.name(seat)} neither gives nor receives anything.")
    for leg in offer.legs:
        item = leg.item
        if item.kind not in CONSIDERATION_KINDS and item.kind != "note":
            # an item of another rule system's trades (the Georgist buyer's Bank loan, V-GEORGE-22)
            raise refuse("E_WRONG_PHASE", "R-DEAL-02", "That kind of item has no place in an Illuminopoly deal.")
        if banker in (leg.giver, leg.receiver) and not (leg.receiver == banker and item.kind in ("cash", "note")):
            if item.kind == "deed" and leg.receiver == banker:
                raise refuse("E_FACTION_CANNOT", "R-SELL-01", "The professional Banker never owns property.")
            raise refuse("E_FACTION_CANNOT", "R-BANKER-01", "The professional Banker can only receive bribes.")
        if item.kind == "deed":
            check_deed_leg(ctx, offer, leg)
        elif item.kind == "favor":
            holder = state.players[leg.giver].political_favors
            wanted = sum(1 for l in offer.legs if l.item.kind == "favor" and l.giver == leg.giver
                         and l.item.card == item.card)
            if holder.count(item.card) < wanted:
                raise refuse("E_NO_FAVOR", "R-SELL-05", f"{ctx.name(leg.giver)} does not hold that Political Favor.")
        elif item.kind == "vote":
            check_vote_leg(ctx, leg)
        elif item.kind in commitments.KINDS:
            commitments.check_leg(ctx, offer, leg)  # restraint, graft and helper commitments (R-DEAL-03)
        elif item.kind == "loan":
            if any(round_no <= state.round_no for round_no, _ in item.repayments) or any(
                    a < 1 for _, a in item.repayments):
                # Repayments are collected at the start of their round (R-DEAL-04); a round that has already
                # started has had its collection, so repayments must fall in a later round.
                raise refuse("E_WRONG_PHASE", "R-DEAL-04", "Repayments must be positive and fall in a later round.")
    for seat in everyone:
        if seat == banker:
            continue
        owed = cash_needed(ctx, offer, seat)
        if owed:
            check_no_bank_debt(ctx, seat)  # R-LOSE-02: no voluntary spend while he owes the Bank
        if owed > state.players[seat].cash:
            raise refuse("E_INSUFFICIENT_FUNDS", "R-SELL-04" if owed > _plain_cash(offer, seat) else "R-DEAL-02",
                         f"{ctx.name(seat)} does not have ${owed} in cash.")


def _plain_cash(offer: Offer, seat: int) -> int:
    return sum(leg.item.amount if leg.item.kind == "cash" else leg.item.principal if leg.item.kind == "loan" else 0
               for leg in offer.legs if leg.giver == seat)


def check_vote_leg(ctx: RulesContext, leg) -> None:
    """A vote commitment (R-DEAL-03) needs an open Chair election in which the giver still has his vote."""
    state = ctx.state
    item = leg.item
    election = next((p for p in state.pending if p.kind == "election"), None)
    if election is None:
        raise refuse("E_WRONG_PHASE", "R-DEAL-03", "A vote can be promised only during a Chair election.")
    if leg.giver not in election.voters or leg.giver in election.votes:
        raise refuse("E_WRONG_PHASE", "R-DEAL-03", f"{ctx.name(leg.giver)} has no vote left to promise.")
    if item.candidate not in election.candidates:
        raise refuse("E_NOT_ELIGIBLE_CANDIDATE", "R-CHAIR-02", "That player cannot stand for Chair.")
    committed = state.vote_commitments.get(leg.giver)
    if committed is not None and committed != item.candidate and committed in election.candidates:
        raise refuse("E_COMMITMENT", "R-DEAL-03",
                     f"{ctx.name(leg.giver)} has already committed his vote to {ctx.name(committed)}.")


def check_deed_leg(ctx: RulesContext, offer: Offer, leg) -> None:
    state = ctx.state
    index = leg.item.property
    prop = state.properties.get(index)
    if prop is None:
        raise refuse("E_NOT_A_PROPERTY", "R-SELL-01", "That square is not a property.")
    if prop.owner != leg.giver:
        raise refuse("E_NOT_OWNER", "R-SELL-01", f"{ctx.name(leg.giver)} does not own {ctx.square_name(index)}.")
    if state.pending:

        for member in arm(state, index):
            check_not_in_contest(state, member)
    receiver = state.players[leg.receiver]
    if receiver.role != "faction" or receiver.faction == "artillery":
        raise refuse("E_FACTION_CANNOT", "R-SELL-01", "The Artillery and the professional Banker cannot receive property.")
    if sum(1 for l in offer.legs if l.item.kind == "deed" and l.item.property == index) > 1:
        raise refuse("E_WRONG_PHASE", "R-SELL-01", f"{ctx.square_name(index)} appears twice in the offer.")
    if group_has_buildings(ctx, index):
        raise refuse("E_HAS_BUILDINGS", "R-SELL-02", f"Sell the buildings of {ctx.square_name(index)}'s group first.")
    moving = {l.item.property for l in offer.legs if l.item.kind == "deed" and l.giver == leg.giver
              and l.receiver == leg.receiver}
    missing = [i for i in structure.arm(state, index) if i not in moving]
    if missing:
        raise refuse("E_SUBTREE_REQUIRED", "R-STRUCT-10",
                     f"{ctx.square_name(index)} holds other deeds: its whole arm must go with it "
                     f"({', '.join(ctx.square_name(i) for i in missing)}).")


def describe(ctx: RulesContext, offer: Offer) -> str:
    return describe_legs(ctx, offer, _item_words)


def _item_words(ctx: RulesContext, item: OfferItem) -> str:
    words = common_item_words(ctx, item, "a Political Favor")
    if words is not None:
        return words
    if isinstance(item, VoteItem):
        return f"a vote for {ctx.name(item.candidate)}"
    if isinstance(item, NoteItem):
        return f"“{item.text}”"
    return commitments.describe_item(ctx, item)


def check_acceptance(ctx: RulesContext, offer: Offer, seat: int, placements) -> None:
    """What accepting commits the seat to (R-LOSE-02: no spend while he owes the Bank), and where the deeds he
    receives go: each arm's root onto a free arrow of his choice (R-STRUCT-04), recorded in its leg."""
    if cash_needed(ctx, offer, seat):
        check_no_bank_debt(ctx, seat)  # R-LOSE-02: accepting would commit him to a spend
    received = {leg.item.property: leg for leg in offer.legs if leg.item.kind == "deed" and leg.receiver == seat}
    for placement in placements:
        leg = received.get(placement.property)
        if leg is None:
            raise refuse("E_INVALID_STRUCTURE", "R-STRUCT-04",
                         f"{ctx.square_name(placement.property)} is not a deed you receive in this offer.")
        parent = ctx.state.properties[placement.property].parent
        if parent is not None and parent in received:
            raise refuse("E_INVALID_STRUCTURE", "R-STRUCT-10",
                         f"{ctx.square_name(placement.property)} keeps its place in the arm it belongs to.")
        if placement.parent is None:
            raise refuse("E_INVALID_STRUCTURE", "R-STRUCT-04", "An acquired deed must go onto a free arrow.")
        leg.item = leg.item.model_copy(update={"parent": placement.parent, "arrow": placement.arrow})


def offer_category(ctx: RulesContext, offer: Offer) -> str:
    return "bribe" if is_bribe(ctx, offer) else "deal"


def execute(ctx: RulesContext, offer: Offer) -> None:
    """Every leg in one atomic step (the caller runs this on a copy and keeps it only if nothing refuses)."""
    state = ctx.state
    state.offers.remove(offer)
    check_offer_shape(ctx, offer)
    secret = visible_to(offer)
    # R-DEAL-05: the public sees a secret deal's cash totals and deed moves, with no reason given.
    reason = "" if secret else ("bribe" if offer.category == "bribe" else "deal")
    banker = state.professional_banker
    split = bribes_are_split(ctx)
    has_return = {seat: any(l.giver == seat and l.item.kind in CONSIDERATION_KINDS for l in offer.legs)
                  for seat in parties(offer)}
    vote_legs = [l for l in offer.legs if l.item.kind == "vote"]
    deed_legs = [l for l in offer.legs if l.item.kind == "deed"]
    moving = {item_as(leg, DeedItem).property for leg in deed_legs}
    roots = [leg for leg in deed_legs if state.properties[item_as(leg, DeedItem).property].parent not in moving]
    for leg in deed_legs:  # detach every moving arm first, so the arrows it frees can be reused
        transfer_deed(ctx, leg, is_root=leg in roots, secret=secret is not None)
    for leg in roots:
        place_arm_root(ctx, leg)
    for leg in deed_legs:  # an unawakened Boat's new deeds are his alone (R-FAC-BOAT-02, D-12)
        claim_holds(ctx, leg.receiver, [item_as(leg, DeedItem).property], "" if secret else "sale", None if secret else "R-PB-03")
    conditions = commitments.record(ctx, offer)  # R-DEAL-03: restraint, graft and helper commitments
    for leg in offer.legs:
        item = leg.item
        if isinstance(item, CashItem):
            if leg.receiver == banker:
                # R-BANKER-04, R-FP-02: half to the pot, the rest to Reserves (or the Banker's purse).
                keeper = banker if illuminopoly_options(ctx).banker_personal_purse else "bank"
                if split:
                    split_half(ctx, leg.giver, keeper, item.amount, reason and "bribe to the Banker")
                else:
                    move(ctx, leg.giver, keeper, item.amount, reason and "bribe to the Banker", "R-BANKER-04")
            elif any(v.giver == leg.receiver for v in vote_legs):
                # §33.1 conditional legs: cash for a vote waits in escrow until the vote is cast.
                vote = next(v for v in vote_legs if v.giver == leg.receiver)
                move(ctx, leg.giver, ESCROW, item.amount, reason and "vote bribe held in escrow", "R-DEAL-03")
                election = next(p for p in state.pending if p.kind == "election")
                state.vote_escrows.append(VoteEscrow(offer_id=offer.id, payer=leg.giver, voter=leg.receiver,
                                                     candidate=item_as(vote, VoteItem).candidate, amount=item.amount,
                                                     election_id=election.id))
            elif (leg.receiver, leg.giver) in conditions:
                # §33.1 conditional legs: cash for a graft or helper commitment waits until it is kept.
                commitments.hold_cash(ctx, offer, leg, conditions[(leg.receiver, leg.giver)], reason)
            elif split and offer.category == "bribe":
                # R-DEAL-06: all the cash of a bribe is split, also what goes to a party who promised nothing.
                split_half(ctx, leg.giver, leg.receiver, item.amount, reason)
            elif not has_return[leg.receiver] and illuminopoly_options(ctx).bribe_tax_scope == "all_unconditional_gifts":
                split_half(ctx, leg.giver, leg.receiver, item.amount, reason and "gift")
            else:
                move(ctx, leg.giver, leg.receiver, item.amount, reason, "R-DEAL-03" if not secret else None)
        elif isinstance(item, FavorItem):
            state.players[leg.giver].political_favors.remove(item.card)
            state.players[leg.receiver].political_favors.append(item.card)
            ctx.emit(FavorGained(seat=leg.receiver, deck=item.card.deck, number=item.card.number, rule_id="R-SELL-05"))
        elif item.kind == "loan":
            move(ctx, leg.giver, leg.receiver, item.principal, "loan" if not secret else "",
                 "R-DEAL-04" if not secret else None)
            for round_no, amount in item.repayments:
                add_debt(ctx, leg.giver, leg.receiver, amount, round_no, secret_between=secret)
        elif item.kind == "vote":
            state.vote_commitments[leg.giver] = item.candidate
    ctx.emit(OfferEvent(offer_id=offer.id, status="executed", rule_id="R-DEAL-02", visible_to=secret,
                        detail=describe(ctx, offer)))


def split_half(ctx: RulesContext, payer: int, other, amount: int, reason: str) -> None:
    """`floor(x/2)` to the Free Parking pot, the rest to `other` (R-GEN-01, R-FP-02)."""
    to_fp = amount // 2
    rule = "R-FP-02" if reason else None
    move(ctx, payer, FP, to_fp, reason, rule)
    move(ctx, payer, other, amount - to_fp, reason, rule)


def transfer_deed(ctx: RulesContext, leg: OfferLeg, is_root: bool, secret: bool = False) -> None:
    """Ownership moves; the seller keeps control he had (R-SELL-03); a mortgage is lifted or carried (R-SELL-04)."""
    state = ctx.state
    deed = item_as(leg, DeedItem)
    index = deed.property
    prop = state.properties[index]
    seller, buyer = leg.giver, leg.receiver
    why = "" if secret else "sale"
    prop.owner = buyer
    if is_root:
        prop.parent, prop.arrow = None, 0
    ctx.emit(OwnershipChanged(property=index, old_owner=seller, new_owner=buyer, reason=why,
                              rule_id=None if secret else "R-SELL-01"))
    buyer_player = state.players[buyer]
    boat_immune = buyer_player.faction == "boat" and not buyer_player.awakened
    new: int | None
    origin: ControlOrigin | None
    if prop.controller == seller and prop.control_origin != "mortgage_chair":
        # no seller-retention control over an unawakened Boat's property; it goes to him at once.
        new, origin = (buyer, "owner") if boat_immune else (seller, "seller_retention")
    elif prop.controller == buyer:
        # "If the buyer controlled it, it is now simply his own" — except that a Chair buying a mortgaged property
        # he holds as Chair keeps holding it in that role while it stays mortgaged (A-89, R-CHAIR-04).
        new, origin = buyer, ("mortgage_chair" if prop.mortgaged and prop.control_origin == "mortgage_chair"
                              else "owner")
    else:
        new, origin = prop.controller, prop.control_origin
    if (new, origin) != (prop.controller, prop.control_origin):
        old = prop.controller
        prop.controller, prop.control_origin = new, origin
        ctx.emit(ControlChanged(property=index, old_controller=old, new_controller=new, origin=origin,
                                reason=why, rule_id=None if secret else "R-SELL-03"))
    if prop.mortgaged:
        if deed.mortgage_choice == "lift":
            cost = lift_cost(prop)
            if state.players[buyer].cash < cost:
                raise refuse("E_INSUFFICIENT_FUNDS", "R-SELL-04", f"Lifting the mortgage costs ${cost}.")
            pay_bank(ctx, buyer, cost, "mortgage lifted on sale", "R-SELL-04")
            lift(ctx, index)
        else:
            fee = transfer_fee(prop)
            if state.players[buyer].cash < fee:
                raise refuse("E_INSUFFICIENT_FUNDS", "R-SELL-04", f"The mortgage transfer fee is ${fee}.")
            pay_bank(ctx, buyer, fee, "mortgage transfer fee", "R-SELL-04")


def place_arm_root(ctx: RulesContext, leg) -> None:
    """The sold arm keeps its shape; its root goes into a free arrow of the buyer's (R-STRUCT-10, R-STRUCT-04)."""
    index = leg.item.property
    parent, arrow = leg.item.parent, leg.item.arrow
    if parent is None or arrow is None:
        slots = structure.free_arrows(ctx, leg.receiver)
        if not slots:
            raise refuse("E_NO_FREE_ARROW", "R-SELL-01", f"{ctx.name(leg.receiver)} has no free arrow.")
        parent, arrow = slots[0]
    else:
        structure.check_free_arrow(ctx, leg.receiver, parent, arrow, "R-SELL-01")
    structure.place_root(ctx, leg.receiver, index, parent, arrow)


def foreclose(ctx: RulesContext, creditor: int, debtor: int, placements=()) -> None:
    """R-LOSE-04: a due debt larger than the debtor's net assets (R-VAL-07) lets the creditor take everything."""
    check_foreclose(ctx, creditor, debtor)
    if placements and ctx.state.players[creditor].faction == "artillery":
        raise refuse("E_FACTION_CANNOT", "R-LOSE-04", "The Artillery receives no deeds: there is nothing to place.")
    eliminate(ctx, debtor, "foreclosure", beneficiary=creditor, rule_id="R-LOSE-04", placements=list(placements))


def check_foreclose(ctx: RulesContext, creditor: int, debtor: int) -> None:
    state = ctx.state
    if not 0 <= debtor < len(state.players) or state.players[debtor].eliminated:
        raise refuse("E_WRONG_PHASE", "R-LOSE-04", "That player is not in the game.")
    due = [d for d in state.debts if d.creditor == creditor and d.debtor == debtor and d.due]
    if not due:
        raise refuse("E_WRONG_PHASE", "R-LOSE-04", "That player owes you no debt that has come due.")
    if sum(d.amount for d in due) <= net_assets(ctx, debtor):
        raise refuse("E_WRONG_PHASE", "R-LOSE-04", "The debt is not larger than the debtor's net assets.")
    if state.pending:
        check_not_a_party(state, debtor)  # R-CONTEST-04: not while he is a party to an unresolved contest
    me = state.players[creditor]
    # A foreclosing Artillery takes only the cash; the deeds go as in a foreclosure by the Bank (§25, D-11).
    if me.role != "faction" and any(p.owner == debtor for p in state.properties.values()):
        raise refuse("E_FACTION_CANNOT", "R-LOSE-04", "You can own no property, so you cannot foreclose on deeds.")

