"""The pass-and-play hand-over screen: an opaque curtain over the whole window until the next player confirms.

While it is up nothing private may show through, so it is a child of the window that fills it exactly (it
follows every resize), paints an opaque background, and takes the keyboard focus away from whatever is beneath.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from ...presentation.handover import confirm_label, handover_message

CURTAIN_COLOUR = QColor(24, 28, 40)
TEXT_COLOUR = "#f2f2f2"


class HandoverOverlay(QWidget):
    """Covers its parent with "Pass the laptop to <name>" until that player clicks the button or presses Return.

    `show_for(seat, name)` raises the curtain; `confirmed(seat)` is emitted as it is lowered.
    """

    confirmed = Signal(int)

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.seat: int | None = None
        palette = self.palette()
        palette.setColor(self.backgroundRole(), CURTAIN_COLOUR)
        self.setPalette(palette)
        self.setAutoFillBackground(True)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

        self.message = QLabel(self)
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.message.setWordWrap(True)
        font = QFont(self.message.font())
        font.setPointSize(max(font.pointSize(), 10) * 2)
        font.setBold(True)
        self.message.setFont(font)
        self.message.setStyleSheet(f"color: {TEXT_COLOUR};")

        self.hint = QLabel("Everyone else, please look away.", self)
        self.hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint.setStyleSheet(f"color: {TEXT_COLOUR};")

        self.confirm_button = QPushButton(self)
        self.confirm_button.setMinimumSize(320, 44)
        self.confirm_button.clicked.connect(self.confirm)

        layout = QVBoxLayout(self)
        layout.addStretch(2)
        layout.addWidget(self.message)
        layout.addWidget(self.hint)
        layout.addSpacing(24)
        layout.addWidget(self.confirm_button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(3)

        parent.installEventFilter(self)
        self.hide()

    def show_for(self, seat: int, name: str) -> None:
        """Hide the window's contents and ask for the laptop to be passed to `name`."""
        self.seat = seat
        self.message.setText(handover_message(name))
        self.confirm_button.setText(confirm_label(name))
        self.confirm_button.setToolTip(f"Only {name} should press this (or Return): it shows {name}'s private screen.")
        self.setToolTip(f"The screen is hidden until {name} has the laptop.")
        self._cover_parent()
        self.show()
        self.raise_()
        # The focus must leave the widgets underneath, or typing could reach a private control unseen.
        self.confirm_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def confirm(self) -> None:
        if self.seat is None or self.isHidden():  # isHidden: the window itself may not be shown yet
            return
        seat = self.seat
        self.hide()
        self.confirmed.emit(seat)

    # ----- Qt overrides -----

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride:
            # Claiming every key press keeps the window's menu shortcuts from acting on the hidden screen.
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.confirm()
            return
        # Other keys stop here, so that no shortcut of the hidden screen fires behind the curtain.
        event.accept()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), CURTAIN_COLOUR)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.parentWidget() and event.type() == QEvent.Type.Resize:
            self._cover_parent()
        return False

    def _cover_parent(self) -> None:
        self.setGeometry(self.parentWidget().rect())
