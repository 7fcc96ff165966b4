"""PK001 says once what one layout causes: text near the cut on every card of a kind is one
line at the kind's face, with how many cards and the nearest one, and a hint that fits."""

from __future__ import annotations

import shutil

from printkit.load.kitdir import resolve_kit_dir
from tests.conftest import edit, line_of


def test_one_line_per_kind_and_side_at_the_kinds_face(cli, tmp_path):
    kit = tmp_path / "edge"
    assert cli("new", kit).exit_code == 0
    cards = kit / "cards.yaml"
    edit(cards, '{element: header, box: [0, 0, "100%", "10%"], within: safe,',
         '{element: header, box: [0, 0, "100%", "10%"], within: trim,')  # fmt: skip
    r = cli("check", kit)
    found = [line for line in r.stdout.splitlines() if "[PK001]" in line]
    assert len(found) == 1, found  # not one line per card
    face = line_of(cards, "within: trim")  # the kind's face, where the edited element starts it
    assert found[0].startswith(f"{cards}:{face}:"), found
    assert "kind 'resource' (front), on 3 cards (nearest: card" in found[0]
    assert "move its box inward" in found[0] and "enlarge the piece" not in found[0]


def test_text_that_fits_at_no_size_is_the_same_error_in_check_and_build(cli, tmp_path):
    """Issue 33: `check` gave a warning (exit 0) where the build then refused the kit (exit 2)
    at no line; both now give one error, at the tile's line."""
    kit = tmp_path / "chartae"
    shutil.copytree(resolve_kit_dir("chartae"), kit)
    tiles = kit / "tiles.yaml"
    edit(tiles, "{id: B, edges", "{id: " + "B" * 30 + ", edges")
    error = (
        f"{tiles}:{line_of(tiles, 'B' * 30)}:5: error: tile '{'B' * 30}' (front): text "
        f"'{'B' * 30}' does not fit its space even at 3 pt"
    )
    checked = cli("check", kit)
    built = cli("build", kit, "--out", tmp_path / "out")
    assert checked.exit_code == built.exit_code == 2, checked.output
    assert error in checked.stderr and error in built.stderr, (checked.stderr, built.stderr)
