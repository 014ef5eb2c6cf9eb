"""Shared pytest set-up.

Qt must pick its platform before the first Qt import anywhere in the test
session, so this runs at import time: GUI tests draw offscreen and need no
display. An explicit QT_QPA_PLATFORM (e.g. xcb, to watch a test) still wins.
"""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
