"""Check a built package the way a player would use it (CI runs this after `python packaging/build.py`).

    python packaging/check_package.py [APP_DIR] [--screenshot FILE] [--max-size-mb 150] [--max-start-s S]
                                      [--core compiled|pure|any]

APP_DIR is the one-folder app (default dist/illuminopoly). The checks, each printed on one line:
  1. the folder's size, against --max-size-mb;
  2. `illuminopoly --version` answers with the version of the package metadata and the core it runs, which must be
     the compiled core (packaging/compile_core.py, issue 30) unless --core says otherwise;
  3. `illuminopoly selftest --screenshot FILE` exits 0 and writes a PNG (Qt's offscreen platform, no display);
  4. the time from starting the app to its window's first paint (best of 3; checked only with --max-start-s,
     since a shared CI machine's timings are not the player's);
  5. if the packaged command has `serve`: the LAN server starts on a free port of 127.0.0.1, a WebSocket client
     connects and says the protocol's hello, the server answers, and the server is stopped.
The packaged app runs with HOME and the XDG folders in a temporary folder, so nothing is written to the user's.
Exits 0 if every check passed, 1 otherwise.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import package_config as config  # noqa: E402

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MIN_SCREENSHOT_BYTES = 20_000
SELFTEST_TIMEOUT_S = 120
SERVE_READY_TIMEOUT_S = 30
FIRST_PAINT_LINE = re.compile(r"^selftest: first paint after")


class CheckFailed(Exception):
    """One check did not pass; the message says what was seen."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python packaging/check_package.py",
                                     description="Check the packaged app: size, version, self-test, start-up time, "
                                                 "LAN server.")
    parser.add_argument("app_dir", nargs="?", type=Path, default=config.DIST_DIR / config.APP_NAME,
                        help="the one-folder app (default dist/illuminopoly)")
    parser.add_argument("--screenshot", type=Path, help="keep the self-test's screenshot here")
    parser.add_argument("--max-size-mb", type=float, default=150.0, help="largest acceptable size (default 150)")
    parser.add_argument("--max-start-s", type=float, help="fail if the first paint takes longer (default: report)")
    parser.add_argument("--core", choices=("compiled", "pure", "any"), default="compiled",
                        help="the core the package must run: compiled by packaging/compile_core.py (default), pure "
                             "Python, or either")
    args = parser.parse_args(argv)

    executable = config.command_line_executable(args.app_dir)
    if not executable.is_file():
        print(f"check_package: {executable} is missing; build it with python packaging/build.py", file=sys.stderr)
        return 1
    failures = 0
    with tempfile.TemporaryDirectory(prefix="illuminopoly-check-") as folder:
        env = isolated_env(Path(folder))
        screenshot = args.screenshot or Path(folder) / "selftest.png"
        checks = [
            ("size", lambda: check_size(args.app_dir, args.max_size_mb)),
            ("version", lambda: check_version(executable, env, args.core)),
            ("selftest", lambda: check_selftest(executable, env, screenshot)),
            ("start-up", lambda: check_startup(executable, env, args.max_start_s)),
            ("serve", lambda: check_serve(executable, env)),
        ]
        for name, check in checks:
            try:
                print(f"{name}: {check()}", flush=True)
            except CheckFailed as failure:
                failures += 1
                print(f"{name}: FAILED: {failure}", flush=True)
    print("package check: " + ("all passed" if not failures else f"{failures} check(s) FAILED"))
    return 1 if failures else 0


def isolated_env(folder: Path) -> dict[str, str]:
    """The environment for the packaged app: no display needed, user folders in `folder`."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(folder / "home"),
               USERPROFILE=str(folder / "home"), APPDATA=str(folder / "appdata"),
               LOCALAPPDATA=str(folder / "localappdata"))
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        env[name] = str(folder / name.lower())
    env.pop("ILLUMINOPOLY_RESOURCES", None)  # the package must find its own resources
    return env


def folder_size_bytes(folder: Path) -> int:
    return sum(path.lstat().st_size for path in Path(folder).rglob("*") if path.is_file() and not path.is_symlink())


def check_size(app_dir: Path, max_mb: float) -> str:
    size_mb = folder_size_bytes(app_dir) / 1e6
    if size_mb > max_mb:
        raise CheckFailed(f"{app_dir} is {size_mb:.1f} MB, more than {max_mb:g} MB")
    return f"{size_mb:.1f} MB (limit {max_mb:g} MB)"


VERSION_LINE = re.compile(r"^illuminopoly_desktop (?P<version>\S+) \((?P<core>compiled core|pure Python)\)$")


def check_version(executable: Path, env: dict, core: str = "any") -> str:
    """`--version` names the package's version and the core it runs (issue 30): with `core` "compiled", the
    compiled core must be the one running (what CI builds), with "pure" pure Python."""
    result = subprocess.run([str(executable), "--version"], env=env, capture_output=True, text=True, timeout=60)
    shown = result.stdout.strip()
    if result.returncode != 0 or not shown:
        raise CheckFailed(f"--version exited {result.returncode}: {result.stderr.strip()[-300:]}")
    match = VERSION_LINE.match(shown)
    if match is None:
        raise CheckFailed(f"--version says {shown!r}, not 'illuminopoly_desktop VERSION (CORE)'")
    expected = _metadata_version()
    if expected is not None and match["version"] != expected:
        raise CheckFailed(f"the package says {shown!r}, the metadata {expected}")
    wanted = {"compiled": "compiled core", "pure": "pure Python"}.get(core)
    if wanted is not None and match["core"] != wanted:
        raise CheckFailed(f"the package runs the {match['core']}, not the {wanted}")
    return shown


def _metadata_version() -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(config.DISTRIBUTION)
    except PackageNotFoundError:
        return None


def check_selftest(executable: Path, env: dict, screenshot: Path) -> str:
    command = [str(executable), "selftest", "--screenshot", str(screenshot), "--timeout", str(SELFTEST_TIMEOUT_S)]
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=SELFTEST_TIMEOUT_S + 30)
    if result.returncode != 0:
        raise CheckFailed(f"exit status {result.returncode}\n{result.stdout}{result.stderr}")
    data = screenshot.read_bytes() if screenshot.exists() else b""
    if not data.startswith(PNG_SIGNATURE) or len(data) < MIN_SCREENSHOT_BYTES:
        raise CheckFailed(f"{screenshot} is not a plausible screenshot ({len(data)} bytes)")
    last = result.stdout.strip().splitlines()[-1]
    return f"{last.removeprefix('selftest: ')}; screenshot {screenshot} ({len(data)} bytes)"


def time_to_first_paint(command: list[str], env: dict, timeout_s: float = 60) -> float:
    """Seconds from starting `command` (a `selftest --startup-only`) to its 'first paint' line, as the parent sees
    them: the whole start of a packaged app (bootloader, unpacking, imports, Qt) counts."""
    began = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        for line in process.stdout:
            if FIRST_PAINT_LINE.match(line):
                return time.perf_counter() - began
            if time.perf_counter() - began > timeout_s:
                break
        raise CheckFailed(f"no first paint reported by {' '.join(command)}")
    finally:
        process.stdout.close()
        process.wait(timeout=timeout_s)


def check_startup(executable: Path, env: dict, max_s: float | None, runs: int = 3) -> str:
    times = [time_to_first_paint([str(executable), "selftest", "--startup-only"], env) for _ in range(runs)]
    best = min(times)
    shown = ", ".join(f"{t:.2f}" for t in times)
    if max_s is not None and best > max_s:
        raise CheckFailed(f"first paint after {best:.2f} s (runs: {shown} s), more than {max_s:g} s")
    return f"first paint after {best:.2f} s (best of {runs}: {shown} s)"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def check_serve(executable: Path, env: dict) -> str:
    """Start the packaged LAN server on 127.0.0.1 and greet it with a WebSocket client (skipped if no `serve`)."""
    overview = subprocess.run([str(executable), "--help"], env=env, capture_output=True, text=True, timeout=60)
    if not re.search(r"\bserve\b", overview.stdout):
        return "skipped: this version has no `serve` command"
    serve_help = subprocess.run([str(executable), "serve", "--help"], env=env, capture_output=True, text=True,
                                timeout=60)
    if serve_help.returncode != 0:
        raise CheckFailed(f"`serve --help` exited {serve_help.returncode}: {serve_help.stderr.strip()[-500:]}")
    port = free_port()
    command = [str(executable), "serve", "--port", str(port)]
    if "--bind" in serve_help.stdout:
        command += ["--bind", "127.0.0.1"]
    server = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        _wait_for_port(port, server)
        reply = _greet(port)
    except CheckFailed as failure:
        raise CheckFailed(f"{failure}\n{_stop(server)}") from None
    _stop(server)
    return f"`{' '.join(command[1:])}` answered a WebSocket hello on 127.0.0.1 with {reply!r}"


def _wait_for_port(port: int, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + SERVE_READY_TIMEOUT_S
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise CheckFailed(f"the server exited with status {server.returncode} before listening")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise CheckFailed(f"nothing listened on 127.0.0.1:{port} within {SERVE_READY_TIMEOUT_S} s")


def _greet(port: int) -> str:
    """Say the protocol's hello over a WebSocket; returns the type of the server's first answer."""
    try:
        from websockets.sync.client import connect
    except ImportError:
        return "a TCP connection (websockets is not installed here to say hello)"
    hello = {"type": "hello", "protocol": _protocol_version(), "name": "Package check", "client": "check_package"}
    try:
        with connect(f"ws://127.0.0.1:{port}", open_timeout=10, close_timeout=5) as websocket:
            websocket.send(json.dumps(hello))
            answer = json.loads(websocket.recv(timeout=10))
    except Exception as error:  # any failure of the conversation is the check's failure
        raise CheckFailed(f"WebSocket hello on port {port} failed: {type(error).__name__}: {error}") from None
    if not isinstance(answer, dict) or "type" not in answer:
        raise CheckFailed(f"the server answered the hello with {answer!r}")
    if answer["type"] == "rejected":
        raise CheckFailed(f"the server rejected the hello: {answer.get('code')}: {answer.get('message')}")
    return answer["type"]


def _protocol_version() -> int:
    try:
        from illuminopoly_desktop.protocol.messages import PROTOCOL_VERSION
    except ImportError:
        return 1
    return PROTOCOL_VERSION


def _stop(server: subprocess.Popen) -> str:
    """Stop the server (SIGTERM, then SIGKILL if it lingers); returns what it printed."""
    if server.poll() is None:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=10)
    output = server.stdout.read() if server.stdout else ""
    return output.strip()[-1000:]


if __name__ == "__main__":
    sys.exit(main())
