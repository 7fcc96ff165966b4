"""`printkit build` reports every input error of every kit and component at once, as `check`
does: text too long for its box in two decks is two errors, one at each deck's value."""

from __future__ import annotations

import re

from tests.conftest import edit

LONG = "Very long words that go on and on " * 12


def test_build_reports_text_that_cannot_fit_in_every_deck_like_check(cli, kit_copy, tmp_path):
    kit = kit_copy("carthage")
    for deck in ("curriculum.yaml", "fatum.yaml"):
        edit(kit / deck, 'text: "', f'text: "{LONG}')
    built = cli("build", kit, "--out", tmp_path / "out", "--only", "curriculum,fatum", "-j", "1")
    checked = cli("check", kit)
    assert built.exit_code == checked.exit_code == 2, built.output
    errors = [line for line in built.stderr.splitlines() if ": error: " in line]
    assert [re.sub(r":\d+:\d+:", ":", e).split(": error")[0] for e in errors] == [
        str(kit / "curriculum.yaml"),
        str(kit / "fatum.yaml"),
    ]
    assert all(e in checked.stderr for e in errors)
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").rglob("*.pdf"))
