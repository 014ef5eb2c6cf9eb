"""The deal dialog without Qt: a draft offer built item by item, its terms in words, what §33.4 says the players must
see before they agree, the open offers a seat must answer, and the open debts with what their creditor may do
(forgive, extend, foreclose: R-DEAL-04, §33.3).

An offer is the engine's `ProposeOffer` (R-DEAL-02, §33.1): legs from one party to another carrying cash, a deed
with its whole arm, a Political Favor, a loan, a vote, a restraint, a graft or helper commitment, or a promise in
words. The draft is only checked by the engine (`engine.is_legal`); nothing here decides whether an offer is allowed.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..model.state import (ROOT, CashItem, Debt, DeedItem, FavorCard, GameState, LoanItem, NoteItem, Offer, OfferLeg,
                           Party)
from ..rules import actions as A
from ..rules import engine, offers
from ..model.rulesets import ruleset_of
from ..rules.boardindex import board_index
from ..rules.errors import IllegalAction
from ..rules.legal import enumerate_legal

ITEM_KINDS = {"cash": "Cash", "deed": "Property", "favor": "Political Favor", "loan": "Loan", "vote": "Chair vote",
              "note": "Promise in words", "restraint": "Restraint", "graft_commitment": "Graft commitment",
              "helper_commitment": "Helper commitment"}
"""Every item an offer leg may carry (model/state.py OfferItem), in the order the dialog lists them."""
ITEM_HELP = {
    "cash": "Cash now, paid in full (R-DEAL-03).",
    "deed": "A property with its whole arm (R-STRUCT-10); buildings in its group must be sold first (R-SELL-02).",
    "favor": "A Political Favor card (R-SELL-05).",
    "loan": "Cash now, repaid by the receiver in a later round; the engine collects it (R-DEAL-04).",
    "vote": "The giver votes for this candidate in the Chair election now open (R-DEAL-03, R-CHAIR-02).",
    "note": "Words only: recorded for the parties, never enforced (§33.5).",
    "restraint": "The giver will not declare these actions against a property or a player until a round's end "
                 "(R-DEAL-03).",
    "graft_commitment": "The giver commits exactly / at most / at least so many pips in the next contest over a "
                        "property (R-DEAL-03).",
    "helper_commitment": "The giver accepts an invitation to a side in the next contest over a property (R-DEAL-03).",
}
MODE_WORDS = {"exactly": "exactly", "at_most": "at most", "at_least": "at least"}
SIDE_WORDS = {"attack": "the attack", "defend": "the defence"}


def _square(squares, index: int) -> str:
    return squares[index].name


@dataclass
class DealDraft:
    """An offer being composed by `proposer` (§33.1)."""
    proposer: int
    counterparties: list[int] = field(default_factory=list)
    legs: list[OfferLeg] = field(default_factory=list)
    visibility: str = "public"
    expires_round: int | None = None
    counter_to: int | None = None

    @property
    def parties(self) -> list[int]:
        return [self.proposer, *self.counterparties]

    def to_action(self) -> A.ProposeOffer | None:
        """The engine's action for this draft (None while it has no counterparty or no leg)."""
        if not self.counterparties or not self.legs:
            return None
        return A.ProposeOffer(seat=self.proposer, counterparties=list(self.counterparties), legs=list(self.legs),
                              visibility=self.visibility, expires_round=self.expires_round,
                              counter_to=self.counter_to)


def new_draft(state: GameState, seat: int, counterparty: int | None = None) -> DealDraft:
    """An empty offer from `seat` (to `counterparty`, else the next active player)."""
    others = [s for s, _ in counterparty_choices(state, seat)]
    if counterparty is None and others:
        counterparty = others[0]
    return DealDraft(proposer=seat, counterparties=[counterparty] if counterparty is not None else [])


def counter_draft(state: GameState, seat: int, offer: Offer) -> DealDraft:
    """A counter-offer (§33.1): the same parties and terms to start from, pointing to the offer it answers; proposing
    it declines the old offer."""
    others = [s for s in offers.parties(offer) if s != seat]
    legs = [leg.model_copy(deep=True) for leg in offer.legs]
    return DealDraft(proposer=seat, counterparties=others, legs=legs, visibility=offer.visibility,
                     counter_to=offer.id)


def resend_draft(state: GameState, seat: int, offer: Offer) -> DealDraft:
    """A new offer of `seat` on the terms of one of his that did not go through (declined, countered, lapsed), to
    change and send again: the same counterparties (those still in the game), legs and visibility."""
    active = {s for s, _ in counterparty_choices(state, seat)}
    return DealDraft(proposer=seat, counterparties=[s for s in offer.counterparties if s in active],
                     legs=[leg.model_copy(deep=True) for leg in offer.legs], visibility=offer.visibility)


def counterparty_choices(state: GameState, seat: int) -> list[tuple[int, str]]:
    """Every other active player, in seat order after `seat` (the rules decide who may receive what)."""
    return [(s, state.players[s].name) for s in state.seats_after(seat) if not state.players[s].eliminated]


# ----- editing -----

def add_item(state: GameState, draft: DealDraft, giver: int, receiver: int, item) -> None:
    """Add a leg. A deed brings its whole arm along (R-STRUCT-10), each member with the same mortgage choice; a deed
    already in the draft is replaced rather than listed twice."""
    if isinstance(item, DeedItem):
        members = ruleset_of(state).queries.arm(state, item.property) if item.property in state.properties else [item.property]
        draft.legs = [leg for leg in draft.legs if not (isinstance(leg.item, DeedItem)
                                                        and leg.item.property in members)]
        for member in members:
            copy = item if member == item.property else DeedItem(property=member,
                                                                 mortgage_choice=item.mortgage_choice)
            draft.legs.append(OfferLeg(giver=giver, receiver=receiver, item=copy))
        return
    draft.legs.append(OfferLeg(giver=giver, receiver=receiver, item=item))


def remove_leg(state: GameState, draft: DealDraft, index: int) -> None:
    """Remove a leg; removing any deed of an arm removes the whole arm (it can only travel whole)."""
    leg = draft.legs[index]
    if isinstance(leg.item, DeedItem):
        root = arm_root_in_draft(state, draft, leg.item.property)
        members = set(ruleset_of(state).queries.arm(state, root)) if root in state.properties else {root}
        draft.legs = [l for l in draft.legs if not (isinstance(l.item, DeedItem) and l.item.property in members)]
        return
    del draft.legs[index]


def arm_root_in_draft(state: GameState, draft: DealDraft, index: int) -> int:
    """The highest deed of the draft above `index` in its owner's structure (the root of the arm it moves with)."""
    moving = {leg.item.property for leg in draft.legs if isinstance(leg.item, DeedItem)}
    root = index
    while True:
        parent = state.properties[root].parent if root in state.properties else None
        if parent is None or parent not in moving:
            return root
        root = parent


def check_draft(state: GameState, draft: DealDraft) -> IllegalAction | str | None:
    """None when the rules accept the offer now; a sentence while it is incomplete; else the engine's refusal."""
    if not draft.counterparties:
        return "Choose who the offer is made to."
    if not draft.legs:
        return "Add what each party gives."
    return engine.is_legal(state, draft.to_action())


# ----- words -----

def _names(state: GameState) -> list[str]:
    return [p.name for p in state.players]


def favor_label(card: FavorCard) -> str:
    return f"Political Favor ({'Chance' if card.deck == 'chance' else 'Community Chest'})"


def describe_item(state: GameState, item) -> str:
    """The thing a leg carries, in words."""
    squares = board_index(state.setup.board).squares
    kind = item.kind
    if kind == "cash":
        return f"${item.amount:,}"
    if kind == "deed":
        text = _square(squares, item.property)
        prop = state.properties.get(item.property)
        if prop is not None and prop.mortgaged:
            text += " (mortgaged: " + ("lift it now" if item.mortgage_choice == "lift" else "pay the 10% fee") + ")"
        return text
    if kind == "favor":
        return "a " + favor_label(item.card)
    if kind == "loan":
        repaid = ", ".join(f"${amount:,} in round {round_no}" for round_no, amount in item.repayments)
        return f"a ${item.principal:,} loan, repaid {repaid}"
    if kind == "vote":
        return f"a vote for {_names(state)[item.candidate]} as Chair"
    if kind == "note":
        return f"the promise “{item.text}” (not enforced)"
    return ruleset_of(state).queries.describe_commitment(state, item)


def describe_leg(state: GameState, leg: OfferLeg) -> str:
    """"Alice → Bob: Boardwalk"."""
    names = _names(state)
    return f"{names[leg.giver]} → {names[leg.receiver]}: {describe_item(state, leg.item)}"


def describe_draft_legs(state: GameState, draft) -> list[str]:
    """Every leg of a draft (or an offer) in words; a deed that travels in another's arm says so."""
    moving = {leg.item.property for leg in draft.legs if isinstance(leg.item, DeedItem)}
    texts = []
    for leg in draft.legs:
        text = describe_leg(state, leg)
        if isinstance(leg.item, DeedItem) and leg.item.property in state.properties:
            parent = state.properties[leg.item.property].parent
            if parent in moving:
                text = f"    ↳ {describe_item(state, leg.item)}, in the arm below {board_index(state.setup.board).squares[parent].name}"
        texts.append(text)
    return texts


def describe_offer(state: GameState, offer: Offer) -> str:
    """Every leg of an offer on one line."""
    return "; ".join(describe_leg(state, leg) for leg in offer.legs)


def offer_heading(state: GameState, offer: Offer) -> str:
    """"#12 from Alice to Bob (secret, a bribe, expires after round 3)"."""
    names = _names(state)
    to = ", ".join(names[s] for s in offer.counterparties)
    extras = [offer.visibility] if offer.visibility == "secret" else []
    if offer.category == "bribe":
        extras.append("a bribe")
    if offer.counter_to is not None:
        extras.append(f"counter to #{offer.counter_to}")
    extras.append(f"open until the end of round {offer.expires_round}")
    return f"#{offer.id} from {names[offer.proposer]} to {to} ({', '.join(extras)})"


def offer_list_label(state: GameState, offer: Offer) -> str:
    """Two short lines for a list of offers: who offers, then the terms."""
    names = _names(state)
    extras = " · secret" if offer.visibility == "secret" else ""
    extras += " · counter-offer" if offer.counter_to is not None else ""
    return f"#{offer.id} from {names[offer.proposer]}{extras}\n{describe_offer(state, offer)}"


def draft_notes(state: GameState, draft: DealDraft) -> list[str]:
    """What the parties must see before agreeing (§33.4, §33.5, R-DEAL-05, R-DEAL-06), for this draft."""
    squares = board_index(state.setup.board).squares
    names = _names(state)
    notes: list[str] = []
    moving = {leg.item.property for leg in draft.legs if isinstance(leg.item, DeedItem)}
    for leg in draft.legs:
        item = leg.item
        if not isinstance(item, DeedItem) or item.property not in state.properties:
            continue
        index, prop = item.property, state.properties[item.property]
        place = _square(squares, index)
        if prop.parent in moving:
            continue  # told with its arm's root
        below = [i for i in ruleset_of(state).queries.arm(state, index) if i != index]
        if below:
            notes.append(f"{place} goes with the whole arm below it: "
                         f"{', '.join(_square(squares, i) for i in below)} (R-STRUCT-10).")
        if item.parent is None and ruleset_of(state).queries.has_structures:  # no arrows in classic Monopoly's
            notes.append(f"{names[leg.receiver]} hangs {place} on his first free arrow (R-STRUCT-04).")
        if ruleset_of(state).queries.group_has_buildings(state, index):
            notes.append(f"The buildings of {place}'s colour group must be sold first (R-SELL-02).")
        for member in [index, *below]:
            mortgaged = state.properties[member]
            if mortgaged.mortgaged:
                chosen = next((l.item.mortgage_choice for l in draft.legs if isinstance(l.item, DeedItem)
                               and l.item.property == member), "fee")
                queries = ruleset_of(state).queries
                notes.append(f"{_square(squares, member)} is mortgaged: {names[leg.receiver]} pays the Bank "
                             f"${queries.lift_cost(state, member):,} to lift it now, or the "
                             f"${queries.transfer_fee(state, member):,} "
                             f"transfer fee to take it mortgaged — chosen: "
                             f"{'lift it' if chosen == 'lift' else 'the fee'} (R-SELL-04).")
        if prop.controller == leg.giver and prop.control_origin != "mortgage_chair":
            notes.append(f"{names[leg.giver]} keeps control of {place} until {names[leg.receiver]} discovers it "
                         "(R-SELL-03).")
    kinds = {leg.item.kind for leg in draft.legs}
    offer = Offer(id=0, proposer=draft.proposer, counterparties=draft.counterparties, legs=draft.legs,
                  visibility=draft.visibility, expires_round=draft.expires_round or state.round_no)
    if draft.legs and ruleset_of(state).queries.is_bribe(state, offer):
        notes.append("This offer is a bribe: its cash is split with the Free Parking pot (R-DEAL-06, R-FP-02).")
    if "loan" in kinds:
        notes.append("Repayments are collected at the start of their round; a shortfall becomes a debt (R-DEAL-04).")
    if kinds & ruleset_of(state).queries.COMMITMENT_KINDS:
        notes.append("The engine refuses the committed player's contrary actions (E_COMMITMENT, R-DEAL-03); cash "
                     "for a graft or helper commitment waits in escrow until it is kept (§33.1).")
    if "note" in kinds:
        notes.append("Promises in words are recorded for the parties and never enforced (§33.5).")
    if draft.visibility == "secret":
        notes.append("Secret: only the parties see the offer; the others see only cash totals and deed moves "
                     "(R-DEAL-05).")
    if draft.counter_to is not None:
        notes.append(f"A counter-offer: proposing it declines offer #{draft.counter_to} (§33.1).")
    return notes


# ----- what each party may put in (the rules check the rest) -----

def deed_choices(state: GameState, seat: int) -> list[tuple[int, str]]:
    """The deeds `seat` owns, in board order, named with the arm that would go with them."""
    squares = board_index(state.setup.board).squares
    result = []
    for index in sorted(i for i, p in state.properties.items() if p.owner == seat):
        below = len(ruleset_of(state).queries.arm(state, index)) - 1
        label = _square(squares, index) + (f" (+{below} below it)" if below else "")
        if state.properties[index].mortgaged:
            label += " — mortgaged"
        result.append((index, label))
    return result


def favor_choices(state: GameState, seat: int) -> list[tuple[FavorCard, str]]:
    return [(card, favor_label(card)) for card in state.players[seat].political_favors]


def vote_candidates(state: GameState) -> list[tuple[int, str]]:
    """The candidates of the Chair election now open, or [] when there is none."""
    election = next((p for p in state.pending if p.kind == "election"), None)
    if election is None:
        return []
    return [(s, state.players[s].name) for s in election.candidates]


def property_choices(state: GameState) -> list[tuple[int, str]]:
    """Every property of the board, for restraints and commitments."""
    squares = board_index(state.setup.board).squares
    return [(i, _square(squares, i)) for i in sorted(state.properties)]


def cash_of(state: GameState, party: Party) -> int:
    return state.players[party].cash if isinstance(party, int) else 0


# ----- open offers -----

def visible_offers(state: GameState, seat: int) -> list[Offer]:
    """Open offers `seat` may see: public ones, and secret ones he is a party to (R-DEAL-05)."""
    return [o for o in state.offers if o.visibility == "public" or seat in offers.parties(o)]


def offers_to_answer(state: GameState, seat: int) -> list[Offer]:
    return [o for o in state.offers if seat in o.counterparties and seat not in o.accepted_by]


def offers_made(state: GameState, seat: int) -> list[Offer]:
    return [o for o in state.offers if o.proposer == seat]


def offer_answers(state: GameState, seat: int, offer_id: int) -> list[A.Action]:
    """The seat's legal answers to one offer (accept, decline, withdraw), from the engine's list."""
    return [a for a in enumerate_legal(state, seat) if getattr(a, "offer_id", None) == offer_id]


def received_roots(state: GameState, seat: int, offer: Offer) -> list[int]:
    """The deeds `seat` receives in the offer that head an arm (each needs a free arrow of his, R-STRUCT-04); none
    where deeds hang in no power structure (classic Monopoly and the rulesets on it)."""
    if not ruleset_of(state).queries.has_structures:
        return []
    moving = {leg.item.property for leg in offer.legs if isinstance(leg.item, DeedItem)}
    return [leg.item.property for leg in offer.legs if isinstance(leg.item, DeedItem) and leg.receiver == seat
            and leg.item.property in state.properties and state.properties[leg.item.property].parent not in moving]


def arrow_choices(state: GameState, seat: int) -> list[tuple[tuple[int, int], str]]:
    """The seat's free arrows, in the engine's order (its first is where a deed goes by default), named in words."""
    squares = board_index(state.setup.board).squares
    return [((parent, arrow), f"{'your faction card' if parent == ROOT else _square(squares, parent)}, "
                              f"arrow {arrow + 1}") for parent, arrow in ruleset_of(state).queries.free_arrows(state, seat)]


def accept_action(seat: int, offer_id: int, spots: dict[int, tuple[int, int]]) -> A.AcceptOffer:
    """AcceptOffer with the free arrow chosen for each received arm's root (§33.4's slot picker)."""
    placements = [A.DeedPlacement(property=index, parent=parent, arrow=arrow)
                  for index, (parent, arrow) in sorted(spots.items())]
    return A.AcceptOffer(seat=seat, offer_id=offer_id, placements=placements)


def can_propose(state: GameState, seat: int) -> bool:
    """Whether the rules let `seat` make an offer now: a promise in words to the next player is the smallest offer."""
    # Each player in turn until one may be offered something (in shared factions the neighbours may not, V-SHARED-17).
    for other, _name in counterparty_choices(state, seat):
        probe = A.ProposeOffer(seat=seat, counterparties=[other],
                               legs=[OfferLeg(giver=seat, receiver=other, item=NoteItem(text="?"))])
        if engine.is_legal(state, probe) is None:
            return True
    return False


# ----- loans and debts (R-DEAL-04, §33.3) -----

def visible_debts(state: GameState, seat: int) -> list[Debt]:
    """The debts `seat` may see: public ones, and secret ones between him and another (R-DEAL-05); his own first."""
    seen = [d for d in state.debts if d.secret_between is None or seat in d.secret_between]
    return sorted(seen, key=lambda d: (seat not in (d.creditor, d.debtor), d.due_round, d.id))


def debt_label(state: GameState, seat: int, debt: Debt) -> str:
    """"Ben owes you $400 in round 2 (due now)", as `seat` reads it."""
    names = _names(state)
    debtor = "You" if debt.debtor == seat else names[debt.debtor]
    creditor = "you" if debt.creditor == seat else names[debt.creditor]
    owe = "owe" if debt.debtor == seat else "owes"
    when = "due now: unpaid when it fell due" if debt.due else f"due at the start of round {debt.due_round}"
    secret = ", secret" if debt.secret_between is not None else ""
    return f"#{debt.id}: {debtor} {owe} {creditor} ${debt.amount:,} ({when}{secret})"


def debt_actions(state: GameState, seat: int, debt: Debt) -> dict[str, A.Action]:
    """What the rules let `seat` do about one debt now, from the engine's list: "forgive_debt", "extend_debt" (its
    listed round) and "foreclose" (on every due debt of that debtor together, R-LOSE-04)."""
    found: dict[str, A.Action] = {}
    for action in enumerate_legal(state, seat):
        if action.type in ("forgive_debt", "extend_debt") and action.debt_id == debt.id:
            found[action.type] = action
        elif action.type == "foreclose" and action.debtor == debt.debtor and debt.creditor == seat and debt.due:
            found["foreclose"] = action
    return found


def extend_action(seat: int, debt: Debt, due_round: int) -> A.ExtendDebt:
    return A.ExtendDebt(seat=seat, debt_id=debt.id, due_round=due_round)


def cash_item(amount: int) -> CashItem:
    return CashItem(amount=amount)


def loan_item(principal: int, round_no: int, amount: int) -> LoanItem:
    return LoanItem(principal=principal, repayments=[(round_no, amount)])
