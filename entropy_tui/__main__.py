"""Command line: `entropy-tui` plays; `entropy-tui simulate ...` runs bot games;
`entropy-tui serve ...` serves the app to a browser; `entropy-tui host` opens a shared table and
`entropy-tui join` is one screen of it."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] == "simulate":
        from .simulate import main as simulate

        return simulate(args[1:])
    if args and args[0] == "serve":  # the web server's libraries load only for this command
        from .web.serve import main as serve

        return serve(args[1:])
    if args and args[0] in ("join", "host"):
        from .table import cli

        return (cli.join_main if args[0] == "join" else cli.host_main)(args[1:])
    from .tui.cli import main as play

    return play(args)


if __name__ == "__main__":
    sys.exit(main())
