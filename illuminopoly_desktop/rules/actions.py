"""Every player intent as a small frozen pydantic value, tagged by `type`.

The GUI, the LAN server and the bots all build these and hand them to `engine.apply`.
"""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from ..model.state import OfferLeg


class Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    seat: int


class DeedPlacement(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
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
    method: Literal["flat", "percent"]


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
          DeclineOffer, WithdrawOffer, ForgiveDebt, ExtendDebt, Foreclose, ForceDice],
    Field(discriminator="type"),
]

ACTION_ADAPTER: TypeAdapter = TypeAdapter(AnyAction)
ACTION_LIST_ADAPTER: TypeAdapter = TypeAdapter(list[AnyAction])

FREE_ACTION_TYPES = frozenset({"mortgage", "unmortgage", "buy_building", "sell_building", "propose_offer",
                               "accept_offer", "decline_offer", "withdraw_offer", "forgive_debt", "extend_debt",
                               "foreclose"})
"""Actions any seat may take at an open window (R-GEN-04)."""


def parse_action(data: dict | str | bytes) -> BaseModel:
    """Parse one action from a dict or JSON text; raises pydantic.ValidationError."""
    if isinstance(data, (str, bytes)):
        return ACTION_ADAPTER.validate_json(data)
    return ACTION_ADAPTER.validate_python(data)
