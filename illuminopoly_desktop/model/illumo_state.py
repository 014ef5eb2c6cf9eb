"""Illumonopoly's part of the game state (RULESETS.md §4.5): the slice `GameState.variant` holds in a game of
VARIANTS §4, and the windows of the pending stack only Illumonopoly opens.

What Illumonopoly shares with classic Monopoly stays in the shared state: a player's `cash` is his *central
treasury* (V-ILLUMO-03, definitions §4.3); his group treasuries, one per type of deed he owns, are here, and the
core's ledger reaches them as accounts (`treasury_account`, rules/money.py)."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from .model_base import Tagged

TREASURY_PREFIX = "t"


def treasury_account(seat: int, kind: str) -> str:
    """The ledger's name of a player's group treasury of one type (a colour group, "railroads" or "utilities"):
    "t2:red". A payment's payer or payee may be one (model/state.py `Party`)."""
    return f"{TREASURY_PREFIX}{seat}:{kind}"


def parse_account(account: str) -> tuple[int, str]:
    """(seat, type) of a group treasury's ledger name."""
    seat, _, kind = account[len(TREASURY_PREFIX):].partition(":")
    return int(seat), kind


class IllumoState(Tagged):
    """What an Illumonopoly game tracks that the shared state has no field for."""
    kind: Literal["illumo"] = "illumo"
    treasuries: dict[int, dict[str, int]] = Field(default_factory=dict)
    """Seat -> type -> dollars: each player's open group treasuries (V-ILLUMO-02). Private to their owner
    (A-IL-05): another seat's view shows which exist, with 0 for each amount (`hidden_money`)."""
    hidden_money: list[int] = Field(default_factory=list)
    """Only in a view: the seats whose central cash and treasury amounts this view blanks (always empty in a game's
    own state)."""
    dice_total: int = 0
    """The total of the mover's last movement roll (a Utility's rent, CLASSIC-06)."""
    card_rent: Literal["double", "ten_times_dice"] | None = None
    """The rent a card orders for the landing it causes (CLASSIC-09), as in classic Monopoly's slice."""
    step: int = 0
    """V-ILLUMO-35: the step of the mover's turn: 1 lawsuits (before the first roll), 2 the moves, 3 transfers
    (after the last move), 6 its end."""
    lawsuits_left: int = 0
    """V-ILLUMO-35 step 1: the lawsuits the mover may still start this turn."""
    sued_this_turn: list[int] = Field(default_factory=list)
    """Deeds already sued over this turn (a second lawsuit against the same deed is refused, V-ILLUMO-36)."""
    free_transfers_left: int = 0
    """V-ILLUMO-08: the mover's fee-free transfers left in step 3."""
    bonus_eligible: bool = True
    """V-ILLUMO-34: the mover has done nothing this turn but roll, move and settle compulsory charges."""
    repair_asked: bool = False
    """V-ILLUMO-33: the owners of the lots too high in an uneven group have been asked at this turn's end."""
    idle_declared: bool = False
    """V-ILLUMO-34, `illumo_do_nothing_mode = declare_at_start`: the mover declared this turn a do-nothing turn."""
    landmarks: list[int] = Field(default_factory=list)
    """V-ILLUMO-38: lots out of play (nobody owns them, they earn nothing, their group shrinks)."""
    blocked_until: dict[int, int] = Field(default_factory=dict)
    """V-ILLUMO-14: deed -> the seat whose next turn's start lifts the block (nobody may acquire it until then)."""

    court_deck: list[int] = Field(default_factory=list)
    """V-ILLUMO-15: the Court Date cards still to draw, top first (hidden: a view shows only how many)."""
    court_discard: list[int] = Field(default_factory=lambda: list(range(52)))
    """Played and discarded cards, reshuffled into the deck when it runs out (the whole deck starts here, so the
    first draw shuffles it). Hidden like the deck: a Secret Deal is discarded face down (V-ILLUMO-17)."""
    court_hands: dict[int, list[int]] = Field(default_factory=dict)
    """Seat -> his Court cards (A-IL-03: no limit). Private: others see how many (model/illumo_court.py)."""
    court_plays_left: int = 0
    """V-ILLUMO-16: the mover's step-4 plays left this turn (`illumo_court_plays_step4`)."""
    audited: list[int] = Field(default_factory=list)
    """V-ILLUMO-23: players under an IRS Audit (until their dice show doubles)."""
    rent_control_by: int | None = None
    """V-ILLUMO-24: the player whose Rent Control runs, until the end of his next turn."""
    rent_control_turns: int = 0
    """How many of his turn ends the Rent Control still lasts (2 when played, 1 after his current turn)."""
    legal_holiday_by: int | None = None
    """V-ILLUMO-29: no lawsuit may start until this player's next turn begins."""

    payment_split: dict[int, int] = Field(default_factory=dict)
    """V-ILLUMO-05: seat -> the most his next payment tied to a type takes from his treasury of that type (the rest
    from central), as he chose (`ChooseSplit`); without a choice, the type's treasury first."""
    assessed: list[int] = Field(default_factory=list)
    """V-ILLUMO-28: deeds whose valuations a Bribed Assessor halves until the end of the current turn."""
    secret_deal_by: int | None = None
    """V-ILLUMO-17, -18, -43: the player whose purchase about to be announced is a Secret Deal (this landing only)."""
    secret_offers: dict[int, int] = Field(default_factory=dict)
    """V-ILLUMO-12 (b), -17, -18: open trade (offer id) -> the party who made his acquisition in it a Secret Deal; the
    trade is announced as one when every party has accepted (variants/illumo/secret_trades.py). A view keeps only
    the offers its seat sees."""
    suspended: list[Lawsuit] = Field(default_factory=list)
    """V-ILLUMO-41: cases a Holding Action suspended (their pledges cancelled), which their plaintiffs may resume in
    step 1 of their next turn."""
    missing: int | None = None
    """V-ILLUMO-46: the deed space the Bermuda Triangle declared missing (until the end of its next turn)."""
    missing_by: int | None = None
    missing_turns: int = 0
    """How many of the declarer's turn ends the space stays missing (2 when declared: this turn and the next)."""
    drawn_passing_go: bool = False
    """A-IL-01 (`illumo_court_draw_on_pass_go`): the move under way drew on GO already (no second draw if it stops
    there)."""
    money_totals: dict[int, int] = Field(default_factory=dict)
    """Only in a view with `illumo_treasury_visibility = totals_public`: each other seat's money across all his
    treasuries (their split stays hidden)."""
    bermuda_stop: bool = False
    """The mover's token stopped on the missing space: his turn ends at once (V-ILLUMO-46)."""
    declared_missing: bool = False
    """The Bermuda Triangle has used its ability this turn."""
    illuminati: dict[int, str] = Field(default_factory=dict)
    """V-ILLUMO-42, advanced mode: seat -> his Illuminatus (public); seats without one play basic."""

    def discard_card(self, seat: int, number: int) -> None:
        """A card leaves the seat's hand for the discards (played, or discarded face down)."""
        hand = self.court_hands[seat]
        hand.remove(number)
        if not hand:
            del self.court_hands[seat]
        self.court_discard.append(number)

    def money_of(self, seat: int) -> int:
        """The dollars in the seat's group treasuries."""
        return sum(self.treasuries.get(seat, {}).values())

    def money_held(self) -> int:
        """Every dollar in every group treasury (the conservation invariant counts them, R-GEN-08)."""
        return sum(sum(kinds.values()) for kinds in self.treasuries.values())


class Complaint(Tagged):
    """V-ILLUMO-12: an acquisition was announced; the players not party to it are asked in turn, from the active
    player, whether they complain ($50, V-ILLUMO-13). The first who does becomes the complainant."""
    kind: Literal["illumo_complaint"] = "illumo_complaint"
    purchaser: int
    property: int
    price: int
    askees: list[int]
    """Who is still to be asked, in order."""
    offer_id: int | None = None
    """V-ILLUMO-12 (b): the accepted trade challenged (then `property` is the challenged deed, `price` 0)."""
    auction: bool = False
    """An auction win challenged (`illumo_interference_on_auctions`): `price` is the winning bid."""
    secret: bool = False
    """V-ILLUMO-18: a Secret Deal: only a player who plays an Interference card may complain."""


class Interference(Tagged):
    """V-ILLUMO-13: the contest over an acquisition: pledges of $50 units for either side, in rounds in turn order
    until everyone passes in a row; then 2d6 against 10 + P - C."""
    kind: Literal["illumo_interference"] = "illumo_interference"
    purchaser: int
    complainant: int
    property: int
    price: int
    order: list[int]
    """The pledgers, in turn order from the active player."""
    offer_id: int | None = None
    """The trade challenged, if it is one (V-ILLUMO-12 b)."""
    auction: bool = False
    """An auction win challenged (`illumo_interference_on_auctions`)."""
    helpers_against: bool = True
    """V-ILLUMO-19: whether third parties may pledge for the complainant (an Interference card's player decides)."""
    turn_index: int = 0
    passes: int = 0
    """Consecutive passes: everyone passing in a row closes pledging."""
    pledges: list[tuple[int, str, int, str]] = Field(default_factory=list)
    """(seat, side "for"|"against", dollars, source ("central" or a type)) in the order made."""


class Lawsuit(Tagged):
    """V-ILLUMO-36 to -41: a lawsuit in its pledging rounds (every player in turn order from the plaintiff, $10 a
    point, two points from a party's treasury of the affected type), then the roll."""
    kind: Literal["illumo_lawsuit"] = "illumo_lawsuit"
    plaintiff: int
    defendant: int
    suit: Literal["landmark", "title_defect", "antitrust"]
    target: int
    """The deed sued over; for antitrust, any deed of the monopoly (its type names the monopoly)."""
    affected: str
    """The affected type (V-ILLUMO-37): the target's colour group, "railroads" or "utilities"."""
    order: list[int]
    turn_index: int = 0
    passes: int = 0
    pledges: list[tuple[int, str, int, str]] = Field(default_factory=list)
    """(seat, side "plaintiff"|"defendant", dollars, source ("central" or the affected type))."""
    resumable: bool = False
    """A suspended case: its plaintiff's next turn has begun, so he may resume it in its step 1 (V-ILLUMO-41)."""


class HoldingWindow(Tagged):
    """V-ILLUMO-21, -41: pledging in a lawsuit is over; before the roll, each player holding a Holding Action card,
    in turn order from the plaintiff, may play it to suspend the case."""
    kind: Literal["illumo_holding"] = "illumo_holding"
    case: Lawsuit
    askees: list[int]


class CardResponse(Tagged):
    """V-ILLUMO-16, -30: a Court card was just played (or a Cancellation against a lasting effect); every other player
    in turn may answer with Cancellation, which may itself be cancelled, and so on. When everyone asked has passed,
    the card takes effect unless it stands cancelled."""
    kind: Literal["illumo_card_response"] = "illumo_card_response"
    seat: int
    card: str
    player: int | None = None
    property: int | None = None
    spy_on: str | None = None
    ends: str | None = None
    """A Cancellation against a lasting effect (V-ILLUMO-30 b): the effect it ends ("rent_control", "irs_audit",
    "legal_holiday", "secret_deal")."""
    allow_helpers: bool = True
    """An Interference card's answer (V-ILLUMO-19): whether third parties may pledge on its player's side."""
    offer_id: int | None = None
    """A Secret Deal played on an open trade (V-ILLUMO-17, -18): the trade it makes secret."""
    askees: list[int]
    cancelled: bool = False


class AntitrustChoice(Tagged):
    """V-ILLUMO-40: the losing defendant of an antitrust suit chooses which deed of the monopoly he forfeits."""
    kind: Literal["illumo_antitrust_choice"] = "illumo_antitrust_choice"
    defendant: int
    affected: str
    deeds: list[int]


class LevelRepair(Tagged):
    """V-ILLUMO-33: at the end of the turn a colour group is uneven (a lot came back at level 0); the owners of its
    lots too high are asked in turn order from the active player to build on a lowest lot (anyone may pay for that)
    or sell their own high lots down; what is still uneven when the last has let it be is sold down by the engine."""
    kind: Literal["illumo_level_repair"] = "illumo_level_repair"
    group: str
    askees: list[int]


class IlluminatiDraft(Tagged):
    """V-ILLUMO-42, `illumo_illuminati_assignment = draft`: before the first turn, the first five players in turn
    order each choose one of the Illuminati still free (the rest play basic)."""
    kind: Literal["illumo_draft"] = "illumo_draft"
    askees: list[int]
    pool: list[str]
    """The Illuminati still free, in the data's order."""
