"""How to play the Georgist rules in the rules reference (issue 27, §5.7): a tab of its own, reached by a click on
its tab or by its Alt shortcut (Alt+D), in the variant's own words (a lessee, not an owner), each point with its V-GEORGE
rule, every rule it cites one of VARIANTS §5."""
from __future__ import annotations

import os
import re

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from illuminopoly_desktop.model.resources import resource_path  # noqa: E402
from illuminopoly_desktop.ui.dialogs.rules_reference import RulesReferenceWindow  # noqa: E402
from ui_windows import hide_top_level_windows  # noqa: E402


def test_the_georgist_how_to_play_tab_opens_by_click_and_by_keyboard(qtbot):
    window = RulesReferenceWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    bar = window.tabs.tabBar()
    index = window.tabs.indexOf(window.george_page)
    assert window.tabs.tabText(index) == "&Defeating Monopoly"
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    assert window.tabs.currentWidget() is window.george_page
    text = window.george_page.toPlainText()
    for point in ("nobody owns land", "lessee", "holding fee", "half to all", "GO pot", "round 30", "$7000"):
        assert point in text, point
    assert " owner" not in text.replace("owner rent", "")  # the variant's words: a lessee, not an owner
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(0).center())
    window.activateWindow()
    window.how_to_play.setFocus()
    qtbot.waitUntil(lambda: window.how_to_play.hasFocus())
    QTest.keyClick(window.how_to_play, Qt.Key.Key_D, Qt.KeyboardModifier.AltModifier)
    assert window.tabs.currentWidget() is window.george_page
    hide_top_level_windows()


def test_every_rule_the_georgist_page_cites_is_a_rule_of_variants_section_5():
    cited = set(re.findall(r"V-GEORGE-(\d{2})", resource_path("how_to_play_george.md").read_text(encoding="utf-8")))
    assert len(cited) >= 20 and all(1 <= int(number) <= 33 for number in cited)
