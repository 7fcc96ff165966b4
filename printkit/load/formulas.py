"""Card text that a spreadsheet would run as a formula, written so that it shows as text.

A cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return is a formula to Excel,
LibreOffice and Google Sheets (`=HYPERLINK("http://…")` runs when the sheet is opened). In a CSV
printkit writes, such text is prefixed with an apostrophe, the mark every spreadsheet reads as
"this is text"; reading a CSV takes the apostrophe off again, so an export reads back as the same
cards. Text that already starts with apostrophes before a trigger gets one more, so the round trip
is exact for every text. (In an XLSX, cells are typed as text instead: nothing to prefix.)
"""

from __future__ import annotations

import re

_TRIGGERED = re.compile(r"'*[=+\-@\t\r]")


def guarded(text: str) -> str:
    """The text as written into a CSV cell: prefixed with ' where a spreadsheet would run it."""
    return "'" + text if _TRIGGERED.match(text) else text


def unguarded(cell: str) -> str:
    """A CSV cell as the text it holds: the apostrophe `guarded` added is taken off."""
    return cell[1:] if cell.startswith("'") and _TRIGGERED.match(cell, 1) else cell
