"""The quick suite (`pytest`, the README's command) still reaches every module of printkit,
though the long end-to-end tests are marked `slow` and run apart (`pytest -m slow`)."""

from __future__ import annotations

import importlib
import pkgutil
import sys
import tomllib
from pathlib import Path

import printkit

ROOT = Path(printkit.__file__).parent


def every_module() -> list[str]:
    """The dotted name of every module and package of printkit, found from its files."""
    names = ["printkit"]
    for info in pkgutil.walk_packages([str(ROOT)], "printkit."):
        names.append(info.name)
    return sorted(names)


def test_every_module_of_printkit_imports():
    """Each module is imported here, so a module no quick test reaches still fails the quick
    suite when it no longer imports (a syntax error, a moved name, a missing dependency)."""
    failed = {}
    for name in every_module():
        if name == "printkit.__main__":
            continue  # running it runs the command line
        try:
            importlib.import_module(name)
        except Exception as exc:  # every failure named at once
            failed[name] = f"{type(exc).__name__}: {exc}"
    assert failed == {}
    assert len(every_module()) > 100 and "printkit.cli.app" in sys.modules


def test_the_walk_finds_modules_in_packages_and_folders():
    names = every_module()
    assert "printkit.cli.commands.new" in names and "printkit.preflight" in names
    files = {p for p in ROOT.rglob("*.py") if "__pycache__" not in p.parts}
    dotted = {
        ".".join(("printkit", *p.relative_to(ROOT).with_suffix("").parts)).removesuffix(".__init__")
        for p in files
    }
    # every .py file under a package is a module the walk imports (a folder without
    # __init__.py would hide its files from it)
    assert dotted - set(names) == set()


def test_the_readmes_command_leaves_the_slow_tests_out():
    config = tomllib.loads((ROOT.parent / "pyproject.toml").read_text(encoding="utf-8"))
    options = config["tool"]["pytest"]["ini_options"]
    assert "-m 'not slow'" in options["addopts"]
    assert any(marker.startswith("slow:") for marker in options["markers"])
