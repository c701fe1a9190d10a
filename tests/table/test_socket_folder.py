"""The table's local socket lives in a folder of its own; a host killed before it could remove
its folder has it removed by the next host that starts."""

from __future__ import annotations

import socket
import tempfile
from pathlib import Path

import pytest

from entropy_tui.table.server import private_socket_path


def socket_folder(*, listening: bool | None) -> tuple[Path, socket.socket | None]:
    """A table's socket folder: its socket listened on (True), left by a killed host (False),
    or not made yet (None: a host still on its set-up screen)."""
    folder = Path(tempfile.mkdtemp(prefix="entropy-table-"))
    if listening is None:
        return folder, None
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(folder / "table.sock"))
    if listening:
        server.listen()
        return folder, server
    server.close()  # the socket file stays behind, as when its host is killed
    return folder, None


def test_a_killed_hosts_socket_folder_goes_and_every_other_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    killed, _ = socket_folder(listening=False)
    setting_up, _ = socket_folder(listening=None)
    running, server = socket_folder(listening=True)
    assert server is not None
    something_else = tmp_path / "entropy-table-notes"
    something_else.mkdir()
    (something_else / "table.sock").write_text("not a socket")
    try:
        path = private_socket_path()
        assert not killed.exists()
        assert setting_up.is_dir() and running.is_dir() and something_else.is_dir()
        assert path.parent.parent == tmp_path and path.parent.is_dir()
        assert path.parent.stat().st_mode & 0o077 == 0
    finally:
        server.close()
