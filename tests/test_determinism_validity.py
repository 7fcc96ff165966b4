"""Identical input gives identical bytes in any timezone and locale; every PDF a build writes is
valid in two independent readers (and qpdf); card text is never markup."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from badkits import MINI, copy_kit, snapshot
from conftest import edit
from pdfcheck import assert_fonts_embedded, assert_valid_outputs, assert_valid_pdf
from printaudit import page_objects

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


def test_rebuild_in_the_same_process_is_byte_identical(tmp_path, cli):
    for run in ("one", "two"):
        r = cli("build", MINI, "--out", tmp_path / run, "--profile", "shop")
        assert r.exit_code == 0, r.output
    one, two = snapshot(tmp_path / "one"), snapshot(tmp_path / "two")
    pdfs = [k for k in one if k.endswith(".pdf")]
    assert pdfs and all(one[k][0] == two[k][0] for k in pdfs)


@pytest.mark.parametrize(
    "args",
    [
        ("--paper", "a4"),
        ("--paper", "letter", "--duplex", "short", "--back-offset", "1,-0.5"),
        ("--profile", "shop", "--duplex", "off"),
    ],
    ids=["a4", "letter-short-offset", "shop"],
)
def test_every_pdf_opens_cleanly_in_every_reader(tmp_path, cli, built_kit, args):
    r = cli("build", MINI, "--out", tmp_path, *args)
    assert r.exit_code == 0, r.output
    pdfs = assert_valid_outputs(tmp_path)
    assert {"mini/cards.pdf", "mini/tokens.pdf"} <= {str(p.relative_to(tmp_path)) for p in pdfs}
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
