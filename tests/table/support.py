"""A table in the test's own event loop, and screens that speak its protocol by hand."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from entropy_tui.bots import make_bot
from entropy_tui.cli.main import parse
from entropy_tui.play.config import GameConfig
from entropy_tui.play.session import Session
from entropy_tui.table.protocol import MAX_TABLE_LINE
from entropy_tui.table.seats import parse_table_seats
from entropy_tui.table.server import Table


def make_table(
    tmp_path: Path, spec: str = "remote:Ann,remote:Bob,bot:greedy", seed: int = 7
) -> Table:
    config = GameConfig(parse_table_seats(spec), seed=seed)
    session = Session(
        config,
        bot_factory=lambda kind, bot_seed: make_bot(kind, bot_seed),
        save_path=tmp_path / "table.json",
    )
    return Table(session, config.remote_seats, tmp_path / "sock" / "table.sock", bot_delay=0)


def ticket_of(command: list[str]) -> str:
    """The ticket a screen started with `command` says hello with, as `join` reads it."""
    ticket = parse(command[command.index("join") :]).ticket
    assert isinstance(ticket, str)
    return ticket


@dataclass
class Screen:
    """One connection, as a screen would hold it."""

    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    received: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    async def open(cls, table: Table, ticket: str, **extra: Any) -> Screen:
        reader, writer = await asyncio.open_unix_connection(
            str(table.socket_path), limit=MAX_TABLE_LINE
        )
        screen = cls(reader, writer)
        await screen.send({"op": "hello", "ticket": ticket, **extra})
        return screen

    async def send(self, message: dict[str, Any] | bytes) -> None:
        line = message if isinstance(message, bytes) else json.dumps(message).encode() + b"\n"
        self.writer.write(line)
        await self.writer.drain()

    async def next(self, op: str | None = None) -> dict[str, Any]:
        """The next message (of kind `op`, skipping others)."""
        while True:
            line = await asyncio.wait_for(self.reader.readline(), 10)
            assert line, "the table closed the connection"
            message = json.loads(line)
            self.received.append(message)
            if op is None or message["op"] == op:
                return message

    async def closed(self) -> bool:
        """Reads until the table closes the connection."""
        while line := await asyncio.wait_for(self.reader.readline(), 10):
            self.received.append(json.loads(line))
        return True

    async def close(self) -> None:
        self.writer.close()
        await self.writer.wait_closed()
