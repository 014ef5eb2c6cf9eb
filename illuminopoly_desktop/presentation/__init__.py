"""Qt-free view-models of the desktop table: what the interface shows and asks, computed from the engine."""
