"""The Chair election ballot without Qt (R-CHAIR-02, §33.2): the candidates, the public roll call so far, who has yet
to vote, and the seat's legal votes (from the engine; a vote commitment of a recorded deal leaves only one,
R-DEAL-03)."""
from __future__ import annotations

from dataclasses import dataclass

from ..model.state import Election, GameState
from ..rules import actions as A
from ..rules import events as E
from ..rules.engine import awaiting
from ..rules.legal import default_action, enumerate_legal


@dataclass(frozen=True)
class BallotView:
    election_id: int
    ballot: int
    max_ballots: int
    candidates: tuple[tuple[int, str], ...]
    voter_count: int
    roll_call: tuple[str, ...]
    """The votes cast in this ballot, in words ("Ann votes for Ben"); votes are public (§33.2)."""
    waiting: tuple[str, ...]
    options: tuple[A.CastVote, ...]
    """The seat's legal votes now (empty when it has no vote to cast)."""
    default: A.CastVote | None
    committed_to: str | None
    """The candidate a recorded deal binds the seat's vote to (visible to the seat only, R-GEN-06)."""

    @property
    def may_vote(self) -> bool:
        return bool(self.options)


def open_election(state: GameState) -> Election | None:
    top = state.pending[-1] if state.pending else None
    return top if isinstance(top, Election) else None


def ballot_view(state: GameState, seat: int) -> BallotView | None:
    """The election now open as `seat` sees it (None when no election waits)."""
    election = open_election(state)
    if election is None:
        return None
    names = [p.name for p in state.players]
    roll_call = tuple(f"{names[voter]} " + (f"votes for {names[choice]}" if choice is not None else "abstains")
                      for voter, choice in election.votes.items())
    waiting = awaiting(state)
    options = tuple(a for a in enumerate_legal(state, seat, include_free=False) if isinstance(a, A.CastVote)) \
        if seat in waiting else ()
    committed = state.vote_commitments.get(seat)
    return BallotView(
        election_id=election.id, ballot=election.ballot,
        max_ballots=state.setup.options.chair_election_max_rounds,
        candidates=tuple((c, names[c] + (" (in Jail)" if state.players[c].in_jail else ""))
                         for c in election.candidates),
        voter_count=len(election.voters), roll_call=roll_call, waiting=tuple(names[s] for s in waiting),
        options=options, default=default_action(state, seat) if options else None,
        committed_to=names[committed] if committed is not None and committed in election.candidates else None)


def majority_text(view: BallotView) -> str:
    return (f"Ballot {view.ballot} of at most {view.max_ballots}. A candidate needs the votes of more than half of "
            f"the {view.voter_count} voters, not just of those who vote (R-CHAIR-02).")


def election_result(events, state: GameState) -> str | None:
    """The end of a Chair election among `events`, in words ("Ben is elected Chair of the Bank."), or None."""
    for event in events:
        if isinstance(event, E.ChairChanged) and event.reason == "elected" and event.new_chair is not None:
            return f"The Chair election is over: {state.players[event.new_chair].name} is elected Chair of the Bank."
    return None
