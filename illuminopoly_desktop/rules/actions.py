"""Every player intent as a small frozen pydantic value, tagged by `type`.

The GUI, the LAN server and the bots all build these and hand them to `engine.apply`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal, Self, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from ..model.state import OfferLeg
from .shared_values import shared


class _Shareable(BaseModel):
    """A frozen value whose instances may be shared (`shared`)."""
    model_config = ConfigDict(frozen=True, extra="forbid")

    @classmethod
    def shared(cls, **fields: int | bool | str | None) -> Self:
        """The value with these fields, validated once and then reused: these models are frozen, so one instance
        can stand in every list of legal actions that offers it. The cache is rules/shared_values.py's, which the
        compiled listings call directly (`shared(A.Roll, seat=..., dice_count=...)`); this is the same lookup, with
        the same instances, for pure-Python callers. Only for scalar fields (a list inside could be changed in
        place)."""
        return shared(cls, **fields)


class Action(_Shareable):
    seat: int
    """The faction that acts (model/seating.py `FactionId`; the field kept its name for the saves): in Illuminopoly
    the seat's own, in shared factions the one its seat decides for now (rules/control.py). A Chair vote of the
    shared-faction ruleset is a seat's, not a faction's (V-SHARED-05): its `seat` is the voter's `SeatId`."""

    if TYPE_CHECKING:
        # Every concrete action declares its tag as a field, `type: Literal["roll"] = "roll"` (the discriminator of
        # AnyAction); said here for the checker only, so that the fields' order and the JSON stay as they were.
        type: str


class DeedPlacement(_Shareable):
    property: int
    parent: int | None
    """-1 = the faction card, a square index = that deed, None = unattached."""
    arrow: int = 0


# ----- setup -----
class PickFaction(Action):
    type: Literal["pick_faction"] = "pick_faction"
    faction: str


class ChooseDogCondition(Action):
    type: Literal["choose_dog_condition"] = "choose_dog_condition"
    condition: str


class CastVote(Action):
    type: Literal["cast_vote"] = "cast_vote"
    candidate: int | None
    """None = abstain."""


# ----- the turn -----
class Roll(Action):
    """Move (T3), or the optional extra move after doubles (R-MOVE-05)."""
    type: Literal["roll"] = "roll"
    dice_count: Literal[2, 3] = 2
    graft: int = Field(default=0, ge=-12, le=12)
    """Pips bought at $10 each to move the total up (or down); only with `graft_on_other_rolls=true` (R-MOVE-01)."""


class Reorganize(Action):
    """The whole new arrangement of the seat's deeds in one action (R-STRUCT-06)."""
    type: Literal["reorganize"] = "reorganize"
    placements: list[DeedPlacement]
    abandon: list[int] = Field(default_factory=list)


class JailRoll(Action):
    type: Literal["jail_roll"] = "jail_roll"
    dice_count: Literal[2, 3] = 2


class JailBail(Action):
    type: Literal["jail_bail"] = "jail_bail"


class JailFavor(Action):
    type: Literal["jail_favor"] = "jail_favor"


class SecondRent(Action):
    type: Literal["second_rent"] = "second_rent"


class ForfeitMoveToRebuild(Action):
    type: Literal["forfeit_move_to_rebuild"] = "forfeit_move_to_rebuild"


class StopToFix(Action):
    """R-MOVE-04: end the movement on one's own subverted depth-2 property."""
    type: Literal["stop_to_fix"] = "stop_to_fix"
    stop: bool


class DoNothing(Action):
    type: Literal["do_nothing"] = "do_nothing"


class Buy(Action):
    type: Literal["buy"] = "buy"
    parent: int = -1
    arrow: int = 0


class TakeOver(Action):
    type: Literal["take_over"] = "take_over"
    parent: int = -1
    arrow: int = 0


class Rezone(Action):
    type: Literal["rezone"] = "rezone"


class Subvert(Action):
    type: Literal["subvert"] = "subvert"


class Rebuild(Action):
    type: Literal["rebuild"] = "rebuild"


class TakePot(Action):
    type: Literal["take_pot"] = "take_pot"


class PayIncomeTax(Action):
    type: Literal["pay_income_tax"] = "pay_income_tax"
    method: Literal["flat", "percent", "dice"]
    """"dice": ten times a roll of two dice (the Georgist Income Tax, V-GEORGE-25)."""


class VisitorBail(Action):
    type: Literal["visitor_bail"] = "visitor_bail"
    jailed: int


class EndTurn(Action):
    type: Literal["end_turn"] = "end_turn"


class BankerReclaim(Action):
    """R-BANKER-02: the professional Banker takes back one mortgaged property for free."""
    type: Literal["banker_reclaim"] = "banker_reclaim"
    property: int


# ----- favour windows, payments, auctions -----
class PlayFavor(Action):
    type: Literal["play_favor"] = "play_favor"


class PassFavor(Action):
    type: Literal["pass_favor"] = "pass_favor"


class SettlePayment(Action):
    """R-LOSE-02: pay what is owed now; a shortfall is forgiven (Bank) or becomes a debt (player)."""
    type: Literal["settle_payment"] = "settle_payment"


class Bid(Action):
    type: Literal["bid"] = "bid"
    amount: int = Field(ge=1)
    parent: int = -1
    arrow: int = 0


class PassBid(Action):
    type: Literal["pass_bid"] = "pass_bid"


class BuyOffMortgage(Action):
    type: Literal["buy_off_mortgage"] = "buy_off_mortgage"
    property: int
    parent: int = -1
    arrow: int = 0


class EndBuyOff(Action):
    type: Literal["end_buy_off"] = "end_buy_off"


class PermitBribe(Action):
    """R-BUILD-06 / §33.7: offer the builder of the last houses (hotels) `amount` to withdraw ($0 = no offer);
    `property` is the lot the briber builds on at once if the builder accepts."""
    type: Literal["permit_bribe"] = "permit_bribe"
    amount: int = Field(ge=0)
    property: int | None = None


class AnswerPermitBribe(Action):
    """R-BUILD-06: the builder accepts one permit bribe (`briber`) and withdraws, or accepts none (None)."""
    type: Literal["answer_permit_bribe"] = "answer_permit_bribe"
    briber: int | None = None


# ----- contests (R-CONTEST-02, §33.6) -----
class AnswerChairBlock(Action):
    """R-CHAIR-05: the Chair blocks (default) or waives the block of a takeover of a mortgaged property he holds."""
    type: Literal["answer_chair_block"] = "answer_chair_block"
    block: bool = True


class InviteHelpers(Action):
    """A principal names the players he invites to his side (step 5); an empty list invites nobody."""
    type: Literal["invite_helpers"] = "invite_helpers"
    invitees: list[int] = Field(default_factory=list)


class AnswerInvitation(Action):
    type: Literal["answer_invitation"] = "answer_invitation"
    accept: bool = False


class JoinSide(Action):
    """Volunteer for a side of an open contest, or None = stay out (the default)."""
    type: Literal["join_side"] = "join_side"
    side: Literal["attack", "defend"] | None = None


class CommitGraft(Action):
    """Commit whole pips at the price of one's side (step 6); in open bidding, a raise (0 = pass).
    `short`: a short graft, paying only half the money (R-CHEAT-02 (c), `cheating_mode=simulated` only)."""
    type: Literal["commit_graft"] = "commit_graft"
    pips: int = Field(ge=0, default=0)
    short: bool = False


class ReattachArms(Action):
    """R-STRUCT-07: where the owner hangs each arm orphaned by a rezoning (parent None = unattached)."""
    type: Literal["reattach_arms"] = "reattach_arms"
    placements: list[DeedPlacement] = Field(default_factory=list)


# ----- faction powers (R-FAC; SecondRent above is the Top Hat's) -----
class CollectRent(Action):
    """The Thimble's T2 default: collect rent as usual (R-FAC-THIMBLE-02); a Reorganize there replaces it."""
    type: Literal["collect_rent"] = "collect_rent"


class BoatSqueeze(Action):
    """R-FAC-BOAT-03: the Boat squeezes the peasants, once per turn, at an open window of his own turn."""
    type: Literal["boat_squeeze"] = "boat_squeeze"


class IgnoreCardPayment(Action):
    """R-FAC-STEAMIRON-03: the Steam Iron ignores the payment a card orders (the default)."""
    type: Literal["ignore_card_payment"] = "ignore_card_payment"


class PayCard(Action):
    """R-FAC-STEAMIRON-03: the Steam Iron pays what the card orders after all."""
    type: Literal["pay_card"] = "pay_card"


class DogImmunity(Action):
    """R-FAC-DOG-02: instead of Jail the Dog stays (default) or teleports to Just Visiting."""
    type: Literal["dog_immunity"] = "dog_immunity"
    just_visiting: bool = False


class RailJump(Action):
    """R-FAC-SHOE-02: the Shoe's next step is a jump to the next Railroad ahead (or an ordinary step, the default)."""
    type: Literal["rail_jump"] = "rail_jump"
    jump: bool = False


# ----- free actions (R-GEN-04) -----
class Mortgage(Action):
    type: Literal["mortgage"] = "mortgage"
    property: int


class Unmortgage(Action):
    type: Literal["unmortgage"] = "unmortgage"
    property: int


class BuyBuilding(Action):
    type: Literal["buy_building"] = "buy_building"
    property: int


class SellBuilding(Action):
    type: Literal["sell_building"] = "sell_building"
    property: int
    mode: Literal["house", "hotel_block", "hotel_breakdown"] = "house"


class ProposeOffer(Action):
    type: Literal["propose_offer"] = "propose_offer"
    counterparties: list[int] = Field(min_length=1)
    legs: list[OfferLeg] = Field(min_length=1)
    visibility: Literal["public", "secret"] = "public"
    expires_round: int | None = None
    counter_to: int | None = None
    """An open offer this one counters (§33.1): the proposer must be one of its counterparties who has not yet
    answered, and the parties must be the same; the old offer is then declined."""


class AcceptOffer(Action):
    type: Literal["accept_offer"] = "accept_offer"
    offer_id: int
    placements: list[DeedPlacement] = Field(default_factory=list)


class DeclineOffer(Action):
    type: Literal["decline_offer"] = "decline_offer"
    offer_id: int


class WithdrawOffer(Action):
    type: Literal["withdraw_offer"] = "withdraw_offer"
    offer_id: int


class ForgiveDebt(Action):
    type: Literal["forgive_debt"] = "forgive_debt"
    debt_id: int


class ExtendDebt(Action):
    type: Literal["extend_debt"] = "extend_debt"
    debt_id: int
    due_round: int


class Foreclose(Action):
    type: Literal["foreclose"] = "foreclose"
    debtor: int
    placements: list[DeedPlacement] = Field(default_factory=list)
    """Where the creditor hangs the roots of the debtor's arms (R-LOSE-04); the rest fill the shallowest free arrows."""


# ----- simulated cheating (R-CHEAT, `cheating_mode=simulated` only) -----
CheatKind = Literal["stacked_draw", "marker_shift", "short_graft", "till_dip"]


class CheatStackedDraw(Action):
    """R-CHEAT-02 (a): his next card draw this turn takes the second card of the deck instead of the top one."""
    type: Literal["cheat_stacked_draw"] = "cheat_stacked_draw"


class CheatMarkerShift(Action):
    """R-CHEAT-02 (b): move a control marker he holds on another's property onto another property of that owner."""
    type: Literal["cheat_marker_shift"] = "cheat_marker_shift"
    from_property: int
    to_property: int


class CheatTillDip(Action):
    """R-CHEAT-02 (d): the Chair quietly takes up to `till_dip_max` from Reserves (a hidden, interest-free loan)."""
    type: Literal["cheat_till_dip"] = "cheat_till_dip"
    amount: int = Field(ge=1)


class ReturnTill(Action):
    """R-CHEAT-02 (d): quietly put (part of) a till dip back into Reserves, at any open window."""
    type: Literal["return_till"] = "return_till"
    amount: int = Field(ge=1)


class Accuse(Action):
    """R-CHEAT-04 / §33.9: accuse a player of one cheat type, at an open window."""
    type: Literal["accuse"] = "accuse"
    accused: int
    cheat_type: CheatKind


class RuleAccusation(Action):
    """R-CHEAT-05: the professional Banker's final ruling on an accusation."""
    type: Literal["rule_accusation"] = "rule_accusation"
    guilty: bool


# ----- the Artillery (R-ART; `use_artillery=true` only) -----
class DemandRansom(Action):
    """R-ART-02, R-ART-03: the Artillery's landing option RANSOM; his turn ends at once."""
    type: Literal["demand_ransom"] = "demand_ransom"
    amount: int = Field(ge=1)


class Destroy(Action):
    """R-ART-02, R-ART-07: the Artillery's landing option DESTROY, a surprise destruction of the landing square."""
    type: Literal["destroy"] = "destroy"


class AnswerRansom(Action):
    """R-ART-04, D-15: the owner of a ransomed property pays the demand in full, or refuses (the default): a free
    decision of any open window until the end of his next turn or the Artillery's next T1."""
    type: Literal["answer_ransom"] = "answer_ransom"
    pay: bool = False


class PledgeRansom(Action):
    """R-ART-04, R-DEAL-07: a free action: pledge dollars to the pool of a ransom on an unowned property (the latest
    pledge replaces the seat's earlier one; 0 withdraws it)."""
    type: Literal["pledge_ransom"] = "pledge_ransom"
    amount: int = Field(ge=0)


class AttemptDestruction(Action):
    """R-ART-05, R-ART-06: at his T1 the Artillery attacks the property he ransomed (EndUpkeep = no attempt)."""
    type: Literal["attempt_destruction"] = "attempt_destruction"


class EndUpkeep(Action):
    """T1 is over (the default): no destruction attempt (R-ART-05), no more cleanup before the rent (D-03)."""
    type: Literal["end_upkeep"] = "end_upkeep"


class CleanUp(Action):
    """R-ART-11: a free action of the owner's own turn: pay the Bank to clear the rubble of a destroyed lot."""
    type: Literal["clean_up"] = "clean_up"
    property: int


# ----- classic Monopoly (variants/classic/) -----
class DeclareBankruptcy(Action):
    """CLASSIC-14: a player who owes more than his cash and all that mortgaging and selling his buildings could raise
    gives up: to the player he owes, or to the Bank (VARIANTS §6.4 decision 9)."""
    type: Literal["declare_bankruptcy"] = "declare_bankruptcy"


class KeepMortgages(Action):
    """CLASSIC-08: the creditor keeps mortgaged the deeds received from a bankrupt player that he has not lifted,
    paying the Bank 10% of each mortgage now (lifting one later costs that 10% again)."""
    type: Literal["keep_mortgages"] = "keep_mortgages"


class BidForBuilding(Action):
    """CLASSIC-07: a bid in the auction of a house (or hotel) the Bank is short of; `property` is the lot the bidder
    places it on at once if he wins (it must be one where he may build it under the evenness rule)."""
    type: Literal["bid_for_building"] = "bid_for_building"
    amount: int = Field(ge=1)
    property: int


# ----- shared factions (VARIANTS §3) -----
class PassFirstAction(Action):
    """V-SHARED-11: the pilot passes his First Action for the faction's pass money; the Second Action starts."""
    type: Literal["pass_first_action"] = "pass_first_action"


class PassSecondAction(Action):
    """V-SHARED-13: the operator passes his Second Action (pass money in the first cycle); the faction turn ends."""
    type: Literal["pass_second_action"] = "pass_second_action"


class ProposePairChoice(Action):
    """V-SHARED-04: one of the Dog's sharers proposes its secret condition to the other (`seat`: the Dog)."""
    type: Literal["propose_pair_choice"] = "propose_pair_choice"
    choice: str


class AcceptPairChoice(Action):
    """V-SHARED-04: the other sharer accepts the standing proposal; `accept=False` (only when he may propose no more)
    leaves the choice to chance among the proposals (`seat`: the Dog)."""
    type: Literal["accept_pair_choice"] = "accept_pair_choice"
    accept: bool = True


# ----- Defeating Monopoly, the Georgist rules (variants/george/) -----
class LeaseParcel(Action):
    """V-GEORGE-05, -06, -16: lease the unleased parcel the mover stands on, building `build` units at once (houses
    on a street, the plant on a railroad or utility) with `down` dollars down in all (None: the full price); with no
    building the holding fee is charged too, and a lease he cannot pay goes to auction (V-GEORGE-07)."""
    type: Literal["lease_parcel"] = "lease_parcel"
    build: int = Field(0, ge=0, le=4)
    down: int | None = Field(None, ge=0)


class BuildOnParcel(Action):
    """V-GEORGE-14, -15, -16: buy `count` buildings of a kind for one's own parcel, `down` dollars down in all (at
    least half of each price, at most all of it); the rest becomes Bank loans, one per building."""
    type: Literal["build_on_parcel"] = "build_on_parcel"
    property: int
    building: Literal["house", "hotel", "office", "plant"]
    count: int = Field(1, ge=1, le=4)
    down: int = Field(ge=0)


class SellParcelBuilding(Action):
    """V-GEORGE-20: sell one building of a kind back to the Bank at half its cost (its loan settled first)."""
    type: Literal["sell_parcel_building"] = "sell_parcel_building"
    property: int
    building: Literal["house", "hotel", "office", "plant"]


class PayOffLoan(Action):
    """V-GEORGE-18: pay a loan off: what is still owed plus 10% of the original."""
    type: Literal["pay_off_loan"] = "pay_off_loan"
    loan_id: int


class SurrenderLease(Action):
    """V-GEORGE-29: give an empty lease up, with no refund."""
    type: Literal["surrender_lease"] = "surrender_lease"
    property: int


class SettleParcelLoans(Action):
    """V-GEORGE-30: a creditor who received a bankrupt player's parcel with loans pays them off (`keep`) or gives
    the parcel up to be auctioned."""
    type: Literal["settle_parcel_loans"] = "settle_parcel_loans"
    property: int
    keep: bool


class DeclareBuildingNeed(Action):
    """V-GEORGE-19: in a shortage, whether this player needs a building of the kind another is about to buy up."""
    type: Literal["declare_building_need"] = "declare_building_need"
    need: bool


class BidForParcelBuilding(Action):
    """V-GEORGE-19: a bid in the auction of a building the Bank is short of: `amount` is the price, `down` what is
    paid of it at once if he wins (half or more, V-GEORGE-16), `property` the parcel it goes on."""
    type: Literal["bid_for_parcel_building"] = "bid_for_parcel_building"
    amount: int = Field(ge=1)
    down: int = Field(ge=0)
    property: int


class ClaimUseFee(Action):
    """V-GEORGE-13 with manual claims: the lessee claims the use fee just paid on his parcel, before the next roll."""
    type: Literal["claim_use_fee"] = "claim_use_fee"
    property: int


# ----- Illumonopoly (variants/illumo/, VARIANTS §4) -----
class Transfer(Action):
    """V-ILLUMO-07: move money between the central treasury and one's group treasury of type `group`
    (`to_group`: central -> group, else group -> central). The fee comes from the treasury `fee_from` names
    ("source" or "destination"); the first two transfers of step 3 are free (V-ILLUMO-08)."""
    type: Literal["transfer"] = "transfer"
    group: str
    to_group: bool
    amount: int = Field(ge=1)
    fee_from: Literal["source", "destination"] = "source"


class Complain(Action):
    """V-ILLUMO-12, -13: file a complaint against the announced acquisition ($50), or let it pass (`file=False`).
    Against a Secret Deal only by playing an Interference card (V-ILLUMO-19), whose player says whether others may
    pledge on his side (`allow_helpers`)."""
    type: Literal["complain"] = "complain"
    file: bool
    allow_helpers: bool = True


class SecretDeal(Action):
    """V-ILLUMO-17, -18, -43: make the purchase about to be announced a Secret Deal: with the Secret Deal card
    (`card="secret_deal"`), any other Court card discarded face down (its kind in `card`, never revealed), or, for
    the Bavarian Illuminati, $100 to the Bank (`card=None`)."""
    type: Literal["secret_deal"] = "secret_deal"
    card: str | None = None


class SecretTrade(Action):
    """V-ILLUMO-12 (b), -17, -18, -43: make one's acquisition in an open trade (`offer_id`, a party who receives a deed
    in it) a Secret Deal, which it is when every party has accepted and it is announced: with the Secret Deal card
    (`card="secret_deal"`), any other Court card discarded face down (its kind in `card`, never revealed), or, for
    the Bavarian Illuminati, $100 to the Bank (`card=None`)."""
    type: Literal["secret_trade"] = "secret_trade"
    offer_id: int
    card: str | None = None


class Pledge(Action):
    """V-ILLUMO-13, -37: money for one side of an interference or a lawsuit (`side`: "for"/"against" the
    purchaser, or "plaintiff"/"defendant"), in whole units ($50, or $10), from `source`: "central" or the pledger's
    treasury of the affected type (its name). Collected when the roll is made."""
    type: Literal["pledge"] = "pledge"
    side: Literal["for", "against", "plaintiff", "defendant"]
    amount: int = Field(ge=1)
    source: str = "central"


class PassPledge(Action):
    """V-ILLUMO-13, -41: no (more) money for now; pledging closes when everyone passes in a row."""
    type: Literal["pass_pledge"] = "pass_pledge"


class Sue(Action):
    """V-ILLUMO-36: start a lawsuit in step 1 of one's turn ($50 filing fee): `suit` against `defendant` over the deed
    `target` (antitrust: any deed of the monopoly attacked). `defendant` -1: nobody, a landmark suit against an unowned
    lot (`illumo_landmark_unowned_targets`, A-IL-17)."""
    type: Literal["sue"] = "sue"
    defendant: int
    suit: Literal["landmark", "title_defect", "antitrust"]
    target: int


class PlayCourtCard(Action):
    """V-ILLUMO-16: play a Court Date card of one's hand, at its timing, with its target: `player` (IRS Audit, Brain
    Drain, Corporate Spy), `property` (Historic Blunder's landmark, Condemned Property's lot), `spy_on` (Corporate
    Spy: "hand", "central" or a type)."""
    type: Literal["play_court_card"] = "play_court_card"
    card: Literal["secret_deal", "interference", "historic_blunder", "holding_action", "idle_hands", "irs_audit",
                  "rent_control", "brain_drain", "condemned_property", "corporate_spy", "bribed_assessor",
                  "legal_holiday", "cancellation"]
    player: int | None = None
    property: int | None = None
    spy_on: str | None = None


class BribeAssessor(Action):
    """V-ILLUMO-28: play Bribed Assessor, at any time: until the end of the turn every valuation of `property` is
    halved."""
    type: Literal["bribe_assessor"] = "bribe_assessor"
    property: int


class CancelEffect(Action):
    """V-ILLUMO-30 (b): play Cancellation, at any time, against a lasting Court-card effect still running: Rent Control,
    an IRS Audit (of `player`), a Legal Holiday or a pending Secret Deal."""
    type: Literal["cancel_effect"] = "cancel_effect"
    effect: Literal["rent_control", "irs_audit", "legal_holiday", "secret_deal"]
    player: int | None = None


class DeclareMissing(Action):
    """V-ILLUMO-46: the Bermuda Triangle declares a deed's space missing (step 5 of its turn)."""
    type: Literal["declare_missing"] = "declare_missing"
    property: int


class ChooseSplit(Action):
    """V-ILLUMO-05: how the seat's next payment tied to a type (a purchase, a building, a lift) is split: at most
    `from_group` dollars from his treasury of that type, the rest from central."""
    type: Literal["choose_split"] = "choose_split"
    from_group: int = Field(ge=0)


class PassCard(Action):
    """V-ILLUMO-16: not to play a card when a window offers it (the Holding Action's, before a lawsuit's roll)."""
    type: Literal["pass_card"] = "pass_card"


class ResumeCase(Action):
    """V-ILLUMO-41: in step 1 of his turn, the plaintiff resumes a case a Holding Action suspended (a lawsuit of his
    allowance, no new fee, fresh pledging), or drops it (`drop`)."""
    type: Literal["resume_case"] = "resume_case"
    target: int
    drop: bool = False


class DeclareIdleTurn(Action):
    """V-ILLUMO-34 with `illumo_do_nothing_mode = declare_at_start`: at the start of his turn, before step 1, the mover
    declares a do-nothing turn (the $200 bonus at its end; every disqualifying action refused until then)."""
    type: Literal["declare_idle_turn"] = "declare_idle_turn"


class RepairLevel(Action):
    """V-ILLUMO-33: asked at the end of the turn, the owner of a lot too high in an uneven colour group pays for a
    house on one of the group's lowest lots (`property`, whoever owns it), sells one level of his own high lot
    (`property` with `sell`), or lets it be (`property` None: what is still uneven is then sold down by the engine)."""
    type: Literal["repair_level"] = "repair_level"
    property: int | None = None
    sell: bool = False


class ChooseIlluminatus(Action):
    """V-ILLUMO-42 with `illumo_illuminati_assignment = draft`: before the first turn, in turn order, a player chooses
    one of the Illuminati still free (`illuminatus`: its id, resources/illumo_illuminati.json)."""
    type: Literal["choose_illuminatus"] = "choose_illuminatus"
    illuminatus: str


class ForfeitDeed(Action):
    """V-ILLUMO-40: the losing defendant of an antitrust suit names the deed of the monopoly he loses."""
    type: Literal["forfeit_deed"] = "forfeit_deed"
    property: int


# ----- test only -----
class ForceDice(Action):
    """Queue the next die faces; only allowed in games set up with `allow_forced_dice` (tests, `referee`)."""
    type: Literal["force_dice"] = "force_dice"
    dice: list[Annotated[int, Field(ge=1, le=6)]] = Field(min_length=1)


AnyAction = Annotated[
    Union[PickFaction, ChooseDogCondition, CastVote, Roll, Reorganize, JailRoll, JailBail, JailFavor, SecondRent,
          ForfeitMoveToRebuild, StopToFix, DoNothing, Buy, TakeOver, Rezone, Subvert, Rebuild, TakePot,
          PayIncomeTax, VisitorBail, EndTurn, BankerReclaim, PlayFavor, PassFavor, SettlePayment, Bid, PassBid,
          BuyOffMortgage, EndBuyOff, PermitBribe, AnswerPermitBribe, Mortgage, Unmortgage, BuyBuilding, SellBuilding, ProposeOffer, AcceptOffer,
          DeclineOffer, WithdrawOffer, ForgiveDebt, ExtendDebt, Foreclose, ForceDice, AnswerChairBlock, InviteHelpers,
          AnswerInvitation, JoinSide, CommitGraft, ReattachArms,
          CollectRent, BoatSqueeze, IgnoreCardPayment, PayCard, DogImmunity, RailJump,
          CheatStackedDraw, CheatMarkerShift, CheatTillDip, ReturnTill, Accuse, RuleAccusation,
          DemandRansom, Destroy, AnswerRansom, PledgeRansom, AttemptDestruction, EndUpkeep, CleanUp,
          DeclareBankruptcy, KeepMortgages, BidForBuilding,
          LeaseParcel, BuildOnParcel, SellParcelBuilding, PayOffLoan, SurrenderLease, SettleParcelLoans,
          DeclareBuildingNeed, BidForParcelBuilding, ClaimUseFee,
          PassFirstAction, PassSecondAction, ProposePairChoice, AcceptPairChoice,
          Transfer, Complain, Pledge, PassPledge, Sue, ForfeitDeed, PlayCourtCard, PassCard, ResumeCase,
          SecretDeal, SecretTrade, BribeAssessor, CancelEffect, DeclareMissing, ChooseSplit, DeclareIdleTurn,
          RepairLevel, ChooseIlluminatus],
    Field(discriminator="type"),
]

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(AnyAction)
ACTION_LIST_ADAPTER: TypeAdapter[list[AnyAction]] = TypeAdapter(list[AnyAction])

FREE_ACTION_TYPES = frozenset({"mortgage", "unmortgage", "buy_building", "sell_building", "propose_offer",
                               "accept_offer", "decline_offer", "withdraw_offer", "forgive_debt", "extend_debt",
                               "foreclose", "accuse", "return_till"})
"""Actions any seat may take at an open window (R-GEN-04); the last two exist only with `cheating_mode=simulated`
and are dispatched by variants/illuminopoly/cheating.py."""

# The Artillery's free actions (R-ART-04 pledges and the owner's answer to a ransom, D-15; R-ART-11 cleanup), kept
# apart so that the list above stays as it was.
FREE_ACTION_TYPES = FREE_ACTION_TYPES | {"pledge_ransom", "answer_ransom", "clean_up"}
# Illumonopoly's free actions: internal transfers (V-ILLUMO-07, "at any time"), Bribed Assessor (V-ILLUMO-28), a
# Cancellation against a lasting effect (V-ILLUMO-30 b), the split of a payment tied to a type (V-ILLUMO-05), a Secret
# Deal on an open trade (V-ILLUMO-17, -18).
FREE_ACTION_TYPES = FREE_ACTION_TYPES | {"transfer", "bribe_assessor", "cancel_effect", "choose_split", "secret_trade"}

# The Georgist rules' free actions (V-GEORGE-14 to -20, -29).
FREE_ACTION_TYPES = FREE_ACTION_TYPES | {"build_on_parcel", "sell_parcel_building", "pay_off_loan", "surrender_lease",
                                         "claim_use_fee"}

OFFER_ACTION_TYPES = frozenset({"propose_offer", "accept_offer", "decline_offer", "withdraw_offer"})
"""The free actions of offers: the only ones open while a vote or a ruling is awaited (bribes, R-DEAL-06, R-FP-02)."""

CHEAT_ACTION_TYPES = frozenset({"cheat_stacked_draw", "cheat_marker_shift", "cheat_till_dip", "return_till", "accuse",
                                "rule_accusation"})
"""The actions of R-CHEAT; with `cheating_mode=off` none of them exists (R-CHEAT-01)."""


PLACEMENT_FIELDS = frozenset({"parent", "arrow"})
"""Where an acquisition hangs the new deed (R-STRUCT-04): a buy, a takeover, a bid, a mortgage buy-off."""


def same_but_placement(a: Action, b: Action, also: frozenset[str] = frozenset()) -> bool:
    """Whether two actions differ at most in where the new deed hangs (and in the fields named in `also`): the same
    choice for a player, who picks the arrow apart."""
    exclude = {*PLACEMENT_FIELDS, *also}  # a set: pydantic's `exclude` is typed as a set or a mapping
    return a.type == b.type and a.model_dump(exclude=exclude) == b.model_dump(exclude=exclude)


def parse_action(data: dict[str, object] | str | bytes) -> Action:
    """Parse one action from a dict or JSON text; raises pydantic.ValidationError."""
    if isinstance(data, (str, bytes)):
        return ACTION_ADAPTER.validate_json(data)
    return ACTION_ADAPTER.validate_python(data)
