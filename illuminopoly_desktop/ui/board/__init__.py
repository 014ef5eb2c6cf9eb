"""The board: its scene, squares, tokens, dice, buildings, markers and animation."""
