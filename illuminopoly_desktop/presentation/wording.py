"""Plain words by default: rule IDs and turn-step codes only for those who ask for them (Qt-free).

The rules speak in IDs (R-STRUCT-04), reason codes (E_INSUFFICIENT_FUNDS) and turn steps (T3); a newcomer at the
table does not. By default the interface says what happens in words and keeps the references in tooltips, in the
log's filter and in the Rules Reference; the preference "Show rule IDs and turn-step codes" (Edit ▸ Preferences)
puts them back into the texts. The setting is one for the whole application, as a preference is: the window sets
it (`show_rule_ids`) and every text on screen passes through `plain` or `with_rule`.
"""
from __future__ import annotations

import re

_shown = False

_REFERENCE = (r"(?:rule\s+)?(?:R-[A-Z0-9]+(?:-[A-Z0-9]+)*|§\s?\d+(?:\.\d+)*|D-\d+|E_[A-Z_]+)"
              r"(?:\s+steps?\s+\d+(?:\s*[–-]\s*\d+)?)?(?:\s*\([a-z]\))?")
_REFERENCES = re.compile(rf"\s*[(\[]{_REFERENCE}(?:\s*(?:,|;|/|and)\s*{_REFERENCE})*[)\]]")
"""A bracketed group holding nothing but rule references: " (R-STRUCT-04)", "  [R-TAKEOVER-03]",
" (E_INSUFFICIENT_FUNDS, R-DEAL-02)", " (R-CONTEST-02 step 6)", " (R-CHEAT-02 (c))", " (§33.1)"."""


def show_rule_ids(on: bool) -> None:
    """Show rule IDs, reason codes and turn-step codes in the texts (the preference), or keep them to tooltips."""
    global _shown
    _shown = bool(on)


def rule_ids_shown() -> bool:
    return _shown


def plain(text: str) -> str:
    """`text` as the interface shows it: without its bracketed rule references unless they are asked for."""
    if _shown or not text:
        return text
    return _REFERENCES.sub("", text)


def with_rule(text: str, rule_id: str | None) -> str:
    """`text` followed by its rule ID in brackets when rule IDs are shown, else `text` alone."""
    return f"{text}  [{rule_id}]" if _shown and rule_id else text


def step_words(code: str, words: str) -> str:
    """A turn step: "roll the dice or reorganize", or "T3: roll the dice or reorganize" when codes are shown."""
    return f"{code}: {words}" if _shown and code else words


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """"1 house rule", "3 house rules": a count in plain words, never "rule(s)"."""
    return f"{number} {noun if number == 1 else (plural or noun + 's')}"
