"""Qt-free game model: data files (board, cards, factions), options and state."""
