"""A visitor who floods the table with keys: their screen drops what it cannot take and says
so, and stays small."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import asyncssh
import pytest

from entropy_tui.ssh import session, start_ssh_server
from tests.table.support import make_table

pytestmark = pytest.mark.ssh
PASSWORD = "table-password"
MAX_RSS_MB = 150
FLOOD_BYTES = 600 * 1024
# Keys let through sixteen times as fast as the host lets them: the screen gets the same flood,
# only harder (without the input cap it grows past the limit), in a sixteenth of the time.
FLOOD_BYTES_PER_SECOND = 16 * session.INPUT_BYTES_PER_SECOND


def children_rss_mb() -> dict[int, int]:
    """The memory of each process this one started, in MB."""
    sizes = {}
    for thread in os.listdir("/proc/self/task"):
        with open(f"/proc/self/task/{thread}/children", encoding="ascii") as children:
            for pid in children.read().split():
                try:
                    with open(f"/proc/{pid}/status", encoding="ascii") as status:
                        line = next(line for line in status if line.startswith("VmRSS:"))
                except (OSError, StopIteration):  # gone meanwhile
                    continue
                sizes[int(pid)] = int(line.split()[1]) // 1024
    return sizes


async def test_a_key_flood_leaves_the_lobby_screen_small(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real `entropy-tui join` in the lobby, reached over SSH, gets 600 KB of arrow keys (as
    fast as the server lets keys in); its memory is sampled throughout."""
    monkeypatch.setattr(session, "INPUT_BYTES_PER_SECOND", FLOOD_BYTES_PER_SECOND)
    table = make_table(tmp_path)
    await table.start()
    server = await start_ssh_server(
        port=0, host="127.0.0.1", host_key=tmp_path / "host_key",
        authorized_keys=None, password=PASSWORD, command_for=table.command_for,
    )  # fmt: skip
    peak = 0
    try:
        async with asyncssh.connect(
            "127.0.0.1", server.port, username="zed", password=PASSWORD,
            known_hosts=None, client_keys=None, agent_path=None,
        ) as conn:  # fmt: skip
            process = await conn.create_process(
                term_type="xterm", term_size=(100, 30), encoding=None
            )
            shown = bytearray()

            async def read_screen() -> None:
                while data := await process.stdout.read(65536):
                    shown.extend(data)

            reader = asyncio.ensure_future(read_screen())
            deadline = time.monotonic() + 120
            while b"Watch" not in shown and time.monotonic() < deadline:  # the lobby is drawn
                await asyncio.sleep(0.05)
            process.stdin.write(b"\x1b[B" * (FLOOD_BYTES // 3))
            screen = server.screens[0]
            while (
                (screen.bytes_typed < FLOOD_BYTES - 3 or b"were dropped" not in shown)
                and peak <= MAX_RSS_MB
                and time.monotonic() < deadline
            ):
                await asyncio.sleep(0.1)
                peak = max(peak, *children_rss_mb().values())
            reader.cancel()
        assert peak <= MAX_RSS_MB, f"the screen grew to {peak} MB"
        assert screen.bytes_typed >= FLOOD_BYTES - 3 and b"were dropped" in shown
    finally:
        server.close()
        await server.wait_closed()
        await table.close()
