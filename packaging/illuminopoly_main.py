"""The packaged app's entry point (PyInstaller starts here): the same as the `illuminopoly` command."""
import multiprocessing
import sys

from illuminopoly_desktop.cli import main

if __name__ == "__main__":
    # The strategist's rollout helpers are processes of this same executable (bots/rollout_helpers.py): a frozen
    # app must let a helper start here instead of opening another window.
    multiprocessing.freeze_support()
    sys.exit(main())
