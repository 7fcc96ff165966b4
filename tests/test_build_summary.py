"""`printkit build` ends with what there is to print, and `--pages` writes only the chosen pages
of one component (a damaged sheet to print again)."""

from __future__ import annotations

import pypdfium2
import pytest

from printkit.cli.build import parse_pages


def page_label(pdf: pypdfium2.PdfDocument, index: int) -> str:
    text = pdf[index].get_textpage().get_text_range()
    return next(line for line in text.splitlines() if " sheet " in line)


def test_a_build_ends_with_the_pages_of_each_pdf_and_the_paper(cli, tmp_path):
    r = cli("build", "chariot-race", "--only", "cards,bases", "--out", tmp_path)
    assert r.exit_code == 0, r.output
    with pypdfium2.PdfDocument(tmp_path / "chariot-race" / "cards.pdf") as pdf:
        cards = len(pdf)
    assert cards == 16  # 8 sheets, each a front and its back
    assert r.stdout.splitlines()[-1] == (
        "to print: cards.pdf 16 pages on 8 sheets, bases.pdf 1 sheet (A4, double-sided, long edge)"
    )
    letter = cli("build", "chariot-race", "--only", "cards", "--out", tmp_path / "l",
                 "--paper", "letter", "--duplex", "off")  # fmt: skip
    with pypdfium2.PdfDocument(tmp_path / "l" / "chariot-race" / "cards.pdf") as pdf:
        one_sided = len(pdf)  # fronts, then backs: each page a sheet of its own
    assert (
        letter.stdout.splitlines()[-1]
        == f"to print: cards.pdf {one_sided} sheets (LETTER, one-sided)"
    )


def test_pages_writes_the_chosen_sheet_front_and_back(cli, tmp_path):
    r = cli("build", "chariot-race", "--only", "cards", "--pages", "3-4", "--out", tmp_path)
    assert r.exit_code == 0, r.output
    chosen = tmp_path / "chariot-race" / "cards-pages-3-4.pdf"
    assert f"wrote {chosen} (pages 3-4 of cards)" in r.stdout
    with pypdfium2.PdfDocument(chosen) as pdf:
        assert len(pdf) == 2
        assert page_label(pdf, 0).endswith("sheet 2 front · page 3 of 16")
        assert page_label(pdf, 1).endswith("sheet 2 back · page 4 of 16")


def test_sheets_writes_each_chosen_sheet_front_and_back(cli, tmp_path):
    """--sheets counts as the summary and the sheet labels do: sheet 2 is pages 3 and 4."""
    r = cli("build", "chariot-race", "--only", "cards", "--sheets", "2,8", "--out", tmp_path)
    assert r.exit_code == 0, r.output
    chosen = tmp_path / "chariot-race" / "cards-sheets-2,8.pdf"
    assert f"wrote {chosen} (sheets 2,8 of cards)" in r.stdout
    with pypdfium2.PdfDocument(chosen) as pdf:
        assert [page_label(pdf, i).split(" · ")[-2:] for i in range(len(pdf))] == [
            ["sheet 2 front", "page 3 of 16"],
            ["sheet 2 back", "page 4 of 16"],
            ["sheet 8 front", "page 15 of 16"],
            ["sheet 8 back", "page 16 of 16"],
        ]
    r = cli("build", "chariot-race", "--only", "cards", "--sheets", "9", "--out", tmp_path)
    assert (
        r.exit_code == 2
        and "--sheets: error: cards.pdf has 8 sheets; there is no sheet 9" in r.stderr
    )
    r = cli("build", "chariot-race", "--only", "bases", "--sheets", "1", "--out", tmp_path)
    assert r.exit_code == 0, r.output  # a one-sided file: sheet 1 is its page 1
    with pypdfium2.PdfDocument(tmp_path / "chariot-race" / "bases-sheets-1.pdf") as pdf:
        assert len(pdf) == 1


def test_pages_beyond_the_pdf_or_without_one_component_are_refused(cli, tmp_path):
    r = cli("build", "chariot-race", "--only", "cards", "--pages", "99", "--out", tmp_path)
    assert (
        r.exit_code == 2
        and "--pages: error: cards.pdf has 16 pages; there is no page 99" in r.stderr
    )
    assert not (tmp_path / "chariot-race" / "cards-pages-99.pdf").exists()
    r = cli("build", "chariot-race", "--pages", "1", "--out", tmp_path)
    assert r.exit_code == 2 and "give one KIT and --only ID" in r.stderr


def test_page_lists_read_as_written():
    assert parse_pages("3") == [3]
    assert parse_pages("3,5-6") == [3, 5, 6]
    assert parse_pages("2-3,3") == [2, 3]
    for bad in ("0", "x", "5-3", "1,,2"):
        try:
            parse_pages(bad)
        except ValueError:
            continue
        raise AssertionError(bad)


def test_a_build_removes_the_outputs_it_no_longer_makes(cli, tmp_path):
    import shutil
    from pathlib import Path

    kit = Path(shutil.copytree(Path(__file__).parent / "fixtures" / "mini", tmp_path / "mini"))
    out = tmp_path / "out"
    assert cli("build", kit, "--out", out).exit_code == 0
    assert (out / "mini" / "tokens.pdf").is_file()
    stray = out / "mini" / "notes.pdf"  # not printkit's: never touched
    stray.write_bytes(b"%PDF-1.4 mine")
    manifest = kit / "kit.yaml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.split("  tokens:")[0] + text.split("title: Tokens\n")[1], "utf-8")
    r = cli("build", kit, "--out", out)
    assert r.exit_code == 0, r.output
    assert f"removed {out / 'mini' / 'tokens.pdf'} (the build no longer makes it)" in r.stdout
    assert not (out / "mini" / "tokens.pdf").exists()
    assert (out / "mini" / "cards.pdf").is_file() and stray.read_bytes() == b"%PDF-1.4 mine"


@pytest.mark.slow
def test_a_shop_build_of_tokens_leaves_no_home_tokens_pdf_beside_its_sizes(cli, tmp_path):
    assert cli("build", "carthage", "--only", "tokens", "--out", tmp_path).exit_code == 0
    r = cli("build", "carthage", "--only", "tokens", "--profile", "shop", "--out", tmp_path)
    assert r.exit_code == 0, r.output
    files = sorted(p.name for p in (tmp_path / "carthage" / "shop").glob("tokens*.pdf"))
    assert "tokens.pdf" not in files and files and all(f.startswith("tokens-") for f in files)
    assert (tmp_path / "carthage" / "tokens.pdf").is_file()  # the home build's, left alone
    last = r.stdout.splitlines()[-1]
    assert last.startswith("to print: ") and all(name in last for name in files)
