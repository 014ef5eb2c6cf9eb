"""Help ▸ Rules Reference (F1): the rules inside the app, so that nobody needs the paper rules (issue 4, "Playing").

Six tabs (seven with a game open: "This game", its preset and house rules, whose changes the rule pages note too):
How to Play (the game in a few paragraphs, for a newcomer; where the window opens), a searchable index
of every rule ID with its text (the game log's rule links open it at that rule), the factions' powers and
victories, the contests (who rolls, who pays, where the money goes) and the odds of a contest for every roll
needed, computed by rules/odds.py, and how to play the Georgist rules (Defeating Monopoly). The data is in
resources/ (presentation/rules_reference.py).
"""
from __future__ import annotations

from PySide6.QtCore import QUrl, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QAbstractItemView, QDialog, QDialogButtonBox, QHeaderView, QLabel, QLineEdit,
                               QSplitter, QTabWidget, QTableWidget, QTableWidgetItem, QTextBrowser, QTreeWidget,
                               QTreeWidgetItem, QVBoxLayout, QWidget)

from ...presentation.rules_reference import (RuleEntry, RulesReference, contests_markdown, factions_markdown,
                                            game_rules_markdown, george_how_to_play_markdown,
                                            how_to_play_markdown, load_rules_reference, odds_table, percent,
                                            rule_id_of_link, rule_markdown, rule_notes_markdown)

RULE_ROLE = Qt.ItemDataRole.UserRole + 1
ODDS_COLUMNS = ("Roll needed", "2d6", "2d6, no natural results", "3d6 (Wheelbarrow subversion)")
ODDS_EXPLANATION = (
    "<p><b>Roll needed</b> = the contest's target (takeover and subversion 12, rezoning and destruction 7, rebuild "
    "zoning 8; R-CONTEST-01) − the attacker side's pips + the defender side's pips. For example, a takeover with "
    "+5 graft against −2 needs 9 on the dice.</p>"
    "<p><b>2d6</b>: double 1 always fails and double 6 always succeeds (R-CONTEST-05). <b>No natural results</b>: "
    "rezoning, rebuild and destruction when the house rule natural_rolls_all_contests is off. <b>3d6</b>: the "
    "Wheelbarrow's subversion, where three 1s fail and an unmodified 12 or more always succeeds.</p>")


class RulesReferenceWindow(QDialog):
    """The rules reference, a window of its own that stays open beside the table (not modal).

    `show_rule(rule_id)` brings it to that rule; `tabs`, `search_box`, `index`, `rule_view` and `odds` are
    attributes for tests."""

    def __init__(self, parent: QWidget | None = None, reference: RulesReference | None = None):
        super().__init__(parent)
        self.game_page: QTextBrowser | None = None
        self._game_rules = None
        """(options, preset, ruleset) of the game whose rules are shown (show_game_rules), or None."""
        self.setWindowTitle("Illuminopoly — Rules Reference")
        self.setWindowFlag(Qt.WindowType.WindowContextHelpButtonHint, False)
        self.resize(1040, 720)
        self.reference = reference or load_rules_reference()

        self.tabs = QTabWidget(self)
        self.how_to_play = self._markdown_page(how_to_play_markdown())
        self.rules_page = self._build_index_page()
        self.factions_page = self._markdown_page(factions_markdown())
        self.contests_page = self._markdown_page(contests_markdown(self.reference))
        self.george_page = self._markdown_page(george_how_to_play_markdown())
        for page, title, tooltip in (
                (self.how_to_play, "How to &Play", "The game in a few paragraphs, with the rule of each point"),
                (self.rules_page, "&Rules", "Every rule by its ID; type to search"),
                (self.factions_page, "&Factions", "Each faction's power and victory condition"),
                (self.contests_page, "&Contests", "Who rolls, who pays what, and where every dollar goes"),
                (self._build_odds_page(), "&Odds", "The chance of success for every roll a contest may need"),
                (self.george_page, "&Defeating Monopoly",
                 "How to play Defeating Monopoly, the Georgist rule system (leases, use fees, building loans)")):
            self.tabs.setTabToolTip(self.tabs.addTab(page, title), tooltip)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(buttons)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Find), self, activated=self.focus_search)
        self.show_rule(self.reference.rules[0].id)
        self.tabs.setCurrentWidget(self.how_to_play)  # F1 opens on the newcomer's page; rule links go to the index

    # ----- the game's own rules (its preset and house rules, issue 25) -----

    def show_game_rules(self, setup) -> None:
        """Show the rules as the game of `setup` (a GameSetup, or None: no game) has them: a "This game" page with
        its preset and the house rules that depart from the defaults, and on every rule page what they change."""
        self._game_rules = (setup.options, setup.preset, setup.ruleset) if setup is not None else None
        ruleset = setup.ruleset if setup is not None else "illuminopoly"
        if ruleset != getattr(self, "_how_to_play_ruleset", "illuminopoly"):  # the game's own How to Play
            self._how_to_play_ruleset = ruleset
            self.how_to_play.setMarkdown(how_to_play_markdown(ruleset=ruleset))
        if self._game_rules is None:
            if self.game_page is not None:
                self.tabs.removeTab(self.tabs.indexOf(self.game_page))
                self.game_page = None
        else:
            markdown = game_rules_markdown(*self._game_rules)
            if self.game_page is None:
                self.game_page = self._markdown_page(markdown)
                index = self.tabs.insertTab(1, self.game_page, "This &game")
                self.tabs.setTabToolTip(index, "The preset this game was set up with, and its house rules")
            else:
                self.game_page.setMarkdown(markdown)
        rule_id = self.current_rule_id()
        if rule_id:
            self._show_text(self.reference.find(rule_id))

    # ----- the index -----

    def _build_index_page(self) -> QWidget:
        self.search_box = QLineEdit()
        self.search_box.setPlaceholderText("Search: a rule ID (R-TAKEOVER-03) or words (mortgage chair)…")
        self.search_box.setToolTip("Show only the rules whose ID, title or text contain every word typed here")
        self.search_box.setClearButtonEnabled(True)
        self.search_box.textChanged.connect(self.filter_rules)
        self.search_box.returnPressed.connect(self._open_first_match)

        self.index = QTreeWidget()
        self.index.setHeaderLabels(["Rule", "Title"])
        self.index.setToolTip("Click a rule to read it")
        self.index.setUniformRowHeights(True)
        self.index.header().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self._items: dict[str, QTreeWidgetItem] = {}
        for section, rules in self.reference.sections():
            parent = QTreeWidgetItem(self.index, [section])
            parent.setFirstColumnSpanned(True)
            parent.setFlags(Qt.ItemFlag.ItemIsEnabled)
            for rule in rules:
                item = QTreeWidgetItem(parent, [rule.id, rule.title])
                item.setData(0, RULE_ROLE, rule.id)
                item.setToolTip(1, rule.title)
                self._items[rule.id] = item
        self.index.expandAll()
        self.index.currentItemChanged.connect(self._item_chosen)

        self.match_label = QLabel()
        self.rule_view = self._browser()

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.search_box)
        left_layout.addWidget(self.index)
        left_layout.addWidget(self.match_label)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(self.rule_view)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        splitter.setSizes([400, 600])
        return splitter

    def focus_search(self) -> None:
        self.tabs.setCurrentWidget(self.rules_page)
        self.search_box.setFocus()
        self.search_box.selectAll()

    def filter_rules(self, text: str) -> None:
        """Show only the rules matching `text` (every word, case ignored), with their sections."""
        matches = {rule.id for rule in self.reference.search(text)}
        for row in range(self.index.topLevelItemCount()):
            section = self.index.topLevelItem(row)
            shown = 0
            for child_row in range(section.childCount()):
                child = section.child(child_row)
                visible = child.data(0, RULE_ROLE) in matches
                child.setHidden(not visible)
                shown += visible
            section.setHidden(shown == 0)
        total = len(self.reference.rules)
        self.match_label.setText("" if not text.strip() else f"{len(matches)} of {total} rules match")
        exact = self.reference.find(text)
        if exact is not None:
            self.show_rule(exact.id, clear_search=False)

    def visible_rule_ids(self) -> list[str]:
        """The rule IDs the index shows now (after the search), in order."""
        return [rule_id for rule_id, item in self._items.items() if not item.isHidden()
                and not item.parent().isHidden()]

    def show_rule(self, rule_id: str, clear_search: bool = True) -> bool:
        """Open the index at `rule_id` and show its text; False (and nothing changes) for an unknown ID."""
        rule = self.reference.find(rule_id)
        if rule is None:
            return False
        item = self._items[rule.id]
        if clear_search and item.isHidden():
            self.search_box.clear()
        self.tabs.setCurrentWidget(self.rules_page)
        self.index.setCurrentItem(item)
        self.index.scrollToItem(item, QAbstractItemView.ScrollHint.PositionAtCenter)
        self._show_text(rule)
        return True

    def current_rule_id(self) -> str | None:
        item = self.index.currentItem()
        return item.data(0, RULE_ROLE) if item is not None else None

    def _item_chosen(self, item: QTreeWidgetItem | None, _previous=None) -> None:
        rule_id = item.data(0, RULE_ROLE) if item is not None else None
        if rule_id:
            self._show_text(self.reference.find(rule_id))

    def _show_text(self, rule: RuleEntry) -> None:
        notes = rule_notes_markdown(rule.id, *self._game_rules) if self._game_rules else ""
        self.rule_view.setMarkdown(rule_markdown(rule) + notes)

    def _open_first_match(self) -> None:
        visible = self.visible_rule_ids()
        if visible:
            self.show_rule(visible[0], clear_search=False)

    # ----- pages -----

    def _browser(self) -> QTextBrowser:
        browser = QTextBrowser()
        browser.setOpenLinks(False)  # rule links open here, in the index; nothing leaves the app
        browser.anchorClicked.connect(self._link_clicked)
        return browser

    def _markdown_page(self, markdown: str) -> QTextBrowser:
        browser = self._browser()
        browser.setMarkdown(markdown)
        return browser

    def _link_clicked(self, url: QUrl) -> None:
        rule_id = rule_id_of_link(url.toString())
        if rule_id:
            self.show_rule(rule_id)

    def _build_odds_page(self) -> QWidget:
        explanation = QLabel(ODDS_EXPLANATION)
        explanation.setWordWrap(True)
        explanation.setTextFormat(Qt.TextFormat.RichText)
        rows = odds_table()
        self.odds = QTableWidget(len(rows), len(ODDS_COLUMNS))
        self.odds.setHorizontalHeaderLabels(list(ODDS_COLUMNS))
        self.odds.verticalHeader().setVisible(False)
        self.odds.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.odds.setAlternatingRowColors(True)
        self.odds.setToolTip("Exact chances from the game's own odds function (rules/odds.py)")
        for row, odds in enumerate(rows):
            self.odds.setItem(row, 0, _cell(str(odds.needed), f"The dice must show {odds.needed} or more"))
            for column, (chance, outcomes) in enumerate(
                    ((odds.two_dice, 36), (odds.two_dice_plain, 36), (odds.three_dice, 216)), start=1):
                exact = f"{chance.numerator * (outcomes // chance.denominator)}/{outcomes}" if chance else "0"
                self.odds.setItem(row, column, _cell(percent(chance), f"Exactly {exact}"))
        header = self.odds.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addWidget(explanation)
        layout.addWidget(self.odds, 1)
        return page


def _cell(text: str, tooltip: str) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
    item.setToolTip(tooltip)
    return item
