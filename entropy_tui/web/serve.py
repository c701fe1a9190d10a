"""`entropy-tui serve`: the app in a browser, a game a tab (its options: cli.serve)."""

from __future__ import annotations

import asyncio
import signal
import sys
from dataclasses import dataclass

from entropy_tui.web.server import bind_failure, start_web_server


@dataclass(frozen=True, slots=True)
class ServeOptions:
    host: str
    port: int
    max_tabs: int
    password: str | None  # None: the printed link holds a random token instead
    public_url: str | None  # the address browsers use, behind a TLS proxy


def serve(command: list[str], options: ServeOptions) -> int:
    """Serves the app `command` starts, a process a tab, until SIGINT or SIGTERM."""
    return asyncio.run(_serve(command, options))


async def _serve(command: list[str], options: ServeOptions) -> int:
    host, port = options.host, options.port
    try:
        server = await start_web_server(
            command,
            host=host,
            port=port,
            max_tabs=options.max_tabs,
            password=options.password,
            public_url=options.public_url,
        )
    except OSError as error:
        print(f"entropy-tui serve: {bind_failure(host, port, error)}", file=sys.stderr)
        return 1
    print(f"Entropy is served at {server.url}", flush=True)
    print("Open it in a browser: every tab plays a game of its own. Ctrl+C stops.", flush=True)
    if options.password is not None:
        print("A browser asks for the password (any user name will do).", flush=True)
    else:
        print("The link holds this server's token: whoever has the link can play.", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signal_number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signal_number, stop.set)
    try:
        await stop.wait()
    finally:
        await server.close()
    print("Stopped; every game played here is saved.", flush=True)
    return 0
