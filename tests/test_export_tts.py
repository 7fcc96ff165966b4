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


ROOT = Path(__file__).resolve().parent.parent
MEMORY_CAP = 1536 * 1024 * 1024  # address space of the export: what it once took twice over


def _export_peak_mb(*args) -> tuple[int, float, str]:
    """(exit code, peak memory in MB, stderr) of `printkit export ARGS` in its own process,
    its address space capped at MEMORY_CAP (an export that holds every face runs out)."""
    import subprocess
    import sys

    code = (
        "import resource, subprocess, sys\n"
        "cap = lambda: resource.setrlimit(resource.RLIMIT_AS, (int(sys.argv[1]),) * 2)\n"
        "r = subprocess.run([sys.executable, '-m', 'printkit', 'export', *sys.argv[2:]],"
        " preexec_fn=cap, capture_output=True, text=True)\n"
        "print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
        "sys.stderr.write(r.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(MEMORY_CAP), *map(str, args)],
        capture_output=True, text=True, cwd=ROOT, timeout=900,
    )  # fmt: skip
    exit_code, peak_kb = done.stdout.split()
    return int(exit_code), int(peak_kb) / 1024, done.stderr


def _designs_kit(folder: Path, designs: int, card_size: str = "poker") -> Path:
    from bench.synthetic import write_deck_kit

    kit = write_deck_kit(folder, designs)
    deck = kit / "deck1.yaml"
    deck.write_text(
        deck.read_text(encoding="utf-8").replace("card_size: poker", f"card_size: {card_size}"),
        encoding="utf-8",
    )
    return kit


@pytest.mark.slow  # a memory bound on huge cards, in a process of its own
def test_tts_sheets_of_huge_cards_are_drawn_a_face_at_a_time(tmp_path):
    """Issue 33: 40 designs of 600 mm cards took 2.7 GB (every face held at 300 dpi). Each face
    is now drawn at twice its cell's size and let go once pasted into its sheet."""
    kit = _designs_kit(tmp_path / "huge", 40, "{width: 600mm, height: 600mm}")
    code, peak, stderr = _export_peak_mb(kit, "--tts", "--out", tmp_path / "out")
    assert code == 0, stderr
    assert peak < 400, peak
    with Image.open(tmp_path / "out" / "bench-deck" / "tts" / "deck1-faces-1.jpg") as sheet:
        assert sheet.size == (4090, 1636)  # 10 x 4 cells of 409 px, within 4096
        assert ImageStat.Stat(sheet.crop((0, 0, 409, 409))).stddev[0] > 5  # a drawn face


@pytest.mark.slow
def test_tts_sheets_of_1500_designs_keep_memory_flat(tmp_path):
    """Issue 33: 1,500 poker designs reached 2.8 GB and ran out of memory after 62 s."""
    kit = _designs_kit(tmp_path / "many", 1500)
    code, peak, stderr = _export_peak_mb(kit, "--tts", "--out", tmp_path / "out")
    assert code == 0, stderr
    assert peak < 500, peak
    assert len(list((tmp_path / "out" / "bench-deck" / "tts").glob("deck1-faces-*.jpg"))) == 22


@pytest.mark.slow  # the widest fan the limit allows, drawn at full resolution
def test_a_showcase_shows_at_most_a_fan_of_cards(cli, tmp_path):
    """Issue 33: 50 or 300 picks gave exit 3 (the fan passed 180 degrees), 36 a picture
    179 px wide; the most a fan shows is drawn."""
    from printkit.core.limits import MAX_SHOWCASE_CARDS

    most = ",".join(["evil-eye"] * MAX_SHOWCASE_CARDS)
    r = cli("export", "chariot-race", "--showcase", most, "--out", tmp_path)
    assert r.exit_code == 0, r.output
    with Image.open(tmp_path / "chariot-race" / "showcase.png") as image:
        assert image.width > 2 * image.height > 1000


def test_one_card_past_the_widest_fan_is_a_located_error(cli, tmp_path):
    """Issue 33: one pick more than a fan shows, 50 or 300, is refused where it is named."""
    from printkit.core.limits import MAX_SHOWCASE_CARDS

    for count in (MAX_SHOWCASE_CARDS + 1, 50, 300):
        r = cli("export", "chariot-race", "--showcase", ",".join(["evil-eye"] * count),
                "--out", tmp_path / str(count))  # fmt: skip
        assert r.exit_code == 2, r.output
        assert f"kit.yaml: error: --showcase names {count} cards; a fan shows 1 to" in r.stderr
        assert "MAX_SHOWCASE_CARDS" in r.stderr
        assert not (tmp_path / str(count)).exists()


@pytest.mark.slow  # a memory bound on huge cards, in a process of its own
def test_a_showcase_of_huge_cards_is_drawn_within_the_pixel_budget(tmp_path):
    kit = _designs_kit(tmp_path / "huge", 11, "{width: 600mm, height: 600mm}")
    picks = ",".join(f"c{i}" for i in range(11))
    code, peak, stderr = _export_peak_mb(kit, "--showcase", picks, "--out", tmp_path / "out")
    assert code == 0, stderr
    assert peak < 600, peak
    with Image.open(tmp_path / "out" / "bench-deck" / "showcase.png") as image:
        from printkit.core.limits import MAX_SHOWCASE_PIXELS

        assert image.width * image.height <= MAX_SHOWCASE_PIXELS
        assert image.width > image.height
