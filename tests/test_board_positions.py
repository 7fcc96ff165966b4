"""A board's own checks point at the key they are about (file:line:col)."""

from __future__ import annotations

from tests.conftest import edit, line_of


def test_a_mileage_stone_beyond_the_lap_is_placed_at_its_key(cli, kit_copy):
    """The board's own check reads positions through load.schema.where, as every check does."""
    kit_dir = kit_copy("carthage")
    edit(
        kit_dir / "board.yaml", "mileage_stones: [6, 12, 18, 24]", "mileage_stones: [6, 12, 18, 99]"
    )
    r = cli("check", kit_dir)
    assert r.exit_code == 2, r.output
    line = line_of(kit_dir / "board.yaml", "mileage_stones:")
    assert f"board.yaml:{line}:17: error: `mileage_stones` entry 4 at 99 is beyond" in r.output
