"""A deck's cards written as a spreadsheet (CSV or XLSX) that reads back to the same cards.

The columns are the keys a YAML card has: id, kind, count, title, text, tags, then the deck's
declared fields in the order the deck declares them. Values are written so that
`printkit.load.spreadsheet` reads them back unchanged: whole numbers without a decimal point,
other numbers in Python's shortest round-trip form, flags as true/false, tags joined by commas,
and text exactly as it is (a spreadsheet's "007" stays text because the column is a text field),
except that text a spreadsheet would run as a formula (`=1+2`) is written as text
(printkit.load.formulas).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from openpyxl import Workbook

from printkit.load.formulas import guarded
from printkit.model.cards import Card, Deck

BASE_COLUMNS = ("id", "kind", "count", "title", "text", "tags")


def card_columns(deck: Deck) -> list[str]:
    """The header row: the base card keys, then the declared fields not already among them."""
    return [*BASE_COLUMNS, *(name for name in deck.fields if name not in BASE_COLUMNS)]


def card_row(card: Card, columns: Sequence[str]) -> list[Any]:
    """One card as native values (None for an absent value), in column order."""
    row: list[Any] = []
    for name in columns:
        value = ", ".join(card.tags) if name == "tags" else card.get(name)
        row.append(value if value not in ("", []) else None)
    return row


def csv_text(deck: Deck) -> str:
    columns = card_columns(deck)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for card in deck.cards:
        writer.writerow([_cell_text(v) for v in card_row(card, columns)])
    return out.getvalue()


def _cell_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, int):
        return str(value)
    return guarded(str(value))


def write_xlsx(deck: Deck, path: Path, sheet: str = "Cards") -> None:
    """The cards as a workbook: numbers as number cells, text as text cells (typed as text, so
    that text starting with `=` is never a formula, and formatted as text for what a user types)."""
    book = Workbook()
    table = book.active
    assert table is not None  # a new workbook always has its first sheet
    table.title = sheet
    columns = card_columns(deck)
    rows = [columns, *(card_row(card, columns) for card in deck.cards)]
    for row, values in enumerate(rows):
        for column, value in enumerate(values, start=1):
            _set_cell(table.cell(row + 1, column), value)
    buffer = io.BytesIO()
    book.save(buffer)
    path.write_bytes(buffer.getvalue())


def _set_cell(cell: Any, value: Any) -> None:
    if isinstance(value, str):
        cell.value = value
        cell.data_type = "s"  # openpyxl would make a formula of text starting with "="
        cell.number_format = "@"
    else:
        cell.value = value


def write_table(deck: Deck, path: Path, fmt: str) -> None:
    """Write the deck's cards to `path` (a staged temporary) as `fmt` (csv or xlsx)."""
    if fmt == "csv":
        path.write_text(csv_text(deck), encoding="utf-8")
    else:
        write_xlsx(deck, path)
