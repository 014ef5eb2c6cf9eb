"""The Court Date deck (V-ILLUMO-15 to -30; its cards are data: resources/illumo_court_cards.json). A player whose
movement comes to rest on GO or Free Parking draws one into his hidden hand (A-IL-01, decision 38); one shared deck,
reshuffled from the discards when it runs out (A-IL-02); no hand limit (A-IL-03).

Played here: at the start of one's turn (before rolling) Idle Hands (+1 lawsuit, V-ILLUMO-22) and Rent Control
(V-ILLUMO-24); in step 4 (after the last move, at most `illumo_court_plays_step4` a turn, V-ILLUMO-16) Historic
Blunder (V-ILLUMO-20), IRS Audit (V-ILLUMO-23), Brain Drain (V-ILLUMO-25), Condemned Property (V-ILLUMO-26),
Corporate Spy (V-ILLUMO-27) and Legal Holiday (V-ILLUMO-29). A play forfeits the do-nothing bonus.

A Holding Action is played in its own window, after a lawsuit's pledging and before its roll (V-ILLUMO-21,
lawsuits.py). A Secret Deal (the card, any card face down, or the Bavarian Illuminati's $100) is declared on landing
on a deed one is about to buy (V-ILLUMO-17, -18, -43); an Interference card is played by complaining against it
(V-ILLUMO-19, interference.py). Bribed Assessor is played at any time (a free action, V-ILLUMO-28). The cards played
here, Bribed Assessor, a Secret Deal card (or any card played face down as one), an Interference card and a Holding
Action take effect after their response window, where Cancellation may answer (responses.py, V-ILLUMO-16, -30)."""
from __future__ import annotations

from ...model.illumo_court import court_deck
from ...model.illumo_state import HoldingWindow
from ...rules.buildings import HOUSES_PER_HOTEL, emit_buildings
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.events import Notice
from ...rules.money import bank_pays, move
from ...rules.required_fields import printed_group, top_window
from .access import illumo_options, illumo_slice
from .bonus import disqualify
from .effects import check_not_audited, valued
from .buildings import level, sale_refund, set_level
from .groups import in_play_lots
from .lawsuits import decide_case, suspend
from .treasury import CENTRAL, balance, in_step_3

BAVARIAN_PRICE = 100
"""V-ILLUMO-43."""
KINDS = frozenset(card.kind for card in court_deck().cards)
START_OF_TURN = frozenset({"idle_hands", "rent_control"})
STEP_4 = frozenset({"historic_blunder", "irs_audit", "brain_drain", "condemned_property", "corporate_spy",
                    "legal_holiday"})
PLAYABLE = START_OF_TURN | STEP_4
"""The cards this version plays."""
RENT_CONTROL_TURN_ENDS = 2
"""Rent Control lasts to the end of its player's *next* turn: two of his turn ends (this one and the next)."""


def name(kind: str) -> str:
    return next(card.name for card in court_deck().cards if card.kind == kind)


def kind_of(number: int) -> str:
    return court_deck().card(number).kind


def hand(ctx: RulesContext, seat: int) -> list[int]:
    return illumo_slice(ctx.state).court_hands.get(seat, [])


# ----- drawing (V-ILLUMO-15) -----

def draw(ctx: RulesContext, seat: int) -> None:
    """The top card into the seat's hand: its face told to him alone, the draw to everyone."""
    slice_ = illumo_slice(ctx.state)
    limit = illumo_options(ctx).illumo_court_hand_limit
    if limit and len(slice_.court_hands.get(seat, [])) >= limit:
        ctx.notice(f"{ctx.name(seat)} holds {limit} Court Date cards, the limit: he draws none.", "V-ILLUMO-15")
        return
    if not slice_.court_deck:
        if not slice_.court_discard:
            ctx.notice("The Court Date deck is empty: every card is in a hand.", "V-ILLUMO-15")
            return
        slice_.court_deck, slice_.court_discard = slice_.court_discard, []
        ctx.shuffle(slice_.court_deck)
    number = slice_.court_deck.pop(0)
    slice_.court_hands.setdefault(seat, []).append(number)
    ctx.emit(Notice(text=f"{ctx.name(seat)} draws a Court Date card.", rule_id="V-ILLUMO-15"))
    ctx.emit(Notice(text=f"You draw {name(kind_of(number))}.", rule_id="V-ILLUMO-15", seat=seat, visible_to=[seat]))


def hand_to(ctx: RulesContext, seat: int, creditor: int) -> None:
    """`illumo_bankrupt_court_cards = to_creditor`: the bankrupt's cards join his creditor's hand (their faces told
    to the creditor alone; A-IL-03's limit does not apply to a handover)."""
    cards = illumo_slice(ctx.state).court_hands.pop(seat, [])
    if not cards:
        return
    illumo_slice(ctx.state).court_hands.setdefault(creditor, []).extend(cards)
    ctx.emit(Notice(text=f"{ctx.name(creditor)} takes {ctx.name(seat)}'s {len(cards)} Court Date card(s).",
                    rule_id="V-ILLUMO-11"))
    ctx.emit(Notice(text="You take " + ", ".join(name(kind_of(n)) for n in cards) + ".", rule_id="V-ILLUMO-11",
                    seat=creditor, visible_to=[creditor]))


def discard_hand(ctx: RulesContext, seat: int) -> None:
    """A bankrupt's Court cards are discarded (V-ILLUMO-11, `illumo_bankrupt_court_cards = discard`)."""
    slice_ = illumo_slice(ctx.state)
    slice_.court_discard.extend(slice_.court_hands.pop(seat, []))


# ----- when a card may be played -----

def in_step_4(ctx: RulesContext, seat: int) -> bool:
    """Step 4 follows step 3 (both after the last move, no window open)."""
    return in_step_3(ctx, seat)


def before_rolling(ctx: RulesContext, seat: int) -> bool:
    state = ctx.state
    turn = state.turn
    return turn.seat == seat and turn.step == "choice" and not turn.moves_made and not state.pending


def check_play(ctx: RulesContext, seat: int, card: str, player: int | None, index: int | None,
               spy_on: str | None) -> int:
    """The number of the card played, if the play is legal now; else refuse, naming the card's rule."""
    state = ctx.state
    slice_ = illumo_slice(state)
    rule = next(c.rule_id for c in court_deck().cards if c.kind == card)
    number = next((n for n in hand(ctx, seat) if kind_of(n) == card), None)
    if number is None:
        raise refuse("E_NO_CARD", "V-ILLUMO-16", f"You hold no {name(card)} card.")
    if card not in PLAYABLE:
        raise refuse("E_OPTION_DISABLED", rule, f"{name(card)} cannot be played in this version yet.")
    if card in START_OF_TURN and not before_rolling(ctx, seat):
        raise refuse("E_WRONG_PHASE", rule, f"{name(card)} is played at the start of one's own turn.")
    if card in STEP_4:
        if not in_step_4(ctx, seat):
            raise refuse("E_WRONG_PHASE", "V-ILLUMO-16", f"{name(card)} is played in step 4 of one's own turn.")
        if slice_.court_plays_left < 1:
            raise refuse("E_WRONG_PHASE", "V-ILLUMO-16", "You have played your Court card of this turn.")
    players = state.players
    if card in ("irs_audit", "brain_drain", "corporate_spy"):
        if player is None or not 0 <= player < len(players) or player == seat or players[player].eliminated:
            raise refuse("E_NOT_YOUR_TURN", rule, "Name another player still in the game.")
        if card == "brain_drain" and not hand(ctx, player):
            raise refuse("E_NO_CARD", rule, f"{ctx.name(player)} holds no Court card.")
        if card == "corporate_spy" and spy_on not in ("hand", CENTRAL) and spy_on not in slice_.treasuries.get(player, {}):
            raise refuse("E_WRONG_PHASE", rule, "Spy on his hand, his central treasury or one of his treasuries.")
    if card == "historic_blunder" and index not in slice_.landmarks:
        raise refuse("E_NOT_A_PROPERTY", rule, "Name a landmark.")
    if card == "condemned_property":
        prop = state.properties.get(index) if index is not None else None
        if prop is None or not (prop.houses or prop.hotel) or index in slice_.landmarks:
            raise refuse("E_NOT_A_PROPERTY", rule, "Name an improved lot (owned by anyone, or unowned).")
    return number


def play(ctx: RulesContext, seat: int, card: str, player: int | None, index: int | None, spy_on: str | None) -> None:
    number = check_play(ctx, seat, card, player, index, spy_on)
    slice_ = illumo_slice(ctx.state)
    disqualify(ctx, seat)
    slice_.discard_card(seat, number)
    if card in STEP_4:
        slice_.court_plays_left -= 1
        slice_.free_transfers_left = 0  # step 3 is over: its free transfers expire (V-ILLUMO-08)
    rule = next(c.rule_id for c in court_deck().cards if c.kind == card)
    if card == "corporate_spy" and player is not None:  # check_play: the spy names a player
        ctx.emit(Notice(text=f"{ctx.name(seat)} plays Corporate Spy on {ctx.name(player)}.", rule_id=rule))
    else:
        target = f" on {ctx.name(player)}" if player is not None else \
            f" on {ctx.square_name(index)}" if index is not None else ""
        ctx.emit(Notice(text=f"{ctx.name(seat)} plays {name(card)}{target}.", rule_id=rule))
    # its effect waits for the response window (responses.py, V-ILLUMO-16: Cancellation may answer)


# ----- Bribed Assessor (V-ILLUMO-28) -----

def check_bribe(ctx: RulesContext, seat: int, index: int) -> int:
    number = next((n for n in hand(ctx, seat) if kind_of(n) == "bribed_assessor"), None)
    if number is None:
        raise refuse("E_NO_CARD", "V-ILLUMO-28", "You hold no Bribed Assessor card.")
    if index not in ctx.state.properties or index in illumo_slice(ctx.state).landmarks:
        raise refuse("E_NOT_A_PROPERTY", "V-ILLUMO-28", "Name a deed in play.")
    if index in illumo_slice(ctx.state).assessed:
        raise refuse("E_WRONG_PHASE", "V-ILLUMO-28", f"{ctx.square_name(index)} is already assessed this turn.")
    return number


def bribe_assessor(ctx: RulesContext, seat: int, index: int) -> None:
    """At any time (a free action): every valuation of the deed is halved until the end of the current turn
    (A-IL-24 `current_turn`; with `next_valuation`, until a transaction next values it): its Bank price, its buildings' cost and refunds, its mortgage loan, lawsuit
    compensation. Prices players agree between themselves are unaffected; the net worth of the short game's end is
    not halved in this version."""
    number = check_bribe(ctx, seat, index)
    slice_ = illumo_slice(ctx.state)
    disqualify(ctx, seat)
    slice_.discard_card(seat, number)
    ctx.emit(Notice(text=f"{ctx.name(seat)} plays Bribed Assessor on {ctx.square_name(index)}.", rule_id="V-ILLUMO-28"))


def assess(ctx: RulesContext, seat: int, player, index, spy_on) -> None:
    """Bribed Assessor's effect, once no Cancellation stopped it."""
    assessed = illumo_slice(ctx.state).assessed
    if index not in assessed:
        assessed.append(index)


# ----- Secret Deal (V-ILLUMO-17, -18, -43) -----

def secret_deal_choices(ctx: RulesContext, seat: int) -> list[str | None]:
    """The ways the seat may make his coming purchase a Secret Deal: the real card, one card of each other kind
    face down, the Bavarian Illuminati's $100 (`None`)."""
    slice_ = illumo_slice(ctx.state)
    if slice_.secret_deal_by == seat:
        return []
    kinds = sorted({kind_of(n) for n in hand(ctx, seat)})
    choices: list[str | None] = list(kinds)
    if slice_.illuminati.get(seat) == "bavarian" and ctx.state.players[seat].cash >= BAVARIAN_PRICE \
            and seat not in slice_.audited:
        choices.append(None)
    return choices


def declare_secret_deal(ctx: RulesContext, seat: int, card: str | None) -> None:
    """The caller has checked that the seat is about to announce a purchase of his own."""
    slice_ = illumo_slice(ctx.state)
    if slice_.secret_deal_by == seat:
        raise refuse("E_WRONG_PHASE", "V-ILLUMO-18", "This purchase is already a Secret Deal.")
    if card is None:
        if slice_.illuminati.get(seat) != "bavarian":
            raise refuse("E_WRONG_PHASE", "V-ILLUMO-43", "Only the Bavarian Illuminati buy a Secret Deal.")
        check_not_audited(ctx, seat, "payment")
        if ctx.state.players[seat].cash < BAVARIAN_PRICE:
            raise refuse("E_INSUFFICIENT_FUNDS", "V-ILLUMO-43", f"The Secret Deal costs ${BAVARIAN_PRICE}.")
        disqualify(ctx, seat)
        move(ctx, seat, "bank", BAVARIAN_PRICE, "Bavarian Secret Deal", "V-ILLUMO-43")
        ctx.emit(Notice(text=f"{ctx.name(seat)} makes the purchase a Secret Deal.", rule_id="V-ILLUMO-43"))
        slice_.secret_deal_by = seat  # an ability, not a card: no response window (V-ILLUMO-16)
    else:
        number = next((n for n in hand(ctx, seat) if kind_of(n) == card), None)
        if number is None:
            raise refuse("E_NO_CARD", "V-ILLUMO-17", f"You hold no {name(card)} card." if card in KINDS
                         else "You hold no such card.")
        disqualify(ctx, seat)
        slice_.discard_card(seat, number)
        # V-ILLUMO-17: a card discarded face down; what it was is never told (the holder knows his own hand). Its
        # effect waits for the response window (V-ILLUMO-16: the caller opens it as a "secret_deal").
        ctx.emit(Notice(text=f"{ctx.name(seat)} plays a Secret Deal.", rule_id="V-ILLUMO-18"))


def secret_deal(ctx: RulesContext, seat: int, player, index, spy_on) -> None:
    """The Secret Deal's effect, once no Cancellation stopped it: his purchase about to be announced is secret."""
    illumo_slice(ctx.state).secret_deal_by = seat


def check_bavarian_for_other(ctx: RulesContext, window, seat: int) -> None:
    """`illumo_bavarian_scope = any_player` (A-IL-34): asked whether he complains against another player's announced
    acquisition, the Bavarian Illuminati may instead make it a Secret Deal for $100."""
    slice_ = illumo_slice(ctx.state)
    if illumo_options(ctx).illumo_bavarian_scope != "any_player" or slice_.illuminati.get(seat) != "bavarian":
        raise refuse("E_WRONG_PHASE", "V-ILLUMO-43", "Only the Bavarian Illuminati buy a Secret Deal for another's "
                                                     "acquisition, and only with illumo_bavarian_scope = any_player.")
    if not window.askees or window.askees[0] != seat:
        raise refuse("E_NOT_YOUR_TURN", "V-ILLUMO-43", "It is not your turn to answer this acquisition.")
    if window.secret:
        raise refuse("E_WRONG_PHASE", "V-ILLUMO-43", "This acquisition is already a Secret Deal.")
    check_not_audited(ctx, seat, "payment")
    if ctx.state.players[seat].cash < BAVARIAN_PRICE:
        raise refuse("E_INSUFFICIENT_FUNDS", "V-ILLUMO-43", f"The Secret Deal costs ${BAVARIAN_PRICE}.")


def bavarian_for_other(ctx: RulesContext, window, seat: int, others: list[int]) -> None:
    """$100 to the Bank; the acquisition is a Secret Deal, and everyone not party to it (`others`, in turn order from
    the active player) is asked again: only an Interference card complains now (V-ILLUMO-18)."""
    check_bavarian_for_other(ctx, window, seat)
    disqualify(ctx, seat)
    move(ctx, seat, "bank", BAVARIAN_PRICE, "Bavarian Secret Deal", "V-ILLUMO-43")
    window.secret = True
    window.askees = others
    ctx.emit(Notice(text=f"{ctx.name(seat)} makes the acquisition of {ctx.square_name(window.property)} a Secret "
                         f"Deal.", rule_id="V-ILLUMO-43"))


# ----- the Holding Action's window (V-ILLUMO-21) -----

def check_holding_action(ctx: RulesContext, window, seat: int, card: str = "holding_action") -> int:
    if not window.askees or window.askees[0] != seat:
        raise refuse("E_NOT_YOUR_TURN", "V-ILLUMO-21", "It is not your turn to answer.")
    number = next((n for n in hand(ctx, seat) if kind_of(n) == card), None)
    if card != "holding_action" or number is None:
        raise refuse("E_NO_CARD", "V-ILLUMO-21", "Only a Holding Action card can be played now.")
    return number


def play_holding_action(ctx: RulesContext, window, seat: int, card: str) -> None:
    """The card is played (his answer given); its effect waits for the response window (V-ILLUMO-16), which the
    caller opens: `holding_action` suspends the case, `holding_action_cancelled` goes on asking."""
    number = check_holding_action(ctx, window, seat, card)
    slice_ = illumo_slice(ctx.state)
    disqualify(ctx, seat)
    slice_.discard_card(seat, number)
    window.askees.pop(0)
    ctx.emit(Notice(text=f"{ctx.name(seat)} plays Holding Action.", rule_id="V-ILLUMO-21"))


def holding_action(ctx: RulesContext, seat: int, player, index, spy_on) -> None:
    """The case is suspended (V-ILLUMO-41): its window, back on top once the response window closed, goes."""
    window = top_window(ctx.state, HoldingWindow)
    ctx.state.pending.remove(window)
    suspend(ctx, window.case)


def holding_action_cancelled(ctx: RulesContext, seat: int) -> None:
    """The Holding Action was cancelled: the others still to be asked may play theirs; else the case is decided."""
    window = top_window(ctx.state, HoldingWindow)
    if not window.askees:
        ctx.state.pending.remove(window)
        decide_case(ctx, window.case)


def pass_holding_action(ctx: RulesContext, window, seat: int) -> None:
    if not window.askees or window.askees[0] != seat:
        raise refuse("E_NOT_YOUR_TURN", "V-ILLUMO-21", "It is not your turn to answer.")
    window.askees.pop(0)
    if not window.askees:
        ctx.state.pending.remove(window)
        decide_case(ctx, window.case)


# ----- the effects -----

def idle_hands(ctx: RulesContext, seat: int, player, index, spy_on) -> None:
    illumo_slice(ctx.state).lawsuits_left += 1


def rent_control(ctx: RulesContext, seat: int, player, index, spy_on) -> None:
    """A new Rent Control while one runs only moves the expiry (A-IL-25)."""
    slice_ = illumo_slice(ctx.state)
    slice_.rent_control_by, slice_.rent_control_turns = seat, RENT_CONTROL_TURN_ENDS


def historic_blunder(ctx: RulesContext, seat: int, player, index, spy_on) -> None:
    """The landmark comes back unowned, without buildings, into its group; V-ILLUMO-33 repairs the level by the
    end of the turn (buildings.repair_groups)."""
    illumo_slice(ctx.state).landmarks.remove(index)


def irs_audit(ctx: RulesContext, seat: int, player, index, spy_on) -> None:
    """A second audit on the same player does not add to the first."""
    audited = illumo_slice(ctx.state).audited
    if player not in audited:
        audited.append(player)


def brain_drain(ctx: RulesContext, seat: int, player, index, spy_on) -> None:
    slice_ = illumo_slice(ctx.state)
    victim = slice_.court_hands.get(player)
    if not victim:  # his last card was played in the response window meanwhile
        ctx.notice(f"{ctx.name(player)} holds no Court card any more.", "V-ILLUMO-25")
        return
    taken = victim.pop(ctx.rand_below(len(victim)))
    if not victim:
        del slice_.court_hands[player]
    slice_.court_hands.setdefault(seat, []).append(taken)
    ctx.emit(Notice(text=f"{ctx.name(seat)} takes {name(kind_of(taken))} from {ctx.name(player)}.",
                    rule_id="V-ILLUMO-25", visible_to=sorted({seat, player})))


def condemned_property(ctx: RulesContext, seat: int, player, index, spy_on) -> None:
    """IL-T4: one level off the lot unpaid (a hotel to 4 houses; if the supply lacks the houses, to what it allows,
    the levels beyond the first paid at half cost: "only the first house's worth goes unpaid"); then the group's higher
    lots come down until it is level, each forced reduction paid to its owner at half cost into central (an unowned
    lot gets nothing); a hotel the supply cannot break stays, and the group waits level-less (decision 36)."""
    state = ctx.state
    prop = state.properties[index]
    if not (prop.houses or prop.hotel):
        return
    height = level(ctx, index)
    new = min(HOUSES_PER_HOTEL, state.house_supply) if prop.hotel else prop.houses - 1
    set_level(ctx, index, new)
    emit_buildings(ctx, index, "V-ILLUMO-26")
    if height - new > 1 and prop.owner is not None:  # a hotel the supply could not break to 4 houses
        bank_pays(ctx, prop.owner, sale_refund(ctx, index, height - new - 1),
                  "condemned levels beyond the first", "V-ILLUMO-26")
        valued(ctx, index)
    group = printed_group(ctx.squares[index])
    while True:
        lots = in_play_lots(ctx, group)
        low = min(level(ctx, lot) for lot in lots)
        top = max(lots, key=lambda lot: (level(ctx, lot), -lot))
        height = level(ctx, top)
        if height - low <= 1:
            return
        above = state.properties[top]
        lowered = height - 1
        if above.hotel:
            if state.house_supply < HOUSES_PER_HOTEL:
                ctx.notice(f"The Bank lacks the houses to break the hotel on {ctx.square_name(top)}: the group stays "
                           f"uneven and nobody builds in it until it is level.", "V-ILLUMO-26")
                return
            lowered = HOUSES_PER_HOTEL
        set_level(ctx, top, lowered)
        emit_buildings(ctx, top, "V-ILLUMO-26")
        if above.owner is not None:
            bank_pays(ctx, above.owner, sale_refund(ctx, top, height - lowered),
                      "forced sale after Condemned Property", "V-ILLUMO-26")
            valued(ctx, top)


def corporate_spy(ctx: RulesContext, seat: int, player, index, spy_on) -> None:
    """Only the card player learns what he spied (the log says only that the card was played)."""
    state = ctx.state
    if spy_on == "hand":
        cards = ", ".join(name(kind_of(n)) for n in hand(ctx, player)) or "no card"
        text = f"{ctx.name(player)}'s Court hand: {cards}."
    elif spy_on == CENTRAL:
        text = f"{ctx.name(player)}'s central treasury holds ${state.players[player].cash}."
    else:
        text = f"{ctx.name(player)}'s {spy_on} treasury holds ${balance(state, player, spy_on)}."
    ctx.emit(Notice(text=text, rule_id="V-ILLUMO-27", seat=seat, visible_to=[seat]))


def legal_holiday(ctx: RulesContext, seat: int, player, index, spy_on) -> None:
    illumo_slice(ctx.state).legal_holiday_by = seat


EFFECTS = {"idle_hands": idle_hands, "rent_control": rent_control, "historic_blunder": historic_blunder,
           "irs_audit": irs_audit, "brain_drain": brain_drain, "condemned_property": condemned_property,
           "corporate_spy": corporate_spy, "legal_holiday": legal_holiday, "bribed_assessor": assess,
           "secret_deal": secret_deal, "holding_action": holding_action}


# ----- lasting effects -----

def turn_ended(ctx: RulesContext, seat: int) -> None:
    """Rent Control ends with the end of its player's next turn (V-ILLUMO-24)."""
    slice_ = illumo_slice(ctx.state)
    if slice_.rent_control_by == seat:
        slice_.rent_control_turns -= 1
        if slice_.rent_control_turns <= 0:
            slice_.rent_control_by = None
            ctx.notice("Rent Control ends.", "V-ILLUMO-24")


def turn_started(ctx: RulesContext, seat: int) -> None:
    """A Legal Holiday ends when its player's next turn begins (V-ILLUMO-29); step 4's play budget is reset."""
    slice_ = illumo_slice(ctx.state)
    slice_.court_plays_left = illumo_options(ctx).illumo_court_plays_step4
    if illumo_options(ctx).illumo_bribed_assessor_duration == "current_turn":
        slice_.assessed = []  # A-IL-24: else each lasts until its deed's next valuation (effects.valued)
    if slice_.legal_holiday_by == seat:
        slice_.legal_holiday_by = None
        ctx.notice("The Legal Holiday ends.", "V-ILLUMO-29")
