"""Bringing results from worker threads (a computer thinking, the LAN client's loop, network discovery) back to
the window's thread, safely even when their recipient is deleted meanwhile.

A worker thread must never emit a signal on a QObject that the window's thread may delete: a table put away, a
dialog closed or a LAN client dropped while its worker is still busy would crash the process in that race (CI once
lost a test worker to it). So workers emit on one carrier that lives as long as the process. A recipient connects
its own slot to the carrier with a ticket of its own and ignores the other recipients' tickets; deletion and
delivery both happen on the window's thread, where Qt disconnects a deleted recipient, so whatever is still queued
for it is dropped.

    self._ticket = object()
    window_thread.carrier().carried.connect(self._carried)   # on the window's thread, before any worker starts
    ...
    carrier.carried.emit(ticket, payload)                      # in the worker: the carrier and ticket, captured
    ...
    def _carried(self, ticket, payload):                       # on the window's thread
        if ticket is self._ticket: ...
"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject, Signal


class _Carrier(QObject):
    carried = Signal(object, object)
    """A recipient's ticket and what a worker sends it (the recipient decides what the payload means)."""


_carrier: _Carrier | None = None


def carrier() -> _Carrier:
    """The process's carrier, created on first use and never deleted. It lives on the application's thread (the
    window's), which is where its signal is delivered to recipients that live there."""
    global _carrier
    if _carrier is None:
        made = _Carrier()
        app = QCoreApplication.instance()
        if app is not None and made.thread() is not app.thread():
            made.moveToThread(app.thread())  # first asked for by a worker: push it to the window's thread
        _carrier = made
    return _carrier


class RunsWorkersFunctions:
    """For a QObject whose worker threads want functions run on the window's thread: call `listen_to_workers()` in
    its __init__ (on the window's thread, before any worker starts); a worker then calls `in_window(function)`.
    Functions sent after the object was deleted are dropped, never run."""

    def listen_to_workers(self) -> None:
        self._worker_ticket = object()
        self._worker_carrier = carrier()
        self._worker_carrier.carried.connect(self._run_workers_function)

    def in_window(self, function) -> None:  # from any thread
        try:
            self._worker_carrier.carried.emit(self._worker_ticket, function)
        except RuntimeError:  # the carrier itself is gone: the interpreter is shutting down, nobody is listening
            pass

    def _run_workers_function(self, ticket: object, function) -> None:  # on the window's thread
        if ticket is self._worker_ticket:
            function()
