"""Shared factions at the table (issue 28, "At the table"; VARIANTS §3.7): New Game chooses the rule system with the
keyboard and seats 4 to 9 people (10 with the Artillery, V-SHARED-01); a four-person pass-and-play game with two
computer seats plays from its setup to its end through the window with real events (Return on the hand-over curtain,
mouse clicks on the Actions panel and the contest dialog); the curtain comes up whenever the deciding person changes,
and every screen shows the person at it only what `player_view` gives his seat: a faction's Political Favors only
while he controls it (V-SHARED-07, -08), flipping with the halves; a shared save reopens and plays on."""
from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QPushButton

from illuminopoly_desktop.model.board import load_board
from illuminopoly_desktop.model.rulesets import find_ruleset
from illuminopoly_desktop.model.seating import FactionId, SeatId
from illuminopoly_desktop.model.state import FavorCard
from illuminopoly_desktop.presentation import table_session
from illuminopoly_desktop.rules import control
from illuminopoly_desktop.ui.app.main_window import MainWindow
from illuminopoly_desktop.ui.dialogs.new_game_dialog import NewGameDialog
import tabletop
from test_ui_classic_table import click, open_window

SHARED = find_ruleset("shared")
HIDDEN = FavorCard(deck="chance", number=0)
"""How a Political Favor looks to a seat that may not see its face (variants/shared/secrets.py HIDDEN_CARD)."""
SECRET = FavorCard(deck="community_chest", number=4)


def people(*computers: str) -> list[dict]:
    return [{"name": name, **({"kind": "computer", "strength": "schemer"} if name in computers else {})}
            for name in ("Ann", "Ben", "Cal", "Dee")]


def through_setup(state) -> None:
    """The Dog's joint choice and the Chair election, each seat taking its default (R-GEN-03), through the seats'
    door (rules/control.py): the game then waits on the first faction's First Action."""
    while state.turn.step == "none" and not state.game_over:
        call = control.calls(state)[0]
        control.apply_as(state, call.seat, control.seat_default(state, call))


def decide(window: MainWindow, rnd: random.Random) -> str | None:
    """One decision of the person at the screen by a mouse click: a panel button (never "Do nothing" when there is
    another), else the contest dialog's Commit or one of its decision buttons. Returns what was clicked."""
    panel = window.action_panel
    if panel.buttons:
        pool = [b for b in panel.buttons if b.choice.kind != "do_nothing"] or panel.buttons
        button = rnd.choice(pool)
        click(button)
        return button.choice.kind
    contest = panel.dialogs.get("contest")
    if contest is not None and contest.isVisible():
        if contest.commit_button is not None and contest.commit_button.isEnabled():
            click(contest.commit_button)
            return "contest"
        live = [b for b, _action in contest.decision_buttons if b.isEnabled() and b.isVisible()]
        if live:
            click(rnd.choice(live))
            return "contest"
    return None


def play_steps(qtbot, window: MainWindow, rnd: random.Random, steps: int) -> None:
    """Up to `steps` steps of the table: Return on the curtain, a wait while a computer decides, else a click."""
    for _ in range(steps):
        if window.handover.isVisible():
            QTest.keyClick(window.handover, Qt.Key.Key_Return)
        elif window.table.is_thinking or window.table.session.computer_seats_awaited():
            # The computer's move counts as one step, however long it thinks on a loaded machine (a 1 ms wait per
            # step let 30 steps pass with no move at all when the suite shared the machine).
            qtbot.waitUntil(lambda: window.table.session.game_over or window.handover.isVisible() or not (
                window.table.is_thinking or window.table.session.computer_seats_awaited()), timeout=15_000)
        else:
            decide(window, rnd)


def hidden_faces_for(state, seat: int) -> set[int]:
    """The factions whose Political Favors `seat` may not see now (V-SHARED-08): all but those it controls or
    answers for."""
    seen = SHARED.factions_seen(state, SeatId(seat))
    return {p.seat for p in state.players if FactionId(p.seat) not in seen}


# ----- New Game -----

def test_new_game_chooses_shared_factions_with_the_keyboard_and_seats_four_to_eleven(qtbot):
    """V-SHARED-01: three seats are too few; ten may sit; eleven need the Artillery (an eleventh faction token); the
    factions are dealt at random or chosen by their sharers in play (V-SHARED-03), so the Seats page has no faction
    column; the shared house rules are on their page."""
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.ruleset_combo.setFocus()
    for _ in range(4):  # Illuminopoly, classic Monopoly, Defeating Monopoly, Illumonopoly, Shared factions
        QTest.keyClick(dialog.ruleset_combo, Qt.Key.Key_Down)
    assert dialog.ruleset() == "shared"
    assert "two neighbours" in dialog.ruleset_sentence.text()
    assert dialog.seats_table.isColumnHidden(2)  # no faction to choose: dealt at random
    assert dialog.artillery_check.isVisibleTo(dialog) and not dialog.banker_check.isVisibleTo(dialog)
    fields = dialog.house_rules.fields
    assert {"shared_first_pass_mb", "shared_second_pass_mb", "shared_clamp_modifiers"} <= set(fields)
    assert "V-SHARED-11" in dialog.house_rules.editors["shared_first_pass_mb"].toolTip()

    dialog.set_seat_count(3)
    assert not dialog.ok_button.isEnabled() and any("V-SHARED-01" in p for p in dialog.problems())
    dialog.set_seat_count(10)
    assert dialog.ok_button.isEnabled(), dialog.problems()
    dialog.set_seat_count(11)
    assert not dialog.ok_button.isEnabled() and any("V-SHARED-01" in p for p in dialog.problems())
    dialog.artillery_check.setFocus()
    QTest.keyClick(dialog.artillery_check, Qt.Key.Key_Space)
    assert dialog.ok_button.isEnabled(), dialog.problems()
    dialog.set_seat_count(4)
    QTest.keyClick(dialog.artillery_check, Qt.Key.Key_Space)  # off again
    # The house rules page: a First Action pass of 3 megabucks ($30), typed into its box.
    dialog.tabs.setCurrentWidget(dialog.house_rules)
    first_pass = dialog.house_rules.editors["shared_first_pass_mb"]
    first_pass.setFocus()
    first_pass.selectAll()
    QTest.keyClicks(first_pass, "3")
    assert dialog.ok_button.isEnabled(), dialog.problems()

    state = dialog.start_game()
    assert state.setup.ruleset == "shared"
    assert state.setup.options.shared_first_pass_mb == 3 and state.setup.options.use_artillery is False
    assert [p.cash for p in state.players] == [1500] * 4  # V-SHARED-03: each faction's own $1,500
    assert [p.name[:2] for p in state.players] == ["Φ0", "Φ1", "Φ2", "Φ3"]
    assert dialog.remembered().ruleset == "shared"


# ----- the table -----

def test_a_four_person_shared_game_plays_to_its_end_behind_the_curtain(qtbot, folders):
    """Ann and Ben at one laptop, Cal and Dee computers, a four-round game (R-WIN-05 counts rounds of faction
    turns, §3.6): every decision is a click or Return. The curtain comes up before every change of the person at
    the screen (VARIANTS §3.7 hot-seat hand-off); at every decision the screen is the deciding person's
    `player_view`, whose other factions' Favors are face down (V-SHARED-08), and his choices are for the faction he
    decides for now (V-SHARED-07); the game-over screen names both sharers of the winning factions (V-SHARED-28)."""
    state = SHARED.new_game(people("Cal", "Dee"), seed=7, options={"max_rounds": 4})
    window = open_window(qtbot)
    order: list[tuple[str, object]] = []
    window.start_table(state, pace_ms=0, animated=False)
    table = window.table
    window.handover.confirmed.connect(lambda seat: order.append(("curtain", seat)))
    table.viewer_changed.connect(lambda seat: order.append(("screen", seat)))
    rnd = random.Random(3)
    decisions = {0: 0, 1: 0}
    halves = set()
    for _ in range(6000):
        state = table.session.state
        if state.game_over:
            break
        if window.handover.isVisible():
            QTest.keyClick(window.handover, Qt.Key.Key_Return)
            continue
        if table.is_thinking or table.session.computer_seats_awaited():
            qtbot.wait(1)
            continue
        panel = window.action_panel
        person = panel.person
        asked = control.calls_of(state, SeatId(person))
        assert asked, f"the panel serves {person}, who is not asked"
        if not panel.public:
            assert table.viewer == person
            view = table.screen_state()
            for faction in hidden_faces_for(state, person):
                assert all(card == HIDDEN for card in view.players[faction].political_favors)
            assert {c.action.seat for c in panel.choices if not c.action.type.startswith("pass_")} <= \
                {call.acts_as for call in asked} | {int(f) for f in SHARED.controlled_by(state, SeatId(person))}
        if state.variant.turn.half and state.turn.step != "none":
            halves.add(state.variant.turn.half)
        assert decide(window, rnd) is not None, f"nothing to click for {person}: {asked}"
        decisions[person] += 1
        qtbot.wait(1)
    state = table.session.state
    assert state.game_over, "the four-round game did not end"
    lines = window.game_log.lines()  # log lines tagged with the faction and the half (VARIANTS §3.7)
    assert any(line.startswith("[Φ") and " | FA: " in line for line in lines)
    assert any(line.startswith("[Φ") and " | SA: " in line for line in lines)
    assert decisions[0] > 10 and decisions[1] > 10 and halves == {"first", "second"}
    # Every new private screen of a person came up as that person confirmed the curtain (the table answers the
    # curtain's signal before this test's listener hears it, so the screen is listed first).
    for index, (kind, seat) in enumerate(order):
        if kind == "screen" and seat is not None:
            assert order[index + 1] == ("curtain", seat), order[max(0, index - 3):index + 3]
    assert sum(1 for kind, _ in order if kind == "curtain") >= 8  # Ann and Ben alternate every round
    qtbot.waitUntil(lambda: window.game_over_dialog is not None and window.game_over_dialog.isVisible(), timeout=5000)
    dialog = window.game_over_dialog
    for winner in state.winners:
        pilot, operator = SHARED.sharers(state, FactionId(winner))
        names = [state.setup.seats[pilot].name, state.setup.seats[operator].name]
        assert f"{state.players[winner].name} won: {names[0]} and {names[1]} share the win" in dialog.sharers.text()
    assert dialog.sharers.isVisible()
    first = FactionId(state.winners[0])
    assert dialog.standings.item(0, 1).text() == state.players[first].name
    assert dialog.standings.item(0, 2).text() == " & ".join(state.setup.seats[s].name
                                                            for s in SHARED.sharers(state, first))


def test_the_sharers_choose_their_factions_token_together_on_their_own_screens(qtbot, folders):
    """V-SHARED-03 with `shared_faction_assignment = pair_choice`: Φ0's first seat Ann proposes its token with a
    click, the curtain passes the laptop to its second seat Dee, who accepts it with a click; Φ0 is named after it,
    and Φ1's choice starts with its first seat Ben."""
    state = SHARED.new_game(people(), seed=2, options={"shared_faction_assignment": "pair_choice"})
    window = open_window(qtbot)
    window.start_table(state, pace_ms=0, animated=False)
    assert window.handover.message.text() == "Pass the laptop to Ann"
    QTest.keyClick(window.handover, Qt.Key.Key_Return)
    panel = window.action_panel
    proposals = [b for b in panel.buttons if b.choice.kind == "propose_pair_choice"]
    assert proposals and all(b.choice.label.startswith("Propose the token: ") for b in proposals)
    assert "V-SHARED-03" in proposals[0].choice.tooltip
    chosen = proposals[0].choice.action.choice
    click(proposals[0])
    assert window.handover.message.text() == "Pass the laptop to Dee"
    QTest.keyClick(window.handover, Qt.Key.Key_Return)
    accept = next(b for b in window.action_panel.buttons if b.choice.kind == "accept_pair_choice"
                  and b.choice.action.accept)
    assert accept.choice.label.startswith("Accept the token: ")
    click(accept)
    state = window.table.session.state
    assert state.players[0].faction == chosen and state.players[0].name.startswith("Φ0 ")
    assert window.handover.message.text() == "Pass the laptop to Ben"


def test_a_factions_secrets_follow_its_control_from_half_to_half_at_a_shared_laptop(qtbot, folders):
    """Four people at one laptop. Φ1 (pilot Ben, operator Ann) holds a Political Favor. During First Actions Ben
    controls Φ1 and during Second Actions Ann does (VARIANTS §3.3): its face is on the screen of whichever of them
    controls it now and on nobody else's (V-SHARED-08). Ann passes Φ0's First Action (+$20, V-SHARED-11), the curtain
    asks for Dee, Dee passes Φ0's Second Action (+$30, V-SHARED-13): Φ0 has $1,550 (SH-T4)."""
    state = SHARED.new_game(people(), seed=1)
    through_setup(state)
    state.players[1].political_favors.append(SECRET)
    first = state.turn.seat
    assert first == 0 and state.variant.turn.half == "first", "seed 1 starts with Φ0 (the Chair's faction)"
    cash = state.players[0].cash
    window = open_window(qtbot)
    window.start_table(state, pace_ms=0, animated=False)
    table = window.table

    def take_the_laptop(name: str) -> None:
        assert window.handover.isVisible() and window.handover.message.text() == f"Pass the laptop to {name}"
        QTest.keyClick(window.handover, Qt.Key.Key_Return)
        assert not window.handover.isVisible()

    def favors_on_screen() -> list[FavorCard]:
        return list(table.screen_state().players[1].political_favors)

    take_the_laptop("Ann")  # Φ0's First Action: Ann pilots Φ0; Ben controls Φ1 in First Actions
    assert window.action_panel.title.text().startswith("Ann — for Φ0")
    assert favors_on_screen() == [HIDDEN]
    click(window.action_panel.hint_button)  # the hint answers for Ann's faction from Ann's view
    assert window.action_panel.hint_label.text().startswith("A schemer in your place would: ")
    pass_first = next(b for b in window.action_panel.buttons if b.choice.kind == "pass_first_action")
    assert pass_first.choice.label == "Pass the First Action (+$20)"
    click(pass_first)
    lines = window.game_log.lines()  # each line tagged with the faction and half it happened in (VARIANTS §3.7)
    assert "[Φ0 Race Car | FA: Ann] Ann passes Φ0 Race Car's First Action for $20." in lines
    assert "[Φ0 Race Car | SA: Dee] Dee takes Φ0 Race Car's Second Action." in lines
    take_the_laptop("Dee")  # Φ0's Second Action: its operator Dee; in Second Actions Ann controls Φ1, not Dee
    assert favors_on_screen() == [HIDDEN]
    assert "Second Action" in window.action_panel.title.text()
    pass_second = next(b for b in window.action_panel.buttons if b.choice.kind == "pass_second_action")
    assert pass_second.choice.label == "Pass the Second Action (+$30)"
    click(pass_second)
    assert table.session.state.players[0].cash == cash + 20 + 30
    take_the_laptop("Ben")  # Φ1's First Action: Ben controls Φ1 and sees its Favor
    assert favors_on_screen() == [SECRET]
    click(next(b for b in window.action_panel.buttons if b.choice.kind == "pass_first_action"))
    take_the_laptop("Ann")  # Φ1's Second Action: Ann operates Φ1 and controls it now
    assert favors_on_screen() == [SECRET]
    assert "Ann — for Φ1" in window.action_panel.title.text()
    click(next(b for b in window.action_panel.buttons if b.choice.kind == "pass_second_action"))
    take_the_laptop("Cal")  # Φ2's First Action: Cal controls Φ2; Φ1 is Ben's again, not Cal's
    assert favors_on_screen() == [HIDDEN]


def test_a_shared_save_opens_and_plays_on(qtbot, folders, monkeypatch):
    window = open_window(qtbot)
    window.start_table(SHARED.new_game(people("Cal", "Dee"), seed=5), pace_ms=0, animated=False)
    rnd = random.Random(4)
    play_steps(qtbot, window, rnd, 40)
    saved = folders["documents"] / "shared evening.illuminopoly.json"
    qtbot.waitUntil(lambda: not window.table.is_thinking, timeout=5000)
    reopened = tabletop.save_and_reopen(window, monkeypatch, saved, lambda: open_window(qtbot), "shared")
    before = len(reopened.table.session.actions)
    play_steps(qtbot, reopened, rnd, 30)
    assert len(reopened.table.session.actions) > before


def test_the_contest_dialog_shows_the_proxy_banner_and_the_clamp_gauge(qtbot, folders):
    """SH-T2 at the table: in Φ1's Second Action Ann (its operator) takes over a deed of Φ2, whose Second-Action
    controller Ben also shares Φ1, so Φ2's defence goes to Cal (V-SHARED-18). Behind the curtain Cal's contest
    dialog says so in a banner and draws the clamp on contest money as the natural roll needed (V-SHARED-19); Ben
    is never asked. Cal commits his defence with a click."""
    from illuminopoly_desktop.rules import actions as A
    from scenario import give
    from shared_scenario import ANN, BEN, CAL, PHI1, act_as, force, shared_game

    state = shared_game(chair=1)
    give(state, 2, 6)  # Oriental Avenue, Φ2's
    force(state, 2, 4)
    act_as(state, BEN, A.Roll(seat=PHI1))
    act_as(state, ANN, A.TakeOver(seat=PHI1, parent=-1, arrow=0))
    window = open_window(qtbot)
    window.start_table(state, pace_ms=0, animated=False)
    seen = []
    for _ in range(6):
        if window.handover.isVisible():
            seen.append(window.handover.message.text())
            QTest.keyClick(window.handover, Qt.Key.Key_Return)
        panel = window.action_panel
        if panel.person == CAL:
            break
        assert panel.person == ANN  # the attacker's operator bids first; Ben is never at the screen
        assert decide(window, random.Random(1)) == "contest"
    assert "Pass the laptop to Ben" not in seen and "Pass the laptop to Cal" in seen
    dialog = window.action_panel.dialogs["contest"]
    assert dialog.isVisible()
    part = dialog.shared_part
    assert part.isVisible() and part.proxy_banner.isVisible()
    assert part.proxy_banner.text().startswith("Proxy (V-SHARED-18): Cal answers for Φ2 Horseman, because its "
                                               "controller Ben also shares the attacking faction.")
    clamp = find_ruleset("shared").queries.contest_clamp(window.table.session.state)
    assert (clamp.target - clamp.highest, clamp.target - clamp.lowest) == (part.gauge.easiest, part.gauge.hardest)
    assert part.gauge.needed == clamp.needed and f"needs a natural {clamp.needed} now" in part.clamp_label.text()
    assert "Cal — for Φ2" in window.action_panel.title.text()
    assert "as its proxy" in window.action_panel.phase.text()
    click(dialog.commit_button)
    assert CAL not in [call.seat for call in control.calls(window.table.session.state)]


def test_f1_in_a_shared_game_shows_how_to_play_shared_factions(qtbot, folders):
    window = open_window(qtbot)
    window.start_table(SHARED.new_game(people(), seed=1, options={"shared_second_pass_mb": 4}), pace_ms=0,
                       animated=False)
    if window.handover.isVisible():
        QTest.keyClick(window.handover, Qt.Key.Key_Return)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    QTest.keyClick(window, Qt.Key.Key_F1)
    reference = window.rules_reference
    assert reference.isVisible()
    how_to = reference.how_to_play.toPlainText()
    assert how_to.startswith("How to play Shared factions")
    assert "Pass the First Action (+$20)" in how_to and "V-SHARED-18" in how_to and "proxy" in how_to
    assert "Shared second pass mb: 4." in reference.game_page.toPlainText()


def test_attacks_the_shared_rules_forbid_are_shown_disabled_with_their_reason(qtbot, folders):
    """SH-T2 / V-SHARED-16 at the table: Φ1's token stops on Oriental Avenue, a deed of Φ0; Φ1's operator Ann also
    shares Φ0, so its takeover, subversion and rezoning are shown disabled, each naming V-SHARED-16 and why; her
    choices are doing nothing or the Second Action's pass (+$30)."""
    from illuminopoly_desktop.rules import actions as A
    from scenario import give
    from shared_scenario import BEN, PHI1, act_as, force, shared_game

    state = shared_game(chair=1)
    give(state, 0, 6)
    force(state, 2, 4)
    act_as(state, BEN, A.Roll(seat=PHI1))
    window = open_window(qtbot)
    window.start_table(state, pace_ms=0, animated=False)
    assert window.handover.message.text() == "Pass the laptop to Ann"
    QTest.keyClick(window.handover, Qt.Key.Key_Return)
    panel = window.action_panel
    assert {b.choice.kind for b in panel.buttons} == {"do_nothing", "pass_second_action"}
    refused = [b for b in panel.scroll.widget().findChildren(QPushButton) if b.property("refusedKind")]
    assert [b.property("refusedKind") for b in refused] == ["take_over", "subvert", "rezone"]
    for button in refused:
        assert not button.isEnabled() and button.isVisible()
        assert button.toolTip() == ("V-SHARED-16: Ann shares Φ0 Top Hat, which Oriental Avenue belongs to: no attack "
                                    "on one's own other faction.")
    tabs = panel.faction_tabs
    assert [tabs.tabText(i) for i in range(tabs.count())] == ["Φ0 Top Hat (read-only)", "Φ1 Race Car"]
    assert tabs.tabToolTip(0).startswith("Read-only now: Dee controls it during Second Actions, Ann during First "
                                         "Actions (V-SHARED-07).")
    assert not tabs.pages[0].isEnabled() and tabs.pages[1].isEnabled() and tabs.currentIndex() == 1
    bar = tabs.tabBar()
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(0).center())  # a look at the other faction
    assert tabs.currentIndex() == 0 and "face down (V-SHARED-08)" in tabs.pages[0].text()
    summary = panel.ring.summary()  # the seat ring in words (its tooltip)
    assert summary.startswith("Now: Φ1 Race Car, Second Action (SA) by Ann.")
    assert "Φ1 Race Car between Ben (pilot) and Ann (operator); controlled by Ann." in summary
    assert "Φ0 Top Hat between Ann (pilot) and Dee (operator); controlled by Dee." in summary


# ----- LAN -----

def test_a_shared_game_hosted_from_the_window_plays_on_the_lan_table(qtbot, tmp_path, monkeypatch):
    """File ▸ Host Game… with Shared factions chosen: fewer than four seats cannot be asked for (V-SHARED-01); one
    person and three computer schemers, a two-round game; the host's clicks go through the window's LAN table to the
    in-app server, which checks that each is his to take (rules/control.py); his panel shows the faction he decides
    for, and the last view is the server's player_view of his seat (V-SHARED-08)."""
    from illuminopoly_desktop.model.views import player_view
    from illuminopoly_desktop.rules.legal import default_action
    from illuminopoly_desktop.ui.lan.host_dialog import HostDialog
    from illuminopoly_desktop.ui.lan.lan_client import start_remote_table

    monkeypatch.setattr(table_session, "default_data_dir", lambda: tmp_path)
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    dialog = HostDialog(window, bind="127.0.0.1", discovery=False, save_path=tmp_path / "lan.json",
                        computer_pace=0)
    qtbot.addWidget(dialog)
    dialog.ruleset_combo.setFocus()
    dialog.ruleset_combo.setCurrentIndex(dialog.ruleset_combo.findData("shared"))
    assert "two neighbours" in dialog.ruleset_sentence.text()
    assert (dialog.seats.minimum(), dialog.seats.maximum()) == (4, 11)  # V-SHARED-01
    dialog.options = {"max_rounds": 2}
    dialog.port.setValue(0)
    dialog.seats.setValue(4)
    dialog.computers.setValue(3)
    dialog.strength.setCurrentIndex(dialog.strength.findData("strategist"))
    assert not dialog.host_button.isEnabled() and "Shared factions has no strategist" in dialog.problems_label.text()
    dialog.strength.setCurrentIndex(dialog.strength.findData("schemer"))
    assert dialog.host_button.isEnabled(), dialog.problems()
    click(dialog.host_button)
    qtbot.waitUntil(lambda: dialog.lan.seat == 0 and dialog.lobby.table.rowCount() == 4, timeout=5000)
    with qtbot.waitSignal(dialog.accepted, timeout=5000):
        dialog.lobby.ready.setChecked(True)
    start_remote_table(window, dialog.lan)
    session = window.table.session
    assert session.state.setup.ruleset == "shared"
    host = session.state.setup.seats[0].name
    server = dialog.lan.server.server
    rnd = random.Random(2)
    played = 0
    while not session.game_over and played < 400:
        qtbot.waitUntil(lambda: session.game_over or (0 in session.awaiting()
                                                      and window.action_panel.state is session.state),
                        timeout=20_000)
        if session.game_over:
            break
        panel = window.action_panel
        assert panel.person == 0
        assert panel.title.text().startswith(f"{host} — for Φ") or panel.title.text() == f"{host} — your own vote"
        if decide(window, rnd) is None:
            window.table.apply_action(default_action(session.state, panel.seat))
        played += 1
        qtbot.wait(5)
    assert session.game_over and played > 3
    qtbot.waitUntil(lambda: dialog.lan.client.view == player_view(server.table.state, 0), timeout=5000)
    window.close_table()
    qtbot.waitUntil(lambda: dialog.lan.connection is None, timeout=5000)


def test_the_deal_dialog_offers_no_deal_with_an_adjacent_faction(qtbot, folders):
    """V-SHARED-17 at the table: in Φ0's First Action Ann opens Deals… with a click; Φ1 (which she shares) and Φ3
    (which Dee shares with Φ0) cannot be made counterparties, their boxes say why; Φ2 can."""
    state = SHARED.new_game(people(), seed=1)
    through_setup(state)
    window = open_window(qtbot)
    window.start_table(state, pace_ms=0, animated=False)
    QTest.keyClick(window.handover, Qt.Key.Key_Return)
    click(window.action_panel.launcher_buttons["deal"])
    dialog = window.action_panel.dialogs["deal"]
    assert dialog.isVisible() and dialog.seat == 0
    dialog.tabs.setCurrentIndex(1)
    boxes = dialog.party_boxes
    assert set(boxes) == {1, 2, 3}
    assert boxes[2].isEnabled() and not boxes[1].isEnabled() and not boxes[3].isEnabled()
    assert boxes[1].toolTip() == ("V-SHARED-17: Φ0 Race Car and Φ1 Thimble share Ann: no exchange between adjacent "
                                  "factions.")
    assert boxes[3].toolTip().startswith("V-SHARED-17: Φ0 Race Car and Φ3 Horseman share Dee")
    click(boxes[2])
    assert dialog.draft.counterparties == [2]
