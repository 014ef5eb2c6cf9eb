"""The parts of the game state (spec §1.2) as mutable pydantic models, and `GameStateFields`, the whole state as the
pydantic model it was before it became a plain class (`GameState`, model/state.py, which re-exports every name here).

The engine mutates these objects in place (assignment is not re-validated, for speed); every
mutation happens only after the action that causes it has been fully checked, so a refused
action leaves the state untouched (R-GEN-05). The state serialises to JSON and back exactly.
This module stays pure Python: it defines pydantic models (see packaging/compiled_modules.txt).
"""
from __future__ import annotations

from typing import Annotated, Final, Literal, Union

from pydantic import BaseModel, Field, SerializeAsAny, model_serializer, model_validator

from .board import Board
from .classic_state import BuildingAuction, ClassicState, MortgageReceipt
from .george_state import (GeorgeState, LoanSettlement, ParcelBuildingAuction, ParcelFinancingItem,
                           ShortageDeclaration)
from .illumo_state import (AntitrustChoice, CardResponse, Complaint, HoldingWindow, IllumoState, Interference,
                           IlluminatiDraft, Lawsuit, LevelRepair)
from .favor_card import FavorCard
from .model_base import Model, Tagged
from .player_state import PlayerState
from .property_state import PropertyState
from .rng import SPLITMIX64, Generator
from .rulesets import DEFAULT_RULESET, options_model_of
from .shared_state import SharedState, TokenPairChoice
from .turn_state import TurnState

ROOT: Final = -1
"""Parent id of a deed hanging directly from its owner's faction card."""

BANK: Final = "bank"
FP: Final = "fp"
ESCROW: Final = "escrow"
GO_POT: Final = "go_pot"
"""The GO pot of the Georgist rules (VARIANTS §5, V-GEORGE-24), held in their slice of the state."""

Account = Annotated[str, Field(pattern=r"^t[0-9]+:[a-z_]+$")]
"""A player's account other than his cash, which a ruleset keeps in its slice (VARIANTS S09): Illumonopoly's group
treasuries, "t<seat>:<type>" (model/illumo_state.py). The core's ledger asks the ruleset to move money in and out of
them (rules/money.py, `Ruleset.adjust_account`)."""

Party = Union[int, Literal["bank", "fp", "escrow", "go_pot"], Account]
"""Where money comes from or goes to: a seat number (his cash), the Bank's Reserves, the Free Parking pot, escrow, a
pot a ruleset's slice holds (the GO pot), or a ruleset's account of a player (`Account`)."""

# ----- offers, loans and debts (R-DEAL, §33) -----

class CashItem(Tagged):
    kind: Literal["cash"] = "cash"
    amount: int = Field(ge=1)


class DeedItem(Tagged):
    kind: Literal["deed"] = "deed"
    property: int
    """The root of the arm; the whole arm travels with it (R-STRUCT-10)."""
    parent: int | None = None
    arrow: int | None = None
    """Where the receiver hangs the root; None = the engine picks the shallowest free arrow."""
    mortgage_choice: Literal["lift", "fee"] = "fee"
    """R-SELL-04, only used when the deed is mortgaged."""


class FavorItem(Tagged):
    kind: Literal["favor"] = "favor"
    card: FavorCard


class LoanItem(Tagged):
    kind: Literal["loan"] = "loan"
    principal: int = Field(ge=1)
    repayments: list[tuple[int, int]] = Field(min_length=1)
    """(round number, amount) pairs the borrower (the leg's receiver) owes the lender."""


class VoteItem(Tagged):
    kind: Literal["vote"] = "vote"
    candidate: int
    """The giver of this leg commits to vote for `candidate` in the current Chair election."""


class NoteItem(Tagged):
    kind: Literal["note"] = "note"
    text: str = Field(max_length=500)


RestrainedAction = Literal["takeover", "rezoning", "subversion", "destruction", "ransom"]


class RestraintItem(Tagged):
    """R-DEAL-03: the leg's giver will not declare these actions against `property`, or against any property owned by
    `against_owner` (exactly one of the two), until the end of round `until_round`."""
    kind: Literal["restraint"] = "restraint"
    actions: list[RestrainedAction] = Field(min_length=1)
    property: int | None = None
    against_owner: int | None = None
    until_round: int


class GraftCommitmentItem(Tagged):
    """R-DEAL-03: the leg's giver commits exactly / at most / at least `pips` on `side` in the next contest over
    `property` (see variants/illuminopoly/commitments.py)."""
    kind: Literal["graft_commitment"] = "graft_commitment"
    property: int
    side: Literal["attack", "defend"]
    mode: Literal["exactly", "at_most", "at_least"]
    pips: int = Field(ge=0)


class HelperCommitmentItem(Tagged):
    """R-DEAL-03: the leg's giver accepts an invitation to `side` in the next contest over `property`."""
    kind: Literal["helper_commitment"] = "helper_commitment"
    property: int
    side: Literal["attack", "defend"]


CommitmentItem = Annotated[Union[RestraintItem, GraftCommitmentItem, HelperCommitmentItem], Field(discriminator="kind")]

OfferItem = Annotated[Union[CashItem, DeedItem, FavorItem, LoanItem, VoteItem, NoteItem, RestraintItem,
                            GraftCommitmentItem, HelperCommitmentItem,
                            ParcelFinancingItem],  # the Georgist buyer's Bank loan (V-GEORGE-22)
                      Field(discriminator="kind")]


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


class Commitment(Model):
    """A restraint, graft or helper commitment recorded when its offer executed (R-DEAL-03, §33.1); the engine refuses
    the committed player's contrary actions with E_COMMITMENT (variants/illuminopoly/commitments.py). Hidden from
    outsiders when the offer was secret (R-DEAL-05, R-GEN-06)."""
    id: int
    offer_id: int
    seat: int
    """The committed player (the leg's giver)."""
    beneficiary: int
    """The leg's receiver."""
    kind: Literal["restraint", "graft_commitment", "helper_commitment"]
    item: CommitmentItem
    secret_between: list[int] | None = None


class CommitmentEscrow(Model):
    """Cash paid in the same offer for graft or helper commitments, held until they are kept (§33.1 conditional legs):
    released to `payee` when every commitment in `conditions` has been kept, refunded to `payer` as soon as one fails."""
    offer_id: int
    payer: int
    payee: int
    amount: int
    conditions: list[int]
    """Ids of the commitments still to be kept."""
    bribe: bool = False
    """The offer was a bribe (R-DEAL-06): the money is split by R-FP-02 when released."""
    secret_between: list[int] | None = None


# ----- pending decisions (a stack: the top one is asked first) -----

class Election(Tagged):
    kind: Literal["election"] = "election"
    id: int
    ballot: int = 1
    candidates: list[int]
    voters: list[int]
    votes: dict[int, int | None] = Field(default_factory=dict)
    """seat → candidate voted for, or None = abstain."""


class FavorWindow(Tagged):
    """R-CARD-06: PF holders may block a Bank sale (or a payer may cancel a card payment)."""
    kind: Literal["favor_window"] = "favor_window"
    purpose: Literal["buy", "build", "sell_building", "mortgage", "collect_from_player", "halt", "abandon"]
    actor: int
    queue: list[int]
    chain: list[int] = Field(default_factory=list)
    property: int | None = None
    parent: int | None = None
    arrow: int | None = None
    building: str | None = None
    payer: int | None = None
    amount: int = 0


class RaiseFunds(Tagged):
    """R-LOSE-02: a payer short of cash may raise funds before paying."""
    kind: Literal["raise_funds"] = "raise_funds"
    payer: int
    payments: list[tuple[Party, int]]
    reason: str


class Auction(Tagged):
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


class ChairBuyoff(Tagged):
    """R-LOSE-03 step 1: the Chair may buy off the mortgages of a mortgaged-out player."""
    kind: Literal["chair_buyoff"] = "chair_buyoff"
    chair: int
    properties: list[int]


class FactionDraft(Tagged):
    kind: Literal["faction_draft"] = "faction_draft"
    order: list[int]
    """Seats in picking order (descending high rolls, R-SETUP-02)."""


class DogChoice(Tagged):
    kind: Literal["dog_choice"] = "dog_choice"
    seat: int


class PermitWindow(Tagged):
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


ContestType = Literal["takeover", "rezoning", "subversion", "rebuild", "destruction", "surprise_destruction"]
ContestStage = Literal["chair_block", "invitations", "answers", "volunteers", "graft", "open_graft"]
Side = Literal["attack", "defend"]


class Contest(Tagged):
    """One contest of R-CONTEST-02, from the declaration to the distribution of the money.

    Sealed graft bids (`bids` before `revealed`) are hidden from every seat but the bidder (R-GEN-06); the money
    of a sealed bid moves into escrow only at the reveal, so that no cash total betrays it."""
    kind: Literal["contest"] = "contest"
    id: int
    contest: ContestType
    attacker: int
    target: int
    owner: int | None = None
    stage: ContestStage = "graft"
    base_cost: int = 0
    base_paid: bool = False
    rebuild_cost: int = 0
    parent: int = -1
    arrow: int = 0
    """Where a successful taker hangs the arm's root (R-TAKEOVER-05 step 4)."""
    double_rent: bool = False
    """The attacker reached the target by a double-rent card (R-CONTEST-07), fixed at the declaration."""
    token_attempt: bool = False
    """A rebuild by FORFEIT_MOVE_TO_REBUILD (R-REBUILD-02): a failed zoning roll bars the next forfeit."""
    auto_success: bool = False
    """A bail bonus makes this subversion succeed without a roll (R-CONTEST-08)."""
    attackers: list[int] = Field(default_factory=list)
    defenders: list[int] = Field(default_factory=list)
    inviters: list[int] = Field(default_factory=list)
    """Principals who have not yet sent their invitations."""
    invitations: dict[int, Side] = Field(default_factory=dict)
    """Invitee → the side he is asked to join; removed as each answers."""
    volunteers: dict[int, list[Side]] = Field(default_factory=dict)
    """Seat → the sides he may still volunteer for (open contests)."""
    bids: dict[int, int] = Field(default_factory=dict)
    """Participant → pips committed (sealed until `revealed`; in open bidding, the running total)."""
    answered: list[int] = Field(default_factory=list)
    """Open bidding: participants of the side to raise who have answered in this round."""
    open_side: Side = "attack"
    open_quiet_rounds: int = 0
    revealed: bool = False
    graft_discount: dict[int, int] = Field(default_factory=dict)
    """Hidden (only the bidder sees his entry): dollars a short graft left unpaid (R-CHEAT-02 (c))."""


class ReattachWindow(Tagged):
    """R-STRUCT-07: the owner of a newly rezoned holding deed re-attaches the orphaned arms."""
    kind: Literal["reattach"] = "reattach"
    seat: int
    roots: list[int]


# ----- simulated cheating (R-CHEAT) -----
CheatType = Literal["stacked_draw", "marker_shift", "short_graft", "till_dip"]
"""R-CHEAT-02 (a)–(d)."""


class CheatRecord(Model):
    """One simulated cheat (R-CHEAT-02). Hidden: only the cheater's view shows it (R-GEN-06); see
    variants/illuminopoly/cheating.py."""
    id: int
    seat: int
    cheat: CheatType
    round_no: int
    status: Literal["armed", "done", "closed"] = "done"
    """`armed`: a stacked draw set up before the draw; `closed`: caught, put back, lapsed or never drawn."""
    this_turn: bool = True
    """Counts as his one cheat of this turn of his own (cleared at the end of his turn)."""
    turn_ends_left: int = 0
    """(a)–(c): how many of the cheater's turn ends may still pass before accusations lapse (R-CHEAT-04)."""
    deck: str | None = None
    card: int | None = None
    skipped_card: int | None = None
    from_property: int | None = None
    to_property: int | None = None
    property_owner: int | None = None
    origin: str | None = None
    contest_id: int | None = None
    pips: int = 0
    amount: int = 0
    """A short graft's unpaid dollars, or a till dip's dollars not yet put back."""
    owed: list[tuple[Party, int]] = Field(default_factory=list)
    """Where a short graft's unpaid money would have gone (known once the contest's money is distributed)."""


class CheatRuling(Tagged):
    """R-CHEAT-05: the professional Banker rules on an accusation (the truth is not stored here: it is hidden)."""
    kind: Literal["cheat_ruling"] = "cheat_ruling"
    banker: int
    accuser: int
    accused: int
    cheat: CheatType


# ----- faction powers -----
class CardExemption(Tagged):
    """R-FAC-STEAMIRON-03: the Steam Iron may ignore a payment a Chance or Community Chest card orders."""
    kind: Literal["card_exemption"] = "card_exemption"
    seat: int
    drawer: int
    payments: list[tuple[Party, int]]
    reason: str


# ----- the Artillery (R-ART) -----
class Ransom(Model):
    """R-ART-03, R-ART-04, §33.8: the Artillery's ransom demand, public, pending until his next T1 (R-ART-05). On an
    owned target the property's current owner answers by the end of his next turn or the Artillery's next T1,
    whichever comes first (D-15, variants/illuminopoly/artillery.py)."""
    property: int
    amount: int
    artillery: int
    owner: int | None = None
    """The owner when the demand was made, who answers it; None = an unowned target, paid by a pledge pool."""
    answer: Literal["pay", "refuse"] | None = None
    """The answer to a demand on an owned target: given by the owner, or "refuse" by default at the deadline."""
    pledges: dict[int, int] = Field(default_factory=dict)
    """Pledger → dollars pledged to the pool (unowned target); the latest pledge of a seat replaces his earlier one."""
    pool_closed: bool = False
    """The pool was collected at the Artillery's T1: no more pledges."""


class RansomAnswer(Tagged):
    """Before D-15 the game waited in this window for the owner of a ransomed property to pay or refuse. Since D-15
    the answer is a free decision (`answer_ransom`) and the engine opens no such window: the class stays so that
    states saved with one still load (the engine closes it at its next step)."""
    kind: Literal["ransom_answer"] = "ransom_answer"
    seat: int


Pending = Annotated[Union[Election, FavorWindow, RaiseFunds, Auction, ChairBuyoff, FactionDraft, DogChoice,
                          PermitWindow, Contest, ReattachWindow, CardExemption, CheatRuling, RansomAnswer,
                          BuildingAuction, MortgageReceipt,
                          LoanSettlement, ShortageDeclaration, ParcelBuildingAuction,
                          Complaint, Interference, Lawsuit, AntitrustChoice, HoldingWindow, CardResponse,
                          LevelRepair, IlluminatiDraft,
                          TokenPairChoice],  # shared factions' joint choice of a token (V-SHARED-03)
                    Field(discriminator="kind")]
"""Every window any ruleset opens. Each ruleset declares the ones it opens (`Ruleset.windows`) and registers a
Decision for each; tests/test_decision_registry.py checks both, and that every member here is some ruleset's."""

ComputerStrength = Literal["random", "schemer", "strategist"]
"""How well a computer seat plays (bots/players.py)."""


class SeatConfig(Model):
    name: str
    kind: Literal["human", "computer"] = "human"
    banker: bool = False
    faction: str | None = None
    """Only honoured when the host assigns factions (`preset` in new_game); otherwise chosen in play."""
    strength: ComputerStrength = "random"
    """A computer seat's player (bots/players.py); ignored for human seats."""

    @model_serializer(mode="wrap")
    def _omit_default_strength(self, handler):
        # Saves written before computer strengths existed hash their state without this field; leaving the
        # default out keeps those hashes (and so those saves) valid.
        data = handler(self)
        if data.get("strength") == "random":
            del data["strength"]
        return data


class GameSetup(Model):
    """Everything a game starts from; with the action log it determines every later state."""
    seed: int
    """Never shown to the players (model/views.py): it determines every die and every shuffle."""
    ruleset: str = Field(default=DEFAULT_RULESET, exclude_if=lambda name: name == DEFAULT_RULESET)
    """The rule system the game is played by (model/rulesets.py). Left out of the JSON for Illuminopoly, the only one
    before rulesets existed, so that the hashes of older saves (and so those saves) stay valid."""
    preset: str | None = Field(default=None, exclude_if=lambda name: name is None)
    """A named bundle of option values of the ruleset (VARIANTS §0.3), or None: the options say everything. Left out
    of the JSON when None, for the same reason."""
    generator: Generator = Field(default=SPLITMIX64, exclude_if=lambda name: name == SPLITMIX64)
    """The random generator (model/rng.py). Absent from the saves written before the keyed generator, which are
    splitmix64 games; left out of the JSON for them, so that their hashes (and so those saves) stay valid."""
    seats: list[SeatConfig]
    options: SerializeAsAny[BaseModel]
    """The house rules, in the options model of the setup's ruleset (`model/rulesets.options_model_of`): read by it
    from JSON (`_read_options_by_ruleset`), and written by it (SerializeAsAny: the model's own fields)."""
    board: Board
    preset_factions: bool = False
    allow_forced_dice: bool = False
    position: dict | None = None
    """The position the game started from (rules/game_start.py reads it with its ruleset), instead of a new game's
    setup decisions."""

    @model_validator(mode="before")
    @classmethod
    def _read_options_by_ruleset(cls, data):
        # The options' model depends on another field, the ruleset, which a discriminated union cannot express
        # without sniffing option names: look it up by the ruleset's name in the registry instead.
        if isinstance(data, dict) and isinstance(data.get("options"), dict):
            model = options_model_of(data.get("ruleset", DEFAULT_RULESET))
            data = {**data, "options": model.model_validate(data["options"])}
        return data

    @model_validator(mode="after")
    def _options_of_the_ruleset(self):
        model = options_model_of(self.ruleset)
        if type(self.options) is not model:
            raise ValueError(f"the options of a {self.ruleset} game are a {model.__name__}, "
                             f"not a {type(self.options).__name__}")
        return self

    @model_serializer(mode="wrap")
    def _omit_absent_position(self, handler):
        # A game that starts from the beginning has no position; leaving the field out keeps the hashes of saves
        # written before positions existed.
        data = handler(self)
        if data.get("position", 0) is None:
            del data["position"]
        return data


class GameStateFields(Model):
    """The whole game state as the pydantic model it was: the same fields, types, defaults and documentation. The
    plain class `GameState` (model/state.py) reads and writes its JSON by this model's schema
    (`native_schema.model_record_schema`); positions (variants/illuminopoly/position.py) derive their game fields from
    it, and tests/test_game_state.py checks the plain class against it: the same validation errors, the same JSON in
    every form, the same JSON schema."""
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
    commitments: list[Commitment] = Field(default_factory=list)
    """Restraint, graft and helper commitments of executed offers (R-DEAL-03); see
    variants/illuminopoly/commitments.py."""
    commitment_escrows: list[CommitmentEscrow] = Field(default_factory=list)
    next_id: int = 1
    terrorist_colors_destroyed: list[str] = Field(default_factory=list)
    cheat_records: list[CheatRecord] = Field(default_factory=list)
    """Hidden: each seat sees only his own (R-GEN-06, R-CHEAT-02)."""
    winning_hotel_placed_by: list[int] = Field(default_factory=list)
    """Seats that placed a hotel winning under R-FAC-SHOE-01 (the Shoe, or a Dog holding his condition) whose
    victory test is still to come: the next check under `special_victory_timing=immediate`, ROUND_END under
    `end_of_round` (R-WIN-02). The condition is a moment, not a state, so the moment is remembered."""
    pending_ransom: Ransom | None = None
    rubble_blocks: dict[str, list[int]] = Field(default_factory=dict)
    """`destruction_group_block=one_turn` ([V22]): colour group → seats whose next rent collection the destruction
    still blocks there (R-ART-10 step 5)."""
    abandon_first_turn: dict[int, Literal["waiting", "now"]] = Field(default_factory=dict)
    """`abandon_any_reorganization=false`: destroyed lot → its owner's first turn after the destruction is still to
    come (`waiting`) or is the current turn (`now`) (R-ART-13)."""
    variant: Annotated[Union[ClassicState, GeorgeState, SharedState, IllumoState],
                       Field(discriminator="kind")] | None = Field(None, exclude_if=lambda slice_: slice_ is None)
    """The ruleset's own part of the state (RULESETS.md §4.5): classic Monopoly's (model/classic_state.py), the
    Georgist rules' (model/george_state.py), shared factions' halves and seats (model/shared_state.py), or None for
    Illuminopoly, whose fields are the ones above. Left out of the JSON when None, so that the hashes of older
    saves (and so those saves) stay valid. A slice is a `Tagged` model named by its `kind`: another ruleset's slice
    joins this field as a union discriminated by `kind` (`Field(discriminator="kind")`)."""
    action_count: int = 0
    winners: list[int] = Field(default_factory=list)
    win_reason: str | None = None
    game_over: bool = False
