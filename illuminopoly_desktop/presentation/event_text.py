"""Every engine event as one plain English sentence for the game log (R-GEN-07), without Qt.

`describe(event, state)` names players and squares; `rule_link(event)` gives the rule the sentence refers to.
The sentences only report what the event says: nothing here recomputes a rule.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from ..model.factions import load_factions
from ..model.illumo_state import TREASURY_PREFIX, parse_account
from ..model.rulesets import ruleset_of
from ..model.state import GameState
from ..rules import events as E
from ..rules.boardindex import board_index

DECK_NAMES = {"chance": "Chance", "community_chest": "Community Chest"}
CONTEST_NAMES = {"surprise_destruction": "surprise destruction"}
CHEAT_NAMES = {"stacked_draw": "a stacked draw", "marker_shift": "a marker shift", "short_graft": "a short graft",
               "till_dip": "a till dip"}
SIDE_NAMES = {"attack": "the attack", "defend": "the defence"}

FALLBACK_RULES = {
    "dice_rolled": "R-MOVE-01", "token_moved": "R-MOVE-01", "turn_started": "R-TURN-01", "round_ended": "R-TURN-09",
    "rent_collected": "R-RENT-01", "landing_resolved": "R-LAND-02", "election_opened": "R-CHAIR-02",
    "vote_cast": "R-CHAIR-02", "faction_chosen": "R-SETUP-02", "deed_placed": "R-STRUCT-06",
    "structure_reorganized": "R-STRUCT-06", "offer": "R-DEAL-01", "debt": "R-DEAL-04", "auction": "R-DEAL-09",
    "contest": "R-CONTEST-02", "cheat": "R-CHEAT-02", "accusation": "R-CHEAT-04", "game_over": "R-WIN-01",
    "favor_played": "R-CARD-06", "favor_gained": "R-CARD-06", "sale_blocked": "R-CARD-06",
}
"""The rule an event's kind is about, for events the engine emitted without their own `rule_id`."""


def rule_link(event: E.Event) -> str | None:
    """The rule ID the log line links to: the engine's own, else the rule of that kind of event."""
    return event.rule_id or FALLBACK_RULES.get(getattr(event, "type", ""))


def describe(event: E.Event, state: GameState) -> str:
    """One sentence for one event, as the players of `state` would read it."""
    writer = _WRITERS.get(type(event))
    names = Names(state)
    sentence = writer(event, names) if writer else _humanize(getattr(event, "type", "event"))
    return _as_sentence(sentence)


class Names:
    """How players, squares, parties and factions are called in sentences."""

    def __init__(self, state: GameState):
        self.state = state
        self.squares = board_index(state.setup.board).squares

    def player(self, seat: int | None) -> str:
        if seat is None:
            return "nobody"
        if 0 <= seat < len(self.state.players):
            return self.state.players[seat].name
        return f"seat {seat + 1}"

    def seat(self, seat: int | None) -> str:
        """A person at the table (model/seating.py `SeatId`): in shared factions seats and factions differ."""
        seats = self.state.setup.seats
        if seat is None:
            return "nobody"
        return seats[seat].name if 0 <= seat < len(seats) else f"seat {seat + 1}"

    def voter(self, voter: int) -> str:
        """Who casts a Chair vote: a faction's player, or in shared factions a seat (V-SHARED-05)."""
        return self.player(voter) if ruleset_of(self.state).seats_are_factions else self.seat(voter)

    def players(self, seats) -> str:
        named = [self.player(s) for s in seats]
        return self.listed(named)

    def listed(self, named: list[str]) -> str:
        if not named:
            return "nobody"
        return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]

    def party(self, party) -> str:
        if isinstance(party, str) and party.startswith(TREASURY_PREFIX) and ":" in party:
            seat, kind = parse_account(party)  # an Illumonopoly group treasury (V-ILLUMO-02): "Ann's red treasury"
            return f"{self.player(seat)}'s {kind.replace('_', ' ')} treasury"
        return {"bank": "the Bank", "fp": "the Free Parking pot", "escrow": "escrow",
                "go_pot": "the GO pot"}.get(party) \
            if isinstance(party, str) else self.player(party)

    def square(self, index: int | None) -> str:
        if index is None:
            return "no square"
        if 0 <= index < len(self.squares):
            return self.squares[index].name
        return f"square {index}"

    def faction(self, faction_id: str | None) -> str:
        info = _factions().get(faction_id or "")
        return f"the {info.name}" if info else _humanize(faction_id or "no faction")

    def dog_condition(self, condition: str) -> str:
        """`horseman_b` → "the Horseman's victory (b)"; conditions name the faction whose victory the Dog copies."""
        base, _, variant = condition.rpartition("_")
        if base in _factions() and len(variant) == 1:
            return f"{self.faction(base)}'s victory ({variant})"
        return f"{self.faction(condition)}'s victory"


@lru_cache(maxsize=1)
def _factions():
    return load_factions()


def _humanize(word: str) -> str:
    return word.replace("_", " ")


def _as_sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return "Something happened."
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _money(amount: int) -> str:
    return f"-${-amount}" if amount < 0 else f"${amount}"


# ----- one writer per event type -----

def _dice(e: E.DiceRolled, n: Names) -> str:
    faces = " + ".join(str(d) for d in e.dice)
    who = n.player(e.seat) if e.seat is not None else "the dice"
    verb = "rolls" if e.seat is not None else "show"
    return f"{who} {verb} {faces}" + ("" if e.purpose == "movement" else f" ({e.purpose})")


def _token(e: E.TokenMoved, n: Names) -> str:
    who, start, end = n.player(e.seat), n.square(e.start), n.square(e.end)
    return {"dice": f"{who} moves from {start} to {end}",
            "card": f"a card moves {who} from {start} to {end}",
            "back": f"{who} moves back from {start} to {end}",
            "teleport": f"{who} is moved straight to {end}",
            "stop": f"{who} stops at {end}"}.get(e.how, f"{who} moves to {end}")


def _money_moved(e: E.MoneyMoved, n: Names) -> str:
    return f"{n.party(e.payer)} pays {_money(e.amount)} to {n.party(e.payee)}: {e.reason}"


def _payment_short(e: E.PaymentShort, n: Names) -> str:
    rest = {"lost": "the rest is lost", "forgiven": "the rest is forgiven", "debt": "the rest becomes a debt",
            "issued": "the Bank issues the rest"}.get(e.outcome, e.outcome)
    return (f"{n.party(e.payer)} owes {n.party(e.payee)} {_money(e.owed)} ({e.reason}) but can pay only "
            f"{_money(e.paid)}; {rest}")


def _ownership(e: E.OwnershipChanged, n: Names) -> str:
    square = n.square(e.property)
    if e.new_owner is None:
        return f"{n.player(e.old_owner)} no longer owns {square} ({e.reason})"
    if e.old_owner is None:
        return f"{n.player(e.new_owner)} now owns {square} ({e.reason})"
    return f"{square} passes from {n.player(e.old_owner)} to {n.player(e.new_owner)} ({e.reason})"


def _control(e: E.ControlChanged, n: Names) -> str:
    square = n.square(e.property)
    if e.new_controller is None:
        return f"nobody controls {square} any more ({e.reason})"
    return f"{n.player(e.new_controller)} now controls {square} ({e.reason})"


def _deed_placed(e: E.DeedPlaced, n: Names) -> str:
    who, square = n.player(e.seat), n.square(e.property)
    if e.parent is None:
        return f"{who} leaves {square} unattached"
    holder = "the faction card" if e.parent == -1 else n.square(e.parent)
    return f"{who} hangs {square} from {holder} (arrow {e.arrow + 1})"


def _reorganized(e: E.StructureReorganized, n: Names) -> str:
    return f"{n.player(e.seat)} reorganizes the power structure ({_count(len(e.placements), 'deed')})"


def _mortgage(e: E.MortgageChanged, n: Names) -> str:
    if e.mortgaged:
        return f"{n.square(e.property)} is mortgaged for {_money(e.principal)}"
    return f"the mortgage on {n.square(e.property)} is lifted"


def _buildings(e: E.BuildingsChanged, n: Names) -> str:
    if e.hotel:
        what = "a hotel"
    elif e.houses:
        what = _count(e.houses, "house")
    else:
        what = "no buildings"
    return (f"{n.square(e.property)} now has {what} (the Bank has {_count(e.house_supply, 'house')} and "
            f"{_count(e.hotel_supply, 'hotel')} left)")


def _card(e: E.CardDrawn, n: Names) -> str:
    return f'{n.player(e.seat)} draws {DECK_NAMES.get(e.deck, e.deck)} card {e.number}: "{e.text.strip()}"'


def _jail(e: E.JailChanged, n: Names) -> str:
    return f"{n.player(e.seat)} {'goes to' if e.in_jail else 'leaves'} Jail: {e.reason}"


def _chair(e: E.ChairChanged, n: Names) -> str:
    if e.new_chair is None:
        return f"{n.player(e.old_chair)} is no longer the Chair; the Chair is vacant ({e.reason})"
    return f"{n.player(e.new_chair)} becomes the Chair ({e.reason})"


def _election(e: E.ElectionOpened, n: Names) -> str:
    return (f"the Chair election opens, ballot {e.ballot}: candidates {n.players(e.candidates)}; "
            f"voters {n.listed([n.voter(v) for v in e.voters])}")


def _vote(e: E.VoteCast, n: Names) -> str:
    if e.candidate is None:
        return f"{n.voter(e.seat)} abstains"
    return f"{n.voter(e.seat)} votes for {n.player(e.candidate)}"


def _faction(e: E.FactionChosen, n: Names) -> str:
    return f"{n.player(e.seat)} plays {n.faction(e.faction)}"


def _dog_chosen(e: E.DogConditionChosen, n: Names) -> str:
    return f"{n.player(e.seat)} secretly chooses the Dog's condition: {n.dog_condition(e.condition)}"


def _dog_revealed(e: E.DogConditionRevealed, n: Names) -> str:
    return f"the Dog's secret condition ({n.player(e.seat)}) was {n.dog_condition(e.condition)}"


def _turn_started(e: E.TurnStarted, n: Names) -> str:
    return f"round {e.round_no}: {n.player(e.seat)}'s turn begins"


def _turn_skipped(e: E.TurnSkipped, n: Names) -> str:
    return f"{n.player(e.seat)}'s turn is skipped: {e.reason}"


def _round_ended(e: E.RoundEnded, n: Names) -> str:
    bases = ", ".join(f"{n.player(int(seat))} {base}" for seat, base in e.power_bases.items())
    measure = ruleset_of(n.state).queries.standings_name  # Power Bases, a net worth, a wealth...
    return f"round {e.round_no} ends" + (f"; {measure}: {bases}" if bases else "")


def _rent(e: E.RentCollected, n: Names) -> str:
    count = len(e.rents)
    from_where = f"from {count} propert{'ies' if count != 1 else 'y'}"
    if e.paid == e.total:
        return f"{n.player(e.seat)} collects {_money(e.total)} rent {from_where}"
    return f"{n.player(e.seat)} is owed {_money(e.total)} rent {from_where} and receives {_money(e.paid)}"


LANDING_OPTIONS = {"do_nothing": "does nothing", "buy": "buys it", "reorganize": "reorganizes instead",
                   "take_pot": "takes the Free Parking pot", "ransom": "demands a ransom",
                   "take_over": "declares a takeover", "rezone": "declares a rezoning",
                   "subvert": "declares a subversion", "rebuild": "declares a rebuild",
                   "destroy": "attempts a surprise destruction", "lease": "leases it"}


def _landing(e: E.LandingResolved, n: Names) -> str:
    return f"at {n.square(e.square)}, {n.player(e.seat)} {LANDING_OPTIONS.get(e.option, _humanize(e.option))}"


def _favor_played(e: E.FavorPlayed, n: Names) -> str:
    return (f"{n.player(e.seat)} plays a Political Favor ({DECK_NAMES.get(e.deck, e.deck)} card {e.number}): "
            f"{e.purpose}")


def _favor_gained(e: E.FavorGained, n: Names) -> str:
    return f"{n.player(e.seat)} gains a Political Favor ({DECK_NAMES.get(e.deck, e.deck)} card {e.number})"


def _sale_blocked(e: E.SaleBlocked, n: Names) -> str:
    return f"{n.player(e.blocked_by)} blocks {n.player(e.seat)}'s {e.purpose} with a Political Favor"


def _offer(e: E.OfferEvent, n: Names) -> str:
    by = f" by {n.player(e.seat)}" if e.seat is not None else ""
    detail = f": {e.detail}" if e.detail else ""
    return f"offer #{e.offer_id} {e.status}{by}{detail}"


def _debt(e: E.DebtEvent, n: Names) -> str:
    debtor, creditor, amount = n.player(e.debtor), n.player(e.creditor), _money(e.amount)
    return {"created": f"{debtor} now owes {creditor} {amount} (debt #{e.debt_id})",
            "paid": f"{debtor} pays off debt #{e.debt_id} to {creditor} ({amount})",
            "due": f"debt #{e.debt_id} of {amount} from {debtor} to {creditor} falls due",
            "forgiven": f"{creditor} forgives {debtor}'s debt #{e.debt_id} of {amount}",
            "extended": f"{creditor} extends {debtor}'s debt #{e.debt_id} of {amount}",
            "cancelled": f"debt #{e.debt_id} of {amount} from {debtor} to {creditor} is cancelled",
            }.get(e.status, f"debt #{e.debt_id}: {e.status}")


def _auction(e: E.AuctionEvent, n: Names) -> str:
    item = n.square(e.property) if e.item == "property" and e.property is not None else "the Bank"
    who = n.player(e.seat)
    return {"opened": f"the auction of {item} opens",
            "bid": f"{who} bids {_money(e.amount)} for {item}",
            "pass": f"{who} passes in the auction of {item}",
            "won": f"{who} wins the auction of {item} for {_money(e.amount)}",
            "no_bids": f"nobody bids for {item}"}.get(e.status, f"auction of {item}: {e.status}")


def _eliminated(e: E.PlayerEliminated, n: Names) -> str:
    heir = f"; {n.party(e.beneficiary)} takes what is left" if e.beneficiary is not None else ""
    return f"{n.player(e.seat)} is eliminated: {e.reason}{heir}"


def _game_over(e: E.GameOver, n: Names) -> str:
    if not e.winners:
        return f"game over, nobody wins: {e.reason}"
    verb = "wins" if len(e.winners) == 1 else "win"
    return f"game over: {n.players(e.winners)} {verb} ({e.reason})"


def _contest(e: E.ContestEvent, n: Names) -> str:
    what = f"the {CONTEST_NAMES.get(e.contest, e.contest)} of {n.square(e.target)}"
    who = n.player(e.seat)
    side = SIDE_NAMES.get(e.side or "", "a side")
    stage = e.stage
    if stage == "declared":
        return f"{n.player(e.attacker)} declares {what}"
    if stage == "blocked":
        return f"the Chair ({who}) blocks {what}" if e.seat is not None else f"{what} is blocked"
    if stage == "waived":
        return f"the Chair ({who}) waives the block on {what}"
    if stage == "halted":
        return f"{who} halts {what} with a Political Favor" if e.seat is not None else f"{what} is halted"
    if stage == "invited":
        return f"{who} is invited to join {side} in {what}"
    if stage == "joined":
        return f"{who} joins {side} in {what}"
    if stage == "declined":
        return f"{who} declines to join {side} in {what}"
    if stage == "bid":
        pips = e.pips or 0
        return f"{who} commits {_count(pips, 'pip')} of graft to {side} in {what}"
    if stage == "revealed":
        bids = ", ".join(f"{n.player(int(s))} {p}" for s, p in (e.bids or {}).items()) or "no bids"
        return f"graft bids revealed in {what}: {bids}"
    verdict = "succeeds" if e.success else "fails"
    how = f" (a natural {e.natural})" if e.natural else (f" (modified roll {e.modified})" if e.modified is not None
                                                          else "")
    extra = f"; {e.detail}" if e.detail else ""
    return f"{what} {verdict}{how}{extra}"


PROPERTY_CHANGES = {"rezoned": "is rezoned", "destroyed": "is destroyed", "disrupted": "is disrupted",
                    "cleaned": "is cleaned up", "abandoned": "is abandoned to the Bank"}


def _property(e: E.PropertyChanged, n: Names) -> str:
    square = n.square(e.property)
    if e.change == "rebuilt":
        factor = f" (value factor {_halves(e.factor_halves)})" if e.factor_halves is not None else ""
        return f"{square} is rebuilt{factor}"
    if e.change == "countdown":
        left = f": {e.countdown} left" if e.countdown is not None else ""
        return f"{square}'s disruption countdown goes on{left}"
    return f"{square} {PROPERTY_CHANGES.get(e.change, _humanize(e.change))}"


def _halves(halves: int) -> str:
    whole, half = divmod(halves, 2)
    return (str(whole) if whole else "") + ("½" if half else "") or "0"


def _notice(e: E.Notice, n: Names) -> str:
    return e.text


def _cheat(e: E.CheatEvent, n: Names) -> str:
    detail = f": {e.detail}" if e.detail else ""
    return f"{n.player(e.seat)} secretly cheats with {CHEAT_NAMES.get(e.cheat, _humanize(e.cheat))}{detail}"


def _accusation(e: E.AccusationEvent, n: Names) -> str:
    accuser, accused = n.player(e.accuser), n.player(e.accused)
    cheat = CHEAT_NAMES.get(e.accused_of, _humanize(e.accused_of))
    if e.stage == "made":
        return f"{accuser} accuses {accused} of {cheat}"
    verdict = "guilty" if e.guilty else "not guilty"
    judge = " by the Banker" if e.by_banker else ""
    return f"{accused} is found {verdict} of {cheat}{judge} ({accuser} accused)"


HALF_NAMES = {"first": "First Action", "second": "Second Action"}


def _half_started(e: E.HalfStarted, n: Names) -> str:
    cycle = f" (doubles cycle {e.cycle})" if e.cycle > 1 else ""
    return f"{n.seat(e.actor)} takes {n.player(e.seat)}'s {HALF_NAMES[e.half]}{cycle}"


def _half_passed(e: E.HalfPassed, n: Names) -> str:
    paid = f" for {_money(e.amount)}" if e.amount else ""
    return f"{n.seat(e.actor)} passes {n.player(e.seat)}'s {HALF_NAMES[e.half]}{paid}"


def _pair_choice(e: E.PairChoiceEvent, n: Names) -> str:
    condition = _humanize(e.choice)
    if e.stage == "proposed":
        return f"{n.seat(e.actor)} proposes {condition} as {n.player(e.seat)}'s secret condition"
    if e.stage == "accepted":
        return f"{n.seat(e.actor)} accepts {condition} as {n.player(e.seat)}'s secret condition"
    return f"{n.player(e.seat)}'s secret condition is drawn among the proposals: {condition}"


_WRITERS: dict[type, Callable[[E.Event, Names], str]] = {
    E.DiceRolled: _dice, E.TokenMoved: _token, E.MoneyMoved: _money_moved, E.PaymentShort: _payment_short,
    E.OwnershipChanged: _ownership, E.ControlChanged: _control, E.DeedPlaced: _deed_placed,
    E.StructureReorganized: _reorganized, E.MortgageChanged: _mortgage, E.BuildingsChanged: _buildings,
    E.CardDrawn: _card, E.JailChanged: _jail, E.ChairChanged: _chair, E.ElectionOpened: _election,
    E.VoteCast: _vote, E.FactionChosen: _faction, E.DogConditionChosen: _dog_chosen,
    E.DogConditionRevealed: _dog_revealed, E.TurnStarted: _turn_started, E.TurnSkipped: _turn_skipped,
    E.RoundEnded: _round_ended, E.RentCollected: _rent, E.LandingResolved: _landing, E.FavorPlayed: _favor_played,
    E.FavorGained: _favor_gained, E.SaleBlocked: _sale_blocked, E.OfferEvent: _offer, E.DebtEvent: _debt,
    E.AuctionEvent: _auction, E.PlayerEliminated: _eliminated, E.GameOver: _game_over, E.ContestEvent: _contest,
    E.PropertyChanged: _property, E.Notice: _notice, E.CheatEvent: _cheat, E.AccusationEvent: _accusation,
    E.HalfStarted: _half_started, E.HalfPassed: _half_passed, E.PairChoiceEvent: _pair_choice,
}

DESCRIBED_EVENT_TYPES = frozenset(_WRITERS)
"""Event classes with their own sentence; tests/test_event_text.py checks it covers the whole `AnyEvent` union."""
