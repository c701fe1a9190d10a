"""The table's SSH server: logins by key or password, then the program in a terminal per
connection (a process of its own, or a task of this one: ssh/channel_terminal.py); no shell,
commands, SFTP, forwarding, agent or X11."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from pathlib import Path

import asyncssh

from entropy_tui.ssh import logins
from entropy_tui.ssh.channel_terminal import TerminalProgram, TerminalSession
from entropy_tui.ssh.host_key import ensure_host_key, load_host_key
from entropy_tui.ssh.session import INPUT_WINDOW, CommandFor, ProgramSession, RemoteScreen

log = logging.getLogger("entropy_tui.ssh")

LOGIN_TIMEOUT = 15.0  # from the first byte to logged in; a connection still at it is closed
KEEPALIVE_INTERVAL = 15.0
KEEPALIVE_COUNT_MAX = 4  # a client silent for about a minute has dropped
MAX_ENVIRONMENT_VARIABLES = 32  # what a client may set with SendEnv; TERM-like names need few


class SshServer:
    """A listening SSH server; `close()` stops it and hangs up every program it started."""

    def __init__(
        self,
        *,
        authorized_keys: Path | None,
        password: str | None,
        command_for: CommandFor | None,
        program: TerminalProgram | None = None,
        any_key: bool = False,
    ) -> None:
        self.authorized_keys = authorized_keys
        self.any_key = any_key  # every key logs in (a club, where the key is the account)
        self.password = password
        self.command_for = command_for
        self.program = program
        self.guard = logins.AddressGuard()
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._logins: set[_Login] = set()
        self._tasks: set[asyncio.Future[None]] = set()

    @property
    def port(self) -> int:
        assert self._acceptor is not None
        return self._acceptor.get_port()

    @property
    def screens(self) -> list[RemoteScreen]:
        """The terminals of the connections logged in now."""
        return [login.screen for login in self._logins if login.screen is not None]

    def keep(self, task: asyncio.Future[None]) -> None:
        """Hold on to a task (a program, a hang-up) until it is done; `wait_closed` awaits it."""
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def close(self) -> None:
        if self._acceptor is not None:
            self._acceptor.close()
        for login in list(self._logins):
            login.close()

    async def wait_closed(self) -> None:
        if self._acceptor is not None:
            await self._acceptor.wait_closed()
        while self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _listen(
        self, host: str, port: int, host_key: asyncssh.SSHKey, login_timeout: float
    ) -> None:
        self._acceptor = await asyncssh.create_server(
            lambda: _Login(self),
            host,
            port,
            server_host_keys=[host_key],
            server_version="entropy-tui",
            encoding=None,  # the terminal's bytes pass through as they are
            line_editor=False,
            allow_scp=False,
            agent_forwarding=False,
            x11_forwarding=False,
            kbdint_auth=False,
            login_timeout=login_timeout,
            keepalive_interval=KEEPALIVE_INTERVAL,
            keepalive_count_max=KEEPALIVE_COUNT_MAX,
        )

    def _opened(self, login: _Login) -> None:
        self._logins.add(login)

    def _closed(self, login: _Login) -> None:
        self._logins.discard(login)


async def start_ssh_server(
    *,
    port: int,
    host: str,
    host_key: Path,
    authorized_keys: Path | None,
    password: str | None,
    command_for: CommandFor | None = None,
    program: TerminalProgram | None = None,
    login_timeout: float = LOGIN_TIMEOUT,
    any_key: bool = False,
) -> SshServer:
    """Listen on host:port (port 0: any free port, see `.port`) with the key at `host_key`
    (created if missing); each login runs `command_for(user, key fingerprint)` in a terminal,
    or `program(terminal)` in this process (one of the two).
    A connection not logged in `login_timeout` seconds after its first byte is closed.
    `any_key`: any public key logs in (its fingerprint tells the program whose it is)."""
    if authorized_keys is None and password is None and not any_key:
        raise ValueError("an SSH table needs an authorized keys file, a password, or both")
    if (command_for is None) == (program is None):
        raise ValueError("an SSH server runs a command or an in-process program per login")
    ensure_host_key(host_key)
    # Unconfigured, Python prints warnings to stderr: the terminal the host's own screen draws
    # in. What the server logs is for a handler the host sets up, if it wants one.
    for name in ("asyncssh", "entropy_tui.ssh"):
        if not logging.getLogger(name).handlers:
            logging.getLogger(name).addHandler(logging.NullHandler())
    server = SshServer(
        authorized_keys=authorized_keys,
        password=password,
        command_for=command_for,
        program=program,
        any_key=any_key,
    )
    await server._listen(host, port, load_host_key(host_key), login_timeout)
    return server


class _Login(asyncssh.SSHServer):
    """One client connection, from its first byte to its last."""

    def __init__(self, server: SshServer) -> None:
        self._server = server
        self._connection: asyncssh.SSHServerConnection | None = None
        self._address = ""
        self._admitted = False
        self._logging_in = False  # counted among the connections not logged in yet
        self._user = ""
        self._keys: asyncssh.SSHAuthorizedKeys | None = None
        self._key_fingerprint: str | None = None
        self._wrong_passwords = 0
        self._unknown_keys = 0
        self.screen: RemoteScreen | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._connection = conn
        peer = conn.get_extra_info("peername")
        self._address = str(peer[0]) if peer else ""
        guard = self._server.guard
        refusal = guard.admit(self._address)
        if refusal is None:
            refusal = guard.begin_login(self._address)
            if refusal is not None:
                guard.release(self._address)
        if refusal is not None:
            log.info("turned away %s: %s", self._address, refusal)
            # Before the key exchange no message can be sent: the socket is simply closed.
            asyncio.get_running_loop().call_soon(conn.abort)
            return
        self._admitted = True
        self._logging_in = True
        self._server._opened(self)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._admitted:
            self._admitted = False
            self._end_login()
            self._server.guard.release(self._address)
        self._server._closed(self)

    def _end_login(self) -> None:
        if self._logging_in:
            self._logging_in = False
            self._server.guard.end_login(self._address)

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()

    def _disconnect(self, reason: str) -> None:
        assert self._connection is not None
        log.info("disconnected %s (%s): %s", self._address, self._user[:20], reason)
        self._connection.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, reason)

    # Logging in.
    def begin_auth(self, username: str) -> bool:
        self._user = username
        problem = logins.user_name_problem(username)
        if problem is not None:
            self._disconnect(problem)
            return True
        if self._server.authorized_keys is not None:
            self._keys = logins.read_authorized_keys(self._server.authorized_keys)
        return True

    def public_key_auth_supported(self) -> bool:
        return self._server.any_key or self._server.authorized_keys is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        peer_host = self._address
        if self._server.any_key:  # the client still proves it holds the key's private half
            self._key_fingerprint = key.get_fingerprint("sha256")
            return True
        if self._keys is not None and self._keys.validate(key, peer_host, peer_host) is not None:
            # The last key accepted is the one that logs in: its signature is checked next,
            # and a password accepted later resets this.
            self._key_fingerprint = key.get_fingerprint("sha256")
            return True
        self._unknown_keys += 1
        if self._unknown_keys > logins.UNKNOWN_KEYS_PER_CONNECTION:
            self._disconnect("too many keys offered")
        return False

    def password_auth_supported(self) -> bool:
        return self._server.password is not None

    async def validate_password(self, username: str, password: str) -> bool:
        assert self._server.password is not None
        if self._server.guard.locked(self._address):  # a key is still let in
            self._disconnect(logins.LOCKED_OUT)
            return False
        if logins.password_matches(password, self._server.password):
            self._key_fingerprint = None
            return True
        self._wrong_passwords += 1
        self._server.guard.failed(self._address)
        log.info("wrong password for %s from %s", username[:20], self._address)
        await asyncio.sleep(logins.FAILED_PASSWORD_DELAY)
        if self._wrong_passwords >= logins.PASSWORDS_PER_CONNECTION:
            self._disconnect("too many wrong passwords")
        elif self._server.guard.locked(self._address):
            self._disconnect(logins.LOCKED_OUT)
        return False

    def auth_completed(self) -> None:
        self._end_login()
        self.screen = RemoteScreen(self._user, self._key_fingerprint, address=self._address)
        log.info("%s logged in from %s", self._user, self._address)

    # After logging in: one terminal session, nothing else.
    def session_requested(
        self,
    ) -> tuple[asyncssh.SSHServerChannel[bytes], asyncssh.SSHServerSession[bytes]] | bool:
        if self.screen is None or self._connection is None or self._has_session:
            return False
        self._has_session = True
        channel = self._connection.create_server_channel(window=INPUT_WINDOW)
        _limit_environment(channel)
        server = self._server
        session: asyncssh.SSHServerSession[bytes]
        if server.program is not None:
            session = TerminalSession(
                self.screen, server.program, server.port, server.keep, self.close
            )
        else:
            assert server.command_for is not None
            session = ProgramSession(
                self.screen, server.command_for, server.port, server.keep, self.close
            )
        return channel, session

    _has_session = False

    def connection_requested(self, *args: object) -> bool:
        return False  # ssh -L

    def server_requested(self, *args: object) -> bool:
        return False  # ssh -R

    def unix_connection_requested(self, *args: object) -> bool:
        return False

    def unix_server_requested(self, *args: object) -> bool:
        return False


def _limit_environment(channel: asyncssh.SSHServerChannel[bytes]) -> None:
    """A client may send environment variables without end; only the first few are kept."""
    accept = getattr(channel, "_process_env_request", None)
    if accept is None:
        return

    def accept_a_few(packet: object) -> bool:
        if len(channel._env) >= MAX_ENVIRONMENT_VARIABLES:
            return False
        return bool(accept(packet))

    with contextlib.suppress(AttributeError):
        # asyncssh types its own request handlers as methods; this one is replaced on the channel.
        channel._process_env_request = accept_a_few  # type: ignore[method-assign]
