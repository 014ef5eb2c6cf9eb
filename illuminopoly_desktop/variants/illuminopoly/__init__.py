"""Illuminopoly (the revised edition, ILLUMINOPOLY.md): the ruleset object is `ruleset.RULESET`."""
