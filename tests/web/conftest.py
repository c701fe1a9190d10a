"""What the browser tests share: a headless chromium, quit whatever the test did."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .browser import Browser


@pytest.fixture
def browser() -> Iterator[Browser]:
    chromium = Browser()
    try:
        yield chromium
    finally:
        chromium.quit()
