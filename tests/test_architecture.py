"""The layers of the code, as import-linter's contracts in pyproject.toml state them: each layer
imports only the layers below it, and textual and rich are imported only by the app (tui) and the
command line above it; the rest of the code uses the engine through its public API; inside the
engine, imports run one way, from the game to the registry of tasks to the rule modules. The checks
that import-linter cannot state (no import hidden in a rule function, none at the bottom of a
module) are in tests/rules/test_task_registry.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CONTRACTS: list[dict[str, Any]] = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"][
    "importlinter"
]["contracts"]
# The console script beside this Python, so that the suite checks with the import-linter it runs.
LINT_IMPORTS = str(Path(sys.executable).parent / "lint-imports")


def lint_imports(folder: Path, config: Path) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(folder)}
    return subprocess.run(
        [LINT_IMPORTS, "--no-cache", str(config)],
        cwd=folder,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def contract(contract_id: str) -> dict[str, Any]:
    (found,) = (c for c in CONTRACTS if c.get("id") == contract_id)
    return found


def test_every_contract_is_kept() -> None:
    checked = lint_imports(ROOT, ROOT / "pyproject.toml")
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_every_package_has_its_place_among_the_layers() -> None:
    packages = {
        f"entropy_tui.{folder.name}"
        for folder in (ROOT / "entropy_tui").iterdir()
        if (folder / "__init__.py").exists()
    }
    layered = {name.strip() for layer in contract("layers")["layers"] for name in layer.split("|")}
    assert layered == packages


def test_textual_and_rich_are_forbidden_to_every_layer_below_the_app() -> None:
    layered = {name.strip() for layer in contract("layers")["layers"] for name in layer.split("|")}
    no_ui = contract("no-ui-libraries")
    assert set(no_ui["source_modules"]) == layered - {"entropy_tui.cli", "entropy_tui.tui"}
    assert set(no_ui["forbidden_modules"]) == {"textual", "rich"}


def test_the_checker_sees_an_import_hidden_in_a_function(tmp_path: Path) -> None:
    package = tmp_path / "sample"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "engine.py").write_text("def draw() -> None:\n    from rich import print\n")
    config = tmp_path / "sample.toml"
    config.write_text(
        '[tool.importlinter]\nroot_package = "sample"\ninclude_external_packages = true\n\n'
        '[[tool.importlinter.contracts]]\nname = "no ui"\ntype = "forbidden"\n'
        'source_modules = ["sample.engine"]\nforbidden_modules = ["textual", "rich"]\n'
    )
    checked = lint_imports(tmp_path, config)
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert "sample.engine -> rich (l.2)" in checked.stdout


def test_no_rule_module_imports_the_game_or_the_registry_even_for_type_hints() -> None:
    """game -> tasks (the registry) -> the rule modules: every module of the engine but the game
    is forbidden to import either (the handlers are typed against rules/context.py)."""
    one_way = contract("rules-one-way")
    assert len(list((ROOT / "entropy_tui" / "rules").rglob("*.py"))) > 20
    assert one_way["source_modules"] == ["entropy_tui.rules.**"]
    assert set(one_way["forbidden_modules"]) == {
        "entropy_tui.rules.game",
        "entropy_tui.rules.tasks",
    }
    assert one_way["ignore_imports"] == ["entropy_tui.rules.game -> entropy_tui.rules.tasks"]
    linter = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    assert not linter.get("exclude_type_checking_imports")  # imports for type hints count too


def test_the_one_way_contract_sees_a_rule_module_import_the_game_or_the_registry(
    tmp_path: Path,
) -> None:
    """The contract, as pyproject.toml states it, applied to a small engine of the same shape."""
    modules = {
        "__init__.py": "from sample.rules.game import Game\n",
        "game.py": "from sample.rules import tasks\n\n\nclass Game: ...\n",
        "tasks.py": "from sample.rules.actions import build\n",
        "actions/__init__.py": "",
        "actions/build.py": "from sample.rules import tasks\n",
        "flow.py": "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
        "    from sample.rules import game\n",
    }
    engine = tmp_path / "sample" / "rules"
    (engine / "actions").mkdir(parents=True)
    (tmp_path / "sample" / "__init__.py").write_text("")
    for name, text in modules.items():
        (engine / name).write_text(text)
    one_way = json.loads(json.dumps(contract("rules-one-way")).replace("entropy_tui", "sample"))
    config = tmp_path / "sample.toml"
    config.write_text(
        '[tool.importlinter]\nroot_package = "sample"\n\n[[tool.importlinter.contracts]]\n'
        + "".join(f"{key} = {json.dumps(value)}\n" for key, value in one_way.items())
    )
    checked = lint_imports(tmp_path, config)
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert "sample.rules.actions.build -> sample.rules.tasks (l.1)" in checked.stdout
    assert "sample.rules.flow -> sample.rules.game (l.4)" in checked.stdout  # a type hint's
    assert "sample.rules.game -> sample.rules.tasks" not in checked.stdout  # the game's registry
