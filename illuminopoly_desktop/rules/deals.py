"""Offers: sales, trades, loans, gifts and bribes (R-SELL, R-DEAL, §33), and foreclosure (R-LOSE-04)."""
from __future__ import annotations

from ..model.state import ESCROW, FP, Offer, VoteEscrow
from . import structure
from .context import Ctx
from .errors import refuse
from .events import ControlChanged, DebtEvent, FavorGained, OfferEvent, OwnershipChanged
from .money import move, pay_bank
from .payments import add_debt
from .money import ceil_div
from .values import net_assets


def parties(offer: Offer) -> list[int]:
    return [offer.proposer, *offer.counterparties]


def visible_to(offer: Offer) -> list[int] | None:
    return sorted(parties(offer)) if offer.visibility == "secret" else None


def is_bribe(ctx: Ctx, offer: Offer) -> bool:
    """R-DEAL-06: a vote commitment, or payment to the professional Banker, makes an offer a bribe."""
    banker = ctx.state.professional_banker
    return any(leg.item.kind == "vote" or (leg.receiver == banker and leg.item.kind == "cash") for leg in offer.legs)


def check_offer_shape(ctx: Ctx, offer: Offer) -> None:
    """Static checks, run at proposal and again at execution (R-DEAL-02, R-SELL-01)."""
    state = ctx.state
    everyone = parties(offer)
    if len(set(everyone)) != len(everyone):
        raise refuse("E_WRONG_PHASE", "R-DEAL-02", "A party may appear only once in an offer.")
    banker = state.professional_banker
    for seat in everyone:
        if not 0 <= seat < len(state.players) or state.players[seat].eliminated:
            raise refuse("E_NOT_YOUR_TURN", "R-DEAL-02", "Every party must be an active player.")
        if state.players[seat].disabled:
            raise refuse("E_DISABLED", "R-DEAL-02", f"{ctx.name(seat)} is disabled and cannot deal.")
    for leg in offer.legs:
        if leg.giver not in everyone or leg.receiver not in everyone or leg.giver == leg.receiver:
            raise refuse("E_WRONG_PHASE", "R-DEAL-02", "Each leg must go from one party to another.")
        item = leg.item
        if banker in (leg.giver, leg.receiver) and not (leg.receiver == banker and item.kind in ("cash", "note")):
            raise refuse("E_FACTION_CANNOT", "R-BANKER-01", "The professional Banker can only receive bribes.")
        if item.kind == "deed":
            check_deed_leg(ctx, offer, leg)
        elif item.kind == "favor":
            if item.card not in state.players[leg.giver].political_favors:
                raise refuse("E_NO_FAVOR", "R-SELL-05", f"{ctx.name(leg.giver)} does not hold that Political Favor.")
        elif item.kind == "vote":
            election = next((p for p in state.pending if p.kind == "election"), None)
            if election is None:
                raise refuse("E_WRONG_PHASE", "R-DEAL-03", "A vote can be promised only during a Chair election.")
            if leg.giver not in election.voters or leg.giver in election.votes:
                raise refuse("E_WRONG_PHASE", "R-DEAL-03", f"{ctx.name(leg.giver)} has no vote left to promise.")
            if item.candidate not in election.candidates:
                raise refuse("E_NOT_ELIGIBLE_CANDIDATE", "R-CHAIR-02", "That player cannot stand for Chair.")
        elif item.kind == "loan":
            if any(round_no < state.round_no for round_no, _ in item.repayments) or any(a < 1 for _, a in item.repayments):
                raise refuse("E_WRONG_PHASE", "R-DEAL-04", "Repayments must be positive and fall in this round or later.")
    for seat in everyone:
        if seat == banker:
            continue
        owed = sum(leg.item.amount if leg.item.kind == "cash" else leg.item.principal if leg.item.kind == "loan" else 0
                   for leg in offer.legs if leg.giver == seat)
        if owed > state.players[seat].cash:
            raise refuse("E_INSUFFICIENT_FUNDS", "R-DEAL-02", f"{ctx.name(seat)} does not have ${owed} in cash.")


def check_deed_leg(ctx: Ctx, offer: Offer, leg) -> None:
    state = ctx.state
    index = leg.item.property
    prop = state.properties.get(index)
    if prop is None:
        raise refuse("E_NOT_A_PROPERTY", "R-SELL-01", "That square is not a property.")
    if prop.owner != leg.giver:
        raise refuse("E_NOT_OWNER", "R-SELL-01", f"{ctx.name(leg.giver)} does not own {ctx.square_name(index)}.")
    receiver = state.players[leg.receiver]
    if receiver.role != "faction" or receiver.faction == "artillery":
        raise refuse("E_FACTION_CANNOT", "R-SELL-01", "The Artillery and the professional Banker cannot receive property.")
    from .buildings import group_has_buildings

    if group_has_buildings(ctx, index):
        raise refuse("E_HAS_BUILDINGS", "R-SELL-02", f"Sell the buildings of {ctx.square_name(index)}'s group first.")
    moving = {l.item.property for l in offer.legs if l.item.kind == "deed" and l.giver == leg.giver
              and l.receiver == leg.receiver}
    missing = [i for i in structure.arm(state, index) if i not in moving]
    if missing:
        raise refuse("E_SUBTREE_REQUIRED", "R-STRUCT-10",
                     f"{ctx.square_name(index)} holds other deeds: its whole arm must go with it "
                     f"({', '.join(ctx.square_name(i) for i in missing)}).")


def propose(ctx: Ctx, seat: int, counterparties: list[int], legs, visibility: str, expires_round: int | None) -> None:
    state = ctx.state
    offer = Offer(id=state.next_id, proposer=seat, counterparties=list(counterparties), legs=list(legs),
                  visibility=visibility, expires_round=expires_round or state.round_no)
    check_offer_shape(ctx, offer)
    offer.category = "bribe" if is_bribe(ctx, offer) else "deal"
    state.next_id += 1
    state.offers.append(offer)
    ctx.emit(OfferEvent(offer_id=offer.id, status="proposed", seat=seat, rule_id="R-DEAL-02",
                        visible_to=visible_to(offer), detail=describe(ctx, offer)))


def describe(ctx: Ctx, offer: Offer) -> str:
    parts = []
    for leg in offer.legs:
        item = leg.item
        what = {"cash": lambda: f"${item.amount}", "deed": lambda: ctx.square_name(item.property),
                "favor": lambda: "a Political Favor", "loan": lambda: f"a ${item.principal} loan",
                "vote": lambda: f"a vote for {ctx.name(item.candidate)}", "note": lambda: f"“{item.text}”"}[item.kind]()
        parts.append(f"{ctx.name(leg.giver)} → {ctx.name(leg.receiver)}: {what}")
    return "; ".join(parts)


def find_offer(ctx: Ctx, offer_id: int) -> Offer:
    for offer in ctx.state.offers:
        if offer.id == offer_id:
            return offer
    raise refuse("E_WRONG_PHASE", "R-DEAL-02", "That offer no longer exists.")


def accept(ctx: Ctx, seat: int, offer_id: int, placements) -> bool:
    """Record an acceptance; returns True when every counterparty has accepted and the offer must execute."""
    offer = find_offer(ctx, offer_id)
    if seat not in offer.counterparties or seat in offer.accepted_by:
        raise refuse("E_NOT_YOUR_TURN", "R-DEAL-02", "This offer is not waiting for your answer.")
    for placement in placements:
        for leg in offer.legs:
            if leg.item.kind == "deed" and leg.item.property == placement.property and leg.receiver == seat:
                leg.item = leg.item.model_copy(update={"parent": placement.parent, "arrow": placement.arrow})
    offer.accepted_by.append(seat)
    ctx.emit(OfferEvent(offer_id=offer.id, status="accepted", seat=seat, rule_id="R-DEAL-02",
                        visible_to=visible_to(offer)))
    return set(offer.accepted_by) == set(offer.counterparties)


def execute(ctx: Ctx, offer: Offer) -> None:
    """Every leg in one atomic step (the caller runs this on a copy and keeps it only if nothing refuses)."""
    state = ctx.state
    state.offers.remove(offer)
    check_offer_shape(ctx, offer)
    secret = visible_to(offer)
    reason = "" if secret else ("bribe" if offer.category == "bribe" else "deal")
    banker = state.professional_banker
    has_return = {seat: any(l.giver == seat for l in offer.legs) for seat in parties(offer)}
    vote_legs = [l for l in offer.legs if l.item.kind == "vote"]
    deed_legs = [l for l in offer.legs if l.item.kind == "deed"]
    moving = {leg.item.property for leg in deed_legs}
    roots = [leg for leg in deed_legs if state.properties[leg.item.property].parent not in moving]
    for leg in deed_legs:  # detach every moving arm first, so the arrows it frees can be reused
        transfer_deed(ctx, leg, is_root=leg in roots)
    for leg in roots:
        place_arm_root(ctx, leg)
    for leg in offer.legs:
        item = leg.item
        if item.kind == "cash":
            if leg.receiver == banker:
                keeper = banker if ctx.options.banker_personal_purse else "bank"
                split_half(ctx, leg.giver, keeper, item.amount, "bribe to the Banker")
            elif vote_legs and any(v.giver == leg.receiver for v in vote_legs):
                vote = next(v for v in vote_legs if v.giver == leg.receiver)
                move(ctx, leg.giver, ESCROW, item.amount, "vote bribe held in escrow", "R-DEAL-03")
                election = next(p for p in state.pending if p.kind == "election")
                state.vote_escrows.append(VoteEscrow(offer_id=offer.id, payer=leg.giver, voter=leg.receiver,
                                                     candidate=vote.item.candidate, amount=item.amount,
                                                     election_id=election.id))
            elif not has_return[leg.receiver] and ctx.options.bribe_tax_scope == "all_unconditional_gifts":
                split_half(ctx, leg.giver, leg.receiver, item.amount, "gift")
            else:
                move(ctx, leg.giver, leg.receiver, item.amount, reason, "R-DEAL-03")
        elif item.kind == "favor":
            state.players[leg.giver].political_favors.remove(item.card)
            state.players[leg.receiver].political_favors.append(item.card)
            ctx.emit(FavorGained(seat=leg.receiver, deck=item.card.deck, number=item.card.number, rule_id="R-SELL-05"))
        elif item.kind == "loan":
            move(ctx, leg.giver, leg.receiver, item.principal, "loan" if not secret else "", "R-DEAL-04")
            for round_no, amount in item.repayments:
                add_debt(ctx, leg.giver, leg.receiver, amount, round_no, secret_between=secret)
        elif item.kind == "vote":
            state.vote_commitments[leg.giver] = item.candidate
    ctx.emit(OfferEvent(offer_id=offer.id, status="executed", rule_id="R-DEAL-02", visible_to=secret,
                        detail=describe(ctx, offer)))


def split_half(ctx: Ctx, payer: int, other, amount: int, reason: str) -> None:
    to_fp = amount // 2
    move(ctx, payer, FP, to_fp, reason, "R-FP-02")
    move(ctx, payer, other, amount - to_fp, reason, "R-FP-02")


def transfer_deed(ctx: Ctx, leg, is_root: bool) -> None:
    """Ownership moves; the seller keeps control he had (R-SELL-03); a mortgage is lifted or carried (R-SELL-04)."""
    state = ctx.state
    index = leg.item.property
    prop = state.properties[index]
    seller, buyer = leg.giver, leg.receiver
    prop.owner = buyer
    if is_root:
        prop.parent, prop.arrow = None, 0
    ctx.emit(OwnershipChanged(property=index, old_owner=seller, new_owner=buyer, reason="sale", rule_id="R-SELL-01"))
    buyer_player = state.players[buyer]
    boat_immune = buyer_player.faction == "boat" and not buyer_player.awakened
    if prop.controller == seller and prop.control_origin != "mortgage_chair":
        new, origin = (buyer, "owner") if boat_immune else (seller, "seller_retention")
    elif prop.controller == buyer:
        new, origin = buyer, "owner"
    else:
        new, origin = prop.controller, prop.control_origin
    if (new, origin) != (prop.controller, prop.control_origin):
        old = prop.controller
        prop.controller, prop.control_origin = new, origin
        ctx.emit(ControlChanged(property=index, old_controller=old, new_controller=new, origin=origin,
                                reason="sale", rule_id="R-SELL-03"))
    if prop.mortgaged:
        from .buildings import lift
        from .values import lift_cost

        if leg.item.mortgage_choice == "lift":
            cost = lift_cost(prop)
            if state.players[buyer].cash < cost:
                raise refuse("E_INSUFFICIENT_FUNDS", "R-SELL-04", f"Lifting the mortgage costs ${cost}.")
            pay_bank(ctx, buyer, cost, "mortgage lifted on sale", "R-SELL-04")
            lift(ctx, index)
        else:
            fee = ceil_div(prop.mortgage_principal, 10)
            if state.players[buyer].cash < fee:
                raise refuse("E_INSUFFICIENT_FUNDS", "R-SELL-04", f"The mortgage transfer fee is ${fee}.")
            pay_bank(ctx, buyer, fee, "mortgage transfer fee", "R-SELL-04")


def place_arm_root(ctx: Ctx, leg) -> None:
    """The sold arm keeps its shape; its root goes into a free arrow of the buyer's (R-STRUCT-10)."""
    index = leg.item.property
    parent, arrow = leg.item.parent, leg.item.arrow
    if parent is None or arrow is None:
        slots = structure.free_arrows(ctx, leg.receiver)
        if not slots:
            raise refuse("E_NO_FREE_ARROW", "R-STRUCT-04", f"{ctx.name(leg.receiver)} has no free arrow.")
        parent, arrow = slots[0]
    else:
        structure.check_free_arrow(ctx, leg.receiver, parent, arrow)
    structure.place_root(ctx, leg.receiver, index, parent, arrow)


def foreclose(ctx: Ctx, creditor: int, debtor: int) -> None:
    """R-LOSE-04: a due debt larger than the debtor's net assets lets the creditor take everything."""
    from .losing import eliminate

    state = ctx.state
    due = [d for d in state.debts if d.creditor == creditor and d.debtor == debtor and d.due]
    if not due:
        raise refuse("E_WRONG_PHASE", "R-LOSE-04", "That player owes you no debt that has come due.")
    if sum(d.amount for d in due) <= net_assets(ctx, debtor):
        raise refuse("E_WRONG_PHASE", "R-LOSE-04", "The debt is not larger than the debtor's net assets.")
    eliminate(ctx, debtor, "foreclosure", beneficiary=creditor)


def forgive(ctx: Ctx, seat: int, debt_id: int, new_round: int | None) -> None:
    state = ctx.state
    debt = next((d for d in state.debts if d.id == debt_id), None)
    if debt is None or debt.creditor != seat:
        raise refuse("E_NOT_OWNER", "R-DEAL-04", "Only the creditor may forgive or extend a debt.")
    if new_round is None:
        state.debts.remove(debt)
        status = "forgiven"
    else:
        if new_round < state.round_no:
            raise refuse("E_WRONG_PHASE", "R-DEAL-04", "A debt can only be extended to this round or later.")
        debt.due_round, debt.due = new_round, False
        status = "extended"
    ctx.emit(DebtEvent(debt_id=debt.id, creditor=debt.creditor, debtor=debt.debtor, amount=debt.amount,
                       status=status, rule_id="R-DEAL-04", visible_to=debt.secret_between))

