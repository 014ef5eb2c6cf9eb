"""Shared factions (VARIANTS.md §3, issue 28): Illuminopoly with two seats per faction and two factions per seat."""
