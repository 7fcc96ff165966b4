"""The metrics shipped beside printkit's fonts (draw/fontmetrics.py) are reportlab's parse of
those fonts: the face made from an entry is the parsed face attribute for attribute, in the same
order and of the same types; the entries are those the current fonts and reportlab give; an entry
whose font's bytes differ is not used."""

from __future__ import annotations

import shutil

import pytest
from reportlab.pdfbase.ttfonts import TTFont

from printkit.draw import fontmetrics
from printkit.draw.fonts import FONT_DIR

SHIPPED = sorted(FONT_DIR.glob("*.ttf"))


def _same_face(made, parsed) -> None:
    mine, theirs = dict(made.__dict__), dict(parsed.__dict__)
    assert mine.pop("_pdfScale")(1234.5) == theirs.pop("_pdfScale")(1234.5)
    assert list(mine) == list(theirs)  # the same attributes, set in the same order
    for key, value in theirs.items():
        assert mine[key] == value, key
        assert type(mine[key]) is type(value), key
        if isinstance(value, dict):
            assert list(mine[key].items()) == list(value.items()), key
        if isinstance(value, list):
            assert [type(v) for v in mine[key]] == [type(v) for v in value], key
    for key in fontmetrics._NAMES:
        assert mine[key].ustr == theirs[key].ustr


def test_every_shipped_font_has_its_entry():
    assert SHIPPED
    for font in SHIPPED:
        assert fontmetrics.table_path(font).is_file(), font.name


@pytest.mark.parametrize("font", SHIPPED, ids=lambda p: p.name)
def test_a_font_made_from_its_entry_is_the_parsed_font(font):
    parsed = TTFont("parsed", str(font))
    made = fontmetrics.shipped_tt_font("made", font)
    assert made.face is not parsed.face
    _same_face(made.face, parsed.face)
    fresh = {k: v for k, v in parsed.__dict__.items() if k not in ("face", "fontName", "state")}
    assert {k: v for k, v in made.__dict__.items() if k in fresh}.keys() == fresh.keys()
    assert made.shapable == parsed.shapable and made._asciiReadable == parsed._asciiReadable
    text = "Card 17 — ½ Ωμ ‘quoted’"
    assert made.stringWidth(text, 9.5) == parsed.stringWidth(text, 9.5)
    assert made.face.makeSubset(list(range(32, 127))) == parsed.face.makeSubset(
        list(range(32, 127))
    )


@pytest.mark.parametrize("font", SHIPPED, ids=lambda p: p.name)
def test_the_entries_are_the_current_fonts_and_reportlabs(font):
    """Fails when a font or reportlab changed: `python -m printkit.draw.fontmetrics` makes
    them again."""
    assert fontmetrics.table_path(font).read_bytes() == fontmetrics.entry_of(font)


def test_an_entry_made_from_other_bytes_is_not_used(tmp_path):
    font = tmp_path / "Face.ttf"
    shutil.copyfile(FONT_DIR / "DejaVuSans.ttf", font)
    other = fontmetrics.table_path(FONT_DIR / "DejaVuSerif-Bold.ttf")
    shutil.copyfile(other, fontmetrics.table_path(font))  # another font's metrics
    made = fontmetrics.shipped_tt_font("made", font)
    _same_face(made.face, TTFont("parsed", str(font)).face)
    fontmetrics.table_path(font).write_text("{not json", encoding="ascii")
    _same_face(fontmetrics.shipped_tt_font("m", font).face, TTFont("p", str(font)).face)


def test_an_entry_is_not_used_for_a_font_of_its_size_whose_bytes_differ(tmp_path, monkeypatch):
    """One byte changed, the size the same: the entry's CRC-32 tells, and the font is parsed."""
    font = tmp_path / "Face.ttf"
    data = bytearray((FONT_DIR / "DejaVuSans.ttf").read_bytes())
    data[-1] ^= 0xFF  # the last byte: the file still parses
    font.write_bytes(bytes(data))
    shutil.copyfile(
        fontmetrics.table_path(FONT_DIR / "DejaVuSans.ttf"), fontmetrics.table_path(font)
    )
    used = []
    monkeypatch.setattr(fontmetrics, "_face_of", lambda *args: used.append(args))
    _same_face(fontmetrics.shipped_tt_font("made", font).face, TTFont("parsed", str(font)).face)
    assert used == []
    font.write_bytes((FONT_DIR / "DejaVuSans.ttf").read_bytes())  # its own bytes: the entry is used
    fontmetrics.shipped_tt_font("again", font)
    assert len(used) == 1


@pytest.mark.parametrize("damage", ["cut", "longer", "header only", "no header"])
def test_a_damaged_entry_of_the_fonts_own_bytes_is_not_used(tmp_path, damage):
    """An entry cut short, with bytes after its arrays, or without its arrays or its header
    line: the font is parsed, and its face is reportlab's."""
    font = tmp_path / "Face.ttf"
    shutil.copyfile(FONT_DIR / "DejaVuSans.ttf", font)
    entry = fontmetrics.table_path(FONT_DIR / "DejaVuSans.ttf").read_bytes()
    header = entry[: entry.index(b"\n") + 1]
    damaged = {
        "cut": entry[:-4],  # one whole number fewer
        "longer": entry + b"\0\0",
        "header only": header,
        "no header": entry[len(header) :],
    }[damage]
    fontmetrics.table_path(font).write_bytes(damaged)
    _same_face(fontmetrics.shipped_tt_font("made", font).face, TTFont("parsed", str(font)).face)
