"""Hostile card lists in spreadsheets are refused cheaply, with a located message, before the
native reader sees them (a cell at XFD1048576, a gigabyte of shared strings, ODS cells repeated
20,000 x 500 times, 150,000 CSV columns): exit 2, never an abort of the whole process."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from bench import hostile
from printkit.core import limits


@pytest.fixture
def blank(cli, tmp_path) -> Path:
    """A kit from `printkit new` whose deck is about to name a spreadsheet."""
    kit = tmp_path / "blank"
    assert cli("new", kit).exit_code == 0
    return kit


def point_cards_at(kit: Path, name: str) -> None:
    text = (kit / "cards.yaml").read_text(encoding="utf-8")
    head = text[: text.index("\ncards:")]
    (kit / "cards.yaml").write_text(f"{head}\ncards: {name}\n", encoding="utf-8")


def refused(cli, kit: Path, *words: str) -> str:
    start = time.process_time()
    r = cli("check", kit)
    spent = time.process_time() - start
    assert r.exit_code == 2, r.output
    assert all(word in r.stderr for word in words), r.stderr
    assert spent < 3, f"the refusal took {spent:.1f} s of CPU"
    return r.stderr


def test_a_cell_at_the_last_column_and_row_is_refused(cli, blank):
    hostile.far_cell_xlsx(blank / "cards.xlsx")
    assert (blank / "cards.xlsx").stat().st_size < 3000
    point_cards_at(blank, "cards.xlsx")
    message = refused(cli, blank, "cards.xlsx", "column 16,384", "MAX_SHEET_COLUMNS")
    assert "Traceback" not in message


@pytest.mark.slow
def test_a_gigabyte_of_shared_strings_is_refused_before_it_is_inflated(cli, blank):
    hostile.shared_string_bomb_xlsx(blank / "cards.xlsx")
    assert (blank / "cards.xlsx").stat().st_size < 2_000_000
    point_cards_at(blank, "cards.xlsx")
    refused(cli, blank, "cards.xlsx", "unpacks to more than", "MAX_SHEET_UNPACKED_BYTES")


def test_ods_cells_repeated_twenty_thousand_times_five_hundred_are_refused(cli, blank):
    hostile.repeated_cells_ods(blank / "cards.ods")
    assert (blank / "cards.ods").stat().st_size < 1500
    point_cards_at(blank, "cards.ods")
    refused(cli, blank, "cards.ods", "column 20,000", "MAX_SHEET_COLUMNS")


def test_empty_repeats_at_a_sheets_end_cost_nothing(tmp_path):
    """Office suites pad a sheet with a repeated empty row and cell to its last row and column:
    that is no reason to refuse it."""
    from printkit.load.sheet_limits import check_workbook

    path = hostile.ods(
        tmp_path / "padded.ods",
        f"<table:table-row>{hostile.ods_cell('title')}"
        '<table:table-cell table:number-columns-repeated="16383"/></table:table-row>'
        '<table:table-row table:number-rows-repeated="1048575"><table:table-cell '
        'table:number-columns-repeated="16384"/></table:table-row>',
    )
    check_workbook(path.read_bytes(), "padded.ods")  # raises nothing


def test_a_sheet_spanning_too_many_cells_is_refused(tmp_path):
    from printkit.core.errors import InputError
    from printkit.load.sheet_limits import check_workbook

    path = tmp_path / "wide.xlsx"
    far = f"{limits.MAX_SHEET_ROWS}"
    hostile.xlsx(path, hostile.sheet(("ALL1", "x"), (f"A{far}", "x")))
    with pytest.raises(InputError, match="MAX_SHEET_CELLS"):
        check_workbook(path.read_bytes(), "wide.xlsx")


def test_a_csv_with_150000_header_columns_is_refused_at_once(cli, blank):
    hostile.wide_csv(blank / "cards.csv", 150_001)
    point_cards_at(blank, "cards.csv")
    refused(cli, blank, "cards.csv:1:A", "150,001 columns", "MAX_SHEET_COLUMNS")


def test_a_csv_with_a_nul_byte_is_called_a_binary_file_not_yaml(cli, blank):
    (blank / "cards.csv").write_bytes(b"id,title\na,x\x00y\n")
    point_cards_at(blank, "cards.csv")
    message = refused(cli, blank, "cards.csv:2:4", "NUL")
    assert "YAML" not in message
