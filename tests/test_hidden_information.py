"""R-GEN-06 over many seeded games: the Dog's condition, sealed graft bids before their reveal, secret deals and
simulated cheat records reach only the seats entitled to them, in views and in events."""
from __future__ import annotations

import random

import pytest

from illuminopoly_desktop.bots.game_driver import drive
from illuminopoly_desktop.bots.random_bot import RandomBot
from illuminopoly_desktop.model.state import CashItem, OfferLeg
from illuminopoly_desktop.model.views import events_for, player_view
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.variants.illuminopoly.setup import new_game

GAMES = 24
ACTIONS_PER_GAME = 1500
VIEW_EVERY = 7
"""Views are compared every few actions (a view is a full dump); events are checked after every action."""


def _secret_offer(state, seat: int, rng: random.Random):
    """A secret cash gift proposal between two players, so that secret deals are exercised."""
    others = [s for s in state.faction_seats() if s != seat]
    if not others or state.players[seat].cash < 1:
        return None
    other = rng.choice(others)
    return A.ProposeOffer(seat=seat, counterparties=[other], visibility="secret",
                          legs=[OfferLeg(giver=seat, receiver=other, item=CashItem(amount=1))])


def _check_events(state, events, secret_offers: dict[int, set[int]]) -> None:
    seats = list(range(len(state.players))) + [None]
    for viewer in seats:
        for event in events_for(events, viewer):
            data = event.as_json()
            kind = data["type"]
            if kind == "dog_condition_chosen":
                # told to all at the game's end, or when the Dog is eliminated (R-LOSE-05)
                assert viewer == data["seat"] or state.game_over or state.players[data["seat"]].eliminated, \
                    "the Dog's choice reached another seat"
            if kind == "contest" and data["stage"] == "bid" and state.setup.options.graft_bidding_mode == "sealed":
                assert viewer == data["seat"], "a sealed bid reached another seat before the reveal"
            if kind == "offer" and data["offer_id"] in secret_offers:
                assert viewer in secret_offers[data["offer_id"]], "a secret offer reached an outsider"
            if "cheat" in kind:
                assert viewer is not None and viewer == data.get("seat"), "a cheat record reached another seat"


def _check_views(state, secret_offers: dict[int, set[int]]) -> None:
    for viewer in list(range(len(state.players))) + [None]:
        view = player_view(state, viewer)
        for player in view["players"]:
            if player["seat"] != viewer and not state.game_over and not player["eliminated"]:
                assert player["dog_condition"] is None
        for window in view["pending"]:
            if window["kind"] == "contest" and not window["revealed"] \
                    and state.setup.options.graft_bidding_mode == "sealed":
                assert set(window["bids"]) <= ({str(viewer)} if viewer is not None else set())
        for offer in view["offers"]:
            if offer["id"] in secret_offers:
                assert viewer in secret_offers[offer["id"]]
        for record in view.get("cheat_records", []) or []:
            assert viewer is not None and record.get("seat") == viewer
        assert view["rng_state"] is None and view["setup"]["seed"] == 0


@pytest.mark.parametrize("chunk", range(4))
def test_R_GEN_06_hidden_information_never_reaches_other_seats(chunk):
    """R-GEN-06, R-FAC-DOG-01, R-CONTEST-02 (sealed bids), R-DEAL-05 (secret deals), R-CHEAT-02 (cheat records)."""
    for seed in range(chunk * GAMES // 4, (chunk + 1) * GAMES // 4):
        options = {"max_rounds": 25, "use_artillery": seed % 2 == 0}
        if seed % 3 == 0:
            options["cheating_mode"] = "simulated"
        players = 4 + seed % 3
        factions = ["dog", "top_hat", "thimble", "race_car", "horseman", "boat", "wheelbarrow", "steam_iron", "shoe"]
        if options["use_artillery"]:
            factions[1] = "artillery"
        seats = [{"name": f"P{i}", "kind": "computer", "faction": factions[i]} for i in range(players)]
        try:
            state = new_game(seats, seed=seed, options=options, preset_factions=True)
        except IllegalAction:
            options.pop("cheating_mode", None)
            state = new_game(seats, seed=seed, options=options, preset_factions=True)
        bot = RandomBot(seed)
        rng = random.Random(seed)
        secret_offers: dict[int, set[int]] = {}

        def decide(state, seat):
            if state.turn.step == "free" and seat == state.turn.seat and not state.pending and rng.random() < 0.05:
                offer = _secret_offer(state, seat, rng)
                if offer is not None:
                    return offer
            return bot.choose(state, seat)

        steps = drive(state, decide, pick=lambda s, waiting: waiting[bot.rng.randrange(len(waiting))],
                      fallback=None, tolerate={"propose_offer"})
        count = 0
        for count, step in zip(range(ACTIONS_PER_GAME), steps):
            if step.skipped:
                continue
            action, events = step.action, step.events
            if action.type == "propose_offer" and action.visibility == "secret":
                offer = state.offers[-1]
                secret_offers[offer.id] = {offer.proposer, *offer.counterparties}
            _check_events(state, events, secret_offers)
            if count % VIEW_EVERY == 0:
                _check_views(state, secret_offers)
        assert state.game_over or count == ACTIONS_PER_GAME - 1


# ----- the pass-and-play table: every screen is fed the seat's view (issue 20, point 9) -----

PANEL_GAMES = (5, 12)
PANEL_DECISIONS = 220


def _screens_of(window) -> dict:
    """Every state a screen of the window holds now: the panel, its open dialogs, the log, the structure."""
    screens = {"action panel": window.action_panel.state, "game log": window.game_log.state}
    editor = window.structure_dock.editor
    if editor is not None:
        screens["power structure"] = editor.scene.staging.state
    for name, dialog in window.action_panel.dialogs.items():
        if dialog.isVisible():
            screens[f"{name} dialog"] = dialog.state
    return screens


def _check_screens(window, real, secret_offers: dict[int, set[int]]) -> None:
    viewer = window.table.viewer
    for screen, shown in _screens_of(window).items():
        if shown is None:
            continue
        assert shown is not real, f"the {screen} holds the whole game"
        assert shown.setup.seed == 0 and shown.rng_state == 0, f"the {screen} could foretell the dice"
        for player in shown.players:
            if player.seat != viewer and not real.game_over and not player.eliminated:
                assert player.dog_condition is None, f"the {screen} knows another Dog's condition"
        for window_ in shown.pending:
            if window_.kind == "contest" and not window_.revealed \
                    and real.setup.options.graft_bidding_mode == "sealed":
                hidden = {seat: pips for seat, pips in window_.bids.items() if seat != viewer}
                assert not any(hidden.values()), f"the {screen} shows another seat's sealed bid"
        for offer in shown.offers:
            if offer.id in secret_offers:
                assert viewer in secret_offers[offer.id], f"the {screen} shows a secret offer to an outsider"
        for record in shown.cheat_records:
            assert record.seat == viewer, f"the {screen} shows another seat's cheat"


@pytest.mark.parametrize("seed", PANEL_GAMES)
def test_R_GEN_06_at_a_shared_laptop_every_screen_shows_only_the_seat_behind_the_curtain(qtbot, tmp_path,
                                                                                         monkeypatch, seed):
    """Three people (one the Dog) and a computer at one laptop, sealed graft, secret offers and simulated cheats:
    the game is played by clicks on whatever the panel offers; after every decision no screen (panel, dialogs,
    log, structure) holds what the seat behind the curtain may not see (R-GEN-06, R-FAC-DOG-01, R-CONTEST-02,
    R-DEAL-05, R-CHEAT-02)."""
    from PySide6.QtWidgets import QApplication, QDialog

    from illuminopoly_desktop.model.board import load_board
    from illuminopoly_desktop.presentation import table_session
    from illuminopoly_desktop.rules import engine
    from illuminopoly_desktop.ui.app.main_window import MainWindow

    monkeypatch.setattr(table_session, "default_data_dir", lambda: tmp_path)
    seats = [{"name": "Ann", "faction": "dog"}, {"name": "Ben", "faction": "thimble"},
             {"name": "Cy", "faction": "race_car"}, {"name": "Cpu", "kind": "computer", "faction": "top_hat"}]
    state = new_game(seats, seed=seed, options={"max_rounds": 12, "cheating_mode": "simulated"},
                     preset_factions=True)
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    window.start_table(state, pace_ms=0, animated=False)
    session = window.table.session
    rng = random.Random(seed)
    secret_offers: dict[int, set[int]] = {}
    seen = {"decisions": 0, "sealed bids hidden": 0}
    for _ in range(PANEL_DECISIONS):
        qtbot.waitUntil(lambda: session.state.game_over or bool(session.human_seats_awaited()), timeout=20_000)
        if session.state.game_over:
            break
        if window.table.question is not None or window.table.news_dialog is not None:
            for dialog in (window.table.question, window.table.news_dialog):  # closed unanswered
                if dialog is not None:
                    dialog.close()
            continue
        if window.handover.isVisible():
            window.handover.confirm()
        elif window.structure_dock.is_placing:
            scene = window.structure_dock.editor.scene
            scene._keyboard_lift()
            scene._aim_at(rng.choice(sorted(scene.lit_spots(), key=repr)))
            scene._drop(scene._drag.aim)
        else:
            panel = window.action_panel
            viewer = window.table.viewer
            if viewer is not None and rng.random() < 0.05 and state.turn.seat == viewer:
                offer = _secret_offer(session.state, viewer, rng)
                if offer is not None and engine.is_legal(session.state, offer) is None:
                    window.table.apply_action(offer)
                    made = session.state.offers[-1]
                    secret_offers[made.id] = {made.proposer, *made.counterparties}
            elif panel.graft_chooser is not None and rng.random() < 0.7:
                chooser = panel.graft_chooser
                chooser.pips.setValue(rng.randint(chooser.pips.minimum(), min(chooser.pips.maximum(), 8)))
                chooser.commit.click()
            elif panel.amount_choosers:
                box = rng.choice(list(panel.amount_choosers.values()))
                box.amount.setValue(box.amount.minimum())
                box.button.click()
            elif panel.buttons:
                attacks = [b for b in panel.buttons if b.choice.kind in ("take_over", "rezone", "subvert")]
                (rng.choice(attacks) if attacks and rng.random() < 0.8 else rng.choice(panel.buttons)).click()
        _check_screens(window, session.state, secret_offers)
        seen["decisions"] += 1
        seen["sealed bids hidden"] += any(
            w.kind == "contest" and not w.revealed and any(seat != window.table.viewer for seat in w.bids)
            for w in session.state.pending)
        for widget in QApplication.topLevelWidgets():
            if widget is not window and widget.isVisible() and isinstance(widget, QDialog) \
                    and widget is not window.table.news_dialog and widget not in window.action_panel.dialogs.values():
                widget.close()
    window.table.stop()
    # The game went far enough to put the screens to the test: a sealed bid of another seat stood while a person
    # held the laptop, and secret offers were made.
    assert seen["decisions"] > 100 and seen["sealed bids hidden"] and secret_offers, seen
