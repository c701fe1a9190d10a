"""`python -m tests.ssh.dealt_host --step N [--twin SEED] --port P ...`: `entropy-tui host` with
the table's game taken from tests/hidden_parts.py: the game of its seed at decision N, or, with
--twin, that position with Bob's hidden parts dealt again (the same for Ann and a spectator).
Everything else (the SSH server, the screens, the host's own screen) is the host's own code."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from entropy_tui.play.config import GameConfig
from entropy_tui.play.session import Session
from entropy_tui.saves.files import new_autosave_path
from entropy_tui.table.host import HostOptions, serve
from entropy_tui.table.seats import parse_table_seats
from entropy_tui.table.server import Table, private_socket_path
from tests.hidden_parts import PLAYERS, SEED, played, twin_of

ANN = 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--step", type=int, required=True)
    parser.add_argument("--twin", type=int)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--listen", default="127.0.0.1")
    parser.add_argument("--password", required=True)
    parser.add_argument("--authorized-keys", type=Path, required=True)
    args = parser.parse_args(argv)
    game = played(args.step + 1)[args.step]
    if args.twin is not None:
        pair = twin_of(game, ANN, args.twin)
        assert pair is not None, "no twin for that position"
        game = pair.twin
    seats = parse_table_seats(",".join(f"remote:{name}" for name in PLAYERS))
    config = GameConfig(seats, seed=SEED, confirm_turn_end=False)
    session = Session(config, game, save_path=new_autosave_path())
    table = Table(session, config.remote_seats, private_socket_path(), bot_delay=0)
    options = HostOptions(
        port=args.port,
        listen=args.listen,
        password=args.password,
        authorized_keys=args.authorized_keys,
        bot_delay=0,
    )
    return asyncio.run(serve(table, options))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
