"""Defeating Monopoly, the Georgist rules, at the table (issue 27, "At the table"; VARIANTS §5.7): New Game and Host
Game choose it with its sentence and its house rules; a game plays pass-and-play with computer seats from the
opening roll to the wealth game's end through the window with real events (Return on the hand-over curtain, mouse
clicks on the Actions panel), every decision the engine awaits answered from the table, in the variant's own words
(a lessee leases a parcel; nobody buys land) naming V-GEORGE rules; a save opens and plays on; LAN hosting names the
ruleset in the hello, the lobby and the advert."""
from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from illuminopoly_desktop.model.rulesets import find_ruleset
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.saves.savefile import state_hash
from illuminopoly_desktop.ui.app.main_window import MainWindow
from illuminopoly_desktop.ui.app.table_layout import PARCELS, STRUCTURE
from illuminopoly_desktop.ui.dialogs.new_game_dialog import NewGameDialog
import tabletop

GEORGE = find_ruleset("george")
PEOPLE = [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cy", "kind": "computer", "strength": "schemer"}]
FORBIDDEN_WORDS = ("Buy ", "Political Favor", "Power Base", "owner", "R-")
"""Words of other rule systems that a Georgist panel must never show (land is leased, never bought or owned)."""


def open_window(qtbot, size=(1366, 768)) -> MainWindow:
    return tabletop.open_window(qtbot, size)


click = tabletop.mouse_click


def play_by_clicks(qtbot, window: MainWindow, decisions: int, rnd: random.Random) -> list[str]:
    """Up to `decisions` decisions through the window: Return on the curtain, else a click on one of the panel's
    buttons (never "Don't lease", which passes a parcel over), waiting for computer seats to move. Returns every
    label shown."""
    labels = []
    for _ in range(decisions):
        session = window.table.session
        qtbot.waitUntil(lambda: session.state.game_over or window.handover.isVisible()
                        or bool(window.action_panel.buttons) and not window.table.is_thinking, timeout=10_000)
        if session.state.game_over:
            break
        if window.handover.isVisible():
            QTest.keyClick(window.handover, Qt.Key.Key_Return)
            continue
        buttons = window.action_panel.buttons
        assert buttons, f"nothing to click, waiting for {engine.awaiting(session.state)}"
        labels += [button.choice.label for button in buttons]
        pool = [b for b in buttons if b.choice.kind != "do_nothing"] or buttons
        click(rnd.choice(pool))
        qtbot.wait(1)
    return labels


# ----- New Game -----

def test_new_game_chooses_defeating_monopoly_with_the_keyboard_and_shows_its_house_rules(qtbot):
    """V-GEORGE-02: the game New Game starts has the opening roll's unequal cash ($7,000 for rank 1 down to
    $2,500), no faction column, and the george_* house rules typed in."""
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.ruleset_combo.setFocus()
    QTest.keyClick(dialog.ruleset_combo, Qt.Key.Key_Down)
    QTest.keyClick(dialog.ruleset_combo, Qt.Key.Key_Down)
    assert dialog.ruleset() == "george"
    assert "lease parcels" in dialog.ruleset_sentence.text() and "30 rounds" in dialog.ruleset_sentence.text()
    assert dialog.seats_table.isColumnHidden(2)  # no faction to choose
    assert set(dialog.house_rules.fields) == set(GEORGE.options_model.model_fields)
    assert dialog.house_rules.fields["george_max_rounds"].label == "Max rounds"  # the prefix said once
    dialog.tabs.setCurrentWidget(dialog.house_rules)
    tabletop.type_number(dialog.house_rules.editors["george_max_rounds"], "12")
    tabletop.tick_with_the_space_bar(dialog.house_rules.editors["george_holding_fee_recurring"])
    assert dialog.ok_button.isEnabled(), dialog.problems()

    state = dialog.start_game()
    assert state.setup.ruleset == "george"
    assert state.setup.options.george_max_rounds == 12
    assert state.setup.options.george_holding_fee_recurring is True
    assert sorted(p.cash for p in state.players) == [2500, 3000, 5500, 7000]  # V-GEORGE-02, four seats
    first = state.players[state.seat_order[0]]
    assert first.cash == 7000  # GE-T1: rank 1 moves first
    assert dialog.remembered().ruleset == "george"


def test_defeating_monopoly_seats_two_to_eight_players(qtbot):
    """V-GEORGE-01: one seat is too few, nine too many; the refusal names the rule."""
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.ruleset_combo.setCurrentIndex(dialog.ruleset_combo.findData("george"))
    dialog.set_seat_count(9)
    assert not dialog.ok_button.isEnabled() and any("V-GEORGE-01" in p for p in dialog.problems())
    dialog.set_seat_count(2)
    assert dialog.ok_button.isEnabled() and dialog.problems() == []
    dialog.set_seat_count(1)
    assert not dialog.ok_button.isEnabled() and any("V-GEORGE-01" in p for p in dialog.problems())


# ----- the table -----

def test_a_georgist_game_plays_at_the_table_to_its_end_by_clicks_with_a_computer_seat(qtbot, folders):
    """Ann and Ben pass the laptop, Cy is a computer schemer; a four-round wealth game (V-GEORGE-32): every
    decision is a click or Return, the words are the variant's own, and the game-over screen ranks by wealth."""
    state = GEORGE.new_game(PEOPLE, seed=7, options={"george_max_rounds": 4})
    window = open_window(qtbot)
    window.start_table(state, pace_ms=0, animated=False)
    assert STRUCTURE not in {dock.objectName() for dock in window.table_docks}  # no power structure
    assert window.table.structure is None

    labels = play_by_clicks(qtbot, window, 600, random.Random(2))
    state = window.table.session.state
    assert state.game_over, "the four-round game did not end within 600 decisions"
    assert any(label.startswith("Roll the dice") for label in labels)
    assert any(label.startswith("Lease ") and "holding fee" in label for label in labels)  # V-GEORGE-05, -06
    assert any(label.startswith("Lease ") and "down" in label for label in labels)  # V-GEORGE-16 at once
    for label in labels:
        assert not any(word in label for word in FORBIDDEN_WORDS), label
    assert any(kind == "computer" for kind in (p.kind for p in state.players))
    assert any(a.seat == 2 for a in window.table.session.actions)  # the computer seat played its turns
    qtbot.waitUntil(lambda: window.game_over_dialog is not None and window.game_over_dialog.isVisible(), timeout=5000)
    dialog = window.game_over_dialog
    assert dialog.standings.horizontalHeaderItem(4).text() == "Wealth"
    wealths = GEORGE.queries.net_worths(state)
    assert dialog.standings.item(0, 4).text() == f"{max(wealths.values()):,}"  # the wealthiest heads the table
    assert set(state.winners) <= {seat for seat, wealth in wealths.items() if wealth == max(wealths.values())}
    # §5.6: each player's starting cash beside his final wealth; leases, not deeds owned
    header = [dialog.standings.horizontalHeaderItem(c).text() for c in range(dialog.standings.columnCount())]
    started = header.index("Started with")
    assert not dialog.standings.isColumnHidden(started) and "Leases" in header
    starts = {state.players[seat].name: cash for seat, cash in state.variant.starting_cash.items()}
    for row in dialog.standings_rows():
        assert row[started] == f"${starts[row[1]]:,}"


def test_a_georgist_save_opens_and_plays_on(qtbot, folders, monkeypatch):
    window = open_window(qtbot)
    window.start_table(GEORGE.new_game(PEOPLE, seed=5), pace_ms=0, animated=False)
    play_by_clicks(qtbot, window, 30, random.Random(4))
    saved = folders["documents"] / "georgist evening.illuminopoly.json"
    assert window.table.session.state.variant.parcels  # the leases are the slice's, saved with it
    reopened = tabletop.save_and_reopen(window, monkeypatch, saved, lambda: open_window(qtbot), "george")
    assert reopened.table.session.state.variant.parcels
    before = len(reopened.table.session.actions)
    play_by_clicks(qtbot, reopened, 10, random.Random(5))
    assert len(reopened.table.session.actions) > before


# ----- LAN -----

def test_host_game_hosts_defeating_monopoly_and_its_hello_advert_and_lobby_name_it(qtbot, tmp_path):
    from illuminopoly_desktop.ui.lan.host_dialog import HostDialog

    dialog = HostDialog(bind="127.0.0.1", discovery=False, save_path=tmp_path / "lan.json", computer_pace=0)
    qtbot.addWidget(dialog)
    dialog.port.setValue(0)
    dialog.show()
    qtbot.waitExposed(dialog)
    try:
        dialog.ruleset_combo.setFocus()
        QTest.keyClick(dialog.ruleset_combo, Qt.Key.Key_Down)
        QTest.keyClick(dialog.ruleset_combo, Qt.Key.Key_Down)
        assert dialog.ruleset() == "george" and "lease parcels" in dialog.ruleset_sentence.text()
        assert set(dialog.house_rules.fields) == set(GEORGE.options_model.model_fields)
        dialog.house_rules.editors["george_max_rounds"].setValue(20)
        dialog.seats.setValue(4)
        dialog.computers.setValue(2)
        dialog.strength.setCurrentIndex(dialog.strength.findData("strategist"))
        assert not dialog.host_button.isEnabled() and "no strategist" in dialog.problems_label.text()
        dialog.strength.setCurrentIndex(dialog.strength.findData("schemer"))
        assert dialog.host_button.isEnabled(), dialog.problems()
        config = dialog.config()
        assert (config.ruleset, config.options) == ("george", {"george_max_rounds": 20})
        QTest.mouseClick(dialog.host_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: dialog.lan.seat == 0 and "Defeating Monopoly" in dialog.lobby.title.text(),
                        timeout=5000)
        server = dialog.lan.server
        assert server.call(lambda s: s._advert()["rs"]) == "george"
        assert dialog.lan.client.welcome.ruleset == "george"  # the answer to the hello names it
    finally:
        dialog.done(0)


# ----- the board's parcel markers and the seat areas (§5.7) -----

BALTIC, READING, BOARDWALK, PARK_PLACE = 3, 5, 39, 37


def test_the_board_marks_unleased_parcels_lessees_buildings_plants_and_the_lock(qtbot, folders):
    """V-GEORGE-04, -05: an unleased parcel has a dashed frame; a leased one its lessee's frame and name. V-GEORGE-14,
    -15: houses, a hotel and an office building side by side (red, blue); V-GEORGE-11: a railroad's plant;
    V-GEORGE-07: the padlock of a lease won at auction. The tooltips say the same in the variant's words."""
    from illuminopoly_desktop.ui.board.building_items import HOTEL_RED, OFFICE_BLUE

    from george_scenario import lease_to, put

    state = GEORGE.new_game(PEOPLE, seed=3)
    lease_to(state, 0, BALTIC, BOARDWALK)
    lease_to(state, 1, READING, PARK_PLACE)
    put(state, BALTIC, houses=3)
    put(state, BOARDWALK, hotels=1, offices=1)
    put(state, READING, plant=True)
    state.variant.parcels[PARK_PLACE].build_locked = True
    window = open_window(qtbot)
    window.start_table(state, pace_ms=0, animated=False)
    scene = window.scene
    markers = scene.marker_items
    assert markers[1].marker_kinds() == {"unleased"} and markers[1].isVisible()  # Mediterranean Avenue
    assert markers[BALTIC].marker_kinds() == {"owner"} and markers[BALTIC].ribbon_name() == "Ann"
    assert markers[READING].marker_kinds() == {"owner", "plant"} and markers[READING].ribbon_name() == "Ben"
    assert markers[PARK_PLACE].marker_kinds() == {"owner", "locked"}
    assert scene.building_items[BALTIC].count == 3
    boardwalk = scene.building_items[BOARDWALK]
    assert boardwalk.count == 2 and boardwalk.colours() == [HOTEL_RED, OFFICE_BLUE]
    tip = scene.square_items[BOARDWALK].toolTip()
    assert "Lessee: <b>Ann</b>" in tip and "Use fee now: <b>$4,000</b>" in tip  # twice $2,000 (V-GEORGE-10)
    assert "a hotel and an office building" in tip and "Owner" not in tip
    assert "Unleased" in scene.square_items[1].toolTip()
    assert "No building until the lessee's next turn" in scene.square_items[PARK_PLACE].toolTip()

    area = window.seat_areas.area(0)
    assert sorted(area.scene.cards) == [BALTIC, BOARDWALK]  # his leases, as plain cards
    assert "2 leases" in area.money.text() and "wealth $" in area.money.text()


def test_asking_the_table_about_a_georgist_game_changes_nothing_in_it(qtbot):
    """The panel's words, the board and the seat headers read the state without spending its recorded dice: a
    utility's community rent after a move that was no roll would roll (A-GE-02), so it is asked of a copy."""
    from illuminopoly_desktop.presentation.action_choices import choices_for
    from illuminopoly_desktop.presentation.board_snapshot import snapshot_of
    from illuminopoly_desktop.presentation.seat_summary import seat_summaries
    from illuminopoly_desktop.rules import actions as A

    from george_scenario import george_game

    state = george_game()
    seat = state.turn.seat
    engine.apply(state, A.ForceDice(seat=seat, dice=[6, 6]))
    engine.apply(state, A.Roll(seat=seat))  # Electric Company (12), unleased
    state.variant.dice_total = 0  # as after a card's move
    before = state_hash(state)
    labels = [c.label for c in choices_for(state, seat)]
    snapshot_of(state)
    seat_summaries(state)
    assert any(label.startswith("Lease Electric Company") for label in labels)
    assert state_hash(state) == before


# ----- the Parcels tab: wealth board, build dialog, loan ledger (§5.7) -----

def test_the_parcels_tab_builds_with_the_slider_and_pays_a_loan_off_by_clicks(qtbot, folders):
    """GE-T3 at the table: Ann's Build… on Boardwalk opens the build dialog; the slider's least is half down
    (V-GEORGE-16): a $200 house with $100 down makes a $100 loan, $10 an instalment; the ledger's Pay off then
    costs the $100 owed plus 10% (V-GEORGE-18): $110. The wealth board counts the round ("Round 1 of 30")."""
    from PySide6.QtWidgets import QDialogButtonBox

    from george_scenario import lease_to

    state = GEORGE.new_game(PEOPLE, seed=3)
    ann = state.turn.seat  # the opening roll's first player (V-GEORGE-02)
    assert state.players[ann].name == "Ann"
    lease_to(state, ann, BOARDWALK)
    window = open_window(qtbot)
    window.start_table(state, pace_ms=0, animated=False)
    if window.handover.isVisible():
        QTest.keyClick(window.handover, Qt.Key.Key_Return)
    panel = window.parcels_panel
    assert PARCELS in {dock.objectName() for dock in window.table_docks}
    assert panel.board.counter.text() == "Round 1 of 30"
    assert panel.board.table.rowCount() == 3
    assert window.table.viewer == ann  # Ann's screen is up
    cash = window.table.session.state.players[ann].cash
    click(panel.build_buttons[BOARDWALK])
    dialog = panel.build_dialog
    qtbot.waitExposed(dialog)
    assert (dialog.slider.minimum(), dialog.slider.value()) == (100, 100)
    assert "Bank loan $100: $10 each time" in dialog.preview.text()
    click(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok))
    live = window.table.session.state
    assert live.players[ann].cash == cash - 100 and live.variant.parcels[BOARDWALK].houses == 1
    assert [(loan.original, loan.outstanding) for loan in live.variant.loans] == [(100, 100)]
    assert panel.ledger.table.rowCount() == 1 and panel.ledger.table.item(0, 5).text() == "$110"
    click(panel.ledger.buttons[0])
    assert live.players[ann].cash == cash - 100 - 110 and live.variant.loans == []
    assert not panel.ledger.table.rowCount()


def test_a_new_georgist_game_opens_on_the_opening_roll_screen(qtbot, folders):
    """V-GEORGE-02, GE-T1: five players; the screen lists the ranks in turn order with each one's rolls (a tie's
    re-rolls after "then"), the starting cash ($7,000, $5,500, $3,000, then $2,500 for ranks 4 and 5) and the order;
    Return closes it, and the Parcels tab's button opens it again."""
    people = [{"name": name} for name in ("Ann", "Ben", "Cy", "Di", "Ed")]
    state = GEORGE.new_game(people, seed=3)
    window = open_window(qtbot)
    window.start_table(state, pace_ms=0, animated=False)
    dialog = window.parcels_panel.opening_dialog
    assert dialog is not None and dialog.isVisible()
    table = dialog.table
    rows = [[table.item(row, column).text() for column in range(5)] for row in range(table.rowCount())]
    assert rows == [["1st", "Ann", "8 then 11", "$7,000", "first"], ["2nd", "Ed", "8 then 8", "$5,500", "2nd"],
                    ["3rd", "Di", "8 then 2", "$3,000", "3rd"], ["4th", "Ben", "7", "$2,500", "4th"],
                    ["5th", "Cy", "5", "$2,500", "5th"]]
    assert [state.players[seat].name for seat in state.seat_order] == ["Ann", "Ed", "Di", "Ben", "Cy"]
    dialog.activateWindow()
    dialog.ok_button.setFocus()
    QTest.keyClick(dialog.ok_button, Qt.Key.Key_Return)
    assert not dialog.isVisible()
    if window.handover.isVisible():
        QTest.keyClick(window.handover, Qt.Key.Key_Return)
    click(window.parcels_panel.opening_button)
    assert window.parcels_panel.opening_dialog.isVisible()


# ----- the movement charge feed and the use-fee notices (§5.7) -----

def _georgist_table_at_a_roll(qtbot, arrange):
    """A Georgist table whose first player is about to roll forced dice; `arrange(state, mover)` sets it up."""
    from george_scenario import george_game

    state = george_game(options={"george_max_rounds": 30})
    mover = state.turn.seat
    arrange(state, mover)
    window = open_window(qtbot)
    window.start_table(state, pace_ms=0, animated=False)
    if window.parcels_panel.opening_dialog is not None:
        window.parcels_panel.opening_dialog.close()
    if window.handover.isVisible():
        QTest.keyClick(window.handover, Qt.Key.Key_Return)
    return window, mover


def _roll_by_click(window, dice) -> None:
    from illuminopoly_desktop.rules import actions as A

    state = window.table.session.state
    engine.apply(state, A.ForceDice(seat=state.turn.seat, dice=dice))  # the dice the test needs
    click(next(b for b in window.action_panel.buttons if b.choice.kind == "roll"))


def test_the_charge_feed_lists_what_a_move_cost_square_by_square(qtbot, folders):
    """V-GEORGE-08, -17, -24: from Short Line the lessee passes Park Place ($35 community rent) and Boardwalk ($50,
    and a $20 instalment on its $200 loan), and reaches GO: $200 and the $130 GO pot; the feed says so in path
    order, on the Parcels tab and as the action panel's notice."""
    from george_scenario import lease_to, loan, put

    def arrange(state, mover):
        state.players[mover].position = 35
        lease_to(state, mover, PARK_PLACE, BOARDWALK)
        put(state, BOARDWALK, houses=1)
        loan(state, BOARDWALK, 200)
        state.variant.go_pot = 130

    window, mover = _georgist_table_at_a_roll(qtbot, arrange)
    cash = window.table.session.state.players[mover].cash
    _roll_by_click(window, [2, 3])
    expected = ("passed Park Place: community rent $35; passed Boardwalk: community rent $50, instalment $20; "
                "reached Go: +$200, pot +$130")
    name = window.table.session.state.players[mover].name
    assert window.parcels_panel.feed_lines == [f"{name}: {expected}"]
    assert expected in window.parcels_panel.feed.text()
    assert expected in window.action_panel.notice.text() and window.action_panel.notice.isVisible()
    assert window.table.session.state.players[mover].cash == cash - 35 - 50 - 20 + 200 + 130


def test_a_use_fee_notice_says_where_the_fee_went(qtbot, folders):
    """GE-T4, V-GEORGE-12: the mover stops on another's Boardwalk with a house ($200 fee) whose loan still owes
    $150: $150 is credited to the loan, $50 goes to the lessee; the notice names both."""
    from george_scenario import lease_to, loan, put

    def arrange(state, mover):
        other = state.seat_order[1]
        state.players[mover].position = 35
        lease_to(state, other, BOARDWALK)
        put(state, BOARDWALK, houses=1)
        loan(state, BOARDWALK, 200, outstanding=150)

    window, mover = _georgist_table_at_a_roll(qtbot, arrange)
    state = window.table.session.state
    lessee = state.players[state.seat_order[1]]
    cash = lessee.cash
    _roll_by_click(window, [2, 2])
    text = window.action_panel.notice.text()
    assert (f"{state.players[mover].name} owes a $200 use fee on Boardwalk: $150 credited to its loans, $50 to "
            f"{lessee.name}.") in text
    assert lessee.cash == cash + 50 and state.variant.loans == []


# ----- the lease dialog and the lease auction (§5.7) -----

def test_the_lease_dialog_leases_boardwalk_with_a_house_half_down_by_keyboard_and_clicks(qtbot, folders):
    """GE-T2's figures in the dialog: Boardwalk's lease fee is $50, its holding fee $25 without a building, its
    community rent $50; "Build now" with one $200 house at the slider's least ($100 down, V-GEORGE-16) makes a $100
    loan at $10 an instalment: Lease pays $50 + $100 and no holding fee (V-GEORGE-06)."""
    from illuminopoly_desktop.ui.dialogs.george_lease import GeorgeLeaseDialog

    window, mover = _georgist_table_at_a_roll(qtbot, lambda state, mover: setattr(state.players[mover], "position",
                                                                                   35))
    _roll_by_click(window, [1, 3])  # Boardwalk
    launcher = window.action_panel.launcher_buttons["lease"]
    assert launcher.text() == "Lease Boardwalk…"
    click(launcher)
    dialog = window.action_panel.dialogs["lease"]
    assert isinstance(dialog, GeorgeLeaseDialog) and dialog.isVisible()
    fees = dialog.fees.text()
    assert "Lease fee (its printed rent): $50" in fees and "Holding fee if you build nothing now: $25" in fees
    assert "community rent of $50 each time you land on or pass it" in fees
    assert "You pay $75 now" in dialog.summary.text()
    assert not dialog.slider.isEnabled()
    dialog.build_check.setFocus()
    QTest.keyClick(dialog.build_check, Qt.Key.Key_Space)
    assert dialog.slider.isEnabled() and (dialog.slider.minimum(), dialog.slider.maximum()) == (100, 200)
    assert "You pay $150 now" in dialog.summary.text() and "Bank loan $100: $10 each time" in dialog.summary.text()
    dialog.count_box.setFocus()
    QTest.keyClick(dialog.count_box, Qt.Key.Key_Up)  # two houses: from $200 down
    assert dialog.slider.minimum() == 200 and "Bank loan $200: $20 each time" in dialog.summary.text()
    QTest.keyClick(dialog.count_box, Qt.Key.Key_Down)
    state = window.table.session.state
    cash = state.players[mover].cash
    click(dialog.lease_button)
    held = state.variant.parcels[BOARDWALK]
    assert held.lessee == mover and held.houses == 1 and not dialog.isVisible()
    assert state.players[mover].cash == cash - 50 - 100
    assert [(loan.original, loan.outstanding) for loan in state.variant.loans] == [(100, 100)]


def test_a_lease_he_cannot_pay_goes_to_the_open_auction_among_the_others(qtbot, folders):
    """V-GEORGE-07: with $60 the mover cannot pay Boardwalk's $50 and $25: the dialog says the lease goes to auction;
    Lease charges nothing and opens the auction, bid on the public screen by the others only (no curtain between
    bids): the next bids $1 by typing, the last passes, and the winner pays $1 with no fees and a lock until his
    next turn."""
    from PySide6.QtWidgets import QLabel

    from george_scenario import set_cash

    def arrange(state, mover):
        state.players[mover].position = 35
        set_cash(state, mover, 60)

    window, mover = _georgist_table_at_a_roll(qtbot, arrange)
    _roll_by_click(window, [1, 3])
    click(window.action_panel.launcher_buttons["lease"])
    dialog = window.action_panel.dialogs["lease"]
    assert "lease is auctioned among the other players (V-GEORGE-07)" in dialog.summary.text()
    click(dialog.lease_button)
    state = window.table.session.state
    assert state.players[mover].cash == 60 and state.pending and state.pending[-1].kind == "auction"
    bidders = [seat for seat in state.seat_order if seat != mover]
    first, second = bidders
    assert engine.awaiting(state) == [first]
    assert not window.handover.isVisible() and window.action_panel.public
    notes = " ".join(label.text() for label in window.action_panel.findChildren(QLabel))
    assert "auction is open" in notes
    chooser = window.action_panel.amount_choosers["bid"]
    box = chooser.amount.lineEdit()
    box.selectAll()
    QTest.keyClicks(box, "1")
    cash = state.players[first].cash
    click(chooser.button)
    assert engine.awaiting(state) == [second] and not window.handover.isVisible()
    click(next(b for b in window.action_panel.buttons if b.choice.kind == "pass_bid"))
    held = state.variant.parcels[BOARDWALK]
    assert held.lessee == first and held.build_locked
    assert state.players[first].cash == cash - 1


# ----- every other decision the engine awaits, answered from the panel -----

def _click_choice(window, kind: str, text: str = ""):
    button = next(b for b in window.action_panel.buttons if b.choice.kind == kind and text in b.choice.label)
    click(button)
    return button.choice.label


def _hand_over(window) -> None:
    if window.handover.isVisible():
        QTest.keyClick(window.handover, Qt.Key.Key_Return)


def test_income_tax_is_chosen_before_the_roll_sixty_dollars_or_ten_times_the_dice(qtbot, folders):
    """V-GEORGE-25: on Income Tax the panel offers "$60" and "10 × the dice"; a click on the flat sum pays $60."""
    window, mover = _georgist_table_at_a_roll(qtbot, lambda state, mover: None)
    _roll_by_click(window, [1, 3])  # Income Tax (4)
    labels = {b.choice.label for b in window.action_panel.buttons}
    assert {"Pay $60 Income Tax", "Roll the dice and pay 10 × the total"} <= labels
    state = window.table.session.state
    cash = state.players[mover].cash
    _click_choice(window, "pay_income_tax", "$60")
    assert state.players[mover].cash == cash - 60


def test_a_creditor_keeps_a_bankrupts_parcel_by_paying_its_loan_off_from_the_panel(qtbot, folders):
    """V-GEORGE-30: the mover, with $10, owes a $250 use fee on Boardwalk and declares bankruptcy by a click; his
    Mediterranean Avenue with a $50 loan goes to the creditor, who (after the hand-over) keeps it by paying the $50
    owed plus $5 interest."""
    from george_scenario import lease_to, loan, put, set_cash

    def arrange(state, mover):
        other = state.seat_order[1]
        state.players[mover].position = 35
        lease_to(state, other, BOARDWALK)
        put(state, BOARDWALK, houses=1)
        lease_to(state, mover, 1)
        put(state, 1, houses=1)
        loan(state, 1, 50)
        set_cash(state, mover, 10)

    window, mover = _georgist_table_at_a_roll(qtbot, arrange)
    state = window.table.session.state
    creditor = state.seat_order[1]
    _roll_by_click(window, [2, 2])
    _click_choice(window, "declare_bankruptcy")
    assert state.players[mover].eliminated and state.pending[-1].kind == "loan_settlement"
    _hand_over(window)
    assert window.table.viewer == creditor
    cash = state.players[creditor].cash
    label = _click_choice(window, "settle_parcel_loans", "Keep")
    assert label == "Keep Mediterranean Avenue: pay its loans off"
    assert state.variant.parcels[1].lessee == creditor and state.variant.loans == []
    assert state.players[creditor].cash == cash - 55


def test_a_building_shortage_asks_the_others_and_auctions_the_last_house_from_the_panel(qtbot, folders):
    """V-GEORGE-19: one house is left; the mover's Build… on Park Place asks the one other player with room for a
    house, who needs one too (a click after the hand-over): the house is auctioned, and the bids are made on the
    panel."""
    from PySide6.QtWidgets import QDialogButtonBox

    from george_scenario import lease_to, put

    streets = [1, 3, 6, 8, 9, 11, 13, 14]

    def arrange(state, mover):
        other, third = state.seat_order[1], state.seat_order[2]
        lease_to(state, mover, PARK_PLACE, streets[-1])
        lease_to(state, other, BOARDWALK)
        lease_to(state, third, *streets[:-1])
        for index in streets[:-1]:
            put(state, index, houses=4)  # the third player has no room for a house
        put(state, streets[-1], houses=3)  # 31 houses built: one left in the Bank

    window, mover = _georgist_table_at_a_roll(qtbot, arrange)
    state = window.table.session.state
    assert state.variant.house_supply == 1
    other = state.seat_order[1]
    click(window.parcels_panel.build_buttons[PARK_PLACE])
    dialog = window.parcels_panel.build_dialog
    assert "1 houses" in dialog.supply.text()
    click(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok))
    assert state.pending[-1].kind == "building_shortage" and engine.awaiting(state) == [other]
    _hand_over(window)
    assert _click_choice(window, "declare_building_need", "need") == "I need a house too"
    assert state.pending[-1].kind == "parcel_building_auction"
    _hand_over(window)
    bidder = engine.awaiting(state)[0]
    bid = next(b.choice.action for b in window.action_panel.buttons if b.choice.kind == "bid_for_parcel_building")
    label = _click_choice(window, "bid_for_parcel_building")
    assert label.startswith(f"Bid ${bid.amount} for a house on ") and f"(${bid.down} down)" in label
    _hand_over(window)
    _click_choice(window, "pass_bid")
    assert not any(w.kind == "parcel_building_auction" for w in state.pending)
    assert state.variant.house_supply == 0
    assert state.variant.parcels[bid.property].houses == 1 + (3 if bid.property == streets[-1] else 0)
    assert state.variant.parcels[bid.property].lessee == bidder


# ----- the lease transfer dialog (§5.7) -----

def test_the_transfer_dialog_sells_a_lease_with_its_loan_settled_and_the_fees_shown(qtbot, folders):
    """V-GEORGE-21, -22: the mover offers Boardwalk (a house, its $200 loan $100 owed) for $500: the Bank takes $100
    from each side, his loan is settled out of the price ($100 + $20 interest), so he receives $280 and the buyer
    pays $600; with $200 of the price on the buyer's new Bank loan (at most half, $250) the buyer pays $400 and owes
    $20 an instalment; he accepts after the hand-over and becomes the lessee with the house and the loan."""
    from george_scenario import lease_to, loan, put

    def arrange(state, mover):
        lease_to(state, mover, BOARDWALK)
        put(state, BOARDWALK, houses=1)
        loan(state, BOARDWALK, 200, outstanding=100)

    window, mover = _georgist_table_at_a_roll(qtbot, arrange)
    state = window.table.session.state
    buyer = state.seat_order[1]
    click(window.action_panel.launcher_buttons["lease_transfer"])
    dialog = window.action_panel.dialogs["lease_transfer"]
    assert dialog.isVisible() and dialog.parcel_box.currentText() == "Boardwalk"
    dialog.buyer_box.setCurrentIndex(dialog.buyer_box.findData(buyer))
    dialog.price_box.setFocus()
    dialog.price_box.selectAll()
    QTest.keyClicks(dialog.price_box, "500")
    text = dialog.figures.text()
    assert "Transfer fee to the Bank: $100 from each side" in text
    assert "settled out of the price: $120" in text and "You receive $280" in text
    assert f"{state.players[buyer].name} pays $600" in text
    assert dialog.loan_box.maximum() == 250  # half the price (V-GEORGE-22)
    dialog.loan_box.setFocus()
    dialog.loan_box.selectAll()
    QTest.keyClicks(dialog.loan_box, "200")
    text = dialog.figures.text()
    assert "You receive $280" in text and f"{state.players[buyer].name} pays $400" in text
    assert "borrows $200 from the Bank on it: $20 each time" in text
    seller_cash, buyer_cash = state.players[mover].cash, state.players[buyer].cash
    click(dialog.propose_button)
    assert state.offers and not dialog.isVisible()
    window.table.refresh()
    qtbot.waitUntil(lambda: window.handover.isVisible() or window.table.viewer == buyer, timeout=5000)
    _hand_over(window)
    assert window.table.viewer == buyer
    window.action_panel.close_dialogs()
    accept = next(b for b in window.action_panel.buttons if b.choice.kind == "accept_offer")
    window.action_panel.other_toggle.setChecked(True)
    click(accept)
    held = state.variant.parcels[BOARDWALK]
    assert held.lessee == buyer and held.houses == 1
    assert [(loan.original, loan.outstanding, loan.building) for loan in state.variant.loans] == [(200, 200, "lease")]
    assert state.players[mover].cash == seller_cash + 280 and state.players[buyer].cash == buyer_cash - 400


def test_the_board_centre_shows_the_georgist_bank_and_the_go_pot(qtbot, folders):
    """V-GEORGE-15, -19: the Bank plaque counts houses, hotels and offices left and the wealth game's round ("Round 1
    of 30", V-GEORGE-32); V-GEORGE-12, -24: the pot on the board is the GO pot (Free Parking does nothing,
    V-GEORGE-27); the log's round end ranks by wealth, and the panel asks only for the roll (no reorganizing)."""
    from george_scenario import lease_to, put

    state = GEORGE.new_game(PEOPLE, seed=3)
    lease_to(state, 0, BOARDWALK)
    put(state, BOARDWALK, hotels=1, offices=1)
    state.variant.go_pot = 130
    window = open_window(qtbot)
    window.start_table(state, pace_ms=0, animated=False)
    assert window.scene.bank_item.text() == "THE BANK · 32 houses · 11 hotels · 11 offices left · Round 1 of 30"
    assert window.scene.pot_item.text() == "GO POT · $130 · taken at GO"
    _hand_over(window)
    assert window.action_panel.phase.text().endswith("round 1: roll the dice — your decision.")
    from illuminopoly_desktop.presentation.event_text import describe
    from illuminopoly_desktop.rules.events import RoundEnded

    ended = describe(RoundEnded(round_no=1, power_bases={"0": 7000}, rule_id="V-GEORGE-32"), state)
    assert "wealth: Ann 7000" in ended and "Power Base" not in ended


def test_a_georgist_game_hosted_from_the_window_plays_to_its_end_on_the_lan_table(qtbot, tmp_path, monkeypatch):
    """File ▸ Host Game… with Defeating Monopoly chosen: one person and a computer schemer, a three-round wealth game
    (V-GEORGE-32); the host's choices go through the window's table to the in-app server; the remote table has the
    Parcels tab and no Power structure panel, and the last view is the server's player_view of seat 0."""
    from tabletop import close_hosted_table, host_and_play_to_the_end

    window, dialog = host_and_play_to_the_end(qtbot, tmp_path, monkeypatch, "george", {"george_max_rounds": 3})
    docks = {dock.objectName() for dock in window.table_docks}
    assert STRUCTURE not in docks and PARCELS in docks
    assert window.parcels_panel.board.counter.text().startswith("Round 3 of 3")
    close_hosted_table(qtbot, window, dialog)


def test_a_manual_use_fee_claim_is_a_main_choice_of_the_lessee_until_the_next_roll(qtbot):
    """V-GEORGE-13 with `george_use_fee_claim = manual`: the $200 fee the mover owes on Boardwalk waits for its
    lessee's claim; his panel shows "Claim the $200 use fee on Boardwalk" among its main choices (not under Other
    actions), and it lapses at the next roll."""
    from illuminopoly_desktop.presentation.action_choices import MAIN, choices_for
    from illuminopoly_desktop.rules import actions as A

    from george_scenario import george_game, lease_to, put

    state = george_game(options={"george_use_fee_claim": "manual"})
    mover = state.turn.seat
    lessee = state.seat_order[1]
    state.players[mover].position = 35
    lease_to(state, lessee, BOARDWALK)
    put(state, BOARDWALK, houses=1)
    engine.apply(state, A.ForceDice(seat=mover, dice=[2, 2]))
    engine.apply(state, A.Roll(seat=mover))
    claim = next(c for c in choices_for(state, lessee) if c.kind == "claim_use_fee")
    assert claim.label == "Claim the $200 use fee on Boardwalk" and claim.group == MAIN
    assert "next roll" in claim.tooltip
    cash = state.players[lessee].cash
    engine.apply(state, claim.action)
    assert state.players[lessee].cash == cash + 200


def test_f1_in_a_georgist_game_shows_how_to_play_defeating_monopoly_and_its_house_rules(qtbot, folders):
    """The rules reference's How to Play page is the Georgist one in a Georgist game (in the variant's words, its
    V-GEORGE rules named), and This game lists the house rules that differ from the defaults."""
    state = GEORGE.new_game(PEOPLE, seed=3, options={"george_max_rounds": 20})
    window = open_window(qtbot)
    window.start_table(state, pace_ms=0, animated=False)
    window.parcels_panel.opening_dialog.close()
    _hand_over(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    QTest.keyClick(window, Qt.Key.Key_F1)
    reference = window.rules_reference
    assert reference.isVisible()
    how_to = reference.how_to_play.toPlainText()
    assert how_to.startswith("Defeating Monopoly: the Georgist rules")
    assert "lessee" in how_to and "V-GEORGE-05" in how_to and "Parcels tab" in how_to and "Power Base" not in how_to
    game_page = reference.game_page.toPlainText()
    assert "Max rounds: 20." in game_page and "V-GEORGE-32" in game_page
