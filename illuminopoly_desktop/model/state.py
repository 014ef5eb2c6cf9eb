"""The whole game state (spec §1.2) as mutable pydantic models.

The engine mutates these objects in place (assignment is not re-validated, for speed); every
mutation happens only after the action that causes it has been fully checked, so a refused
action leaves the state untouched (R-GEN-05). The state serialises to JSON and back exactly.
"""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from .board import Board
from .options import Options

ROOT = -1
"""Parent id of a deed hanging directly from its owner's faction card."""

BANK = "bank"
FP = "fp"
ESCROW = "escrow"

Party = Union[int, Literal["bank", "fp", "escrow"]]
"""Where money comes from or goes to: a seat number, the Bank's Reserves, the Free Parking pot, or escrow."""

ControlOrigin = Literal["owner", "subversion", "seller_retention", "arm_residual", "mortgage_chair", "post_mortgage"]


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)

    def __setattr__(self, name: str, value) -> None:
        # The engine assigns state fields tens of thousands of times per game; pydantic's generic
        # __setattr__ costs about a microsecond each. Assignment is never validated here anyway, so a
        # field already present is written straight into the instance dict (the fields-set bookkeeping
        # is only used by exclude_unset, which the project never uses).
        instance_dict = self.__dict__
        if name in instance_dict:
            instance_dict[name] = value
        else:
            super().__setattr__(name, value)


class PropertyState(Model):
    index: int
    owner: int | None = None
    controller: int | None = None
    control_origin: ControlOrigin | None = None
    mortgaged: bool = False
    mortgage_principal: int = 0
    mortgage_written_off: bool = False
    rezoned: bool = False
    destroyed: bool = False
    rubble: bool = False
    disrupted_turns: int = 0
    rail_countdown: int = 0
    factor_halves: int = 2
    """Rebuild factor F in halves: 1 = ½, 2 = 1, 3 = 1½ (R-REBUILD-05); kept exact, never a float."""
    houses: int = 0
    hotel: bool = False
    parent: int | None = None
    """ROOT (the owner's faction card), another owned deed's square index, or None = unattached."""
    arrow: int = 0
    """Which out-arrow of the parent the deed hangs from."""
    double_rent_by: int | None = None


class FavorCard(Model):
    deck: Literal["chance", "community_chest"]
    number: int


class PlayerState(Model):
    seat: int
    name: str
    kind: Literal["human", "computer"] = "human"
    role: Literal["faction", "banker"] = "faction"
    faction: str | None = None
    cash: int = 0
    position: int = 0
    in_jail: bool = False
    jail_turns: int = 0
    jail_no_favor: bool = False
    political_favors: list[FavorCard] = Field(default_factory=list)
    lost_turns: int = 0
    disabled: bool = False
    awakened: bool = False
    terrorist_jailings: int = 0
    bail_bonus_against: list[int] = Field(default_factory=list)
    completed_first_circuit: bool = False
    doubles_this_turn: int = 0
    last_utility_roll: int | None = None
    forced_reorg_pending: bool = False
    rebuild_token: int | None = None
    no_forfeit_rebuild_next_turn: bool = False
    dog_condition: str | None = None
    """Hidden: only the Dog's own view shows it (R-GEN-06)."""
    bank_debt: int = 0
    """What he still owes the Bank from a shortfall under `bank_shortfall_forgiven=false` (R-LOSE-02 step 2).
    Not money: it is repaid out of every later receipt and blocks his voluntary spending until it is paid."""
    eliminated: bool = False


# ----- offers, loans and debts (R-DEAL, §33) -----

class CashItem(Model):
    kind: Literal["cash"] = "cash"
    amount: int = Field(ge=1)


class DeedItem(Model):
    kind: Literal["deed"] = "deed"
    property: int
    """The root of the arm; the whole arm travels with it (R-STRUCT-10)."""
    parent: int | None = None
    arrow: int | None = None
    """Where the receiver hangs the root; None = the engine picks the shallowest free arrow."""
    mortgage_choice: Literal["lift", "fee"] = "fee"
    """R-SELL-04, only used when the deed is mortgaged."""


class FavorItem(Model):
    kind: Literal["favor"] = "favor"
    card: FavorCard


class LoanItem(Model):
    kind: Literal["loan"] = "loan"
    principal: int = Field(ge=1)
    repayments: list[tuple[int, int]] = Field(min_length=1)
    """(round number, amount) pairs the borrower (the leg's receiver) owes the lender."""


class VoteItem(Model):
    kind: Literal["vote"] = "vote"
    candidate: int
    """The giver of this leg commits to vote for `candidate` in the current Chair election."""


class NoteItem(Model):
    kind: Literal["note"] = "note"
    text: str = Field(max_length=500)


OfferItem = Annotated[Union[CashItem, DeedItem, FavorItem, LoanItem, VoteItem, NoteItem], Field(discriminator="kind")]


class OfferLeg(Model):
    giver: int
    receiver: int
    item: OfferItem


class Offer(Model):
    id: int
    proposer: int
    counterparties: list[int]
    legs: list[OfferLeg]
    visibility: Literal["public", "secret"] = "public"
    expires_round: int
    accepted_by: list[int] = Field(default_factory=list)
    category: Literal["deal", "bribe"] = "deal"
    counter_to: int | None = None
    """The offer this one answers as a counter-offer (§33.1); that offer was declined when this one was made."""


class Debt(Model):
    id: int
    creditor: int
    debtor: int
    amount: int
    due_round: int
    due: bool = False
    """True once the due round has come and the debtor could not pay it all (R-DEAL-04)."""
    secret_between: list[int] | None = None


class VoteEscrow(Model):
    """Bribe cash for a vote commitment, held until the vote is cast (§33.1 conditional legs)."""
    offer_id: int
    payer: int
    voter: int
    candidate: int
    amount: int
    election_id: int


# ----- pending decisions (a stack: the top one is asked first) -----

class Election(Model):
    kind: Literal["election"] = "election"
    id: int
    ballot: int = 1
    candidates: list[int]
    voters: list[int]
    votes: dict[int, int | None] = Field(default_factory=dict)
    """seat → candidate voted for, or None = abstain."""


class FavorWindow(Model):
    """R-CARD-06: PF holders may block a Bank sale (or a payer may cancel a card payment)."""
    kind: Literal["favor_window"] = "favor_window"
    purpose: Literal["buy", "build", "sell_building", "mortgage", "collect_from_player"]
    actor: int
    queue: list[int]
    chain: list[int] = Field(default_factory=list)
    property: int | None = None
    parent: int | None = None
    arrow: int | None = None
    building: str | None = None
    payer: int | None = None
    amount: int = 0


class RaiseFunds(Model):
    """R-LOSE-02: a payer short of cash may raise funds before paying."""
    kind: Literal["raise_funds"] = "raise_funds"
    payer: int
    payments: list[tuple[Party, int]]
    reason: str


class Auction(Model):
    """R-DEAL-09: open ascending auction run by the engine."""
    kind: Literal["auction"] = "auction"
    item: Literal["property", "bank"]
    property: int | None = None
    bidders: list[int]
    turn_index: int = 0
    high_bid: int = 0
    high_bidder: int | None = None
    high_parent: int = -1
    high_arrow: int = 0
    remaining_properties: list[int] = Field(default_factory=list)
    start_after: int | None = None
    """Bidding starts after this seat while the Chair is vacant (the eliminated player was the Chair, R-DEAL-09)."""


class ChairBuyoff(Model):
    """R-LOSE-03 step 1: the Chair may buy off the mortgages of a mortgaged-out player."""
    kind: Literal["chair_buyoff"] = "chair_buyoff"
    chair: int
    properties: list[int]


class FactionDraft(Model):
    kind: Literal["faction_draft"] = "faction_draft"
    order: list[int]
    """Seats in picking order (descending high rolls, R-SETUP-02)."""


class DogChoice(Model):
    kind: Literal["dog_choice"] = "dog_choice"
    seat: int


class PermitWindow(Model):
    """R-BUILD-06, §33.7: a request for the last houses (or hotels) waits while others may bribe the builder."""
    kind: Literal["permit_window"] = "permit_window"
    builder: int
    property: int
    building: Literal["house", "hotel"]
    bidders: list[int]
    """Seats asked (all at once) whether they offer a permit bribe."""
    bids: dict[int, int] = Field(default_factory=dict)
    """seat → bribe offered ($0 = none)."""
    bid_property: dict[int, int] = Field(default_factory=dict)
    """seat → the lot the briber builds on at once if the builder accepts."""


Pending = Annotated[Union[Election, FavorWindow, RaiseFunds, Auction, ChairBuyoff, FactionDraft, DogChoice,
                          PermitWindow],
                    Field(discriminator="kind")]

TurnStep = Literal["choice", "stop_offer", "landing", "tax_choice", "fp_choice", "after_landing", "free", "banker", "none"]


class TurnState(Model):
    seat: int = -1
    step: TurnStep = "none"
    moves_made: int = 0
    last_roll_doubles: bool = False
    may_roll_again: bool = False
    remaining_steps: int = 0
    paused_how: Literal["dice", "card", "go_card", "back"] | None = None
    """How the move paused at a stop-to-fix offer was made, so that declining resumes it the same way (R-MOVE-04)."""
    landing_square: int | None = None
    visit_bail_available: bool = False
    reached_by_double_rent_card: bool = False
    used_once: list[str] = Field(default_factory=list)
    jail_exit_by_roll: bool = False


class SeatConfig(Model):
    name: str
    kind: Literal["human", "computer"] = "human"
    banker: bool = False
    faction: str | None = None
    """Only honoured when the host assigns factions (`preset` in new_game); otherwise chosen in play."""


class GameSetup(Model):
    """Everything a game starts from; with the action log it determines every later state."""
    seed: int
    seats: list[SeatConfig]
    options: Options
    board: Board
    preset_factions: bool = False
    allow_forced_dice: bool = False


class GameState(Model):
    setup: GameSetup
    rng_state: int
    forced_dice: list[int] = Field(default_factory=list)
    players: list[PlayerState]
    properties: dict[int, PropertyState]
    reserves: int
    fp_pot: int = 0
    escrow: int = 0
    bank_issued: int = 0
    bank_proprietor: int | None = None
    bank_start_reserves: int = 0
    bank_auction_done: bool = False
    held_payments: list[tuple[int, int, str]] = Field(default_factory=list)
    chair: int | None = None
    last_chair: int | None = None
    """The most recent Chair, kept while the Chair is vacant (the incumbent of `incumbent_or_random`, R-CHAIR-02)."""
    professional_banker: int | None = None
    chance_deck: list[int]
    chest_deck: list[int]
    house_supply: int = 32
    hotel_supply: int = 12
    seat_order: list[int]
    round_no: int = 1
    round_anchor: int | None = None
    played_this_round: list[int] = Field(default_factory=list)
    current_player: int | None = None
    chair_changed_this_turn: bool = False
    turn: TurnState = Field(default_factory=TurnState)
    pending: list[Pending] = Field(default_factory=list)
    offers: list[Offer] = Field(default_factory=list)
    debts: list[Debt] = Field(default_factory=list)
    vote_escrows: list[VoteEscrow] = Field(default_factory=list)
    vote_commitments: dict[int, int] = Field(default_factory=dict)
    next_id: int = 1
    terrorist_colors_destroyed: list[str] = Field(default_factory=list)
    pending_ransom: dict | None = None
    action_count: int = 0
    winners: list[int] = Field(default_factory=list)
    win_reason: str | None = None
    game_over: bool = False

    def player(self, seat: int) -> PlayerState:
        return self.players[seat]

    def prop(self, index: int) -> PropertyState:
        return self.properties[index]

    def active_seats(self) -> list[int]:
        return [s for s in self.seat_order if not self.players[s].eliminated]

    def faction_seats(self) -> list[int]:
        """Active faction players in seat order (the professional Banker is not one)."""
        return [s for s in self.seat_order if not self.players[s].eliminated and self.players[s].role == "faction"]

    def seats_after(self, seat: int) -> list[int]:
        """Every seat in seat order, starting with the one after `seat` (the acting player is not included)."""
        order = self.seat_order
        start = order.index(seat)
        return order[start + 1:] + order[:start]

    def total_money(self) -> int:
        """Σ player cash + Reserves + FP pot + escrow (R-GEN-08)."""
        return sum(p.cash for p in self.players) + self.reserves + self.fp_pot + self.escrow
