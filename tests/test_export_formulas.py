"""A card list exported for a spreadsheet never runs anything when opened: text starting with
=, +, -, @, a tab or a carriage return is written as text (an apostrophe in CSV, a text-typed cell
in XLSX), and the export reads back as exactly the same cards."""

from __future__ import annotations

import csv
import io
import re

import pytest

HOSTILE = {
    "grain": '=HYPERLINK("http://example.invalid/","x")',
    "timber": "+1 card",
    "gold": "-2 gold",
    "trade": "@SUM(A1:A9)",
    "build": "'=already quoted",
    "raid": "'plain apostrophe",
}


@pytest.fixture
def hostile_kit(cli, tmp_path):
    """The blank kit with titles a spreadsheet would run."""
    kit = tmp_path / "hostile"
    assert cli("new", kit).exit_code == 0
    text = (kit / "cards.yaml").read_text(encoding="utf-8")
    for card, title in HOSTILE.items():
        text = re.sub(
            rf"(\{{id: {card},.*? title: )[^,]+,", rf"\g<1>{yaml_quoted(title)},", text, count=1
        )
    (kit / "cards.yaml").write_text(text, encoding="utf-8")
    return kit


def yaml_quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def exported(cli, kit, tmp_path, fmt: str):
    out = tmp_path / f"export-{fmt}"
    r = cli("export", kit, "--cards", fmt, "--out", out)
    assert r.exit_code == 0, r.output
    return out / kit.name / f"cards.{fmt}"


def titles_of(kit) -> dict[str, str]:
    from printkit.kit import load_kit
    from printkit.model.cards import Deck

    deck = load_kit(str(kit)).model_as("cards", Deck)
    return {card.id: card.title for card in deck.cards}


def test_csv_cells_that_a_spreadsheet_would_run_start_with_an_apostrophe(
    cli, hostile_kit, tmp_path
):
    rows = list(csv.reader(io.StringIO(exported(cli, hostile_kit, tmp_path, "csv").read_text())))
    title = rows[0].index("title")
    written = {row[0]: row[title] for row in rows[1:]}
    assert written["grain"] == "'" + HOSTILE["grain"]
    assert written["timber"] == "'+1 card" and written["gold"] == "'-2 gold"
    assert written["trade"] == "'@SUM(A1:A9)"
    assert written["build"] == "''=already quoted"
    assert written["raid"] == "'plain apostrophe"  # nothing a spreadsheet would run
    assert all(not cell.startswith(("=", "+", "-", "@")) for row in rows for cell in row)


def test_xlsx_cells_are_text_never_formulas(cli, hostile_kit, tmp_path):
    import openpyxl  # imported here: it costs every test process ~0.2 s at collection

    sheet = openpyxl.load_workbook(exported(cli, hostile_kit, tmp_path, "xlsx")).active
    header = [cell.value for cell in sheet[1]]
    column = header.index("title") + 1
    cells = {
        sheet.cell(row, 1).value: sheet.cell(row, column) for row in range(2, sheet.max_row + 1)
    }
    for card, title in HOSTILE.items():
        assert cells[card].data_type == "s", (card, cells[card].data_type)
        assert cells[card].value == title
    assert all(cell.data_type != "f" for row in sheet.iter_rows() for cell in row)


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_an_export_reads_back_as_the_same_cards(cli, hostile_kit, tmp_path, fmt):
    table = exported(cli, hostile_kit, tmp_path, fmt)
    before = titles_of(hostile_kit)
    (hostile_kit / table.name).write_bytes(table.read_bytes())
    text = (hostile_kit / "cards.yaml").read_text(encoding="utf-8")
    head = text[: text.index("\ncards:")]
    (hostile_kit / "cards.yaml").write_text(f"{head}\ncards: {table.name}\n", encoding="utf-8")
    assert titles_of(hostile_kit) == before
    assert before["build"] == "'=already quoted"
