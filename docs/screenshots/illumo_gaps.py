"""Screenshots of Illumonopoly's table for issue 29's last gaps, on a real X server, driven by real mouse and keyboard
events from xdotool (the script only sets up each scene's position and reads where the widgets are):

  secret-trade      the mover makes an offer of Reading Railroad to him a Secret Deal from the deal window (a card
                    face down), accepts it; the next player's prompt then (no Interference card: only "let it
                    pass"), his log saying only that a Secret Deal was played
  split-auto        the payment-source picker, opened by itself on Baltic Avenue with the suggested split
  lawsuit-nobody    the lawsuit wizard suing nobody over an unowned lot (illumo_landmark_unowned_targets)
  spy-reveal        Corporate Spy's reveal on Ann's panel after Ben let the card stand on his own screen
  game-over         the game-over screen ranked by public worth, no cash column
  transfer-suggest  the transfer dialog starting at the most brown can send net of its fee

Usage (under Xvfb, DISPLAY set, e.g. through /work/shared/tools/xshot):
  python docs/screenshots/illumo_gaps.py OUTDIR [SCENE ...]
Each scene is saved as OUTDIR/illumo-SCENE-WxH.png (the screen's size)."""
from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PySide6.QtWidgets import QApplication

from illuminopoly_desktop.model.board import load_board
from illuminopoly_desktop.model.state import CashItem, DeedItem, OfferLeg
from illuminopoly_desktop.presentation import preferences, table_session
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.game_start import new_game
from illuminopoly_desktop.ui.app import game_files
from illuminopoly_desktop.ui.app.main_window import MainWindow

OUT = Path(sys.argv[1])
OUT.mkdir(parents=True, exist_ok=True)
TEMP = Path(tempfile.mkdtemp(prefix="illumo-shots-"))
table_session.default_data_dir = lambda: TEMP / "data"
preferences.default_config_dir = lambda: TEMP / "config"
game_files.documents_dir = lambda: TEMP
app = QApplication(sys.argv[:1])
SCREEN = app.primaryScreen().geometry()
SIZE = f"{SCREEN.width()}x{SCREEN.height()}"
KINDS = ["secret_deal", "interference", "historic_blunder", "holding_action", "idle_hands", "irs_audit",
         "rent_control", "brain_drain", "condemned_property", "corporate_spy", "bribed_assessor", "legal_holiday",
         "cancellation"]
BALTIC, MEDITERRANEAN, READING = 3, 1, 5


def pump(seconds: float = 0.4) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.02)


def xdo(*args) -> None:
    subprocess.run(["xdotool", *map(str, args)], check=True)
    pump()


def click(widget) -> None:
    point = widget.mapToGlobal(widget.rect().center())
    xdo("mousemove", point.x(), point.y())
    xdo("click", 1)


def key(name: str) -> None:
    xdo("key", name)


def shot(name: str) -> None:
    pump(0.8)
    path = OUT / f"illumo-{name}-{SIZE}.png"
    subprocess.run(["import", "-window", "root", str(path)], check=True)
    print("saved", path, flush=True)


def game(players: int = 3, options: dict | None = None, names=("Ann", "Ben", "Cy")):
    return new_game(list(names[:players]), seed=11, options=options, ruleset="illumo", allow_forced_dice=True)


def give(state, seat: int, *indices: int) -> None:
    for index in indices:
        state.properties[index].owner = seat
        kinds = state.variant.treasuries.setdefault(seat, {})
        kinds.setdefault(state.setup.board.squares[index].group, 0)


def fund(state, seat: int, kind: str, amount: int) -> None:
    state.reserves -= amount
    if kind == "central":
        state.players[seat].cash += amount
    else:
        state.variant.treasuries.setdefault(seat, {})[kind] = state.variant.treasuries.get(seat, {}).get(kind, 0) + amount


def deal(state, seat: int, kind: str) -> None:
    number = KINDS.index(kind) * 4
    state.variant.court_discard.remove(number)
    state.variant.court_hands.setdefault(seat, []).append(number)


def others(state) -> list[int]:
    order = state.seat_order
    start = order.index(state.turn.seat)
    return (order[start:] + order[:start])[1:]


def table(state) -> MainWindow:
    window = MainWindow(load_board())
    window.resize(SCREEN.width(), SCREEN.height())
    window.move(0, 0)
    window.show()
    window.activateWindow()
    pump(1.0)
    window.start_table(state, pace_ms=0, animated=False)
    pump(0.6)
    through_the_curtain(window)
    return window


def through_the_curtain(window) -> None:
    for _ in range(5):
        if not window.handover.isVisible():
            return
        window.handover.activateWindow()
        window.handover.setFocus()
        key("Return")


def pass_cards(window) -> None:
    state = window.table.session.state
    for _ in range(8):
        if not (state.pending and state.pending[-1].kind == "illumo_card_response"):
            return
        through_the_curtain(window)
        click(window.action_panel.buttons_of("pass_card")[0])


def put_away(window) -> None:
    for widget in QApplication.topLevelWidgets():
        widget.hide()
    window.close()
    window.deleteLater()
    pump(0.3)


def menu_entry(menu, words: str) -> None:
    """Click the entry of an open menu whose words contain `words`."""
    entry = next(a for a in menu.actions() if words in a.text())
    point = menu.mapToGlobal(menu.actionGeometry(entry).center())
    xdo("mousemove", point.x(), point.y())
    xdo("click", 1)


def deal_dialog(window):
    dialog = window.action_panel.dialogs.get("deal")
    if dialog is None or not dialog.isVisible():
        click(window.action_panel.launcher_buttons["deal"])
        dialog = window.action_panel.dialogs["deal"]
    return dialog


def secret_trade() -> None:
    state = game(3)
    mover = state.turn.seat
    seller = others(state)[0]
    give(state, seller, READING)
    deal(state, mover, "rent_control")
    deal(state, mover, "irs_audit")
    engine.apply(state, A.ProposeOffer(seat=seller, counterparties=[mover], legs=[
        OfferLeg(giver=seller, receiver=mover, item=DeedItem(property=READING)),
        OfferLeg(giver=mover, receiver=seller, item=CashItem(amount=300))]))
    window = table(state)
    dialog = deal_dialog(window)
    click(dialog.secret_button)
    pump(0.5)
    shot("secret-trade-menu")
    menu_entry(dialog.secret_menu, "Rent Control")
    pass_cards(window)
    through_the_curtain(window)
    dialog = deal_dialog(window)
    shot("secret-trade-dialog")
    click(dialog.accept_button)
    pump(0.3)
    through_the_curtain(window)
    shot("secret-trade-complaint")
    put_away(window)


def split_auto() -> None:
    state = game(2)
    ann = state.turn.seat
    give(state, ann, MEDITERRANEAN)
    fund(state, ann, "brown", 40)
    engine.apply(state, A.ForceDice(seat=ann, dice=[1, 2]))
    window = table(state)
    click(window.action_panel.buttons_of("roll")[0])
    pump(0.8)
    shot("split-auto")
    key("Return")
    shot("split-auto-accepted")
    put_away(window)


def lawsuit_nobody() -> None:
    state = game(2, options={"illumo_landmark_unowned_targets": True})
    give(state, others(state)[0], BALTIC)
    window = table(state)
    click(window.illumo_panel.lawsuit_button)
    wizard = window.action_panel.dialogs["illumo_lawsuit"]
    click(wizard.defendant)
    pump(0.4)
    key("End")
    key("Return")
    shot("lawsuit-nobody")
    put_away(window)


def spy_reveal() -> None:
    state = game(2)
    ann = state.turn.seat
    ben = others(state)[0]
    deal(state, ann, "corporate_spy")
    deal(state, ben, "legal_holiday")
    engine.apply(state, A.ForceDice(seat=ann, dice=[4, 6]))
    window = table(state)
    click(window.action_panel.buttons_of("roll")[0])
    card = next(iter(window.illumo_panel.card_buttons.values()))
    click(card)
    menu_entry(window.illumo_panel.menu, "Court hand")
    through_the_curtain(window)
    shot("spy-reveal-ben")
    click(window.action_panel.buttons_of("pass_card")[0])
    through_the_curtain(window)
    shot("spy-reveal")
    put_away(window)


def game_over() -> None:
    state = game(2, options={"classic_end_mode": "time_limit", "classic_time_limit_rounds": 1})
    ann = state.turn.seat
    give(state, ann, BALTIC, READING)
    fund(state, ann, "brown", 40)
    give(state, others(state)[0], MEDITERRANEAN)
    window = table(state)
    for _ in range(2):
        through_the_curtain(window)
        mover = window.table.session.state.turn.seat
        engine.apply(window.table.session.state, A.ForceDice(seat=mover, dice=[4, 6]))
        click(window.action_panel.buttons_of("roll")[0])
        click(window.action_panel.buttons_of("end_turn")[0])
        pump(0.5)
    pump(1.5)
    shot("game-over")
    put_away(window)


def transfer_suggest() -> None:
    state = game(2)
    ann = state.turn.seat
    give(state, ann, MEDITERRANEAN)
    fund(state, ann, "brown", 90)
    window = table(state)
    click(window.illumo_panel.transfer_button)
    dialog = window.action_panel.dialogs["illumo_transfer"]
    click(dialog.source)
    pump(0.4)
    key("Down")
    key("Return")
    shot("transfer-suggest")
    put_away(window)


SCENES = {"secret-trade": secret_trade, "split-auto": split_auto, "lawsuit-nobody": lawsuit_nobody,
          "spy-reveal": spy_reveal, "game-over": game_over, "transfer-suggest": transfer_suggest}
for name in sys.argv[2:] or SCENES:
    print("scene", name, flush=True)
    SCENES[name]()
