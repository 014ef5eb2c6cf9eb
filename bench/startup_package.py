"""Start-up of the packaged app: `python bench/startup_package.py [--runs 7] [APP_DIR]`.

Times, from the parent's side, how long each way of starting the game takes until its window's first paint
(`illuminopoly selftest --startup-only`, on Qt's offscreen platform): the one-folder package (default
dist/illuminopoly, build it with `python packaging/build.py`), the one-file package if it was built
(dist/illuminopoly-onefile, which unpacks itself first), and the source checkout (`python -m illuminopoly_desktop`)
for comparison. The first run of each may be slower (files not yet in the OS cache); the table gives the first run,
the median and the best. Prints plain figures; asserts nothing. The target (issue 7) is under 2 s.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "packaging"))
import check_package  # noqa: E402
import package_config as config  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/startup_package.py", description=__doc__.splitlines()[0])
    parser.add_argument("app_dir", nargs="?", type=Path, default=config.DIST_DIR / config.APP_NAME)
    parser.add_argument("--runs", type=int, default=7, help="starts of each variant (default 7)")
    args = parser.parse_args(argv)

    variants = []
    packaged = config.command_line_executable(args.app_dir)
    if packaged.is_file():
        variants.append(("one-folder package", [str(packaged)]))
    else:
        print(f"{packaged} is missing: build it with python packaging/build.py")
    onefile = config.DIST_DIR / config.executable_name(config.ONEFILE_NAME)
    if onefile.is_file():
        variants.append(("one-file package", [str(onefile)]))
    variants.append(("source checkout", [sys.executable, "-m", "illuminopoly_desktop"]))

    print(f"{'start-up to first paint':<24}{'first':>8}{'median':>8}{'best':>8}   ({args.runs} runs, seconds)")
    with tempfile.TemporaryDirectory(prefix="illuminopoly-bench-") as folder:
        env = check_package.isolated_env(Path(folder))
        for name, command in variants:
            times = [check_package.time_to_first_paint([*command, "selftest", "--startup-only"], env)
                     for _ in range(args.runs)]
            print(f"{name:<24}{times[0]:>8.2f}{statistics.median(times):>8.2f}{min(times):>8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
