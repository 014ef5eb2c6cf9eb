"""Classic Monopoly (VARIANTS §1, CLASSIC-01 to CLASSIC-16) as a ruleset on the core: the root of the tree of rule
systems (VARIANTS §0.3), which Illuminopoly, Illumonopoly and Defeating Monopoly modify."""
