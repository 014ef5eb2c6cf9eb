"""Reports made from many simulated games (no Qt; charts with matplotlib's Agg backend, imported only when drawn)."""
