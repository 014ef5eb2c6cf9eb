"""Power structures: deed cards, the structure editor and dock, and the seats' read-only areas."""
