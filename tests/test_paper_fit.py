"""A piece too large for the paper is an input error at the data that sets its size, and says
which --paper would hold it."""

from __future__ import annotations

import pytest
from conftest import edit, line_of


@pytest.mark.parametrize(
    ("kit_name", "file", "old", "new", "column", "advice"),
    [
        ("chartae", "tiles.yaml", "tile_size: 70mm", "tile_size: 250mm", 12, "use --paper a3"),
        (
            "chariot-race",
            "bases.yaml",
            "size: {width: 40mm, length: 100mm}",
            "size: {width: 40mm, length: 320mm}",
            7,
            "use --paper a3",
        ),
        (
            "chariot-race",
            "cards.yaml",
            "card_size: poker",
            "card_size: {width: 400mm, height: 500mm}",
            12,
            "use a larger paper such as --paper 440x540mm",
        ),
    ],
)
def test_a_piece_too_large_for_the_paper_is_located_and_names_a_paper(
    cli, kit_copy, tmp_path, kit_name, file, old, new, column, advice
):
    kit = kit_copy(kit_name)
    edit(kit / file, old, new)
    r = cli("build", kit, "--out", tmp_path / "out", "-j", "1")
    assert r.exit_code == 2, r.output
    line = line_of(kit / file, new)
    assert f"{kit / file}:{line}:{column}: error: a " in r.stderr
    assert "piece does not fit on A4 paper with its margins; " + advice in r.stderr
    assert "--profile shop" in r.stderr
    if "a3" in advice:  # the advice is right: on A3 it fits (the rules may still object)
        piece = ("--only", file.removesuffix(".yaml"))  # the component of that piece
        again = cli("build", kit, "--out", tmp_path / "out", "-j", "1", "--paper", "a3", *piece)
        assert again.exit_code in (0, 1) and "does not fit" not in again.output, again.output
