"""Defects met by issue 21's users, each pinned by what a user measures in the PDF or reads in
`check`: an outline on the cut at frame_width 0, SVG icons squeezed into a square, a turned box
checked unturned, the face element limit."""

from __future__ import annotations

import shutil
from pathlib import Path

from printkit.layout.units import mm, to_mm
from tests.conftest import edit
from tests.pdfcheck import page_chars
from tests.pdfshapes import filled_paths, stroked_paths

MINI = Path(__file__).resolve().parent / "fixtures" / "mini"


def _mini(tmp_path: Path) -> Path:
    kit = tmp_path / "mini"
    shutil.copytree(MINI, kit)
    return kit


def test_no_outline_on_the_cut_when_the_frame_width_is_0(cli, tmp_path):
    kit = _mini(tmp_path)
    edit(kit / "cards.yaml", "card_size: poker", "card_size: poker\nframe_width: 0")
    for profile in ("home", "shop"):
        out = tmp_path / profile
        r = cli("build", kit, "--only", "cards", "--out", out, "--profile", profile, "-j", "1")
        assert r.exit_code == 0, r.output
        folder = out / "mini" / ("shop" if profile == "shop" else "")
        for page in stroked_paths(folder / "cards.pdf"):
            for shape in page:
                size = (to_mm(shape["width"]), to_mm(shape["height"]))
                assert not (abs(size[0] - 63) < 1 and abs(size[1] - 88) < 1), (profile, size)


SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="0 0 20 10">'
    '<rect x="0" y="0" width="20" height="10" fill="#123456"/></svg>'
)


def test_an_svg_icon_keeps_its_aspect_ratio_in_its_box(cli, tmp_path):
    """A 2:1 frame in a 6.6 x 3.65 mm box is 6.6 x 3.3 mm (it was 3.47 x 1.82 mm)."""
    kit = _mini(tmp_path)
    (kit / "frame.svg").write_text(SVG, encoding="utf-8")
    edit(kit / "cards.yaml", "card_size: poker", "card_size: poker\nicons: {nato: frame.svg}")
    edit(
        kit / "cards.yaml",
        "      - {element: header, box: [4, 4, 55, 7], field: power}",
        "      - {element: header, box: [4, 4, 55, 7], field: power}\n"
        "      - {element: icon, box: [20, 50, 6.6, 3.65], icon: nato}",
    )
    r = cli("build", kit, "--only", "cards", "--out", tmp_path / "out", "-j", "1")
    assert r.exit_code == 0, r.output
    blue = (0x12 / 255, 0x34 / 255, 0x56 / 255)
    shapes = [
        s
        for s in filled_paths(tmp_path / "out" / "mini" / "cards.pdf")[0]
        if all(abs(a - b) < 0.01 for a, b in zip(s["colour"], blue, strict=True))
        and s["bottom"] - s["top"] < 20
    ]
    assert shapes
    for s in shapes:
        assert abs(to_mm(s["x1"] - s["x0"]) - 6.6) < 0.05
        assert abs(to_mm(s["bottom"] - s["top"]) - 3.3) < 0.05


def test_a_quarter_turned_box_is_checked_where_it_is_drawn(cli, tmp_path):
    """Text up a card's edge: a tall, thin box with rotate: 90 is inside the card, and its
    text runs up inside that box (it was refused: 'reaches outside the card')."""
    kit = _mini(tmp_path)
    edit(
        kit / "cards.yaml",
        "      - {element: header, box: [4, 4, 55, 7], field: power}",
        "      - {element: header, box: [4, 4, 55, 7], field: power}\n"
        "      - {element: text, box: [0.5, 20, 4, 50], text: EDGEWISE, size: 3mm, rotate: 90}",
    )
    r = cli("check", kit)
    assert r.exit_code == 0, r.output
    r = cli("build", kit, "--only", "cards", "--out", tmp_path / "out", "-j", "1")
    assert r.exit_code == 0, r.output
    page = page_chars(tmp_path / "out" / "mini" / "cards.pdf")[0]
    chars = [c for c in page if c["text"] in "EDGWIS" and abs(c["size"] - mm(3)) < 0.5]
    assert len(chars) == 24  # three cards of the kind on the sheet
    chars = chars[:8]  # the first card's
    xs = [to_mm(c["x0"]) for c in chars]
    tops = [to_mm(c["top"]) for c in chars]
    assert max(xs) - min(xs) < 4 and max(tops) - min(tops) > 10  # it runs up, not across


def test_a_turned_box_that_reaches_outside_is_refused_turned(cli, tmp_path):
    kit = _mini(tmp_path)
    edit(
        kit / "cards.yaml",
        "      - {element: header, box: [4, 4, 55, 7], field: power}",
        "      - {element: header, box: [4, 4, 55, 7], field: power}\n"
        "      - {element: text, box: [2, 2, 59, 6], text: TILTED, rotate: 45}",
    )
    r = cli("check", kit)
    assert r.exit_code == 2 and "turned 45 degrees" in r.output, r.output


def test_a_face_may_hold_more_than_40_elements(cli, tmp_path):
    """40 was arbitrary: MAX_FACE_ELEMENTS (docs/limits.md) is 200."""
    kit = _mini(tmp_path)
    many = "".join(
        f"      - {{element: shape, box: [{1 + i % 50}, 50, 1, 1], fill: '#000000'}}\n"
        for i in range(60)
    )
    edit(
        kit / "cards.yaml",
        "      - {element: header, box: [4, 4, 55, 7]}\n",
        "      - {element: header, box: [4, 4, 55, 7]}\n" + many,
    )
    r = cli("check", kit)
    assert r.exit_code == 0, r.output
