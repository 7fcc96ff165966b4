"""Every word a chariot-race sheet prints besides its data is a `labels` key: without the kit's
own labels the sheets print generic defaults that name no game; with them, the kit's words."""

from __future__ import annotations

import re

import pytest

from printkit.kit import Derived, load_kit
from printkit.plugins import component_type
from tests.pdfcheck import page_chars, printed

GAME_WORDS = re.compile(r"CHARIOT|STAKES|SPINA|\bPIT\b|STADIUM|CRASH", re.IGNORECASE)


def _text(folder, cid: str, tmp_path) -> str:
    kit = load_kit(str(folder))
    path = tmp_path / f"{cid}.pdf"
    component_type(kit.spec(cid).type).render(kit, Derived(), cid, path)
    # characters in drawing order: rotated words read too
    drawn = "".join(printed(chars) for chars in page_chars(path))
    return drawn.replace(kit.name, "")  # the page labels name the kit: data, not wording


def _drop_labels(path) -> None:
    """Remove the file's `labels:` block (and a track's notes) so defaults apply."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"^(labels|notes):.*\n(?:[ #].*\n)*", "", text, flags=re.MULTILINE)
    path.write_text(text, encoding="utf-8")


@pytest.mark.parametrize(
    ("cid", "file", "kit_words", "generic"),
    [
        ("damage-chart", "damage-chart.yaml", "HIT THE OUTER STAKES", ["NAME", "PENALTIES"]),
        ("templates", "templates.yaml", "move the chariot", ["move the model"]),
        ("playing-area", "track.yaml", "OUTER RING OF STAKES", ["TRACK EDGE", "HAZARD"]),
    ],
)
def test_labels_come_from_data_with_generic_defaults(
    kit_copy, tmp_path, cid, file, kit_words, generic
):
    folder = kit_copy("chariot-race")
    assert kit_words in _text(folder, cid, tmp_path)
    _drop_labels(folder / file)
    text = _text(folder, cid, tmp_path)
    for word in generic:
        assert word in text
    # the rest of the sheet is data (bases' names, deck categories), not the engine's words
    if cid in ("templates", "playing-area"):
        assert not GAME_WORDS.search(text), GAME_WORDS.search(text)
