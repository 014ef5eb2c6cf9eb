"""The Artillery's ransom without Qt (R-ART-03, R-ART-04, §33.8): the demand, the owner's pay-or-refuse answer, or
the pledge pool of an unowned target with every pledge so far (public) and the seat's own pledge."""
from __future__ import annotations

from dataclasses import dataclass

from ..model.state import GameState
from ..rules import actions as A
from ..rules import artillery
from ..rules.context import Ctx
from ..rules.engine import awaiting
from ..rules.legal import enumerate_legal


@dataclass(frozen=True)
class RansomView:
    property_name: str
    amount: int
    artillery: str
    owner: str | None
    """The owner who answers the demand; None = an unowned target, paid by a pledge pool."""
    pool_open: bool
    pledges: tuple[tuple[str, int], ...]
    total: int
    my_pledge: int
    my_cash: int
    suggested: int
    """A pledge the engine lists for the seat (what would complete the pool, as far as its cash goes), or 0."""
    may_pledge: bool
    answers: tuple[A.AnswerRansom, ...]
    """The owner's legal answers when the game awaits them from this seat (pay, refuse)."""
    answer_text: str


def ransom_view(state: GameState, seat: int) -> RansomView | None:
    """The pending ransom as `seat` sees it (None when there is none)."""
    ransom = state.pending_ransom
    if ransom is None:
        return None
    ctx = Ctx(state)
    names = [p.name for p in state.players]
    legal = enumerate_legal(state, seat)
    pledge_listed = [a.amount for a in legal if isinstance(a, A.PledgeRansom)]
    answers = tuple(a for a in legal if isinstance(a, A.AnswerRansom)) if seat in awaiting(state) else ()
    pool_open = artillery.open_pool(state) is not None
    may_pledge = pool_open and state.players[seat].role == "faction" and seat != ransom.artillery
    if ransom.owner is None:
        answer_text = ("Any faction player may pledge until the Artillery's next turn; if the pledges reach the "
                       "demand, exactly the demand is collected, shared in proportion to the pledges (R-ART-04)."
                       if pool_open else "The pool is closed (R-ART-04).")
    elif ransom.answer is not None:
        answer_text = f"{names[ransom.owner]} chose to {ransom.answer} (R-ART-04)."
    else:
        answer_text = (f"{names[ransom.owner]} pays in full or refuses, until the end of his next turn; refusing is "
                       "the default. Others may help him only through deals (R-ART-04).")
    return RansomView(
        property_name=ctx.square_name(ransom.property), amount=ransom.amount, artillery=names[ransom.artillery],
        owner=names[ransom.owner] if ransom.owner is not None else None, pool_open=pool_open,
        pledges=tuple((names[s], amount) for s, amount in ransom.pledges.items()),
        total=sum(ransom.pledges.values()), my_pledge=ransom.pledges.get(seat, 0),
        my_cash=state.players[seat].cash, suggested=pledge_listed[0] if pledge_listed else 0,
        may_pledge=may_pledge, answers=answers, answer_text=answer_text)
