"""The seats of a table: who plays each (a remote player, a person at the host's keyboard, a
bot), who holds a remote seat now, and the seat codes that give one back."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from typing import Literal

from entropy_tui.play.config import SeatConfig, parse_seats

REMOTE_PREFIX = "remote:"
# Seat codes use letters and digits nobody misreads (no 0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
SeatState = Literal["free", "playing", "away", "bot"]


def parse_table_seats(spec: str) -> tuple[SeatConfig, ...]:
    """`"remote:Ann,Cy,bot:greedy"` -> the seats, the remote ones marked so. Raises ValueError
    with a readable message."""
    entries = [part.strip() for part in spec.split(",") if part.strip()]
    remote = frozenset(
        seat for seat, entry in enumerate(entries) if entry.lower().startswith(REMOTE_PREFIX)
    )
    plain = [entry[len(REMOTE_PREFIX) :] if seat in remote else entry for seat, entry in
             enumerate(entries)]  # fmt: skip
    if any(not entry.strip() for entry in plain):
        raise ValueError("a remote seat needs a name: remote:Ann")
    seats = parse_seats(",".join(plain))
    return tuple(replace(seat, remote=n in remote) for n, seat in enumerate(seats))


def new_code() -> str:
    """A seat code to type in the lobby: "K7QD-M2XP"."""
    letters = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{letters[:4]}-{letters[4:]}"


def same_code(typed: str, code: str) -> bool:
    """Compares a typed code with a seat's, ignoring case, spaces and dashes."""

    def plain(text: str) -> str:
        return "".join(ch for ch in text.upper() if ch.isalnum())

    return secrets.compare_digest(plain(typed).encode(), plain(code).encode())


@dataclass(slots=True)
class Claim:
    """Who took a remote seat: the public key they came with (None: a password login), and
    the seat's code. Only that key or that code gives the seat again, never its name alone."""

    key: str | None
    code: str

    def as_data(self) -> dict[str, str | None]:
        return {"key": self.key, "code": self.code}
