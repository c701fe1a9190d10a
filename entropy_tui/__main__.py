"""Command line: `entropy-tui` plays; `entropy-tui simulate ...` runs bot games;
`entropy-tui serve ...` serves the app to a browser; `entropy-tui host` opens a shared table and
`entropy-tui join` is one screen of it (the table lists them: subcommands.SUBCOMMANDS)."""

from __future__ import annotations

import sys

from entropy_tui.cli.subcommands import find


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    subcommand = find(args[0]) if args else None
    if subcommand is not None:
        return subcommand.entry()(args[1:])
    from entropy_tui.cli.play import main as play

    return play(args)


if __name__ == "__main__":
    sys.exit(main())
