"""The main window: the board view, its menus and a status bar."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QAction, QIcon, QKeySequence, QPainter, QPixmap
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QMessageBox

from ..model.board import Board
from . import icons
from .board_scene import BoardScene
from .board_view import BoardView

WINDOW_TITLE = "Illuminopoly"
DEFAULT_SIZE = (1200, 900)
ABOUT_TEXT = (
    "<h3>Illuminopoly</h3>"
    "<p>A Monopoly-board game of Illuminati-style power structures:"
    " deeds hang from each other by their arrows, and whoever controls"
    " the top controls the rest.</p>"
    "<p>Desktop edition {version}, built with Qt for Python (PySide6).</p>"
)


def app_icon() -> QIcon:
    """The all-seeing eye, drawn at a few sizes for the window and task bar."""
    icon = QIcon()
    for size in (16, 32, 64, 128, 256):
        pixmap = QPixmap(size, size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        icons.draw_all_seeing_eye(painter, QRectF(0, 0, size, size))
        painter.end()
        icon.addPixmap(pixmap)
    return icon


def _package_version() -> str:
    try:
        from .. import __version__
    except ImportError:
        return "(development)"
    return __version__


class MainWindow(QMainWindow):
    """Shows one board. Actions are attributes so that tests and the future
    tabletop can trigger them: action_quit, action_zoom_in, action_zoom_out,
    action_fit, action_about."""

    def __init__(self, board: Board, parent=None) -> None:
        super().__init__(parent)
        self.board = board
        self.setWindowTitle(WINDOW_TITLE)
        self.setWindowIcon(app_icon())
        self.resize(*DEFAULT_SIZE)

        self.scene = BoardScene(board, self)
        self.view = BoardView(self.scene, self)
        self.setCentralWidget(self.view)

        self._create_actions()
        self._create_menus()
        self._create_status_bar()
        self.view.square_hovered.connect(self._show_hovered_square)
        self.view.zoom_changed.connect(self._show_zoom)

    def _create_actions(self) -> None:
        self.action_quit = QAction("&Quit", self)
        self.action_quit.setShortcut(QKeySequence("Ctrl+Q"))  # QKeySequence.Quit is empty on Windows
        self.action_quit.setMenuRole(QAction.MenuRole.QuitRole)
        self.action_quit.triggered.connect(self.close)

        self.action_zoom_in = QAction("Zoom &In", self)
        # Ctrl+= too: on most layouts "+" needs Shift.
        self.action_zoom_in.setShortcuts([QKeySequence(QKeySequence.StandardKey.ZoomIn), QKeySequence("Ctrl+=")])
        self.action_zoom_in.triggered.connect(self.view.zoom_in)

        self.action_zoom_out = QAction("Zoom &Out", self)
        self.action_zoom_out.setShortcuts([QKeySequence(QKeySequence.StandardKey.ZoomOut), QKeySequence("Ctrl+-")])
        self.action_zoom_out.triggered.connect(self.view.zoom_out)

        self.action_fit = QAction("&Fit to Window", self)
        self.action_fit.setShortcut(QKeySequence("Ctrl+0"))
        self.action_fit.triggered.connect(self.view.fit_to_window)

        self.action_new_game = QAction("&New Game…", self)
        self.action_new_game.setShortcut(QKeySequence(QKeySequence.StandardKey.New))
        self.action_new_game.setToolTip("Seat the players, choose factions and house rules, and start a game")
        self.action_new_game.triggered.connect(self.new_game)

        self.action_about = QAction("&About Illuminopoly", self)
        self.action_about.setMenuRole(QAction.MenuRole.AboutRole)
        self.action_about.triggered.connect(self.show_about)

    def _create_menus(self) -> None:
        menu_bar = self.menuBar()
        file_menu = menu_bar.addMenu("&File")
        file_menu.addAction(self.action_new_game)
        file_menu.addSeparator()
        file_menu.addAction(self.action_quit)
        view_menu = menu_bar.addMenu("&View")
        view_menu.addAction(self.action_zoom_in)
        view_menu.addAction(self.action_zoom_out)
        view_menu.addSeparator()
        view_menu.addAction(self.action_fit)
        help_menu = menu_bar.addMenu("&Help")
        help_menu.addAction(self.action_about)

    def _create_status_bar(self) -> None:
        self.square_label = QLabel(self.board.name)
        self.zoom_label = QLabel()
        self.statusBar().addWidget(self.square_label, 1)
        self.statusBar().addPermanentWidget(self.zoom_label)

    def _show_hovered_square(self, index: int) -> None:
        if index < 0:
            self.square_label.setText(self.board.name)
            return
        square = self.board.squares[index]
        self.square_label.setText(square.name)

    def _show_zoom(self, scale: float) -> None:
        self.zoom_label.setText(f"Zoom {scale * 100:.0f}%")

    def new_game(self) -> None:
        """Open the new-game dialog and, if the host starts the game, put it on the table."""
        from .new_game_dialog import NewGameDialog

        dialog = NewGameDialog(self)
        if dialog.exec():
            self.start_table(dialog.start_game())

    def start_table(self, state, pace_ms: int | None = None, animated: bool = True) -> None:
        """Play `state` here: the action panel, the deciding seat's power structure and the game log dock beside
        the board; every decision goes through one TableSession (autosaved after every action into the user's
        data folder). A game already on the table is put away first (its autosave stays)."""
        from ..presentation.table_session import AUTOSAVE_NAME, TableSession, default_data_dir
        from .action_panel import ActionPanel
        from .game_log import GameLog
        from .handover import HandoverOverlay
        from .structure_dock import StructureDock
        from .table_controller import COMPUTER_PACE_MS, TableController

        self.close_table()
        session = TableSession(state, autosave_path=default_data_dir() / AUTOSAVE_NAME)
        self.action_panel = ActionPanel()
        self.game_log = GameLog(state)
        self.structure_dock = StructureDock(animated=animated)
        self.table_docks = []
        for title, widget, area in (("Actions", self.action_panel, Qt.DockWidgetArea.RightDockWidgetArea),
                                    ("Power structure", self.structure_dock, Qt.DockWidgetArea.LeftDockWidgetArea),
                                    ("Game log", self.game_log, Qt.DockWidgetArea.BottomDockWidgetArea)):
            dock = QDockWidget(title, self)
            dock.setObjectName(title)
            dock.setWidget(widget)
            self.addDockWidget(area, dock)
            self.table_docks.append(dock)
        self.handover = HandoverOverlay(self)
        self.table = TableController(session, self.action_panel, self.game_log,
                                     pace_ms=COMPUTER_PACE_MS if pace_ms is None else pace_ms, parent=self,
                                     structure=self.structure_dock, handover=self.handover)
        self.table.game_over.connect(lambda reason: self.statusBar().showMessage(f"Game over: {reason}"))

    def close_table(self) -> None:
        """Put the game on the table away: its timer stops and its docks go (the autosave stays on disk)."""
        table = getattr(self, "table", None)
        if table is None:
            return
        table.stop()
        for dock in self.table_docks:
            self.removeDockWidget(dock)
            dock.deleteLater()
        self.handover.deleteLater()
        table.deleteLater()
        self.table = None
        self.table_docks = []

    def show_about(self) -> None:
        QMessageBox.about(self, "About Illuminopoly", ABOUT_TEXT.format(version=_package_version()))
