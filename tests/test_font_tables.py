"""A kit font whose tables lie about themselves is refused by `check`, at its kit.yaml line, in
well under a second: a cmap claiming four billion characters, a damaged loca table (which used to
pass `check` and crash the build), a table reaching past the end of the file."""

from __future__ import annotations

import time

import pytest

from bench import hostile
from printkit.draw.fonts import FONT_DIR
from tests.conftest import edit, line_of

SANS = (FONT_DIR / "DejaVuSans.ttf").read_bytes()


@pytest.mark.parametrize(
    ("font", "message"),
    [
        (hostile.four_billion_characters(SANS), "maps characters beyond Unicode"),
        (hostile.damaged_loca(SANS), "loca table is damaged"),
        (hostile.table_past_the_end(SANS), "reaches past the end of the file"),
    ],
    ids=["cmap-4-billion", "damaged-loca", "table-past-end"],
)
def test_a_font_whose_tables_lie_is_refused_by_check(cli, kit_copy, font, message):
    kit = kit_copy("chartae")
    (kit / "fonts").mkdir()
    (kit / "fonts" / "Bad.ttf").write_bytes(font)
    edit(kit / "kit.yaml", "components:\n", "fonts:\n  display: fonts/Bad.ttf\ncomponents:\n")
    start = time.process_time()
    r = cli("check", kit)
    spent = time.process_time() - start
    assert r.exit_code == 2, r.output
    line = line_of(kit / "kit.yaml", "display: fonts/Bad.ttf")
    assert f"{kit / 'kit.yaml'}:{line}:" in r.stderr and message in r.stderr, r.stderr
    assert spent < 1.5, f"{spent:.2f} s of CPU to refuse it"


def test_every_shipped_font_passes_the_table_check():
    from printkit.load.fontfile import check_font_tables

    for path in sorted(FONT_DIR.glob("*.ttf")):
        check_font_tables(path.read_bytes())


def test_a_cmap_mapping_more_than_the_limit_is_refused():
    from printkit.core import limits
    from printkit.load.fontfile import DamagedFont, check_font_tables

    font = hostile.with_table(SANS, b"cmap", hostile.cmap_mapping(limits.MAX_FONT_CHARACTERS + 9))
    with pytest.raises(DamagedFont, match="MAX_FONT_CHARACTERS"):
        check_font_tables(font)
