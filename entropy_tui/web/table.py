"""The lobby of a table hosted with `entropy-tui host --web-port N`, offered to web browsers."""

from __future__ import annotations

from collections.abc import Sequence

from entropy_tui.ssh.logins import AddressGuard
from entropy_tui.web.server import WebServer, bind_failure, start_web_server


async def serve_lobby(
    command: Sequence[str],
    *,
    port: int,
    host: str,
    password: str,
    guard: AddressGuard | None = None,
    public_url: str | None = None,
) -> tuple[WebServer, str]:
    """Serves the table's browser command (it reaches the lobby) behind the table's password,
    whose wrong guesses count in `guard` (the SSH server's, so both count them alike); returns
    the server and the line that tells the host where it is."""
    if not 0 <= port <= 65535:
        raise OSError(f"--web-port {port} is not a port (0-65535; 0 picks a free one)")
    try:
        server = await start_web_server(
            command,
            port=port,
            host=host,
            title="Entropy table",
            password=password,
            guard=guard,
            public_url=public_url,
        )
    except OSError as error:
        raise OSError(f"the web page: {bind_failure(host, port, error, '--web-port')}") from None
    return server, f"In a browser: {server.url}   (the lobby; the password above, any user name)"
