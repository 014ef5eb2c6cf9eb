"""`illuminopoly selftest` (issue 4, used by the packaging check of issue 7): run as a separate process on Qt's
offscreen platform, exactly as CI runs it against the packaged app."""
from __future__ import annotations

import os
import struct
import subprocess
import sys
from pathlib import Path

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def run_selftest(tmp_path: Path, *args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    user_home = tmp_path / "home"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(user_home),
               XDG_DATA_HOME=str(user_home / "data"), XDG_CONFIG_HOME=str(user_home / "config"))
    return subprocess.run([sys.executable, "-m", "illuminopoly_desktop", "selftest", *args], env=env,
                          capture_output=True, text=True, timeout=timeout)


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == PNG_SIGNATURE and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_selftest_plays_drags_and_saves_a_screenshot_without_touching_the_users_folders(tmp_path):
    shot = tmp_path / "shots" / "selftest.png"
    result = run_selftest(tmp_path, "--screenshot", str(shot))
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert any(line.startswith("selftest: first paint after") for line in lines)
    assert any("decisions clicked" in line for line in lines)
    assert any(line.startswith("selftest: moved ") and "committed it with Done" in line for line in lines)
    assert lines[-1].startswith("selftest: ok")
    width, height = png_size(shot)
    assert width >= 800 and height >= 600
    assert shot.stat().st_size > 20_000  # a drawn window, not a blank image
    assert not (tmp_path / "home").exists()  # the autosave went to a temporary folder, not the user's data folder


def test_startup_only_stops_after_the_first_paint(tmp_path):
    shot = tmp_path / "start.png"
    result = run_selftest(tmp_path, "--startup-only", "--screenshot", str(shot))
    assert result.returncode == 0, result.stderr
    assert "first paint after" in result.stdout and "decisions clicked" not in result.stdout
    assert png_size(shot)[0] >= 800


def test_a_step_that_overruns_the_timeout_fails_with_a_message(tmp_path):
    result = run_selftest(tmp_path, "--timeout", "0.05", "--screenshot", str(tmp_path / "never.png"))
    assert result.returncode == 1
    assert "selftest: FAILED: timed out after 0.05 s during" in result.stderr
    assert not (tmp_path / "never.png").exists()


def test_an_unwritable_screenshot_fails_with_a_message(tmp_path):
    result = run_selftest(tmp_path, "--startup-only", "--screenshot", str(tmp_path))  # a folder, not a file
    assert result.returncode == 1
    assert "selftest: FAILED during saving a screenshot" in result.stderr and "could not write" in result.stderr
