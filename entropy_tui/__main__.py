"""Command line: `entropy-tui` plays; `entropy-tui simulate ...` runs bot games;
`entropy-tui serve ...` serves the app to a browser; `entropy-tui host` opens a shared table and
`entropy-tui join` is one screen of it (one parser: entropy_tui.cli.main)."""

from __future__ import annotations

import sys

from entropy_tui.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
