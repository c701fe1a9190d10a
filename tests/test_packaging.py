"""What `pip install .` ships: a wheel built from the source holds every module and data file of
entropy_tui/ and of assets/ (as entropy_tui.assets), and nothing else. An editable install finds
a package or a data file left out of the build, a real one does not, and the game fails to start.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD_INPUTS = ("pyproject.toml", "setup.py", "README.md")


def source_files() -> set[str]:
    """The wheel's paths that the source tree should give: entropy_tui/ as it is, assets/ under
    entropy_tui/assets/."""

    def files(folder: Path) -> set[Path]:
        return {
            path.relative_to(folder)
            for path in folder.rglob("*")
            if path.is_file() and "__pycache__" not in path.parts
        }

    package = ROOT / "entropy_tui"
    return {f"entropy_tui/{p.as_posix()}" for p in files(package)} | {
        f"entropy_tui/assets/{p.as_posix()}" for p in files(ROOT / "assets")
    }


def build_wheel(tmp_path: Path) -> Path:
    # A copy, so the build leaves no build/ or egg-info behind in the working tree.
    source = tmp_path / "source"
    ignore = shutil.ignore_patterns("__pycache__")
    for folder in ("entropy_tui", "assets"):
        shutil.copytree(ROOT / folder, source / folder, ignore=ignore)
    for name in BUILD_INPUTS:
        shutil.copy(ROOT / name, source / name)
    out = tmp_path / "dist"
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(source)]
    built = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    (wheel,) = out.glob("entropy_tui-*.whl")
    return wheel


def test_the_wheel_ships_every_module_and_data_file_of_the_source(tmp_path: Path) -> None:
    with zipfile.ZipFile(build_wheel(tmp_path)) as wheel:
        shipped = {name for name in wheel.namelist() if ".dist-info/" not in name}
    expected = source_files()
    assert {"entropy_tui/assets/planets.toml", "entropy_tui/play/rules.md"} <= expected
    assert expected - shipped == set(), "in the source but not in the wheel"
    assert shipped - expected == set(), "in the wheel but not in the source"
