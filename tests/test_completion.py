"""Shell completion (click's, documented in README.md) completes the built-in kits' names, and
folders, wherever a command takes a KIT."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from printkit.cli.app import main


def completions(*words: str) -> list[tuple[str, str]]:
    env = {
        "_PRINTKIT_COMPLETE": "bash_complete",
        "COMP_WORDS": " ".join(["printkit", *words]),
        "COMP_CWORD": str(len(words)),
    }
    r = CliRunner().invoke(main, [], env=env, prog_name="printkit")
    return [tuple(line.split(",", 1)) for line in r.stdout.splitlines()]  # type: ignore[misc]


@pytest.mark.parametrize("command", ["build", "check", "serve", "deck", "export", "simulate"])
def test_kit_names_complete(command):
    found = completions(command, "cha")
    assert ("plain", "chariot-race") in found and ("plain", "chartae") in found
    assert ("dir", "cha") in found  # and the shell completes folders
    assert ("plain", "carthage") not in found


def test_a_guide_name_completes():
    assert ("plain", "printing") in completions("docs", "pri")
