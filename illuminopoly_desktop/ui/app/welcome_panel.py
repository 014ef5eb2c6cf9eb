"""What the window shows over the board while no game is on the table: one card with the ways to begin (a new
game, a saved one, a LAN game to host or join, the rules), so that a newcomer does not face an idle board with
nothing to click. Each button triggers the window's own menu action, so shortcuts, tooltips and the behaviour
are those of the menus."""
from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFrame, QLabel, QPushButton, QVBoxLayout, QWidget

CARD_STYLE = """
QFrame#WelcomeCard { background: rgba(255, 255, 255, 236); border: 1px solid #8a8a8a; border-radius: 10px; }
QLabel#WelcomeTitle { font-size: 20pt; font-weight: bold; color: #1d2440; }
QLabel#WelcomeText { color: #333; }
QPushButton { padding: 6px 14px; text-align: left; }
QPushButton#WelcomeContinue { font-weight: bold; }
"""


class WelcomePanel(QFrame):
    """A card centred over `host` (the board view); `buttons` maps each action's object name to its button.
    `show_continue(label, tooltip)` adds a first button for the last saved game (`continue_requested`)."""

    continue_requested = Signal()

    def __init__(self, host: QWidget, actions: list[QAction]) -> None:
        super().__init__(host)
        self.setObjectName("WelcomeCard")
        self.setStyleSheet(CARD_STYLE)
        self.setAccessibleName("Start a game")
        title = QLabel("Illuminopoly", self)
        title.setObjectName("WelcomeTitle")
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        text = QLabel("Buy the city, hang your deeds from your faction's arrows, and take over everyone else's.",
                      self)
        text.setObjectName("WelcomeText")
        text.setWordWrap(True)
        text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 18, 24, 20)
        layout.setSpacing(8)
        layout.addWidget(title)
        layout.addWidget(text)
        layout.addSpacing(6)
        self.continue_button = QPushButton(self)
        self.continue_button.setObjectName("WelcomeContinue")
        self.continue_button.setAutoDefault(False)
        self.continue_button.clicked.connect(self.continue_requested)
        self.continue_button.hide()
        layout.addWidget(self.continue_button)
        self.buttons: dict[str, QPushButton] = {}
        for action in actions:
            button = QPushButton(_button_text(action), self)
            button.setToolTip(action.toolTip())
            button.setAccessibleName(action.text().replace("&", "").rstrip("…"))
            button.setAutoDefault(False)
            button.clicked.connect(action.trigger)
            layout.addWidget(button)
            self.buttons[action.objectName()] = button
        self.setFixedWidth(380)
        self.adjustSize()
        host.installEventFilter(self)  # to stay in the middle when the window is resized
        self.recentre()

    def show_continue(self, label: str | None, tooltip: str = "") -> None:
        """Offer the last saved game first (`label` None: there is none to offer)."""
        self.continue_button.setVisible(label is not None)
        self.continue_button.setText(label or "")
        self.continue_button.setToolTip(tooltip)
        self.recentre()

    def recentre(self) -> None:
        host = self.parentWidget()
        self.adjustSize()
        self.move(max(0, (host.width() - self.width()) // 2), max(0, (host.height() - self.height()) // 2))

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if watched is self.parentWidget() and event.type() == QEvent.Type.Resize:
            self.recentre()
        return False


def _button_text(action: QAction) -> str:
    label = action.text().replace("&", "")
    shortcut = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    return f"{label}    ({shortcut})" if shortcut else label

