"""The Artillery's ransom without Qt (R-ART-03, R-ART-04, §33.8, D-15): the demand, who answers it and by when, the
owner's pay-or-refuse answer (his at any open window until his deadline, so the game never waits for it), or the
pledge pool of an unowned target with every pledge so far (public) and the seat's own pledge."""
from __future__ import annotations

from dataclasses import dataclass

from ..model.rulesets import ruleset_of
from ..model.state import GameState
from ..rules import actions as A
from ..rules.boardindex import board_index
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
    """This seat's legal answers (refuse, pay) when it is the owner who may answer now (D-15)."""
    answer_text: str
    deadline: str
    """Until when the demand may be answered (or pledged to), in words; "" once it is answered."""


def ransom_view(state: GameState, seat: int) -> RansomView | None:
    """The pending ransom as `seat` sees it (None when there is none)."""
    ransom = state.pending_ransom
    if ransom is None:
        return None
    queries = ruleset_of(state).queries
    squares = board_index(state.setup.board).squares
    names = [p.name for p in state.players]
    legal = enumerate_legal(state, seat)
    pledge_listed = [a.amount for a in legal if isinstance(a, A.PledgeRansom)]
    answers = tuple(a for a in legal if isinstance(a, A.AnswerRansom))
    pool_open = queries.open_pool(state) is not None
    may_pledge = pool_open and state.players[seat].role == "faction" and seat != ransom.artillery
    artillery_turn = f"{names[ransom.artillery]}'s next turn begins"
    answerer = queries.ransom_answerer(state)
    deadline = ""
    if ransom.owner is None:
        # The v2.2 edition collects the pool at the end of the turn after the demand (E-34).
        at_turn_end = state.setup.options.ransom_pool_collected == "end_of_next_turn"
        until = "the end of the turn after the demand" if at_turn_end else "the Artillery's next turn"
        answer_text = (f"Any faction player may pledge until {until}; if the pledges reach the "
                       "demand, exactly the demand is collected, shared in proportion to the pledges (R-ART-04)."
                       if pool_open else "The pool is closed (R-ART-04).")
        deadline = (f"Pledges are taken until {until if at_turn_end else artillery_turn}." if pool_open else "")
    elif ransom.answer is not None:
        answer_text = f"The demand was {'paid' if ransom.answer == 'pay' else 'refused'} (R-ART-04)."
    elif answerer is None:
        answer_text = "Nobody owns the property now to answer the demand: it counts as refused (R-ART-04)."
    else:
        who = "You" if answerer == seat else names[answerer]
        answer_text = (f"{who} may pay it in full or refuse, at any moment the rules leave open (his own turn or "
                       "another's); the game goes on meanwhile. Others may help only through deals (R-ART-04, D-15)."
                       if answerer != seat else
                       "You may pay it in full or refuse, at any moment the rules leave open (your turn or "
                       "another's); the game goes on meanwhile. Others may help you only through deals (R-ART-04, "
                       "D-15).")
        if _turn_comes_first(state, answerer, ransom.artillery):
            until = "the end of your next turn" if answerer == seat else f"the end of {names[answerer]}'s next turn"
        else:
            until = artillery_turn
        deadline = f"Answer by {until}; without an answer it is refused, the default (R-GEN-03)."
    return RansomView(
        property_name=squares[ransom.property].name, amount=ransom.amount, artillery=names[ransom.artillery],
        owner=names[answerer] if answerer is not None else (names[ransom.owner] if ransom.owner is not None
                                                            else None),
        pool_open=pool_open, pledges=tuple((names[s], amount) for s, amount in ransom.pledges.items()),
        total=sum(ransom.pledges.values()), my_pledge=ransom.pledges.get(seat, 0),
        my_cash=state.players[seat].cash, suggested=pledge_listed[0] if pledge_listed else 0,
        may_pledge=may_pledge, answers=answers, answer_text=answer_text, deadline=deadline)


def _turn_comes_first(state: GameState, owner: int, artillery_seat: int) -> bool:
    """Whether the owner's turn ends before the Artillery's next turn begins (D-15: whichever comes first), in the
    seat order from the turn being played now."""
    current = state.turn.seat
    if current == owner:
        return True
    if current not in state.seat_order:
        return True
    for seat in state.seats_after(current):
        if seat == owner:
            return True
        if seat == artillery_seat:
            return False
    return True
