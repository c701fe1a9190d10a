"""A table hosted with `entropy-tui host` in tmux, joined by the real OpenSSH client in panes
of their own, and read back from the host's autosave (which knows every hand)."""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import socket
import sys
import time
from pathlib import Path

from entropy_tui.rules import Game
from entropy_tui.saves.files import SaveError, load_game
from tests.tui.tmux import Tmux

from .support import client_keys, ssh_options

SIZE = (100, 30)
PASSWORD = "table-password"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class SshTable:
    """The host's terminal, its players' terminals, and the game as the host has saved it."""

    def __init__(self, folder: Path, players: list[str], seed: int) -> None:
        """`players`: the seats, in order (each a remote seat of its own name)."""
        self.names = players
        self.seed = seed
        self.data = Path(os.environ["ENTROPY_TUI_DATA"])  # the test's own, see conftest
        self.port = free_port()
        self.keys = client_keys(folder, [*players, "Spectator"])
        self.authorized = folder / "authorized_keys"
        self.authorized.write_text(
            "".join(Path(f"{key}.pub").read_text(encoding="utf-8") for key in self.keys.values()),
            encoding="utf-8",
        )
        self.terminals: dict[str, Tmux] = {}
        self.host: Tmux | None = None

    # The host.
    def open(self, *args: str) -> Tmux:
        """The host: a new table of the players' remote seats, or with `--resume` the last."""
        if not args:
            seats = ",".join(f"remote:{name}" for name in self.names)
            args = ("--seats", seats, "--seed", str(self.seed))
        return self._start(["entropy_tui", "host", "--bot-delay", "0", *args])

    def open_dealt(self, step: int, twin: int | None = None) -> Tmux:
        """The host of tests/ssh/dealt_host.py: the game of tests/hidden_parts.py at decision
        `step`, or (`twin`) that position with Bob's hidden parts dealt again."""
        extra = ["--step", str(step), *(["--twin", str(twin)] if twin is not None else [])]
        return self._start(["tests.ssh.dealt_host", *extra])

    def _start(self, module_and_args: list[str]) -> Tmux:
        argv = [sys.executable, "-m", *module_and_args, "--port", str(self.port),
                "--listen", "127.0.0.1", "--password", PASSWORD,
                "--authorized-keys", str(self.authorized)]  # fmt: skip
        env = f"env TERM=xterm-256color ENTROPY_TUI_DATA={shlex.quote(str(self.data))}"
        # exec: the pane's process is the host itself, to be killed as a crash would.
        self.host = Tmux(f"exec {env} {shlex.join(argv)}", SIZE)
        # A resumed host replays its save and starts its own screen: slow on a busy machine.
        self.host.wait_for(game_drawn, "the host's own screen", timeout=45)
        self._wait_listening()
        return self.host

    def _wait_listening(self) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.05)
        raise AssertionError(f"the table never listened on port {self.port}")

    def kill_host(self) -> None:
        assert self.host is not None
        os.kill(pane_pid(self.host), signal.SIGKILL)
        self.host.close()
        self.host = None

    # The players.
    def join(self, name: str, user: str | None = None) -> Tmux:
        """`name` logs in with their own key, as `user` (their name unless told)."""
        login = f"{user or name.lower()}@127.0.0.1"
        command = shlex.join(["ssh", *ssh_options(self.port, self.keys[name]), "-t", login])
        terminal = Tmux(f"exec env TERM=xterm-256color {command}", SIZE)
        self.terminals[name] = terminal
        return terminal

    def join_with_password(self, name: str) -> Tmux:
        options = [*ssh_options(self.port, None), "-o", "NumberOfPasswordPrompts=1"]
        command = shlex.join(["ssh", *options, "-t", f"{name.lower()}@127.0.0.1"])
        terminal = Tmux(f"exec env TERM=xterm-256color {command}", SIZE)
        terminal.wait_for(lambda s: "password:" in s, "the password prompt")
        terminal.keys(PASSWORD, "Enter")
        self.terminals[name] = terminal
        return terminal

    def kill_client(self, name: str) -> None:
        terminal = self.terminals.pop(name)
        os.kill(pane_pid(terminal), signal.SIGKILL)
        terminal.close()

    def wait_client_gone(self, name: str) -> None:
        """The client's ssh has ended by itself (its pane closes with it)."""
        terminal = self.terminals.pop(name)
        deadline = time.monotonic() + 20
        while terminal.alive() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not terminal.alive(), f"{name}'s ssh still runs:\n{terminal.screen()}"
        terminal.close()

    def close(self) -> None:
        for terminal in self.terminals.values():
            terminal.close()
        if self.host is not None:
            self.host.keys("q")
            self.host.close()

    # The game, as saved.
    def save_path(self) -> Path | None:
        """The table's save (a dot file beside it is a save being written, renamed at once)."""
        saves = [path for path in self.data.glob("*.json") if not path.name.startswith(".")]
        return max(saves, key=lambda path: path.name) if saves else None

    def saved_choices(self) -> list[str]:
        path = self.save_path()
        try:
            return list(json.loads(path.read_text(encoding="utf-8"))["choices"]) if path else []
        except (OSError, ValueError, KeyError):
            return []

    def game(self) -> Game:
        """The game as the host saved it last (before the first decision: as it starts)."""
        deadline = time.monotonic() + 10
        while True:
            path = self.save_path()
            if path is None:
                return Game.new(self.names, seed=self.seed, confirm_turn_end=False)
            try:
                game, _ = load_game(path)
                return game
            except SaveError:  # replaced while read
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def decide(self) -> str:
        """The seat to decide takes its first enabled option from its own terminal, as its
        player would; returns the prompt line it decided at. Waits until the host has saved
        the choice."""
        game = self.game()
        decision = game.decision
        assert decision is not None, "the game is over"
        name = self.names[decision.player]
        terminal = self.terminals[name]
        prompt = decision.prompt[:40]
        screen = terminal.wait_for(lambda s: prompt in s, f"{name}'s screen at '{prompt}'")
        before = len(self.saved_choices())
        key = option_key(decision)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            terminal.keys(key)
            pressed = time.monotonic()
            while time.monotonic() - pressed < 2:
                if len(self.saved_choices()) > before:
                    return prompt_line(screen, prompt)
                time.sleep(0.02)
        raise AssertionError(f"{name} pressed {key} but nothing was decided:\n{terminal.screen()}")


def game_drawn(screen: str) -> bool:
    """The game screen is up: its first row names the round (" R3 @ Ann ...")."""
    return re.match(r" R\d+ ", screen) is not None


def option_key(decision: object) -> str:
    options = decision.options  # type: ignore[attr-defined]
    first = next(n for n, option in enumerate(options, start=1) if option.enabled)
    return f"{first:02d}" if len(options) >= 10 else str(first)


def prompt_line(screen: str, prompt: str) -> str:
    return next(line.strip() for line in screen.splitlines() if prompt in line)


def pane_pid(terminal: Tmux) -> int:
    return int(terminal.run("display-message", "-p", "-t", "game", "#{pane_pid}").stdout)


def secrets_hidden_from(game: Game, seat: int | None) -> set[str]:
    """Card and mission ids in other seats' hands that nothing `seat` may see names."""
    public = json.dumps(game.view(seat))
    hidden = set()
    for other, player in enumerate(game.state.players):
        if other != seat:
            hidden |= {str(c) for c in [*player.hand, *player.missions] if str(c) not in public}
    return hidden


def own_hand(game: Game, seat: int) -> set[str]:
    player = game.state.players[seat]
    return {str(card) for card in player.hand}


def names_on(screen: str, ids: set[str]) -> set[str]:
    return {i for i in ids if re.search(rf"\b{re.escape(i)}\b", screen)}
