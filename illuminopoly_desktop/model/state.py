"""The whole game state (spec §1.2) as a plain class, the compiled core's native class (as a deed's,
model/property_state.py, whose documentation says why and how), and every part of it (model/state_parts.py, whose
names this module gives again, so that `from ..model.state import Offer` reads as it always did).

The compiled rules read the state's fields about 350 times per player-turn (`state.players`, `state.properties`,
`state.turn`, `state.pending`...): a pydantic model's attribute costs compiled code a generic lookup, a native class's
a read from its C struct. Its parts stay pydantic models (the windows, offers, the rulesets' slices), as the deeds, the
players and the turn are plain classes of their own.

The schema pydantic reads and writes a state by is `GameStateFields`'s, the pydantic model the state was (its fields'
validators, defaults, `exclude_if` and serializers, taken from that model's schema:
`native_schema.model_record_schema`), wrapped so that validation builds this class and serialization reads its fields
in order. So a save's snapshot and its canonical form (saves/savefile.py `state_hash`), a view (model/views.py) and
the JSON schema are the model's;
tests/test_game_state.py checks it against `GameStateFields`. The methods the callers used on the model are here:
`model_validate`, `model_validate_json`, `model_dump`, `model_dump_json`, `model_copy`, `model_json_schema`; the field
names are `FIELD_NAMES` (for the model's `model_fields`, read `GameStateFields.model_fields`).

Construction (`GameState(**fields)`, the rulesets' setups) does not validate, as the model's callers passed built parts;
compiled, a value of the wrong type is refused with a TypeError.
"""
from __future__ import annotations

from typing import Any, Literal, Mapping

from pydantic_core import CoreSchema

from .fast_copy import copy_tree
from .native_schema import NativeRecord, adapter_of, model_record_schema
from .state_parts import (BuildingAuction, ClassicState, MortgageReceipt, GeorgeState, LoanSettlement,
                          ParcelBuildingAuction, ParcelFinancingItem, ShortageDeclaration, AntitrustChoice,
                          CardResponse, Complaint, HoldingWindow, IllumoState, Interference, IlluminatiDraft, Lawsuit,
                          LevelRepair, FavorCard, PlayerState, PropertyState, SharedState, TokenPairChoice, TurnState,
                          ROOT, BANK, FP, ESCROW, GO_POT, Account, Party, CashItem, DeedItem, FavorItem, LoanItem,
                          VoteItem, NoteItem, RestrainedAction, RestraintItem, GraftCommitmentItem,
                          HelperCommitmentItem, CommitmentItem, OfferItem, OfferLeg, Offer, Debt, VoteEscrow,
                          Commitment, CommitmentEscrow, Election, FavorWindow, RaiseFunds, Auction, ChairBuyoff,
                          FactionDraft, DogChoice, PermitWindow, ContestType, ContestStage, Side, Contest,
                          ReattachWindow, CheatType, CheatRecord, CheatRuling, CardExemption, Ransom, RansomAnswer,
                          Pending, ComputerStrength, SeatConfig, GameSetup, GameStateFields)

VariantSlice = ClassicState | GeorgeState | SharedState | IllumoState
"""The ruleset's own part of the state (`GameState.variant`, None for Illuminopoly): see `GameStateFields.variant`."""

FIELD_NAMES: tuple[str, ...] = (
    "setup", "rng_state", "forced_dice", "players", "properties", "reserves", "fp_pot", "escrow", "bank_issued",
    "bank_proprietor", "bank_start_reserves", "bank_auction_done", "held_payments", "chair", "last_chair",
    "professional_banker", "chance_deck", "chest_deck", "house_supply", "hotel_supply", "seat_order",
    "round_no", "round_anchor", "played_this_round", "current_player", "chair_changed_this_turn", "turn",
    "pending", "offers", "debts", "vote_escrows", "vote_commitments", "commitments", "commitment_escrows",
    "next_id", "terrorist_colors_destroyed", "cheat_records", "winning_hotel_placed_by", "pending_ransom",
    "rubble_blocks", "abandon_first_turn", "variant", "action_count", "winners", "win_reason", "game_over")
"""The fields in declared order (`GameStateFields`'s): the order of the JSON, the repr and the initialiser."""


class GameState(NativeRecord):
    """The whole game state. Its fields are documented on `GameStateFields` (model/state_parts.py), the model it was."""

    setup: GameSetup
    rng_state: int
    forced_dice: list[int]
    players: list[PlayerState]
    properties: dict[int, PropertyState]
    reserves: int
    fp_pot: int
    escrow: int
    bank_issued: int
    bank_proprietor: int | None
    bank_start_reserves: int
    bank_auction_done: bool
    held_payments: list[tuple[int, int, str]]
    chair: int | None
    last_chair: int | None
    professional_banker: int | None
    chance_deck: list[int]
    chest_deck: list[int]
    house_supply: int
    hotel_supply: int
    seat_order: list[int]
    round_no: int
    round_anchor: int | None
    played_this_round: list[int]
    current_player: int | None
    chair_changed_this_turn: bool
    turn: TurnState
    pending: list[Pending]
    offers: list[Offer]
    debts: list[Debt]
    vote_escrows: list[VoteEscrow]
    vote_commitments: dict[int, int]
    commitments: list[Commitment]
    commitment_escrows: list[CommitmentEscrow]
    next_id: int
    terrorist_colors_destroyed: list[str]
    cheat_records: list[CheatRecord]
    winning_hotel_placed_by: list[int]
    pending_ransom: Ransom | None
    rubble_blocks: dict[str, list[int]]
    abandon_first_turn: dict[int, Literal["waiting", "now"]]
    variant: VariantSlice | None
    action_count: int
    winners: list[int]
    win_reason: str | None
    game_over: bool

    def __init__(self, *, setup: GameSetup, rng_state: int, forced_dice: list[int] | None = None,
                 players: list[PlayerState], properties: dict[int, PropertyState], reserves: int, fp_pot: int = 0,
                 escrow: int = 0, bank_issued: int = 0, bank_proprietor: int | None = None,
                 bank_start_reserves: int = 0, bank_auction_done: bool = False,
                 held_payments: list[tuple[int, int, str]] | None = None, chair: int | None = None,
                 last_chair: int | None = None, professional_banker: int | None = None, chance_deck: list[int],
                 chest_deck: list[int], house_supply: int = 32, hotel_supply: int = 12, seat_order: list[int],
                 round_no: int = 1, round_anchor: int | None = None, played_this_round: list[int] | None = None,
                 current_player: int | None = None, chair_changed_this_turn: bool = False,
                 turn: TurnState | None = None, pending: list[Pending] | None = None,
                 offers: list[Offer] | None = None, debts: list[Debt] | None = None,
                 vote_escrows: list[VoteEscrow] | None = None, vote_commitments: dict[int, int] | None = None,
                 commitments: list[Commitment] | None = None,
                 commitment_escrows: list[CommitmentEscrow] | None = None, next_id: int = 1,
                 terrorist_colors_destroyed: list[str] | None = None, cheat_records: list[CheatRecord] | None = None,
                 winning_hotel_placed_by: list[int] | None = None, pending_ransom: Ransom | None = None,
                 rubble_blocks: dict[str, list[int]] | None = None,
                 abandon_first_turn: dict[int, Literal["waiting", "now"]] | None = None,
                 variant: VariantSlice | None = None, action_count: int = 0, winners: list[int] | None = None,
                 win_reason: str | None = None, game_over: bool = False) -> None:
        self.setup = setup
        self.rng_state = rng_state
        self.forced_dice = [] if forced_dice is None else forced_dice
        self.players = players
        self.properties = properties
        self.reserves = reserves
        self.fp_pot = fp_pot
        self.escrow = escrow
        self.bank_issued = bank_issued
        self.bank_proprietor = bank_proprietor
        self.bank_start_reserves = bank_start_reserves
        self.bank_auction_done = bank_auction_done
        self.held_payments = [] if held_payments is None else held_payments
        self.chair = chair
        self.last_chair = last_chair
        self.professional_banker = professional_banker
        self.chance_deck = chance_deck
        self.chest_deck = chest_deck
        self.house_supply = house_supply
        self.hotel_supply = hotel_supply
        self.seat_order = seat_order
        self.round_no = round_no
        self.round_anchor = round_anchor
        self.played_this_round = [] if played_this_round is None else played_this_round
        self.current_player = current_player
        self.chair_changed_this_turn = chair_changed_this_turn
        self.turn = TurnState() if turn is None else turn
        self.pending = [] if pending is None else pending
        self.offers = [] if offers is None else offers
        self.debts = [] if debts is None else debts
        self.vote_escrows = [] if vote_escrows is None else vote_escrows
        self.vote_commitments = {} if vote_commitments is None else vote_commitments
        self.commitments = [] if commitments is None else commitments
        self.commitment_escrows = [] if commitment_escrows is None else commitment_escrows
        self.next_id = next_id
        self.terrorist_colors_destroyed = [] if terrorist_colors_destroyed is None else terrorist_colors_destroyed
        self.cheat_records = [] if cheat_records is None else cheat_records
        self.winning_hotel_placed_by = [] if winning_hotel_placed_by is None else winning_hotel_placed_by
        self.pending_ransom = pending_ransom
        self.rubble_blocks = {} if rubble_blocks is None else rubble_blocks
        self.abandon_first_turn = {} if abandon_first_turn is None else abandon_first_turn
        self.variant = variant
        self.action_count = action_count
        self.winners = [] if winners is None else winners
        self.win_reason = win_reason
        self.game_over = game_over

    def copy(self) -> GameState:
        """An independent copy sharing only the setup, which never changes during a game (`engine.copy_state`: the
        trial state of deals and foreclosures, and the computer players' look-ahead): the players, deeds, turn and
        every list, dict and model of the state are copied (model/fast_copy.py for the models)."""
        return GameState(
            setup=self.setup, rng_state=self.rng_state, forced_dice=list(self.forced_dice),
            players=[player.copy() for player in self.players],
            properties={index: deed.copy() for index, deed in self.properties.items()}, reserves=self.reserves,
            fp_pot=self.fp_pot, escrow=self.escrow, bank_issued=self.bank_issued,
            bank_proprietor=self.bank_proprietor, bank_start_reserves=self.bank_start_reserves,
            bank_auction_done=self.bank_auction_done, held_payments=list(self.held_payments), chair=self.chair,
            last_chair=self.last_chair, professional_banker=self.professional_banker,
            chance_deck=list(self.chance_deck), chest_deck=list(self.chest_deck), house_supply=self.house_supply,
            hotel_supply=self.hotel_supply, seat_order=list(self.seat_order), round_no=self.round_no,
            round_anchor=self.round_anchor, played_this_round=list(self.played_this_round),
            current_player=self.current_player, chair_changed_this_turn=self.chair_changed_this_turn,
            turn=self.turn.copy(), pending=[copy_tree(item) for item in self.pending],
            offers=[copy_tree(item) for item in self.offers], debts=[copy_tree(item) for item in self.debts],
            vote_escrows=[copy_tree(item) for item in self.vote_escrows],
            vote_commitments=dict(self.vote_commitments), commitments=[copy_tree(item) for item in self.commitments],
            commitment_escrows=[copy_tree(item) for item in self.commitment_escrows], next_id=self.next_id,
            terrorist_colors_destroyed=list(self.terrorist_colors_destroyed),
            cheat_records=[copy_tree(item) for item in self.cheat_records],
            winning_hotel_placed_by=list(self.winning_hotel_placed_by),
            pending_ransom=None if self.pending_ransom is None else copy_tree(self.pending_ransom),
            rubble_blocks={group: list(seats) for group, seats in self.rubble_blocks.items()},
            abandon_first_turn=dict(self.abandon_first_turn),
            variant=None if self.variant is None else copy_tree(self.variant), action_count=self.action_count,
            winners=list(self.winners), win_reason=self.win_reason, game_over=self.game_over)

    def shallow_copy(self) -> GameState:
        """A copy holding the very same field values (pydantic's `model_copy()`)."""
        return GameState(
            setup=self.setup, rng_state=self.rng_state, forced_dice=self.forced_dice, players=self.players,
            properties=self.properties, reserves=self.reserves, fp_pot=self.fp_pot, escrow=self.escrow,
            bank_issued=self.bank_issued, bank_proprietor=self.bank_proprietor,
            bank_start_reserves=self.bank_start_reserves, bank_auction_done=self.bank_auction_done,
            held_payments=self.held_payments, chair=self.chair, last_chair=self.last_chair,
            professional_banker=self.professional_banker, chance_deck=self.chance_deck, chest_deck=self.chest_deck,
            house_supply=self.house_supply, hotel_supply=self.hotel_supply, seat_order=self.seat_order,
            round_no=self.round_no, round_anchor=self.round_anchor, played_this_round=self.played_this_round,
            current_player=self.current_player, chair_changed_this_turn=self.chair_changed_this_turn, turn=self.turn,
            pending=self.pending, offers=self.offers, debts=self.debts, vote_escrows=self.vote_escrows,
            vote_commitments=self.vote_commitments, commitments=self.commitments,
            commitment_escrows=self.commitment_escrows, next_id=self.next_id,
            terrorist_colors_destroyed=self.terrorist_colors_destroyed, cheat_records=self.cheat_records,
            winning_hotel_placed_by=self.winning_hotel_placed_by, pending_ransom=self.pending_ransom,
            rubble_blocks=self.rubble_blocks, abandon_first_turn=self.abandon_first_turn, variant=self.variant,
            action_count=self.action_count, winners=self.winners, win_reason=self.win_reason,
            game_over=self.game_over)

    def as_dict(self) -> dict[str, object]:
        """Every field by name, in declared order (what the schema serialises, leaving out what it must)."""
        return {
            "setup": self.setup, "rng_state": self.rng_state, "forced_dice": self.forced_dice,
            "players": self.players, "properties": self.properties, "reserves": self.reserves, "fp_pot": self.fp_pot,
            "escrow": self.escrow, "bank_issued": self.bank_issued, "bank_proprietor": self.bank_proprietor,
            "bank_start_reserves": self.bank_start_reserves, "bank_auction_done": self.bank_auction_done,
            "held_payments": self.held_payments, "chair": self.chair, "last_chair": self.last_chair,
            "professional_banker": self.professional_banker, "chance_deck": self.chance_deck,
            "chest_deck": self.chest_deck, "house_supply": self.house_supply, "hotel_supply": self.hotel_supply,
            "seat_order": self.seat_order, "round_no": self.round_no, "round_anchor": self.round_anchor,
            "played_this_round": self.played_this_round, "current_player": self.current_player,
            "chair_changed_this_turn": self.chair_changed_this_turn, "turn": self.turn, "pending": self.pending,
            "offers": self.offers, "debts": self.debts, "vote_escrows": self.vote_escrows,
            "vote_commitments": self.vote_commitments, "commitments": self.commitments,
            "commitment_escrows": self.commitment_escrows, "next_id": self.next_id,
            "terrorist_colors_destroyed": self.terrorist_colors_destroyed, "cheat_records": self.cheat_records,
            "winning_hotel_placed_by": self.winning_hotel_placed_by, "pending_ransom": self.pending_ransom,
            "rubble_blocks": self.rubble_blocks, "abandon_first_turn": self.abandon_first_turn,
            "variant": self.variant, "action_count": self.action_count, "winners": self.winners,
            "win_reason": self.win_reason, "game_over": self.game_over}

    def __eq__(self, other: object) -> bool:
        # Field by field, as two pydantic models compare (a model never equals another class's instance).
        if not isinstance(other, GameState):
            return NotImplemented
        return (self.setup == other.setup and self.rng_state == other.rng_state and
                self.forced_dice == other.forced_dice and self.players == other.players and
                self.properties == other.properties and self.reserves == other.reserves and
                self.fp_pot == other.fp_pot and self.escrow == other.escrow and
                self.bank_issued == other.bank_issued and self.bank_proprietor == other.bank_proprietor and
                self.bank_start_reserves == other.bank_start_reserves and
                self.bank_auction_done == other.bank_auction_done and
                self.held_payments == other.held_payments and self.chair == other.chair and
                self.last_chair == other.last_chair and
                self.professional_banker == other.professional_banker and
                self.chance_deck == other.chance_deck and self.chest_deck == other.chest_deck and
                self.house_supply == other.house_supply and self.hotel_supply == other.hotel_supply and
                self.seat_order == other.seat_order and self.round_no == other.round_no and
                self.round_anchor == other.round_anchor and
                self.played_this_round == other.played_this_round and
                self.current_player == other.current_player and
                self.chair_changed_this_turn == other.chair_changed_this_turn and self.turn == other.turn and
                self.pending == other.pending and self.offers == other.offers and self.debts == other.debts and
                self.vote_escrows == other.vote_escrows and
                self.vote_commitments == other.vote_commitments and self.commitments == other.commitments and
                self.commitment_escrows == other.commitment_escrows and self.next_id == other.next_id and
                self.terrorist_colors_destroyed == other.terrorist_colors_destroyed and
                self.cheat_records == other.cheat_records and
                self.winning_hotel_placed_by == other.winning_hotel_placed_by and
                self.pending_ransom == other.pending_ransom and self.rubble_blocks == other.rubble_blocks and
                self.abandon_first_turn == other.abandon_first_turn and self.variant == other.variant and
                self.action_count == other.action_count and self.winners == other.winners and
                self.win_reason == other.win_reason and self.game_over == other.game_over)

    def __deepcopy__(self, memo: dict[int, object] | None) -> GameState:
        """A copy that shares nothing, not even the setup (`copy.deepcopy`, `model_copy(deep=True)`)."""
        copied = self.copy()
        copied.setup = copy_tree(self.setup)
        return copied

    @classmethod
    def record_schema(cls) -> CoreSchema:
        """The state's schema (`state_core_schema`)."""
        return state_core_schema()

    @classmethod
    def model_validate(cls, data: object) -> GameState:
        """A state read from a dict (or kept, if it is one), as the model read it; raises pydantic.ValidationError."""
        state = adapter_of(GameState).validate_python(data)
        if not isinstance(state, GameState):
            raise TypeError(f"validated as {type(state).__name__}")
        return state

    @classmethod
    def model_validate_json(cls, data: str | bytes) -> GameState:
        """A state read from its JSON, as the model read it; raises pydantic.ValidationError."""
        state = adapter_of(GameState).validate_json(data)
        if not isinstance(state, GameState):
            raise TypeError(f"validated as {type(state).__name__}")
        return state

    @classmethod
    def model_json_schema(cls) -> dict[str, Any]:
        """The JSON schema of a state (the model's fields, titled GameState)."""
        return adapter_of(GameState).json_schema()

    def model_dump_json(self, *, indent: int | None = None, exclude_defaults: bool = False) -> str:
        """The state's JSON as the model wrote it, byte for byte (`exclude_defaults=True`: the canonical form saves
        are hashed in)."""
        return adapter_of(GameState).dump_json(self, indent=indent, exclude_defaults=exclude_defaults).decode()

    def model_copy(self, *, update: Mapping[str, object] | None = None, deep: bool = False) -> GameState:
        """pydantic's `model_copy`: a copy holding the same field values (`deep`: sharing nothing), with `update`'s
        fields set (not validated, as the model did not validate them)."""
        copied = self.__deepcopy__(None) if deep else self.shallow_copy()
        if update:
            copied.assign(dict(update))
        return copied

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

    def money_of(self, seat: int) -> int:
        """All the money a player holds: his cash, and what a ruleset's slice keeps in his other accounts."""
        accounts = getattr(self.variant, "money_of", None)  # a ruleset's accounts of players (Illumonopoly's)
        return self.players[seat].cash + (accounts(seat) if accounts is not None else 0)

    def total_money(self) -> int:
        """Σ player cash + Reserves + FP pot + escrow (R-GEN-08), + what a ruleset's slice holds: its pots
        (the Georgist GO pot) or players' other accounts (Illumonopoly's group treasuries)."""
        held = getattr(self.variant, "money_held", None)  # a ruleset's pots (the Georgist GO pot)
        return (sum(p.cash for p in self.players) + self.reserves + self.fp_pot + self.escrow
                + (held() if held is not None else 0))


_schema: CoreSchema | None = None


def state_core_schema() -> CoreSchema:
    """The schema `GameState.__get_pydantic_core_schema__` gives pydantic (built once): `GameStateFields`'s fields in
    declared order (model/native_schema.py)."""
    global _schema
    if _schema is None:
        _schema = model_record_schema(GameState, GameStateFields, GameState)
    return _schema
