"""Edge-tile geometry (components/tiles/edgetile.py) and the tiles component's input errors."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from printkit.components.tiles.edgetile import (
    ShapeError,
    border_point,
    coast_line,
    coasts,
    point_in_polygon,
    tile_shape,
)
from tests.conftest import edit, line_of, mm_box

NAMES = {"L": "land", "S": "sea"}


def halves(letters: str) -> tuple[str, ...]:
    return tuple(NAMES[ch] for ch in letters)


def one_piece_each(letters: str) -> tuple[int, ...]:
    return tuple(0 if ch == "L" else 1 for ch in letters)


@pytest.mark.parametrize(
    ("letters", "pieces", "expected"),
    [
        ("SSSLLLLS", None, [(3, 7)]),  # compass: right middle to left middle
        ("LLSSSSLL", None, [(2, 6)]),  # C: corner to corner
        ("LLLSSSSS", None, [(0, 3)]),  # E: top-left corner to right middle
        ("LLSSSLLL", None, [(2, 5)]),  # F
        ("SLSSSSLS", (1, 0, 2, 2, 2, 2, 0, 1), [(1, 7), (2, 6)]),  # G: isthmus
        ("LLSLLSLL", (0, 0, 1, 2, 2, 1, 0, 0), [(2, 6), (3, 5)]),  # H: strait
    ],
)
def test_coasts_join_the_transitions(letters, pieces, expected):
    assert coasts(halves(letters), pieces or one_piece_each(letters)) == expected


def test_pieces_that_cannot_be_drawn():
    with pytest.raises(ShapeError, match="half-edges 2 and 3 are both sea"):
        coasts(halves("SLSSSSLS"), (1, 0, 2, 3, 3, 3, 0, 1))
    with pytest.raises(ShapeError, match="cannot lie side by side"):
        coasts(halves("SLSSSSLS"), (1, 0, 1, 1, 1, 1, 0, 1))  # both seas one piece: crossing


def test_border_positions():
    assert border_point(0, 100) == (0, 100)
    assert border_point(1, 100) == (50, 100)
    assert border_point(3, 100) == (100, 50)
    assert border_point(6, 100, grow=5) == (-5, -5)
    assert border_point(7, 100, grow=5) == (-5, 50)


def test_coast_leaves_the_border_at_right_angles_and_ends_exactly():
    line = coast_line(3, 7, 200, 0.04, "x")
    assert line[0] == (200, 100) and line[-1] == (0, 100)
    (x0, y0), (x1, y1) = line[0], line[2]
    assert abs(abs(math.atan2(y1 - y0, x1 - x0)) - math.pi) < 0.15  # straight in, leftwards
    assert coast_line(3, 7, 200, 0.04, "x") == line  # the same seed, the same coast
    assert coast_line(3, 7, 200, 0.04, "y") != line


@pytest.mark.parametrize(
    ("letters", "pieces"),
    [
        ("SSSLLLLS", None),
        ("SLSSSSLS", (1, 0, 2, 2, 2, 2, 0, 1)),
        ("LLSLLSLL", (0, 0, 1, 2, 2, 1, 0, 0)),
        ("LSLSLSLS", (0, 1, 0, 2, 0, 3, 0, 4)),  # a new tile: a land cross, four seas
    ],
)
def test_regions_cover_the_tile_once_and_show_their_half_edges(letters, pieces):
    size = 100.0
    shape = tile_shape(halves(letters), pieces or one_piece_each(letters), size, 0, 0.03, "t")
    for i in range(1, 40):
        for j in range(1, 40):
            p = (size * i / 40 + 0.013, size * j / 40 + 0.007)
            inside = [t for t, poly in shape.regions if point_in_polygon(p, poly)]
            assert len(inside) == 1, (p, inside)
    for h, terrain in enumerate(halves(letters)):
        x, y = border_point(h + 0.5, size)
        nx, ny = (size / 2 - x) * 0.06, (size / 2 - y) * 0.06  # a little way in
        inside = [t for t, poly in shape.regions if point_in_polygon((x + nx, y + ny), poly)]
        assert inside == [terrain], h


def test_unknown_letter_is_an_input_error(cli, kit_copy, tmp_path):
    kit = kit_copy("chartae")
    tiles = kit / "tiles.yaml"
    edit(tiles, "{id: C, edges: LL SS SS LL", "{id: C, edges: LL SS SW LL")
    r = cli("build", kit, "--out", tmp_path / "out")
    assert r.exit_code == 2
    line = line_of(tiles, "id: C")
    assert f"tiles.yaml:{line}:" in r.stderr
    assert "tile 'C': edges use letter 'W', which names no terrain" in r.stderr
    assert not (tmp_path / "out" / "chartae" / "tiles.pdf").exists()


def test_seven_letters_is_an_input_error(cli, kit_copy, tmp_path):
    kit = kit_copy("chartae")
    edit(kit / "tiles.yaml", "{id: C, edges: LL SS SS LL", "{id: C, edges: LL SS SS L")
    r = cli("check", kit)
    assert r.exit_code == 2
    assert "tile 'C': edges must be eight terrain letters" in r.stderr


def test_build_refuses_a_tile_it_cannot_draw(cli, kit_copy, tmp_path):
    kit = kit_copy("chartae")
    tiles = kit / "tiles.yaml"
    edit(tiles, "{terrain: sea, halves: [2, 3, 4, 5]}", "{terrain: sea, halves: [2, 3, 4]}")
    r = cli("build", kit, "--out", tmp_path / "out")
    assert r.exit_code == 1  # the rules check CH004 finds it first, as `check` does
    assert "error [CH004] tile 'G': half-edge 5 belongs to no piece" in r.stderr
    r = cli("build", kit, "--out", tmp_path / "out", "--ignore-rule-errors")
    assert r.exit_code == 2  # and drawing still refuses it
    assert "tile 'G': half-edge 5 belongs to no piece" in r.stderr
    assert not (tmp_path / "out" / "chartae" / "tiles.pdf").exists()


@pytest.mark.slow
def test_tile_size_comes_from_the_data(cli, kit_copy, tmp_path):
    kit = kit_copy("chartae")
    edit(kit / "tiles.yaml", "tile_size: 70mm", "tile_size: 80mm")
    r = cli("build", kit, "--out", tmp_path / "out", "--profile", "shop", "--bleed", "2")
    assert r.exit_code == 0, r.output
    page = PdfReader(tmp_path / "out" / "chartae" / "shop" / "tiles.pdf").pages[0]
    assert mm_box(page.trimbox) == pytest.approx((2, 2, 82, 82), abs=0.01)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from("LS"), min_size=8, max_size=8), st.text("abc", max_size=3))
def test_any_tile_draws_itself(letters, seed):
    """Any two-terrain tile, with its land as one piece and each run of sea its own piece,
    gives regions that cover the tile once and show the right terrain at every half-edge."""
    text = "".join(letters)
    sea_run, pieces = 0, []
    for i, ch in enumerate(text):
        if ch == "S" and (i == 0 or text[i - 1] != "S"):
            sea_run += 1
        pieces.append(0 if ch == "L" else sea_run)
    if text[0] == "S" and text[-1] == "S" and sea_run > 1:  # the first run wraps round
        pieces = [1 if p == sea_run else p for p in pieces]
    size = 100.0
    shape = tile_shape(halves(text), tuple(pieces), size, 0, 0.04, seed)
    for i in range(1, 20):
        for j in range(1, 20):
            p = (size * i / 20 + 0.013, size * j / 20 + 0.007)
            assert sum(point_in_polygon(p, poly) for _, poly in shape.regions) == 1, p
    for h, terrain in enumerate(halves(text)):
        x, y = border_point(h + 0.5, size)
        inward = ((size / 2 - x) * 0.06, (size / 2 - y) * 0.06)
        p = (x + inward[0], y + inward[1])
        assert [t for t, poly in shape.regions if point_in_polygon(p, poly)] == [terrain]


def test_reference_card_text_that_cannot_fit(cli, kit_copy, tmp_path):
    kit = kit_copy("chartae")
    tiles = kit / "tiles.yaml"
    edit(tiles, "tile_size: 70mm", "tile_size: 70mm\nmin_text_size: 9pt")
    for command in (["check", kit], ["build", kit, "--out", tmp_path / "out"]):
        r = cli(*command)
        assert r.exit_code == 2, (command, r.output)
        assert f"tiles.yaml:{line_of(tiles, 'reference:')}:" in r.stderr
        assert "the reference card text does not fit even at 9 pt; shorten it" in r.stderr
    assert not (tmp_path / "out").exists()
