"""A kit font whose tables lie about themselves is refused by `check`, at its kit.yaml line, in
well under a second: a cmap claiming four billion characters, a damaged loca table (which used to
pass `check` and crash the build), a table reaching past the end of the file."""

from __future__ import annotations

import struct
import time

import pytest

from printkit.draw.fonts import FONT_DIR
from tests.conftest import edit, line_of

SANS = (FONT_DIR / "DejaVuSans.ttf").read_bytes()


def with_table(data: bytes, tag: bytes, new: bytes) -> bytes:
    """The font with one table's bytes replaced (the directory rewritten, tables in order)."""
    count = struct.unpack_from(">H", data, 4)[0]
    entries = [struct.unpack_from(">4sIII", data, 12 + 16 * i) for i in range(count)]
    tables = {t: (new if t == tag else data[o : o + n]) for t, _, o, n in entries}
    offset = 12 + 16 * count
    directory, body = b"", b""
    for t, checksum, _, _ in entries:
        padded = tables[t] + b"\0" * (-len(tables[t]) % 4)
        directory += struct.pack(">4sIII", t, checksum, offset + len(body), len(tables[t]))
        body += padded
    return data[:12] + directory + body


def table(data: bytes, tag: bytes) -> bytes:
    count = struct.unpack_from(">H", data, 4)[0]
    for i in range(count):
        t, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if t == tag:
            return data[offset : offset + length]
    raise KeyError(tag)


def huge_cmap() -> bytes:
    """A cmap whose one format-12 group maps every code from 0 to 0xFFFFFFFE."""
    sub = struct.pack(">HHIII", 12, 0, 28, 0, 1) + struct.pack(">III", 0, 0xFFFFFFFE, 1)
    return struct.pack(">HH", 0, 1) + struct.pack(">HHI", 3, 10, 12) + sub


def damaged_loca() -> bytes:
    loca = bytearray(table(SANS, b"loca"))
    long = struct.unpack_from(">h", table(SANS, b"head"), 50)[0] == 1
    layout, size = (">I", 4) if long else (">H", 2)
    struct.pack_into(layout, loca, 10 * size, 0 if long else 0)  # glyph 10 starts before glyph 9
    struct.pack_into(layout, loca, 9 * size, 0xFFFF if not long else 0xFFFFFFF)
    return with_table(SANS, b"loca", bytes(loca))


def past_the_end() -> bytes:
    data = bytearray(SANS)
    struct.pack_into(">I", data, 12 + 12, len(SANS))  # the first table's length: the whole file
    return bytes(data)


@pytest.mark.parametrize(
    ("font", "message"),
    [
        (with_table(SANS, b"cmap", huge_cmap()), "maps characters beyond Unicode"),
        (damaged_loca(), "loca table is damaged"),
        (past_the_end(), "reaches past the end of the file"),
    ],
    ids=["cmap-4-billion", "damaged-loca", "table-past-end"],
)
def test_a_font_whose_tables_lie_is_refused_by_check(cli, kit_copy, font, message):
    kit = kit_copy("chartae")
    (kit / "fonts").mkdir()
    (kit / "fonts" / "Bad.ttf").write_bytes(font)
    edit(kit / "kit.yaml", "components:\n", "fonts:\n  display: fonts/Bad.ttf\ncomponents:\n")
    start = time.process_time()
    r = cli("check", kit)
    spent = time.process_time() - start
    assert r.exit_code == 2, r.output
    line = line_of(kit / "kit.yaml", "display: fonts/Bad.ttf")
    assert f"{kit / 'kit.yaml'}:{line}:" in r.stderr and message in r.stderr, r.stderr
    assert spent < 1.5, f"{spent:.2f} s of CPU to refuse it"


def test_every_shipped_font_passes_the_table_check():
    from printkit.load.fontfile import check_font_tables

    for path in sorted(FONT_DIR.glob("*.ttf")):
        check_font_tables(path.read_bytes())


def test_a_cmap_mapping_more_than_the_limit_is_refused():
    from printkit.core import limits
    from printkit.load.fontfile import DamagedFont, check_font_tables

    end = limits.MAX_FONT_CHARACTERS + 10
    sub = struct.pack(">HHIII", 12, 0, 28, 0, 1) + struct.pack(">III", 0, end, 1)
    cmap = struct.pack(">HH", 0, 1) + struct.pack(">HHI", 3, 10, 12) + sub
    with pytest.raises(DamagedFont, match="MAX_FONT_CHARACTERS"):
        check_font_tables(with_table(SANS, b"cmap", cmap))
