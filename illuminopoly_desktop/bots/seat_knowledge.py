"""What a computer player knows: its seat's view, turned back into a whole game state (a "determinization").

The engine's `legal_actions` and `apply` need a complete GameState, but a computer player may only see its seat's
view (R-GEN-06, `model.views.player_view`). `state_from_view` fills every field the view hides with a sample or a
neutral value drawn from the player's own random generator:

- the card decks: the cards not held as Political Favors, shuffled (their order is hidden from everyone);
- the game's random generator state and the setup's seed: reseeded (knowing either would tell the future);
- another Dog's secret condition: sampled among the conditions a Dog may choose (R-FAC-DOG-01);
- other participants' sealed graft bids: 0 (R-CONTEST-02 step 6), or the estimate a caller passes;
- secret offers, debts and commitments between other players, other players' cheat records: absent, as in the view
  (they bind only their parties, so they never change what this seat may do).

Everything public is copied as it is, so the legal actions of the viewer in the rebuilt state are exactly those of
the real game (tests/test_bot_view_only.py checks this over many seeded games).
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from mypy_extensions import mypyc_attr

from ..model.cards import load_cards
from ..model.seating import SeatId
from ..model.state import GameSetup, GameState
from ..model.views import SEALED_BIDDERS, player_view
from ..variants.illuminopoly.setup import DOG_CONDITIONS

_SETUP_CACHE: dict[str, GameSetup] = {}
_SETUP_CACHE_SIZE = 8

BidGuess = Callable[[dict, int], "int | None"]
"""(the contest as the view shows it, the bidder's seat) -> pips to assume for a sealed bid the view hides, or None
to treat the bid as not yet made (the bidder is then asked again in the rebuilt state)."""


def undecided(window: dict, bidder: int) -> None:
    """A BidGuess that leaves every hidden sealed bid to be made again (for look-ahead: the rollout policy bids)."""
    return None


@mypyc_attr(native_class=False)  # compiled with the core (issue 30): mypyc makes no native class of a TypeError
class NotAView(TypeError):
    """A computer player was handed something other than a seat's view (the whole state would show hidden
    information)."""


def seat_view(given: Any, seat: int) -> dict:
    """The view of `seat` that a computer player decides from. A caller that holds the whole game state (a host,
    a server) may pass it: it is reduced to the seat's view (`model.views.player_view`) before anything else looks
    at it. A dict must be that seat's view. Raises NotAView for anything else."""
    if isinstance(given, GameState):
        return player_view(given, SeatId(seat))
    if not isinstance(given, dict) or "viewer" not in given:
        raise NotAView("computer players decide from their seat's view (model.views.player_view), "
                       f"not from {type(given).__name__}")
    if given["viewer"] != seat:
        raise NotAView(f"this is seat {given['viewer']}'s view, not seat {seat}'s")
    return given


def state_from_view(view: dict, rng: random.Random, bid_guess: BidGuess | None = None) -> GameState:
    """A complete game state consistent with everything `view` shows, hidden fields sampled with `rng`.

    The view is not modified. The setup is parsed once per game and shared between the states rebuilt from it
    (the engine keeps lookups per board object)."""
    seat = view["viewer"]
    data = {key: value for key, value in view.items() if key not in ("viewer", "setup")}
    data["setup"] = _setup_of(view["setup"])
    data["forced_dice"] = []
    if data.get("action_count") is None:
        data["action_count"] = 0
    hidden = _HiddenDraws(view, rng)
    data["rng_state"] = hidden.rng_state
    data["chance_deck"] = hidden.chance_deck
    data["chest_deck"] = hidden.chest_deck
    data["players"] = [player if index not in hidden.dog_conditions
                       else {**player, "dog_condition": hidden.dog_conditions[index]}
                       for index, player in enumerate(view["players"])]
    data["pending"] = [_window_with_guesses(window, seat, bid_guess) for window in view["pending"]]
    return GameState.model_validate(data)


class WorldSampler:
    """`state_from_view` for many samples of one view: the view is parsed into a state once, and each sample is a
    copy of it with the hidden fields drawn again (the strategist samples a world for every round of its rollouts,
    and parsing a whole view was a twelfth of its thinking, issue 30).

    `sample(rng)` equals `state_from_view(view, rng, bid_guess)` field for field and leaves `rng` where that leaves
    it: the same draws in the same order (`_HiddenDraws`); tests/test_world_sampler.py checks both over many
    seeded views."""

    def __init__(self, view: dict, bid_guess: BidGuess | None = None, template: GameState | None = None):
        self.view = view
        self.template = template if template is not None else state_from_view(view, random.Random(0), bid_guess)
        """Everything the view shows; its hidden fields are overwritten in every sample (`template`: another
        sampler's, for `guessing`)."""

    def guessing(self, bid_guess: BidGuess | None) -> WorldSampler:
        """A sampler of the same view whose hidden sealed bids `bid_guess` guesses. While the view shows no sealed
        graft stage the guesses change nothing, and the view is not parsed again."""
        if any(_has_sealed_bids(window) for window in self.view["pending"]):
            return WorldSampler(self.view, bid_guess)
        return WorldSampler(self.view, bid_guess, template=self.template)

    def sample(self, rng: random.Random) -> GameState:
        hidden = _HiddenDraws(self.view, rng)
        state = self.template.copy()
        state.rng_state = hidden.rng_state
        state.chance_deck = hidden.chance_deck
        state.chest_deck = hidden.chest_deck
        for index, condition in hidden.dog_conditions.items():
            state.players[index].dog_condition = condition
        return state


class _HiddenDraws:
    """What a sampled state draws for the fields the view hides, in this order: the game's generator state, the
    Chance deck, the Community Chest deck, then each other Dog's undisclosed condition by seat."""

    def __init__(self, view: dict, rng: random.Random):
        seat = view["viewer"]
        self.rng_state: int = rng.getrandbits(64)
        favors_held = {(card["deck"], card["number"]) for player in view["players"]
                       for card in player["political_favors"]}
        decks = load_cards()
        self.chance_deck = _sampled_deck("chance", decks.chance, view["chance_deck"], favors_held, rng)
        self.chest_deck = _sampled_deck("community_chest", decks.community_chest, view["chest_deck"], favors_held,
                                        rng)
        self.dog_conditions: dict[int, str] = {}
        for index, player in enumerate(view["players"]):
            if player["faction"] == "dog" and player["seat"] != seat and player["dog_condition"] is None \
                    and not player["eliminated"]:
                self.dog_conditions[index] = rng.choice(DOG_CONDITIONS)


def _setup_of(setup: dict) -> GameSetup:
    """The setup as a model, parsed once per game. Its seed is replaced by 0: the seed determines every future
    roll, so a player must not read it (the engine never uses it after setup)."""
    key = repr(setup)  # exact, and twice as fast as JSON
    parsed = _SETUP_CACHE.get(key)
    if parsed is None:
        if len(_SETUP_CACHE) >= _SETUP_CACHE_SIZE:
            _SETUP_CACHE.pop(next(iter(_SETUP_CACHE)))
        parsed = _SETUP_CACHE[key] = GameSetup.model_validate({**setup, "seed": 0})
    return parsed


def _sampled_deck(name: str, cards, shown: Any, favors_held: set, rng: random.Random) -> list[int]:
    """The deck's cards in a random order: every card of the deck except the Political Favors players hold."""
    left = shown["cards_left"] if isinstance(shown, dict) else len(shown)
    pool = [card.number for card in cards if (name, card.number) not in favors_held]
    rng.shuffle(pool)
    if len(pool) >= left:
        return pool[:left]
    return pool + [rng.choice(pool or [1]) for _ in range(left - len(pool))]


def _has_sealed_bids(window: dict) -> bool:
    """Whether `_window_with_guesses` may guess bids in this window (a contest's unrevealed sealed graft stage)."""
    return window["kind"] == "contest" and not window["revealed"] and window["stage"] == "graft"


def _window_with_guesses(window: dict, seat: int, bid_guess: BidGuess | None) -> dict:
    """A contest's sealed bids of others become guesses (0 unless a guess is given); a professional Banker's
    evidence of a cheat (shown only to him, R-CHEAT-04) is no state field and is dropped."""
    if window["kind"] == "cheat_ruling":
        return {key: value for key, value in window.items() if key != "evidence"}
    if window["kind"] == "contest" and SEALED_BIDDERS in window:  # who has bid: the view's extra, no state field
        window = {key: value for key, value in window.items() if key != SEALED_BIDDERS}
    if not _has_sealed_bids(window):
        return window
    bids = {int(bidder): pips for bidder, pips in window["bids"].items()}
    for bidder in window["attackers"] + window["defenders"]:
        if bidder != seat and bidder not in bids:
            guess = bid_guess(window, bidder) if bid_guess else 0
            if guess is not None:
                bids[bidder] = guess
    return {**window, "bids": bids}
