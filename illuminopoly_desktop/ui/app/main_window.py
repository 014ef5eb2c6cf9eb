"""The main window: the board view, its menus and a status bar."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QEvent, QRectF, Qt, QTimer
from PySide6.QtGui import QAction, QIcon, QKeySequence, QPainter, QPixmap
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QMessageBox

from ...model.board import Board
from ...model.rulesets import ruleset_of
from ...presentation.preferences import MAX_SEATS, MIN_SEATS, Preferences, load_preferences, save_preferences
from ..common import icons
from ..board.board_scene import BoardScene
from ..board.board_view import BoardView
from .game_files import GameFiles, continue_label, dropped_save, last_save
from .table_layout import (ILLUMO, LAYOUT_VERSION, MIN_BOARD, MIN_SIDE_WIDTH, MIN_WINDOW, PARCELS, STRUCTURE,
                           add_beside_the_log, dock_table, size_table_docks)
from ..common.thinking_indicator import ThinkingIndicator
from .welcome_panel import WelcomePanel

WINDOW_TITLE = "Illuminopoly"
DEFAULT_SIZE = (1200, 900)
FIT_OF_SCREEN = (0.96, 0.9)
"""At most these parts of the screen's free width and height on a first start (a laptop's 1366×768 has no room for
900 pixels with its panel and the title bar)."""
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
        from ... import __version__
    except ImportError:
        return "(development)"
    return __version__


def _full_screen_keys() -> list[QKeySequence]:
    """F11 everywhere, and the platform's own full-screen keys where it has others (Ctrl+Cmd+F on macOS)."""
    keys = [QKeySequence("F11")]
    for key in QKeySequence.keyBindings(QKeySequence.StandardKey.FullScreen):
        if key not in keys:
            keys.append(key)
    return keys


def first_window_size(screen) -> tuple[int, int]:
    """The window's size before the player chose one: DEFAULT_SIZE, smaller where the screen has less room."""
    if screen is None:
        return DEFAULT_SIZE
    free = screen.availableGeometry()
    return (min(DEFAULT_SIZE[0], int(free.width() * FIT_OF_SCREEN[0])),
            min(DEFAULT_SIZE[1], int(free.height() * FIT_OF_SCREEN[1])))


class MainWindow(QMainWindow):
    """Shows one board. Actions are attributes so that tests and the future
    tabletop can trigger them: action_quit, action_zoom_in, action_zoom_out,
    action_fit, action_about."""

    def __init__(self, board: Board, parent=None) -> None:
        super().__init__(parent)
        self.board = board
        self.setWindowTitle(WINDOW_TITLE)
        self.setWindowIcon(app_icon())
        self.resize(*first_window_size(self.screen()))

        self.scene = BoardScene(board, self)
        self.view = BoardView(self.scene, self)
        self.view.setMinimumSize(MIN_BOARD, MIN_BOARD)
        self.setCentralWidget(self.view)
        self.setMinimumSize(*MIN_WINDOW)  # smaller, the Actions panel could not show its decision

        self.preferences: Preferences = load_preferences()
        self._remember_layout = False  # set by begin_session: only the real application writes the geometry
        self.rules_reference = None
        self.parcels_panel = None
        """The Parcels tab of a game of leased land (the Georgist rules), else None."""
        self.game_over_dialog = None
        self._game_over_session = None  # the game the game-over screen shows
        self._create_actions()
        self._create_saving_actions()
        self._create_menus()
        self._create_status_bar()
        self.welcome = WelcomePanel(self.view, self._welcome_actions())
        self.welcome.continue_requested.connect(self._continue_last_save)
        self._offer_last_save()
        self.view.square_hovered.connect(self._show_hovered_square)
        self.view.zoom_changed.connect(self._show_zoom)
        self.setAcceptDrops(True)  # a save dragged from the file manager opens like File ▸ Open

    def dragEnterEvent(self, event) -> None:  # noqa: N802 (Qt API)
        if dropped_save(event.mimeData()) is not None:
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dropEvent(self, event) -> None:  # noqa: N802 (Qt API)
        path = dropped_save(event.mimeData())
        if path is None:
            super().dropEvent(event)
            return
        event.acceptProposedAction()
        self.files.open_after_asking(path)

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

        self.action_full_screen = QAction("F&ull Screen", self)
        self.action_full_screen.setCheckable(True)
        self.action_full_screen.setShortcuts(_full_screen_keys())
        self.action_full_screen.setToolTip("The board and its panels on the whole screen (F11 again to leave)")
        self.action_full_screen.toggled.connect(self.set_full_screen)
        self._maximized_before_full_screen = False

        self.action_reset_layout = QAction("&Reset Layout", self)
        self.action_reset_layout.setToolTip("Put every panel of the table back where it starts, closed ones included")
        self.action_reset_layout.setEnabled(False)  # until a game is on the table
        self.action_reset_layout.triggered.connect(self.reset_layout)

        self.action_property_list = QAction("&Property List", self)
        self.action_property_list.setShortcut(QKeySequence("Ctrl+L"))
        self.action_property_list.setToolTip("Every property in one table: owner, controller, state, rent, depth "
                                             "and what attacking it costs")
        self.action_property_list.setEnabled(False)  # until a game is on the table
        self.action_property_list.triggered.connect(self.show_property_list)
        self.property_list = None

        self.action_new_game = QAction("&New Game…", self)
        self.action_new_game.setShortcut(QKeySequence(QKeySequence.StandardKey.New))
        self.action_new_game.setToolTip("Seat the players, choose factions and house rules, and start a game")
        self.action_new_game.triggered.connect(self.new_game)
        self.action_quick_game = QAction("&Play Against the Computer", self)
        self.action_quick_game.setShortcut(QKeySequence("Ctrl+Shift+N"))
        self.action_quick_game.setToolTip("Start at once: you against three computer players (schemers), factions "
                                          "drafted, every rule at its default")
        self.action_quick_game.triggered.connect(self.quick_game)

        # LAN play (ui/lan/host_dialog.py, ui/lan/join_dialog.py, ui/lan/lan_client.py)
        self.action_host_game = QAction("&Host Game…", self)
        self.action_host_game.setToolTip("Host a game on the local network: the others join from their computers")
        self.action_host_game.triggered.connect(self.host_game)
        self.action_join_game = QAction("&Join Game…", self)
        self.action_join_game.setToolTip("Join a game hosted on the local network (found by itself, or by address)")
        self.action_join_game.triggered.connect(self.join_game)

        self.action_about = QAction("&About Illuminopoly", self)
        self.action_about.setMenuRole(QAction.MenuRole.AboutRole)
        self.action_about.triggered.connect(self.show_about)

    def _create_saving_actions(self) -> None:
        """Open/Save (ui/app/game_files.py), Preferences and the Rules Reference."""
        self.files = GameFiles(self)
        self.action_open = self.files.action_open
        self.action_save = self.files.action_save
        self.action_save_as = self.files.action_save_as

        self.action_preferences = QAction("&Preferences…", self)
        self.action_preferences.setShortcut(QKeySequence("Ctrl+,"))
        self.action_preferences.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.action_preferences.setToolTip("Animation, computer pace, turn confirmation, seats")
        self.action_preferences.triggered.connect(self.show_preferences)

        self.action_rules_reference = QAction("&Rules Reference", self)
        self.action_rules_reference.setShortcut(QKeySequence("F1"))
        self.action_rules_reference.setToolTip("Every rule by its ID, the factions, contests and odds")
        self.action_rules_reference.triggered.connect(lambda: self.show_rules_reference())

    def _create_menus(self) -> None:
        menu_bar = self.menuBar()
        file_menu = menu_bar.addMenu("&File")
        file_menu.addAction(self.action_new_game)
        file_menu.addAction(self.action_quick_game)
        file_menu.addAction(self.action_open)
        file_menu.addMenu(self.files.recent_menu)
        file_menu.addSeparator()
        file_menu.addAction(self.action_host_game)
        file_menu.addAction(self.action_join_game)
        file_menu.addSeparator()
        file_menu.addAction(self.action_save)
        file_menu.addAction(self.action_save_as)
        file_menu.addSeparator()
        file_menu.addAction(self.action_quit)
        edit_menu = menu_bar.addMenu("&Edit")
        edit_menu.addAction(self.action_preferences)
        view_menu = menu_bar.addMenu("&View")
        view_menu.addAction(self.action_zoom_in)
        view_menu.addAction(self.action_zoom_out)
        view_menu.addSeparator()
        view_menu.addAction(self.action_fit)
        view_menu.addAction(self.action_full_screen)
        view_menu.addSeparator()
        view_menu.addAction(self.action_reset_layout)
        view_menu.addSeparator()
        view_menu.addAction(self.action_property_list)
        help_menu = menu_bar.addMenu("&Help")
        help_menu.addAction(self.action_rules_reference)
        help_menu.addSeparator()
        help_menu.addAction(self.action_about)

    def set_full_screen(self, on: bool) -> None:
        """Fill the screen, or go back to the window as it was (maximized or not)."""
        if on == self.isFullScreen():
            return
        if on:
            self._maximized_before_full_screen = self.isMaximized()
            self.showFullScreen()
        elif self._maximized_before_full_screen:
            self.showMaximized()
        else:
            self.showNormal()

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """The window manager may leave full screen by itself: the menu's tick follows."""
        if event.type() == QEvent.Type.WindowStateChange and self.action_full_screen.isChecked() != self.isFullScreen():
            self.action_full_screen.blockSignals(True)
            self.action_full_screen.setChecked(self.isFullScreen())
            self.action_full_screen.blockSignals(False)
        super().changeEvent(event)

    def _offer_last_save(self) -> None:
        """The welcome card's first button: the most recent save still on disk, if any."""
        path = last_save(self.preferences.recent_files)
        if path is None:
            self.welcome.show_continue(None)
        else:
            self.welcome.show_continue(*continue_label(path))

    def _continue_last_save(self) -> None:
        path = last_save(self.preferences.recent_files)
        if path is not None:
            self.files.open_after_asking(path)

    def _welcome_actions(self) -> list[QAction]:
        """The ways to begin that the welcome card offers while no game is on the table, in its order."""
        actions = [self.action_new_game, self.action_quick_game, self.action_open, self.action_host_game,
                   self.action_join_game, self.action_rules_reference]
        names = ("new_game", "quick_game", "open", "host_game", "join_game", "rules_reference")
        for action, name in zip(actions, names, strict=True):
            action.setObjectName(name)
        return actions

    def _create_status_bar(self) -> None:
        self.square_label = QLabel(self.board.name)
        self.zoom_label = QLabel()
        self.statusBar().addWidget(self.square_label, 1)
        self.thinking = ThinkingIndicator(self)
        self.statusBar().addPermanentWidget(self.thinking)
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
        from ..dialogs.new_game_dialog import NewGameDialog

        def choose_and_start() -> None:
            dialog = NewGameDialog(self, seat_count=self.preferences.default_seat_count,
                                   remembered=self.preferences.new_game)
            if dialog.exec():
                state = dialog.start_game()
                # The next New Game starts from these choices (and as many seats).
                self.update_preferences(self.preferences.model_copy(update={
                    "new_game": dialog.remembered(),
                    "default_seat_count": min(max(len(state.players), MIN_SEATS), MAX_SEATS)}))
                self.start_table(state)

        self.files.confirm_unsaved("start a new game", choose_and_start)

    def rematch(self) -> None:
        """The game-over screen's Play Again: the finished game's table again, with new dice."""
        from ...presentation.game_setup import rematch

        setup = self.table.session.state.setup
        self.files.confirm_unsaved("start a new game", lambda: self.start_table(rematch(setup)))

    def quick_game(self) -> None:
        """File ▸ Play Against the Computer: a game of the one person here against computer players, without the
        dialog (presentation/game_setup.quick_game), after asking about the game on the table."""
        from ...presentation.game_setup import quick_game

        self.files.confirm_unsaved("start a new game",
                                   lambda: self.start_table(quick_game(self.preferences.new_game).start()))

    def host_game(self) -> None:
        """File ▸ Host Game…: host a LAN game from this window (ui/lan/host_dialog.py), after asking about the game on
        the table as New Game does (the LAN game will take its place)."""
        from ..lan.host_dialog import host_game

        self.files.confirm_unsaved("host a game", lambda: host_game(self))

    def join_game(self) -> None:
        """File ▸ Join Game…: join a LAN game (ui/lan/join_dialog.py), after asking about the game on the table."""
        from ..lan.join_dialog import join_game

        self.files.confirm_unsaved("join a game", lambda: join_game(self))

    def start_table(self, state, pace_ms: int | None = None, animated: bool = True, session=None) -> None:
        """Play `state` here: the action panel, the deciding seat's power structure and the game log dock beside
        the board; every decision goes through one TableSession (autosaved after every action into the user's
        data folder). A game already on the table is put away first (its autosave stays). `session`: an opened
        save's TableSession (its action log kept), instead of a new one for `state`. The computer pace and the
        animation default to the preferences."""
        from ...presentation.table_session import AUTOSAVE_NAME, TableSession, default_data_dir
        from ..table.action_panel import ActionPanel
        from ..table.game_log import GameLog
        from ..table.handover import HandoverOverlay
        from ..structure.seat_areas import SeatAreas
        from ..structure.structure_dock import StructureDock
        from ..table.table_controller import TableController

        self.close_table()
        self.welcome.hide()
        if session is None:
            session = TableSession(state, autosave_path=default_data_dir() / AUTOSAVE_NAME)
        state = session.state
        animated = animated and self.preferences.animation
        self.action_panel = ActionPanel()
        self.game_log = GameLog(state)
        self.structure_dock = StructureDock(animated=animated)
        # Every seat's structure, cash and Power Base (public, read-only), as a tab beside the game log.
        self.seat_areas = SeatAreas()
        self.table_docks = dock_table(self, self.action_panel, self.structure_dock, self.game_log, self.seat_areas)
        structures = ruleset_of(state).queries.has_structures
        self.handover = HandoverOverlay(self)
        self.table = TableController(session, self.action_panel, self.game_log,
                                     pace_ms=self.preferences.computer_pace_ms if pace_ms is None else pace_ms,
                                     parent=self,
                                     structure=self.structure_dock if structures else None,
                                     handover=None if getattr(session, "remote", False) else self.handover)
        self.table.game_over.connect(lambda reason: self.statusBar().showMessage(f"Game over: {reason}"))
        self.table.thinking_changed.connect(
            lambda seat: self.thinking.show_thinking(None if seat is None else session.seat_name(seat)))
        self.seat_areas.follow(self.table)
        if ruleset_of(state).queries.has_parcels:  # leased land: the wealth board, parcels and loans (V-GEORGE)
            self._add_parcels_panel()
        if ruleset_of(state).queries.has_treasuries:  # Illumonopoly: treasuries, Court hand, turn steps (§4.7)
            self._add_illumo_panel()
        if not structures:  # classic Monopoly: no power structure to show, no arrow to hang a deed on
            self._drop_structure_dock()
        self.scene.set_animation_enabled(animated)
        self.scene.show_state(state)
        self.table.board_scene = self.scene
        self._restore_dock_layout()
        self._table_started()

    def _add_parcels_panel(self) -> None:
        """The Parcels tab beside the game log (ui/table/parcels_panel.py)."""
        from PySide6.QtWidgets import QDockWidget

        from ..table.parcels_panel import ParcelsPanel

        self.parcels_panel = ParcelsPanel()
        dock = QDockWidget(PARCELS, self)
        dock.setObjectName(PARCELS)
        dock.setWidget(self.parcels_panel)
        add_beside_the_log(self, self.table_docks, dock)
        self.parcels_panel.follow(self.table)
        if self.table.session.state.action_count == 0:  # a new game: who starts, with how much (V-GEORGE-02)
            self.parcels_panel.show_opening_roll()

    def close_table(self) -> None:
        """Put the game on the table away: its timer stops and its docks go (the autosave stays on disk)."""
        table = getattr(self, "table", None)
        if table is None:
            return
        self.files.table_put_away()
        table.stop()
        self._keep_dock_layout()
        for dock in self.table_docks:
            self.removeDockWidget(dock)
            dock.deleteLater()
        self.handover.deleteLater()
        table.deleteLater()
        self.table = None
        self.table_docks = []
        self.parcels_panel = None
        self._dock_layout_pending = False
        self.action_reset_layout.setEnabled(False)
        self.action_property_list.setEnabled(False)
        if self.property_list is not None:
            self.property_list.hide()
        self.scene.clear_game()
        self._offer_last_save()
        self.welcome.show()

    def _table_started(self) -> None:
        """Saving, the game-over screen and the log's rule links follow the new table."""
        self.files.table_started()
        self.table.confirm_end_turn = self._confirm_end_turn
        if not getattr(self.table.session, "remote", False):
            # The log tells the game from its setup (the draft's rolls: who picks first) and, for an opened or
            # resumed game, every action since. (A LAN game's history comes from its host.)
            session = self.table.session
            self.game_log.load_history(session.history_events(), self.table.screen_state(), readers=session.readers,
                                       tag=session.tag)
        self.table.game_over.connect(self.show_game_over)
        self.table.game_changed.connect(self._refresh_property_list)
        self.action_property_list.setEnabled(True)
        self.action_panel.results_requested.connect(self.show_game_over)
        self.game_log.rule_requested.connect(self.show_rules_reference)
        if self.table.session.game_over:  # an opened finished game: its game_over was emitted before this
            self.show_game_over()

    def _confirm_end_turn(self, action) -> bool:
        """Ask before a human seat's turn ends, if the preferences say so."""
        if not self.preferences.confirm_end_turn:
            return True
        name = self.table.session.state.players[action.seat].name
        answer = QMessageBox.question(self, "End your turn?", f"{name}, end your turn now?",
                                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                                      QMessageBox.StandardButton.Yes)
        return answer == QMessageBox.StandardButton.Yes

    # ----- game over, rules reference, preferences -----

    def show_game_over(self, *_reason) -> None:
        """The game-over screen (once per game): winners, how, standings and the power-base chart."""
        from ...presentation.game_summary import summarize
        from ...presentation.power_history import PowerHistory
        from ..dialogs.game_over_dialog import GameOverDialog

        session = self.table.session
        if self.game_over_dialog is not None and self._game_over_session is session:
            self.game_over_dialog.show()
            return
        # The history is rebuilt by replay: one code path for games played here and games opened from a save.
        history = PowerHistory.of_game(session.state, session.actions)
        local = not getattr(session, "remote", False)  # a LAN game is the host's to start again
        dialog = GameOverDialog(summarize(session.state, history.ending.rule_id if history.ending else None),
                                history, self, offer_rematch=local)
        dialog.new_game_requested.connect(self.new_game)
        dialog.rematch_requested.connect(self.rematch)
        dialog.save_requested.connect(self.files.save)
        dialog.rule_requested.connect(self.show_rules_reference)
        self.game_over_dialog, self._game_over_session = dialog, session
        dialog.show()

    def show_property_list(self) -> None:
        """View ▸ Property List (Ctrl+L): every property of the game on the table, kept up to date while open."""
        from ..dialogs.property_list_dialog import PropertyListDialog

        if getattr(self, "table", None) is None:
            return
        if self.property_list is None:
            self.property_list = PropertyListDialog(self)
        self.property_list.show_state(self.table.session.state)
        self.property_list.show()
        self.property_list.raise_()

    def _refresh_property_list(self) -> None:
        if self.property_list is not None and self.property_list.isVisible() and getattr(self, "table", None):
            self.property_list.show_state(self.table.session.state)

    def show_rules_reference(self, rule_id: str | None = None) -> None:
        """Help ▸ Rules Reference (F1), at `rule_id` if given (a rule link in the log or the game-over screen)."""
        from ..dialogs.rules_reference import RulesReferenceWindow

        if self.rules_reference is None:
            self.rules_reference = RulesReferenceWindow(self)
        table = getattr(self, "table", None)
        self.rules_reference.show_game_rules(table.session.state.setup if table is not None else None)
        if rule_id:
            self.rules_reference.show_rule(rule_id)
        self.rules_reference.show()
        self.rules_reference.raise_()
        self.rules_reference.activateWindow()

    def show_preferences(self) -> None:
        """Edit ▸ Preferences…: saved in the user's config folder and applied at once."""
        from ..dialogs.preferences_dialog import PreferencesDialog

        dialog = PreferencesDialog(self.preferences, self)
        if dialog.exec():
            self.update_preferences(dialog.preferences())

    def update_preferences(self, preferences: Preferences) -> None:
        """Keep, save and apply new preferences (a folder that cannot be written only loses the saving)."""
        self.preferences = preferences
        try:
            save_preferences(preferences)
        except OSError as error:
            self.statusBar().showMessage(f"The preferences could not be saved: {error}", 8000)
        self.apply_preferences()

    def apply_preferences(self) -> None:
        """Tell the board and the table what the preferences now say."""
        from ...presentation.wording import show_rule_ids

        show_rule_ids(self.preferences.show_rule_ids)  # texts drawn from now on (the log at once)
        if hasattr(self.scene, "set_animation_enabled"):
            self.scene.set_animation_enabled(self.preferences.animation)
        table = getattr(self, "table", None)
        if table is not None and hasattr(table, "set_pace"):
            table.set_pace(self.preferences.computer_pace_ms)

    # ----- start-up and quitting -----

    def begin_session(self, open_path: str | Path | None = None) -> None:
        """What the application does once at launch: restore the window's size and place, then put the save at
        `open_path` on the table (`illuminopoly play SAVE`), or else offer to resume an unfinished game from the
        autosave (after a crash or a kill). A save that does not open says why; the autosave then waits for the
        next start (one question at a time)."""
        self._remember_layout = True
        if self.preferences.window_geometry:
            self.restoreGeometry(QByteArray.fromBase64(self.preferences.window_geometry.encode("ascii")))
        self.apply_preferences()
        if open_path is not None:
            self.files.open_path(open_path)
        else:
            self.files.offer_resume()

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """Quitting with an unsaved game asks Save / Discard / Cancel first (the autosave stays either way)."""
        if not self.files.may_close():
            event.ignore()
            return
        self.files.table_put_away()  # the next start must not claim the game stopped while in play
        if self._remember_layout:
            self._keep_dock_layout()
            geometry = bytes(self.saveGeometry().toBase64()).decode("ascii")
            self.update_preferences(self.preferences.model_copy(update={"window_geometry": geometry}))
        super().closeEvent(event)

    # ----- the panels' layout -----

    def _add_illumo_panel(self) -> None:
        """Illumonopoly's panel (ui/table/illumo_panel.py) at the top of the left column, above the game log."""
        from ..table.illumo_panel import IllumoPanel

        self.illumo_panel = IllumoPanel()
        dock = QDockWidget(ILLUMO, self)
        dock.setObjectName(ILLUMO)
        dock.setWidget(self.illumo_panel)
        dock.setMinimumWidth(MIN_SIDE_WIDTH)
        # Where the Power structure would be: under it (then it goes), above the log and the Table.
        structure = next(d for d in self.table_docks if d.objectName() == STRUCTURE)
        self.splitDockWidget(structure, dock, Qt.Orientation.Vertical)
        self.table_docks.append(dock)
        self.illumo_panel.action_chosen.connect(self.table.choose)
        self.illumo_panel.dialog_requested.connect(self.action_panel.open_dialog)
        self.illumo_panel.follow(self.table)
        self.handover.raise_()  # the curtain, up already, must cover the new panel too (pass-and-play secrets)

    def _drop_structure_dock(self) -> None:
        """Take the Power structure panel off a table whose rules have none (its dock goes with the table's)."""
        dock = next(d for d in self.table_docks if d.objectName() == STRUCTURE)
        self.table_docks.remove(dock)
        self.removeDockWidget(dock)
        dock.hide()
        dock.deleteLater()

    def _restore_dock_layout(self) -> None:
        """Put the new table's panels where the player left them, on the next turn of the event loop: by then Qt
        has laid them out (so Reset Layout keeps their real starting sizes) and panels added just after
        start_table (the LAN Players dock) are there too."""
        for dock in self.table_docks:
            dock.show()  # now: Qt would show them later by itself, over a restored layout that hides some
        self._dock_layout_pending = True
        self.action_reset_layout.setEnabled(True)
        table = self.table
        QTimer.singleShot(0, self, lambda: self._apply_stored_dock_layout(table))

    def _apply_stored_dock_layout(self, table) -> None:
        """Note where the panels start (for Reset Layout), then restore the stored arrangement. Panels are found by
        their objectName; one the stored layout does not know stays where it starts."""
        if table is None or table is not getattr(self, "table", None):
            return  # that table was put away meanwhile
        self._dock_layout_pending = False
        size_table_docks(self, self.table_docks)
        self._default_dock_layout = self.saveState(LAYOUT_VERSION)
        stored = self.preferences.window_state
        if stored:
            self.restoreState(QByteArray.fromBase64(stored.encode("ascii")), LAYOUT_VERSION)

    def add_table_dock(self, dock: QDockWidget) -> None:
        """One more panel of the table (the LAN game's Players), as a tab beside the game log; it goes with the
        table."""
        add_beside_the_log(self, self.table_docks, dock)

    def _keep_dock_layout(self) -> None:
        """Remember where the table's panels are (saved with the preferences when the window closes)."""
        if getattr(self, "table_docks", None) and not getattr(self, "_dock_layout_pending", False):
            layout = bytes(self.saveState(LAYOUT_VERSION).toBase64()).decode("ascii")
            self.preferences = self.preferences.model_copy(update={"window_state": layout})

    def reset_layout(self) -> None:
        """View ▸ Reset Layout: every panel back where it starts, closed or floating ones included."""
        default = getattr(self, "_default_dock_layout", None)
        if default is None or not getattr(self, "table_docks", None) or getattr(self, "_dock_layout_pending", False):
            return  # no table, or its panels are still where they start
        self.restoreState(default, LAYOUT_VERSION)
        for dock in self.table_docks:
            dock.show()
        self._keep_dock_layout()

    def show_about(self) -> None:
        QMessageBox.about(self, "About Illuminopoly", ABOUT_TEXT.format(version=_package_version()))
