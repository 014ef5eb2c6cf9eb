"""The rule systems played on the core (rules/): one package per ruleset, found by name through model/rulesets.py.

A ruleset's package imports the core, never the reverse; nothing here imports Qt."""
