"""Animating the engine's events on the board: dice rolling, tokens walking square by square.

`BoardAnimator.play(events, snapshot)` turns the public DiceRolled and TokenMoved events of one accepted action into
one QSequentialAnimationGroup and runs it on Qt's event loop, so nothing ever blocks. When it ends, or as soon as
anything else wants the board (`finish`), the scene is settled on `snapshot`, the state the events led to: a new
update during an animation completes the old one at once, and the pieces always end where the game says.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QObject,
    QParallelAnimationGroup,
    QPointF,
    QPropertyAnimation,
    QSequentialAnimationGroup,
    QVariantAnimation,
    Signal,
)

from ...presentation.board_snapshot import BoardSnapshot
from ...rules import events as E
from ...rules.movement import is_doubles

MOVEMENT_DICE_MS = 480
OTHER_DICE_MS = 300
STEP_MS = 120
"""One square of a walk..."""
MAX_WALK_MS = 1500
"""...but a long walk (a card sending a token round the board) never takes longer than this."""
TELEPORT_MS = 420
HOP_SCALE = 1.18
MOVEMENT_PURPOSES = {"movement", "jail roll"}


def animated_events(events: Sequence[E.Event]) -> list[E.Event]:
    """The events the board animates: public dice rolls and token moves, in order."""
    return [e for e in events if e.visible_to is None and isinstance(e, (E.DiceRolled, E.TokenMoved))]


def walk_step_ms(path_length: int) -> int:
    return max(40, min(STEP_MS, MAX_WALK_MS // max(path_length, 1)))


class BoardAnimator(QObject):
    """Runs one action's animation at a time on `scene` (a BoardScene). Emits `finished` when the pieces of an
    animation are settled, whether it ran out or was finished early."""

    finished = Signal()

    def __init__(self, scene) -> None:
        super().__init__(scene)
        self._scene = scene
        self._group: QSequentialAnimationGroup | None = None
        self._settle: Callable[[], None] | None = None

    @property
    def is_running(self) -> bool:
        return self._group is not None

    def play(self, events: Sequence[E.Event], snapshot: BoardSnapshot, settle: Callable[[], None]) -> bool:
        """Animate `events`, then call `settle` (which puts every piece where `snapshot` says).
        Returns False, having settled at once, when there is nothing to animate."""
        self.finish()
        group = self._build(animated_events(events), snapshot)
        self._settle = settle
        if group is None:
            self._complete()
            return False
        self._group = group
        group.finished.connect(self._complete)
        group.start()
        return True

    def finish(self) -> None:
        """Complete the running animation now: stop it and settle the pieces on its final state."""
        group = self._group
        if group is None:
            return
        group.finished.disconnect(self._complete)
        group.stop()
        self._complete()

    def _complete(self) -> None:
        group, self._group = self._group, None
        settle, self._settle = self._settle, None
        if settle is not None:
            settle()
        if group is not None:
            group.deleteLater()
            self.finished.emit()

    # --- building the animation -------------------------------------------------------------

    def _build(self, events: list[E.Event], snapshot: BoardSnapshot) -> QSequentialAnimationGroup | None:
        if not events:
            return None
        group = QSequentialAnimationGroup(self)
        where: dict[int, QPointF] = {}  # each token's point as the animation goes on
        last_move = {e.seat: i for i, e in enumerate(events) if isinstance(e, E.TokenMoved)}
        for number, event in enumerate(events):
            if isinstance(event, E.DiceRolled):
                group.addAnimation(self._roll(event, snapshot))
            elif isinstance(event, E.TokenMoved):
                token = self._scene.token_item(event.seat)
                if token is None or not event.path:
                    continue
                start = where.get(event.seat, token.pos())
                # The last move of a token ends on its place among the others on that square, not on the middle.
                facts = snapshot.token(event.seat) if event.seat < len(snapshot.tokens) else None
                home = (self._scene.token_home(snapshot, event.seat)
                        if last_move[event.seat] == number and facts is not None and facts.on_board
                        and facts.position == event.path[-1] else None)
                walk, where[event.seat] = self._walk(token, start, event, home)
                group.addAnimation(walk)
        if group.animationCount() == 0:
            group.deleteLater()
            return None
        return group

    def _roll(self, event: E.DiceRolled, snapshot: BoardSnapshot) -> QVariantAnimation:
        dice = self._scene.dice_item
        caption = dice_caption(event, snapshot)
        faces = list(event.dice)
        animation = QVariantAnimation()
        animation.setStartValue(0.0)
        animation.setEndValue(1.0)
        animation.setDuration(MOVEMENT_DICE_MS if event.purpose in MOVEMENT_PURPOSES else OTHER_DICE_MS)
        animation.setEasingCurve(QEasingCurve.Type.OutCubic)
        animation.valueChanged.connect(lambda progress: dice.tumble(faces, caption, float(progress)))
        return animation

    def _walk(self, token, start: QPointF, event: E.TokenMoved,
              home: QPointF | None) -> tuple[QAbstractAnimation, QPointF]:
        """The token hops from square to square along the path (one glide for a teleport), ending on `home` if
        given."""
        walk = QSequentialAnimationGroup()
        step_ms = TELEPORT_MS if event.how == "teleport" else walk_step_ms(len(event.path))
        path = event.path[-1:] if event.how == "teleport" else event.path
        walk.stateChanged.connect(token.follow_walk)
        point = start
        for step, square in enumerate(path):
            target = home if home is not None and step == len(path) - 1 else self._scene.walk_point(square)
            hop = QParallelAnimationGroup()
            glide = QPropertyAnimation(token, b"pos")
            glide.setStartValue(point)
            glide.setEndValue(target)
            glide.setDuration(step_ms)
            glide.setEasingCurve(QEasingCurve.Type.InOutQuad)
            hop.addAnimation(glide)
            lift = QPropertyAnimation(token, b"scale")
            lift.setDuration(step_ms)
            lift.setStartValue(1.0)
            lift.setKeyValueAt(0.5, HOP_SCALE)
            lift.setEndValue(1.0)
            hop.addAnimation(lift)
            walk.addAnimation(hop)
            point = target
        return walk, point


def dice_caption(event: E.DiceRolled, snapshot: BoardSnapshot) -> str:
    """"Alice rolled 8" (with the purpose when it is not a move)."""
    who = snapshot.name_of(event.seat) if event.seat is not None and event.seat < len(snapshot.player_names) else None
    total = sum(event.dice)
    text = f"{who or 'The dice'} rolled {total}{' (doubles)' if is_doubles(event.dice) else ''}"
    return text if event.purpose == "movement" else f"{text} \u00b7 {event.purpose}"
