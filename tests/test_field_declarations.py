"""A deck's field declarations are checked themselves, at their own lines, before any card."""

from __future__ import annotations

import pytest

from tests.conftest import edit, line_of


@pytest.mark.parametrize(
    ("old", "new", "key", "message"),
    [
        (
            "drift_mode: {type: choice, choices: [or, and],",
            "drift_mode: {type: choice,",
            "type",
            "a choice field needs 'choices: [...]'",
        ),
        (
            "speed: {type: number, min: 1, max: 60,",
            "speed: {type: number, min: 60, max: 1,",
            "min",
            "min 60 is larger than max 1",
        ),
        (
            "speed: {type: number, min: 1, max: 60,",
            "speed: {type: text, choices: [a, b],",
            "choices",
            "'choices' applies to choice fields; this one is text",
        ),
    ],
)
def test_a_contradictory_field_declaration_is_an_error_at_its_line(
    cli, kit_copy, old, new, key, message
):
    kit = kit_copy("chariot-race")
    cards = kit / "cards.yaml"
    edit(cards, old, new)
    line = line_of(cards, new)
    col = cards.read_text(encoding="utf-8").splitlines()[line - 1].index(f"{key}:") + len(key) + 3
    r = cli("check", kit)
    assert r.exit_code == 2, r.output
    assert f"{cards}:{line}:{col}: error: {message}" in r.stderr
    assert "must be one of ;" not in r.stderr  # the cards do not repeat the declaration's error
    assert r.stderr.count(" error: ") == 1, r.stderr
