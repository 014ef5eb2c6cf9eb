"""Classic Monopoly at the table (issue 26, "At the table"): New Game chooses the rule system with the keyboard and
shows classic's house rules; a classic game plays pass-and-play through the window from its first roll to its end
(CLASSIC-15's time limit) with real events — Return on the hand-over curtain, mouse clicks on the Actions panel —
without a Power structure panel, with classic's actions in plain words naming CLASSIC rules; the seat areas show the
deeds, the Get Out of Jail Free cards and the net worth; a classic save opens and plays on."""
from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QGroupBox, QLabel

from illuminopoly_desktop.model.board import load_board
from illuminopoly_desktop.model.rulesets import find_ruleset
from illuminopoly_desktop.model.state import FavorCard
from illuminopoly_desktop.presentation.action_choices import choices_for
from illuminopoly_desktop.presentation.seat_summary import seat_summaries
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.ui.app.main_window import MainWindow
from illuminopoly_desktop.ui.app.table_layout import STRUCTURE
from illuminopoly_desktop.ui.dialogs.new_game_dialog import NewGameDialog
from illuminopoly_desktop.ui.structure.seat_areas import header_tooltip, money_html
from illuminopoly_desktop.ui.structure.seat_scenes import JailCardItem
import tabletop

CLASSIC = find_ruleset("classic")
PEOPLE = [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cy"}]


def open_window(qtbot) -> MainWindow:
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    return window


click = tabletop.mouse_click


def play_by_clicks(qtbot, window: MainWindow, decisions: int, rnd: random.Random,
                   titles: set[str] | None = None) -> list[str]:
    """Up to `decisions` decisions through the window: Return on the curtain, else a click on one of the panel's
    buttons (never "Don't buy", which asks first). Returns every label shown; adds the panel's group titles to
    `titles`."""
    labels = []
    for _ in range(decisions):
        state = window.table.session.state
        if state.game_over:
            break
        if window.handover.isVisible():
            QTest.keyClick(window.handover, Qt.Key.Key_Return)
            continue
        buttons = window.action_panel.buttons
        assert buttons, f"nothing to click, waiting for {engine.awaiting(state)}"
        labels += [button.choice.label for button in buttons]
        if titles is not None:  # the panel's group boxes' titles
            titles.update(box.title() for box in window.action_panel.findChildren(QGroupBox))
        pool = [b for b in buttons if b.choice.kind != "do_nothing"] or buttons
        click(rnd.choice(pool))
        qtbot.wait(1)
    return labels


# ----- New Game -----

def test_new_game_chooses_classic_monopoly_with_the_keyboard_and_shows_its_house_rules(qtbot):
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.ruleset() == "illuminopoly" and "power structures" in dialog.ruleset_sentence.text()
    assert not dialog.seats_table.isColumnHidden(2) and "use_artillery" in dialog.house_rules.fields

    dialog.ruleset_combo.setFocus()
    QTest.keyClick(dialog.ruleset_combo, Qt.Key.Key_Down)

    assert dialog.ruleset() == "classic"
    assert "net worth" in dialog.ruleset_sentence.text()
    assert dialog.seats_table.isColumnHidden(2)  # no faction to choose
    assert not dialog.artillery_check.isVisibleTo(dialog) and not dialog.banker_check.isVisibleTo(dialog)
    fields = dialog.house_rules.fields
    assert set(fields) == set(CLASSIC.options_model.model_fields)
    assert all(name.startswith("classic_") for name in fields)
    # The house rules page: a short game of 12 rounds (CLASSIC-15), typed into its box.
    dialog.tabs.setCurrentWidget(dialog.house_rules)
    end_mode = dialog.house_rules.editors["classic_end_mode"]
    end_mode.setCurrentIndex(end_mode.findData("time_limit"))
    tabletop.type_number(dialog.house_rules.editors["classic_time_limit_rounds"], "12")
    tabletop.tick_with_the_space_bar(dialog.house_rules.editors["classic_free_parking_jackpot"])
    assert dialog.ok_button.isEnabled(), dialog.problems()

    state = dialog.start_game()
    assert state.setup.ruleset == "classic"
    assert state.setup.options.classic_end_mode == "time_limit"
    assert state.setup.options.classic_time_limit_rounds == 12
    assert state.setup.options.classic_free_parking_jackpot is True
    assert [p.cash for p in state.players] == [1500] * 4  # CLASSIC-02
    assert dialog.remembered().ruleset == "classic"
    assert dialog.remembered().option_overrides["classic_time_limit_rounds"] == 12


def test_classic_seats_two_to_eight_players(qtbot):
    """CLASSIC-02: one seat is too few, nine too many; the refusal names the rule and disables Start game."""
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.ruleset_combo.setCurrentIndex(dialog.ruleset_combo.findData("classic"))
    dialog.set_seat_count(9)
    assert not dialog.ok_button.isEnabled() and any("CLASSIC-02" in p for p in dialog.problems())
    dialog.set_seat_count(8)
    assert dialog.ok_button.isEnabled() and dialog.problems() == []
    dialog.set_seat_count(1)
    assert not dialog.ok_button.isEnabled() and any("CLASSIC-02" in p for p in dialog.problems())


def test_the_remembered_classic_table_opens_classic_again(qtbot):
    first = NewGameDialog()
    qtbot.addWidget(first)
    first.ruleset_combo.setCurrentIndex(first.ruleset_combo.findData("classic"))
    first.house_rules.editors["classic_luxury_tax"].setValue(75)
    again = NewGameDialog(remembered=first.remembered())
    qtbot.addWidget(again)
    assert again.ruleset() == "classic" and again.house_rules.value("classic_luxury_tax") == 75


# ----- the table -----

def test_a_classic_game_plays_at_the_table_to_its_end_by_clicks(qtbot, folders):
    """Three people, a four-round game (CLASSIC-15's time limit): every decision is a click or Return; the game
    ends, the game-over screen ranks by net worth, and nothing on the panel speaks of Illuminopoly."""
    state = CLASSIC.new_game(PEOPLE, seed=7, options={"classic_end_mode": "time_limit",
                                                     "classic_time_limit_rounds": 4})
    window = open_window(qtbot)
    window.start_table(state, pace_ms=0, animated=False)
    assert STRUCTURE not in {dock.objectName() for dock in window.table_docks}  # no power structure to show
    assert window.table.structure is None  # and no arrow to drop a bought deed on
    assert not any(item._arrows_shown for item in window.scene.square_items)  # deeds drawn without out-arrows
    assert window.scene.bank_item.text() == "THE BANK · 32 houses · 12 hotels left · Round 1"  # no Reserves, no Chair

    titles: set[str] = set()
    labels = play_by_clicks(qtbot, window, 400, random.Random(2), titles)
    assert "Deals and property" in titles and not any("Contest" in title for title in titles)

    state = window.table.session.state
    assert state.game_over, "the four-round game did not end within 400 decisions"
    assert any(label.startswith("Roll the dice") for label in labels)
    assert any(label.startswith("Buy ") for label in labels)
    for label in labels:
        assert "Political Favor" not in label and "R-" not in label, label
    qtbot.waitUntil(lambda: window.game_over_dialog is not None and window.game_over_dialog.isVisible(), timeout=5000)
    dialog = window.game_over_dialog
    assert dialog.standings.horizontalHeaderItem(4).text() == "Net worth" and dialog.standings.isColumnHidden(2)
    worths = CLASSIC.queries.net_worths(state)
    first = dialog.standings.item(0, 4).text()
    assert first == f"{max(worths.values()):,}"  # the winner's net worth heads the standings
    best = max(worths.values())
    assert {seat for seat, worth in worths.items() if worth == best} == set(state.winners)  # CLASSIC-15


def test_the_board_of_a_classic_game_reads_monopoly_and_its_deeds_have_no_legs_or_arrows(qtbot, folders):
    """The centre's banner and emblem and the squares' tooltips follow the rule system: a classic game shows MONOPOLY
    without the pyramid, and no deed speaks of legs or out-arrows (they belong to power structures); an Illuminopoly
    game opened afterwards in the same window gets its banner, eye and out-arrows back."""
    state = CLASSIC.new_game(PEOPLE, seed=3)
    state.properties[39].owner = 1
    window = open_window(qtbot)
    window.start_table(state, pace_ms=0, animated=False)
    centre = window.scene.centre_item
    assert (centre.title, centre.all_seeing_eye) == ("MONOPOLY", False)
    boardwalk = window.scene.square_item(39).toolTip()
    assert "Boardwalk" in boardwalk and "Mortgage value" in boardwalk and "Owner: <b>Ben</b>" in boardwalk
    assert "Out-arrows" not in boardwalk and "Leg" not in boardwalk
    deed = window.seat_areas.area(1).scene.cards[39].toolTip()
    assert "Boardwalk" in deed and "Out-arrows" not in deed

    illuminopoly = find_ruleset("illuminopoly").new_game(PEOPLE, seed=3)
    window.start_table(illuminopoly, pace_ms=0, animated=False)
    assert (centre.title, centre.all_seeing_eye) == ("ILLUMINOPOLY", True)
    assert "Out-arrows" in window.scene.square_item(39).toolTip()


def test_classic_words_for_the_turn_and_the_round_end_name_no_power_structure(qtbot):
    """Classic Monopoly's turn asks to roll the dice (there is nothing to reorganize), and its round-end log line
    names the players' net worths (CLASSIC-15), not Illuminopoly's Power Bases."""
    from illuminopoly_desktop.presentation.action_choices import phase_text
    from illuminopoly_desktop.presentation.event_text import describe
    from illuminopoly_desktop.rules.events import RoundEnded

    state = CLASSIC.new_game(PEOPLE, seed=3)
    seat = state.turn.seat
    text = phase_text(state, seat)
    assert "roll the dice — your decision" in text and "reorganize" not in text
    line = describe(RoundEnded(round_no=4, power_bases={0: 1590, 1: 1500}, rule_id="CLASSIC-15"), state)
    assert line.startswith("Round 4 ends; net worth: Ann 1590, Ben 1500") and "Power" not in line


def test_the_action_panel_words_classic_actions_with_classic_rules(qtbot):
    """Jail (CLASSIC-11): the fine, the roll for doubles and the Get Out of Jail Free card, in plain words."""
    state = CLASSIC.new_game(PEOPLE, seed=3)
    ann = state.players[0]
    ann.in_jail, ann.jail_turns = True, 0
    ann.position = state.setup.board.jail_index
    ann.political_favors.append(FavorCard(deck="chance", number=0))
    choices = {c.kind: c for c in choices_for(state, 0)}
    assert choices["jail_bail"].label == "Pay the $50 fine" and "CLASSIC-11" in choices["jail_bail"].tooltip
    assert choices["jail_favor"].label == "Use a Get Out of Jail Free card"
    assert choices["jail_roll"].label == "Roll for doubles"


def test_the_seat_area_shows_deeds_jail_cards_and_net_worth(qtbot, folders):
    state = CLASSIC.new_game(PEOPLE, seed=3)
    state.properties[1].owner = 0  # Mediterranean Avenue ($60)
    state.properties[3].owner = 0  # Baltic Avenue ($60), mortgaged: half its price counts
    state.properties[3].mortgaged = True
    state.players[0].political_favors.append(FavorCard(deck="community_chest", number=4))
    window = open_window(qtbot)
    window.start_table(state, pace_ms=0, animated=False)

    area = window.seat_areas.area(0)
    items = area.scene.items()
    assert sorted(area.scene.cards) == [1, 3]
    assert all(card.plain and not card.sockets for card in area.scene.cards.values())  # plain deeds: no arrows
    assert [item.deck for item in items if isinstance(item, JailCardItem)] == ["Community Chest"]
    summary = seat_summaries(state)[0]
    assert summary.net_worth == 1500 + 60 + 30  # CLASSIC-15: cash, price, half the mortgaged one's
    line = money_html(summary)
    assert summary.worth_rank == 1  # Ben and Cy are worth their $1,500
    assert [other.worth_rank for other in seat_summaries(state)[1:]] == [2, 2]
    assert "worth $1,590 (1st)" in line and "1 Jail Free card" in line and "2 deeds" in line
    assert "Power Base" not in line
    tip = header_tooltip(summary, state)
    assert "Net worth: $1,590, 1st at the table" in tip and "Get Out of Jail Free cards: 1" in tip
    assert "Political" not in tip and "—" not in tip


def test_a_classic_save_opens_and_plays_on(qtbot, folders, monkeypatch):
    window = open_window(qtbot)
    window.start_table(CLASSIC.new_game(PEOPLE, seed=5), pace_ms=0, animated=False)
    play_by_clicks(qtbot, window, 25, random.Random(4))
    saved = folders["documents"] / "classic evening.illuminopoly.json"
    reopened = tabletop.save_and_reopen(window, monkeypatch, saved, lambda: open_window(qtbot), "classic")
    assert STRUCTURE not in {dock.objectName() for dock in reopened.table_docks}
    before = len(reopened.table.session.actions)
    play_by_clicks(qtbot, reopened, 10, random.Random(5))
    assert len(reopened.table.session.actions) > before


def test_f1_in_a_classic_game_shows_how_to_play_classic_and_its_house_rules(qtbot, folders):
    state = CLASSIC.new_game(PEOPLE, seed=3, options={"classic_luxury_tax": 75})
    window = open_window(qtbot)
    window.start_table(state, pace_ms=0, animated=False)
    if window.handover.isVisible():
        QTest.keyClick(window.handover, Qt.Key.Key_Return)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    QTest.keyClick(window, Qt.Key.Key_F1)
    reference = window.rules_reference
    assert reference.isVisible()
    how_to = reference.how_to_play.toPlainText()
    assert how_to.startswith("How to play classic Monopoly")
    assert "CLASSIC-05" in how_to and "Get Out of Jail Free" in how_to and "Power Base" not in how_to
    game_page = reference.game_page.toPlainText()
    assert "Luxury tax: 75." in game_page and "CLASSIC-10" in game_page


# ----- LAN -----

def test_host_game_hosts_classic_monopoly_and_its_advert_and_lobby_name_it(qtbot, tmp_path):
    from illuminopoly_desktop.ui.lan.host_dialog import HostDialog

    dialog = HostDialog(bind="127.0.0.1", discovery=False, save_path=tmp_path / "lan.json", computer_pace=0)
    qtbot.addWidget(dialog)
    dialog.port.setValue(0)
    dialog.show()
    qtbot.waitExposed(dialog)
    try:
        dialog.ruleset_combo.setFocus()
        QTest.keyClick(dialog.ruleset_combo, Qt.Key.Key_Down)
        assert dialog.ruleset() == "classic" and "net worth" in dialog.ruleset_sentence.text()
        assert set(dialog.house_rules.fields) == set(CLASSIC.options_model.model_fields)
        dialog.house_rules.editors["classic_luxury_tax"].setValue(75)
        dialog.seats.setValue(2)  # CLASSIC-02: two players are a table
        dialog.computers.setValue(1)
        dialog.strength.setCurrentIndex(dialog.strength.findData("strategist"))
        assert not dialog.host_button.isEnabled() and "no strategist" in dialog.problems_label.text()
        dialog.strength.setCurrentIndex(dialog.strength.findData("schemer"))
        assert dialog.host_button.isEnabled(), dialog.problems()
        config = dialog.config()
        assert (config.ruleset, config.options) == ("classic", {"classic_luxury_tax": 75})
        remembered = dialog.remembered()
        assert remembered.ruleset == "classic" and remembered.option_overrides == {"classic_luxury_tax": 75}
        QTest.mouseClick(dialog.host_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: dialog.lan.seat == 0 and "Classic Monopoly" in dialog.lobby.title.text(),
                        timeout=5000)
        server = dialog.lan.server
        assert server.call(lambda s: s._advert()["rs"]) == "classic"
    finally:
        dialog.done(0)


def test_a_classic_auction_is_bid_in_turn_on_the_public_screen_without_the_curtain(qtbot, folders):
    """CLASSIC-05: Ann passes over Baltic Avenue; the auction is open, so every bidder bids on the public screen
    in turn — no hand-over between bids; Ann bids $1 by a click, Ben raises to $2, Cy and Ann pass: Ben buys it
    for $2."""
    from illuminopoly_desktop.rules import actions as A

    state = CLASSIC.new_game(PEOPLE, seed=3, allow_forced_dice=True)
    engine.apply(state, A.ForceDice(seat=0, dice=[1, 2]))
    engine.apply(state, A.Roll(seat=0))
    engine.apply(state, A.DoNothing(seat=0))  # Baltic Avenue goes to auction
    window = open_window(qtbot)
    window.start_table(state, pace_ms=0, animated=False)

    def bidder_clicks(kind: str, amount: int | None = None) -> None:
        assert not window.handover.isVisible()  # an open auction: no curtain between bidders
        assert window.action_panel.public
        notes = " ".join(label.text() for label in window.action_panel.findChildren(QLabel))
        assert "auction is open" in notes
        if amount is not None:  # typed into the bid's box, then its button clicked
            chooser = window.action_panel.amount_choosers["bid"]
            box = chooser.amount.lineEdit()
            box.selectAll()
            QTest.keyClicks(box, str(amount))
            click(chooser.button)
            return
        button = next(b for b in window.action_panel.buttons if b.choice.kind == kind)
        click(button)

    bidder_clicks("bid", 1)   # Ann
    bidder_clicks("bid", 2)   # Ben
    bidder_clicks("pass_bid")  # Cy
    bidder_clicks("pass_bid")  # Ann
    state = window.table.session.state
    assert state.properties[3].owner == 1 and state.players[1].cash == 1500 - 2


def test_a_classic_game_hosted_from_the_window_plays_to_its_end_on_the_lan_table(qtbot, tmp_path, monkeypatch):
    """File ▸ Host Game… with classic Monopoly chosen: one person and a computer schemer, a three-round game
    (CLASSIC-15); the host's choices go through the window's table to the in-app server; the remote table has no
    Power structure panel, and the last view is the server's player_view of seat 0 (R-GEN-06)."""
    from tabletop import close_hosted_table, host_and_play_to_the_end

    window, dialog = host_and_play_to_the_end(qtbot, tmp_path, monkeypatch, "classic",
                                              {"classic_end_mode": "time_limit", "classic_time_limit_rounds": 3})
    assert STRUCTURE not in {dock.objectName() for dock in window.table_docks}
    close_hosted_table(qtbot, window, dialog)
