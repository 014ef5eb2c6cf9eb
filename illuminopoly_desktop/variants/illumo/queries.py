"""The questions the table asks about an Illumonopoly game (rules/queries.py; VARIANTS §4.7), answered by
Illumonopoly's own rules: the treasuries a seat may see, the fee of a transfer, the suggested split of a payment,
the live target and odds of an interference or a lawsuit, why a lawsuit target is refused, which Court cards the
seat may play now, and the board's markers. The table never copies a rule: each answer calls the check the engine
applies (`checked`), on the state it is given (a seat's view: another seat's amounts are blanked there, A-IL-05)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...model.illumo_court import HIDDEN_CARD, court_deck
from ...model.illumo_state import Lawsuit
from ...model.state import GameState, RaiseFunds
from ...rules import actions as A
from ...rules.context import RulesContext
from ...rules.errors import IllegalAction
from ...rules.required_fields import printed_group
from ...rules.roll_contests import success_chance
from ..classic.queries import ClassicQueries
from . import buildings, interference, landing, lawsuits, mortgages, treasury
from .access import illumo_options_of, illumo_slice
from .free_actions import check_transfer
from .lawsuits import Suit

PRICES = {
    "buy": lambda ctx, a: landing.check_buy(ctx, a.seat),
    "mortgage": lambda ctx, a: mortgages.check_mortgage(ctx, a.seat, a.property),
    "unmortgage": lambda ctx, a: mortgages.check_unmortgage(ctx, a.seat, a.property),
    "sell_building": lambda ctx, a: buildings.check_sell_building(ctx, a.seat, a.property)[1],
    "transfer": lambda ctx, a: check_transfer_fee(ctx, a),
    "repair_level": lambda ctx, a: (buildings.building_price(ctx, a.property)
                                    if a.property is not None and not a.sell else None),
}
"""Each priced Illumonopoly action's price, what its rule's check returns (V-ILLUMO-05, -07, -31)."""


def check_transfer_fee(ctx: RulesContext, action: A.Transfer) -> int:
    check_transfer(ctx, action.seat, action.group, action.to_group, action.amount, action.fee_from)
    return treasury.check_transfer(ctx, action.seat, action.group, action.to_group, action.amount, action.fee_from)


@dataclass(frozen=True)
class Side:
    """One side of an interference or a lawsuit as the contest panel shows it."""
    seat: int
    role: str
    """"purchaser", "complainant", "plaintiff" or "defendant"."""
    legal_power: int
    bonus: int
    bonus_words: str
    pledged: int
    """Points pledged for this side so far (everyone's)."""


@dataclass(frozen=True)
class LegalContest:
    """An interference (V-ILLUMO-13) or a lawsuit (V-ILLUMO-37) in its pledging, as the contest panel shows it."""
    kind: str
    """"interference" or "lawsuit"."""
    title: str
    property: int
    sides: tuple[Side, Side]
    target: int
    """The live target: 10 + P - C, or the ELP."""
    chance: float
    """The first side's chance of winning at this target (the purchaser's, the plaintiff's)."""
    unit: int
    affected: str
    """The type whose treasury counts double (a lawsuit) or the purchaser may use (interference)."""
    pledges: tuple[tuple[int, str, int, str], ...]
    """(seat, side, dollars, source) in the order made (money still to be collected)."""
    next_pledger: int | None
    no_roll_below: int | None
    auto_fail: tuple[int, ...]


@dataclass(frozen=True)
class Markers:
    """What the board marks in an Illumonopoly game (§4.7 board markers)."""
    landmarks: tuple[int, ...]
    missing: int | None
    missing_turns: int
    missing_by: int | None
    blocked: dict[int, int]
    """Deed -> the seat whose next turn lifts the block."""
    unowned_buildings: tuple[int, ...]
    rent_control_by: int | None
    rent_control_turns: int
    audited: tuple[int, ...]
    legal_holiday_by: int | None
    assessed: tuple[int, ...]


class IllumoQueries(ClassicQueries):
    has_treasuries = True
    """V-ILLUMO-02: money lives in a central treasury and group treasuries (the table shows the treasury panel)."""
    has_court_cards = True
    """V-ILLUMO-15: each player holds a hidden hand of Court Date cards (the table shows the Court hand)."""

    prices = PRICES
    building_check = staticmethod(buildings.check_buy_building)
    wording = "illumo"
    """The action panel speaks Illumonopoly's words (presentation/illumo_words.py), classic's for the rest."""
    standings_name = "public worth"
    """A round's standings count what everyone may see (the ruleset's `standings`: deeds and buildings while the
    treasuries are private, A-IL-05; the whole net worth when they are public)."""
    standing_column = "Public worth"
    """The game-over screen ranks by the same figure (`standing_values`), never by private money."""

    def standing_values(self, state: GameState) -> dict[int, int]:
        return treasury.public_worths(state, state.setup.board.squares)

    def money_private(self, state: GameState) -> bool:
        return illumo_options_of(state).illumo_treasury_visibility == "private"

    def rent_of(self, state: GameState, index: int, utility_roll: int | None = None) -> int:
        return landing.rent_due(RulesContext(state), index, utility_roll or 0)

    # ----- treasuries (V-ILLUMO-02 to -08, A-IL-05) -----

    def treasury_rows(self, state: GameState, seat: int) -> list[tuple[str, int | None]]:
        """(treasury, dollars) of the seat's treasuries, central first; dollars None where `state` (a view) hides
        them from its viewer (A-IL-05: others see which treasuries exist, not what they hold)."""
        hidden = seat in illumo_slice(state).hidden_money
        rows = [(treasury.CENTRAL, None if hidden else state.players[seat].cash)]
        for kind, amount in sorted(illumo_slice(state).treasuries.get(seat, {}).items()):
            rows.append((kind, None if hidden else amount))
        return rows

    def transfer_fee_of(self, state: GameState, seat: int, kind: str, to_group: bool, amount: int,
                        fee_from: Literal["source", "destination"] = "source") -> tuple[int | None, str]:
        """(the fee, "") of the transfer if it may be made now, else (None, the rule's reason) (V-ILLUMO-07, -08)."""
        try:
            return check_transfer_fee(RulesContext(state), A.Transfer(seat=seat, group=kind, to_group=to_group,
                                                                      amount=amount, fee_from=fee_from)), ""
        except IllegalAction as refusal:
            return None, refusal.message

    def plain_transfer_fee(self, state: GameState, amount: int) -> int:
        """max($5, 10% rounded up) whatever the step (IL-T1)."""
        return treasury.transfer_fee(RulesContext(state), amount)

    def suggested_transfer(self, state: GameState, seat: int, source: str, destination: str) -> int:
        """The amount the transfer dialog starts at (VARIANTS §4.7): into central while a charge is due that central
        is short of, that shortfall (as far as the source can send it); else all the source can send: its whole
        balance when the transfer is free (V-ILLUMO-08, -44), the most it can send paying the fee itself otherwise
        (V-ILLUMO-07) — but from central, which pays rent and every charge (V-ILLUMO-05, -06), no more than the
        minimum fee covers ($50 for $5) unless the transfer is free. At least $1 (the dialog's least amount)."""
        central = source == treasury.CENTRAL
        held = state.players[seat].cash if central else treasury.balance(state, seat, source)
        group = destination if central else source
        fee, _ = self.transfer_fee_of(state, seat, group, central, held) if held > 0 else (None, "")
        most = held if fee == 0 else treasury.deliverable(RulesContext(state), held)
        if central and fee != 0:
            options = illumo_options_of(state)
            most = min(most, options.illumo_transfer_fee_min * 100 // options.illumo_transfer_fee_percent)
        if destination == treasury.CENTRAL:
            owed = [sum(owed for _, owed in window.payments) for window in state.pending
                    if isinstance(window, RaiseFunds) and window.payer == seat]
            shortfall = sum(owed) - state.players[seat].cash
            if owed and shortfall > 0:
                most = min(most, shortfall)
        return max(1, most)

    def free_transfers_left(self, state: GameState, seat: int) -> int:
        """V-ILLUMO-08: the fee-free transfers the seat still has now (0 outside his step 3)."""
        ctx = RulesContext(state)
        if not treasury.in_step_3(ctx, seat):
            return 0
        return illumo_slice(state).free_transfers_left

    def turn_step(self, state: GameState) -> int:
        """V-ILLUMO-35: the step of the mover's turn (0 before it begins): 1 before the first roll, 2 while moving,
        3 after the last move (steps 3 to 5 are open together there: transfers, a Court card, an ability), 6 its
        end."""
        slice_ = illumo_slice(state)
        if state.turn.seat < 0:
            return 0
        if treasury.in_step_3(RulesContext(state), state.turn.seat):
            return 3
        return slice_.step

    def bonus_eligible(self, state: GameState) -> bool:
        """V-ILLUMO-34: the mover has done nothing yet that forfeits the do-nothing bonus."""
        return illumo_slice(state).bonus_eligible

    def payment_split(self, state: GameState, seat: int, kind: str, amount: int) -> tuple[int, int, int | None]:
        """V-ILLUMO-05: (from the type's treasury, from central, the most he chose or None) of a payment tied to
        `kind` as the engine would make it now: the suggested split takes the type's treasury first."""
        share = treasury.group_share(state, seat, kind, amount)
        return share, amount - share, illumo_slice(state).payment_split.get(seat)

    def deed_type(self, state: GameState, index: int) -> str:
        return printed_group(state.setup.board.squares[index])

    # ----- interference and lawsuits (V-ILLUMO-13, -37) -----

    def legal_contest(self, state: GameState) -> LegalContest | None:
        """The interference or lawsuit being pledged on (the top window), or None."""
        window = state.pending[-1] if state.pending else None
        if window is None:
            return None
        ctx = RulesContext(state)
        name = state.setup.board.squares
        if window.kind == "illumo_interference":
            spec = interference.spec(ctx)
            target = interference.target(ctx, window)
            pro = sum(spec.points(a, s) for _, side, a, s in window.pledges if side == "for")
            con = sum(spec.points(a, s) for _, side, a, s in window.pledges if side == "against")
            sides = (Side(window.purchaser, "purchaser", interference.BASE_TARGET, 0, "", pro),
                     Side(window.complainant, "complainant", 0, 0, "", con))
            what = "trade" if window.offer_id is not None else "purchase"
            return LegalContest("interference", f"Interference with the {what} of {name[window.property].name}",
                                window.property, sides, target, success_chance(spec, target), spec.unit,
                                treasury.deed_type(ctx, window.property), tuple(window.pledges),
                                window.order[window.turn_index], spec.no_roll_below, tuple(sorted(spec.auto_fail)))
        if window.kind in ("illumo_lawsuit", "illumo_holding"):
            case = window if window.kind == "illumo_lawsuit" else window.case
            spec = lawsuits.spec(ctx)
            bonus = lawsuits.elp(ctx, case) - (lawsuits.legal_power(ctx, case.plaintiff)
                                                - lawsuits.legal_power(ctx, case.defendant)
                                                + lawsuits.points(ctx, case, "plaintiff")
                                                - lawsuits.points(ctx, case, "defendant"))
            words = {"antitrust": "antitrust", "landmark": "landmark", "title_defect": ""}[case.suit]
            sides = (Side(case.plaintiff, "plaintiff", lawsuits.legal_power(ctx, case.plaintiff), bonus,
                          f"{words} bonus" if bonus else "", lawsuits.points(ctx, case, "plaintiff")),
                     Side(case.defendant, "defendant", lawsuits.legal_power(ctx, case.defendant), 0, "",
                          lawsuits.points(ctx, case, "defendant")))
            target = lawsuits.elp(ctx, case)
            suit = SUIT_WORDS[case.suit]
            pledger = case.order[case.turn_index] if window.kind == "illumo_lawsuit" else None
            return LegalContest("lawsuit", f"{suit} suit over {name[case.target].name}", case.target, sides, target,
                                success_chance(spec, target), spec.unit, case.affected, tuple(case.pledges),
                                pledger, spec.no_roll_below, tuple(sorted(spec.auto_fail)))
        return None

    def target_after(self, state: GameState, seat: int, side: str, amount: int, source: str) -> tuple[int, float]:
        """(target, chance of the first side) if `seat` pledged `amount` from `source` for `side` now."""
        contest = self.legal_contest(state)
        if contest is None:
            raise ValueError("no interference contest or lawsuit is being pledged for")
        ctx = RulesContext(state)
        spec = interference.spec(ctx) if contest.kind == "interference" else lawsuits.spec(ctx)
        kind = source if contest.kind == "interference" else (
            treasury.CENTRAL if source == treasury.CENTRAL else "affected")
        points = spec.points(amount, kind)
        towards_first = side in ("for", "plaintiff")
        target = contest.target + (points if towards_first else -points)
        return target, success_chance(spec, target)

    # ----- the lawsuit wizard (V-ILLUMO-36 to -40) -----

    def lawsuit_targets(self, state: GameState, seat: int, suit: Suit, defendant: int) -> list[tuple[int, str]]:
        """Every deed of the defendant (nobody, `unowned_defendant`: every unowned deed) with "" when the suit may be
        filed over it now, else the rule's reason ("Railroads and Utilities cannot be landmarks.", "... is not part
        of a monopoly ...")."""
        ctx = RulesContext(state)
        found = []
        owner = None if defendant == lawsuits.NOBODY else defendant
        for index, prop in sorted(state.properties.items()):
            if prop.owner != owner or owner is None and index in illumo_slice(state).landmarks:
                continue
            try:
                lawsuits.check_sue(ctx, seat, defendant, suit, index)
                found.append((index, ""))
            except IllegalAction as refusal:
                found.append((index, refusal.message))
        return found

    def lawsuit_odds(self, state: GameState, seat: int, suit: Suit, defendant: int, index: int) -> tuple[int, float]:
        """(the ELP before any pledge, the plaintiff's chance at it) of a suit filed now (V-ILLUMO-37)."""
        ctx = RulesContext(state)
        case = Lawsuit(plaintiff=seat, defendant=defendant, suit=suit, target=index,
                                affected=treasury.deed_type(ctx, index), order=[seat])
        target = lawsuits.elp(ctx, case)
        return target, success_chance(lawsuits.spec(ctx), target)

    def unowned_defendant(self, state: GameState) -> int | None:
        """The defendant of a landmark suit over an unowned lot when the rules allow one
        (`illumo_landmark_unowned_targets`, A-IL-17), else None."""
        return lawsuits.NOBODY if illumo_options_of(state).illumo_landmark_unowned_targets else None

    def filing_fee(self, state: GameState) -> int:
        return illumo_options_of(state).illumo_filing_fee

    def legal_power(self, state: GameState, seat: int) -> int:
        return lawsuits.legal_power(RulesContext(state), seat)

    # ----- the Court hand (V-ILLUMO-15, -16) -----

    def court_hand(self, state: GameState, seat: int) -> list[int]:
        """The seat's Court cards as `state` shows them (HIDDEN_CARD for each face a view hides)."""
        return list(illumo_slice(state).court_hands.get(seat, []))

    def court_card(self, number: int):
        """The card's data (name, face, timing, rule, text); None for a hidden card."""
        return None if number == HIDDEN_CARD else court_deck().card(number)

    def playable_court_kinds(self, legal: list[A.Action]) -> set[str]:
        """The kinds of Court card the seat's legal actions play now (a card lit in the hand): step-4 and
        start-of-turn plays, a Secret Deal (the card itself), an Interference complaint, a Holding Action, a Bribed
        Assessor, a Cancellation."""
        kinds: set[str] = set()
        for action in legal:
            if isinstance(action, A.PlayCourtCard):
                kinds.add(action.card)
            elif isinstance(action, A.SecretDeal) and action.card is not None:
                kinds.add("secret_deal")
            elif isinstance(action, A.BribeAssessor):
                kinds.add("bribed_assessor")
            elif isinstance(action, A.CancelEffect):
                kinds.add("cancellation")
        return kinds

    # ----- markers (§4.7) -----

    def markers(self, state: GameState) -> Markers:
        slice_ = illumo_slice(state)
        squares = state.setup.board.squares
        unowned = tuple(i for i, prop in sorted(state.properties.items())
                        if prop.owner is None and (prop.houses or prop.hotel) and squares[i].kind == "lot")
        return Markers(landmarks=tuple(slice_.landmarks), missing=slice_.missing, missing_turns=slice_.missing_turns,
                       missing_by=slice_.missing_by, blocked=dict(slice_.blocked_until), unowned_buildings=unowned,
                       rent_control_by=slice_.rent_control_by, rent_control_turns=slice_.rent_control_turns,
                       audited=tuple(slice_.audited), legal_holiday_by=slice_.legal_holiday_by,
                       assessed=tuple(slice_.assessed))

    def square_marks(self, state: GameState, index: int) -> tuple[tuple[str, str], ...]:
        """§4.7's board markers on one deed: a landmark (V-ILLUMO-38), a missing space with its expiry (-46), a
        deed blocked until the purchaser's next turn (-14), buildings on an unowned lot (-32), a bribed
        assessment (-28)."""
        slice_ = illumo_slice(state)
        names = [p.name for p in state.players]
        marks = []
        if index in slice_.landmarks:
            marks.append(("LANDMARK", "Historic landmark: out of play until a Historic Blunder (V-ILLUMO-38)"))
        if slice_.missing == index:
            until = "this turn" if slice_.missing_turns <= 1 else "next turn"
            who = names[slice_.missing_by] if slice_.missing_by is not None else "the Bermuda Triangle"
            marks.append(("MISSING", f"Missing until the end of {who}'s {until}: no rent, tokens stop here "
                                     "(V-ILLUMO-46)"))
        if index in slice_.blocked_until:
            who = names[slice_.blocked_until[index]]
            marks.append((f"BLOCKED · {who}", f"Blocked: nobody may acquire it until {who}'s next turn "
                                              "(V-ILLUMO-14)"))
        prop = state.properties[index]
        if prop.owner is None and (prop.houses or prop.hotel) and index not in slice_.landmarks:
            marks.append(("BANK'S LOT BUILT", "Buildings on an unowned lot: they go free to whoever buys it "
                                              "(V-ILLUMO-32)"))
        if index in slice_.assessed:
            marks.append(("ASSESSED ½", "Bribed Assessor: every valuation halved this turn (V-ILLUMO-28)"))
        return tuple(marks)

    def board_banner(self, state: GameState) -> str:
        """The Rent Control banner with its expiry (V-ILLUMO-24)."""
        slice_ = illumo_slice(state)
        if slice_.rent_control_by is None:
            return ""
        who = state.players[slice_.rent_control_by].name
        until = "this turn" if slice_.rent_control_turns <= 1 else "next turn"
        return f"RENT CONTROL to the end of {who}'s {until}"

    def net_worths(self, state: GameState) -> dict[int, int]:
        """None to show in a seat's header: a net worth counts every treasury (V-ILLUMO-48), whose amounts are
        private (A-IL-05), and the game is won by the last solvent player."""
        return {}


SUIT_WORDS = {"landmark": "Historic Landmark", "title_defect": "Title Defect", "antitrust": "Antitrust"}


def court_names() -> dict[str, str]:
    return {card.kind: card.name for card in court_deck().cards}

