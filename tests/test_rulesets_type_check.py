"""The Georgist, shared-faction and Illumonopoly rulesets type-check under the project's [tool.mypy] (issue 30): the
compiled core is built from this same source by mypyc, which refuses what mypy rejects and checks the annotations
again at run time, so they must be true. Imported modules are followed silently: only errors in these folders count
(the others' folders have their own owners and checks)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ["illuminopoly_desktop/variants/george", "illuminopoly_desktop/variants/shared",
           "illuminopoly_desktop/variants/illumo"]


def test_the_georgist_shared_and_illumonopoly_rulesets_type_check():
    result = subprocess.run([sys.executable, "-m", "mypy", "--follow-imports=silent", "--no-error-summary", *FOLDERS],
                            cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == ""
