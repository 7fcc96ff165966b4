"""Card lists from spreadsheets: a deck whose `cards:` names a CSV, XLSX or ODS file.

What a user measures: the same PDFs as the YAML list (byte for byte), errors at the cell
(`cards.csv:ROW:C`, row and column letter as a spreadsheet shows them) with every problem at once, text kept as text.
"""

from __future__ import annotations

import csv
import json
import shutil
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

import pytest

from printkit.load.spreadsheet import column_letters


def _point_deck_at(kit: Path, source: str) -> None:
    """Replace the YAML card list of cards.yaml (its last key) with `cards: <source>`."""
    text = (kit / "cards.yaml").read_text()
    head = text[: text.index("\ncards:")]
    (kit / "cards.yaml").write_text(f"{head}\ncards: {source}\n")


def _rows(path: Path) -> list[list[str]]:
    with path.open(newline="") as handle:
        return list(csv.reader(handle))


def _write_rows(path: Path, rows: list[list[str]]) -> None:
    with path.open("w", newline="") as handle:
        csv.writer(handle).writerows(rows)


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    """chariot-race's cards exported as CSV and XLSX, once for the module (tests only read them)."""
    from click.testing import CliRunner

    from printkit.cli.app import main

    out = tmp_path_factory.mktemp("exported")
    for fmt in ("csv", "xlsx"):
        args = ["export", "chariot-race", "--cards", fmt, "--out", str(out)]
        r = CliRunner().invoke(main, args, catch_exceptions=False)
        assert r.exit_code == 0, r.stdout + r.stderr
    return out / "chariot-race"


@pytest.fixture
def exported(kit_copy, built_kit, tables):
    """A copied chariot-race kit, the YAML kit's build, and its cards exported as CSV and XLSX."""
    return kit_copy("chariot-race"), built_kit("chariot-race"), tables


@pytest.mark.parametrize(
    "source",
    # the deck built twice more each: one reader quick, the other in the slow suite
    [pytest.param("cards.csv", marks=pytest.mark.slow), "{file: cards.xlsx, sheet: Cards}"],
)
def test_a_deck_read_from_a_spreadsheet_builds_the_same_pdfs(exported, cli, tmp_path, source):
    kit, yaml_build, tables = exported
    name = "cards.csv" if source.endswith("csv") else "cards.xlsx"
    (kit / name).write_bytes((tables / name).read_bytes())
    _point_deck_at(kit, source)
    r = cli("build", kit, "--out", tmp_path / "table", "-j", "1")
    assert r.exit_code == 0, r.output
    pdfs = sorted(yaml_build.glob("*.pdf"))
    assert pdfs
    for pdf in pdfs:
        built = tmp_path / "table" / "chariot-race" / pdf.name
        assert built.read_bytes() == pdf.read_bytes(), pdf.name


def test_the_export_lists_every_card_with_the_deck_columns(tables):
    rows = _rows(tables / "cards.csv")
    assert rows[0][:6] == ["id", "kind", "count", "title", "text", "tags"]
    assert "speed" in rows[0] and "crash" in rows[0]
    counts = [int(r[rows[0].index("count")]) for r in rows[1:]]
    assert sum(counts) == 72
    import openpyxl  # here, not at the top: importing it costs every test process ~0.2 s

    sheet = openpyxl.load_workbook(tables / "cards.xlsx").active
    speed = rows[0].index("speed") + 1
    assert isinstance(sheet.cell(2, speed).value, int)  # numbers stay number cells


def test_csv_errors_name_row_and_column_all_at_once(exported, cli, tmp_path):
    kit, _, tables = exported
    rows = _rows(tables / "cards.csv")
    header = rows[0]
    header[header.index("speed")] = "sped"  # a typo'd header
    rows[3][0] = ""  # a missing id, on spreadsheet row 4
    rows[6][header.index("count")] = "two"  # a bad number, row 7
    _write_rows(kit / "cards.csv", rows)
    _point_deck_at(kit, "cards.csv")
    out = tmp_path / "out"
    r = cli("build", kit, "--out", out)
    assert r.exit_code == 2
    speed_col = column_letters(header.index("sped") + 1)
    count_col = column_letters(header.index("count") + 1)
    assert (
        f"cards.csv:1:{speed_col}: error: unknown column 'sped'; did you mean 'speed'?" in r.output
    )
    assert "cards.csv:4:A: error:" in r.output and "id is required but missing" in r.output
    assert f"cards.csv:7:{count_col}: error: count must be a whole number" in r.output
    assert 'got "two"' in r.output
    assert "Traceback" not in r.output
    assert not out.exists() or not any(out.rglob("*.pdf"))


def test_a_workbook_error_names_the_row_and_column_letter(exported, cli):
    import openpyxl  # here, not at the top: importing it costs every test process ~0.2 s

    kit, _, tables = exported
    book = openpyxl.load_workbook(tables / "cards.xlsx")
    sheet = book.active
    header = [c.value for c in sheet[1]]
    speed = header.index("speed") + 1
    sheet.cell(17, speed).value = "fast"
    book.save(kit / "cards.xlsx")
    _point_deck_at(kit, "cards.xlsx")
    r = cli("check", kit)
    assert r.exit_code == 2
    letter = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[speed - 1]
    assert f"cards.xlsx[{sheet.title}]:17:{letter}: error: speed must be a number" in r.output


def test_an_unknown_sheet_is_named_with_a_suggestion(exported, cli):
    kit, _, tables = exported
    (kit / "cards.xlsx").write_bytes((tables / "cards.xlsx").read_bytes())
    _point_deck_at(kit, "{file: cards.xlsx, sheet: Card}")
    r = cli("check", kit)
    assert r.exit_code == 2
    assert "cards.yaml:" in r.output and "has no sheet 'Card'; did you mean 'Cards'?" in r.output


def test_text_stays_text_and_numbers_stay_numbers(kit_copy, cli, tmp_path):
    kit = kit_copy("chariot-race")
    rows = [
        ["id", "kind", "count", "title", "speed", "turn", "crash", "damage"],
        ["m1", "movement", "3", "007", "8", "45", "1:30", "none"],
        ["m2", "movement", "2", "", "10", "30", "0o17", "none"],
    ]
    _write_rows(kit / "cards.csv", rows)
    _point_deck_at(kit, "cards.csv")
    from printkit.kit import load_kit

    deck = load_kit(str(kit)).model("cards")
    first, second = deck.cards
    assert first.title == "007" and first.get("crash") == "1:30"
    assert first.count == 3 and first.get("speed") == 8 and isinstance(first.get("speed"), int)
    assert second.title is None and second.get("crash") == "0o17"


def _ods(path: Path, rows: list[list[str]]) -> None:
    """A minimal OpenDocument spreadsheet (text cells, or float cells for numbers)."""

    def cell(v: str) -> str:
        if v.isdigit():
            return f'<table:table-cell office:value-type="float" office:value="{v}"/>'
        return f'<table:table-cell office:value-type="string"><text:p>{escape(v)}</text:p></table:table-cell>'

    body = "".join(
        f"<table:table-row>{''.join(cell(v) for v in r)}</table:table-row>" for r in rows
    )
    content = (
        '<?xml version="1.0" encoding="UTF-8"?><office:document-content '
        'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
        f'<office:body><office:spreadsheet><table:table table:name="Deck">{body}</table:table>'
        "</office:spreadsheet></office:body></office:document-content>"
    )
    manifest = (
        '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
        'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
        '<manifest:file-entry manifest:full-path="/" '
        'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
        "</manifest:manifest>"
    )
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr("META-INF/manifest.xml", manifest)
        z.writestr("content.xml", content)


MOVEMENT_HEADER = ["id", "kind", "count", "speed", "turn", "crash", "damage"]


def test_an_ods_sheet_is_read_and_its_errors_name_row_and_column_letter(kit_copy, cli):
    kit = kit_copy("chariot-race")
    rows = [
        MOVEMENT_HEADER,
        ["m1", "movement", "3", "8", "45", "Glancing blow.", "none"],
        ["m2", "movement", "2", "quick", "30", "Glancing blow.", "none"],
    ]
    _ods(kit / "cards.ods", rows)
    _point_deck_at(kit, "cards.ods")
    r = cli("check", kit)
    assert r.exit_code == 2
    assert "cards.ods[Deck]:3:D: error: speed must be a number" in r.output
    rows[2][3] = "10"
    _ods(kit / "cards.ods", rows)
    from printkit.kit import load_kit

    deck = load_kit(str(kit)).model("cards")
    assert [c.id for c in deck.cards] == ["m1", "m2"]
    assert deck.cards[1].get("speed") == 10


def test_the_schema_accepts_a_spreadsheet_file_for_cards(cli, tmp_path):
    import json

    r = cli("schema", "chariot-race", "--out", tmp_path)
    assert r.exit_code == 0, r.output
    schema = json.loads((tmp_path / "cards.schema.json").read_text())
    import jsonschema

    deck = {"kinds": {"a": {}}, "cards": "cards.csv"}
    validator = jsonschema.Draft202012Validator(schema)
    errors = [e for e in validator.iter_errors(deck) if "cards" in list(e.absolute_path)]
    assert not errors


@pytest.mark.slow
def test_carthage_with_its_cards_in_csv_builds_the_same_pdfs_markers_included(
    kit_copy, built_kit, cli, tmp_path
):
    """A game's markers come from the deck's model, whatever file its cards are in: the 4P
    setup's six CURRICULUM and one FATUM cards carry their marker from a CSV too."""
    kit = kit_copy("carthage")
    r = cli("export", kit, "--cards", "csv", "--out", tmp_path / "csv")
    assert r.exit_code == 0, r.output
    for deck in ("curriculum", "fatum"):
        (kit / f"{deck}.csv").write_bytes(
            (tmp_path / "csv" / "carthage" / f"{deck}.csv").read_bytes()
        )
        text = (kit / f"{deck}.yaml").read_text()
        (kit / f"{deck}.yaml").write_text(
            f"{text[: text.index(chr(10) + 'cards:')]}\ncards: {deck}.csv\n"
        )
    only = "curriculum,fatum,board"
    r = cli("build", kit, "--out", tmp_path / "table", "-j", "1", "--only", only)
    assert r.exit_code == 0, r.output
    yaml_build = built_kit("carthage", "--only", only)
    pdfs = sorted(yaml_build.glob("*.pdf"))
    assert [p.name for p in pdfs] == ["board.pdf", "curriculum.pdf", "fatum.pdf"]
    for pdf in pdfs:
        assert (tmp_path / "table" / "carthage" / pdf.name).read_bytes() == pdf.read_bytes(), (
            pdf.name
        )
    from pypdf import PdfReader

    text = "".join(p.extract_text() for p in PdfReader(yaml_build / "curriculum.pdf").pages)
    assert text.count("4P") == 6


def test_a_csv_position_is_the_row_a_spreadsheet_shows_though_cells_hold_line_breaks(kit_copy, cli):
    """Row 4 of the sheet starts on text line 7: two earlier cells hold line breaks."""
    kit = kit_copy("chariot-race")
    rows = [
        MOVEMENT_HEADER,
        ["m1", "movement", "3", "8", "45", "Glancing blow,\nthen a skid.", "none"],
        ["m2", "movement", "2", "8", "30", "Three\nlines\nhere.", "none"],
        ["m3", "movement", "1", "quick", "30", "Glancing blow.", "none"],
    ]
    _write_rows(kit / "cards.csv", rows)
    assert (kit / "cards.csv").read_text().splitlines()[6].startswith("m3,")
    _point_deck_at(kit, "cards.csv")
    r = cli("check", kit)
    assert r.exit_code == 2
    assert "cards.csv:4:D: error: speed must be a number" in r.output, r.output


FLAG_DECK = """\
fields:
  lucky: {type: flag}
kinds:
  card:
    label: CARD
    colour: "#224466"
    face:
      - {element: title, box: [4, 4, 50, 8], text: "{title}"}
cards: cards.csv
"""


def test_a_flag_cell_is_read_whatever_its_case(tmp_path, cli):
    """docs/design-loop.md: `true`, `FALSE` are a flag's values in a cell, in any case."""
    kit = tmp_path / "flags"
    kit.mkdir()
    (kit / "kit.yaml").write_text(
        "name: flags\ntitle: Flags\ncomponents:\n  cards: {type: deck, file: cards.yaml}\n"
    )
    (kit / "cards.yaml").write_text(FLAG_DECK)
    cells = ["TRUE", "True", "true", "FALSE", "False", "false", " TRUE "]
    rows = [["id", "kind", "title", "lucky"]]
    rows += [[f"c{i}", "card", f"Card {i}", cell] for i, cell in enumerate(cells)]
    _write_rows(kit / "cards.csv", rows)
    from printkit.kit import load_kit

    deck = load_kit(str(kit)).model("cards")
    assert [c.get("lucky") for c in deck.cards] == [True, True, True, False, False, False, True]
    _write_rows(kit / "cards.csv", [*rows, ["c9", "card", "Card 9", "yes"]])
    r = cli("check", kit)
    assert r.exit_code == 2
    assert "cards.csv:9:D: error: lucky must be true or false" in r.output, r.output


def test_rows_of_empty_cells_are_no_cards(exported, cli):
    """A row whose cells are all empty or blank (what a spreadsheet leaves between groups of
    cards, or pads a sheet with) is not a card: check passes and counts the same cards (issue
    33: a mutation that made such a row a card with errors survived the suite)."""
    kit, _, tables = exported
    rows = _rows(tables / "cards.csv")
    width = len(rows[0])
    rows[4:4] = [[""] * width, ["  "] * width, [" ", "\t"] + [""] * (width - 2)]
    _write_rows(kit / "cards.csv", rows)
    _point_deck_at(kit, "cards.csv")
    r = cli("deck", kit, "--format", "json")
    assert r.exit_code == 0, r.output
    before = cli("deck", "chariot-race", "--format", "json")
    assert json.loads(r.stdout)["decks"] == json.loads(before.stdout)["decks"]
    assert cli("check", kit).exit_code == 0


def test_a_quote_never_closed_is_said_at_its_row_not_as_cards_swallowed(cli, tmp_path):
    """A CSV cell opened with a quote and never closed takes every line after it into one
    card's text (the card below silently gone): exit 2 at the row where it opens, saying which
    quote is missing, nothing written."""
    kit = tmp_path / "party"
    shutil.copytree(Path(__file__).parent / "kits" / "party", kit)
    sheet = kit / "cards.csv"
    text = sheet.read_text(encoding="utf-8")
    closed = 'a thousand ancestors.",'
    assert text.count(closed) == 1 and text.splitlines()[8].startswith("a2,")
    sheet.write_text(text.replace(closed, "a thousand ancestors.,"), encoding="utf-8")
    for command in (["check", str(kit)], ["build", str(kit), "--out", str(tmp_path / "out")]):
        result = cli(*command)
        assert result.exit_code == 2, result.output
        assert (
            'cards.csv:9:A: error: a quoted cell opens in row 9 and its closing " is missing'
            in (result.output)
        )
    assert not (tmp_path / "out").exists()
