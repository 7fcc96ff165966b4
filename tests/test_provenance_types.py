"""Provenance on paper for every component type (issue 36): a piece or sheet labelled
`source: ours` prints the discreet mark (a 1.8 mm grey diamond) and its sheet the one-line
legend, through the same path for every type; a sheet without the kit's own content prints
neither. Measured on the built PDF: the marks' centres in mm from the page's left and top edges,
the legend's words; shaped pieces (hex tiles, round counters) keep the whole diamond inside
their 3 mm safe area."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pdfplumber
import pytest

from printkit.layout.geometry import Rect
from printkit.layout.shapes import Shape, lower_right_inside
from printkit.layout.units import mm
from tests.conftest import edit, untextured
from tests.pdfcheck import page_chars
from tests.pdfcheck import words as pdf_words
from tests.pdfshapes import page_polylines

MM = 72 / 25.4
LEGEND = "this kit's own rules or values (source: ours), not the game's"
KITS = Path(__file__).parent / "kits"
SAFE = 3.0  # mm: the safe area inside a piece's cut
HALF = 0.9  # mm: half the diamond's width


def marks(page) -> list[tuple[float, float]]:
    """Centres (mm from the page's left and top) of the 1.8 mm diamonds on a page, but the one
    that opens a legend's line (just left of its first word)."""
    return _diamonds(page.curves, page.extract_words())


def _diamonds(curves, found_words) -> list[tuple[float, float]]:
    """`marks` from the boxes (x0, x1, top, bottom in points) of a page's shapes and words."""
    starts = [w for w in found_words if w["text"] == "this"]

    def opens_legend(c) -> bool:
        return any(
            0 < w["x0"] - c["x1"] < 3 * MM and w["top"] - MM < c["top"] < w["bottom"]
            for w in starts
        )

    return sorted(
        (round((c["x0"] + c["x1"]) / 2 / MM, 2), round((c["top"] + c["bottom"]) / 2 / MM, 2))
        for c in curves
        if abs((c["x1"] - c["x0"]) / MM - 1.8) < 0.05
        and abs((c["bottom"] - c["top"]) / MM - 1.8) < 0.05
        and not opens_legend(c)
    )


def words(page) -> str:
    return " ".join(w["text"] for w in page.extract_words())


def marks_and_words(pdf: Path) -> list[tuple[list[tuple[float, float]], str]]:
    """(`marks`, `words`) of each page, read by pdfium: a tiled map draws the whole map (one
    form) on every sheet, which pdfplumber would parse again for each page (seconds a page)."""
    pages = []
    for shapes, chars in zip(page_polylines(pdf), page_chars(pdf), strict=True):
        found = pdf_words(chars)
        boxes = [
            {
                "x0": min(x for x, _ in s["points"]),
                "x1": max(x for x, _ in s["points"]),
                "top": min(y for _, y in s["points"]),
                "bottom": max(y for _, y in s["points"]),
            }
            for s in shapes
        ]
        pages.append((_diamonds(boxes, found), " ".join(w["text"] for w in found)))
    return pages


def trim_mm(page) -> tuple[float, float, float, float]:
    """The TrimBox as (left, top, right, bottom), mm from the page's left and top edges."""
    x0, y0, x1, y1 = (float(v) for v in page.trimbox)
    height = float(page.height)
    return x0 / MM, (height - y1) / MM, x1 / MM, (height - y0) / MM


def build(cli, kit: Path, out: Path, *args: str) -> Path:
    result = cli("build", str(kit), "--out", str(out), *args)
    assert result.exit_code == 0, result.output
    return out / kit.name


def copy_kit(tmp_path: Path, name: str) -> Path:
    """A test kit (a club's own, tests/kits/) copied to edit."""
    dest = tmp_path / "kits" / name
    shutil.copytree(KITS / name, dest)
    return dest


# -- tiles ---------------------------------------------------------------------------------------

TILE_KIT = """name: tileset
title: Tile set
components:
  tiles: {type: tiles, file: tiles.yaml, title: Tiles}
"""
TILES = """tile_size: 60mm
{extra}terrains:
  land: {{letter: L, colour: "#eadcae", ink: "#6e5330"}}
  sea: {{letter: S, colour: "#5e8ca3", ink: "#1c4159"}}
tiles:
{tiles}"""


def tile_kit(tmp_path: Path, extra: str, tiles: list[str]) -> Path:
    """A kit of the club's own with one tile set (no game)."""
    kit = tmp_path / "tileset"
    kit.mkdir()
    (kit / "kit.yaml").write_text(TILE_KIT, encoding="utf-8")
    body = "".join(f"  - {t}\n" for t in tiles)
    (kit / "tiles.yaml").write_text(TILES.format(extra=extra, tiles=body), encoding="utf-8")
    return kit


def test_an_own_square_tile_carries_the_mark_in_its_corner(cli, tmp_path):
    """The set's `source: ours`, one tile's `source: seed` overriding it: two of the three
    tiles carry the diamond 3 mm inside their trim's lower right corner, the sheet the legend;
    the backs nothing."""
    kit = tile_kit(
        tmp_path,
        "source: ours\n",
        [
            "{id: A, edges: LL LS SS SL}",
            "{id: B, edges: LL SS SS LL, source: seed}",
            "{id: C, edges: SS LL LL SS}",
        ],
    )
    out = build(cli, kit, tmp_path / "out")
    with pdfplumber.open(out / "tiles.pdf") as pdf:
        front, back = pdf.pages[0], pdf.pages[1]
        left, top, _, _ = trim_mm(front)
        # the grid fills from the top left, one row of three 60 mm tiles
        corners = [(left + 60.0 * (i + 1), top + 60.0) for i in (0, 2)]
        found = marks(front)
        assert len(found) == 2
        for (mx, my), (cx, cy) in zip(found, corners, strict=True):
            assert abs(cx - mx - 3.0) < 0.05 and abs(cy - my - 3.0) < 0.05
        assert LEGEND in words(front)
        assert marks(back) == [] and LEGEND not in words(back)


def hexagon_sides(left: float, top: float, w: float, h: float) -> list[tuple[tuple, tuple]]:
    """The six sides of a flat-top hexagon filling the box (mm, y downward)."""
    cx, cy = left + w / 2, top + h / 2
    pts = [
        (cx + w / 2 * math.cos(math.radians(a)), cy + w / 2 * math.sin(math.radians(a)))
        for a in range(0, 360, 60)
    ]
    return [(pts[i], pts[(i + 1) % 6]) for i in range(6)]


def distance(p, a, b) -> float:
    """From point p to the line through a and b (mm)."""
    (px, py), (ax, ay), (bx, by) = p, a, b
    return abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / math.hypot(bx - ax, by - ay)


def test_an_own_hex_tile_keeps_its_mark_inside_its_safe_area(cli, tmp_path):
    """A hexagonal tile labelled ours: the diamond towards its lower right, all of it inside
    the 3 mm safe area (its centre 3.9 mm from the nearest side, no nearer to any), not at the
    box's corner, which is outside the hexagon."""
    kit = tile_kit(tmp_path, "shape: hexagon\n", ["{id: A, edges: LL LS SS SL, source: ours}"])
    out = build(cli, kit, tmp_path / "out")
    with pdfplumber.open(out / "tiles.pdf") as pdf:
        page = pdf.pages[0]
        left, top, right, bottom = trim_mm(page)
        assert (round(right - left, 2), round(bottom - top, 2)) == (60.0, 60.0)
        (mark,) = marks(page)
        # a flat-top hexagon 60 mm corner to corner, 51.96 mm across the flats, centred
        flats = 60.0 * math.sqrt(3) / 2
        sides = hexagon_sides(left, top + (60.0 - flats) / 2, 60.0, flats)
        nearest = min(distance(mark, a, b) for a, b in sides)
        assert abs(nearest - (SAFE + HALF)) < 0.05
        assert mark[0] > left + 30 and mark[1] > top + 30  # towards the lower right
        assert LEGEND in words(page)


def test_tiles_of_the_game_carry_no_mark(cli, tmp_path):
    kit = tile_kit(tmp_path, "", ["{id: A, edges: LL LS SS SL}"])
    out = build(cli, kit, tmp_path / "out")
    with pdfplumber.open(out / "tiles.pdf") as pdf:
        assert all(marks(p) == [] and LEGEND not in words(p) for p in pdf.pages)


# -- tokens of a shape --------------------------------------------------------------------------


def circles(page, across: float) -> list[tuple[float, float]]:
    """Centres (mm) of the cut circles `across` mm wide on a page."""
    return sorted(
        (round((c["x0"] + c["x1"]) / 2 / MM, 2), round((c["top"] + c["bottom"]) / 2 / MM, 2))
        for c in page.curves
        if abs((c["x1"] - c["x0"]) / MM - across) < 0.1
        and abs((c["bottom"] - c["top"]) / MM - across) < 0.1
        and c.get("stroke")
        and not c.get("fill")
    )


def test_round_counters_carry_the_mark_inside_their_disc(cli, tmp_path):
    """Hex Island's 25 mm number discs labelled ours: each disc's diamond on its lower right
    diagonal, its centre 12.5 - 3.9 mm from the disc's centre (the whole diamond inside the
    3 mm safe area), the sheet the legend; the hexes of the same kit carry none."""
    kit = untextured(copy_kit(tmp_path, "hex-island"))  # the hexes' dots: 900 marks a back
    edit(kit / "discs.yaml", "    role: number\n", "    role: number\n    source: ours\n")
    out = build(cli, kit, tmp_path / "out", "--only", "discs")
    with pdfplumber.open(out / "discs.pdf") as pdf:
        page = pdf.pages[0]
        centres, found = circles(page, 25.0), marks(page)
        assert len(found) == len(centres) > 0
        reach = (12.5 - SAFE - HALF) / math.sqrt(2)
        expected = sorted((round(x + reach, 2), round(y + reach, 2)) for x, y in centres)
        for (mx, my), (ex, ey) in zip(found, expected, strict=True):
            assert abs(mx - ex) < 0.05 and abs(my - ey) < 0.05
        assert LEGEND in words(page)
    out = build(cli, kit, tmp_path / "out", "--only", "tiles")
    with pdfplumber.open(out / "tiles.pdf") as pdf:
        assert all(marks(p) == [] and LEGEND not in words(p) for p in pdf.pages)


def test_round_counters_on_a_gang_sheet_carry_the_mark_inside_their_disc(cli, tmp_path):
    """The same discs packed with the hexes on gang sheets (`--gang`): the same diamonds at the
    same place in each disc, and the sheet's legend."""
    kit = untextured(copy_kit(tmp_path, "hex-island"))  # the hexes' dots: 900 marks a back
    edit(kit / "discs.yaml", "    role: number\n", "    role: number\n    source: ours\n")
    out = build(cli, kit, tmp_path / "out", "--gang")
    reach = (12.5 - SAFE - HALF) / math.sqrt(2)
    total = 0
    with pdfplumber.open(out / "gang.pdf") as pdf:
        for page in pdf.pages:
            found = marks(page)
            expected = sorted(
                (round(x + reach, 2), round(y + reach, 2)) for x, y in circles(page, 25.0)
            )
            if page.page_number % 2 == 0:  # a back
                assert found == []
                continue
            assert len(found) == len(expected)
            for (mx, my), (ex, ey) in zip(found, expected, strict=True):
                assert abs(mx - ex) < 0.05 and abs(my - ey) < 0.05
            assert (LEGEND in words(page)) == bool(found)
            total += len(found)
    assert total == 18  # every disc, no hex


# -- dice and the tuck box ----------------------------------------------------------------------


def net_boxes(page, width: float, height: float) -> list[tuple[float, float]]:
    """(left, top) in mm of each die-line `width` x `height` mm on a page (its ground and its
    cut share the outline)."""
    return sorted(
        {
            (round(c["x0"] / MM, 2), round(c["top"] / MM, 2))
            for c in page.curves
            if abs((c["x1"] - c["x0"]) / MM - width) < 0.1
            and abs((c["bottom"] - c["top"]) / MM - height) < 0.1
        }
    )


def test_an_own_die_carries_the_mark_on_its_face_1(cli, tmp_path):
    """The rooms kit's search die labelled ours (its weather die is not): one diamond, 3 mm
    inside the lower right corner of face 1 (the top square of the cross: 20 mm from the net's
    left, its top the net's top), and the home sheet's legend below the nets."""
    kit = copy_kit(tmp_path, "rooms")
    edit(kit / "dice.yaml", "  - {id: search, ", "  - {id: search, source: ours, ")
    out = build(cli, kit, tmp_path / "out", "--only", "dice")
    with pdfplumber.open(out / "dice.pdf") as pdf:
        page = pdf.pages[0]
        nets = net_boxes(page, 60.0, 86.0)  # 3 faces wide; 4 high plus the 6 mm glue flap
        assert len(nets) == 2
        (mark,) = marks(page)
        faces = [(left + 40.0, top + 20.0) for left, top in nets]  # face 1's lower right
        assert any(
            abs(x - mark[0] - 3.0) < 0.05 and abs(y - mark[1] - 3.0) < 0.05 for x, y in faces
        )
        assert LEGEND in words(page)
        legend = next(w for w in page.extract_words() if w["text"] == "this")
        assert legend["top"] / MM > max(top + 86.0 for _, top in nets)  # below every net


def test_dice_of_the_game_carry_no_mark(cli, tmp_path):
    out = build(cli, KITS / "rooms", tmp_path / "out", "--only", "dice")
    with pdfplumber.open(out / "dice.pdf") as pdf:
        assert all(marks(p) == [] and LEGEND not in words(p) for p in pdf.pages)


def test_an_own_tuck_box_carries_the_mark_on_its_back_panel(cli, tmp_path):
    """The rooms kit's event box labelled ours: one diamond 3 mm inside the lower right
    corner of its back panel, the legend at the sheet's foot, clear of the die-line."""
    kit = copy_kit(tmp_path, "rooms")
    edit(kit / "box.yaml", "clearance: 1mm\n", "clearance: 1mm\nsource: ours\n")
    out = build(cli, kit, tmp_path / "out", "--only", "box")
    with pdfplumber.open(out / "box.pdf") as pdf:
        page = pdf.pages[0]
        (mark,) = marks(page)
        folds = sorted(
            {round(line["x0"] / MM, 2) for line in page.lines if line["x0"] == line["x1"]}
        )
        # the back panel runs from the glue flap's fold to the left side's fold: the first
        # two vertical folds, the sleeve's 66 mm and the 1 mm clearance apart
        glue_fold, side_fold = folds[0], folds[1]
        assert abs(side_fold - glue_fold - 67.0) < 0.1
        assert abs(side_fold - mark[0] - 3.0) < 0.05
        legend = next(w for w in page.extract_words() if w["text"] == "this")
        cut_bottom = max(c["bottom"] for c in page.curves if (c["x1"] - c["x0"]) / MM > 100)
        assert legend["top"] > cut_bottom and LEGEND in words(page)


def test_a_tuck_box_of_the_game_carries_no_mark(cli, tmp_path):
    out = build(cli, KITS / "rooms", tmp_path / "out", "--only", "box")
    with pdfplumber.open(out / "box.pdf") as pdf:
        assert marks(pdf.pages[0]) == [] and LEGEND not in words(pdf.pages[0])


# -- a map --------------------------------------------------------------------------------------
@pytest.mark.slow  # two builds of a tiled map, every sheet read back
def test_an_own_map_carries_the_mark_in_its_corner(cli, tmp_path):
    """Hexwar's map labelled ours, tiled over home sheets: the diamond and the legend appear
    (on the sheet holding the map's lower right corner, and again on a neighbour's glue
    overlap), nowhere else; unlabelled, the map has neither. (Untextured: the marks of its
    forests and hills are most of the build and of reading its pages back.)"""
    kit = untextured(copy_kit(tmp_path, "hexwar"))
    out = build(cli, kit, tmp_path / "plain", "--only", "map")
    pages = marks_and_words(out / "map.pdf")
    assert all(found == [] and LEGEND not in text for found, text in pages)
    edit(kit / "map.yaml", 'colour: "#f3efe2"\n', 'colour: "#f3efe2"\nsource: ours\n')
    out = build(cli, kit, tmp_path / "ours", "--only", "map")
    pages = marks_and_words(out / "map.pdf")
    marked = [text for found, text in pages if found]
    assert marked and all(LEGEND in text for text in marked)
    assert len(marked) < len(pages)


@pytest.mark.slow  # a shop build (PDF/X) of the map, about 3 s
def test_an_own_map_for_a_shop_has_the_mark_in_its_safe_corner(cli, tmp_path):
    """The mark sits 3 mm in from the right of the trim, on the legend's line, whole diamond
    (1.8 mm) inside the 3 mm safe area from the foot."""
    kit = copy_kit(tmp_path, "hexwar")
    edit(kit / "map.yaml", 'colour: "#f3efe2"\n', 'colour: "#f3efe2"\nsource: ours\n')
    out = build(cli, kit, tmp_path / "out", "--only", "map", "--profile", "shop")
    with pdfplumber.open(out / "shop" / "map.pdf") as pdf:
        page = pdf.pages[0]
        _, _, right, bottom = trim_mm(page)
        ((x, y),) = marks(page)
        assert x == round(right - 3.0, 2) and bottom - y >= 3.0 + 0.9, (x, y, right, bottom)
        assert LEGEND in words(page)


# -- chariot race's own types: templates and bases ----------------------------------------------
@pytest.mark.slow  # two builds of the templates, every sheet read back
def test_every_template_sheet_carries_the_mark_and_legend(kit_copy, cli, tmp_path, built_kit):
    """The templates' fans and layout are the kit's own: on every sheet the diamond 8 mm from
    the right edge and 12.5 mm from the foot, above the label band and below every strip, and
    the legend; labelled the game's, no sheet has either."""
    with pdfplumber.open(built_kit("chariot-race", "--only", "templates") / "templates.pdf") as pdf:
        for page in pdf.pages:
            width, height = float(page.width) / MM, float(page.height) / MM
            assert marks(page) == [(round(width - 8.0, 2), round(height - 12.5, 2))]
            assert LEGEND in words(page)
    kit = kit_copy("chariot-race")
    edit(kit / "templates.yaml", "source: ours ", "source: seed ")
    out = build(cli, kit, tmp_path / "seed", "--only", "templates")
    with pdfplumber.open(out / "templates.pdf") as pdf:
        assert all(marks(p) == [] and LEGEND not in words(p) for p in pdf.pages)


def test_own_bases_carry_the_mark_in_their_corner(kit_copy, cli, tmp_path):
    """Bases labelled ours: each 40 x 100 mm base its diamond 3 mm inside its trim's lower
    right corner, the sheet the legend; the built-in bases (the seed's size) carry none."""
    kit = kit_copy("chariot-race")
    out = build(cli, kit, tmp_path / "seed", "--only", "bases")
    with pdfplumber.open(out / "bases.pdf") as pdf:
        assert all(marks(p) == [] and LEGEND not in words(p) for p in pdf.pages)
    edit(kit / "bases.yaml", "source: seed ", "source: ours ")
    out = build(cli, kit, tmp_path / "ours", "--only", "bases")
    with pdfplumber.open(out / "bases.pdf") as pdf:
        page = pdf.pages[0]
        left, top, right, bottom = trim_mm(page)
        columns = round((right - left) / 40.0)
        corners = sorted((left + 40.0 * (i + 1), bottom) for i in range(columns))
        found = marks(page)
        assert len(found) == columns == 4
        for (mx, my), (cx, cy) in zip(found, corners, strict=True):
            assert abs(cx - mx - 3.0) < 0.05 and abs(cy - my - 3.0) < 0.05
        assert LEGEND in words(page)


def test_a_piece_too_small_for_the_inset_carries_the_mark_at_its_centre():
    """Geometry (layout/shapes.py), in mm: a 6 mm disc has no point 3.9 mm inside its outline,
    so its mark sits at its centre; a 25 mm disc's sits on its lower right diagonal."""
    disc = Shape("circle")
    x, y = lower_right_inside(disc, Rect(0, 0, mm(6), mm(6)), mm(3.9))
    assert (round(x / mm(1), 3), round(y / mm(1), 3)) == (3.0, 3.0)
    x, y = lower_right_inside(disc, Rect(0, 0, mm(25), mm(25)), mm(3.9))
    reach = 8.6 / math.sqrt(2)
    assert (round(x / mm(1), 3), round(y / mm(1), 3)) == (
        round(12.5 + reach, 3),
        round(12.5 - reach, 3),
    )


def test_an_order_of_battle_shows_the_mark_on_each_own_design(cli, tmp_path):
    """Hexwar's counters labelled ours, with an order of battle: each of the ten designs on
    the chart carries the diamond 3 mm inside its 12.7 mm design's lower right corner (its
    caption starts at the design's left edge), and the page the legend at its foot."""
    kit = copy_kit(tmp_path, "hexwar")
    oob = "order_of_battle: {group_by: side, order: [south, north]}"
    edit(kit / "counters.yaml", "min_text_size: 3pt\n", f"min_text_size: 3pt\n{oob}\n")
    out = build(cli, kit, tmp_path / "seed", "--only", "counters")
    with pdfplumber.open(out / "counters-oob.pdf") as pdf:
        assert all(marks(p) == [] and LEGEND not in words(p) for p in pdf.pages)
    edit(kit / "counters.yaml", "min_text_size: 3pt\n", "min_text_size: 3pt\nsource: ours\n")
    out = build(cli, kit, tmp_path / "ours", "--only", "counters")
    with pdfplumber.open(out / "counters-oob.pdf") as pdf:
        page = pdf.pages[0]
        found = marks(page)
        assert len(found) == 10
        lefts = [w["x0"] / MM for w in page.extract_words() if w["text"].startswith("x")]
        for mx, _ in found:
            assert any(abs(mx - (left + 12.7 - 3.0)) < 0.05 for left in lefts)
        assert LEGEND in words(page)
        legend = next(w for w in page.extract_words() if w["text"] == "this")
        assert legend["top"] / MM > float(page.height) / MM - 12  # in the foot, below the chart
