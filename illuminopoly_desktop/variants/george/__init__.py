"""Defeating Monopoly (E. J. Dodson's Georgist rules, VARIANTS §5, V-GEORGE-01 to -33) as a ruleset on classic
Monopoly."""
