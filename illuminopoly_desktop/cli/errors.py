"""Exit statuses, and the errors a command raises for a problem the user can fix.

User errors (a bad save, a bad board file, impossible settings) print one sentence on stderr and exit with
status 1; no traceback. Contradictory flags and malformed input files exit with status 2, like argparse's own
syntax errors.
"""
from __future__ import annotations

import sys

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2


class UserError(Exception):
    """A problem the user can fix; printed as one line without a traceback."""

    exit_status = EXIT_FAILED


class UsageError(UserError):
    """Flags that contradict each other, or an input file that is not what the command reads (status 2, like
    argparse's own syntax errors)."""

    exit_status = EXIT_USAGE


def print_error(message: str) -> None:
    """Print a message (an error or a note) on stderr, after the command's name."""
    print(f"illuminopoly: {message}", file=sys.stderr)
