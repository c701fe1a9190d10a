"""The rules engine imports no user-interface library."""

from __future__ import annotations

import ast
from pathlib import Path

import entropy_tui.rules

FORBIDDEN = {"textual", "rich"}
RULES = Path(entropy_tui.rules.__file__).parent


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_no_rules_module_imports_textual_or_rich() -> None:
    modules = sorted(RULES.rglob("*.py"))
    assert len(modules) > 10
    offenders = {str(m.relative_to(RULES)): imported_roots(m) & FORBIDDEN for m in modules}
    assert {m: found for m, found in offenders.items() if found} == {}


def test_the_checker_sees_an_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import os\nfrom textual.app import App\n", encoding="utf-8")
    assert imported_roots(sample) & FORBIDDEN == {"textual"}
