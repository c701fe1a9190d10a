"""A program for the SSH server to run in tests: it prints what its terminal is like, echoes
each line typed, reports resizes, and notes a hang-up in a file (or ignores it, if asked)."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path


def say(text: str) -> None:
    sys.stdout.write(text + "\r\n")
    sys.stdout.flush()


def size() -> str:
    columns, rows = os.get_terminal_size(0)
    return f"size={columns}x{rows}"


def main() -> None:
    user, key, hangup_file, mode = sys.argv[1:5]
    controlling = os.tcgetpgrp(0) == os.getpgrp()
    say(f"user={user} key={key}")
    say(f"{size()} controlling={controlling}")
    env = os.environ
    say(
        f"TERM={env.get('TERM')} COLORTERM={env.get('COLORTERM', '-')} "
        f"ESCDELAY={env.get('ESCDELAY', '-')} LD_PRELOAD={env.get('LD_PRELOAD', '-')}"
    )
    signal.signal(signal.SIGWINCH, lambda *_: say(f"resized {size()}"))

    def hung_up(*_: object) -> None:
        Path(hangup_file).write_text("hung up", encoding="utf-8")
        if mode != "ignore-hangup":
            os._exit(0)

    signal.signal(signal.SIGHUP, hung_up)
    say("ready")
    if mode == "no-reading":  # never reads its input, as a busy program would not
        while True:
            time.sleep(1)
    for line in sys.stdin:
        if line.strip() == "quit":
            say("bye")
            sys.exit(7)
        say(f"got {line.strip()}")


if __name__ == "__main__":
    main()
