"""printkit export --images: one exact-size image per card face and back, and a manifest."""

from __future__ import annotations

import csv
from collections import Counter

import pytest
from conftest import edit
from PIL import Image

from printkit.kit import load_kit


@pytest.fixture(scope="module")
def poker(tmp_path_factory):
    from click.testing import CliRunner

    from printkit.cli.app import main

    out = tmp_path_factory.mktemp("export")
    r = CliRunner().invoke(
        main, ["export", "chariot-race", "--images", "--preset", "poker", "--out", str(out)]
    )
    assert r.exit_code == 0, r.output
    return out / "chariot-race" / "images"


def _dominant(image: Image.Image, box: tuple[int, int, int, int]) -> tuple[int, ...]:
    colours = image.crop(box).getcolors(maxcolors=box[2] * box[3]) or []
    return max(colours)[1]


def _hex(text: str) -> tuple[int, int, int]:
    return tuple(int(text[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


@pytest.mark.slow
def test_every_face_and_the_back_at_the_presets_exact_pixels(poker, cli):
    fronts = sorted(p for p in (poker / "cards").glob("*.png") if p.name != "back.png")
    assert len(fronts) == 72
    for path in [*fronts, poker / "cards" / "back.png"]:
        with Image.open(path) as im:
            assert im.size == (825, 1125), path  # 2.75 x 3.75 in at 300 dpi
            assert round(im.info["dpi"][0]) == 300


@pytest.mark.slow
def test_manifest_pairs_each_copy_with_the_back_and_matches_the_deck_report(poker, cli):
    rows = list(csv.DictReader((poker / "manifest.csv").open()))
    report = cli("deck", "chariot-race", "--format", "csv")
    total = next(r for r in csv.reader(report.stdout.splitlines()) if r[1:3] == ["total", "cards"])
    assert len(rows) == int(total[3]) == 72
    deck = load_kit("chariot-race").model("cards")
    assert Counter(r["card"] for r in rows) == {c.id: c.count for c in deck.cards}
    assert {r["back"] for r in rows} == {"cards/back.png"}
    assert all((poker / r["front"]).is_file() for r in rows)
    assert {(r["card"], r["copy"]) for r in rows} == {
        (c.id, str(n)) for c in deck.cards for n in range(1, c.count + 1)
    }


@pytest.mark.slow
def test_colours_match_the_data(poker):
    deck = load_kit("chariot-race").model("cards")
    movement = next(c for c in deck.cards if c.kind == "movement")
    with Image.open(poker / "cards" / f"{movement.id}-1.png") as im:
        bleed = _dominant(im.convert("RGB"), (0, 0, 30, 30))  # the kind's colour in the bleed
    want = _hex("#7a1f12")
    assert all(abs(a - b) <= 3 for a, b in zip(bleed, want, strict=True)), bleed


@pytest.mark.slow
def test_no_preset_renders_the_decks_own_size_at_the_dpi(cli, tmp_path):
    out = tmp_path / "o"
    r = cli("export", "chariot-race", "--images", "--dpi", "150", "--format", "jpeg", "--out", out)
    assert r.exit_code == 0, r.output
    with Image.open(out / "chariot-race" / "images" / "cards" / "back.jpg") as im:
        # 63 x 88 mm plus 3 mm bleed a side = 69 x 94 mm at 150 dpi
        assert im.size == (round(69 / 25.4 * 150), round(94 / 25.4 * 150)) == (407, 555)
        assert im.format == "JPEG"


def test_a_deck_of_another_size_is_refused_and_nothing_written(cli, kit_copy, tmp_path):
    kit = kit_copy("chariot-race")
    edit(kit / "cards.yaml", "card_size: poker", "card_size: tarot")
    out = tmp_path / "o"
    r = cli("export", kit, "--images", "--preset", "poker", "--out", out)
    assert r.exit_code == 2
    assert "cards.yaml" in r.stderr and "preset 'poker'" in r.stderr
    assert not list(out.rglob("*.png"))
