"""`python -m illuminopoly_desktop.cli`: the same as the `illuminopoly` command."""
import sys

from . import main

sys.exit(main())
