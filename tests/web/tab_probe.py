"""A program for the web server to run in a browser tab in tests, in textual-serve's protocol:
it shows, as the tab's output, each thing the tab sends it (how many key bytes in all so far,
each window size and each focus change)."""

from __future__ import annotations

import json
import sys


def show(text: str) -> None:
    line = f"{text}\r\n".encode()
    sys.stdout.buffer.write(b"D" + len(line).to_bytes(4, "big") + line)
    sys.stdout.buffer.flush()


def main() -> None:
    sys.stdout.buffer.write(b"__GANGLION__\n")
    show("ready")
    stdin = sys.stdin.buffer
    typed = 0
    while len(header := stdin.read(5)) == 5:
        payload = stdin.read(int.from_bytes(header[1:], "big"))
        if header[:1] == b"D":
            typed += len(payload)
            show(f"typed {typed}")
            continue
        meta = json.loads(payload)
        if meta["type"] == "quit":
            return
        if meta["type"] == "resize":
            show(f"resized {meta['width']}x{meta['height']}")
        else:
            show(meta["type"])


if __name__ == "__main__":
    main()
