"""The house rules of classic Monopoly (VARIANTS §1: the `classic_*` options): their types here, their defaults in
resources/classic_options.json, their help in resources/classic_option_help.json.

Options are fixed for a whole game, hence the frozen model; like Illuminopoly's (model/options.py) it holds no
defaults, so that changing one needs no code.

The core's shared mechanisms (rules/money.py, rules/movement.py, rules/invariants.py) ask every ruleset's options a
few questions that only Illuminopoly's house rules leave open: what the Bank does when its money runs out, whether a
shortfall owed to it is forgiven, whether landing on GO pays. Classic Monopoly answers them once for all, so they are
class constants here, not options (and so neither in a save nor in the New Game dialog).
"""
from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

NonNegativeInt = Annotated[int, Field(ge=0)]


class ClassicOptions(BaseModel):
    """One field per option of VARIANTS §1.1, with the time limit of CLASSIC-15's short game."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    DEFAULTS_FILE: ClassVar[str] = "classic_options.json"
    HELP_FILE: ClassVar[str] = "classic_option_help.json"

    classic_starting_cash: NonNegativeInt
    """CLASSIC-02."""
    classic_auction_declined: bool
    """CLASSIC-05: a deed its lander declines is auctioned among every player."""
    classic_rent_claim: Literal["automatic"]
    """CLASSIC-06: rent is paid without being asked for (the official rule voids rent unclaimed before the next roll;
    VARIANTS §1.1 chooses `automatic`, the only value offered)."""
    classic_income_tax_mode: Literal["flat_200", "choice_200_or_10pct"]
    """CLASSIC-10."""
    classic_luxury_tax: NonNegativeInt
    """CLASSIC-10: $100 in current editions, $75 in older ones."""
    classic_free_parking_jackpot: bool
    """CLASSIC-12: the popular house rule: taxes and fines go to a pot that whoever lands on Free Parking takes."""
    classic_end_mode: Literal["last_standing", "time_limit"]
    """CLASSIC-15."""
    classic_time_limit_rounds: Annotated[int, Field(ge=1)]
    """CLASSIC-15's short game: the game ends after this many rounds (a round: every player still in the game has had
    a turn) and the highest net worth wins. Resolution: the spec says "a time limit"; a count of rounds is a limit
    every table, and every replay, reads the same way."""
    classic_player_loans: bool
    """CLASSIC-16: whether players may lend to each other (a loan in a trade)."""

    # ----- the core's questions, answered by the classic rules (not options) -----
    bank_insolvency: ClassVar[str] = "unlimited"
    """The Bank never goes broke: short of money, it issues more (the official rules: "by writing on any paper")."""
    bank_shortfall_forgiven: ClassVar[bool] = True
    """A classic payment to the Bank is never left partly unpaid: whoever cannot pay goes bankrupt (CLASSIC-14)."""
    bank_shortfall_payment: ClassVar[str] = "partial"
    go_on_landing: ClassVar[bool] = True
    """CLASSIC-04: the salary is paid on reaching GO, landing included."""
