"""An empty spreadsheet cell in a column the deck declares `required: true` (issue 36): exit 2,
nothing written, the error at that very cell (the file, the workbook's sheet, the row and the
column letter) naming the card in words, "card 'p1' has no pick", as the YAML path says it."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

from tests.conftest import edit

PARTY = Path(__file__).parent / "kits" / "party"


def party(tmp_path: Path) -> Path:
    """The party kit (cards from cards.csv; `pick` is column D) with `pick` required."""
    kit = tmp_path / "party"
    shutil.copytree(PARTY, kit)
    edit(kit / "cards.yaml", "pick: {type: integer,", "pick: {type: integer, required: true,")
    return kit


def rows(kit: Path) -> list[list[str]]:
    with (kit / "cards.csv").open(newline="", encoding="utf-8") as handle:
        return list(csv.reader(handle))


def fill_pick(table: list[list[str]], but: str) -> list[list[str]]:
    """Every card given a pick, but the card `but`, whose cell stays empty."""
    header = table[0]
    col = header.index("pick")
    assert col == 3  # column D
    for row in table[1:]:
        row[col] = "" if row[0] == but else row[col] or "1"
    return table


def test_an_empty_required_csv_cell_is_an_error_at_the_cell(cli, tmp_path):
    kit = party(tmp_path)
    table = fill_pick(rows(kit), but="p2")
    with (kit / "cards.csv").open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(table)
    out = tmp_path / "out"
    for command in (("check", str(kit)), ("build", str(kit), "--out", str(out))):
        r = cli(*command)
        assert r.exit_code == 2, r.output
        assert "cards.csv:3:D: error: card 'p2' has no pick" in r.output
        assert r.output.count("has no pick") == 1 and "Traceback" not in r.output
    assert not out.exists() or not any(out.rglob("*.pdf"))


def test_an_empty_required_workbook_cell_names_its_sheet_row_and_column(cli, tmp_path):
    import openpyxl  # imported here: it costs every test process ~0.2 s at collection

    kit = party(tmp_path)
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Prompts"
    for row in fill_pick(rows(kit), but="a1"):
        sheet.append([int(v) if v.isdigit() else (v or None) for v in row])
    book.save(kit / "cards.xlsx")
    edit(kit / "cards.yaml", "cards: cards.csv", "cards: {file: cards.xlsx, sheet: Prompts}")
    row = next(i for i, r in enumerate(rows(kit), start=1) if r[0] == "a1")
    r = cli("check", str(kit))
    assert r.exit_code == 2, r.output
    assert f"cards.xlsx[Prompts]:{row}:D: error: card 'a1' has no pick" in r.output
    assert r.output.count("has no pick") == 1


def test_a_sheet_whose_required_cells_are_all_given_loads(cli, tmp_path):
    kit = party(tmp_path)
    table = fill_pick(rows(kit), but="none")
    with (kit / "cards.csv").open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(table)
    r = cli("check", str(kit))
    assert r.exit_code in (0, 1), r.output  # findings may warn; nothing is missing
    assert "has no pick" not in r.output
