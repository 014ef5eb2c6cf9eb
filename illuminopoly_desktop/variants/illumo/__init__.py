"""Illumonopoly (VARIANTS §4): classic Monopoly with treasuries, interference and lawsuits."""
