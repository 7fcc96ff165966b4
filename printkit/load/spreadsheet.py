"""Card lists kept in spreadsheets: CSV, XLSX and ODS tables read as a deck's `cards` list.

A deck file may say `cards: cards.csv` (or `cards: {file: cards.xlsx, sheet: Monsters}`). The
header row names the card fields, exactly the keys a YAML card has; every other row is one card,
and an empty cell is an absent value. The table becomes the same plain data a YAML `cards:` list
gives, inside a `Document` that remembers each cell's place, so the deck's one schema validates it
and every message names the cell as a spreadsheet shows it, its row and column letter:
`cards.csv:17:C` (a CSV row is one record, whatever line breaks its cells hold), and for a
workbook its sheet too (`cards.xlsx[Monsters]:17:C`). An empty cell is an absent value, so an
empty cell in a required column is reported at that cell, naming the card: "card 'p1' has no
pick".

Text stays text: a cell holding "007" or "1:30" is never reinterpreted. A number is read from a
CSV cell only where the deck declares a number (count, an integer or number field, a numeric
choice), and a workbook's numbers stay numbers (7.0 becomes 7, as YAML would have read it).
"""

from __future__ import annotations

import csv
import io
import re
from array import array
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from printkit.core import limits
from printkit.core.errors import Collector, Diagnostic, InputError, Location, fail, printable
from printkit.core.words import close_matches
from printkit.load.formulas import unguarded
from printkit.load.reads import ReadLog
from printkit.load.sheet_limits import check_workbook
from printkit.load.yamlsafe import Document, PathKey, read_bytes, read_text

TABLE_SUFFIXES = (".csv", ".xlsx", ".ods")
_INT = re.compile(r"[+-]?\d+\Z")
_FLOAT = re.compile(r"[+-]?(\d+\.\d*|\.\d+|\d+)([eE][+-]?\d+)?\Z")
_FLAGS = {"true": True, "false": False}


@dataclass
class Table:
    """A sheet's cells as read: the header, then the data rows with their 1-based row numbers."""

    file: str
    header: list[str]
    rows: list[tuple[int, list[Any]]]
    sheet: str | None = None  # a workbook's sheet name; None for CSV

    def location(self, row: int, col: int) -> Location:
        """Where a cell is, as a spreadsheet shows it (see cell_location)."""
        return cell_location(self.file, row, col, self.sheet)


def cell_location(file: str, row: int, col: int, sheet: str | None = None) -> Location:
    """A cell as a spreadsheet shows it: its row number and column letter (`cards.csv:961:B`),
    for CSV and workbooks alike (row and col are 1-based), and a workbook's sheet
    (`cards.xlsx[Monsters]:961:B`)."""
    return Location(file, row, col, cell=f"{row}:{column_letters(col)}", sheet=sheet or "")


@cache
def column_letters(col: int) -> str:
    """1 -> A, 26 -> Z, 27 -> AA: how spreadsheets name a column."""
    letters = ""
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


@dataclass
class SheetCards:
    """A sheet's rows as the list of card maps YAML would give (`doc.data`, each cell's place
    by `doc.places`, a SheetPlaces), and the problems of its header row."""

    doc: Document
    header_problems: list[Diagnostic] = field(default_factory=list)


# -- reading -------------------------------------------------------------------------------------


def read_table(
    path: Path, shown: str, sheet: str | None, at: Location, log: ReadLog | None = None
) -> Table:
    """Read the first (or the named) sheet of a CSV, XLSX or ODS file (noted in `log`)."""
    suffix = path.suffix.lower()
    if suffix == ".csv":
        if sheet is not None:
            raise fail(at, f"'sheet' names a sheet of a workbook, but {shown} is a CSV file")
        return _read_csv(read_text(path, shown, log), shown)
    if suffix in (".xlsx", ".ods"):
        return _read_workbook(read_bytes(path, shown, log), shown, sheet, at)
    raise fail(
        at,
        f"cards must be a list of cards or a spreadsheet file ({', '.join(TABLE_SUFFIXES)}); "
        f"got {printable(shown)!r}",
    )


def read_csv_text(text: str, shown: str) -> Table:
    """The table of a CSV file's text (`shown` names it in messages: a file or a link)."""
    return _read_csv(text, shown)


def _read_csv(text: str, shown: str) -> Table:
    sample = text[:4096]
    try:
        dialect: Any = csv.Sniffer().sniff(sample, delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    _check_quotes_closed(text, dialect, shown)
    reader = csv.reader(io.StringIO(text), dialect)
    try:
        header = [str(h) for h in next(reader, [])]
        _check_columns(len(header), cell_location(shown, 1, 1))
        rows = []
        # a spreadsheet shows each record as one row, whatever line breaks its cells hold
        for row, values in enumerate(reader, start=2):
            _check_columns(len(values), cell_location(shown, row, 1))
            if any(v.strip() for v in values):
                rows.append((row, [unguarded(v) for v in values]))
            _check_row_limit(len(rows), shown)
    except csv.Error as exc:
        raise fail(Location(shown, reader.line_num, 1), f"not a readable CSV file: {exc}") from None
    return Table(shown, header, rows)


def _check_quotes_closed(text: str, dialect: Any, shown: str) -> None:
    """A quoted cell whose closing quote is missing runs on into the lines below, to the next
    quote or the end of the file: the cards there vanish into one cell. Said at the row where
    that cell opens, not as whatever the swallowed text then breaks. An odd count of quote
    characters is the cheap sign; a strict reading, which refuses text after a closing quote
    and a file that ends inside quotes, finds the row."""
    quote = getattr(dialect, "quotechar", '"') or '"'
    if text.count(quote) % 2 == 0:
        return
    records = 0
    try:
        for _ in csv.reader(io.StringIO(text), dialect, strict=True):
            records += 1
    except csv.Error:
        raise fail(
            cell_location(shown, records + 1, 1),
            f"a quoted cell opens in row {records + 1} and its closing {quote} is missing: the "
            "lines after it run into that one cell; close the quote (a quote inside a quoted "
            f"cell is written twice, {quote}{quote})",
        ) from None


def _read_workbook(data: bytes, shown: str, sheet: str | None, at: Location) -> Table:
    # imported here, only when a deck reads a workbook (start-up: docs/performance.md)
    from python_calamine import CalamineError, CalamineWorkbook

    check_workbook(data, shown)  # before the native reader, whose failures abort the process
    try:
        book = CalamineWorkbook.from_filelike(io.BytesIO(data))
        names = list(book.sheet_names)
        name = sheet if sheet is not None else (names[0] if names else None)
        if name not in names:
            close = close_matches(str(name), names, 1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise fail(at, f"{shown} has no sheet {name!r}{hint} (sheets: {', '.join(names)})")
        found = book.get_sheet_by_name(name)
        start_row, start_col = found.start or (0, 0)
        cells = found.to_python(skip_empty_area=False)
    except CalamineError as exc:
        raise fail(at, f"{shown} is not a readable workbook: {exc}") from None
    except BaseException as exc:  # a panic in the native reader is pyo3's PanicException
        if type(exc).__name__ != "PanicException":
            raise
        raise fail(at, f"{shown} is not a readable workbook (the reader failed: {exc})") from None
    return _workbook_table(shown, name, cells, start_row, start_col)


def _workbook_table(
    shown: str, sheet: str, cells: list[list[Any]], start_row: int, start_col: int
) -> Table:
    """Rows of a sheet as a Table; a sheet's used area may start below or right of A1."""
    pad = [""] * start_col
    header = [_text(v) for v in pad + list(cells[0])] if cells else []
    rows = []
    for index, values in enumerate(cells[1:], start=start_row + 2):
        if any(_text(v).strip() for v in values):
            rows.append((index, pad + list(values)))
        _check_row_limit(len(rows), shown)
    return Table(shown, header, rows, sheet)


def _check_columns(count: int, where: Location) -> None:
    if count > limits.MAX_SHEET_COLUMNS:
        raise fail(
            where,
            f"the row has {count:,} columns; the limit (MAX_SHEET_COLUMNS) is "
            f"{limits.MAX_SHEET_COLUMNS:,}",
        )


def _check_row_limit(count: int, shown: str) -> None:
    if count > limits.MAX_CARDS_PER_DECK:
        raise fail(
            Location(shown),
            f"the sheet has more than {limits.MAX_CARDS_PER_DECK:,} card rows; the limit "
            "(MAX_CARDS_PER_DECK) is that many",
        )


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


# -- turning rows into cards ---------------------------------------------------------------------


@dataclass
class Columns:
    """How each column of the table is read: the key it fills and the kind of value it holds."""

    kinds: dict[str, str]  # key -> "text", "integer", "number", "flag", "tags", "choice"
    choices: dict[str, list[Any]]
    required: set[str]


def table_cards(table: Table, columns: Columns) -> SheetCards:
    """The table as a YAML-like list of card maps; header problems raise InputError at once
    when a required column is missing, else they are reported with the cells' errors."""
    errors = Collector()
    keys = _header_keys(table, columns, errors)
    missing = sorted(columns.required - {k for k in keys.values()})
    for key in missing:
        errors.add(
            table.location(1, 1),
            f"the header row has no {key!r} column, and every card needs one "
            f"(columns: {', '.join(h for h in table.header if h.strip()) or 'none'})",
        )
    if missing:
        errors.raise_if_any()
    places = SheetPlaces(table.file, {key: col for col, key in keys.items()}, table.sheet)
    doc = Document(table.file, [], origin=table.location(1, 1), places=places)
    for row, values in table.rows:
        card: dict[str, Any] = {}
        for col, key in keys.items():
            raw = values[col - 1] if col - 1 < len(values) else ""
            if _empty(raw):
                continue
            card[key] = _value(raw, columns.kinds.get(key, "text"), columns.choices.get(key))
        places.add(row, card)
        doc.data.append(card)
    return SheetCards(doc, list(errors.diagnostics))


class SheetPlaces:
    """Where a sheet's cards are: card i is its row (`(i,)`: the row's first cell), its values
    their cells, their keys the header cells; a key the row leaves empty is its empty cell in
    that key's column (where "card 'p1' has no pick" points). Locations are made when a message
    asks, from a row number a card and the keys it gives (one tuple for every row giving the
    same keys)."""

    __slots__ = ("_file", "_cols", "_sheet", "_rows", "_given", "_shared")

    def __init__(self, file: str, cols: dict[str, int], sheet: str | None = None) -> None:
        self._file, self._cols, self._sheet = file, cols, sheet
        self._rows = array("l")
        self._given: list[tuple[str, ...]] = []
        self._shared: dict[tuple[str, ...], tuple[str, ...]] = {}

    def add(self, row: int, card: dict[str, Any]) -> None:
        """The next card, read from `row`, with the keys it gives."""
        given = tuple(card)
        self._rows.append(row)
        self._given.append(self._shared.setdefault(given, given))

    def find(self, path: PathKey, key: bool) -> Location | None:
        """The place of exactly `path` (key=True: of its key), or None."""
        index = path[0] if path else None
        if not isinstance(index, int) or not 0 <= index < len(self._rows):
            return None
        if len(path) == 1:
            return None if key else cell_location(self._file, self._rows[index], 1, self._sheet)
        if len(path) == 2 and path[1] in self._cols:  # given, or its cell left empty
            row = 1 if key else self._rows[index]
            return cell_location(self._file, row, self._cols[path[1]], self._sheet)
        return None


def _header_keys(table: Table, columns: Columns, errors: Collector) -> dict[int, str]:
    """Column number -> card key, for the columns the deck knows; the others are reported."""
    keys: dict[int, str] = {}
    seen: dict[str, int] = {}
    known = list(columns.kinds)
    for col, name in enumerate(table.header, start=1):
        key = name.strip()
        if not key:
            if any(col - 1 < len(v) and not _empty(v[col - 1]) for _, v in table.rows):
                errors.add(table.location(1, col), "a column with values has no header")
            continue
        if key in seen:
            errors.add(
                table.location(1, col),
                f"column {key!r} appears twice (first in column {column_letters(seen[key])})",
            )
            continue
        seen[key] = col
        if key not in columns.kinds:
            close = close_matches(key, known, 1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            errors.add(
                table.location(1, col),
                f"unknown column {printable(key)!r}{hint} (card fields: {', '.join(known)})",
            )
            continue
        keys[col] = key
    return keys


def _empty(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _value(raw: Any, kind: str, choices: list[Any] | None) -> Any:  # noqa: C901
    """A cell as the value YAML would have given; a cell that does not parse stays as written,
    so the schema reports it with what was expected."""
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, float) and raw.is_integer():
        raw = int(raw)
    if kind == "tags":
        return [t.strip() for t in _text(raw).split(",") if t.strip()]
    if kind == "text":
        return _text(raw)
    if isinstance(raw, int | float):
        return raw
    text = str(raw).strip()
    if kind in ("integer", "number"):
        if _INT.match(text):
            return int(text)
        if _FLOAT.match(text):
            return float(text)
        return str(raw)
    if kind == "flag":
        return _FLAGS.get(text.lower(), str(raw))
    if kind == "choice" and choices:
        for choice in choices:
            if str(choice) == text or _text(choice) == text:
                return choice
    return str(raw)


def columns_for(fields: Mapping[str, Any], base_required: Iterable[str]) -> Columns:
    """The columns a deck's cards may have: the base card keys and its declared fields."""
    kinds = {"id": "text", "kind": "text", "count": "integer", "title": "text", "text": "text"}
    kinds["tags"] = "tags"
    choices: dict[str, list[Any]] = {}
    required = set(base_required)
    for name, decl in fields.items():
        if name in kinds:
            continue
        kinds[name] = decl.type
        if decl.type == "choice":
            choices[name] = list(decl.choices)
        if decl.required:
            required.add(name)
    return Columns(kinds, choices, required)


def splice_cards(doc: Document, cards: SheetCards) -> Document:
    """The deck document with its `cards` replaced by the sheet's rows: each card is located in
    the sheet, everything else where it was (a variant's override stays in kit.yaml)."""
    rows = cards.doc.data
    return doc.grafted({}, {**doc.data, "cards": rows}, {("cards",): (cards.doc, (), len(rows))})


def raise_with_header_problems(doc: SheetCards, exc: InputError | None) -> None:
    """Raise one InputError with the header's problems (unknown or repeated columns) and the
    cells' problems together, so a user sees everything wrong with the sheet at once."""
    collector = Collector()
    collector.diagnostics = [*doc.header_problems, *(exc.diagnostics if exc else [])]
    collector.raise_if_any()
