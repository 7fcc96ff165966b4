"""Identical input gives identical bytes in any timezone and locale; every PDF a build writes is
valid in two independent readers (and qpdf); card text is never markup; the print audit's fast
reader reads what pdfplumber reads, and its checks find what they look for."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from badkits import MINI, copy_kit, snapshot
from conftest import edit
from pdfcheck import assert_fonts_embedded, assert_valid_outputs, assert_valid_pdf
from printaudit import extract_text, margin_ink, on_bleed, outside_printable, page_objects

ROOT = Path(__file__).resolve().parent.parent


def _build_in_process(tmp: Path, env: dict[str, str], *args: str) -> dict:
    out = tmp / "out"
    full = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    full.pop("PRINTKIT_DEBUG", None)
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "printkit",
            "build",
            "chariot-race",
            str(MINI),
            "--out",
            str(out),
            "-j",
            "1",  # no pool of worker processes to start
            *args,
        ],
        cwd=ROOT,
        env=full,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    return {k: data for k, (data, _) in snapshot(out).items() if k.endswith(".pdf")}


@pytest.mark.slow
def test_same_bytes_in_any_timezone_and_locale(tmp_path):
    a = _build_in_process(
        tmp_path / "a", {"TZ": "UTC", "LC_ALL": "C", "LANG": "C", "PYTHONHASHSEED": "0"}
    )
    b = _build_in_process(
        tmp_path / "b",
        {
            "TZ": "Pacific/Chatham",
            "LC_ALL": "de_DE.UTF-8",
            "LANG": "tr_TR.UTF-8",
            "PYTHONHASHSEED": "4242",
        },
    )
    assert {"chariot-race/cards.pdf", "mini/cards.pdf", "mini/tokens.pdf"} <= set(a)
    assert set(a) == set(b)
    for name in a:
        assert a[name] == b[name], f"{name} differs between timezones/locales"


@pytest.mark.slow
def test_rebuild_in_the_same_process_is_byte_identical(tmp_path, cli):
    for run in ("one", "two"):
        r = cli("build", MINI, "--out", tmp_path / run, "--profile", "shop")
        assert r.exit_code == 0, r.output
    one, two = snapshot(tmp_path / "one"), snapshot(tmp_path / "two")
    pdfs = [k for k in one if k.endswith(".pdf")]
    assert pdfs and all(one[k][0] == two[k][0] for k in pdfs)


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ("--paper", "a4"),
        ("--paper", "letter", "--duplex", "short", "--back-offset", "1,-0.5"),
        ("--profile", "shop", "--duplex", "off"),
    ],
    ids=["a4", "letter-short-offset", "shop"],
)
def test_every_pdf_opens_cleanly_in_every_reader(tmp_path, cli, built_kit, mini_build, args):
    out = mini_build[1] if args == ("--paper", "a4") else tmp_path  # a4: the shared build
    if out == tmp_path:
        r = cli("build", MINI, "--out", out, *args)
        assert r.exit_code == 0, r.output
    pdfs = assert_valid_outputs(out)
    folder = "mini/shop" if "shop" in args else "mini"  # shop builds write into <kit>/shop/
    expected = {f"{folder}/cards.pdf", f"{folder}/tokens.pdf"}
    assert expected <= {p.relative_to(out).as_posix() for p in pdfs}
    if args[0] != "--profile":  # and a built-in kit (a4 is the default: the shared build)
        options = () if args == ("--paper", "a4") else args
        pdfs += assert_valid_outputs(built_kit("chariot-race", *options))
    for pdf in pdfs:
        assert all("Helvetica" not in name for name in assert_fonts_embedded(pdf))


def test_validity_helper_catches_a_broken_pdf(tmp_path, cli):
    """The helper is not a rubber stamp: a truncated PDF fails it."""
    r = cli("build", MINI, "--out", tmp_path, "--only", "tokens")
    assert r.exit_code == 0
    pdf = tmp_path / "mini" / "tokens.pdf"
    data = pdf.read_bytes()
    pdf.write_bytes(data[: len(data) * 2 // 3])
    with pytest.raises(Exception):  # noqa: B017 - any reader's complaint will do
        assert_valid_pdf(pdf)


MARKUP = (
    '<img src="/etc/passwd"/> <a href="https://example.com/x">link</a> '
    '<font name="Helvetica">plain</font> &amp; <br/>'
)


def test_card_text_is_never_markup(tmp_path, cli):
    from pypdf import PdfReader

    kit = copy_kit(MINI, tmp_path / "mini")
    edit(kit / "cards.yaml", 'text: "Climb the hill and draw a card."', f"text: '{MARKUP}'")
    edit(kit / "cards.yaml", "title: Wheel,", "title: '<b>Wheel</b>',")
    r = cli("build", kit, "--out", tmp_path / "out")
    assert r.exit_code == 0, r.output
    pdf = tmp_path / "out" / "mini" / "cards.pdf"
    assert_valid_pdf(pdf)
    reader = PdfReader(pdf)
    text = " ".join(page.extract_text() for page in reader.pages)
    for literal in ("<img", "/etc/passwd", "<a", "&amp;", "<b>Wheel</b>", "<br/>"):
        assert literal in text.replace("\n", " "), literal
    raw = pdf.read_bytes()
    assert b"/URI" not in raw and b"/Link" not in raw and b"Helvetica" not in raw
    images = set()
    for page in reader.pages:
        for xobj in (page["/Resources"].get("/XObject") or {}).values():
            xobj = xobj.get_object()
            if xobj["/Subtype"] == "/Image":
                images.add((xobj["/Width"], xobj["/Height"]))
            for inner in ((xobj.get("/Resources") or {}).get("/XObject") or {}).values():
                inner = inner.get_object()
                if inner["/Subtype"] == "/Image":
                    images.add((inner["/Width"], inner["/Height"]))
    assert images <= {(96, 96), (80, 60)}, images  # only the kit's own two images


@pytest.mark.slow
def test_kit_images_are_drawn_inside_their_box(tmp_path, cli):
    """The image element places the verified picture, scaled to fit and centred in its box."""
    r = cli("build", MINI, "--out", tmp_path, "--only", "cards")
    assert r.exit_code == 0
    (page,) = page_objects(tmp_path / "mini" / "cards.pdf", [0])
    imgs = sorted(page["images"], key=lambda i: (round(i["top"]), i["x0"]))
    assert len(imgs) == 5  # 3 wheels (cards a, a, b) and 2 peaks (c, c) on the first sheet
    mm = 72 / 25.4
    wheel = imgs[0]
    assert abs((wheel["x1"] - wheel["x0"]) / mm - 31) < 0.05  # square image in a 31 mm box
    assert abs((wheel["bottom"] - wheel["top"]) / mm - 31) < 0.05
    peak = imgs[-1]
    assert abs((peak["x1"] - peak["x0"]) / mm - 39) < 0.05  # 4:3 image, 39 x 30 mm box
    assert abs((peak["bottom"] - peak["top"]) / mm - 39 * 60 / 80) < 0.05


# ---- the print audit's reader and checks ---------------------------------------------------


def _audit_sheet(path: Path) -> Path:
    """A4 with a BleedBox, a crop mark straddling it, text and a mark in the 5 mm border, a
    scaled form with a rectangle and a ring, and a label turned 90 degrees."""
    from reportlab.pdfgen.canvas import Canvas

    from printkit.draw.fonts import shipped_font
    from printkit.layout.units import mm

    c = Canvas(str(path), pagesize=(mm(210), mm(297)), initialFontName=shipped_font("body"))
    c.setBleedBox((mm(20), mm(20), mm(190), mm(277)))
    c.setLineWidth(0.3)
    c.line(mm(18), mm(100), mm(22), mm(100))  # straddles the bleed's left edge
    c.line(mm(1), mm(150), mm(4), mm(150))  # in the unprintable border
    c.setFont(shipped_font("body"), 8)
    c.drawString(mm(2), mm(200), "edge")  # text in the border
    c.beginForm("art")
    c.setLineWidth(0.5)
    c.rect(0, 0, 40, 20, stroke=1, fill=0)
    c.circle(60, 10, 5, stroke=1, fill=1)
    c.endForm()
    c.saveState()
    c.translate(mm(60), mm(60))
    c.scale(2, 2)
    c.doForm("art")
    c.restoreState()
    c.saveState()
    c.translate(mm(100), mm(150))
    c.rotate(90)
    c.drawString(0, 0, "sheet 1 front · page 1 of 2")
    c.restoreState()
    c.showPage()
    c.save()
    return path


def test_the_fast_reader_sees_what_pdfplumber_sees(tmp_path):
    import pdfplumber

    path = _audit_sheet(tmp_path / "sheet.pdf")
    (page,) = page_objects(path)

    def shapes(objs) -> list[tuple]:
        keys = ("x0", "top", "x1", "bottom", "linewidth")
        return sorted(tuple(round(float(o[k]), 3) for k in keys) + (o["stroke"],) for o in objs)

    with pdfplumber.open(path) as pdf:
        plumber = pdf.pages[0]
        for kind in ("lines", "rects", "curves"):
            assert shapes(page[kind]) == shapes(getattr(plumber, kind)), kind
        chars = [c for c in plumber.chars if c["text"].strip()]
        plumber_text = plumber.extract_text()
    mine = [c for c in page["chars"] if c["text"].strip()]
    assert extract_text(page) == plumber_text
    assert [c["text"] for c in mine] == [c["text"] for c in chars]  # in drawing order
    for a, b in zip(mine, chars, strict=True):
        assert all(abs(a[k] - b[k]) < 1e-3 for k in ("x0", "x1", "top", "bottom")), (a, b)
    assert "sheet 1 front · page 1 of 2" in page["drawn"]


def test_the_audit_finds_marks_on_the_bleed_and_in_the_border(tmp_path):
    path = _audit_sheet(tmp_path / "sheet.pdf")
    straddling = on_bleed(path)
    assert len(straddling) == 1 and "line at (17.95, 99.95)" in straddling[0], straddling
    outside = outside_printable(path)
    assert any("line at (0.95, 149.95)" in f for f in outside), outside
    chars = [f.split(" at ")[0] for f in outside if " char " in f]
    assert chars == ["page 1: char e", "page 1: char d"], outside  # "ge" lies past 5 mm
    assert margin_ink(path, dpi=100) != []
