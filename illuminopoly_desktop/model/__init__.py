"""Qt-free game model: data files (board, cards, factions), options and state."""
from .fast_attributes import install as _install_fast_attributes

_install_fast_attributes()
