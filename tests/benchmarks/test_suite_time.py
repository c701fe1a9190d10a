"""The suite-time benchmark runs the README's test command, which is the one CI runs, and picks
out the reference's tests by name."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from benchmarks.suite_time import ROOT, named, names_of_tests, readme_test_command


def test_the_readme_test_command_is_the_last_step_of_ci() -> None:
    ci_steps = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert readme_test_command() == shlex.split(ci_steps[-1])
    assert readme_test_command()[0] == "pytest"


def test_a_readme_without_a_test_line_is_refused_saying_so(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("# A game\n\n```sh\npip install -e .\n```\n", encoding="utf-8")
    with pytest.raises(SystemExit, match=re.escape("no `pip install ... && pytest ...` line")):
        readme_test_command(readme)


def test_the_test_functions_of_a_folder_are_found_by_name(tmp_path: Path) -> None:
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "test_a.py").write_text(
        "def test_plain():\n    pass\n\n"
        "async def test_waiting():\n    pass\n\n"
        "class TestGroup:\n    def test_method(self):\n        pass\n\n"
        "def helper():\n    pass\n",
        encoding="utf-8",
    )
    assert names_of_tests(tmp_path) == {"test_plain", "test_waiting", "test_method"}


def test_each_case_of_a_named_test_is_picked_and_no_other() -> None:
    listed = [
        "tests/rules/test_a.py::test_plain",
        "tests/rules/test_a.py::test_plain_too",
        "tests/tui/test_b.py::test_sized[80x24]",
        "tests/tui/test_b.py::test_sized[160x50]",
        "tests/tui/test_b.py::TestGroup::test_method",
        "3 tests collected in 0.1s",
    ]
    assert named(listed, {"test_plain", "test_sized", "test_method"}) == [
        "tests/rules/test_a.py::test_plain",
        "tests/tui/test_b.py::test_sized[80x24]",
        "tests/tui/test_b.py::test_sized[160x50]",
        "tests/tui/test_b.py::TestGroup::test_method",
    ]
