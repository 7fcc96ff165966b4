"""`printkit export KIT --tts`: a Tabletop Simulator deck object whose face sheets hold the real
cards, and `--showcase`: a few cards fanned out as one image."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlparse

import pytest
from PIL import Image, ImageChops, ImageStat

TTS_MAX_SIDE = 10_000  # TTS refuses larger images; it recommends 4096


@pytest.fixture(scope="module")
def tts(ran_once) -> Path:
    """The kit folder of `export chariot-race --tts` (the same run, shared, that
    test_every_command.py's other commands make)."""
    return ran_once("export", "chariot-race", "--tts")[0] / "chariot-race"


@pytest.fixture(scope="module")
def card_images(tmp_path_factory) -> Path:
    """The card pictures of `export chariot-race --images --bleed 0 --dpi 150`."""
    from click.testing import CliRunner

    from printkit.cli.app import main

    out = tmp_path_factory.mktemp("images")
    args = ["export", "chariot-race", "--images", "--bleed", "0", "--dpi", "150", "--out", str(out)]
    assert CliRunner().invoke(main, args, catch_exceptions=False).exit_code == 0
    return out / "chariot-race" / "images" / "cards"


def deck_object(folder: Path) -> dict:
    saved = json.loads((folder / "tts" / "cards.json").read_text(encoding="utf-8"))
    [deck] = saved["ObjectStates"]
    return deck


@pytest.mark.slow
def test_the_saved_object_is_a_deck_of_every_printed_card(tts):
    deck = deck_object(tts)
    assert deck["Name"] == "DeckCustom"
    assert len(deck["DeckIDs"]) == 72  # every copy, not every design
    assert len(deck["ContainedObjects"]) == 72
    assert {c["Name"] for c in deck["ContainedObjects"]} == {"Card"}
    assert [c["CardID"] for c in deck["ContainedObjects"]] == deck["DeckIDs"]
    for key, sheet in deck["CustomDeck"].items():
        assert set(sheet) >= {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden"}
        assert 2 <= sheet["NumWidth"] <= 10 and 2 <= sheet["NumHeight"] <= 7
        ids = [n for n in deck["DeckIDs"] if n // 100 == int(key)]
        assert max(n % 100 for n in ids) < sheet["NumWidth"] * sheet["NumHeight"] - 1
        for url in (sheet["FaceURL"], sheet["BackURL"]):
            assert Path(urlparse(url).path).is_file(), url
    assert all(t["rotZ"] == 180 for t in [deck["Transform"]])  # face down on the table


@pytest.mark.slow
def test_face_sheets_are_a_size_tts_reads(tts):
    deck = deck_object(tts)
    for sheet in deck["CustomDeck"].values():
        with Image.open(urlparse(sheet["FaceURL"]).path) as image:
            assert max(image.size) <= 4096 < TTS_MAX_SIDE
            assert image.width % sheet["NumWidth"] == 0 and image.height % sheet["NumHeight"] == 0


def cell(deck: dict, card_id: int) -> Image.Image:
    sheet = deck["CustomDeck"][str(card_id // 100)]
    with Image.open(urlparse(sheet["FaceURL"]).path) as image:
        w, h = image.width // sheet["NumWidth"], image.height // sheet["NumHeight"]
        row, column = divmod(card_id % 100, sheet["NumWidth"])
        return image.convert("RGB").crop((column * w, row * h, column * w + w, row * h + h))


def difference(a: Image.Image, b: Image.Image) -> float:
    b = b.convert("RGB").resize(a.size)
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


@pytest.mark.slow
def test_each_cell_of_the_sheet_is_its_card(tts, card_images):
    """A cell matches the card image `export --images` renders of the same design, and not the
    next design's."""
    deck = deck_object(tts)
    cards = {c["Description"]: c["CardID"] for c in deck["ContainedObjects"]}
    for card_id, other in (("m4-t90-a", "m20-t0-a"), ("favour-of-nike", "m8-t45-a")):
        face = cell(deck, cards[card_id])
        own = Image.open(card_images / f"{card_id}-1.png")
        other_image = Image.open(card_images / f"{other}-1.png")
        assert difference(face, own) < 6, card_id
        assert difference(face, other_image) > 2 * difference(face, own)


@pytest.mark.slow
def test_a_showcase_fans_the_chosen_cards(cli, tmp_path):
    r = cli("export", "chariot-race", "--showcase", "m4-t90-a, evil-eye", "--out", tmp_path)
    assert r.exit_code == 0, r.output
    with Image.open(tmp_path / "chariot-race" / "showcase.png") as image:
        assert image.width > image.height > 500
        ground = image.getpixel((2, 2))
        assert image.getpixel((image.width // 2, image.height // 2)) != ground  # a card there
    r = cli("export", "chariot-race", "--showcase", "no-such-card", "--out", tmp_path / "x")
    assert (
        r.exit_code == 2 and "no deck of kit 'chariot-race' has a card 'no-such-card'" in r.stderr
    )
