"""Tokens speak the card face language: a group's `face:` and `back: {face:}` read each
piece's own fields, conditions and placeholders are checked at their place in the file."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import edit, line_of
from tests.pdfcheck import page_texts

KIT = """name: tok
title: Tokens
description: Square counters with faces of their own.
components:
  tokens: {type: tokens, file: tokens.yaml, title: Tokens}
"""
TOKENS = """groups:
  units:
    role: unit
    width: 16
    height: 16
    shape: square
    face:
      - {element: text, box: [1, 9, 14, 5], text: "{strength}-{move}", font: bold, size: 4mm}
      - {element: text, box: [1, 2, 14, 5], text: "{label}", size: 3mm}
    back:
      face:
        - {element: text, box: [1, 9, 14, 5], text: "{reduced}-{move}", font: bold, size: 4mm}
        - {element: text, box: [1, 2, 14, 4], text: VETERAN, size: 2.5mm, when: "strength >= 5"}
    pieces:
      - {colour_id: blue, label: "1/A", colour: "#1f4e9c", fields: {strength: 6, reduced: 3, move: 4}}
      - {colour_id: red, label: "2/B", colour: "#b3261e", fields: {strength: 4, reduced: 2, move: 5}}
"""


def _kit(tmp_path: Path) -> Path:
    kit = tmp_path / "tok"
    kit.mkdir()
    (kit / "kit.yaml").write_text(KIT, encoding="utf-8")
    (kit / "tokens.yaml").write_text(TOKENS, encoding="utf-8")
    return kit


def test_token_faces_show_each_pieces_own_fields_front_and_back(cli, tmp_path):
    kit = _kit(tmp_path)
    r = cli("build", kit, "--out", tmp_path / "out", "--profile", "shop", "-j", "1")
    assert r.exit_code == 0, r.output
    pdf = tmp_path / "out" / "tok" / "shop" / "tokens-16x16mm.pdf"
    pages = [sorted(t.split()) for t in page_texts(pdf)]
    assert pages == [["1/A", "6-4"], ["3-4", "VETERAN"], ["2/B", "4-5"], ["2-5"]]


def test_a_misspelt_placeholder_in_a_tokens_back_is_a_located_error(cli, tmp_path):
    kit = _kit(tmp_path)
    edit(kit / "tokens.yaml", '"{reduced}-{move}"', '"{reducd}-{move}"')
    r = cli("check", kit)
    assert r.exit_code == 2
    line = line_of(kit / "tokens.yaml", "{reducd}")
    assert f"tokens.yaml:{line}:" in r.output
    assert "placeholder {reducd} in the back of group 'units' names no piece field" in r.output


def test_a_condition_on_a_value_no_piece_has_is_a_located_error(cli, tmp_path):
    kit = _kit(tmp_path)
    edit(kit / "tokens.yaml", 'when: "strength >= 5"', 'when: "colour_id == green"')
    r = cli("check", kit)
    assert r.exit_code == 2
    line = line_of(kit / "tokens.yaml", "colour_id == green")
    assert f"tokens.yaml:{line}:" in r.output and "'green' is not one of colour_id's" in r.output


def test_a_one_sided_token_group_prints_no_backs(cli, tmp_path):
    kit = _kit(tmp_path)
    edit(kit / "tokens.yaml", "    shape: square\n", "    shape: square\n    sides: 1\n")
    r = cli("build", kit, "--out", tmp_path / "out", "--profile", "shop", "-j", "1")
    assert r.exit_code == 0, r.output
    pages = [
        sorted(t.split())
        for t in page_texts(tmp_path / "out" / "tok" / "shop" / "tokens-16x16mm.pdf")
    ]
    assert pages == [["1/A", "6-4"], ["2/B", "4-5"]]


def _tilted_kit(tmp_path: Path) -> Path:
    """The kit with its label turned by the pieces' field `tilt`, 45 degrees on piece 1/A."""
    kit = _kit(tmp_path)
    edit(
        kit / "tokens.yaml",
        'text: "{strength}-{move}", font: bold',
        'text: "{strength}-{move}", rotate: "{tilt}", font: bold',
    )
    edit(kit / "tokens.yaml", "fields: {strength: 6,", "fields: {tilt: 45, strength: 6,")
    return kit


def test_a_box_turned_by_a_pieces_field_is_checked_turned(cli, tmp_path):
    kit = _tilted_kit(tmp_path)
    r = cli("check", kit)
    assert r.exit_code == 2, r.output
    line = line_of(kit / "tokens.yaml", 'rotate: "{tilt}"')
    assert f"tokens.yaml:{line}:" in r.output and "turned 45 degrees" in r.output
    assert "piece '1/A' (rotate from its fields)" in r.output


def test_pieces_sharing_a_turn_are_each_reported_and_one_that_stays_on_is_not(cli, tmp_path):
    """A templated element is bound once per value (face_checks.Bindings): two pieces turned
    45 degrees are each reported, and a third reading another value is bound on its own."""
    kit = _tilted_kit(tmp_path)
    edit(kit / "tokens.yaml", "fields: {strength: 4,", "fields: {tilt: 45, strength: 4,")
    r = cli("check", kit)
    assert r.exit_code == 2, r.output
    assert "piece '1/A' (rotate from its fields)" in r.output
    assert "piece '2/B' (rotate from its fields)" in r.output
    edit(kit / "tokens.yaml", "fields: {tilt: 45, strength: 4,", "fields: {tilt: 180, strength: 4,")
    r = cli("check", kit)
    assert "piece '1/A' (rotate from its fields)" in r.output
    assert "piece '2/B'" not in r.output, r.output
