"""The dialogs a table opens: contests, deals, votes, ransoms, building, mortgages, New Game, preferences, the rules reference, game over."""
