"""The action panel's words for an Illumonopoly game (VARIANTS §4): each action's label, price and tooltip, naming
the V-ILLUMO rule that allows it. Illumonopoly is an overlay of classic Monopoly, so what it does not word here is
worded as in a classic game (presentation/classic_words.py). Amounts come from the ruleset's queries (the checks the
engine applies): a transfer's fee, a purchase's split between treasuries, a lawsuit's ELP and odds."""
from __future__ import annotations

from collections.abc import Callable

from ..model.illumo_court import court_deck
from ..model.illumo_illuminati import illuminati
from ..model.rulesets import ruleset_of
from ..rules import actions as A
from ..rules import events as E
from .classic_words import CLASSIC_WORDS, Labeller, Words

SUIT_NAMES = {"landmark": "Historic Landmark", "title_defect": "Title Defect", "antitrust": "Antitrust"}
SUIT_RULES = {"landmark": "V-ILLUMO-38", "title_defect": "V-ILLUMO-39", "antitrust": "V-ILLUMO-40"}
SPY_WORDS = {"hand": "Court hand", "central": "central treasury"}


def card_name(kind: str) -> str:
    return next(card.name for card in court_deck().cards if card.kind == kind)


def treasury_name(kind: str) -> str:
    """"central" -> "central treasury"; "dark_blue" -> "dark blue treasury"."""
    return f"{kind.replace('_', ' ')} treasury"


def _transfer(labeller: Labeller, a: A.Transfer) -> Words:
    fee = labeller.price(a)
    source, destination = ("central", a.group) if a.to_group else (a.group, "central")
    fee_words = "free" if fee == 0 else f"fee ${fee}" if fee is not None else "refused now"
    return (f"Move ${a.amount} from {treasury_name(source)} to {treasury_name(destination)} ({fee_words})", None,
            "An internal transfer: 10% of the amount, at least $5, rounded up, to the Bank; the first two in step 3 "
            "of your turn are free (V-ILLUMO-07, -08). Any amount: Treasuries ▸ Transfer….")


def _choose_split(labeller: Labeller, a: A.ChooseSplit) -> Words:
    return (f"Pay the next purchase with at most ${a.from_group} from its group treasury", None,
            "How your next payment tied to a type (a purchase, a building, a lift) is split between that type's "
            "treasury and central; any split: Treasuries ▸ Payment sources… (V-ILLUMO-05).")


def _buy(labeller: Labeller, a: A.Buy) -> Words:
    state = labeller.state
    square = state.turn.landing_square
    price = labeller.price(a)
    words = f"Buy {labeller.square(square)} for ${price}" if price is not None else f"Buy {labeller.square(square)}"
    queries = labeller.rules
    if price and square is not None:
        kind = queries.deed_type(state, square)
        from_group, from_central, _ = queries.payment_split(state, labeller.seat, kind, price)
        if from_group:
            words += f" (${from_group} from {treasury_name(kind)}, ${from_central} central)"
    return (words, price, "Announce the purchase: the other players may complain and fight it in court first "
                          "(V-ILLUMO-12, -13); it is paid from central and its type's treasury (V-ILLUMO-05).")


def _complain(labeller: Labeller, a: A.Complain) -> Words:
    window = labeller.state.pending[-1] if labeller.state.pending else None
    fee = labeller.state.setup.options.illumo_filing_fee
    what = labeller.square(getattr(window, "property", None))
    who = labeller.state.players[window.purchaser].name if window is not None else "the purchaser"
    deal = "trade" if getattr(window, "offer_id", None) is not None else "purchase"
    if not a.file:
        if getattr(window, "secret", False):
            return (f"Let {who}'s {deal} of {what} pass (a Secret Deal)", None,
                    "Under a Secret Deal only a player who plays an Interference card may complain (V-ILLUMO-18).")
        return (f"Let {who}'s {deal} of {what} pass", None, "No complaint from you (V-ILLUMO-12).")
    if getattr(window, "secret", False):
        helpers = "others may pledge on your side" if a.allow_helpers else "nobody else may pledge on your side"
        return (f"Play Interference: complain about {what} (${fee}; {helpers})", fee,
                "A Secret Deal can be fought only with an Interference card (V-ILLUMO-18, -19).")
    return (f"File a complaint: ${fee} (stop {who} acquiring {what})", fee,
            "You become the complainant: pledges in $50 units follow, and 2d6 at most 10 + P - C lets the deal go "
            "ahead (V-ILLUMO-13).")


def _secret_deal(labeller: Labeller, a: A.SecretDeal) -> Words:
    if a.card is None:
        return ("Bavarian Illuminati: make this purchase a Secret Deal ($100)", 100, "V-ILLUMO-43.")
    if a.card == "secret_deal":
        return ("Play Secret Deal on this purchase", None,
                "Only a player who plays Interference may complain (V-ILLUMO-18).")
    return (f"Discard {card_name(a.card)} face down as a Secret Deal", None,
            "Any Court card may stand in for a Secret Deal; its face is never shown (V-ILLUMO-17).")


def _secret_trade(labeller: Labeller, a: A.SecretTrade) -> Words:
    what = f"trade #{a.offer_id}"
    if a.card is None:
        return (f"Bavarian Illuminati: make {what} a Secret Deal ($100)", 100, "V-ILLUMO-43.")
    if a.card == "secret_deal":
        return (f"Play Secret Deal on {what}", None,
                "When every party has accepted, only a player who plays Interference may complain (V-ILLUMO-18).")
    return (f"Discard {card_name(a.card)} face down: {what} a Secret Deal", None,
            "Any Court card may stand in for a Secret Deal; its face is never shown (V-ILLUMO-17).")


SIDE_WORDS = {"for": "for the purchase", "against": "against the purchase", "plaintiff": "for the plaintiff",
              "defendant": "for the defendant"}


def _pledge(labeller: Labeller, a: A.Pledge) -> Words:
    source = treasury_name(a.source)
    queries = labeller.rules
    contest = queries.legal_contest(labeller.state)
    odds = ""
    if contest is not None:
        target, chance = queries.target_after(labeller.state, labeller.seat, a.side, a.amount, a.source)
        name = "target" if contest.kind == "interference" else "ELP"
        odds = f" → {name} {target}, {chance * 100:.0f}%"
    double = " ×2" if contest is not None and contest.kind == "lawsuit" and a.source != "central" else ""
    rule = "V-ILLUMO-13" if a.side in ("for", "against") else "V-ILLUMO-37"
    return (f"Pledge ${a.amount} {SIDE_WORDS[a.side]} from {source}{double}{odds}", a.amount,
            f"Collected when pledging closes, whatever the outcome ({rule}).")


def _pass_pledge(labeller: Labeller, a: A.PassPledge) -> Words:
    return "Pass: no more money now", None, "Pledging closes when everyone passes in a row (V-ILLUMO-13, -41)."


def _sue(labeller: Labeller, a: A.Sue) -> Words:
    queries = labeller.rules
    fee = queries.filing_fee(labeller.state)
    target, chance = queries.lawsuit_odds(labeller.state, labeller.seat, a.suit, a.defendant, a.target)
    who = labeller.state.players[a.defendant].name if a.defendant >= 0 else "nobody (an unowned lot, A-IL-17)"
    return (f"Sue {who}: {SUIT_NAMES[a.suit]} of {labeller.square(a.target)} "
            f"(${fee}; ELP {target}, {chance * 100:.0f}% before pledges)", fee,
            f"Step 1 of your turn; the filing fee from central (V-ILLUMO-36, {SUIT_RULES[a.suit]}).")


def _play_court_card(labeller: Labeller, a: A.PlayCourtCard) -> Words:
    name = card_name(a.card)
    target = ""
    if a.player is not None:
        target = f" on {labeller.state.players[a.player].name}"
        if a.spy_on is not None:
            target += f"'s {SPY_WORDS.get(a.spy_on, treasury_name(a.spy_on))}"
    elif a.property is not None:
        target = f" on {labeller.square(a.property)}"
    card = next(c for c in court_deck().cards if c.kind == a.card)
    return f"Play {name}{target}", None, f"{card.text} ({card.rule_id})"


def _pass_card(labeller: Labeller, a: A.PassCard) -> Words:
    return "Play no card", None, "Let it stand (V-ILLUMO-16, -30)."


def _resume_case(labeller: Labeller, a: A.ResumeCase) -> Words:
    if a.drop:
        return f"Drop the suspended case over {labeller.square(a.target)}", None, "V-ILLUMO-41."
    return (f"Resume the case over {labeller.square(a.target)}", None,
            "Uses a lawsuit of this turn, no new fee, fresh pledging (V-ILLUMO-41).")


def _forfeit_deed(labeller: Labeller, a: A.ForfeitDeed) -> Words:
    return (f"Give up {labeller.square(a.property)} to the Bank", None,
            "You lost the antitrust suit: name the deed of the monopoly you lose (V-ILLUMO-40).")


def _bribe_assessor(labeller: Labeller, a: A.BribeAssessor) -> Words:
    return (f"Bribed Assessor: halve {labeller.square(a.property)}'s valuations this turn", None, "V-ILLUMO-28.")


EFFECT_WORDS = {"rent_control": "Rent Control", "irs_audit": "the IRS Audit", "legal_holiday": "the Legal Holiday",
                "secret_deal": "the pending Secret Deal"}


def _cancel_effect(labeller: Labeller, a: A.CancelEffect) -> Words:
    of = f" of {labeller.state.players[a.player].name}" if a.player is not None else ""
    return f"Cancellation: end {EFFECT_WORDS.get(a.effect, a.effect.replace('_', ' '))}{of}", None, "V-ILLUMO-30 (b)."


def _declare_missing(labeller: Labeller, a: A.DeclareMissing) -> Words:
    return (f"Bermuda Triangle: declare {labeller.square(a.property)} missing", None,
            "Until the end of your next turn (V-ILLUMO-46).")


def _end_turn(labeller: Labeller, a: A.EndTurn) -> Words:
    amount = labeller.state.setup.options.illumo_do_nothing_bonus
    bonus = f" — do-nothing bonus ${amount}" if labeller.rules.bonus_eligible(labeller.state) else ""
    return (f"End turn{bonus}", None,
            f"Pass the dice; a turn spent only moving earns ${amount} (V-ILLUMO-34, -35).")


def _declare_idle_turn(labeller: Labeller, a: A.DeclareIdleTurn) -> Words:
    amount = labeller.state.setup.options.illumo_do_nothing_bonus
    return (f"Declare a do-nothing turn (${amount} at its end)", None,
            "Only roll, move and pay what is due this turn: every other act is refused until it ends (V-ILLUMO-34).")


def _repair_level(labeller: Labeller, a: A.RepairLevel) -> Words:
    if a.property is None:
        return ("Let the engine sell the group level", None,
                "What is still uneven is sold down at the end of the turn, highest lot first (V-ILLUMO-33).")
    cost = labeller.price(a)
    if a.sell:
        return (f"Sell a level of {labeller.square(a.property)}", None,
                "Half the building cost back, into central (V-ILLUMO-33).")
    return (f"Build a house on {labeller.square(a.property)}" + (f" — ${cost}" if cost else ""), cost,
            "Pay for a house on the group's lowest lot, whoever owns it, to make the group level (V-ILLUMO-33).")


def _choose_illuminatus(labeller: Labeller, a: A.ChooseIlluminatus) -> Words:
    chosen = illuminati().by_id(a.illuminatus)
    return (f"Choose the {chosen.name} (legal power {chosen.legal_power})", None,
            f"{chosen.ability} ({chosen.rule_id}; the Illuminati draft, V-ILLUMO-42)")


def _bid(labeller: Labeller, a: A.Bid) -> Words:
    return f"Bid ${a.amount}", a.amount, "Raise the auction; the highest bid buys it (CLASSIC-05, V-ILLUMO-05)."


ILLUMO_WORDS: dict[str, Callable[[Labeller, A.Action], Words]] = {
    **CLASSIC_WORDS, "transfer": _transfer, "choose_split": _choose_split, "buy": _buy, "complain": _complain,
    "secret_deal": _secret_deal, "secret_trade": _secret_trade, "pledge": _pledge, "pass_pledge": _pass_pledge, "sue": _sue,
    "play_court_card": _play_court_card, "pass_card": _pass_card, "resume_case": _resume_case,
    "forfeit_deed": _forfeit_deed, "bribe_assessor": _bribe_assessor, "cancel_effect": _cancel_effect,
    "declare_missing": _declare_missing, "end_turn": _end_turn, "bid": _bid, "declare_idle_turn": _declare_idle_turn,
    "repair_level": _repair_level, "choose_illuminatus": _choose_illuminatus,
}
"""Each Illumonopoly action type's wording: (label, cost, tooltip); classic's for the rest."""


def purchase_choice(state, seat: int) -> tuple[int, str, int, int] | None:
    """(price, type, least, most) of the purchase the seat may make now when its payment has a choice of sources
    (V-ILLUMO-05, VARIANTS §4.7: the payment-source picker opens by itself then): more than one split between his
    treasury of the deed's type and central is possible, `least` and `most` the dollars the type's treasury may
    give. None when there is no purchase or only one way to pay it."""
    square = state.turn.landing_square
    if state.turn.seat != seat or square is None or square not in state.properties:
        return None
    info = state.setup.board.squares[square]
    if state.properties[square].owner is not None or not info.price:
        return None
    rows = dict(ruleset_of(state).queries.treasury_rows(state, seat))
    group, central = rows.get(info.group) or 0, rows.get("central") or 0
    least, most = max(0, info.price - central), min(group, info.price)
    return (info.price, info.group, least, most) if most > least else None


SPY_RULE = "V-ILLUMO-27"


def private_reveals(events: list, state) -> dict[int, str]:
    """Seat -> what a Corporate Spy showed that seat alone in these events (VARIANTS §4.7's private reveal: the log
    tells the others only that the card was played); empty when none did."""
    if state is None or not ruleset_of(state).queries.has_court_cards:
        return {}
    shown: dict[int, str] = {}
    for event in events:
        if isinstance(event, E.Notice) and event.rule_id == SPY_RULE and event.visible_to is not None:
            for seat in event.visible_to:
                shown[seat] = f"Corporate Spy, for your eyes only: {event.text}"
    return shown

