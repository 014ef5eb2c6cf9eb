"""The action panel and the game log (issue 4, "Playing"): choices come from the engine, clicks become actions.

Runs offscreen (tests/conftest.py); pytest-qt provides the QApplication and `qtbot`.
"""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from scenario import force, give, pass_turn, started_game

from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.presentation.action_choices import choices_for, percent
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.rules.odds import success_probability
from illuminopoly_desktop.ui.table.action_panel import ActionPanel
from illuminopoly_desktop.ui.table.game_log import REFUSAL_RED, GameLog

BOARDWALK = 39
TAKEOVER_TARGET = 12  # R-TAKEOVER-03


def land_on(state, square, seat=0):
    """Move the mover to `square` with a non-doubles roll of 3 (1 + 2), as tests/test_rules_conspiracy.py does."""
    state.players[seat].position = (square - 3) % 40
    force(state, 1, 2)
    return engine.apply(state, A.Roll(seat=seat))


@pytest.fixture
def panel(qtbot):
    widget = ActionPanel()
    qtbot.addWidget(widget)
    return widget


@pytest.fixture
def log(qtbot):
    widget = GameLog()
    qtbot.addWidget(widget)
    return widget


def kinds(panel) -> list[str]:
    return [b.choice.kind for b in panel.buttons]


def test_at_T3_the_panel_offers_roll_and_reorganize_with_roll_the_default(panel):
    state = started_game()
    panel.refresh(state, 0)
    assert {"roll", "reorganize"} <= set(kinds(panel))
    roll = panel.buttons_of("roll")[0]
    assert roll.choice.is_default and roll.property("defaultChoice") is True
    assert not panel.buttons_of("reorganize")[0].choice.is_default
    assert "P0" in panel.title.text() and "Top Hat" in panel.title.text()
    assert "roll the dice or reorganize" in panel.phase.text()
    assert "T3" not in panel.phase.text()  # the step's code only for those who ask for codes (issue 20)
    assert roll.toolTip()


def test_landing_on_an_owned_property_offers_the_conspiracies_with_their_base_cost(panel):
    state = started_game()
    give(state, 1, BOARDWALK, ROOT)
    land_on(state, BOARDWALK)
    panel.refresh(state, 0)
    assert {"do_nothing", "take_over", "rezone", "subvert"} <= set(kinds(panel))
    take_over = panel.buttons_of("take_over")
    assert len(take_over) == 1  # one button, not one per free arrow
    assert "Take over Boardwalk — base cost $400" in take_over[0].text()
    assert take_over[0].choice.cost == 400
    assert panel.buttons_of("do_nothing")[0].choice.is_default
    assert all(b.choice.group == "landing" for b in panel.buttons if b.choice.kind in ("take_over", "rezone"))


def takeover_of_boardwalk(panel):
    """Seat 0 attacks seat 1's Boardwalk: the panel shows the graft decision; returns the state."""
    state = started_game()
    give(state, 1, BOARDWALK, ROOT)
    land_on(state, BOARDWALK)
    engine.apply(state, A.TakeOver(seat=0, parent=ROOT, arrow=0))
    panel.refresh(state, 0)
    return state


def test_the_graft_chooser_shows_the_exact_odds_as_pips_change(panel, qtbot):
    state = takeover_of_boardwalk(panel)
    chooser = panel.graft_chooser
    assert chooser is not None and not panel.buttons_of("commit_graft")  # a spin box, not thirteen buttons
    seen = []
    for pips in (0, 3, 6):
        chooser.pips.setValue(pips)
        expected = percent(success_probability(2, TAKEOVER_TARGET, pips, True))
        assert expected in chooser.odds.text()
        assert f"${pips * 10}" in chooser.odds.text()
        seen.append(expected)
    assert len(set(seen)) == 3
    with qtbot.waitSignal(panel.action_chosen) as signal:
        qtbot.mouseClick(chooser.commit, Qt.MouseButton.LeftButton)
    assert signal.args[0] == A.CommitGraft(seat=0, pips=6)
    engine.apply(state, signal.args[0])
    assert state.pending[-1].bids[0] == 6


def test_return_in_the_graft_box_commits_the_pips_typed(panel, qtbot):
    takeover_of_boardwalk(panel)
    box = panel.graft_chooser.pips.lineEdit()
    box.selectAll()
    qtbot.keyClicks(box, "4")
    with qtbot.waitSignal(panel.action_chosen) as signal:
        qtbot.keyClick(box, Qt.Key.Key_Return)
    assert signal.args[0] == A.CommitGraft(seat=0, pips=4)


def test_clicking_a_button_emits_its_action_and_the_engine_accepts_it(panel, qtbot):
    state = started_game()
    panel.refresh(state, 0)
    force(state, 1, 2)
    with qtbot.waitSignal(panel.action_chosen) as signal:
        qtbot.mouseClick(panel.buttons_of("roll")[0], Qt.MouseButton.LeftButton)
    action = signal.args[0]
    assert action == A.Roll(seat=0)
    events = engine.apply(state, action)
    assert state.players[0].position == 3 and events
    panel.refresh(state, 0)
    assert "do_nothing" in kinds(panel)


def test_keyboard_shortcuts_roll_and_take_the_default(panel, qtbot):
    state = started_game()
    panel.refresh(state, 0)
    panel.show()
    qtbot.waitExposed(panel)
    panel.activateWindow()
    qtbot.waitUntil(panel.isActiveWindow)
    with qtbot.waitSignal(panel.action_chosen, timeout=2000) as signal:
        qtbot.keyClick(panel, Qt.Key.Key_R)
    assert signal.args[0] == A.Roll(seat=0)
    with qtbot.waitSignal(panel.action_chosen, timeout=2000) as signal:
        qtbot.keyClick(panel, Qt.Key.Key_Space)
    assert signal.args[0] == A.Roll(seat=0)
    assert not panel.press("E")  # no End turn at T3
    assert "[R / Space]" in panel.buttons_of("roll")[0].text().replace("\u00a0", " ")  # as the player reads it


def test_free_actions_sit_in_a_collapsed_other_actions_group(panel, qtbot):
    state = started_game()
    give(state, 0, BOARDWALK, ROOT)
    panel.refresh(state, 0)
    assert panel.buttons_of("mortgage")
    assert panel.other_body.isHidden()
    panel.other_toggle.setChecked(True)
    assert not panel.other_body.isHidden()
    panel.refresh(state, 0)
    assert not panel.other_body.isHidden()  # the reader's choice survives a refresh


def test_the_panel_only_lists_what_the_engine_lists(panel):
    state = started_game()
    give(state, 1, BOARDWALK, ROOT)
    land_on(state, BOARDWALK)
    for seat in range(4):
        panel.refresh(state, seat)
        for button in panel.buttons:
            assert engine.is_legal(state, button.choice.action) is None
    panel.refresh(state, 2)
    assert "waiting for P0" in panel.phase.text()


def test_the_log_shows_the_roll_in_words(log):
    state = started_game()
    events = land_on(state, BOARDWALK)
    log.append_events(events, viewer_seat=2, state=state)
    lines = log.lines()
    assert "P0 rolls 1 + 2." in lines  # words only; the rule is in the line's tooltip (issue 20)
    assert any(line.startswith("P0 moves from") and "Boardwalk" in line for line in lines)
    log.filter_box.setText("boardwalk")
    assert log.lines() and all("Boardwalk" in line for line in log.lines())
    log.filter_box.setText("R-MOVE-01")  # the filter still finds a line by its rule
    assert log.lines() == ["P0 rolls 1 + 2."]


def test_the_log_hides_a_sealed_bid_from_another_viewer(qtbot):
    state = started_game()
    give(state, 1, BOARDWALK, ROOT)
    land_on(state, BOARDWALK)
    engine.apply(state, A.TakeOver(seat=0, parent=ROOT, arrow=0))
    events = engine.apply(state, A.CommitGraft(seat=0, pips=6))
    assert any(e.visible_to == [0] for e in events)
    bidder_log, other_log = GameLog(state), GameLog(state)
    qtbot.addWidget(bidder_log)
    qtbot.addWidget(other_log)
    bidder_log.append_events(events, viewer_seat=0)
    other_log.append_events(events, viewer_seat=1)
    assert any("6 pips" in line for line in bidder_log.lines())
    assert not any("pips" in line for line in other_log.lines())


def test_a_refusal_is_red_with_its_rule_and_a_click_asks_for_the_rule(log, qtbot):
    state = started_game()
    with pytest.raises(IllegalAction) as refusal:
        engine.apply(state, A.EndTurn(seat=0))
    log.show_refusal(refusal.value)
    row = log.proxy.index(0, 0)
    assert refusal.value.message in row.data() and refusal.value.rule_id not in row.data()  # words (issue 20)
    assert row.data(Qt.ItemDataRole.ForegroundRole) == REFUSAL_RED
    assert refusal.value.rule_id in row.data(Qt.ItemDataRole.ToolTipRole)
    log.show()
    qtbot.waitExposed(log)
    rect = log.view.visualRect(row)
    with qtbot.waitSignal(log.rule_requested) as signal:
        qtbot.mouseClick(log.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert signal.args == [refusal.value.rule_id]


def fill_log(log, qtbot, width: int, height: int, landings: int):
    """The log shown at width × height with `landings` landings told in it; returns the last game's state."""
    state = started_game()
    log.resize(width, height)
    log.show()
    qtbot.waitExposed(log)
    for _ in range(landings):
        log.append_events(land_on(state, BOARDWALK), viewer_seat=0, state=state)
        state = started_game()
    return state


def test_the_log_follows_the_newest_line(log, qtbot):
    fill_log(log, qtbot, 300, 120, 30)
    bar = log.view.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0 and bar.value() == bar.maximum())


def test_choices_for_marks_exactly_one_default_for_the_awaited_seat():
    state = started_game()
    assert sum(c.is_default for c in choices_for(state, 0)) == 1
    assert not any(c.is_default for c in choices_for(state, 1))


def test_the_log_stays_at_the_newest_line_when_it_is_laid_out_again_and_not_when_read_back(log, qtbot):
    """A long history loaded (an opened save) then the panel resized: the newest line is still in sight. A reader who
    scrolled back stays where he reads, through new lines and resizes."""
    state = fill_log(log, qtbot, 320, 140, 40)
    bar = log.view.verticalScrollBar()
    for width in (180, 520, 240):  # narrower: the wrapped lines grow taller, the range grows
        log.resize(width, 140)
        qtbot.waitUntil(lambda: bar.maximum() > 0 and bar.value() == bar.maximum())
    bar.setValue(bar.maximum() // 3)  # the reader scrolls back
    reading = bar.value()
    log.append_events(land_on(state, BOARDWALK), viewer_seat=0, state=state)
    log.resize(200, 140)
    qtbot.wait(50)
    assert bar.value() < bar.maximum() - 2 and abs(bar.value() - reading) <= reading  # not pulled to the bottom


def test_R_ART_03_the_artillery_demands_any_ransom_from_a_spin_box(panel, qtbot):
    """Any amount of at least $1 may be demanded (R-ART-03): a spin box starting at a quarter of the property's
    value, not three sample buttons. Seats: 0 Top Hat, 1 the Artillery (to move), 2 Race Car, 3 Steam Iron."""
    state = started_game(4, factions=("top_hat", "artillery", "race_car", "steam_iron"),
                         options={"use_artillery": True})
    pass_turn(state)
    state.players[1].position = BOARDWALK - 3
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=1))
    panel.refresh(state, 1)
    chooser = panel.amount_choosers["demand_ransom"]
    assert not panel.buttons_of("demand_ransom") and panel.buttons_of("do_nothing")
    assert (chooser.amount.minimum(), chooser.amount.value()) == (1, 100)  # a quarter of Boardwalk's $400
    box = chooser.amount.lineEdit()
    box.selectAll()
    qtbot.keyClicks(box, "237")
    with qtbot.waitSignal(panel.action_chosen) as signal:
        qtbot.keyClick(box, Qt.Key.Key_Return)
    assert signal.args[0] == A.DemandRansom(seat=1, amount=237)
    engine.apply(state, signal.args[0])
    assert (state.pending_ransom.property, state.pending_ransom.amount) == (BOARDWALK, 237)


def test_R_BUILD_06_a_permit_bribe_of_any_amount_for_each_lot_the_briber_could_build_on(panel, qtbot):
    """The permit window: one amount box per lot (the menu lists a sample $10; any amount is allowed), and the
    plain "no bribe" button. The amount offered is the one recorded."""
    from test_rules_buildings import BALTIC, MEDITERRANEAN, ORIENTAL, build, one_house_left

    state = one_house_left()
    build(state, 1, ORIENTAL)
    panel.refresh(state, 2)
    assert set(panel.amount_choosers) == {f"permit_bribe:{MEDITERRANEAN}", f"permit_bribe:{BALTIC}"}
    assert [b.choice.action.amount for b in panel.buttons_of("permit_bribe")] == [0]
    chooser = panel.amount_choosers[f"permit_bribe:{BALTIC}"]
    cash = state.players[2].cash
    assert (chooser.amount.minimum(), chooser.amount.value(), chooser.amount.maximum()) == (1, 10, cash - 50)
    chooser.amount.setValue(41)
    with qtbot.waitSignal(panel.action_chosen) as signal:
        chooser.button.click()
    assert signal.args[0] == A.PermitBribe(seat=2, amount=41, property=BALTIC)
    engine.apply(state, signal.args[0])
    assert state.pending[-1].bids == {2: 41}


def wrapped_lines(button, width: int) -> list[str]:
    """The lines a ChoiceButton's words fall into at `width` (as its paintEvent's word-wrapped drawText lays them)."""
    from PySide6.QtGui import QTextLayout, QTextOption

    layout = QTextLayout(button.text(), button.font())
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    layout.setTextOption(option)
    layout.beginLayout()
    lines = []
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(width - 2 * button.PADDING[0])
        lines.append(button.text()[line.textStart():line.textStart() + line.textLength()].strip())
    layout.endLayout()
    return lines


def test_a_narrow_choice_never_parts_an_amount_from_its_sign_nor_a_shortcut_from_its_bracket(qtbot):
    from illuminopoly_desktop.presentation.action_choices import Choice
    from illuminopoly_desktop.ui.table.choice_widgets import ChoiceButton

    mortgage = ChoiceButton(Choice(action=A.Mortgage(seat=0, property=13), label="Mortgage Virginia Avenue (+$80)",
                                   cost=None, tooltip="R-MORT-01."))
    roll = ChoiceButton(Choice(action=A.Roll(seat=0), label="Roll the dice", cost=None, tooltip="",
                               is_default=True, shortcut="R"))
    for button in (mortgage, roll):
        qtbot.addWidget(button)
    for width in range(60, 320, 4):
        lines = wrapped_lines(mortgage, width) + wrapped_lines(roll, width)
        assert not any(line.startswith(("$", "/", "Space")) or line.endswith(("+", "/")) for line in lines), (
            width, lines)


def test_R_SETUP_02_each_draft_choice_names_the_factions_epithet_and_tells_its_power_and_victory():
    from illuminopoly_desktop.model.factions import load_factions
    from illuminopoly_desktop.variants.illuminopoly.setup import new_game

    state = new_game(["Ann", "Bob", "Cy"], seed=4)
    seat = engine.awaiting(state)[0]
    picks = [c for c in choices_for(state, seat) if c.kind == "pick_faction"]
    assert picks
    for choice in picks:
        info = load_factions()[choice.action.faction]
        # The power and the victory in a sentence each on the button (issue 20), the full texts in the tooltip.
        assert choice.label == (f"Play the {info.name} ({info.title})\nPower: {info.power_in_a_sentence}\n"
                                f"To win: {info.victory_in_a_sentence}")
        assert info.power in choice.tooltip and info.victory in choice.tooltip


def test_a_hint_to_commit_graft_puts_the_advised_pips_into_the_box(panel, qtbot):
    """R-CONTEST-02 step 6: the advised graft is not a button but an amount; the hint fills the graft box with it,
    so that Commit (or Return) takes the advice."""
    from illuminopoly_desktop.presentation.hints import hint_for

    state = takeover_of_boardwalk(panel)
    advice = hint_for(state, 0)
    assert advice.action.type == "commit_graft" and not advice.on_panel
    panel.graft_chooser.pips.setValue(0 if advice.action.pips else 1)
    panel.show_hint(advice)
    assert panel.graft_chooser.pips.value() == advice.action.pips
    assert panel.hint_label.text() == advice.text  # no "not a button here": the box is here
    with qtbot.waitSignal(panel.action_chosen) as signal:
        panel.graft_chooser.commit.click()
    assert signal.args[0] == advice.action


def test_R_CONTEST_02_the_panels_graft_box_takes_any_affordable_number_of_pips(panel, qtbot):
    """R-CONTEST-02 step 6: "up to his cash". The legal list samples 0 to 12 pips, but with sealed bids a side may
    need more to outbid graft it cannot see: the box goes to what the cash pays for, as the contest dialog's does."""
    from illuminopoly_desktop.presentation.contest_view import pip_range
    from illuminopoly_desktop.variants.illuminopoly import contests
    from illuminopoly_desktop.rules.context import Ctx

    state = takeover_of_boardwalk(panel)
    chooser = panel.graft_chooser
    most = contests.max_pips(Ctx(state), contests.active_contest(state), 0)
    assert most > 12 and chooser.pips.maximum() == most == pip_range(state, 0)[1]
    chooser.pips.setValue(20)
    assert "$200" in chooser.odds.text() and chooser.commit.isEnabled()
    with qtbot.waitSignal(panel.action_chosen) as signal:
        chooser.commit.click()
    assert signal.args[0] == A.CommitGraft(seat=0, pips=20)
    engine.apply(state, signal.args[0])
    assert contests.active_contest(state).bids[0] == 20  # the engine takes it: sealed until the defender bids
