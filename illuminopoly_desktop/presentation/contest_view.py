"""The contest dialog's content without Qt: who fights over what, who must act now, the exact odds, and afterwards
the roll and where every dollar went.

Everything comes from the engine: the contest window on `state.pending` and the ruleset's answers about it
(`ruleset.queries`) for prices, limits and the chance of success (`probability`), the seat's legal actions
(`rules.legal.enumerate_legal`) and the contest's events (worded by presentation/event_text.py). Nothing here
decides a rule. Sealed bids of other seats stay hidden until the reveal (R-GEN-06): the odds a seat is shown count
only the graft it may see (presentation/action_choices.seen_contest).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from ..model.state import Contest, FavorWindow, GameState
from ..model.views import events_for
from ..rules import actions as A
from ..rules import events as E
from ..model.rulesets import ruleset_of
from ..rules.boardindex import board_index
from ..rules.engine import awaiting
from ..rules.legal import default_action, enumerate_legal
from .action_choices import graft_odds, percent
from .event_text import Names, describe, rule_link
from .wording import plain, with_rule

CONTEST_TITLES = {"takeover": "Takeover", "rezoning": "Rezoning", "subversion": "Subversion",
                  "rebuild": "Rebuild zoning", "destruction": "Destruction",
                  "surprise_destruction": "Surprise destruction"}
SIDE_TITLES = {"attack": "Attack", "defend": "Defence"}
DIE_FACES = "⚀⚁⚂⚃⚄⚅"
DECISION_TYPES = frozenset({"answer_chair_block", "invite_helpers", "answer_invitation", "join_side", "commit_graft",
                            "play_favor", "pass_favor"})

# What each stage asks, and the rule that asks it.
STAGES = {
    "chair_block": ("The Chair may block the takeover of a mortgaged property he holds", "R-CHAIR-05"),
    "halt": ("A Political Favor may halt the attempt before any money moves", "R-REZONE-03"),
    "invitations": ("The principals may invite helpers to their side", "R-CONTEST-02"),
    "answers": ("Invited players accept or decline", "R-CONTEST-02"),
    "volunteers": ("Eligible players may volunteer for a side", "R-CONTEST-02"),
    "graft": ("Sealed graft bids: every participant commits pips in secret, then all are revealed together",
              "R-CONTEST-02"),
    "open_graft": ("Open graft: the sides raise in turn until both pass", "R-CONTEST-02"),
}


@dataclass(frozen=True)
class Participant:
    """One seat on one side of the contest, as the viewer may see it."""
    seat: int
    name: str
    side: str
    role: str
    """"attacker", "owner" or "ally" (an invited helper, a volunteer, another owner of the colour group)."""
    price: int
    """Dollars per pip on this side (R-CONTEST-01, -07)."""
    status: str
    """What the viewer may know of the seat's graft: "deciding…", "bid in (sealed)", "your sealed bid: 6 pips"..."""


@dataclass(frozen=True)
class ContestView:
    """The contest as `viewer` may see it, and the decision it asks of him (if any)."""
    contest_id: int
    kind: str
    title: str
    target_name: str
    summary: str
    """Who attacks whose property, what the roll needs, and the rule."""
    rule_id: str
    stage: str
    stage_text: str
    stage_rule: str
    base_cost: int
    attack: tuple[Participant, ...]
    defence: tuple[Participant, ...]
    pending_joiners: tuple[str, ...]
    """Invitations still unanswered and players who may still volunteer, in words."""
    awaiting_names: tuple[str, ...]
    viewer: int
    viewer_side: str | None
    decision: str
    """What the viewer must decide now: a stage name ("graft", "invitations"...), "halt", or "" for nothing."""
    options: tuple[A.Action, ...]
    """The viewer's legal actions for that decision (from the engine)."""
    default: A.Action | None
    sealed: bool
    odds: Fraction
    """The chance the attack succeeds at the commitments the viewer can see."""

    @property
    def is_my_decision(self) -> bool:
        return bool(self.decision)


def contest_title(contest: Contest, state: GameState, capital: bool = False) -> str:
    """"takeover of Boardwalk" ("Takeover of Boardwalk" with `capital`)."""
    kind = CONTEST_TITLES.get(contest.contest, contest.contest)
    return f"{kind if capital else kind.lower()} of {_square_name(state, contest.target)}"


def _square_name(state: GameState, index: int) -> str:
    return board_index(state.setup.board).squares[index].name


def halt_window(state: GameState) -> FavorWindow | None:
    """The Political Favor window of R-REZONE-03 that stands over the active contest, if it is the top decision."""
    top = state.pending[-1] if state.pending else None
    if isinstance(top, FavorWindow) and top.purpose == "halt":
        return top
    return None


def contest_view(state: GameState, viewer: int) -> ContestView | None:
    """The active contest as `viewer` sees it (None when no contest is pending)."""
    queries = ruleset_of(state).queries
    contest = queries.active_contest(state)
    if contest is None:
        return None
    names = [p.name for p in state.players]
    sealed = state.setup.options.graft_bidding_mode == "sealed"
    waiting = awaiting(state)
    halt = halt_window(state)
    stage = "halt" if halt is not None else contest.stage
    if contest.stage == "graft" and not sealed:
        stage = "open_graft"
    stage_text, stage_rule = STAGES.get(stage, (stage.replace("_", " "), "R-CONTEST-02"))
    if stage == "open_graft":
        stage_text = f"Open graft: the {SIDE_TITLES[contest.open_side].lower()} side raises (a raise of 0 passes)"
    options = tuple(a for a in enumerate_legal(state, viewer, include_free=False) if a.type in DECISION_TYPES) \
        if viewer in waiting else ()
    decision = stage if options else ""
    default = default_action(state, viewer) if options else None
    attack, defence = _participants(state, contest, viewer, waiting, sealed)
    return ContestView(
        contest_id=contest.id, kind=contest.contest, title=contest_title(contest, state, capital=True),
        target_name=_square_name(state, contest.target), summary=_summary(state, contest),
        rule_id=queries.contest_rule(contest.contest),
        stage=stage, stage_text=stage_text, stage_rule=stage_rule, base_cost=contest.base_cost,
        attack=attack, defence=defence, pending_joiners=_pending_joiners(contest, names),
        awaiting_names=tuple(names[s] for s in waiting), viewer=viewer,
        viewer_side=queries.side_of(contest, viewer), decision=decision, options=options, default=default,
        sealed=sealed, odds=queries.probability(state, contest))


def _summary(state: GameState, contest: Contest) -> str:
    queries = ruleset_of(state).queries
    attacker = state.players[contest.attacker].name
    place = _square_name(state, contest.target)
    if contest.owner is None:
        whose = f"unowned {place}"
    elif contest.owner == contest.attacker:
        whose = f"his own {place}"
    else:
        whose = f"{state.players[contest.owner].name}'s {place}"
    verb = {"takeover": "takes over", "rezoning": "rezones", "subversion": "subverts", "rebuild": "rebuilds",
            "destruction": "destroys", "surprise_destruction": "destroys"}.get(contest.contest, "attacks")
    dice = queries.dice_count(state, contest)
    needs = f"{dice} dice plus graft must reach {queries.target_number(state, contest)} or more"
    if contest.auto_success:
        needs = "it succeeds without a roll (bail bonus, R-CONTEST-08)"
    elif queries.naturals_apply(state, contest.contest):
        needs += ("; double 1 always fails, double 6 always succeeds" if dice == 2 else
                  "; three 1s always fail, an unmodified 12 or more always succeeds") + " (R-CONTEST-05)"
    return f"{attacker} {verb} {whose}: {needs}."


def _participants(state: GameState, contest: Contest, viewer: int, waiting: list[int], sealed: bool):
    """Both sides; before the sides are formed (the Chair's block, a halt window) the principals alone."""
    players = state.players
    queries = ruleset_of(state).queries
    attackers = contest.attackers or [contest.attacker]
    defenders = contest.defenders
    if not contest.base_paid and contest.owner is not None and contest.owner != contest.attacker:
        defenders = defenders or [contest.owner]
    in_graft = contest.stage in ("graft", "open_graft") and contest.base_paid

    def row(seat: int, side: str) -> Participant:
        if seat == contest.attacker:
            role = "attacker"
        elif seat == contest.owner:
            role = "owner"
        else:
            role = "ally"
        status = ""
        if in_graft:
            bid = contest.bids.get(seat)
            if not sealed:
                status = f"{bid or 0} pips so far" + (" — raising…" if seat in waiting else "")
            elif seat in waiting:
                status = "deciding…"
            elif seat == viewer and bid is not None:
                status = f"your sealed bid: {bid} pip{'s' if bid != 1 else ''}"
            else:
                status = "bid in (sealed)"
        return Participant(seat=seat, name=players[seat].name, side=side, role=role,
                           price=queries.pip_price(contest, seat), status=status)

    return (tuple(row(s, "attack") for s in attackers), tuple(row(s, "defend") for s in defenders))


def _pending_joiners(contest: Contest, names: list[str]) -> tuple[str, ...]:
    lines = [f"{names[s]} is invited to the {SIDE_TITLES[side].lower()}" for s, side in contest.invitations.items()]
    if contest.volunteers:
        lines.append("May volunteer: " + ", ".join(names[s] for s in contest.volunteers))
    return tuple(lines)


# ----- graft -----

def pip_range(state: GameState, viewer: int) -> tuple[int, int]:
    """The pips the viewer may commit now: from the engine's listed bids, up to what he can afford
    (the ruleset's `max_pips`), within any graft commitment he made (R-DEAL-03)."""
    listed = [a.pips for a in enumerate_legal(state, viewer, include_free=False)
              if a.type == "commit_graft" and not a.short]
    if not listed:
        return 0, 0
    queries = ruleset_of(state).queries
    contest = queries.active_contest(state)
    high = max(max(listed), queries.max_pips(state, contest, viewer))
    bounds = queries.graft_range(state, contest, viewer)
    if bounds is not None and bounds[1] is not None:
        high = min(high, bounds[1])
    return min(listed), high


def odds_with(state: GameState, viewer: int, pips: int) -> Fraction:
    """The attack's chance if the viewer adds `pips` on his side (the engine's exact probability)."""
    return graft_odds(state, viewer, pips)


@dataclass(frozen=True)
class OddsRange:
    """The attack's chance over what the other side may still add while sealed bids are hidden (R-GEN-06): its
    graft is unknown, but its cash bounds it (R-CONTEST-02 step 6: "up to his cash")."""
    if_nothing: Fraction
    """The other side adds no graft (all the viewer can count)."""
    if_everything: Fraction
    """The other side spends all its cash on graft."""
    other_side: str
    """"attack" or "defend": the side whose graft the viewer cannot see."""
    most_pips: int
    """The most pips the other side's cash buys."""

    @property
    def low(self) -> Fraction:
        return min(self.if_nothing, self.if_everything)

    @property
    def high(self) -> Fraction:
        return max(self.if_nothing, self.if_everything)


def odds_range(state: GameState, viewer: int, pips: int = 0) -> OddsRange | None:
    """While sealed bids are hidden, the attack's chance if the viewer adds `pips` on his side, from the other side
    adding nothing to it spending all its cash; None when nothing is hidden from the viewer (open bidding, the
    bids revealed, no graft stage yet, or the viewer outside the contest)."""
    queries = ruleset_of(state).queries
    contest = queries.active_contest(state)
    if contest is None or contest.revealed or contest.stage != "graft" \
            or state.setup.options.graft_bidding_mode != "sealed":
        return None
    side = queries.side_of(contest, viewer)
    if side is None:
        return None
    others = contest.defenders if side == "attack" else contest.attackers
    most = sum(queries.max_pips(state, contest, seat) for seat in others if queries.can_spend(state, seat))
    mine = {"extra_attack": pips} if side == "attack" else {"extra_defence": pips}
    theirs = {"extra_defence": most} if side == "attack" else {"extra_attack": most}
    return OddsRange(if_nothing=queries.probability(state, contest, **mine),
                     if_everything=queries.probability(state, contest, **{**mine, **theirs}),
                     other_side="defend" if side == "attack" else "attack", most_pips=most)


def odds_range_text(view: ContestView, odds: OddsRange) -> str:
    """What the chance assumes, in words: "The takeover succeeds: 58.3% if the defence adds no graft; 2.8% if it
    spends all its cash on graft (up to 14 pips)"."""
    name = CONTEST_TITLES.get(view.kind, view.kind).lower()
    other = "the defence" if odds.other_side == "defend" else "the attack"
    text = (f"The {name} succeeds: {percent(odds.if_nothing)} if {other} adds no graft; "
            f"{percent(odds.if_everything)} if it spends all its cash on graft (up to {odds.most_pips} "
            f"pip{'s' if odds.most_pips != 1 else ''})")
    if view.viewer_side == "defend":
        text += f" — your side holds it: {percent(1 - odds.if_nothing)} down to {percent(1 - odds.if_everything)}"
    return text


def graft_cost_text(state: GameState, viewer: int, pips: int) -> str:
    """"6 pips × $10 = $60; you keep $1,440" (§33.6: the price per pip and the cash left after the bid)."""
    queries = ruleset_of(state).queries
    price = queries.pip_price(queries.active_contest(state), viewer)
    cash = state.players[viewer].cash
    cost = pips * price
    return f"{pips} pip{'s' if pips != 1 else ''} × ${price} = ${cost:,}; you keep ${cash - cost:,} of ${cash:,}"


def odds_text(view: ContestView, probability: Fraction) -> str:
    """The chance in words, from the viewer's side."""
    name = CONTEST_TITLES.get(view.kind, view.kind).lower()
    text = f"The {name} succeeds: {percent(probability)}"
    if view.viewer_side == "defend":
        text += f" — your side holds it: {percent(1 - probability)}"
    return text


# ----- the outcome: the roll and where every dollar went (R-CONTEST-02 steps 7–9, §30) -----

@dataclass(frozen=True)
class MoneyLine:
    payer: str
    payee: str
    amount: int
    reason: str
    rule_id: str | None = None


@dataclass(frozen=True)
class ContestOutcome:
    contest_id: int
    headline: str
    success: bool | None
    """None when the contest ended before the roll (blocked by the Chair, halted by a Political Favor)."""
    roll_text: str = ""
    rule_id: str | None = None
    paid_in: tuple[MoneyLine, ...] = ()
    paid_out: tuple[MoneyLine, ...] = ()
    effects: tuple[str, ...] = ()
    bids: tuple[tuple[int, int], ...] = ()
    """(seat, pips) as revealed."""
    odds: Fraction | None = None
    """The chance the attack had at the revealed graft."""

    @property
    def total_in(self) -> int:
        return sum(line.amount for line in self.paid_in)

    @property
    def total_out(self) -> int:
        return sum(line.amount for line in self.paid_out)


@dataclass
class ContestTracker:
    """Remembers the contest a seat is watching (the last state it was seen in) so that, once the engine has
    resolved it and removed it from the pending stack, its events can still be told in full."""
    contest: Contest | None = None
    outcome: ContestOutcome | None = None
    effects_limit: int = 12

    def watch(self, state: GameState) -> Contest | None:
        """Follow the active contest (a new contest replaces a finished one); returns it."""
        live = ruleset_of(state).queries.active_contest(state)
        if live is not None:
            if self.contest is None or live.id != self.contest.id:
                self.outcome = None
            self.contest = live.model_copy(deep=True)
        return live

    def take_events(self, events, state: GameState, viewer: int | None) -> ContestOutcome | None:
        """Read the events of an action: if they end the watched contest, remember and return its outcome."""
        if self.contest is None:
            return None
        outcome = outcome_of(self.contest, events_for(events, viewer), state, self.effects_limit)
        if outcome is not None:
            self.outcome = outcome
        return outcome


def outcome_of(contest: Contest, seen: list, state: GameState, limit: int = 12) -> ContestOutcome | None:
    """The outcome of `contest` (as it stood before its last action) if the events one seat saw of that action
    (`seen`) end it: the verdict, the roll, where every dollar went, its effects; else None."""
    for index, event in enumerate(seen):
        if isinstance(event, E.ContestEvent) and event.contest_id == contest.id and event.stage in (
                "resolved", "blocked", "halted"):
            return _outcome(contest, seen, index, state, limit)
    return None


def _outcome(contest: Contest, events: list, index: int, state: GameState, limit: int) -> ContestOutcome:
    queries = ruleset_of(state).queries
    verdict = events[index]
    title = contest_title(contest, state)
    if verdict.stage == "blocked":
        return ContestOutcome(contest.id, f"The Chair blocks the {title}: nothing is paid, and the attacker "
                                          "may choose another landing option.", None, rule_id="R-CHAIR-05")
    if verdict.stage == "halted":
        who = state.players[verdict.seat].name if verdict.seat is not None else "A Political Favor"
        return ContestOutcome(contest.id, f"{who} halts the {title} with a Political Favor: nothing is "
                                          "paid and the landing is used up.", None, rule_id="R-REZONE-03")
    bids = {int(s): p for s, p in (verdict.bids or {}).items()}
    headline = f"The {title} {'succeeds' if verdict.success else 'fails'}."
    dice = next((e.dice for e in reversed(events[:index]) if isinstance(e, E.DiceRolled)
                 and e.purpose == f"{contest.contest} roll"), None)
    roll_text = _roll_text(state, contest, bids, dice, verdict)
    names = [p.name for p in state.players]
    paid_in = []
    if contest.base_cost:
        paid_in.append(MoneyLine(names[contest.attacker], "escrow", contest.base_cost, "base cost", "R-VAL-05"))
    for seat in contest.attackers + contest.defenders:
        pips = bids.get(seat, 0)
        if pips:
            price = queries.pip_price(contest, seat)
            # pips × price, as revealed to everyone (a short graft's hidden discount is no one else's business)
            paid_in.append(MoneyLine(names[seat], "escrow", pips * price,
                                     f"graft: {pips} pip{'s' if pips != 1 else ''} × ${price}", "R-CONTEST-02"))
    paid_out, effects = [], []
    party = Names(state).party
    for event in events[index + 1:]:
        if isinstance(event, E.MoneyMoved) and event.payer == "escrow":
            paid_out.append(MoneyLine("escrow", party(event.payee), event.amount, event.reason, event.rule_id))
        elif len(effects) < limit and not isinstance(event, E.MoneyMoved):
            effects.append(with_rule(plain(describe(event, state)), rule_link(event)))
    odds = queries.probability(state, contest.model_copy(update={"bids": bids}))
    return ContestOutcome(contest.id, headline, bool(verdict.success), roll_text, queries.contest_rule(contest.contest),
                          tuple(paid_in), tuple(paid_out), tuple(effects), tuple(sorted(bids.items())), odds)


def _roll_text(state: GameState, contest: Contest, bids: dict[int, int], dice, verdict) -> str:
    if contest.auto_success:
        return "No roll: a bail bonus makes it succeed (R-CONTEST-08)."
    attack = sum(bids.get(s, 0) for s in contest.attackers)
    defence = sum(bids.get(s, 0) for s in contest.defenders)
    faces = " + ".join(str(d) for d in dice) if dice else "?"
    total = sum(dice) if dice else None
    needed = ruleset_of(state).queries.target_number(state, contest)
    glyphs = " ".join(DIE_FACES[d - 1] for d in dice) + " " if dice else ""
    text = f"Dice {glyphs}{faces}" + (f" = {total}" if total is not None and len(dice) > 1 else "")
    text += f"; graft +{attack} − {defence}"
    if verdict.modified is not None:
        text += f"; modified total {verdict.modified} ({needed} or more needed)"
    if verdict.natural:
        text += f"; a natural {verdict.natural} decides it whatever the graft (R-CONTEST-05)"
    return text + "."


def revealed_sides(view: ContestView, outcome: ContestOutcome) -> tuple[tuple[Participant, ...], ...]:
    """Both sides with every bid as revealed (after the contest, nothing about the graft is secret)."""
    bids = dict(outcome.bids)

    def shown(p: Participant) -> Participant:
        pips = bids.get(p.seat, 0)
        return replace(p, status=f"{pips} pip{'s' if pips != 1 else ''} (${pips * p.price:,})")

    return tuple(shown(p) for p in view.attack), tuple(shown(p) for p in view.defence)


def money_rows(outcome: ContestOutcome) -> list[tuple[str, str, str, str]]:
    """(from, to, amount, why) rows: first what went into escrow, then where every dollar of it went (§30)."""
    rows = [(line.payer, "escrow", f"${line.amount:,}", with_rule(line.reason, line.rule_id))
            for line in outcome.paid_in]
    rows += [("escrow", line.payee, f"${line.amount:,}", with_rule(line.reason, line.rule_id))
             for line in outcome.paid_out]
    return rows
