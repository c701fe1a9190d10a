"""`entropy-tui host`: opens the table (a new game, or the one saved last), starts the SSH
server that gives each login its own screen, and runs the host's own screen in this terminal.
The table closes when the host leaves their screen, or on SIGTERM / SIGHUP."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import socket
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from entropy_tui.play.config import GameConfig
from entropy_tui.table.seats import new_code
from entropy_tui.table.server import Table, private_socket_path, resume_table

if TYPE_CHECKING:
    from entropy_tui.ssh import SshServer

HOST_KEY_FILE = "ssh_host_key"
AUTHORIZED_KEYS_FILE = "authorized_keys"


@dataclass(frozen=True, slots=True)
class HostOptions:
    port: int = 2222
    listen: str | None = None  # --listen: the address of SSH and of the web page
    config: GameConfig | None = None  # the new game (from --seats or the set-up screen)
    resume: bool = False  # or the table whose game was saved last
    password: str | None = None
    authorized_keys: Path | None = None
    bot_delay: float = 0.6
    web_port: int | None = None  # the lobby for web browsers too (entropy_tui.web)
    web_public_url: str | None = None  # the web page's address behind a TLS proxy

    @property
    def ssh_listen(self) -> str:
        return self.listen if self.listen is not None else ""  # every address

    @property
    def web_listen(self) -> str:
        """This machine only unless --listen says otherwise: the page is plain HTTP, which
        carries the table's password unencrypted (SSH encrypts it)."""
        return self.listen if self.listen is not None else "127.0.0.1"


def run_host(options: HostOptions) -> int:
    from entropy_tui.saves.files import SaveError

    try:
        table = open_table(options)
    except (ValueError, SaveError, OSError) as error:
        print(f"entropy-tui host: {error}", file=sys.stderr)
        return 2
    return asyncio.run(serve(table, options))


def open_table(options: HostOptions) -> Table:
    """The table to host: brought back from its save, or a new game."""
    from entropy_tui.play.session import Session
    from entropy_tui.saves.files import SaveError, new_autosave_path

    path = private_socket_path()
    if options.resume:
        from entropy_tui.saves.folder import list_saves

        latest = next((save for save in list_saves(tables=True) if not save.over), None)
        if latest is None:
            raise SaveError("there is no unfinished table to bring back")
        return resume_table(latest.path, path, bot_delay=options.bot_delay)
    config = options.config
    if config is None:
        raise ValueError("a new table needs its seats: --seats, or the set-up screen")
    session = Session(config, save_path=new_autosave_path())
    return Table(session, config.remote_seats, path, options.bot_delay)


async def serve(table: Table, options: HostOptions) -> int:
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for number in (signal.SIGTERM, signal.SIGHUP):
        loop.add_signal_handler(number, stop.set)
    # One password for SSH logins and browsers alike.
    password = options.password if options.password is not None else new_code()
    options = replace(options, password=password)
    await table.start()
    ssh = web = None
    try:
        ssh, lines = await start_ssh(table, options)
        if options.web_port is not None:
            from entropy_tui.web.table import serve_lobby

            web, line = await serve_lobby(
                table.web_command(),
                port=options.web_port,
                host=options.web_listen,
                password=password,
                guard=ssh.guard,  # a wrong password counts alike over SSH and on the web
                public_url=options.web_public_url,
            )
            lines.append(line)
        table.connect_info = "\n".join(lines)
        print("\n".join(lines), flush=True)
        console = await asyncio.create_subprocess_exec(*table.host_command())
        waiting = [asyncio.create_task(console.wait()), asyncio.create_task(stop.wait())]
        await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
        if console.returncode is None:
            console.terminate()
            await console.wait()
        for task in waiting:
            task.cancel()
    except OSError as error:
        print(f"entropy-tui host: {error}", file=sys.stderr)
        return 1
    finally:
        if web is not None:
            await web.close()
        if ssh is not None:
            ssh.close()
            with contextlib.suppress(Exception):
                await ssh.wait_closed()
        await table.close()
    saver = table.session.saver
    if saver is not None and not table.session.game.over:
        print(f"The table is closed. Its game is saved in {saver.path}")
        print("Bring it back with:  entropy-tui host --resume")
    return 0


async def start_ssh(table: Table, options: HostOptions) -> tuple[SshServer, list[str]]:
    """The SSH server for the table's logins, and what to tell the host about it."""
    from entropy_tui.saves.folder import saves_dir
    from entropy_tui.ssh import HostKeyError, ensure_host_key, start_ssh_server

    folder = saves_dir()
    key_path = folder / HOST_KEY_FILE
    try:
        fingerprint = ensure_host_key(key_path)
    except HostKeyError as error:
        raise OSError(f"{key_path}: {error} (move it away: a new key is made)") from None
    keys = options.authorized_keys
    if keys is None and (folder / AUTHORIZED_KEYS_FILE).is_file():
        keys = folder / AUTHORIZED_KEYS_FILE
    password = options.password or new_code()
    server = await start_ssh_server(
        port=options.port,
        host=options.ssh_listen,
        host_key=key_path,
        authorized_keys=keys,
        password=password,
        command_for=table.command_for,
    )
    port, machine = server.port, socket.gethostname()
    names = [table.session.seats[seat].name.casefold() for seat in sorted(table.remote)]
    lines = [f"The table is open: players connect with ssh on port {port}."]
    lines += [f"  {name}:  ssh -p {port} {name}@{machine}" for name in names if " " not in name]
    lines += [
        f"  anyone else:  ssh -p {port} <any name>@{machine}   (the lobby: a free seat, or watch)",
        f"Host key fingerprint: {fingerprint}",
        f"Password: {password}" + (f"  (or a key listed in {keys})" if keys is not None else ""),
        f"Screens on this machine:  entropy-tui join --socket {table.socket_path} --lobby",
    ]
    return server, lines
