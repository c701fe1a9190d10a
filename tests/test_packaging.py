"""What `pip install .` ships: every package of the source tree (an editable install finds a
package left out of pyproject.toml, a real one does not, and the game fails to start)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_of_the_source_is_shipped() -> None:
    shipped = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "entropy_tui").rglob("__init__.py")
    }
    assert found - shipped == set()
