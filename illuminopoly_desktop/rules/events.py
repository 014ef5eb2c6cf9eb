"""What happened, as small tagged records (R-GEN-07).

The GUI animates them, the log prints them, the LAN server forwards them; nobody diffs states.
`visible_to` is None for public events, or the seats allowed to see a hidden one (R-GEN-06).

Events are plain slotted dataclasses, not pydantic models: the engine builds about ten per player-turn from values
it has already checked, and a slotted class builds in a third of the time of even an unvalidated pydantic model (and
compiles to a native class under mypyc). Their JSON is pydantic's all the same: `EVENT_ADAPTER` (a TypeAdapter of the
tagged union `AnyEvent`) writes it (`Event.as_json`, the same keys in the same order as when they were models) and
validates whatever is read from outside (a LAN client's updates, other programs' logs), unknown keys refused.
tests/test_events_shape.py re-validates every event of many seeded games against the schema.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal, Union

from pydantic import ConfigDict, Field, TypeAdapter, with_config

from ..model.state import Party


@with_config(ConfigDict(extra="forbid"))
@dataclass(slots=True, kw_only=True)
class Event:
    visible_to: list[int] | None = None
    rule_id: str | None = None
    type: str = ""
    """Each event class's own tag (a Literal default), the key of the tagged union `AnyEvent`."""

    def as_json(self) -> dict[str, Any]:
        """The event as JSON-ready values (what the LAN server sends and the referee's log writes)."""
        as_json: dict[str, Any] = EVENT_ADAPTER.dump_python(self, mode="json")
        return as_json


@dataclass(slots=True, kw_only=True)
class DiceRolled(Event):
    type: Literal["dice_rolled"] = "dice_rolled"
    seat: int | None
    dice: list[int]
    purpose: str


@dataclass(slots=True, kw_only=True)
class TokenMoved(Event):
    type: Literal["token_moved"] = "token_moved"
    seat: int
    start: int
    end: int
    path: list[int]
    how: Literal["dice", "card", "back", "teleport", "stop"]


@dataclass(slots=True, kw_only=True)
class MoneyMoved(Event):
    type: Literal["money_moved"] = "money_moved"
    payer: Party
    payee: Party
    amount: int
    reason: str


@dataclass(slots=True, kw_only=True)
class PaymentShort(Event):
    """A payment could not be made in full: what was owed, what was paid, and what became of the rest."""
    type: Literal["payment_short"] = "payment_short"
    payer: Party
    payee: Party
    owed: int
    paid: int
    outcome: Literal["lost", "forgiven", "debt", "issued"]
    reason: str


@dataclass(slots=True, kw_only=True)
class OwnershipChanged(Event):
    type: Literal["ownership_changed"] = "ownership_changed"
    property: int
    old_owner: int | None
    new_owner: int | None
    reason: str


@dataclass(slots=True, kw_only=True)
class ControlChanged(Event):
    type: Literal["control_changed"] = "control_changed"
    property: int
    old_controller: int | None
    new_controller: int | None
    origin: str | None
    reason: str


@dataclass(slots=True, kw_only=True)
class DeedPlaced(Event):
    type: Literal["deed_placed"] = "deed_placed"
    seat: int
    property: int
    parent: int | None
    arrow: int


@dataclass(slots=True, kw_only=True)
class StructureReorganized(Event):
    type: Literal["structure_reorganized"] = "structure_reorganized"
    seat: int
    placements: list[tuple[int, int | None, int]]


@dataclass(slots=True, kw_only=True)
class MortgageChanged(Event):
    type: Literal["mortgage_changed"] = "mortgage_changed"
    property: int
    mortgaged: bool
    principal: int


@dataclass(slots=True, kw_only=True)
class BuildingsChanged(Event):
    type: Literal["buildings_changed"] = "buildings_changed"
    property: int
    houses: int
    hotel: bool
    house_supply: int
    hotel_supply: int


@dataclass(slots=True, kw_only=True)
class CardDrawn(Event):
    type: Literal["card_drawn"] = "card_drawn"
    seat: int
    deck: str
    number: int
    text: str
    effect: str


@dataclass(slots=True, kw_only=True)
class JailChanged(Event):
    type: Literal["jail_changed"] = "jail_changed"
    seat: int
    in_jail: bool
    reason: str


@dataclass(slots=True, kw_only=True)
class ChairChanged(Event):
    type: Literal["chair_changed"] = "chair_changed"
    old_chair: int | None
    new_chair: int | None
    reason: str


@dataclass(slots=True, kw_only=True)
class ElectionOpened(Event):
    type: Literal["election_opened"] = "election_opened"
    election_id: int
    ballot: int
    candidates: list[int]
    voters: list[int]


@dataclass(slots=True, kw_only=True)
class VoteCast(Event):
    type: Literal["vote_cast"] = "vote_cast"
    seat: int
    candidate: int | None


@dataclass(slots=True, kw_only=True)
class FactionChosen(Event):
    type: Literal["faction_chosen"] = "faction_chosen"
    seat: int
    faction: str


@dataclass(slots=True, kw_only=True)
class DogConditionChosen(Event):
    type: Literal["dog_condition_chosen"] = "dog_condition_chosen"
    seat: int
    condition: str


@dataclass(slots=True, kw_only=True)
class DogConditionRevealed(Event):
    """The Dog's secret condition, made public when the game ends, whether he won or not (R-FAC-DOG-01)."""
    type: Literal["dog_condition_revealed"] = "dog_condition_revealed"
    seat: int
    condition: str


@dataclass(slots=True, kw_only=True)
class TurnStarted(Event):
    type: Literal["turn_started"] = "turn_started"
    seat: int
    round_no: int


@dataclass(slots=True, kw_only=True)
class TurnSkipped(Event):
    type: Literal["turn_skipped"] = "turn_skipped"
    seat: int
    reason: str


@dataclass(slots=True, kw_only=True)
class RoundEnded(Event):
    type: Literal["round_ended"] = "round_ended"
    round_no: int
    power_bases: dict[int, int]


@dataclass(slots=True, kw_only=True)
class RentCollected(Event):
    type: Literal["rent_collected"] = "rent_collected"
    seat: int
    rents: dict[int, int]
    total: int
    paid: int


@dataclass(slots=True, kw_only=True)
class LandingResolved(Event):
    type: Literal["landing_resolved"] = "landing_resolved"
    seat: int
    square: int
    option: str


@dataclass(slots=True, kw_only=True)
class FavorPlayed(Event):
    type: Literal["favor_played"] = "favor_played"
    seat: int
    purpose: str
    deck: str
    number: int


@dataclass(slots=True, kw_only=True)
class FavorGained(Event):
    type: Literal["favor_gained"] = "favor_gained"
    seat: int
    deck: str
    number: int


@dataclass(slots=True, kw_only=True)
class SaleBlocked(Event):
    type: Literal["sale_blocked"] = "sale_blocked"
    seat: int
    purpose: str
    blocked_by: int


@dataclass(slots=True, kw_only=True)
class OfferEvent(Event):
    type: Literal["offer"] = "offer"
    offer_id: int
    status: Literal["proposed", "accepted", "declined", "withdrawn", "executed", "void", "expired"]
    seat: int | None = None
    detail: str = ""
    code: str | None = None
    """The refusal code of a voided offer (e.g. E_NO_FREE_ARROW), so that a program need not read `detail`."""


@dataclass(slots=True, kw_only=True)
class DebtEvent(Event):
    type: Literal["debt"] = "debt"
    debt_id: int
    creditor: int
    debtor: int
    amount: int
    status: Literal["created", "paid", "due", "forgiven", "extended", "cancelled"]


@dataclass(slots=True, kw_only=True)
class AuctionEvent(Event):
    type: Literal["auction"] = "auction"
    item: str
    property: int | None
    status: Literal["opened", "bid", "pass", "won", "no_bids"]
    seat: int | None = None
    amount: int = 0


@dataclass(slots=True, kw_only=True)
class PlayerEliminated(Event):
    type: Literal["player_eliminated"] = "player_eliminated"
    seat: int
    reason: str
    beneficiary: Party | None = None


@dataclass(slots=True, kw_only=True)
class GameOver(Event):
    type: Literal["game_over"] = "game_over"
    winners: list[int]
    reason: str


@dataclass(slots=True, kw_only=True)
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


@dataclass(slots=True, kw_only=True)
class PropertyChanged(Event):
    """A change of a property's condition: rezoned, rebuilt (with its new factor), destroyed, disrupted, cleaned."""
    type: Literal["property_changed"] = "property_changed"
    property: int
    change: Literal["rezoned", "rebuilt", "destroyed", "disrupted", "cleaned", "abandoned", "countdown"]
    factor_halves: int | None = None
    countdown: int | None = None


@dataclass(slots=True, kw_only=True)
class CheatEvent(Event):
    """A simulated cheat (R-CHEAT-02), seen only by the cheater (`visible_to=[seat]`, R-GEN-06)."""
    type: Literal["cheat"] = "cheat"
    seat: int
    cheat: str
    detail: str = ""


@dataclass(slots=True, kw_only=True)
class AccusationEvent(Event):
    """An accusation of cheating and its ruling (R-CHEAT-04, R-CHEAT-05); public, it names no hidden record."""
    type: Literal["accusation"] = "accusation"
    accuser: int
    accused: int
    accused_of: str
    stage: Literal["made", "ruled"]
    guilty: bool | None = None
    by_banker: bool = False


@dataclass(slots=True, kw_only=True)
class Notice(Event):
    """A rule decision worth a line in the game log (a lost turn, a Bank shortfall, a discovery...)."""
    type: Literal["notice"] = "notice"
    seat: int | None = None
    text: str


@dataclass(slots=True, kw_only=True)
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


@dataclass(slots=True, kw_only=True)
class HalfPassed(Event):
    """Shared factions: a half passed for the pass money (V-SHARED-11, -13); `actor` is the seat that passed."""
    type: Literal["half_passed"] = "half_passed"
    seat: int
    half: Literal["first", "second"]
    actor: int
    amount: int


@dataclass(slots=True, kw_only=True)
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
