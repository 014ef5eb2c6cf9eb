"""The action panel's choices, without Qt: one `Choice` per legal action of a seat, in words, with its price and odds.

Built only from `rules.legal.enumerate_legal` and `default_action`; prices and odds are the ruleset's answers
(`ruleset.queries`: its `price`, which is what the rules' own check functions return, and its contest `probability`),
so the panel never copies a rule.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from ..model.factions import load_dog_conditions, load_factions
from ..model.rulesets import ruleset_of
from ..model.state import GameState
from ..rules import actions as A
from ..rules import jail
from ..rules.boardindex import board_index
from ..rules.engine import awaiting, describe_pending
from ..rules.errors import IllegalAction
from ..rules.legal import default_action, enumerate_legal
from ..rules.offer_answers import offer_answerers
from .classic_words import CLASSIC_WORDS
from .george_words import GEORGE_WORDS
from .illumo_words import ILLUMO_WORDS, purchase_choice
from .shared_words import SHARED_WORDS
from .deal_builder import can_propose, describe_offer, offers_made, offers_to_answer
from .game_setup import faction_description
from .wording import plain, rule_ids_shown, step_words

MAIN, LANDING, CONTEST, OTHER = "main", "landing", "contest", "other"
GROUPS = (MAIN, LANDING, CONTEST, OTHER)
GROUP_TITLES = {MAIN: "Your decision", LANDING: "Landing options", CONTEST: "Contest", OTHER: "Other actions"}

LANDING_TYPES = frozenset({"do_nothing", "buy", "take_over", "rezone", "subvert", "rebuild", "demand_ransom",
                           "destroy", "lease_parcel"})
CONTEST_TYPES = frozenset({"answer_chair_block", "invite_helpers", "answer_invitation", "join_side", "commit_graft"})
OTHER_TYPES = (A.FREE_ACTION_TYPES | A.CHEAT_ACTION_TYPES) - {"rule_accusation"}
"""Free actions (R-GEN-04) and simulated cheats, tucked away under "Other actions"; a Banker's ruling is a decision."""

LANDING_ORDER = {"buy": -10, "lease_parcel": -10, "take_over": -5, "subvert": -4, "rezone": -3, "rebuild": -2,
                 "destroy": -1, "demand_ransom": 0, "do_nothing": 10}
"""The landing options in the order the panel lists them: buying first, doing nothing last."""

RULESET_WORDS = {"classic": CLASSIC_WORDS, "george": GEORGE_WORDS, "illumo": ILLUMO_WORDS,
                 "shared": SHARED_WORDS}
"""The action words of each ruleset's `queries.wording` that has its own (Illuminopoly's are the labeller's)."""

ACQUISITIONS = frozenset({"buy", "lease_parcel"})
"""Taking the square landed on (buying a deed; leasing a Georgist parcel, V-GEORGE-05): the landing's default."""

SHORTCUTS = {"roll": "R", "jail_roll": "R", "end_turn": "E"}
"""Keys for the most common choices; Space always takes the default choice (see ui/table/action_panel.py)."""


TURN_STEPS = {
    "choice": ("T3", "roll the dice or reorganize"), "income": ("T2", "collect rent or reorganize"),
    "stop_offer": ("", "moving: stop here to fix a subverted property?"), "landing": ("", "landing on {square}"),
    "tax_choice": ("", "Income Tax: choose how to pay"), "fp_choice": ("", "Free Parking: take the pot?"),
    "free": ("", "free actions, then end the turn"), "banker": ("", "the Banker's turn"),
    "rail_jump": ("", "jump to the next Railroad?"), "dog_immunity": ("", "the Dog avoids Jail: stay or go to Just Visiting"),
    "upkeep": ("T1", "upkeep: clean up or attack before the rent"), "none": ("", "between turns"),
    "after_landing": ("", "after the landing"), "after_upkeep": ("", "after the upkeep"),
}
"""What each turn step asks, in words, with its code in the rules (T1–T3), shown only when the player asks for
rule IDs and codes (presentation/wording.py)."""


@dataclass(frozen=True)
class Choice:
    """One button of the action panel."""
    action: A.Action
    label: str
    group: str = MAIN
    cost: int | None = None
    """Dollars the action takes from the seat, when the rules can tell before it is taken."""
    probability: Fraction | None = None
    """For contest decisions: the chance that the attack succeeds (after this graft, for a CommitGraft)."""
    tooltip: str = ""
    is_default: bool = False
    """The highlighted choice, taken by Space."""
    shortcut: str | None = None
    on_timeout: bool = False
    """What the deadline would do (R-GEN-03); usually the default too, but not where buying is."""

    @property
    def kind(self) -> str:
        return self.action.type


def percent(probability: Fraction) -> str:
    """An exact chance as the panel shows it: "41.7%"."""
    return f"{float(probability) * 100:.1f}%"


def refusal_text(refusal: IllegalAction) -> str:
    """A refusal as the dialogs show it: the rule's sentence; its reason code and rule ID (R-GEN-05) too when the
    player asks for them (presentation/wording.py; the dialogs put them in the refusal's tooltip either way)."""
    return refusal_reference(refusal) if rule_ids_shown() else refusal.message


def refusal_reference(refusal: IllegalAction) -> str:
    """A refusal with its reason code and rule ID, whatever the preference: for tooltips (R-GEN-05)."""
    return f"{refusal.message} ({refusal.code}, {refusal.rule_id})"


def choices_for(state: GameState, seat: int) -> list[Choice]:
    """Every legal action of `seat` now, as choices. The default (the highlighted choice, Space) is what the
    deadline would do (R-GEN-03), marked `on_timeout` too, except on a landing where the seat may buy: there buying
    is what a seat most likely wants, so it comes first and is the default, and "Do nothing" (the deadline's choice)
    comes last (issue 20: a double click on Roll must not pass an unowned property over)."""
    labeller = _Labeller(state, seat)
    default = default_action(state, seat) if seat in awaiting(state) else None
    seen: set = set()
    result = []
    for action in enumerate_legal(state, seat):
        key = _placement_free_key(action)
        if key in seen:
            continue
        seen.add(key)
        result.append(labeller.choice(action, is_default=(action == default)))
    if default is not None and not any(c.is_default for c in result):
        # The default differs from every listed action only by placement: mark the first of its kind instead.
        result = [_with_default(c) if c.kind == default.type and not any(r.is_default for r in result) else c
                  for c in result]
    result = [replace(c, on_timeout=c.is_default) for c in result]
    result.sort(key=lambda c: LANDING_ORDER.get(c.kind, 0) if c.group == LANDING else 0)
    buy = next((c for c in result if c.kind in ACQUISITIONS and c.group == LANDING), None)
    if buy is not None:
        result = [replace(c, is_default=c is buy) for c in result]
    return result


def choice_of(state: GameState, seat: int, action: A.Action) -> Choice:
    """`action` of `seat` as the panel would show it, listed or not (a hint's action may be an offer the panel only
    builds in the deal dialog; a graft beyond the listed sample of pips)."""
    return _Labeller(state, seat).choice(action, is_default=False)


def label_of(state: GameState, seat: int, action: A.Action) -> str:
    return choice_of(state, seat, action).label


def same_choice(action: A.Action, other: A.Action) -> bool:
    """Whether two actions are one choice of the panel: equal but for where a new deed hangs (offered once)."""
    return _placement_free_key(action) == _placement_free_key(other)


def _with_default(choice: Choice) -> Choice:
    return replace(choice, is_default=True)


def _placement_free_key(action: A.Action):
    """Actions that differ only by where the new deed hangs are offered once, on the first free arrow the engine
    lists; the structure panel is the place to pick another arrow."""
    return action.type, tuple(sorted((k, repr(v)) for k, v in action.model_dump().items()
                                     if k not in A.PLACEMENT_FIELDS))


# ----- graft (the spin box of the panel) -----

def graft_choices(choices: list[Choice], short: bool = False) -> dict[int, Choice]:
    """The CommitGraft choices by pips (`short`: the simulated short grafts, R-CHEAT-02 (c))."""
    return {c.action.pips: c for c in choices if c.kind == "commit_graft" and c.action.short == short}


def graft_odds(state: GameState, seat: int, pips: int) -> Fraction | None:
    """The attack's chance of success if `seat` commits `pips` more on his side (None outside a contest), counting
    the graft `state` shows: a seat's view (presentation/seat_views.py) shows only its own sealed bid (R-GEN-06)."""
    queries = ruleset_of(state).queries
    contest = queries.active_contest(state)
    if contest is None:
        return None
    side = queries.side_of(contest, seat)
    extra_attack, extra_defence = (pips, 0) if side == "attack" else (0, pips) if side == "defend" else (0, 0)
    return queries.probability(state, contest, extra_attack=extra_attack, extra_defence=extra_defence)


# ----- header and phase -----

def seat_title(state: GameState, seat: int) -> str:
    """"Alice — the Top Hat (aristocrats)"."""
    player = state.players[seat]
    if not ruleset_of(state).queries.has_structures:
        return player.name  # classic Monopoly's players (and the Georgist rules', Illumonopoly's) have no faction
    if player.role == "banker":
        return f"{player.name} — the professional Banker"
    info = load_factions().get(player.faction or "")
    return f"{player.name} — the {info.name} ({info.title})" if info else f"{player.name} — no faction yet"


def phase_text(state: GameState, seat: int | None) -> str:
    """The decision the game waits for, in words, and who must take it (`seat` None: for someone watching)."""
    if state.game_over:
        return "The game is over."
    waiting = awaiting(state)
    names = ", ".join(state.players[s].name for s in waiting) or "nobody"
    if state.pending:
        what = describe_pending(state, state.pending[-1])
        if state.pending[-1].kind == "contest":
            contest = state.pending[-1]
            square = _square_name(state, contest.target)
            what = f"the {contest.contest.replace('_', ' ')} of {square} ({contest.stage.replace('_', ' ')})"
        elif state.pending[-1].kind == "auction" and state.pending[-1].property is not None:
            auction = state.pending[-1]
            high = (f"high bid ${auction.high_bid} by {state.players[auction.high_bidder].name}"
                    if auction.high_bidder is not None else "no bid yet")
            what = f"the auction of {_square_name(state, auction.property)} ({high})"
        phase = what[0].upper() + what[1:]
    else:
        step = state.turn.step
        square = state.turn.landing_square
        code, words = TURN_STEPS.get(step, ("", step.replace("_", " ")))
        if step == "choice" and not ruleset_of(state).queries.has_structures:
            words = "roll the dice"  # nothing to reorganize without power structures (classic Monopoly's readings)
        phase = step_words(code, words.format(square=_square_name(state, square) if square is not None else ""))
        phase = f"{state.players[state.turn.seat].name}'s turn, round {state.round_no}: {phase}" \
            if state.turn.seat >= 0 else phase[0].upper() + phase[1:]
    phase = plain(phase)
    if seat is None:
        return f"{phase} — waiting for {names}."
    if seat in waiting:
        return f"{phase} — your decision."
    proposers = [state.players[o.proposer].name for o in state.offers
                 if seat in o.counterparties and seat not in o.accepted_by]
    if proposers and seat in offer_answerers(state):  # the table asks him first (rules/offer_answers.py)
        return f"{phase} — first, answer the offer of {', '.join(dict.fromkeys(proposers))} (Deals…)."
    return f"{phase} — waiting for {names}."


# ----- labels, prices and odds of each kind of action -----

def _square_name(state: GameState, index: int) -> str:
    return board_index(state.setup.board).squares[index].name


class _Labeller:
    """Each action's label, price and tooltip. Prices and odds are the ruleset's answers (`ruleset.queries`), which
    come from the rules' own checks."""

    def __init__(self, state: GameState, seat: int):
        self.state = state
        self.seat = seat
        self.rules = ruleset_of(state).queries
        self.squares = board_index(state.setup.board).squares
        self.contest = self.rules.active_contest(state)
        self.words = RULESET_WORDS.get(self.rules.wording, {})
        """A classic or Georgist game's own wording of its actions (presentation/classic_words.py,
        george_words.py, illumo_words.py); shared factions' passes and joint choices (shared_words.py)."""

    def price(self, action: A.Action) -> int | None:
        return self.rules.price(self.state, action)

    def name(self, seat: int | None) -> str:
        return "nobody" if seat is None else self.state.players[seat].name

    def square(self, index: int | None) -> str:
        return self.squares[index].name if index is not None else "the square"

    def choice(self, action: A.Action, is_default: bool) -> Choice:
        label, cost, tip = self._describe(action)
        probability = None
        if action.type in CONTEST_TYPES and self.contest is not None:
            pips = action.pips if action.type == "commit_graft" else 0
            probability = graft_odds(self.state, self.seat, pips)
            label += f" — {self.contest.contest.replace('_', ' ')} succeeds {percent(probability)}"
            tip += f" The {self.contest.contest.replace('_', ' ')} succeeds with a chance of {percent(probability)}" \
                   " (counting only the graft you can see)."
        if cost:
            tip += f" Costs ${cost}."
        return Choice(action=action, label=label, group=_group_of(self.state, action), cost=cost,
                      probability=probability, tooltip=tip.strip(), is_default=is_default,
                      shortcut=SHORTCUTS.get(action.type))

    def _describe(self, a: A.Action) -> tuple[str, int | None, str]:
        """(label, cost, tooltip) of one action."""
        own = self.words.get(a.type)
        if own is not None:
            return own(self, a)
        method = getattr(self, f"_{a.type}", None)
        if method is not None:
            return method(a)
        words = a.type.replace("_", " ")
        return words[0].upper() + words[1:], None, ""

    # --- the turn ---
    def _roll(self, a):
        dice = "three dice" if a.dice_count == 3 else "the dice"
        again = " again" if self.state.turn.step == "free" else ""
        return f"Roll {dice}{again}", None, "Roll to move (R-MOVE-01)."

    def _reorganize(self, a):
        if a.abandon:
            lots = ", ".join(self.square(i) for i in a.abandon)
            return f"Reorganize and abandon {lots}", None, "Hand the destroyed lot back to the Bank (R-ART-13)."
        return "Reorganize", None, ("Spend this turn arranging your deeds instead of moving: commits the arrangement "
                                    "the Power structure panel shows (drag deeds there first) (R-TURN-05, R-STRUCT-06).")

    def _jail_roll(self, a):
        return "Roll for doubles", None, "Try to leave Jail with doubles (R-JAIL-04)."

    def _jail_bail(self, a):
        return f"Pay ${jail.BAIL} bail", jail.BAIL, "Leave Jail now (R-JAIL-04)."

    def _jail_favor(self, a):
        return "Use a Political Favor to leave Jail", None, "Spend a Political Favor card (R-JAIL-04)."

    def _second_rent(self, a):
        return "Collect rent a second time", None, "The Top Hat's power (R-FAC-TOPHAT-02)."

    def _forfeit_move_to_rebuild(self, a):
        return "Forfeit the move to rebuild", None, "Use the rebuild token instead of moving (R-REBUILD-02)."

    def _stop_to_fix(self, a):
        return ("Stop here to fix it" if a.stop else "Keep moving"), None, "R-MOVE-04."

    def _collect_rent(self, a):
        return "Collect rent", None, "The Thimble's usual T2 (R-FAC-THIMBLE-02)."

    def _rail_jump(self, a):
        return ("Jump to the next Railroad" if a.jump else "Step as usual"), None, "The Shoe's power (R-FAC-SHOE-02)."

    def _dog_immunity(self, a):
        return ("Go to Just Visiting" if a.just_visiting else "Stay where you are"), None, \
            "The Dog never goes to Jail (R-FAC-DOG-02)."

    def _end_turn(self, a):
        return "End turn", None, "Pass the dice to the next player (R-TURN-03)."

    def _visitor_bail(self, a):
        return f"Bail out {self.name(a.jailed)} for ${jail.BAIL}", jail.BAIL, "A visitor's bail (R-JAIL-07)."

    def _banker_reclaim(self, a):
        return f"Reclaim {self.square(a.property)}", None, "The professional Banker takes it back (R-BANKER-02)."

    def _boat_squeeze(self, a):
        return "Squeeze the peasants", None, "The Boat's power, once per turn (R-FAC-BOAT-03)."

    def _pay_income_tax(self, a):
        if a.method == "flat":
            flat = self.state.setup.board.income_tax_flat
            return f"Pay ${flat} Income Tax", flat, "R-TAX-01."
        return f"Pay {self.state.setup.board.income_tax_percent}% of your worth", None, \
            "Your worth is counted only after you choose (R-TAX-01)."

    def _take_pot(self, a):
        return f"Take the Free Parking pot (${self.state.fp_pot})", None, "R-FP-03."

    def _end_upkeep(self, a):
        return "Go on with the turn", None, "No destruction attempt or cleanup now (R-ART-05)."

    def _attempt_destruction(self, a):
        return "Attempt the destruction", None, "Attack the property you ransomed (R-ART-05)."

    # --- landing (R-LAND-03) ---
    @property
    def _landing(self) -> int | None:
        return self.state.turn.landing_square

    def _do_nothing(self, a):
        return "Do nothing", None, "Leave the square as it is."

    def _buy(self, a):
        price = self.price(a)
        return f"Buy {self.square(self._landing)} for ${price}", price, "R-LAND-04."

    def _take_over(self, a):
        cost = self.price(a)
        return f"Take over {self.square(self._landing)} — base cost ${cost}", cost, \
            "A contest for the whole arm; the base cost is paid at once (R-TAKEOVER-03)."

    def _rezone(self, a):
        cost = self.price(a)
        return f"Rezone {self.square(self._landing)} — base cost ${cost}", cost, "A rezoning contest (R-REZONE-04)."

    def _subvert(self, a):
        cost = self.price(a)
        return f"Subvert {self.square(self._landing)} — base cost ${cost}", cost, \
            "A subversion contest for control (R-SUBVERT-02)."

    def _rebuild(self, a):
        cost = self.price(a)
        return f"Rebuild {self.square(self._landing)} — ${cost}", cost, \
            "A zoning roll, then the rebuild (R-REBUILD-03)."

    def _demand_ransom(self, a):
        return f"Demand ${a.amount} ransom for {self.square(self._landing)}", None, \
            "Any amount of at least $1 may be demanded (R-ART-03)."

    def _destroy(self, a):
        cost = self.price(a)
        return f"Destroy {self.square(self._landing)} — base cost ${cost}", cost, "A surprise destruction (R-ART-07)."

    # --- decision windows ---
    def _pick_faction(self, a):
        info = load_factions().get(a.faction)
        if info is None:
            return f"Play the {a.faction}", None, ""
        # What a newcomer picks by (R-SETUP-02): the power and the victory, each in a sentence, on the button; the
        # full texts and the rules in the tooltip.
        return (f"Play the {info.name} ({info.title})\nPower: {info.power_in_a_sentence}\n"
                f"To win: {info.victory_in_a_sentence}"), None, faction_description(a.faction)

    def _choose_dog_condition(self, a):
        sentence = load_dog_conditions().get(a.condition, a.condition.replace("_", " "))
        base = a.condition.removesuffix("_a").removesuffix("_b")
        info = load_factions().get(base)
        full = f" In full: {info.victory}" if info is not None else ""
        return (f"Win by: {sentence[0].lower()}{sentence[1:]}", None,
                f"Your secret victory condition, met without that faction's power; nobody else sees it until the "
                f"game ends (R-FAC-DOG-01).{full}")

    def _cast_vote(self, a):
        if a.candidate is None:
            return "Abstain", None, "R-CHAIR-02."
        return f"Vote for {self.name(a.candidate)}", None, "R-CHAIR-02."

    @property
    def _favor_window(self):
        top = self.state.pending[-1] if self.state.pending else None
        return top if getattr(top, "kind", None) == "favor_window" else None

    def _play_favor(self, a):
        window = self._favor_window
        if window is not None and window.purpose == "halt":
            if len(window.chain) % 2 == 1:
                return "Counter the halt with a Political Favor", None, \
                    "Your own Political Favor cancels the halt (R-CARD-06, R-REZONE-03)."
            return "Halt it with a Political Favor", None, \
                "Nothing is paid and the landing is used up; the card goes back under its deck (R-REZONE-03)."
        return "Play a Political Favor", None, "Block this sale (R-CARD-06)."

    def _pass_favor(self, a):
        window = self._favor_window
        if window is not None and window.purpose == "halt":
            return "Let it go on", None, "Keep your Political Favor (R-REZONE-03)."
        return "Let it pass", None, "Keep your Political Favor (R-CARD-06)."

    def _settle_payment(self, a):
        return "Pay what you can now", None, "A shortfall is forgiven or becomes a debt (R-LOSE-02)."

    def _bid(self, a):
        return f"Bid ${a.amount}", a.amount, "Raise the auction (R-DEAL-09)."

    def _pass_bid(self, a):
        return "Pass", None, "Drop out of the auction (R-DEAL-09)."

    def _buy_off_mortgage(self, a):
        cost = self.price(a)
        return f"Buy off {self.square(a.property)} for ${cost}", cost, "R-LOSE-03."

    def _end_buy_off(self, a):
        return "Buy off nothing more", None, "R-LOSE-03."

    def _reattach_arms(self, a):
        return "Re-attach the arms", None, "Where the orphaned arms hang (R-STRUCT-07)."

    def _ignore_card_payment(self, a):
        return "Ignore the card's payment", None, "The Steam Iron's power (R-FAC-STEAMIRON-03)."

    def _pay_card(self, a):
        return "Pay the card after all", None, "R-FAC-STEAMIRON-03."

    def _answer_ransom(self, a):
        ransom = self.state.pending_ransom
        amount = ransom.amount if ransom else None
        if a.pay:
            return f"Pay the ${amount} ransom", amount, "R-ART-04."
        return "Refuse the ransom", None, "The Artillery may then attack the property (R-ART-04)."

    def _permit_bribe(self, a):
        if not a.amount:
            return "Offer no permit bribe", None, "R-BUILD-06."
        return f"Offer ${a.amount} to build on {self.square(a.property)}", a.amount, "R-BUILD-06."

    def _answer_permit_bribe(self, a):
        if a.briber is None:
            return "Accept no bribe", None, "R-BUILD-06."
        return f"Accept {self.name(a.briber)}'s bribe", None, "You withdraw your building request (R-BUILD-06)."

    def _rule_accusation(self, a):
        return ("Rule: guilty" if a.guilty else "Rule: not guilty"), None, "R-CHEAT-05."

    # --- contest decisions (R-CONTEST-02) ---
    def _answer_chair_block(self, a):
        return ("Block the takeover" if a.block else "Waive the block"), None, "R-CHAIR-05."

    def _invite_helpers(self, a):
        if not a.invitees:
            return "Invite nobody", None, "R-CONTEST-02 step 5."
        return f"Invite {', '.join(self.name(s) for s in a.invitees)}", None, "R-CONTEST-02 step 5."

    def _answer_invitation(self, a):
        return ("Accept the invitation" if a.accept else "Decline the invitation"), None, "R-CONTEST-02 step 5."

    def _join_side(self, a):
        side = {"attack": "Join the attack", "defend": "Join the defence"}.get(a.side or "", "Stay out")
        return side, None, "R-CONTEST-02 step 5."

    def _commit_graft(self, a):
        price = self.rules.pip_price(self.contest, self.seat) if self.contest else self.rules.PRICE_PER_PIP
        cost = a.pips * price
        if a.short:
            cost = -(-cost // 2)
        kind = "short graft" if a.short else "graft"
        return f"Commit {a.pips} pip{'s' if a.pips != 1 else ''} of {kind}", cost, \
            f"${price} a pip (R-CONTEST-02 step 6)."

    # --- free actions (R-GEN-04) ---
    def _mortgage(self, a):
        amount = self.price(a)
        return f"Mortgage {self.square(a.property)} (+${amount})", None, "R-MORT-01."

    def _unmortgage(self, a):
        cost = self.price(a)
        return f"Lift the mortgage on {self.square(a.property)} — ${cost}", cost, "R-MORT-03."

    def _buy_building(self, a):
        kind = self.rules.building_kind(self.state, self.seat, a.property) or "building"
        cost = self.squares[a.property].house_cost
        return f"Build a {kind} on {self.square(a.property)} — ${cost}", cost, "R-BUILD-01."

    def _sell_building(self, a):
        refund = self.price(a)
        what = {"house": "a house", "hotel_block": "the hotel", "hotel_breakdown": "the hotel, keeping houses"}
        return f"Sell {what.get(a.mode, a.mode)} on {self.square(a.property)} (+${refund})", None, "R-BUILD-04."

    def _offer_terms(self, offer_id: int) -> tuple[str, str]:
        """(proposer's name, the terms in words) of an open offer, as the deal dialog words them."""
        offer = next((o for o in self.state.offers if o.id == offer_id), None)
        if offer is None:
            return "", ""
        return self.name(offer.proposer), describe_offer(self.state, offer)

    def _accept_offer(self, a):
        who, terms = self._offer_terms(a.offer_id)
        return f"Accept {who}'s offer #{a.offer_id}", None, f"{terms} (R-DEAL-02)."

    def _decline_offer(self, a):
        who, terms = self._offer_terms(a.offer_id)
        return f"Decline {who}'s offer #{a.offer_id}", None, f"{terms} (R-DEAL-02)."

    def _withdraw_offer(self, a):
        return f"Withdraw your offer #{a.offer_id}", None, f"{self._offer_terms(a.offer_id)[1]} (R-DEAL-02)."

    def _foreclose(self, a):
        return f"Foreclose on {self.name(a.debtor)}", None, "R-LOSE-04."

    def _pledge_ransom(self, a):
        return f"Pledge ${a.amount} to the ransom pool", a.amount, "R-ART-04."

    def _clean_up(self, a):
        cost = self.price(a)
        return f"Clean up {self.square(a.property)} — ${cost}", cost, "R-ART-11."

    def _cheat_stacked_draw(self, a):
        return "Cheat: stack the next card draw", None, "R-CHEAT-02 (a)."

    def _cheat_marker_shift(self, a):
        return f"Cheat: shift your marker from {self.square(a.from_property)} to {self.square(a.to_property)}", \
            None, "R-CHEAT-02 (b)."

    def _cheat_till_dip(self, a):
        return f"Cheat: take ${a.amount} from the till", None, "R-CHEAT-02 (d)."

    def _return_till(self, a):
        return f"Put ${a.amount} back into the till", a.amount, "R-CHEAT-02 (d)."

    def _accuse(self, a):
        return f"Accuse {self.name(a.accused)} of {a.cheat_type.replace('_', ' ')}", None, "R-CHEAT-04."


ILLUMO_FOLDED = frozenset({"sue"})
"""Illumonopoly's lawsuits (one per deed, kind and defendant) are filed in the lawsuit wizard; the panel keeps them,
still answerable, under "Other actions"."""


def _group_of(state: GameState, action: A.Action) -> str:
    kind = action.type
    if kind in ILLUMO_FOLDED:
        return OTHER
    if kind in CONTEST_TYPES:
        return CONTEST
    if kind == "claim_use_fee":  # V-GEORGE-13's manual claim lapses at the next roll: never tucked away
        return MAIN
    if kind in OTHER_TYPES:
        return OTHER
    if kind in LANDING_TYPES and not state.pending and state.turn.step == "landing":
        return LANDING
    return MAIN


# ----- the playing dialogs the panel opens (contest, deals, ballot, ransom, buildings, mortgages) -----

DIALOGS = "dialogs"
GROUP_TITLES[DIALOGS] = "Contest, deals and property"


@dataclass(frozen=True)
class Launcher:
    """A button of the panel that opens one of the playing dialogs for the seat."""
    name: str
    """"contest", "deal", "vote", "ransom", "building", "mortgage" or "lease" (the Georgist rules)."""
    label: str
    tooltip: str
    urgent: bool = False
    """The seat must decide in this dialog now."""
    auto_open: tuple | None = None
    """Open the dialog by itself, once for this key (a new contest stage, ballot or offer for this seat)."""
    offer_id: int | None = None
    """For the deal dialog: the offer to show first."""
    badge: int = 0
    """How many things wait in the dialog for the seat's answer (offers), shown on the button."""


def launchers_for(state: GameState, seat: int, choices: list[Choice]) -> list[Launcher]:
    """Which dialogs the seat may open now: only where the engine offers it something to see or do."""
    kinds = {c.kind for c in choices}
    waiting = seat in awaiting(state)
    top = state.pending[-1] if state.pending else None
    result = []
    queries = ruleset_of(state).queries
    contest = queries.active_contest(state)
    if contest is not None:
        urgent = waiting and (top is contest or getattr(top, "purpose", None) == "halt")
        square = _square_name(state, contest.target)
        result.append(Launcher(
            "contest", f"Contest: the {contest.contest.replace('_', ' ')} of {square}…",
            "The sides, the stage, the live odds and your decision; afterwards the roll and where every dollar went "
            "(R-CONTEST-02).", urgent, ("contest", contest.id, contest.stage, seat) if urgent else None))
    if top is not None and top.kind == "election" and waiting:
        result.append(Launcher("vote", "Vote for the Chair…", "The ballot of the Chair election (R-CHAIR-02).", True,
                               ("vote", top.id, top.ballot, seat)))
    ransom = state.pending_ransom
    pool_open = queries.open_pool(state) is not None and ransom.artillery != seat \
        and state.players[seat].role == "faction" if ransom is not None else False
    unanswered = ransom is not None and queries.ransom_answerer(state) is not None  # public (§33.8, D-15)
    if ransom is not None and (kinds & {"pledge_ransom", "answer_ransom"} or pool_open or unanswered):
        urgent = "answer_ransom" in kinds  # the owner's own answer, shown to him as soon as it exists (D-15)
        result.append(Launcher("ransom", f"Ransom: ${ransom.amount:,} for {_square_name(state, ransom.property)}"
                                         + (" — your answer…" if urgent else "…"),
                               "The Artillery's demand, who answers it and by when, and the pledge pool (R-ART-04).",
                               urgent, ("ransom", ransom.property, ransom.amount, seat) if urgent else None))
    to_answer = offers_to_answer(state, seat)
    if to_answer or offers_made(state, seat) or can_propose(state, seat):
        newest = max(to_answer, key=lambda offer: offer.id, default=None)
        label = "Deals…" + (f"  ● {len(to_answer)} to answer" if to_answer else "")
        # An offer from a person opens the dialog at once (the laptop was passed to answer it); a computer's
        # waits as a badge on the button, so that it never jumps in front of the seat's own turn (issue 20).
        from_person = newest is not None and state.players[newest.proposer].kind == "human"
        result.append(Launcher("deal", label, "Trades, sales, loans, gifts and bribes; answer or counter the offers "
                                              "made to you (R-DEAL, R-SELL)."
                               + (f"\n{len(to_answer)} offer{'s' if len(to_answer) != 1 else ''} to answer."
                                  if to_answer else ""), bool(to_answer),
                               ("offer", newest.id, seat) if from_person else None,
                               newest.id if newest is not None else None, badge=len(to_answer)))
    if "lease_parcel" in kinds:  # the Georgist lease dialog: the fees, build now, the down payment (V-GEORGE-05)
        result.append(Launcher("lease", f"Lease {_square_name(state, state.turn.landing_square)}…",
                               "The lease fee, the holding fee, the community rent, and building at once with half "
                               "down or more (V-GEORGE-05, -06, -08, -16).", waiting))
    if queries.has_parcels and queries.leases_of(state, seat) and not state.game_over:
        result.append(Launcher("lease_transfer", "Sell a lease…", "Offer one of your leases, with its buildings, for "
                               "an agreed price; the Bank takes $100 from each side (V-GEORGE-21, -22)."))
    if kinds & {"buy_building", "sell_building"}:
        result.append(Launcher("building", "Houses and hotels…", "Build and sell evenly, by colour group (R-BUILD)."))
    if kinds & {"mortgage", "unmortgage"}:
        result.append(Launcher("mortgage", "Mortgages…", "Mortgage or lift, with the amounts (R-MORT)."))
    if queries.has_treasuries:
        result.extend(illumo_launchers(state, seat, kinds, waiting))
    return result


def illumo_launchers(state: GameState, seat: int, kinds: set[str], waiting: bool) -> list[Launcher]:
    """Illumonopoly's dialogs (VARIANTS §4.7): the court over an interference or a lawsuit (opened by itself when
    the seat must pledge), the lawsuit wizard in step 1, the transfer dialog and the payment-source picker."""
    queries = ruleset_of(state).queries
    result = []
    contest = queries.legal_contest(state)
    if contest is not None:
        urgent = waiting and bool(kinds & {"pledge", "pass_pledge", "pass_card"})
        result.append(Launcher("illumo_contest", f"Court: {contest.title}…",
                               "Both sides, their legal power and pledges, the live target and the odds; pledge per "
                               "treasury (V-ILLUMO-13, -37).", urgent,
                               ("illumo_contest", contest.kind, contest.property, state.round_no, seat)
                               if urgent else None))
    if "sue" in kinds:
        result.append(Launcher("illumo_lawsuit", "Start a lawsuit…",
                               "Choose the kind, the defendant and the target; invalid targets say why; the $50 "
                               "filing fee is confirmed (V-ILLUMO-36 to -40)."))
    if "transfer" in kinds:
        free = queries.free_transfers_left(state, seat)
        result.append(Launcher("illumo_transfer", "Transfer between treasuries…" + (f"  ({free} free)" if free else ""),
                               "Move money between your central and group treasuries, with the fee previewed "
                               "(V-ILLUMO-07, -08)."))
    if "choose_split" in kinds:
        # VARIANTS §4.7: the picker opens by itself when the purchase at hand may be paid more than one way
        choice = purchase_choice(state, seat) if "buy" in kinds and waiting else None
        result.append(Launcher("illumo_split", "Payment sources…",
                               "Which treasuries your next purchase, building or lift is paid from, with a "
                               "suggested split (V-ILLUMO-05).", choice is not None,
                               ("illumo_split", state.turn.landing_square, state.round_no, seat)
                               if choice is not None else None))
    return result
