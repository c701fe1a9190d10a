"""The suite-time benchmark runs the README's test command, which is the one CI runs."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from benchmarks.suite_time import ROOT, readme_test_command


def test_the_readme_test_command_is_the_last_step_of_ci() -> None:
    ci_steps = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert readme_test_command() == shlex.split(ci_steps[-1])
    assert readme_test_command()[0] == "pytest"


def test_a_readme_without_a_test_line_is_refused_saying_so(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("# A game\n\n```sh\npip install -e .\n```\n", encoding="utf-8")
    with pytest.raises(SystemExit, match=re.escape("no `pip install ... && pytest ...` line")):
        readme_test_command(readme)
