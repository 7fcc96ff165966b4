"""Parsed font metrics kept between runs (draw/fontcache.py): a font read back from the cache is
the font reportlab parses, attribute for attribute, and a build with the cache writes the same
bytes as one without; a damaged entry is parsed afresh."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from reportlab.pdfbase.ttfonts import TTFont

from printkit.draw import fontcache
from printkit.draw.fonts import FONT_DIR, FONTS

MINI = Path(__file__).resolve().parent / "fixtures" / "mini"


def _same_face(cached, parsed) -> None:
    mine, theirs = dict(cached.__dict__), dict(parsed.__dict__)
    assert mine.pop("_pdfScale")(1234.5) == theirs.pop("_pdfScale")(1234.5)
    assert mine.keys() == theirs.keys()
    for key, value in theirs.items():
        assert mine[key] == value, key
        assert type(mine[key]) is type(value), key
    for key in fontcache._NAMES:
        assert mine[key].ustr == theirs[key].ustr


@pytest.mark.parametrize("role", sorted(FONTS))
def test_a_cached_font_is_the_parsed_font(role, tmp_path, monkeypatch):
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(tmp_path))
    path = FONT_DIR / FONTS[role]
    parsed = TTFont("parsed", str(path))
    first = fontcache.tt_font("first", path)  # parsed, and stored
    assert len(list(tmp_path.glob("*.marshal"))) == 1
    cached = fontcache.tt_font("second", path)  # read back
    assert cached.face is not first.face
    _same_face(cached.face, parsed.face)
    fresh = {k: v for k, v in parsed.__dict__.items() if k not in ("face", "fontName", "state")}
    assert {k: v for k, v in cached.__dict__.items() if k in fresh}.keys() == fresh.keys()
    assert cached.shapable == parsed.shapable and cached._asciiReadable == parsed._asciiReadable
    assert cached.stringWidth("Card 17 — ½", 9.5) == parsed.stringWidth("Card 17 — ½", 9.5)


def test_a_damaged_entry_is_parsed_afresh(tmp_path, monkeypatch):
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(tmp_path))
    path = FONT_DIR / FONTS["body"]
    fontcache.tt_font("a", path)
    (entry,) = tmp_path.glob("*.marshal")
    entry.write_bytes(entry.read_bytes()[:100])
    font = fontcache.tt_font("b", path)
    _same_face(font.face, TTFont("c", str(path)).face)


@pytest.mark.slow
def test_a_build_with_cached_fonts_writes_the_same_bytes(tmp_path):
    kit = tmp_path / "mini"
    shutil.copytree(MINI, kit)
    env = {**os.environ, "PRINTKIT_CACHE_DIR": str(tmp_path / "cache"), "SOURCE_DATE_EPOCH": "0"}
    outs = []
    for run in ("parsed", "cached"):
        out = tmp_path / run
        cmd = [sys.executable, "-m", "printkit", "build", str(kit), "--out", str(out), "-j", "1"]
        subprocess.run(cmd, env=env, check=True, capture_output=True)
        outs.append({p.relative_to(out): p.read_bytes() for p in out.rglob("*.pdf")})
        if run == "parsed":
            assert list((tmp_path / "cache").glob("*.marshal")), "the first build stores"
    assert outs[0] and outs[0] == outs[1]


def test_a_font_replaced_at_the_same_path_is_parsed_afresh(tmp_path, monkeypatch):
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "font.ttf"
    shutil.copyfile(FONT_DIR / FONTS["body"], path)
    fontcache.tt_font("a", path)
    assert not (tmp_path / "cache").exists(), "a font written just now is not stored"
    os.utime(path, ns=(10**18, 10**18))
    fontcache.tt_font("a", path)
    shutil.copyfile(FONT_DIR / FONTS["display"], path)  # another font, the same name
    os.utime(path, ns=(10**18 + 1, 10**18 + 1))
    font = fontcache.tt_font("b", path)
    _same_face(font.face, TTFont("c", str(path)).face)
    assert len(list((tmp_path / "cache").glob("*.marshal"))) == 2
