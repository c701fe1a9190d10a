"""The game in plain lines, for screen readers, braille displays and dumb terminals: every
decision printed once as numbered options, answered by a number or a command and Enter. No
escape sequences, no redraws; nothing here imports Textual or Rich."""

from __future__ import annotations

import os
import sys


def plain_terminal() -> bool:
    """A terminal that can't hold a full screen: TERM is dumb, or the output is not a
    terminal at all (a pipe, a file, a screen reader's own console). A browser's page
    (`entropy-tui serve`) pipes the output to a driver of its own: that is a full screen."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return False
    return os.environ.get("TERM") == "dumb" or not sys.stdout.isatty()
