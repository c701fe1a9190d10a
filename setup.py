"""The packages are found, not listed: every package under entropy_tui/, and the component data
of the top-level assets/ folder as entropy_tui.assets (its folder is mapped in pyproject.toml)."""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["entropy_tui", "entropy_tui.*"]), "entropy_tui.assets"])
