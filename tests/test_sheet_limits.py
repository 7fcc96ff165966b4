"""Hostile card lists in spreadsheets are refused cheaply, with a located message, before the
native reader sees them (a cell at XFD1048576, a gigabyte of shared strings, ODS cells repeated
20,000 x 500 times, 150,000 CSV columns): exit 2, never an abort of the whole process."""

from __future__ import annotations

import time
import zipfile
from pathlib import Path

import pytest

from printkit.core import limits

ODS_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"'
)
XLSX_NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'


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


def xlsx(path: Path, sheet_xml: str, shared: bytes | None = None, repeat: int = 0) -> None:
    """A minimal workbook: one sheet, and shared strings whose last string is `shared` x repeat."""
    rels = (
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/'
        '2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
        'officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>'
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
        'relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>'
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(
            "[Content_Types].xml",
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
            'content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
        )
        z.writestr(
            "xl/workbook.xml",
            f'<?xml version="1.0"?><workbook {XLSX_NS} xmlns:r="http://schemas.openxmlformats.org/'
            'officeDocument/2006/relationships"><sheets><sheet name="Cards" sheetId="1" '
            'r:id="rId1"/></sheets></workbook>',
        )
        z.writestr("xl/_rels/workbook.xml.rels", rels)
        z.writestr("xl/worksheets/sheet1.xml", sheet_xml)
        if shared is not None:
            with z.open("xl/sharedStrings.xml", "w", force_zip64=True) as f:
                f.write(
                    f'<?xml version="1.0"?><sst {XLSX_NS}><si><t>title</t></si><si><t>'.encode()
                )
                for _ in range(repeat):
                    f.write(shared)
                f.write(b"</t></si></sst>")


def refused(cli, kit: Path, *words: str) -> str:
    start = time.process_time()
    r = cli("check", kit)
    spent = time.process_time() - start
    assert r.exit_code == 2, r.output
    assert all(word in r.stderr for word in words), r.stderr
    assert spent < 3, f"the refusal took {spent:.1f} s of CPU"
    return r.stderr


def test_a_cell_at_the_last_column_and_row_is_refused(cli, blank):
    sheet = (
        f'<?xml version="1.0"?><worksheet {XLSX_NS}><sheetData>'
        '<row r="1"><c r="A1" t="inlineStr"><is><t>title</t></is></c></row>'
        '<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row>'
        "</sheetData></worksheet>"
    )
    xlsx(blank / "cards.xlsx", sheet)
    assert (blank / "cards.xlsx").stat().st_size < 3000
    point_cards_at(blank, "cards.xlsx")
    message = refused(cli, blank, "cards.xlsx", "column 16,384", "MAX_SHEET_COLUMNS")
    assert "Traceback" not in message


def test_a_gigabyte_of_shared_strings_is_refused_before_it_is_inflated(cli, blank):
    sheet = (
        f'<?xml version="1.0"?><worksheet {XLSX_NS}><sheetData>'
        '<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c>'
        "</row></sheetData></worksheet>"
    )
    xlsx(blank / "cards.xlsx", sheet, shared=b"A" * (1 << 20), repeat=1024)
    assert (blank / "cards.xlsx").stat().st_size < 2_000_000
    point_cards_at(blank, "cards.xlsx")
    refused(cli, blank, "cards.xlsx", "unpacks to more than", "MAX_SHEET_UNPACKED_BYTES")


def test_ods_cells_repeated_twenty_thousand_times_five_hundred_are_refused(cli, blank):
    content = (
        f'<?xml version="1.0"?><office:document-content {ODS_NS}><office:body>'
        '<office:spreadsheet><table:table table:name="Cards"><table:table-row>'
        '<table:table-cell office:value-type="string"><text:p>title</text:p></table:table-cell>'
        '</table:table-row><table:table-row table:number-rows-repeated="500">'
        '<table:table-cell table:number-columns-repeated="20000" office:value-type="string">'
        "<text:p>x</text:p></table:table-cell></table:table-row></table:table>"
        "</office:spreadsheet></office:body></office:document-content>"
    )
    with zipfile.ZipFile(blank / "cards.ods", "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr("content.xml", content)
    assert (blank / "cards.ods").stat().st_size < 1500
    point_cards_at(blank, "cards.ods")
    refused(cli, blank, "cards.ods", "column 20,000", "MAX_SHEET_COLUMNS")


def test_empty_repeats_at_a_sheets_end_cost_nothing(tmp_path):
    """Office suites pad a sheet with a repeated empty row and cell to its last row and column:
    that is no reason to refuse it."""
    from printkit.load.sheet_limits import check_workbook

    content = (
        f'<?xml version="1.0"?><office:document-content {ODS_NS}><office:body>'
        '<office:spreadsheet><table:table table:name="Cards"><table:table-row>'
        '<table:table-cell office:value-type="string"><text:p>title</text:p></table:table-cell>'
        '<table:table-cell table:number-columns-repeated="16383"/></table:table-row>'
        '<table:table-row table:number-rows-repeated="1048575"><table:table-cell '
        'table:number-columns-repeated="16384"/></table:table-row></table:table>'
        "</office:spreadsheet></office:body></office:document-content>"
    )
    path = tmp_path / "padded.ods"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("content.xml", content)
    check_workbook(path.read_bytes(), "padded.ods")  # raises nothing


def test_a_sheet_spanning_too_many_cells_is_refused(tmp_path):
    from printkit.core.errors import InputError
    from printkit.load.sheet_limits import check_workbook

    path = tmp_path / "wide.xlsx"
    far = f"{limits.MAX_SHEET_ROWS}"
    sheet = (
        f'<?xml version="1.0"?><worksheet {XLSX_NS}><sheetData><row r="1"><c r="ALL1"><v>1</v>'
        f'</c></row><row r="{far}"><c r="A{far}"><v>1</v></c></row></sheetData></worksheet>'
    )
    xlsx(path, sheet)
    with pytest.raises(InputError, match="MAX_SHEET_CELLS"):
        check_workbook(path.read_bytes(), "wide.xlsx")


def test_a_csv_with_150000_header_columns_is_refused_at_once(cli, blank):
    (blank / "cards.csv").write_text("title" + "," * 150_000 + "\nx\n", encoding="utf-8")
    point_cards_at(blank, "cards.csv")
    refused(cli, blank, "cards.csv:1:1", "150,001 columns", "MAX_SHEET_COLUMNS")


def test_a_csv_with_a_nul_byte_is_called_a_binary_file_not_yaml(cli, blank):
    (blank / "cards.csv").write_bytes(b"id,title\na,x\x00y\n")
    point_cards_at(blank, "cards.csv")
    message = refused(cli, blank, "cards.csv:2:4", "NUL")
    assert "YAML" not in message
