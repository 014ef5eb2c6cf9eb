"""The packaged app's entry point (PyInstaller starts here): the same as the `illuminopoly` command."""
import sys

from illuminopoly_desktop.cli import main

if __name__ == "__main__":
    sys.exit(main())
