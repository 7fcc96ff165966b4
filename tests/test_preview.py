"""PNG previews: `printkit preview` and `printkit build --png`, rendered from the real PDFs."""

from __future__ import annotations

import pytest
from badkits import MINI
from click.testing import CliRunner
from PIL import Image, ImageChops

from printkit.cli.app import main
from printkit.export.preview import BACKGROUND, HEADER_H, THUMB_BOX, render_page


def _run(*args: str):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture(scope="module")
def previewed(ran_once):
    """(OUT, stdout) of `preview chariot-race --out OUT` (shared with test_every_command.py)."""
    return ran_once("preview", "chariot-race")


@pytest.fixture(scope="module")
def built_png(tmp_path_factory):
    """The cards (all these tests read) built with --png."""
    out = tmp_path_factory.mktemp("build-png")
    r = _run("build", "chariot-race", "--png", "--out", out, "--only", "cards")
    assert r.exit_code == 0, r.output
    return out, r.stdout


def _px(mm: float, dpi: float = 100) -> float:
    return mm / 25.4 * dpi


@pytest.mark.slow
def test_preview_writes_a_contact_sheet_and_the_first_page_and_no_pdf(previewed):
    out, stdout = previewed
    folder = out / "chariot-race"
    names = [
        f"{c}-{kind}.png"
        for c in ["cards", "templates", "damage-chart", "playing-area", "bases"]
        for kind in ("contact", "page1")
    ]
    assert stdout.splitlines() == [f"wrote {folder / name}" for name in names]
    assert sorted(p.name for p in folder.iterdir()) == sorted(names)


@pytest.mark.slow  # a whole kit previewed: every page rendered
def test_first_page_is_the_page_at_100_dpi(previewed):
    image = Image.open(previewed[0] / "chariot-race" / "cards-page1.png")
    assert image.width == pytest.approx(_px(210), abs=1)  # A4
    assert image.height == pytest.approx(_px(297), abs=1)
    assert image.info["dpi"] == pytest.approx((100, 100), abs=0.01)


def _runs(pixels: list[tuple[int, int, int]], min_len: int) -> int:
    """How many stretches of non-background pixels at least min_len long."""
    runs, length = 0, 0
    for p in [*pixels, BACKGROUND]:
        if p != BACKGROUND:
            length += 1
        else:
            runs += length >= min_len
            length = 0
    return runs


@pytest.mark.slow  # a whole kit previewed: every page rendered
def test_contact_sheet_shows_every_page_of_the_pdf(previewed, built_png):
    import pypdf

    pages = len(pypdf.PdfReader(built_png[0] / "chariot-race" / "cards.pdf").pages)
    sheet = Image.open(previewed[0] / "chariot-race" / "cards-contact.png").convert("RGB")
    row_y = HEADER_H + THUMB_BOX // 2  # through the first row of thumbnails
    across = _runs([sheet.getpixel((x, row_y)) for x in range(sheet.width)], 100)
    first_x = next(x for x in range(sheet.width) if sheet.getpixel((x, row_y)) != BACKGROUND)
    down = _runs(
        [sheet.getpixel((first_x + 40, y)) for y in range(HEADER_H, sheet.height)], THUMB_BOX - 5
    )
    assert pages == 16
    assert across * down == pages  # 8 thumbnails a row, 2 rows


def test_build_png_writes_previews_beside_the_pdfs_from_the_real_pdf(built_png):
    out, stdout = built_png
    folder = out / "chariot-race"
    lines = stdout.splitlines()
    for name in ("cards.pdf", "cards-contact.png", "cards-page1.png"):
        assert f"wrote {folder / name}" in lines
    page1 = Image.open(folder / "cards-page1.png").convert("RGB")
    assert ImageChops.difference(page1, render_page(folder / "cards.pdf")).getbbox() is None


@pytest.mark.slow
def test_preview_takes_the_build_options(tmp_path, cli):
    # the small kit of poker cards: what is measured is the options' effect, not a whole kit
    r = cli("preview", MINI, "--profile", "shop", "--paper", "letter", "--out", tmp_path)
    assert r.exit_code == 0, r.output
    image = Image.open(tmp_path / "mini" / "shop" / "cards-page1.png")
    assert image.size == pytest.approx((_px(63 + 6), _px(88 + 6)), abs=1)  # card + 3 mm bleed


def test_preview_of_a_broken_kit_writes_nothing(tmp_path, cli, kit_copy):
    kit = kit_copy("chariot-race")
    cards = kit / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8") + "\nbogus: [\n", encoding="utf-8")
    r = cli("preview", kit, "--out", tmp_path / "out")
    assert r.exit_code == 2
    assert "cards.yaml:" in r.stderr and "Traceback" not in r.output
    assert not (tmp_path / "out").exists()


def test_previews_of_several_kits_go_to_each_kits_folder(tmp_path):
    """Several kits' folders under one --out (as `printkit preview` with no kit writes them)."""
    from printkit.export.preview import write_previews
    from printkit.output import new_canvas

    pairs = []
    for name in ("kit-a", "kit-b"):
        pdf = tmp_path / "pdfs" / name / "cards.pdf"
        pdf.parent.mkdir(parents=True)
        c = new_canvas(pdf, (200, 300), title=name)
        c.showPage()
        c.save()
        pairs.append((pdf, tmp_path / "out" / name))
    written = write_previews(pairs)
    assert sorted(p.relative_to(tmp_path / "out").as_posix() for p in written) == [
        f"{k}/cards-{kind}.png" for k in ("kit-a", "kit-b") for kind in ("contact", "page1")
    ]


def test_build_png_after_a_plain_build_writes_the_previews(tmp_path):
    """An up-to-date build asked for --png still writes the previews it lacks, and only once."""
    from badkits import MINI

    out = tmp_path / "out"
    assert _run("build", MINI, "--out", out).exit_code == 0
    r = _run("build", MINI, "--png", "--out", out)
    assert r.exit_code == 0, r.output
    pngs = sorted(p.name for p in (out / "mini").glob("*.png"))
    assert pngs and all(f"wrote {out / 'mini' / n}" in r.stdout for n in pngs)
    r = _run("build", MINI, "--png", "--out", out)
    assert r.stdout.strip() == "everything is up to date (--force rebuilds anyway)"
