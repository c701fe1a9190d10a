"""A club with a password, started for a test and stopped after it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.ssh.club_process import PASSWORD, Club


@pytest.fixture
def club(tmp_path: Path) -> Iterator[Club]:
    running = Club(tmp_path, password=PASSWORD)
    yield running
    running.close()
