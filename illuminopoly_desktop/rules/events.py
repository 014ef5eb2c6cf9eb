"""What happened, as small tagged records (R-GEN-07).

The GUI animates them, the log prints them, the LAN server forwards them; nobody diffs states.
`visible_to` is None for public events, or the seats allowed to see a hidden one (R-GEN-06).
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from ..model.state import Party
from ..model.unvalidated import keyword_init


class Event(BaseModel):
    model_config = ConfigDict(extra="forbid")
    visible_to: list[int] | None = None
    rule_id: str | None = None

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        # The engine builds events only from values it has already checked, tens of thousands of times per simulated
        # game, and pydantic's validation of each one cost more than the rule that emitted it. So engine-built events
        # skip validation (model/unvalidated.py); events read from JSON are still validated by EVENT_ADAPTER, and
        # tests/test_events_shape.py re-validates every event of many seeded games against its schema.
        super().__pydantic_init_subclass__(**kwargs)
        cls.__init__ = keyword_init(cls)


class DiceRolled(Event):
    type: Literal["dice_rolled"] = "dice_rolled"
    seat: int | None
    dice: list[int]
    purpose: str


class TokenMoved(Event):
    type: Literal["token_moved"] = "token_moved"
    seat: int
    start: int
    end: int
    path: list[int]
    how: Literal["dice", "card", "back", "teleport", "stop"]


class MoneyMoved(Event):
    type: Literal["money_moved"] = "money_moved"
    payer: Party
    payee: Party
    amount: int
    reason: str


class PaymentShort(Event):
    """A payment could not be made in full: what was owed, what was paid, and what became of the rest."""
    type: Literal["payment_short"] = "payment_short"
    payer: Party
    payee: Party
    owed: int
    paid: int
    outcome: Literal["lost", "forgiven", "debt", "issued"]
    reason: str


class OwnershipChanged(Event):
    type: Literal["ownership_changed"] = "ownership_changed"
    property: int
    old_owner: int | None
    new_owner: int | None
    reason: str


class ControlChanged(Event):
    type: Literal["control_changed"] = "control_changed"
    property: int
    old_controller: int | None
    new_controller: int | None
    origin: str | None
    reason: str


class DeedPlaced(Event):
    type: Literal["deed_placed"] = "deed_placed"
    seat: int
    property: int
    parent: int | None
    arrow: int


class StructureReorganized(Event):
    type: Literal["structure_reorganized"] = "structure_reorganized"
    seat: int
    placements: list[tuple[int, int | None, int]]


class MortgageChanged(Event):
    type: Literal["mortgage_changed"] = "mortgage_changed"
    property: int
    mortgaged: bool
    principal: int


class BuildingsChanged(Event):
    type: Literal["buildings_changed"] = "buildings_changed"
    property: int
    houses: int
    hotel: bool
    house_supply: int
    hotel_supply: int


class CardDrawn(Event):
    type: Literal["card_drawn"] = "card_drawn"
    seat: int
    deck: str
    number: int
    text: str
    effect: str


class JailChanged(Event):
    type: Literal["jail_changed"] = "jail_changed"
    seat: int
    in_jail: bool
    reason: str


class ChairChanged(Event):
    type: Literal["chair_changed"] = "chair_changed"
    old_chair: int | None
    new_chair: int | None
    reason: str


class ElectionOpened(Event):
    type: Literal["election_opened"] = "election_opened"
    election_id: int
    ballot: int
    candidates: list[int]
    voters: list[int]


class VoteCast(Event):
    type: Literal["vote_cast"] = "vote_cast"
    seat: int
    candidate: int | None


class FactionChosen(Event):
    type: Literal["faction_chosen"] = "faction_chosen"
    seat: int
    faction: str


class DogConditionChosen(Event):
    type: Literal["dog_condition_chosen"] = "dog_condition_chosen"
    seat: int
    condition: str


class DogConditionRevealed(Event):
    """The Dog's secret condition, made public when the game ends, whether he won or not (R-FAC-DOG-01)."""
    type: Literal["dog_condition_revealed"] = "dog_condition_revealed"
    seat: int
    condition: str


class TurnStarted(Event):
    type: Literal["turn_started"] = "turn_started"
    seat: int
    round_no: int


class TurnSkipped(Event):
    type: Literal["turn_skipped"] = "turn_skipped"
    seat: int
    reason: str


class RoundEnded(Event):
    type: Literal["round_ended"] = "round_ended"
    round_no: int
    power_bases: dict[int, int]


class RentCollected(Event):
    type: Literal["rent_collected"] = "rent_collected"
    seat: int
    rents: dict[int, int]
    total: int
    paid: int


class LandingResolved(Event):
    type: Literal["landing_resolved"] = "landing_resolved"
    seat: int
    square: int
    option: str


class FavorPlayed(Event):
    type: Literal["favor_played"] = "favor_played"
    seat: int
    purpose: str
    deck: str
    number: int


class FavorGained(Event):
    type: Literal["favor_gained"] = "favor_gained"
    seat: int
    deck: str
    number: int


class SaleBlocked(Event):
    type: Literal["sale_blocked"] = "sale_blocked"
    seat: int
    purpose: str
    blocked_by: int


class OfferEvent(Event):
    type: Literal["offer"] = "offer"
    offer_id: int
    status: Literal["proposed", "accepted", "declined", "withdrawn", "executed", "void", "expired"]
    seat: int | None = None
    detail: str = ""
    code: str | None = None
    """The refusal code of a voided offer (e.g. E_NO_FREE_ARROW), so that a program need not read `detail`."""


class DebtEvent(Event):
    type: Literal["debt"] = "debt"
    debt_id: int
    creditor: int
    debtor: int
    amount: int
    status: Literal["created", "paid", "due", "forgiven", "extended", "cancelled"]


class AuctionEvent(Event):
    type: Literal["auction"] = "auction"
    item: str
    property: int | None
    status: Literal["opened", "bid", "pass", "won", "no_bids"]
    seat: int | None = None
    amount: int = 0


class PlayerEliminated(Event):
    type: Literal["player_eliminated"] = "player_eliminated"
    seat: int
    reason: str
    beneficiary: Party | None = None


class GameOver(Event):
    type: Literal["game_over"] = "game_over"
    winners: list[int]
    reason: str


class ContestEvent(Event):
    """A step of a contest (R-CONTEST-02): declared, blocked, halted, a side joined, a sealed bid made (visible to
    the bidder only), bids revealed, the roll's verdict."""
    type: Literal["contest"] = "contest"
    contest_id: int
    contest: str
    stage: Literal["declared", "blocked", "waived", "halted", "invited", "joined", "declined", "bid", "revealed",
                   "resolved"]
    attacker: int
    target: int
    seat: int | None = None
    side: Literal["attack", "defend"] | None = None
    pips: int | None = None
    bids: dict[int, int] | None = None
    success: bool | None = None
    natural: Literal["success", "failure"] | None = None
    modified: int | None = None
    detail: str = ""
    code: str | None = None
    """The refusal code of a blocked declaration (E_BLOCKED_BY_CHAIR), so that a program need not read `detail`."""


class PropertyChanged(Event):
    """A change of a property's condition: rezoned, rebuilt (with its new factor), destroyed, disrupted, cleaned."""
    type: Literal["property_changed"] = "property_changed"
    property: int
    change: Literal["rezoned", "rebuilt", "destroyed", "disrupted", "cleaned", "abandoned", "countdown"]
    factor_halves: int | None = None
    countdown: int | None = None


class CheatEvent(Event):
    """A simulated cheat (R-CHEAT-02), seen only by the cheater (`visible_to=[seat]`, R-GEN-06)."""
    type: Literal["cheat"] = "cheat"
    seat: int
    cheat: str
    detail: str = ""


class AccusationEvent(Event):
    """An accusation of cheating and its ruling (R-CHEAT-04, R-CHEAT-05); public, it names no hidden record."""
    type: Literal["accusation"] = "accusation"
    accuser: int
    accused: int
    accused_of: str
    stage: Literal["made", "ruled"]
    guilty: bool | None = None
    by_banker: bool = False


class Notice(Event):
    """A rule decision worth a line in the game log (a lost turn, a Bank shortfall, a discovery...)."""
    type: Literal["notice"] = "notice"
    seat: int | None = None
    text: str


class HalfStarted(Event):
    """Shared factions (VARIANTS §3): a half of a faction turn starts; `actor` is the seat that takes it (V-SHARED-09,
    -12), and with it control of every faction flips (V-SHARED-07)."""
    type: Literal["half_started"] = "half_started"
    seat: int
    """The faction whose turn it is."""
    half: Literal["first", "second"]
    actor: int
    """The seat (model/seating.py `SeatId`) that takes this half."""
    cycle: int = 1


class HalfPassed(Event):
    """Shared factions: a half passed for the pass money (V-SHARED-11, -13); `actor` is the seat that passed."""
    type: Literal["half_passed"] = "half_passed"
    seat: int
    half: Literal["first", "second"]
    actor: int
    amount: int


class PairChoiceEvent(Event):
    """Shared factions: a proposal or the outcome of the Dog's two sharers' joint choice of its condition (V-SHARED-04):
    seen only by the seats that see the Dog's secrets then (its `visible_to` names the faction; rules/control.py)."""
    type: Literal["pair_choice"] = "pair_choice"
    seat: int
    """The faction the choice is for."""
    subject: Literal["dog", "token"] = "dog"
    """The Dog's condition (secret), or the faction's token (V-SHARED-03's `pair_choice`: public, `visible_to`
    None)."""
    stage: Literal["proposed", "accepted", "drawn"]
    actor: int | None = None
    """The seat that proposed or accepted (None when the engine drew)."""
    choice: str


AnyEvent = Annotated[
    Union[DiceRolled, TokenMoved, MoneyMoved, PaymentShort, OwnershipChanged, ControlChanged, DeedPlaced,
          StructureReorganized, MortgageChanged, BuildingsChanged, CardDrawn, JailChanged, ChairChanged,
          ElectionOpened, VoteCast, FactionChosen, DogConditionChosen, DogConditionRevealed, TurnStarted,
          TurnSkipped, RoundEnded,
          RentCollected, LandingResolved, FavorPlayed, FavorGained, SaleBlocked, OfferEvent, DebtEvent,
          AuctionEvent, PlayerEliminated, GameOver, ContestEvent, PropertyChanged, Notice, CheatEvent,
          AccusationEvent, HalfStarted, HalfPassed, PairChoiceEvent],
    Field(discriminator="type"),
]

EVENT_ADAPTER: TypeAdapter = TypeAdapter(AnyEvent)


def is_visible_to(event: Event, seat: int | None) -> bool:
    """Whether `seat` (None = a spectator) may see `event` (R-GEN-06)."""
    return event.visible_to is None or (seat is not None and seat in event.visible_to)
