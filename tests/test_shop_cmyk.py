"""The shop profile's print-ready files: CMYK PDF/X-1a, checked by our preflight, by reading the
content back, and by Ghostscript (an independent renderer) when it is installed."""

from __future__ import annotations

import shutil
import subprocess
from decimal import Decimal
from pathlib import Path

import pikepdf
import pytest
from conftest import edit
from pdfcheck import assert_valid_pdf

from printkit.kit import builtin_kit_names

GS_CMYK = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")


@pytest.fixture(scope="module")
def shop(built_kit) -> dict[str, Path]:
    """Every built-in kit built with --profile shop (shared builds): kit name -> its folder."""
    return {kit: built_kit(kit, "--profile", "shop") for kit in builtin_kit_names()}


@pytest.fixture(scope="module")
def shop_pdfs(shop) -> list[Path]:
    """Every PDF of the shop builds of every built-in kit."""
    return sorted(pdf for folder in shop.values() for pdf in folder.rglob("*.pdf"))


def _operators(pdf: pikepdf.Pdf, only: str) -> list[tuple[str, list]]:
    """(operator, operands) of every page and form content stream, in order, for the
    operators in `only` (space-separated; pikepdf skips the others while parsing)."""
    found = []
    streams = [p for p in pdf.pages] + [
        o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Form"
    ]
    for stream in streams:
        for ins in pikepdf.parse_content_stream(stream, only):
            if not isinstance(ins, pikepdf.ContentStreamInlineImage):
                found.append((str(ins.operator), [float(v) for v in ins.operands if _num(v)]))
    return found


def _num(v) -> bool:
    return isinstance(v, int | float | Decimal)


@pytest.mark.slow
def test_every_shop_pdf_passes_x1a_preflight(shop_pdfs, cli):
    pdfs = shop_pdfs
    assert {(p.parent.parent.name, p.parent.name) for p in pdfs} == {
        (kit, "shop") for kit in builtin_kit_names()
    }
    r = cli("preflight", "--standard", "x1a", *pdfs)
    assert r.exit_code == 0, r.stdout
    assert " error:" not in r.stdout


@pytest.mark.slow
def test_shop_files_carry_output_intent_and_no_rgb_operator(shop_pdfs):
    for path in shop_pdfs:
        with pikepdf.open(path) as pdf:
            (intent,) = pdf.Root.OutputIntents
            assert intent.S == "/GTS_PDFX" and "/DestOutputProfile" not in intent
            assert str(intent.OutputConditionIdentifier) == "FOGRA39"  # ICC registered
            assert str(intent.RegistryName) == "http://www.color.org"
            assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-1a:2003"
            ops = {op for op, _ in _operators(pdf, "rg RG")}
            assert not ops & {"rg", "RG"}, path
        assert_valid_pdf(path)


@pytest.mark.slow
def test_small_text_is_pure_black_and_large_dark_areas_rich_black(shop):
    with pikepdf.open(shop["chariot-race"] / "cards.pdf") as pdf:
        ops = _operators(pdf, "k Tj TJ")
    # the colour in force at each text-showing operator
    fill, text_fills = None, set()
    for op, values in ops:
        if op == "k":
            fill = tuple(values)
        elif op in ("Tj", "TJ") and fill is not None:
            text_fills.add(fill)
    assert (0.0, 0.0, 0.0, 1.0) in text_fills  # #1d1a16 text, near black: 100 % K, one plate
    # a dark colour that is not near black keeps its colour in text (no K-only black): the
    # magic cards' label ink #2b1d06 (a dark brown) prints with more yellow than cyan, as the press condition says
    dark = [f for f in text_fills if f[3] > 0.9 and f != (0.0, 0.0, 0.0, 1.0)]
    assert dark and all(y > m > c > 0 for c, m, y, _ in dark), dark
    with pikepdf.open(shop["carthage"] / "fatum.pdf") as pdf:
        fills = {tuple(v) for op, v in _operators(pdf, "k") if op == "k"}
    assert (0.6, 0.4, 0.4, 1.0) in fills  # the large dark silhouettes (#1d1a16) are large areas


@pytest.mark.slow
def test_rich_black_and_cmyk_colours_come_from_the_data(kit_copy, cli, tmp_path):
    kit = kit_copy("carthage")
    edit(kit / "kit.yaml", "components:", "print:\n  rich_black: cmyk(50,50,0,100)\ncomponents:")
    edit(kit / "tokens.yaml", 'colour: "#1f4e9c"', 'colour: "cmyk(100,60,0,5)"')
    out = tmp_path / "out"
    shop = ("--profile", "shop", "--only", "fatum,tokens", "--card-pages", "designs")
    assert cli("build", kit, "--out", out, *shop).exit_code == 0
    with pikepdf.open(out / "carthage" / "shop" / "fatum.pdf") as pdf:
        assert (0.5, 0.5, 0.0, 1.0) in {tuple(v) for op, v in _operators(pdf, "k") if op == "k"}
    cues = out / "carthage" / "shop" / "tokens-22x22mm.pdf"  # the blue chariot counter
    with pikepdf.open(cues) as pdf:
        assert (1.0, 0.6, 0.0, 0.05) in {tuple(v) for op, v in _operators(pdf, "k") if op == "k"}
    home = tmp_path / "home"
    home_tokens = ("--only", "tokens")
    assert cli("build", kit, "--out", home, *home_tokens).exit_code == 0  # CMYK prints at home
    with pikepdf.open(home / "carthage" / "tokens.pdf") as pdf:
        assert (1.0, 0.6, 0.0, 0.05) in {tuple(v) for op, v in _operators(pdf, "k") if op == "k"}


@pytest.mark.slow
def test_shop_tokens_one_file_per_trim_size(shop):
    files = sorted(p.name for p in shop["carthage"].glob("tokens*.pdf"))
    assert files == ["tokens-22x22mm.pdf", "tokens-95x135mm.pdf", "tokens-9x30mm.pdf"]
    for name in files:
        with pikepdf.open(shop["carthage"] / name) as pdf:
            trims = {tuple(round(float(v), 2) for v in p.obj.TrimBox) for p in pdf.pages}
            assert len(trims) == 1, name
            n = len(pdf.pages)
        assert n % 2 == 0 if name != "tokens-95x135mm.pdf" else n == 4  # duplex / aids


@pytest.mark.slow
def test_shop_sheets_have_bleed_and_no_home_label(shop):
    import pdfplumber

    for name in ("templates.pdf", "damage-chart.pdf", "playing-area.pdf"):
        with pikepdf.open(shop["chariot-race"] / name) as pdf:
            page = pdf.pages[0].obj
            trim = [float(v) for v in page.TrimBox]
            bleed = [float(v) for v in page.BleedBox]
            assert [round(t - b, 2) for t, b in zip(trim[:2], bleed[:2], strict=True)] == [
                8.5,
                8.5,
            ], name  # 3 mm
        with pdfplumber.open(shop["chariot-race"] / name) as doc:
            assert "page 1 of" not in (doc.pages[0].extract_text() or ""), name


@pytest.mark.slow
def test_font_subset_tags_differ_per_font(shop):
    """A tag names one subset: two different font programs never share one (across files)."""
    import hashlib

    programs: dict[str, set[str]] = {}
    for path in [shop["chariot-race"] / "cards.pdf", shop["carthage"] / "board.pdf"]:
        with pikepdf.open(path) as pdf:
            for obj in pdf.objects:
                if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font":
                    data = obj.FontDescriptor.FontFile2.read_bytes()
                    programs.setdefault(str(obj.BaseFont)[1:7], set()).add(
                        hashlib.sha256(data).hexdigest()
                    )
    assert "AAAAAA" not in programs and "AAAAAB" not in programs
    assert len(programs) >= 4
    assert all(len(v) == 1 for v in programs.values()), programs


@pytest.mark.slow
def test_designs_mode_one_page_per_design_and_a_count_list(cli, tmp_path):
    out = tmp_path / "out"
    designs = ("--profile", "shop", "--card-pages", "designs", "--only", "cards")
    r = cli("build", "chariot-race", "--out", out, *designs)
    assert r.exit_code == 0, r.output
    rows = (out / "chariot-race" / "shop" / "cards-counts.csv").read_text().splitlines()
    assert rows[0] == "page,side,card,copies"
    body = [row.split(",") for row in rows[1:]]
    with pikepdf.open(out / "chariot-race" / "shop" / "cards.pdf") as pdf:
        assert len(pdf.pages) == len(body)
    assert sum(int(r[3]) for r in body if r[1] == "front") == 72
    assert body[-1][1:] == ["back", "(every card)", "72"]


@pytest.mark.slow
def test_icc_option_refuses_a_non_cmyk_profile(cli, tmp_path):
    from PIL import ImageCms

    srgb = tmp_path / "srgb.icc"
    srgb.write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    r = cli("build", "chariot-race", "--out", tmp_path / "o", "--profile", "shop", "--icc", srgb)
    assert r.exit_code == 2 and "not a CMYK printing profile" in r.output


def _gs_cmyk_pages(pdfs: list[Path], rgb_profile: str, out: Path) -> list[bytes]:
    """Ghostscript renders the PDFs (one run, pages numbered on across the files) to raw CMYK,
    reading any RGB through `rgb_profile`."""
    out.mkdir(parents=True)
    subprocess.run(
        ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=bitcmyk",
         "-dBitsPerComponent=8", "-r12", f"-sDefaultRGBProfile={rgb_profile}",
         f"-sOutputFile={out}/p%04d.raw", *map(str, pdfs)],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    return [p.read_bytes() for p in sorted(out.glob("p*.raw"))]


def _rgb_pages(pdfs: list[Path], tmp: Path) -> dict[Path, list[int]]:
    """Each file's pages whose CMYK rendering changes when Ghostscript reads RGB with another
    profile: exactly the pages that carry RGB colour."""
    import pypdfium2 as pdfium

    icc = Path(shutil.which("gs") or "").resolve().parent.parent / "share/color/icc/ghostscript"
    a = _gs_cmyk_pages(pdfs, str(icc / "srgb.icc"), tmp / "a")
    b = _gs_cmyk_pages(pdfs, str(icc / "a98.icc"), tmp / "b")
    counts = []
    for pdf in pdfs:
        doc = pdfium.PdfDocument(str(pdf))
        counts.append(len(doc))
        doc.close()
    assert len(a) == len(b) == sum(counts) > 0
    changed = [x != y for x, y in zip(a, b, strict=True)]
    found, start = {}, 0
    for pdf, n in zip(pdfs, counts, strict=True):
        found[pdf] = [k for k in range(1, n + 1) if changed[start + k - 1]]
        start += n
    return found


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("gs") is None, reason="Ghostscript is not installed")
def test_ghostscript_finds_no_rgb_in_shop_files(shop_pdfs, built_kit, tmp_path):
    home_bases = built_kit("chariot-race") / "bases.pdf"
    rgb = _rgb_pages([home_bases, *shop_pdfs], tmp_path)
    assert rgb.pop(home_bases)  # RGB seen: the check can find it
    assert rgb == {path: [] for path in shop_pdfs}


@pytest.mark.slow
def test_transparent_image_is_flattened_onto_what_lies_beneath(cli, tmp_path):
    """X-1a forbids soft masks: the kit's RGBA picture is opaque CMYK, composited onto the card
    beneath it, so its transparent corner shows the card (not a white or black box)."""
    import pypdfium2 as pdfium

    from printkit.preflight.scan import scan_page

    fixture = Path(__file__).parent / "fixtures" / "mini"
    out = tmp_path / "out"
    assert cli("build", fixture, "--out", out, "--profile", "shop").exit_code == 0
    pdf_path = out / "mini" / "shop" / "cards.pdf"
    with pikepdf.open(pdf_path) as pdf:
        images = [
            o
            for o in pdf.objects
            if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"
        ]
        assert images and all(o.ColorSpace == "/DeviceCMYK" for o in images)
        assert not any("/SMask" in o or "/Mask" in o for o in images)
        box = scan_page(pdf.pages[0]).images[0].box
    doc = pdfium.PdfDocument(str(pdf_path))
    scale = 150 / 72
    page = doc[0].render(scale=scale).to_pil().convert("RGB")
    height = doc[0].get_size()[1]
    doc.close()

    def pixel(x: float, y: float) -> tuple[int, ...]:
        return page.getpixel((round(x * scale), round((height - y) * scale)))

    inside = pixel(box[0] + 2, box[3] - 2)  # the picture's transparent corner
    outside = pixel(box[0] - 3, box[3] + 3)  # the card just beyond it
    assert all(abs(a - b) <= 6 for a, b in zip(inside, outside, strict=True)), (inside, outside)


@pytest.fixture
def no_system_profiles(monkeypatch):
    """As on a machine where only pip ran: no ICC profile file can be found or opened."""
    from PIL import ImageCms

    real_open, real_is_file = ImageCms.getOpenProfile, Path.is_file

    def refuse(profile, *args, **kwargs):
        if isinstance(profile, str | Path) and str(profile).lower().endswith((".icc", ".icm")):
            raise ImageCms.PyCMSError(f"hidden by the test: {profile}")
        return real_open(profile, *args, **kwargs)

    monkeypatch.setattr(ImageCms, "getOpenProfile", refuse)
    monkeypatch.setattr(
        Path, "is_file", lambda p: not str(p).lower().endswith((".icc", ".icm")) and real_is_file(p)
    )


@pytest.mark.slow
def test_with_no_profile_installed_shop_files_are_pdfx_for_a_registered_condition(
    cli, tmp_path, no_system_profiles
):
    out = tmp_path / "out"
    r = cli("build", "chariot-race", "--out", out, "--profile", "shop", "--only", "bases")
    assert r.exit_code == 0 and "FOGRA39" in r.stdout, r.output
    pdf = out / "chariot-race" / "shop" / "bases.pdf"
    pre = cli("preflight", "--standard", "x1a", pdf)
    assert pre.exit_code == 0 and " error:" not in pre.stdout, pre.stdout
    with pikepdf.open(pdf) as doc:
        (intent,) = doc.Root.OutputIntents
        assert str(intent.OutputConditionIdentifier) == "FOGRA39"
        assert "/DestOutputProfile" not in intent


@pytest.mark.slow
def test_a_damaged_condition_table_stops_the_build_and_writes_nothing(cli, tmp_path, monkeypatch):
    from printkit.pdfx import press

    broken = tmp_path / "press.lut"
    broken.write_bytes(b"PKLUT1\x11" + b"\x00" * 10)
    monkeypatch.setattr(press, "LUT_PATH", broken)
    press.table.cache_clear()
    try:
        out = tmp_path / "out"
        r = cli("build", "chariot-race", "--out", out, "--profile", "shop", "--only", "bases")
    finally:
        press.table.cache_clear()
    assert r.exit_code == 2 and "FOGRA39" in r.output and "--icc" in r.output, r.output
    assert not list(out.rglob("*.pdf"))


@pytest.mark.slow
@pytest.mark.skipif(not GS_CMYK.is_file(), reason="no CMYK profile on this machine to name")
def test_a_named_profile_wins_and_is_embedded(cli, tmp_path):
    out = tmp_path / "out"
    shop = ("--profile", "shop", "--only", "bases", "--icc", GS_CMYK)
    assert cli("build", "chariot-race", "--out", out, *shop).exit_code == 0
    pdf = out / "chariot-race" / "shop" / "bases.pdf"
    with pikepdf.open(pdf) as doc:
        (intent,) = doc.Root.OutputIntents
        assert int(intent.DestOutputProfile.N) == 4
        assert intent.DestOutputProfile.read_bytes() == GS_CMYK.read_bytes()
    assert cli("preflight", "--standard", "x1a", pdf).exit_code == 0


@pytest.mark.slow
def test_icc_that_cannot_convert_is_refused(cli, tmp_path):
    bad = tmp_path / "bad.icc"
    bad.write_bytes(b"acsp" * 40)
    r = cli("build", "chariot-race", "--out", tmp_path / "o", "--profile", "shop", "--icc", bad)
    assert r.exit_code == 2 and "--icc" in r.output and not (tmp_path / "o").exists()


def _black_paint_overprints(pdf: pikepdf.Pdf) -> tuple[int, list[str]]:
    """(the 100 % K text shows and strokes found, what is wrong): each must be painted with
    overprint on (OP, op and OPM 1 in the graphics state), so the C, M and Y plates keep their
    ink under it; anything else painted with overprint on is wrong too."""
    found, wrong = 0, []
    streams = [p.obj for p in pdf.pages] + [
        o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Form"
    ]
    for stream in streams:
        states = stream.get("/Resources", {}).get("/ExtGState", {})
        fill = stroke = None
        on, saved = False, []
        target = pikepdf.Page(stream) if "/Contents" in stream else stream
        for ins in pikepdf.parse_content_stream(target, "q Q gs k K Tj TJ S s f f* B b"):
            op = str(ins.operator)
            if op == "q":
                saved.append(on)
            elif op == "Q":
                on = saved.pop() if saved else False
            elif op == "gs":
                st = states[str(ins.operands[0])]
                on = bool(st.get("/OP", False)) and bool(st.get("/op", False))
                on = on and int(st.get("/OPM", 0)) == 1
            elif op in ("k", "K"):
                value = tuple(float(v) for v in ins.operands)
                fill, stroke = (value, stroke) if op == "k" else (fill, value)
            else:
                used = stroke if op in ("S", "s") else fill
                black = used == (0.0, 0.0, 0.0, 1.0)
                if op in ("Tj", "TJ", "S", "s") and black:
                    found += 1
                    if not on:
                        wrong.append(f"{op} in 100 % K knocks out")
                elif on and not black:
                    wrong.append(f"{op} in {used} overprints")
    return found, wrong


@pytest.mark.slow  # every content stream of every shop file of every built-in kit
def test_black_text_and_lines_overprint(shop):
    """100 % K text and lines overprint (no white holes in the C, M, Y plates under them);
    every other colour knocks out as usual (issue 34)."""
    for kit in ("chariot-race", "chartae"):
        for path in sorted(shop[kit].glob("*.pdf")):
            with pikepdf.open(path) as pdf:
                found, wrong = _black_paint_overprints(pdf)
            assert not wrong, (path.name, wrong[:5])
            if path.name == "cards.pdf":
                assert found > 0, path.name
