"""The one error type of the rules engine (R-GEN-05)."""
from __future__ import annotations

from typing import Literal

ReasonCode = Literal[
    "E_NOT_YOUR_TURN", "E_WRONG_PHASE", "E_ONCE_PER_TURN", "E_INSUFFICIENT_FUNDS", "E_GRAFT_INCREMENT",
    "E_NOT_ELIGIBLE_TO_SPEND", "E_NOT_A_PROPERTY", "E_UNOWNED_REQUIRED", "E_OWNED_REQUIRED", "E_OWN_PROPERTY",
    "E_NOT_OWNER", "E_ALREADY_CONTROLLER", "E_DESTROYED", "E_REZONED", "E_NOT_REZONED_OR_DESTROYED",
    "E_NOT_CLEANED", "E_UTILITY_NOT_REZONABLE", "E_DISRUPTED", "E_BOAT_IMMUNE", "E_MORTGAGED",
    "E_NOT_MORTGAGED", "E_HAS_BUILDINGS", "E_NOT_MONOPOLY", "E_UNEVEN", "E_NO_SUPPLY",
    "E_CONTROLLED_BY_OTHER", "E_NO_FREE_ARROW", "E_SUBTREE_REQUIRED", "E_INVALID_STRUCTURE",
    "E_FORCED_REORG_PENDING", "E_BLOCKED_BY_CHAIR", "E_BLOCKED_BY_FAVOR", "E_NO_FAVOR", "E_FAVOR_FORBIDDEN",
    "E_IN_JAIL", "E_NOT_IN_JAIL", "E_DISABLED", "E_FACTION_CANNOT", "E_COUNTDOWN_ACTIVE", "E_IN_CONTEST",
    "E_NOT_ELIGIBLE_CANDIDATE", "E_OPTION_DISABLED", "E_COMMITMENT",
    "E_BANK_SHORT",  # D-13: the Bank's Reserves cannot lend a mortgage in full (R-MORT-01)
    "E_NO_SUCH_OFFER",  # R-DEAL-02: the offer answered or countered is gone (withdrawn, answered, expired)
    "E_SEATING",  # CLASSIC-02: a table the ruleset cannot seat (too few or too many players)
    # shared factions (VARIANTS §3): a seat acting for a faction it does not control (V-SHARED-07), an attack on the
    # seat's other faction (V-SHARED-16), an exchange between adjacent factions (V-SHARED-17), graft beyond the clamp
    # (V-SHARED-19), a deed attacked twice in one faction turn (V-SHARED-20), a pass no longer open (V-SHARED-11, -13)
    "E_NOT_CONTROLLER", "E_OWN_OTHER_FACTION", "E_ADJACENT_FACTION", "E_CLAMP", "E_ALREADY_ATTACKED",
    "E_PASS_FORBIDDEN",
    # the Georgist rules (VARIANTS §5): a down payment outside half to all of the price (V-GEORGE-16), a building
    # sold back that the parcel does not have (V-GEORGE-20)
    "E_DOWN_PAYMENT", "E_NO_BUILDING",
    # Illumonopoly (VARIANTS §4): a square blocked by a complaint (V-ILLUMO-14), a player under an IRS Audit
    # (V-ILLUMO-23), a do-nothing turn declared (V-ILLUMO-34), a Court card not held or not playable (V-ILLUMO-16, -30)
    "E_BLOCKED", "E_AUDITED", "E_DECLARED_IDLE", "E_NO_CARD",
]


class IllegalAction(Exception):
    """An action the rules refuse. The state is left exactly as it was.

    Attributes: `code` (a reason code of R-GEN-05), `rule_id` (the spec rule that refuses it)
    and `message` (one sentence a player can read).
    """

    def __init__(self, code: ReasonCode, rule_id: str, message: str):
        super().__init__(f"{code} ({rule_id}): {message}")
        self.code = code
        self.rule_id = rule_id
        self.message = message

    def to_dict(self) -> dict:
        return {"code": self.code, "rule_id": self.rule_id, "message": self.message}


def refuse(code: ReasonCode, rule_id: str, message: str) -> IllegalAction:
    return IllegalAction(code, rule_id, message)


def passes(check, *args) -> bool:
    """Whether `check(*args)` passes, i.e. returns without raising IllegalAction: listings ask the validators that
    apply uses, so that what is listed is exactly what would be accepted."""
    try:
        check(*args)
    except IllegalAction:
        return False
    return True



class PositionError(ValueError):
    """A position (the state of a game written by hand, rules/game_start.py `state_from_position`) that cannot be
    read; `field` names where (e.g. `players[1].cash`), `message` is one sentence."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message
