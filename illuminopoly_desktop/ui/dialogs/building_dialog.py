"""Houses and hotels (R-BUILD): the seat's colour groups, each lot with its buildings and a − and + that are enabled
only where the rules allow that move now (so an uneven build is never offered, R-BUILD-02); a disabled button's
tooltip gives the rule that refuses it. The Bank's supply and the seat's cash are on show (R-BANK-04)."""
from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QMenu, QToolButton, QVBoxLayout, QWidget

from ...presentation.property_view import GroupRow, building_groups, supply_text
from ..common.table_dialog import TableDialog, note_label, title_label

HOUSE_COLOUR = "#2e7d32"
HOTEL_COLOUR = "#c62828"


def level_markup(houses: int, hotel: bool) -> str:
    """Little green houses or a red hotel, then the count in words."""
    if hotel:
        return f"<span style='color:{HOTEL_COLOUR}; font-size:14pt'>■</span> a hotel"
    if not houses:
        return "<span style='color:#888'>no buildings</span>"
    return (f"<span style='color:{HOUSE_COLOUR}; font-size:12pt'>{'■' * houses}</span> "
            f"{houses} house{'s' if houses != 1 else ''}")


def text_colour_on(background: str) -> str:
    """Black or white, whichever reads better on the band's colour."""
    red, green, blue = (int(background[i:i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * red + 0.587 * green + 0.114 * blue > 150 else "#ffffff"


class BuildingDialog(TableDialog):
    private = False  # buildings, cash and supply are public

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Houses and hotels", parent)
        self.plus_buttons: dict[int, QToolButton] = {}
        self.minus_buttons: dict[int, QToolButton] = {}
        self.levels: dict[int, QLabel] = {}
        self.setMinimumSize(520, 420)
        self.title = title_label("Houses and hotels", self)
        self.supply = QLabel(self)
        self.supply.setToolTip("Buildings come from the Bank's supply; with none left a request is refused "
                               "(R-BUILD-06).")
        self.help = note_label("Build evenly: a house goes only on a lot with no more houses than the group's other "
                               "lots, a hotel only when every lot has 4 houses (R-BUILD-02). Selling pays half "
                               "price (R-BUILD-04). Hover a button for why it is off.", self)
        self.groups_widget: QWidget | None = None
        self.lay_out_scrolling_list(self.title, self.supply, self.help)

    def redraw(self) -> None:
        player = self.state.players[self.seat]
        self.setWindowTitle(f"Houses and hotels — {player.name}")
        self.title.setText(f"Houses and hotels — {player.name} (${player.cash:,} in cash)")
        self.supply.setText(supply_text(self.state))
        groups = building_groups(self.state, self.seat)
        content = QWidget()
        column = QVBoxLayout(content)
        self.plus_buttons, self.minus_buttons, self.levels = {}, {}, {}
        for group in groups:
            column.addWidget(self._group_box(group, content))
        if not groups:
            column.addWidget(note_label("You own no lot of any colour group.", content))
        column.addStretch(1)
        old = self.scroll.takeWidget()
        self.scroll.setWidget(content)
        if old is not None:
            old.deleteLater()  # its button may still be inside its click handler
        self.groups_widget = content
        self.close_button.setDefault(True)

    def _group_box(self, group: GroupRow, parent: QWidget) -> QFrame:
        """A colour group drawn like its deeds: a band in the group's colour with its name, then one row per lot."""
        box = QFrame(parent)
        box.setFrameShape(QFrame.Shape.StyledPanel)
        grid = QGridLayout(box)
        grid.setColumnStretch(1, 1)
        band = QLabel(group.name, box)
        band.setStyleSheet(f"background: {group.colour}; color: {text_colour_on(group.colour)}; font-weight: bold;"
                           " padding: 3px 6px;")
        grid.addWidget(band, 0, 0, 1, 4)
        for row, lot in enumerate(group.lots, start=1):
            name = QLabel(lot.name + ("" if lot.owner == self.state.players[self.seat].name else f" ({lot.owner})")
                          + (f" — {lot.notes}" if lot.notes else ""), box)
            level = QLabel(level_markup(lot.houses, lot.hotel), box)
            level.setToolTip(f"{lot.level}; a house or hotel here costs ${lot.house_cost:,}.")
            minus = QToolButton(box)
            minus.setText("−")
            minus.setMinimumWidth(34)
            if lot.sells:
                modes = {action.mode: action for action, _ in lot.sells}
                # a plain click sells one step down: a house, or a hotel broken down to houses when that is allowed
                first = modes.get("house") or modes.get("hotel_breakdown") or lot.sells[0][0]
                minus.setToolTip("\n".join(text for _, text in lot.sells))
                minus.clicked.connect(lambda _=False, action=first: self.submit(action))
                if len(lot.sells) > 1:
                    menu = QMenu(minus)
                    for action, text in lot.sells:
                        entry = QAction(text, menu)
                        entry.triggered.connect(lambda _=False, action=action: self.submit(action))
                        menu.addAction(entry)
                    minus.setMenu(menu)
                    minus.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
                minus.setAccessibleName(f"Sell on {lot.name}")
            else:
                minus.setEnabled(False)
                minus.setToolTip(lot.sell_refusal or "No building to sell here.")
            plus = QToolButton(box)
            plus.setText("+")
            plus.setMinimumWidth(34)
            plus.setToolTip(lot.build_text)
            plus.setAccessibleName(f"Build on {lot.name}")
            if lot.build is not None:
                plus.clicked.connect(lambda _=False, action=lot.build: self.submit(action))
            else:
                plus.setEnabled(False)
            for column, widget in enumerate((name, level, minus, plus)):
                grid.addWidget(widget, row, column)
            self.plus_buttons[lot.index] = plus
            self.minus_buttons[lot.index] = minus
            self.levels[lot.index] = level
        return box

