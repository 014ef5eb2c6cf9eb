"""The playing table's side panels and its controller: actions, the game log, the hand-over curtain."""
