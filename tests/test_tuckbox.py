"""A tuck box computed from the deck it holds (tests/kits/rooms: 9 sleeved poker cards), read
back from its PDF: the cut outline's size in mm, centred on the home sheet, solid cut and
dashed folds, the faces' words on their panels, a shop page boxed to the die-line with bleed
that passes preflight, and a box too large for the paper refused at its line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner

from printkit.cli import main
from printkit.layout.units import to_mm
from tests.pdfcheck import page_chars, words
from tests.pdfshapes import page_polylines

KITS = Path(__file__).resolve().parent / "kits"
CUT = (0x1D / 255, 0x1A / 255, 0x16 / 255)  # box.yaml's cut_colour (the default)
# 9 cards x (0.32 mm + 0.1 mm sleeve) + 1 mm = 4.78 mm deep; the sleeve 66 x 91 mm + 1 mm
DEPTH, WIDTH, HEIGHT, TUCK, GLUE = 4.78, 67.0, 92.0, 10.0, 10.0
BOX_W = GLUE + 2 * WIDTH + 2 * DEPTH  # 153.56 mm
BOX_H = HEIGHT + 2 * (DEPTH + TUCK)  # 121.56 mm


def run(*args: object) -> object:
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture(scope="module")
def rooms(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("rooms")
    shutil.copytree(KITS / "rooms", root / "rooms")
    return root / "rooms"


@pytest.fixture(scope="module")
def home(rooms, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("home")
    r = run("build", rooms, "--only", "box", "--out", out, "-j", "1")
    assert r.exit_code == 0, r.output
    return out / "rooms" / "box.pdf"


def _cut(pdf: Path) -> dict:
    [cut] = [
        p for p in page_polylines(pdf)[0] if p["stroke"] and not p["fill"] and len(p["points"]) > 20
    ]
    return cut


def _extent(points: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return to_mm(min(xs)), to_mm(min(ys)), to_mm(max(xs)), to_mm(max(ys))


def test_the_cut_outline_follows_the_sleeved_deck_and_is_centred_on_a4(home):
    cut = _cut(home)
    assert cut["stroke_colour"] == pytest.approx(CUT, abs=1 / 255)
    x0, top, x1, bottom = _extent(cut["points"])
    assert x1 - x0 == pytest.approx(BOX_W, abs=0.05)
    assert bottom - top == pytest.approx(BOX_H, abs=0.05)
    assert x0 == pytest.approx((210 - BOX_W) / 2, abs=0.05)
    assert top == pytest.approx((297 - BOX_H) / 2, abs=0.05)


def test_folds_are_dashed_and_the_cut_is_solid(home):
    with pikepdf.open(home) as pdf:
        ops = pikepdf.parse_content_stream(pdf.pages[0])
        dash_and_strokes = [
            (str(op), list(operands[0]) if str(op) == "d" else None)
            for operands, op in ops
            if str(op) in ("d", "S", "s", "B")
        ]
    dashes = [d for op, d in dash_and_strokes if op == "d"]
    assert any(d for d in dashes), "no dash pattern set"
    first_dash = next(i for i, (op, d) in enumerate(dash_and_strokes) if op == "d" and d)
    strokes_before = [op for op, _ in dash_and_strokes[:first_dash] if op != "d"]
    strokes_after = [op for op, _ in dash_and_strokes[first_dash:] if op != "d"]
    assert strokes_before  # the cut, solid
    assert len(strokes_after) == 12  # 4 between the columns, 2 each tuck end, 4 dust flaps


def test_the_faces_print_on_their_panels(home):
    cut = _extent(_cut(home)["points"])
    front_x0 = cut[0] + GLUE + WIDTH + DEPTH  # glue, back, left side, then the front
    found: dict[str, list[float]] = {}
    for w in words(page_chars(home)[0]):
        found.setdefault(w["text"], []).append(to_mm(w["x0"]))
    for word in ("Rooms", "House", "9", "cards"):  # {game}, then "{deck} · {count} cards"
        assert any(front_x0 < x < front_x0 + WIDTH for x in found[word]), word
    back = (cut[0] + GLUE, cut[0] + GLUE + WIDTH)
    assert all(back[0] < x < back[1] for x in found["solo"])  # the back panel
    assert any(back[0] < x < back[1] for x in found["Events"])  # and the lid above it


def test_on_the_shop_profile_the_page_is_the_box_with_bleed_and_passes_preflight(rooms, tmp_path):
    r = run("build", rooms, "--only", "box", "--profile", "shop", "--out", tmp_path, "-j", "1")
    assert r.exit_code == 0, r.output
    pdf = tmp_path / "rooms" / "shop" / "box.pdf"
    with pikepdf.open(pdf) as doc:
        [page] = doc.pages
        trim = [float(v) for v in page.obj["/TrimBox"]]
        bleed = [float(v) for v in page.obj["/BleedBox"]]
    assert to_mm(trim[2] - trim[0]) == pytest.approx(BOX_W, abs=0.01)
    assert to_mm(trim[3] - trim[1]) == pytest.approx(BOX_H, abs=0.01)
    assert to_mm(bleed[2] - bleed[0]) == pytest.approx(BOX_W + 6, abs=0.01)
    r = run("preflight", pdf)
    assert r.exit_code == 0, r.output


def test_a_box_too_large_for_the_paper_is_refused_at_its_line(rooms, tmp_path):
    kit = tmp_path / "rooms"
    shutil.copytree(rooms, kit)
    box = kit / "box.yaml"
    box.write_text(box.read_text().replace("card_thickness: 0.32mm", "card_thickness: 5mm"))
    r = run("build", kit, "--only", "box", "--out", tmp_path / "out", "-j", "1")
    assert r.exit_code == 2
    assert f"{kit / 'kit.yaml'}:" in r.stderr
    assert "cannot fit A4 paper" in r.stderr and "9 cards of deck 'events'" in r.stderr
    assert not (tmp_path / "out" / "rooms" / "box.pdf").exists()


# -- dice nets: the same die-line machinery ------------------------------------------------


def test_each_die_is_a_cube_net_with_its_values_on_opposite_faces(rooms, tmp_path):
    r = run("build", rooms, "--only", "dice", "--out", tmp_path, "-j", "1")
    assert r.exit_code == 0, r.output
    pdf = tmp_path / "rooms" / "dice.pdf"
    cuts = [
        p for p in page_polylines(pdf)[0] if p["stroke"] and not p["fill"] and len(p["points"]) > 20
    ]
    assert len(cuts) == 2  # dice.yaml's two dice on one sheet
    for cut in cuts:
        x0, top, x1, bottom = _extent(cut["points"])
        assert (round(x1 - x0, 2), round(bottom - top, 2)) == (60.0, 86.0)  # 3 x 20, 4 x 20 + 6
    search = min(cuts, key=lambda c: _extent(c["points"])[0])
    left, top, _, _ = _extent(search["points"])
    at: dict[str, tuple[float, float]] = {}
    for w in words(page_chars(pdf)[0]):
        x, y = to_mm(w["x0"]), to_mm(w["top"])
        if left <= x <= left + 60 and w["text"] != "search":
            at[w["text"]] = (x - left, y - top)
    # a column of 1, 2, 6 (KEY), 5 from the top, 3 and 4 either side of 2
    assert at["1"][1] < at["2"][1] < at["KEY"][1] < at["5"][1]
    assert at["3"][0] < at["2"][0] < at["4"][0]
    assert abs(at["3"][1] - at["2"][1]) < 0.5 and abs(at["4"][1] - at["2"][1]) < 0.5
    assert all(20 <= at[v][0] <= 40 for v in ("1", "2", "KEY", "5"))


def test_check_reports_a_panel_text_that_cannot_fit_at_its_line(rooms, tmp_path):
    kit = tmp_path / "rooms"
    shutil.copytree(rooms, kit)
    box = kit / "box.yaml"
    text = box.read_text()
    old = 'text: "{deck}", size: 2.5mm, min_size: 2, align: centre}'
    assert old in text
    long = 'text: "{deck} {deck} {deck} {deck} {deck} {deck} {deck} {deck} {deck} {deck} {deck} {deck}", size: 2.5mm, '
    box.write_text(text.replace(old, long + "min_size: 2, align: centre, max_lines: 1}"))
    line = next(n for n, t in enumerate(box.read_text().splitlines(), 1) if "max_lines: 1" in t)
    r = run("check", kit)
    assert r.exit_code == 2
    assert f"{box}:{line}:" in r.stderr
    assert "does not fit its panel of the tuck box even at 5.67 pt" in r.stderr


def test_check_reports_a_die_face_that_cannot_fit_at_the_dies_line(rooms, tmp_path):
    kit = tmp_path / "rooms"
    shutil.copytree(rooms, kit)
    dice = kit / "dice.yaml"
    dice.write_text(dice.read_text().replace("5, KEY]", "5, AVERYLONGFACEVALUEWITHOUTSPACES]"))
    line = next(n for n, t in enumerate(dice.read_text().splitlines(), 1) if "AVERY" in t)
    r = run("check", kit)
    assert r.exit_code == 2
    assert f"{dice}:{line}:" in r.stderr
    assert "die 'search': face 6's value 'AVERYLONGFACEVALUEWITHOUTSPACES' does not fit" in r.stderr


def test_the_home_box_passes_a_home_printers_preflight(home):
    r = run("preflight", home, "--standard", "home")
    assert r.exit_code == 0, r.output
    assert "passes home" in r.output
