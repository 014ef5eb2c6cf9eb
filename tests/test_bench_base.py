"""The speed benchmark's yardstick (issue 30: `bench/engine.py --against` with no commit) must name a commit that every
clone has: the local tag it once was did not survive a fresh clone, and the benchmark failed there."""
import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _alternating():
    spec = importlib.util.spec_from_file_location("bench_alternating", ROOT / "bench" / "alternating.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_default_base_is_a_commit_of_this_history_before_head():
    base = _alternating().DEFAULT_BASE
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", f"{base}^{{commit}}"],
                            capture_output=True, text=True)
    assert commit.returncode == 0, commit.stderr
    ancestor = subprocess.run(["git", "-C", str(ROOT), "merge-base", "--is-ancestor", base, "HEAD"])
    assert ancestor.returncode == 0
    # The commit before issue 30: its child is the first commit that names the issue.
    children = subprocess.run(["git", "-C", str(ROOT), "log", "--format=%s", "--reverse", "--ancestry-path",
                               f"{base}..HEAD"], capture_output=True, text=True).stdout.splitlines()
    assert "issue 30" in children[0]
