"""Wires a TableSession to the window's panels: the action panel, the game log and the deciding seat's
power-structure editor, with computer seats played at a readable pace by a timer. Computer players think on a
worker thread from a snapshot of their seat's view, so a strategist's thought never freezes the window;
their choice is applied on the window's thread, and dropped if the game moved on meanwhile."""
from __future__ import annotations

import logging
import threading

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from ...presentation.handover import needs_handover, public_decision
from ...presentation.action_choices import choices_for
from ...presentation.away_news import AwayNews
from ...presentation.placement import acquired_property, needs_placement, placed, placement_options
from ...presentation.structure_staging import may_reorganize_now
from ...presentation.seat_views import SeatViews
from ...presentation.shared_table import shares_factions
from ...presentation.table_session import TableSession
from ...rules.errors import IllegalAction
from ..common import window_thread
from .action_panel import ActionPanel
from .confirmations import BUY, DROP, PASS, REORGANIZE, ask_pass_over, ask_staged_moves
from .game_log import GameLog

DROPS_STAGED_MOVES = {"end_turn": "end your turn", "roll": "roll the dice", "jail_roll": "roll for doubles"}
"""The seat's turn choices that would drop the moves staged in its power structure, in words."""

COMPUTER_PACE_MS = 350
"""Pause between two computer decisions, so that people can follow them in the log."""


class TableController(QObject):
    """Routes every decision of the table through `TableSession.apply` and keeps the panels up to date.

    `structure` (a StructureDock) shows the viewing seat's power structure and lets it place new deeds;
    `handover` (a HandoverOverlay) hides the screen whenever another human must decide (pass-and-play).
    """

    game_changed = Signal()
    game_over = Signal(str)
    viewer_changed = Signal(object)
    thinking_changed = Signal(object)
    events_applied = Signal(object, object)
    """(events, view): an accepted action's events as the seat at the screen may see them (a ruleset's own
    panels read them: the Georgist charge feed)."""
    """A computer seat began to think (its seat number) or is done (None)."""

    def __init__(self, session: TableSession, panel: ActionPanel, log: GameLog, pace_ms: int = COMPUTER_PACE_MS,
                 parent: QObject | None = None, structure=None, handover=None):
        super().__init__(parent)
        self.session = session
        self.panel = panel
        self.log = log
        self.structure = structure
        self.handover = handover
        self.viewer: int | None = None
        self.confirm_end_turn = None
        """A callable(action) -> bool asked before a human seat ends its turn (the preference), or None."""
        self._board_scene = None
        self._views = SeatViews()
        self._awaiting_confirmation: int | None = None
        self._pass_over_unasked: set[int] = set()
        self.question = None
        self.shared = shares_factions(session.state)
        """Shared factions (VARIANTS §3): the people at the screen are seats, each deciding for the faction it
        controls by halves (rules/control.py); the panel and the structure show the faction the seat acts for."""
        # The news of what happened while away is told per faction, which in shared factions is no person's: it
        # stays off there (the log tells each seat what it may read).
        self.news = AwayNews(people=set() if self.shared else
                             {p.seat for p in session.state.players if p.kind == "human"})
        """What concerns each person that he has not been shown (presentation/away_news.py)."""
        self.news_dialog = None
        """The NewsDialog up now, if any."""
        """The question the table is asking about the seat's choice (ui/table/confirmations.py), while it is up."""
        """Seats that asked not to be asked again before passing over a property they could buy."""
        self._bid_spots: dict[tuple[int, int], tuple[int, int]] = {}
        """(seat, auctioned deed) -> the arrow that seat chose for it, so that a bidding war asks only once where
        the deed would hang."""
        self._timer = QTimer(self)
        self._timer.setInterval(pace_ms)
        self._timer.timeout.connect(self._computer_turn)
        self._thinking: threading.Thread | None = None
        self._ticket = object()
        """Tells this controller's decisions from what other recipients get on the shared carrier."""
        window_thread.carrier().carried.connect(self._computer_decided)
        self._stopped = False
        self.panel.action_chosen.connect(self.choose)
        self.panel.hint_requested.connect(self.show_hint)
        self.panel.own_screen_requested.connect(self.show_own_screen)
        if structure is not None:
            structure.action_ready.connect(self.apply_action)
        if handover is not None:
            handover.confirmed.connect(self._handed_over)
        self.log.set_state(self.screen_state())
        self.panel.sent_back = self.news.sent_back
        self.panel.resend_chosen.connect(self._offer_taken_up_again)
        if not self.is_remote:
            self.news.watch(session.state)
        self.refresh()

    @property
    def is_remote(self) -> bool:
        """A LAN table: one person's screen, fed by the host."""
        return getattr(self.session, "remote", False)

    # ----- what the screen may show -----

    def view_for(self, seat: int | None):
        """The game as `seat` may see it (None: the public view), rebuilt from `player_view` (R-GEN-06): every
        screen of the table is fed this, never the whole state. A LAN table's state is its seat's view already."""
        if self.is_remote:
            return self.session.state
        return self._views.of(self.session.state, seat)

    def screen_state(self):
        """The game as the seat now at the screen may see it (the public view while nobody's screen is up)."""
        return self.view_for(self.viewer)

    @property
    def board_scene(self):
        """The BoardScene that shows the game (set by MainWindow.start_table): it is given each action's events."""
        return self._board_scene

    @board_scene.setter
    def board_scene(self, scene) -> None:
        self._board_scene = scene
        if scene is not None:
            scene.show_state(self.screen_state())

    def deciding_seat(self) -> int | None:
        """The human seat the panel serves: the first awaited human, else None while computers think."""
        humans = self.session.human_seats_awaited()
        return humans[0] if humans else None

    def choose(self, action, asked: frozenset = frozenset()) -> None:
        """A choice of the panel: an acquisition with a choice of arrows first asks where the new deed hangs;
        passing over a property the seat could buy asks first, and so does a choice that would drop moves staged in
        the power structure (`asked`: the questions already answered for this choice); ending a turn asks
        `confirm_end_turn` (when the player wants to be asked)."""
        if self.question is not None:
            return  # one question at a time: the choice waits for its answer
        if action.type == "do_nothing" and "pass_over" not in asked and self._ask_before_passing_over(action, asked):
            return
        if action.type in DROPS_STAGED_MOVES and "staged" not in asked and self._ask_about_staged_moves(action, asked):
            return
        if action.type == "end_turn" and self.confirm_end_turn is not None and not self.confirm_end_turn(action):
            return
        if action.type == "reorganize" and not action.abandon:
            action = self._staged_reorganization(action)
        if self.structure is not None and needs_placement(action) and action.seat == self.structure.seat:
            spots = placement_options(self.session.state, action)
            deed = acquired_property(self.session.state, action)
            remembered = self._bid_spots.get((action.seat, deed)) if action.type == "bid" else None
            if remembered in spots:
                self.apply_action(placed(action, *remembered))
                return
            if len(spots) > 1 and deed is not None and self.structure.editor is not None:
                self.structure.ask_placement(action, deed, spots)
                return
        self.apply_action(action)

    def _ask_before_passing_over(self, action, asked: frozenset) -> bool:
        """Doing nothing where the seat could buy (R-LAND-04) asks once: Buy it (bought as if chosen), Leave it
        unbought, or Cancel; the seat may ask not to be asked again this game. True if the question is up."""
        seat = action.seat
        view = self.screen_state() if self.shared else self.view_for(seat)
        buy = next((c for c in choices_for(view, seat) if c.kind == "buy"), None)
        if buy is None or seat in self._pass_over_unasked:
            return False
        square = view.turn.landing_square

        def answered(answer) -> None:
            self.question = None
            if answer.never_again:
                self._pass_over_unasked.add(seat)
            if answer.choice == BUY:
                self.choose(buy.action, asked | {"pass_over"})
            elif answer.choice == PASS:
                self.choose(action, asked | {"pass_over"})

        self.question = ask_pass_over(self.panel.window(), view.players[seat].name,
                                      view.setup.board.squares[square].name if square is not None else "the property",
                                      buy.cost, answered)
        return True

    def _ask_about_staged_moves(self, action, asked: frozenset) -> bool:
        """A turn choice of the seat whose power structure holds staged, uncommitted moves would drop them
        silently (the structure is redrawn from the game): ask first — Reorganize instead (when the rules take it
        now), drop them, or keep arranging. True if the question is up."""
        structure = self.structure
        if structure is None or structure.editor is None or structure.seat != action.seat or structure.is_placing:
            return False
        scene = structure.editor.scene
        if not scene.staging.is_changed:
            return False
        view = self.screen_state() if self.shared else self.view_for(action.seat)

        def answered(answer) -> None:
            self.question = None
            if answer.choice == REORGANIZE:
                self.choose(scene.reorganize_action(), asked | {"staged"})
            elif answer.choice == DROP:
                self.choose(action, asked | {"staged"})

        self.question = ask_staged_moves(self.panel.window(), view.players[action.seat].name,
                                         scene.undo_stack.index(), DROPS_STAGED_MOVES[action.type],
                                         may_reorganize_now(view, action.seat), answered)
        return True

    def show_hint(self) -> None:
        """The panel's Hint: what a computer schemer would do in the place of the seat the panel serves."""
        from ...presentation.hints import hint_for

        seat = self.panel.seat
        if seat is not None and not self.session.state.game_over:
            person = self.panel.person if self.shared else seat
            self.panel.show_hint(hint_for(self.view_for(person), seat, person=person))

    def _staged_reorganization(self, action):
        """The panel's Reorganize commits what the structure panel shows, staged moves included (as its Done
        does), not the engine's sample arrangement, which would silently undo what the player arranged."""
        structure = self.structure
        if structure is None or structure.editor is None or structure.seat != action.seat or structure.is_placing:
            return action
        return structure.editor.scene.reorganize_action()

    def apply_action(self, action) -> None:
        if action.type == "bid":
            deed = acquired_property(self.session.state, action)
            self._bid_spots[(action.seat, deed)] = (action.parent, action.arrow)
        try:
            if self.shared and self.panel.person is not None:  # a person acts: only in his half (V-SHARED-07)
                events = self.session.apply_as(self.panel.person, action)
            else:
                events = self.session.apply(action)
        except IllegalAction as refusal:
            self.log.show_refusal(refusal)
            if self.structure is not None and action.type == "reorganize":
                self.structure.show_refusal(refusal.message, refusal.rule_id)
            return
        self._applied(events)

    def _applied(self, events) -> None:
        """Tell the screens what an accepted action did, as the seat at the screen may see it, then move on."""
        self._views.forget()
        if not self.is_remote:
            self.news.take(events, self.session.state)
        view = self.screen_state()
        self.log.append_events(events, self.viewer, view, readers=self.session.readers, tag=self.session.tag)
        if self.shared:  # the screens get only what the seat at the screen may see (V-SHARED-08)
            events = [e for e in events if self._may_see(self.session.readers(e))]
        if self.board_scene is not None:
            self.board_scene.play_events(events, view)
        self.panel.note_events(events, view)  # open dialogs (a contest's outcome) read the events
        self.events_applied.emit(events, view)
        self.refresh()

    def _may_see(self, readers) -> bool:
        return readers is None or (self.viewer is not None and self.viewer in readers)

    def acts_as(self, seat: int | None) -> int | None:
        """The `seat` field of the choices the panel shows the person at `seat` (TableSession.acts_as)."""
        return None if seat is None else self.session.acts_as(seat)

    def refresh(self) -> None:
        self._views.forget()  # the state may have changed (an action, or a test arranging the board)
        state = self.session.state
        if state.game_over:
            self._timer.stop()
            self._show_to(self.viewer)
            self.game_over.emit(state.win_reason or "The game is over.")
            return
        seat = self.deciding_seat()
        if seat is not None:
            if self.handover is not None and seat != self.viewer and public_decision(state, seat):
                self._show_public_decision(seat)  # the draft, an open ballot: everyone may watch, no curtain
            elif self.handover is not None and needs_handover(self.viewer, seat, state):
                if self.news_dialog is not None or self.news.has_news(self.viewer):
                    # What his own move did, read before he leaves, over his screen as it now is; the curtain
                    # comes when he has read it.
                    self._show_to(self.viewer, tell=False)
                    self._tell_news(self.viewer, leaving=True)
                else:
                    self._ask_for_handover(seat)
            elif self._awaiting_confirmation is None:
                self._show_to(seat)
        elif self._awaiting_confirmation is None:
            # Computers decide: the seat at the screen sees whom the game waits for and only what he may still do
            # (free actions), never the buttons of the decision he has just taken; nobody's seat: a watcher's panel.
            self._show_to(self.viewer)
        if self.session.computer_seats_awaited():
            self._timer.start()
        else:
            self._timer.stop()
        self.game_changed.emit()

    @property
    def pace_ms(self) -> int:
        return self._timer.interval()

    def set_pace(self, pace_ms: int) -> None:
        """The pause between two computer decisions, from now on."""
        self._timer.setInterval(max(0, pace_ms))

    def stop(self) -> None:
        """No more computer moves (the table is being put away)."""
        self._stopped = True
        self._close_question()
        self._close_news()
        self._timer.stop()
        self._timer.timeout.disconnect(self._computer_turn)
        self.thinking_changed.emit(None)  # whatever it still decides is dropped

    @property
    def is_thinking(self) -> bool:
        """A computer player is deciding on its worker thread."""
        return self._thinking is not None

    @property
    def is_handing_over(self) -> bool:
        return self._awaiting_confirmation is not None

    def _ask_for_handover(self, seat: int) -> None:
        if self._awaiting_confirmation == seat:
            return
        self._awaiting_confirmation = seat
        self.panel.close_dialogs()  # a dialog is a window of its own: the curtain would not cover it
        self._close_question()
        self._close_news()
        self.handover.show_for(seat, self.session.seat_name(seat))

    def _show_public_decision(self, seat: int) -> None:
        """`seat` decides on the public screen: his public choices (a faction, a vote) on the panel, the rest of the
        screen as anyone at the table may see it; nobody's private screen is up. He may ask for his own screen."""
        if self._awaiting_confirmation is not None:  # a curtain for someone whose turn has not come yet
            self._awaiting_confirmation = None
            self.handover.hide()
        self.panel.close_dialogs()
        self._close_question()
        changed = self.viewer is not None
        self.viewer = None
        view = self.view_for(None)
        acting = self.acts_as(seat)
        self.panel.refresh(view, acting, public=True, person=seat)
        self.log.set_state(view)
        self.log.set_viewer(None)
        if self.structure is not None:
            # a structure is public (R-GEN-06); nothing of his is staged yet
            self.structure.show_seat(view, self.session.shown_faction(seat))
        if changed:
            self.viewer_changed.emit(None)

    def show_own_screen(self, seat: int) -> None:
        """The seat deciding on the public screen asks for his own (to look at his secrets, to make an offer
        first): the laptop passes to him behind the curtain."""
        if self.handover is None or self.viewer == seat:
            return
        self._ask_for_handover(seat)

    def _close_news(self) -> None:
        dialog, self.news_dialog = self.news_dialog, None
        if dialog is not None:
            dialog.close()

    def _close_question(self) -> None:
        """Close the question about a choice (unanswered: the choice is not made), e.g. before the curtain."""
        question, self.question = self.question, None
        if question is not None:
            question.close()

    def _handed_over(self, seat: int) -> None:
        self._awaiting_confirmation = None
        self._show_to(seat)
        self.refresh()

    def _show_to(self, seat: int | None, tell: bool = True) -> None:
        """Put `seat`'s private screen up: its choices, its structure and the log as it may read it."""
        changed = seat != self.viewer
        self.viewer = seat
        view = self.view_for(seat)
        acting = self.acts_as(seat)
        if view.game_over:
            self.panel.show_game_over(view)
        elif acting is not None:
            self.panel.refresh(view, acting, person=seat)
        else:
            self.panel.show_watching(view)
        self.log.set_state(view)
        self.log.set_viewer(seat)
        if self.structure is not None:
            self.structure.show_seat(view, self.session.shown_faction(seat))
        if changed:
            self.viewer_changed.emit(seat)
        if tell and seat is not None and not view.game_over:
            self._tell_news(seat)

    # ----- what happened while a person was away (presentation/away_news.py) -----

    def _tell_news(self, seat: int | None, leaving: bool = False) -> bool:
        """Show `seat` what concerns him and he has not seen: after the curtain (his screen just came up), or at
        his screen before the laptop passes on (`leaving`; the curtain waits until he closes it). A contest whose
        outcome his open contest dialog shows already needs no second telling. True while the news is up."""
        if self.news_dialog is not None:
            return True
        if seat is None or self.handover is None and self.is_remote:
            return False
        contest = self.panel.dialogs.get("contest")
        if not leaving and contest is not None and contest.isVisible() and contest.seat == seat \
                and contest.tracker.outcome:
            self.news.forget_contest(seat, contest.tracker.outcome.contest_id)
        if not self.news.has_news(seat):
            return False
        from ..dialogs.news_dialog import NewsDialog

        if leaving:
            self.panel.close_dialogs()  # the receipt is in the news; nothing else of his stays on screen
        view = self.view_for(seat)
        dialog = self.news_dialog = NewsDialog(view, seat, self.news.pop(seat), leaving, self.panel.window())
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.resend_requested.connect(lambda offer: self._send_again(seat, offer))
        dialog.finished.connect(lambda _result: self._news_read(dialog))
        dialog.open()
        return True

    def _news_read(self, dialog) -> None:
        if self.news_dialog is dialog:
            self.news_dialog = None
            if not self._stopped:
                self.refresh()

    def _send_again(self, seat: int, offer) -> None:
        """The news's "Edit and send again": the deal dialog on a copy of the offer, ready to change and send."""
        if self.viewer != seat:
            return
        self._offer_taken_up_again(seat, offer.id)
        self.panel.open_dialog("deal").edit_again(offer)

    def _offer_taken_up_again(self, seat: int, offer_id: int) -> None:
        self.news.taken_up_again(seat, offer_id)

    def _computer_turn(self) -> None:
        """Hand the next awaited computer seat's view to a worker thread; its choice comes back to
        `_computer_decided`. The timer rests while it thinks."""
        if self._timer.interval() > 0 and self.board_scene is not None and self.board_scene.is_animating:
            return  # let people watch the dice and the token; the timer asks again (pace 0 means: never wait)
        self._timer.stop()
        if self._thinking is not None or self._stopped:
            return
        request = self.session.computer_request()
        if request is None:
            return
        seat, view = request
        version = self.session.state.action_count
        # The worker holds neither this controller nor its children: the table may be put away while it thinks.
        done, ticket, session = window_thread.carrier(), self._ticket, self.session

        def think() -> None:
            try:
                action = session.computer_decide(seat, view)
            except Exception:  # a computer player's bug must not kill the table: the seat takes its default
                logging.getLogger(__name__).exception("computer seat %s failed to decide; it takes its default", seat)
                action = None
            try:
                done.carried.emit(ticket, (seat, version, action))
            except RuntimeError:  # the carrier itself is gone: the application is shutting down
                pass

        self._thinking = threading.Thread(target=think, name=f"computer seat {seat}", daemon=True)
        self._thinking.start()
        self.thinking_changed.emit(seat)

    def _computer_decided(self, ticket: object, decision: tuple) -> None:
        if ticket is not self._ticket:
            return  # another table's computer, or another worker's result
        seat, version, action = decision
        self._thinking = None
        self.thinking_changed.emit(None)
        if self._stopped:
            return
        state = self.session.state
        if state.action_count != version or seat not in self.session.computer_seats_awaited():
            self.refresh()  # the game moved on while it thought: ask again from the new view
            return
        step = self.session.apply_computer(seat, action)
        if step is None:
            self.refresh()
            return
        _action, events = step
        self._applied(events)
