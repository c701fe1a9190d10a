"""The table's protocol: one JSON object a line, over a local socket.

A screen sends `hello` with its ticket first; then `take` / `code` / `watch` from the lobby,
`choose` (an option id for the decision at `step`, the number of choices made so far) and `hint`
(the person deciding asked for one) from the game. The table answers with `lobby`, `game` (the
whole game, once), `chose` and `note` (what every replica applies), `table` (who sits where),
`refused` (why a message changed nothing) and `bye` (the table closes this connection).
"""

from __future__ import annotations

import json
from typing import Any

# A screen sends short lines; the table's `game` message carries a whole game.
MAX_CLIENT_LINE = 16 * 1024
MAX_TABLE_LINE = 64 * 1024 * 1024
CLIENT_OPS = frozenset({"hello", "take", "code", "watch", "choose", "hint"})


class ProtocolError(Exception):
    """A line that is not a message of the protocol; the text says what is wrong."""


def encode(message: dict[str, Any]) -> bytes:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"


def decode(line: bytes) -> dict[str, Any]:
    """The message on a line (raises ProtocolError)."""
    try:
        message = json.loads(line)
    except RecursionError:
        raise ProtocolError("its JSON is nested too deeply") from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ProtocolError("not a JSON line") from None
    except ValueError:  # an integer of more digits than Python converts
        raise ProtocolError("a number in it is too long") from None
    if not isinstance(message, dict) or not isinstance(message.get("op"), str):
        raise ProtocolError('not a message (a JSON object with an "op")')
    return message


def client_message(line: bytes) -> dict[str, Any]:
    """A screen's message, its fields checked (raises ProtocolError)."""
    message = decode(line)
    op = message["op"]
    if op not in CLIENT_OPS:
        raise ProtocolError(f"unknown message {op[:40]!r}")
    fields_of: dict[str, dict[str, type]] = {
        "hello": {"ticket": str},
        "take": {"seat": int},
        "code": {"code": str},
        "choose": {"step": int, "option": str},
        "hint": {"step": int},
    }
    for name, kind in fields_of.get(op, {}).items():
        value = message.get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise ProtocolError(f"{op}: {name} must be a {kind.__name__}")
    return message
