"""The contest window (R-CONTEST-02) as a registered decision: the Chair's block, invitations, answers, volunteers
and graft, each stage waiting only for the players who must decide in it (contests.py runs the contest)."""
from __future__ import annotations

from functools import lru_cache
from typing import Final

from ...model.state import GameState
from ...model.views import SEALED_BIDDERS
from ...rules import actions as A
from ...rules.context import RulesContext
from ...rules.decisions import ALL_FREE_ACTIONS, Window
from ...rules.shared_values import shared
from ...rules.unvalidated_actions import INVITE_HELPERS
from .access import illuminopoly_options, options_of
from . import cheating, commitments, contest_steps, contests

GRAFT_PIPS_LISTED: Final = 13
"""Graft bids listed per decision: 0 to 12 pips (any affordable number is legal; beyond 12 a 2d6 contest cannot
change, so the list stops there)."""


@lru_cache(maxsize=1024)
def _graft_bids(seat: int, most: int) -> tuple[A.CommitGraft, ...]:
    """The bids of 0 to `most` pips (frozen values, so one tuple serves every contest; each listing copies it)."""
    return tuple(shared(A.CommitGraft, seat=seat, pips=n) for n in range(most + 1))


class ContestWindow(Window):
    kind = "contest"
    answers = {"answer_chair_block": "chair_block", "invite_helpers": "invite", "answer_invitation": "answer",
               "join_side": "join", "commit_graft": "graft"}

    def awaiting(self, state: GameState, window) -> list[int]:
        return contests.awaiting(RulesContext(state), window)

    def options(self, ctx: RulesContext, contest, seat: int) -> list[A.Action]:
        stage = contest.stage
        if stage == "chair_block":
            options: list[A.Action] = [shared(A.AnswerChairBlock, seat=seat, block=True)]
            if illuminopoly_options(ctx).chair_may_waive_mortgage_block:
                options.append(shared(A.AnswerChairBlock, seat=seat, block=False))
            return options
        if stage == "invitations":
            # (seats the rules list: built without validation, rules/unvalidated_actions.py)
            options = [INVITE_HELPERS.build(seat=seat, invitees=[])]
            side = contests.side_of(contest, seat)
            options += [INVITE_HELPERS.build(seat=seat, invitees=[s]) for s in contests.eligible_others(ctx, contest)
                        if ctx.rules.may_join(ctx, contest, s, side)]
            return options
        committed = commitments.required_side(ctx.state, contest, seat)  # a helper commitment (R-DEAL-03)
        if stage == "answers":
            if committed is not None:
                return [shared(A.AnswerInvitation, seat=seat, accept=True)]
            return [shared(A.AnswerInvitation, seat=seat, accept=False),
                    shared(A.AnswerInvitation, seat=seat, accept=True)]
        if stage == "volunteers":
            if committed is not None:
                return [shared(A.JoinSide, seat=seat, side=committed)]
            joins: list[A.Action] = [shared(A.JoinSide, seat=seat, side=None)]
            return joins + [shared(A.JoinSide, seat=seat, side=side) for side in contest.volunteers.get(seat, [])]
        most = min(contests.max_pips(ctx, contest, seat), GRAFT_PIPS_LISTED - 1)
        bids = list(_graft_bids(seat, most))
        if illuminopoly_options(ctx).cheating_mode == "simulated":  # R-CHEAT-02 (c)
            bids += cheating.short_graft_options(ctx, contest, seat, GRAFT_PIPS_LISTED - 1)
        bounds = commitments.graft_range(ctx, contest, seat)
        if bounds is not None:  # a graft commitment (R-DEAL-03): only conforming bids; "exactly" fixes the bid
            low, high = bounds
            conforming = [o for o in bids if low <= o.pips and (high is None or o.pips <= high)]
            bids = [shared(A.CommitGraft, seat=seat, pips=low)] + [o for o in conforming
                                                                  if (o.pips, o.short) != (low, False)]
        return list(bids)

    def default(self, state: GameState, contest, seat: int) -> A.Action:
        """R-GEN-03 and §33.6: the Chair blocks; nobody is invited; invitations are declined; nobody volunteers;
        $0. A recorded helper or graft commitment (R-DEAL-03) makes its own answer the default: accept (or join) the
        committed side, and bid the lowest number of pips the commitment allows."""
        if state.commitments:
            committed = commitments.required_side(state, contest, seat)
            if committed is not None:
                return (shared(A.AnswerInvitation, seat=seat, accept=True) if contest.stage == "answers"
                        else shared(A.JoinSide, seat=seat, side=committed))
            if contest.stage in ("graft", "open_graft"):
                bounds = commitments.graft_range(RulesContext(state), contest, seat)
                if bounds is not None:
                    return shared(A.CommitGraft, seat=seat, pips=bounds[0])
        return {"chair_block": shared(A.AnswerChairBlock, seat=seat, block=True),
                "invitations": A.InviteHelpers(seat=seat),
                "answers": shared(A.AnswerInvitation, seat=seat, accept=False),
                "volunteers": shared(A.JoinSide, seat=seat, side=None),
                }.get(contest.stage, shared(A.CommitGraft, seat=seat, pips=0))

    def chair_block(self, ctx: RulesContext, contest, action: A.AnswerChairBlock) -> None:
        contest_steps.answer_chair_block(ctx, contest, action.seat, action.block)

    def invite(self, ctx: RulesContext, contest, action: A.InviteHelpers) -> None:
        contest_steps.invite(ctx, contest, action.seat, action.invitees)

    def answer(self, ctx: RulesContext, contest, action: A.AnswerInvitation) -> None:
        contest_steps.answer_invitation(ctx, contest, action.seat, action.accept)

    def join(self, ctx: RulesContext, contest, action: A.JoinSide) -> None:
        contest_steps.join_side(ctx, contest, action.seat, action.side)

    def graft(self, ctx: RulesContext, contest, action: A.CommitGraft) -> None:
        contest_steps.commit_graft(ctx, contest, action.seat, action.pips, action.short)

    def describe(self, state: GameState, window) -> str:
        return "a contest"

    def redact(self, state: GameState, contest, shown: dict, seat: int | None) -> None:
        """Sealed graft bids stay hidden until all are revealed together (R-CONTEST-02 step 6): in open bidding
        `revealed` is set only at the end, but its raises are public events, so only sealed mode hides. A short
        graft's discount is its cheater's alone (R-CHEAT-02 (c))."""
        if not shown["revealed"] and options_of(state).graft_bidding_mode == "sealed":
            # Who has bid is public (the game visibly waits for the others, R-GEN-03); how much is not.
            shown[SEALED_BIDDERS] = sorted(int(k) for k in shown["bids"])
            shown["bids"] = {k: v for k, v in shown["bids"].items() if seat is not None and int(k) == seat}
        shown["graft_discount"] = {k: v for k, v in shown["graft_discount"].items()
                                   if seat is not None and int(k) == seat}

    def free_actions(self, contest, seat: int) -> str | None:
        return ALL_FREE_ACTIONS if contests.free_window_open(contest, seat) else None  # R-CONTEST-04
