"""The Chair of the Bank: elections and the effects of a change (R-CHAIR-02, -04)."""
from __future__ import annotations

from ...model.state import Election
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.events import ChairChanged, ControlChanged, ElectionOpened, VoteCast
from ...rules.money import move, split_with_fp
from .access import illuminopoly_options


def is_artillery(state, seat: int | None) -> bool:
    return seat is not None and state.players[seat].faction == "artillery"


def mortgage_holder(state, leaving: int | None = None) -> int | None:
    """Who holds the Chair's `mortgage_chair` control now (R-MORT-02, R-CHAIR-04): the professional Banker if there
    is one, else the Chair; nobody while the Chair is vacant or is the player leaving (the next Chair picks these
    holds up, R-CHAIR-04), nor while the Chair is the Artillery, who controls nothing (§25, D-11)."""
    holder = state.professional_banker if state.professional_banker is not None else state.chair
    if holder is None or holder == leaving or state.players[holder].eliminated or is_artillery(state, holder):
        return None
    return holder


def candidates_and_voters(ctx: RulesContext) -> tuple[list[int], list[int]]:
    state = ctx.state
    faction = state.faction_seats()
    candidates = [s for s in faction if not state.players[s].in_jail] or list(faction)
    return candidates, ctx.rules.election_voters(ctx)


def open_election(ctx: RulesContext) -> None:
    state = ctx.state
    candidates, voters = candidates_and_voters(ctx)
    election = Election(id=state.next_id, candidates=candidates, voters=voters)
    state.next_id += 1
    state.pending.append(election)
    ctx.emit(ElectionOpened(election_id=election.id, ballot=1, candidates=candidates, voters=voters,
                            rule_id="R-CHAIR-02"))
    if not voters:
        decide(ctx, election)


def cast_vote(ctx: RulesContext, election: Election, seat: int, candidate: int | None) -> None:
    if seat not in election.voters or seat in election.votes:
        raise refuse("E_NOT_YOUR_TURN", "R-CHAIR-02", "You have no vote to cast in this ballot.")
    if candidate is not None and candidate not in election.candidates:
        raise refuse("E_NOT_ELIGIBLE_CANDIDATE", "R-CHAIR-02", "That player cannot stand for Chair.")
    committed = ctx.state.vote_commitments.get(seat)
    if committed is not None and committed in election.candidates and candidate != committed:
        raise refuse("E_COMMITMENT", "R-DEAL-03",
                     f"You committed your vote to {ctx.name(committed)} in a recorded deal.")
    election.votes[seat] = candidate
    ctx.emit(VoteCast(seat=seat, candidate=candidate, rule_id="R-CHAIR-02"))
    release_vote_escrows(ctx, seat, candidate)
    if len(election.votes) == len(election.voters):
        decide(ctx, election)


def release_vote_escrows(ctx: RulesContext, voter: int, candidate: int | None) -> None:
    """A vote bribe held in escrow is released (split with FP) when the vote is cast as promised (§33.1)."""
    state = ctx.state
    for held in [e for e in state.vote_escrows if e.voter == voter]:
        state.vote_escrows.remove(held)
        if candidate == held.candidate:
            if illuminopoly_options(ctx).bribe_tax_scope == "none":
                # `bribe_tax_scope=none` taxes no bribe at all (R-FP-02): the voter gets the whole amount.
                move(ctx, "escrow", voter, held.amount, "vote bribe", "R-DEAL-03")
            else:
                split_with_fp(ctx, "escrow", voter, held.amount, "vote bribe", "R-FP-02")
        else:
            move(ctx, "escrow", held.payer, held.amount, "vote bribe refunded", "R-DEAL-03")


def refund_all_vote_escrows(ctx: RulesContext) -> None:
    state = ctx.state
    for held in list(state.vote_escrows):
        move(ctx, "escrow", held.payer, held.amount, "vote bribe refunded", "R-DEAL-03")
    state.vote_escrows.clear()
    state.vote_commitments.clear()


def remove_from_elections(ctx: RulesContext, seat: int) -> None:
    """An eliminated player leaves every open election (R-LOSE-05): his vote goes; if he stood, the votes cast for
    him are withdrawn so that those voters vote again, and if no candidate is left every active faction player
    stands (R-CHAIR-02). A ballot that is now complete is counted at once, so the election never waits for nobody."""
    state = ctx.state
    leaving = ctx.rules.voters_leaving(ctx, seat)
    for election in [p for p in state.pending if p.kind == "election"]:
        for voter in leaving:
            if voter in election.voters:
                election.voters.remove(voter)
            election.votes.pop(voter, None)
        if seat in election.candidates:
            election.candidates.remove(seat)
            election.votes = {v: c for v, c in election.votes.items() if c != seat}
            if not election.candidates:
                election.candidates = [s for s in state.faction_seats() if s != seat]
        if election.candidates and len(election.votes) == len(election.voters):
            decide(ctx, election)


def decide(ctx: RulesContext, election: Election) -> None:
    """Strict majority of all voters, else another ballot, else the deadlock rule (R-CHAIR-02)."""
    state = ctx.state
    tally = {c: 0 for c in election.candidates}
    for choice in election.votes.values():
        if choice in tally:
            tally[choice] += 1
    winner = next((c for c, n in tally.items() if 2 * n > len(election.voters)), None)
    # With no voter at all another ballot could never be answered: go straight to the deadlock rule.
    if winner is None and election.voters and election.ballot < illuminopoly_options(ctx).chair_election_max_rounds:
        election.ballot += 1
        election.votes = {}
        ctx.emit(ElectionOpened(election_id=election.id, ballot=election.ballot, candidates=election.candidates,
                                voters=election.voters, rule_id="R-CHAIR-02"))
        return
    if winner is None:
        winner = break_deadlock(ctx, election, tally)
    state.pending.remove(election)
    refund_all_vote_escrows(ctx)
    install_chair(ctx, winner, "elected")


def break_deadlock(ctx: RulesContext, election: Election, tally: dict[int, int]) -> int:
    mode = illuminopoly_options(ctx).chair_election_deadlock
    candidates = election.candidates
    if mode == "plurality_then_random":
        best = max(tally.values())
        tied = [c for c in candidates if tally[c] == best]
        return tied[ctx.rand_below(len(tied))]
    # The Chair is vacant during an election, so the incumbent is the most recent Chair (`last_chair`); he stands
    # only when every candidate is in Jail (R-CHAIR-02 candidates), otherwise the choice is random.
    incumbent = ctx.state.chair if ctx.state.chair is not None else ctx.state.last_chair
    if mode == "incumbent_or_random" and incumbent in candidates:
        return incumbent
    return candidates[ctx.rand_below(len(candidates))]


def install_chair(ctx: RulesContext, seat: int, reason: str) -> None:
    """R-CHAIR-04: mortgaged properties held as `mortgage_chair` pass to the new Chair; to nobody while the new Chair
    is the Artillery, who controls nothing (§25, D-11): the office keeps them for the Chair after him."""
    state = ctx.state
    old = state.chair
    state.chair = seat
    state.last_chair = seat
    if state.turn.step != "none":
        state.chair_changed_this_turn = True
    ctx.emit(ChairChanged(old_chair=old, new_chair=seat, reason=reason, rule_id="R-CHAIR-02"))
    holder = mortgage_holder(state)
    for index, prop in state.properties.items():
        if prop.mortgaged and prop.control_origin == "mortgage_chair" and prop.controller != holder:
            previous = prop.controller
            prop.controller = holder
            ctx.emit(ControlChanged(property=index, old_controller=previous, new_controller=holder,
                                    origin="mortgage_chair", reason="new Chair", rule_id="R-CHAIR-04"))
