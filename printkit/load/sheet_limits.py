"""Cheap checks of a workbook's archive before the native reader sees it.

python-calamine reads XLSX and ODS in Rust; a hostile file of a few kilobytes can make it allocate
a grid of billions of cells (one cell at XFD1048576, an ODS cell repeated 20,000 x 500 times) or
inflate a gigabyte of shared strings, and the process aborts where no Python handler can catch it.
So the archive is measured first, with Python's own zip and XML readers, against the documented
limits (docs/limits.md): how much it unpacks to, how many columns and rows its cells reach, and how
many cells hold a value once repeats are counted. Only a workbook within them is handed on.
"""

from __future__ import annotations

import io
import re
import zipfile
import zlib
from collections.abc import Iterator
from typing import IO
from xml.etree.ElementTree import Element, XMLPullParser

from printkit.core import limits
from printkit.core.errors import InputError, Location, fail

_CHUNK = 1 << 16
# what Python's zip reader raises on a damaged archive (a bad header, a bad deflate stream, an
# offset before the file's start, a compression method it does not know...)
_DAMAGED_ZIP = (
    zipfile.BadZipFile,
    zipfile.LargeZipFile,
    zlib.error,
    OSError,
    EOFError,
    ValueError,
    RuntimeError,
    NotImplementedError,
)
_CELL_REF = re.compile(rb'<c\b[^>]*?\br="([A-Z]{1,3})([0-9]{1,7})"')
_ODS_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
_ODS_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
_ROW, _CELL = f"{{{_ODS_TABLE}}}table-row", f"{{{_ODS_TABLE}}}table-cell"
_COVERED = f"{{{_ODS_TABLE}}}covered-table-cell"
_ROWS_REPEATED = f"{{{_ODS_TABLE}}}number-rows-repeated"
_COLUMNS_REPEATED = f"{{{_ODS_TABLE}}}number-columns-repeated"
_VALUE_TYPE = f"{{{_ODS_OFFICE}}}value-type"


def check_workbook(data: bytes, shown: str) -> None:
    """Refuse, with a located message, a workbook that unpacks or spreads beyond the limits."""
    where = Location(shown)
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except _DAMAGED_ZIP:
        raise fail(where, f"{shown} is not a readable workbook (not a zip archive)") from None
    with archive:
        _check_unpacked_size(archive, shown)
        names = archive.namelist()
        if "content.xml" in names:
            _check_ods(archive, shown)
        for name in names:
            if name.startswith("xl/worksheets/") and name.endswith(".xml"):
                _check_xlsx_sheet(archive, name, shown)


def _check_unpacked_size(archive: zipfile.ZipFile, shown: str) -> None:
    declared = sum(info.file_size for info in archive.infolist())
    if declared > limits.MAX_SHEET_UNPACKED_BYTES:
        raise _too_large(shown, declared)


def _too_large(shown: str, size: int) -> InputError:
    return fail(
        Location(shown),
        f"{shown} unpacks to more than {size:,} bytes; the limit (MAX_SHEET_UNPACKED_BYTES) is "
        f"{limits.MAX_SHEET_UNPACKED_BYTES:,}",
    )


def _chunks(archive: zipfile.ZipFile, name: str, shown: str) -> Iterator[bytes]:
    """An entry's bytes as they inflate, stopped at the limit whatever its header declares."""
    read = 0
    try:
        with archive.open(name) as entry:
            while chunk := _read(entry):
                read += len(chunk)
                if read > limits.MAX_SHEET_UNPACKED_BYTES:
                    raise _too_large(shown, read)
                yield chunk
    except _DAMAGED_ZIP as exc:
        raise fail(Location(shown), f"{shown} is not a readable workbook: {exc}") from None


def _read(entry: IO[bytes]) -> bytes:
    return entry.read(_CHUNK)


def _check_xlsx_sheet(archive: zipfile.ZipFile, name: str, shown: str) -> None:
    """The farthest column and row any cell of the sheet names (`r="XFD1048576"`)."""
    reach, tail = _Reach(shown), b""
    for chunk in _chunks(archive, name, shown):
        text = tail + chunk
        for match in _CELL_REF.finditer(text):
            reach.cell(_column_number(match.group(1)), int(match.group(2)))
        tail = text[-64:]  # a reference cut between two chunks is found in the next one


def _column_number(letters: bytes) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + letter - ord("A") + 1
    return number


class _Reach:
    """The columns and rows a sheet's cells with a value reach: a reader lays out every cell of
    that rectangle, so its area is what costs memory."""

    def __init__(self, shown: str) -> None:
        self.shown, self.columns, self.rows = shown, 0, 0

    def cell(self, column: int, row: int) -> None:
        self.columns, self.rows = max(self.columns, column), max(self.rows, row)
        if self.columns > limits.MAX_SHEET_COLUMNS:
            raise self._refuse(f"a cell in column {column:,}", "MAX_SHEET_COLUMNS", "columns")
        if self.rows > limits.MAX_SHEET_ROWS:
            raise self._refuse(f"a cell in row {row:,}", "MAX_SHEET_ROWS", "rows")
        if self.columns * self.rows > limits.MAX_SHEET_CELLS:
            area = f"cells over {self.columns:,} columns and {self.rows:,} rows"
            raise self._refuse(area, "MAX_SHEET_CELLS", "cells")

    def _refuse(self, what: str, name: str, unit: str) -> InputError:
        limit = getattr(limits, name)
        return fail(
            Location(self.shown),
            f"{self.shown} has {what}; the limit ({name}) is {limit:,} {unit}",
        )


def _check_ods(archive: zipfile.ZipFile, shown: str) -> None:
    """Rows and cells as an ODS reader expands them: `number-rows-repeated` rows of cells, each
    `number-columns-repeated` times; a run of empty repeats (every office suite writes one to the
    sheet's end) holds nothing, so only the cells with a value count towards the reach."""
    parser: XMLPullParser[Element] = XMLPullParser(events=("start", "end"))
    reach, rows, repeat, columns = _Reach(shown), 0, 1, 0
    for chunk in _chunks(archive, "content.xml", shown):
        for event, element in _events(parser, chunk, shown):
            tag = element.tag
            if event == "start" and tag == _ROW:
                repeat, columns = _count(element.get(_ROWS_REPEATED)), 0
            elif event == "end" and tag in (_CELL, _COVERED):
                columns += _count(element.get(_COLUMNS_REPEATED))
                if element.get(_VALUE_TYPE) is not None or len(element):
                    reach.cell(columns, rows + repeat)
                element.clear()
            elif event == "end" and tag == _ROW:
                rows += repeat
                element.clear()


def _events(parser: XMLPullParser[Element], chunk: bytes, shown: str) -> list[tuple[str, Element]]:
    try:
        parser.feed(chunk)
        return [(event, element) for event, element in parser.read_events()]  # type: ignore[misc]
    except SyntaxError as exc:
        raise fail(Location(shown), f"{shown} is not a readable workbook: {exc}") from None


def _count(value: str | None) -> int:
    try:
        return max(1, int(value)) if value is not None else 1
    except ValueError:
        return 1
