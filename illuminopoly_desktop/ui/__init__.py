"""Qt side of Illuminopoly: application, main window, board scene and its items.

Nothing here decides a rule: the widgets draw data from `model/` and, later,
turn the player's gestures into actions for the engine.
"""
