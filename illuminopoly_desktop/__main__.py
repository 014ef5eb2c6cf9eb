"""`python -m illuminopoly_desktop`: the same as the `illuminopoly` command."""
import sys

from .cli import main

sys.exit(main())
