"""`entropy-tui host --web-port`: where its web page listens, and that it counts wrong
passwords with the SSH logins."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from entropy_tui.__main__ import main
from entropy_tui.ssh import SshServer
from entropy_tui.table import host
from entropy_tui.table.host import HostOptions

from .support import make_table


def hosted_options(monkeypatch: pytest.MonkeyPatch, *argv: str) -> HostOptions:
    """The options `entropy-tui host ARGV` would host with."""
    seen: list[HostOptions] = []
    monkeypatch.setattr(host, "run_host", lambda options: seen.append(options) or 0)
    assert main(["host", "--seats", "remote:Ann,Bob", *argv]) == 0
    return seen[0]


def test_the_web_page_listens_on_this_machine_only_unless_listen_says_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    options = hosted_options(monkeypatch, "--web-port", "8080")
    assert (options.ssh_listen, options.web_listen) == ("", "127.0.0.1")
    options = hosted_options(monkeypatch, "--web-port", "8080", "--listen", "0.0.0.0")
    assert (options.ssh_listen, options.web_listen) == ("0.0.0.0", "0.0.0.0")
    options = hosted_options(monkeypatch, "--listen", "127.0.0.1")
    assert (options.ssh_listen, options.web_listen) == ("127.0.0.1", "127.0.0.1")


def test_a_bad_public_url_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    options = hosted_options(monkeypatch, "--web-port", "0", "--web-public-url", "https://e.x")
    assert options.web_public_url == "https://e.x"
    argv = ["host", "--web-port", "0", "--web-public-url", "https://e.x/entropy"]
    assert main(argv) == 2
    assert "--web-public-url 'https://e.x/entropy' has more than" in capsys.readouterr().err


async def test_the_web_page_counts_wrong_passwords_with_the_ssh_logins(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    started: list[SshServer] = []
    lobby: dict[str, Any] = {}
    start_ssh = host.start_ssh

    async def record_ssh(*args: Any) -> Any:
        server, lines = await start_ssh(*args)
        started.append(server)
        return server, lines

    async def record_lobby(command: list[str], **options: Any) -> Any:
        lobby.update(options)
        raise OSError("the web page: stops here")

    monkeypatch.setattr(host, "start_ssh", record_ssh)
    monkeypatch.setattr("entropy_tui.web.table.serve_lobby", record_lobby)
    options = HostOptions(port=0, web_port=0, password="sesame", listen="127.0.0.1")
    assert await host.serve(make_table(tmp_path), options) == 1
    assert lobby["guard"] is started[0].guard
    assert lobby["host"] == "127.0.0.1" and lobby["password"] == "sesame"
