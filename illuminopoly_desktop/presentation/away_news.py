"""What happened, while a person was away from the shared laptop, that concerns him (Qt-free, issue 20).

At a table of several people the laptop passes from hand to hand, so the outcome of something a person took part in
often comes while another holds it: the defender's sealed bid rolls the dice of the attacker's takeover, a
counterparty declines or counters an offer behind the curtain. The table keeps, for each person, the outcomes that
concern him and shows them when his screen comes up: the receipt of each contest he took part in (the dice and
where every dollar went), and what became of each offer he made (accepted, declined, countered, lapsed). Each item
is built only from the events that person may see (R-GEN-06).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..model.rulesets import ruleset_of
from ..model.state import Contest, GameState, Offer
from ..model.views import events_for
from ..rules import events as E
from .contest_view import ContestOutcome, contest_title, outcome_of

SENT_BACK_KEPT = 5

OFFER_FATES = {"executed": "accepted", "declined": "declined", "expired": "lapsed", "void": "fell through"}
"""What became of an offer, as its proposer is told (a withdrawal is his own doing)."""


@dataclass(frozen=True)
class ContestNews:
    """The receipt of a contest the person took part in."""
    title: str
    """"Takeover of Boardwalk"."""
    outcome: ContestOutcome


@dataclass(frozen=True)
class OfferNews:
    """What became of an offer the person made."""
    offer: Offer
    """The offer as it was made (its terms, for editing and sending it again)."""
    fate: str
    """"accepted", "declined", "countered", "lapsed" or "fell through"."""
    by: int | None
    """The seat that declined or countered it."""
    detail: str = ""

    @property
    def may_send_again(self) -> bool:
        return self.fate in ("declined", "countered", "lapsed", "fell through")


@dataclass
class AwayNews:
    """The outcomes each person (`people`: the human seats) has not been shown yet. `watch` the game before every
    action (it remembers the contest in progress and the open offers, which an action may remove), then `take`
    its events."""
    people: set[int]
    _waiting: dict[int, list] = field(default_factory=dict)
    _sent_back: dict[int, list[OfferNews]] = field(default_factory=dict)
    """Each person's offers that did not go through, to edit and send again (the latest SENT_BACK_KEPT)."""
    _contest: Contest | None = None
    _offers: dict[int, Offer] = field(default_factory=dict)

    def watch(self, state: GameState) -> None:
        live = ruleset_of(state).queries.active_contest(state)
        if live is not None:
            self._contest = live.model_copy(deep=True)
        self._offers = {offer.id: offer.model_copy(deep=True) for offer in state.offers}

    def take(self, events: list, state: GameState) -> None:
        """Read the events of one applied action (`state`: the game after it)."""
        self._take_contest(events, state)
        for event in events:
            if isinstance(event, E.OfferEvent):
                self._take_offer(event)
        self.watch(state)

    def _take_contest(self, events: list, state: GameState) -> None:
        contest = self._contest
        if contest is None:
            return
        ended = any(isinstance(e, E.ContestEvent) and e.contest_id == contest.id
                    and e.stage in ("resolved", "blocked", "halted") for e in events)
        if not ended:
            return
        self._contest = None
        parties = {contest.attacker, *ruleset_of(state).queries.participants(contest)}
        if contest.owner is not None:
            parties.add(contest.owner)
        for seat in sorted(parties & self.people):
            outcome = outcome_of(contest, events_for(events, seat), state)
            if outcome is not None:
                self._waiting.setdefault(seat, []).append(
                    ContestNews(contest_title(contest, state, capital=True), outcome))

    def _take_offer(self, event: E.OfferEvent) -> None:
        offer = self._offers.get(event.offer_id)
        if offer is None or offer.proposer not in self.people or event.status not in OFFER_FATES:
            return
        if not E.is_visible_to(event, offer.proposer) or event.seat == offer.proposer:
            return
        fate = "countered" if event.detail.startswith("countered") else OFFER_FATES[event.status]
        news = OfferNews(offer, fate, event.seat, event.detail)
        self._waiting.setdefault(offer.proposer, []).append(news)
        if news.may_send_again:
            sent_back = self._sent_back.setdefault(offer.proposer, [])
            sent_back.append(news)
            del sent_back[:-SENT_BACK_KEPT]

    def has_news(self, seat: int | None) -> bool:
        return seat is not None and bool(self._waiting.get(seat))

    def news_for(self, seat: int) -> list:
        """The seat's items, oldest first, without taking them."""
        return list(self._waiting.get(seat, []))

    def pop(self, seat: int) -> list:
        """The seat's items, oldest first; they are then shown."""
        return self._waiting.pop(seat, [])

    def forget_contest(self, seat: int, contest_id: int) -> None:
        """The seat saw this contest's outcome already (its contest dialog was open at the roll)."""
        items = [item for item in self._waiting.get(seat, [])
                 if not (isinstance(item, ContestNews) and item.outcome.contest_id == contest_id)]
        if items:
            self._waiting[seat] = items
        else:
            self._waiting.pop(seat, None)

    def sent_back(self, seat: int) -> list[OfferNews]:
        """The seat's offers that did not go through (declined, countered, lapsed), newest first, to edit and send
        again."""
        return list(reversed(self._sent_back.get(seat, [])))

    def taken_up_again(self, seat: int, offer_id: int) -> None:
        """The seat took a sent-back offer into a new draft: it leaves the list."""
        self._sent_back[seat] = [item for item in self._sent_back.get(seat, []) if item.offer.id != offer_id]
