"""A variant build goes into its own folder, OUT/<kit>/<variant>/ (OUT/<kit>/<v1>+<v2>/ for
several), never over the plain build's files, and every sheet's label names the variant."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest
from badkits import snapshot

from tests.pdfcheck import page_texts


def _labels(pdf: Path) -> list[str]:
    """Per page, the label line: the text that names the kit, up to the end of its line (pdfium
    may join the line printed just before it to the label's line)."""
    lines = [
        next((ln for ln in text.splitlines() if "chariot-race" in ln), "")
        for text in page_texts(pdf)
    ]
    return [ln[ln.index("chariot-race") :] if ln else ln for ln in lines]


def test_a_variant_builds_into_its_own_folder_and_names_itself_on_every_sheet(
    cli, tmp_path, built_kit
):
    out = tmp_path / "out"
    # the plain build: a copy of the shared one (its outputs and its build record)
    shutil.copytree(built_kit("chariot-race").parent, out)
    plain = snapshot(out / "chariot-race")
    r = cli("build", "chariot-race", "--variant", "serious", "--out", out, "-j", "1")
    assert r.exit_code == 0, r.output
    folder = out / "chariot-race" / "serious"
    assert f"wrote {folder / 'cards.pdf'}" in r.stdout
    assert {k: v for k, v in snapshot(out / "chariot-race").items() if "/" not in k} == plain
    pdfs = sorted(folder.glob("*.pdf"))
    assert [p.name for p in pdfs] == [
        "bases.pdf", "cards.pdf", "damage-chart.pdf", "playing-area.pdf", "templates.pdf",
    ]  # fmt: skip
    for pdf in pdfs:
        labels = _labels(pdf)
        assert labels and all("chariot-race, variant serious · " in ln for ln in labels), (
            pdf.name,
            labels,
        )
    # a second variant build is up to date, and so is the plain one: neither replaced the other
    again = cli("build", "chariot-race", "--variant", "serious", "--out", out, "-j", "1")
    assert "up to date" in again.stdout
    assert "up to date" in cli("build", "chariot-race", "--out", out, "-j", "1").stdout


def test_combined_variants_have_their_own_folder_in_the_order_given(built_kit):
    folder = built_kit("chariot-race", "--variant", "serious", "--variant", "gentle-start")
    cards = folder.parent / "serious+gentle-start" / "cards.pdf"  # built_kit asserts exit 0
    assert cards.is_file()
    assert _labels(cards)[0].startswith("chariot-race, variants serious+gentle-start · Cards")


@pytest.mark.slow
def test_preview_of_a_variant_goes_to_its_folder(cli, tmp_path):
    out = tmp_path / "png"
    r = cli("preview", "chariot-race", "--variant", "serious", "--out", out)
    assert r.exit_code == 0, r.output
    assert (out / "chariot-race" / "serious" / "cards-contact.png").is_file()
    assert not (out / "chariot-race" / "cards-contact.png").exists()


def test_a_bad_override_value_is_located_in_kit_yaml(cli, kit_copy, tmp_path):
    """The bad value is written in kit.yaml's variant, not in the file it overrides."""
    from conftest import edit, line_of

    kit = kit_copy("chariot-race")
    manifest = kit / "kit.yaml"
    edit(manifest, "      rules: {laps: 3}", "      rules: {laps: many}")
    edit(manifest, "      playing-area: {pit: null}", "      playing-area: {pit: null, width: -5}")
    laps, width = line_of(manifest, "{laps: many}"), line_of(manifest, "width: -5")
    for command in ("check", "build"):
        out = ["--out", tmp_path / "out"] if command == "build" else []
        r = cli(command, kit, "--variant", "serious", *out)
        assert r.exit_code == 2, r.output
        assert f"{manifest}:{laps}:21: error: laps must be a whole number" in r.stderr
        assert f"{manifest}:{width}:40: error: width must be a length" in r.stderr
    plain = cli("check", kit)  # without the variant, nothing is wrong
    assert plain.exit_code == 0, plain.output


def _exported_cards(cli, kit: Path, tmp_path: Path) -> list[list[str]]:
    """The kit's cards as `printkit export --cards csv` writes them, row by row."""
    r = cli("export", kit, "--cards", "csv", "--out", tmp_path / "csv")
    assert r.exit_code == 0, r.output
    with (tmp_path / "csv" / kit.name / "cards.csv").open(newline="") as handle:
        return list(csv.reader(handle))


def _write_cards(path: Path, rows: list[list[str]]) -> None:
    with path.open("w", newline="") as handle:
        csv.writer(handle).writerows(rows)


def _override_the_deck(kit: Path, value: str) -> tuple[Path, int]:
    """kit.yaml's `serious` variant overrides the deck with `value`: (kit.yaml, its line)."""
    from conftest import edit, line_of

    manifest = kit / "kit.yaml"
    edit(manifest, "      rules: {laps: 3}", f"      rules: {{laps: 3}}\n      cards: {value}", 1)
    return manifest, line_of(manifest, f"cards: {value}")


@pytest.mark.parametrize("cards", ["yaml", "csv"])
def test_a_bad_deck_override_is_located_in_kit_yaml_whatever_file_holds_the_cards(
    cli, kit_copy, tmp_path, cards
):
    """The deck's own file may take its cards from a sheet: an override's value is still
    reported at its kit.yaml line, even inside an overridden map the data file also has."""
    kit = kit_copy("chariot-race")
    if cards == "csv":
        _write_cards(kit / "cards.csv", _exported_cards(cli, kit, tmp_path))
        text = (kit / "cards.yaml").read_text()
        (kit / "cards.yaml").write_text(
            f"{text[: text.index(chr(10) + 'cards:')]}\ncards: cards.csv\n"
        )
    manifest, line = _override_the_deck(kit, "{min_text_size: huge, back: {colour: mud}}")
    r = cli("check", kit, "--variant", "serious")
    assert r.exit_code == 2, r.output
    assert f"{manifest}:{line}:30: error: min_text_size must be" in r.stderr, r.stderr
    # inside an overridden map too, though cards.yaml has a back.colour of its own
    assert f"{manifest}:{line}:51: error: colour must be a colour" in r.stderr, r.stderr


def test_a_variant_that_points_the_deck_at_a_sheet_locates_each_error_where_it_is(
    cli, kit_copy, tmp_path
):
    """A variant's override names the sheet (kit.yaml), the sheet holds the cards: a sheet
    that is missing is reported at the override, a bad cell at its row and column letter."""
    kit = kit_copy("chariot-race")
    rows = _exported_cards(cli, kit, tmp_path)
    count = rows[0].index("count")
    rows[4][count] = "lots"
    manifest, line = _override_the_deck(kit, "{cards: sheet.csv}")
    r = cli("check", kit, "--variant", "serious")
    assert r.exit_code == 2
    assert f"{manifest}:{line}:22: error: file 'sheet.csv' not found" in r.stderr, r.stderr
    _write_cards(kit / "sheet.csv", rows)
    r = cli("check", kit, "--variant", "serious")
    assert r.exit_code == 2
    letter = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[count]
    assert f"sheet.csv:5:{letter}: error: count must be a whole number" in r.stderr, r.stderr
