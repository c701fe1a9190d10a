"""The Task handlers are listed in one registry, typed against the protocols of rules/context.py;
no engine module hides an import at its bottom or in a rule function. That the engine's imports
run one way (game -> tasks -> the rule modules) is import-linter's contract "rules-one-way"
(pyproject.toml, tests/test_architecture.py)."""

from __future__ import annotations

import ast
import inspect
import runpy
from pathlib import Path

import pytest

import entropy_tui.rules
from entropy_tui.rules import tasks, vocabulary
from entropy_tui.rules.tasks import HANDLERS, check_handlers
from entropy_tui.rules.vocabulary import TASK_KINDS

RULES = Path(entropy_tui.rules.__file__).parent
ENGINE = "entropy_tui.rules"


def imports_after_code(path: Path) -> list[int]:
    """Lines of module-level imports that come after other statements (imports made at the
    bottom of a module, to break a cycle, are what this forbids)."""
    lines, code_seen = [], False
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        docstring = isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        if isinstance(node, ast.Import | ast.ImportFrom):
            if code_seen:
                lines.append(node.lineno)
        elif not docstring and not isinstance(node, ast.If):  # if TYPE_CHECKING: imports
            code_seen = True
    return lines


def test_no_engine_module_imports_at_its_bottom() -> None:
    offenders = {str(m.relative_to(RULES)): imports_after_code(m) for m in RULES.rglob("*.py")}
    assert {m: lines for m, lines in offenders.items() if lines} == {}


def test_the_checker_sees_an_import_at_the_bottom(tmp_path: Path) -> None:
    bottom = tmp_path / "bottom.py"
    bottom.write_text("import os\n\nX = 1\nfrom . import game  # noqa\n", encoding="utf-8")
    assert imports_after_code(bottom) == [4]


def test_every_handler_is_a_rule_function_resolving_its_own_kind() -> None:
    assert len(HANDLERS) > 30
    for kind, handler in HANDLERS.items():
        assert inspect.isfunction(handler), kind
        assert handler.__module__.startswith("entropy_tui.rules."), kind
        parameters = inspect.signature(handler).parameters
        assert list(parameters) == ["game", "task"], kind
        # Typed against what a handler may ask of a game, not against the Game itself.
        assert [p.annotation for p in parameters.values()] == ["Context", "Task"], kind


def imports_in_functions(path: Path) -> list[int]:
    """Lines of engine imports made inside a function: the way a cycle of imports is hidden."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.ImportFrom) and (
                    inner.level > 0 or (inner.module or "").startswith(ENGINE)
                ):
                    lines.append(inner.lineno)
    return lines


def test_no_rule_module_hides_a_cycle_in_a_function_import() -> None:
    """Only the game imports some modules when first needed (the set-up, the snapshot check,
    views and scores), to start quickly; no rule module imports one of the engine's inside a
    function, so no cycle of imports hides there."""
    modules = [m for m in RULES.rglob("*.py") if m.stem != "game"]
    offenders = {str(m.relative_to(RULES)): imports_in_functions(m) for m in sorted(modules)}
    assert {m: lines for m, lines in offenders.items() if lines} == {}


def test_the_table_has_one_handler_for_each_task_kind() -> None:
    assert list(HANDLERS) == list(TASK_KINDS)  # in the same order, as the kinds are grouped
    check_handlers(HANDLERS)
    without_charge = {kind: handler for kind, handler in HANDLERS.items() if kind != "charge"}
    with pytest.raises(ValueError, match=r"no handler for \['charge'\], handlers of no kind \[\]"):
        check_handlers(without_charge)
    with pytest.raises(ValueError, match=r"no handler for \[\], handlers of no kind \['charges'\]"):
        check_handlers([*HANDLERS, "charges"])


def test_a_task_kind_without_a_handler_stops_the_import(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vocabulary, "TASK_KINDS", (*TASK_KINDS, "recount"))
    with pytest.raises(ValueError, match=r"no handler for \['recount'\]"):
        runpy.run_path(tasks.__file__)  # the registry's code run afresh, not re-imported
