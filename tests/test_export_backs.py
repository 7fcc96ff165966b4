"""Each card's own back in every output: the PDF, the designs PDF print shops take, `export
--images` and `export --tts` all print behind a card the back model/backs.py decides (its kind's
own back, the deck's, or a back showing the card's fields), never the deck's default for all."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from urllib.parse import urlparse

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageStat

from printkit.kit import Derived, load_kit
from printkit.model.options import Options

DPI = 150

KIT = """\
name: twobacks
title: Two Backs
components:
  tiles: {type: deck, file: cards.yaml, title: Tiles}
"""

DECK = """\
card_size: {width: 50mm, height: 50mm}
kinds:
  event:
    label: EVENT
    colour: "#444444"
    face: [{element: title, box: [4, 18, 42, 14], text: "{title}"}]
  indoor:
    label: ROOM
    colour: "#2e6b3a"
    face: [{element: title, box: [4, 18, 42, 14], text: "{title}"}]
    back: {colour: "#2e6b3a", title: INDOOR}
  outdoor:
    label: GARDEN
    colour: "#b5651d"
    face: [{element: title, box: [4, 18, 42, 14], text: "{title}"}]
    back: {colour: "#b5651d", pattern: dots, title: OUTDOOR}
back: {colour: "#23395d", title: EVENTS}
cards:
  - {id: hall, kind: indoor, count: 2, title: Hall}
  - {id: lawn, kind: outdoor, title: Lawn}
  - {id: storm, kind: event, title: Storm}
  - {id: study, kind: indoor, title: Study}
"""

# the back each card must print with, by the colour of its ground
GROUND = {"hall": "#2e6b3a", "study": "#2e6b3a", "lawn": "#b5651d", "storm": "#23395d"}


@pytest.fixture(scope="module")
def kit_dir(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("twobacks")
    (folder / "kit.yaml").write_text(KIT, encoding="utf-8")
    (folder / "cards.yaml").write_text(DECK, encoding="utf-8")
    return folder


def run(*args: object) -> None:
    from click.testing import CliRunner

    from printkit.cli.app import main

    r = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert r.exit_code == 0, r.output


@pytest.fixture(scope="module")
def exported(kit_dir, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("out")
    run("export", kit_dir, "--images", "--dpi", DPI, "--out", out)
    run("export", kit_dir, "--tts", "--out", out)
    return out / "twobacks"


@pytest.fixture(scope="module")
def pdf_backs(kit_dir, tmp_path_factory) -> dict[str, Image.Image]:
    """Each card's back as the shop PDF draws it (one card a page, each front followed by its
    back, with 3 mm bleed; before the shop finish turns it CMYK), rendered at DPI."""
    kit = load_kit(str(kit_dir), Options(profile="shop", bleed_mm=3))
    pdf = tmp_path_factory.mktemp("pdf") / "tiles.pdf"
    kit.component("tiles").render(kit, Derived(), "tiles", pdf)
    doc = pdfium.PdfDocument(str(pdf))
    try:
        copies = [c.id for c in kit.model("tiles").copies()]
        assert len(doc) == 2 * len(copies)
        return {
            card: doc[2 * n + 1].render(scale=DPI / 72).to_pil().convert("RGB")
            for n, card in enumerate(copies)
        }
    finally:
        doc.close()


def _rgb(text: str) -> tuple[int, int, int]:
    return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))


def _near(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 4) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def test_the_pdf_prints_each_kinds_own_back(pdf_backs):
    for card, image in pdf_backs.items():
        assert _near(image.getpixel((3, 3)), _rgb(GROUND[card])), card


def test_export_images_pairs_each_card_with_its_own_back_pixel_for_pixel(exported, pdf_backs):
    rows = list(csv.DictReader((exported / "images" / "manifest.csv").open(encoding="utf-8")))
    assert [r["card"] for r in rows] == ["hall", "hall", "lawn", "storm", "study"]
    assert {r["card"]: r["back"] for r in rows} == {
        "hall": "tiles/back-indoor.png",
        "study": "tiles/back-indoor.png",
        "lawn": "tiles/back-outdoor.png",
        "storm": "tiles/back.png",
    }
    for row in rows:
        with Image.open(exported / "images" / row["back"]) as back:
            image = back.convert("RGB")
        pdf = pdf_backs[row["card"]]
        assert image.size == pdf.size == (331, 331)  # 56 mm at 150 dpi
        assert ImageChops.difference(image, pdf).getbbox() is None, row["card"]


def _tts_deck(exported: Path) -> dict:
    saved = json.loads((exported / "tts" / "tiles.json").read_text(encoding="utf-8"))
    [deck] = saved["ObjectStates"]
    return deck


def test_export_tts_gives_each_card_the_custom_deck_of_its_own_back(exported, pdf_backs):
    deck = _tts_deck(exported)
    cards = deck["ContainedObjects"]
    assert [c["Description"] for c in cards] == ["hall", "hall", "lawn", "storm", "study"]
    assert [c["CardID"] for c in cards] == deck["DeckIDs"]
    faces = {entry["FaceURL"] for entry in deck["CustomDeck"].values()}
    assert len(faces) == 1 and len(deck["CustomDeck"]) == 3  # one sheet, three backs
    for card in cards:
        entry = deck["CustomDeck"][str(card["CardID"] // 100)]
        assert card["CustomDeck"] == {str(card["CardID"] // 100): entry}
        with Image.open(urlparse(entry["BackURL"]).path) as back:
            image = back.convert("RGB")
        own = _difference(image, pdf_backs[card["Description"]])
        assert own < 3, card["Description"]
        others = [v for k, v in pdf_backs.items() if GROUND[k] != GROUND[card["Description"]]]
        assert all(_difference(image, other) > 5 * own + 5 for other in others)


def _difference(tts: Image.Image, pdf: Image.Image) -> float:
    """The mean difference of a TTS back (the trim, no bleed) and the PDF's back cut to its trim
    (3 mm of bleed each side) and scaled to the same pixels."""
    bleed = 3 / 25.4 * DPI
    trim = pdf.crop(
        (round(bleed), round(bleed), round(pdf.width - bleed), round(pdf.height - bleed))
    )
    trim = trim.resize(tts.size, Image.Resampling.LANCZOS)
    return sum(ImageStat.Stat(ImageChops.difference(tts, trim)).mean) / 3


def test_the_designs_pdf_has_one_page_per_back_and_counts_its_cards(kit_dir, tmp_path):
    run("build", kit_dir, "--profile", "shop", "--card-pages", "designs", "--out", tmp_path)
    counts = (tmp_path / "twobacks" / "shop" / "tiles-counts.csv").read_text(encoding="utf-8")
    assert counts.splitlines()[-3:] == [
        "5,back,(every card with back-indoor),3",
        "6,back,(every card with back-outdoor),1",
        "7,back,(every card with back),1",
    ]
    doc = pdfium.PdfDocument(str(tmp_path / "twobacks" / "shop" / "tiles.pdf"))
    try:
        assert len(doc) == 7
    finally:
        doc.close()


# -- tests/kits/hex-island: development cards with two kinds of back --------------------------

ISLAND = Path(__file__).resolve().parent / "kits" / "hex-island"
SPECIAL = {"longest-road", "largest-army"}


@pytest.fixture(scope="module")
def island(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("island")
    run("export", ISLAND, "--images", "--dpi", DPI, "--out", out)
    run("export", ISLAND, "--tts", "--only", "development", "--out", out)
    return out / "hex-island"


def shop_backs(kit_dir: Path, deck: str, bleed_mm: float, folder: Path) -> dict[str, Image.Image]:
    """The back behind the first copy of each card as the shop PDF draws it with `bleed_mm`
    of bleed (before the CMYK finish), rendered at DPI."""
    kit = load_kit(str(kit_dir), Options(profile="shop", bleed_mm=bleed_mm))
    pdf = folder / f"{deck}-{bleed_mm}.pdf"
    kit.component(deck).render(kit, Derived(), deck, pdf)
    doc = pdfium.PdfDocument(str(pdf))
    try:
        copies = [c.id for c in kit.model(deck).copies()]
        firsts = {card: copies.index(card) for card in dict.fromkeys(copies)}
        return {
            card: doc[2 * n + 1].render(scale=DPI / 72).to_pil().convert("RGB")
            for card, n in firsts.items()
        }
    finally:
        doc.close()


@pytest.fixture(scope="module")
def island_backs(tmp_path_factory) -> dict[str, Image.Image]:
    return shop_backs(ISLAND, "development", 3, tmp_path_factory.mktemp("island-pdf"))


@pytest.fixture(scope="module")
def island_trims(tmp_path_factory) -> dict[str, Image.Image]:
    """As island_backs without bleed: what a TTS card shows (a pattern starts at the bleed's
    corner, so a back with bleed cut to its trim is not the same picture)."""
    return shop_backs(ISLAND, "development", 0, tmp_path_factory.mktemp("island-trim"))


def _same_pixels(export: Image.Image, pdf: Image.Image) -> bool:
    """Whether the exported picture is the PDF's render pixel for pixel: the export drops the
    last partial pixel of a page that is not a whole number of pixels at DPI."""
    assert (pdf.width - export.width, pdf.height - export.height) in {
        (0, 0),
        (1, 0),
        (0, 1),
        (1, 1),
    }
    return ImageChops.difference(export, pdf.crop((0, 0, *export.size))).getbbox() is None


@pytest.mark.slow
def test_island_images_pair_every_development_card_with_its_own_back(island, island_backs):
    rows = [
        r
        for r in csv.DictReader((island / "images" / "manifest.csv").open(encoding="utf-8"))
        if r["deck"] == "development"
    ]
    assert len(rows) == 27
    for row in rows:
        want = "back-special.png" if row["card"] in SPECIAL else "back.png"
        assert row["back"] == f"development/{want}", row["card"]
        with Image.open(island / "images" / row["back"]) as back:
            assert _same_pixels(back.convert("RGB"), island_backs[row["card"]]), row["card"]


@pytest.mark.slow
def test_island_tts_gives_the_special_cards_their_own_back(island, island_trims):
    saved = json.loads((island / "tts" / "development.json").read_text(encoding="utf-8"))
    [deck] = saved["ObjectStates"]
    assert len(deck["DeckIDs"]) == 27
    for card in deck["ContainedObjects"]:
        entry = deck["CustomDeck"][str(card["CardID"] // 100)]
        name = Path(urlparse(entry["BackURL"]).path).name
        special = card["Description"] in SPECIAL
        assert name == ("development-back-special.jpg" if special else "development-back.jpg")
        with Image.open(urlparse(entry["BackURL"]).path) as back:
            image = back.convert("RGB")
        pdf = island_trims[card["Description"]].resize(image.size, Image.Resampling.LANCZOS)
        own = sum(ImageStat.Stat(ImageChops.difference(image, pdf)).mean) / 3
        other = "knight" if special else "longest-road"
        wrong = island_trims[other].resize(image.size, Image.Resampling.LANCZOS)
        assert own < 8  # a JPEG of the card's back, resampled
        assert sum(ImageStat.Stat(ImageChops.difference(image, wrong)).mean) / 3 > 4 * own


def test_serve_shows_each_card_with_its_own_back(kit_dir, tmp_path, pdf_backs):
    """The live preview's pictures (serve): each card's back picture is the back the PDF prints
    behind it, one picture per distinct back."""
    from printkit.live.pictures import draw_cards

    kit = load_kit(str(kit_dir))
    deck = kit.model("tiles")
    cards = [(card, f"{card.id}.png") for card in deck.cards]
    backs = draw_cards(kit, "tiles", deck, cards, tmp_path / "live" / "tiles")
    by_card = {card.id: backs[front] for card, front in cards}
    assert by_card["hall"] == by_card["study"]
    assert len({by_card["hall"], by_card["lawn"], by_card["storm"]}) == 3
    for card_id, name in by_card.items():
        with Image.open(tmp_path / "live" / "tiles" / name) as image:
            corner = image.convert("RGB").getpixel((3, 3))
        assert _near(corner, _rgb(GROUND[card_id])), card_id


# -- cut pieces: a tile set's own backs, hex tiles and discs (export/pieces.py) --------------

ISLES = """\
name: isles
title: Isles
components:
  tiles: {type: tiles, file: tiles.yaml, title: Tiles}
"""

ISLE_TILES = """\
tile_size: 50mm
corner_marks: false
terrains:
  land: {letter: L, colour: "#eadcae", ink: "#6e5330", texture: hills}
  sea: {letter: S, colour: "#5e8ca3", ink: "#1c4159", texture: waves}
back: {colour: "#22384a", title: ISLES}
tiles:
  - {id: start, edges: SS SL LL LS, back: {colour: "#b8860b", title: START}}
  - {id: A, edges: LL LS SS SL, count: 2}
  - {id: B, edges: LL SS SS LL}
"""

ISLE_BACK = {"start": "tile-back-start", "A": "tile-back", "B": "tile-back"}


@pytest.fixture(scope="module")
def isles(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("isles")
    (folder / "kit.yaml").write_text(ISLES, encoding="utf-8")
    (folder / "tiles.yaml").write_text(ISLE_TILES, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def isles_exported(isles, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("isles-out")
    run("export", isles, "--images", "--dpi", DPI, "--out", out)
    run("export", isles, "--tts", "--out", out)
    return out / "isles"


def piece_backs(kit_dir: Path, cid: str, bleed_mm: float, folder: Path) -> dict[str, Image.Image]:
    """The back behind the first copy of each design of a component's pieces as its shop PDF
    draws it with `bleed_mm` of bleed (one piece a page, each front followed by its back),
    rendered at DPI, by the design's name."""
    kit = load_kit(str(kit_dir), Options(profile="shop", bleed_mm=bleed_mm))
    folder.mkdir(parents=True, exist_ok=True)
    pdf = folder / f"{cid}-{bleed_mm}.pdf"
    kit.component(cid).render(kit, Derived(), cid, pdf)
    (group,) = kit.component(cid).piece_groups(kit, Derived(), cid)
    names = [group.design(item) for item in group.items]
    firsts = {name: names.index(name) for name in dict.fromkeys(names)}
    doc = pdfium.PdfDocument(str(pdf))
    try:
        assert len(doc) == 2 * len(names)
        return {
            name: doc[2 * n + 1].render(scale=DPI / 72).to_pil().convert("RGB")
            for name, n in firsts.items()
        }
    finally:
        doc.close()


def test_export_images_pairs_each_tile_with_its_own_back_pixel_for_pixel(isles, isles_exported):
    pdf = piece_backs(isles, "tiles", 3, isles_exported.parent / "pdf")
    rows = list(csv.DictReader((isles_exported / "images" / "manifest.csv").open()))
    assert [(r["card"], r["copy"]) for r in rows] == [
        ("start", "1"),
        ("A", "1"),
        ("A", "2"),
        ("B", "1"),
    ]
    for row in rows:
        assert row["back"] == f"tiles/{ISLE_BACK[row['card']]}.png"
        with Image.open(isles_exported / "images" / row["back"]) as back:
            assert _same_pixels(back.convert("RGB"), pdf[row["card"]]), row["card"]
    own, common = (pdf["start"].getpixel((3, 3)), pdf["A"].getpixel((3, 3)))
    assert _near(own, _rgb("#b8860b")) and _near(common, _rgb("#22384a"))


def test_export_tts_gives_each_tile_its_own_back(isles, isles_exported):
    saved = json.loads((isles_exported / "tts" / "tiles.json").read_text(encoding="utf-8"))
    tiles = saved["ObjectStates"]
    assert [t["Description"] for t in tiles] == ["start", "A", "A", "B"]
    trims = piece_backs(isles, "tiles", 0, isles_exported.parent / "trims")
    for tile in tiles:
        assert tile["Name"] == "Custom_Tile" and tile["CustomImage"]["CustomTile"]["Type"] == 0
        back = Path(urlparse(tile["CustomImage"]["ImageSecondaryURL"]).path)
        assert back.name == f"tiles-{ISLE_BACK[tile['Description']]}.jpg"
        with Image.open(back) as image:
            picture = image.convert("RGB")
        own = _mean_difference(picture, trims[tile["Description"]])
        other = trims["A" if tile["Description"] == "start" else "start"]
        assert own < 3 and _mean_difference(picture, other) > 5 * own + 5


def _mean_difference(picture: Image.Image, pdf: Image.Image) -> float:
    scaled = pdf.resize(picture.size, Image.Resampling.LANCZOS)
    return sum(ImageStat.Stat(ImageChops.difference(picture, scaled)).mean) / 3


@pytest.mark.slow  # a pixel comparison of 19 hexes; the quick one is isles' 4 square tiles
def test_export_images_pairs_each_hex_with_its_own_back_on_paper(tmp_path):
    out = tmp_path / "out"
    run("export", ISLAND, "--images", "--dpi", DPI, "--only", "tiles", "--out", out)
    island_pieces = out / "hex-island"
    pdf = piece_backs(ISLAND, "tiles", 3, tmp_path)
    rows = list(csv.DictReader((island_pieces / "images" / "manifest.csv").open()))
    assert len(rows) == 19 and len({r["back"] for r in rows}) == 6
    for row in rows:
        assert row["back"] == f"tiles/back-{row['card']}.png"
        with Image.open(island_pieces / "images" / row["back"]) as back:
            image = back.convert("RGB")
        assert _same_pixels(image, pdf[row["card"]]), row["card"]
        assert image.getpixel((2, 2)) == (255, 255, 255)  # paper outside the hexagon


def test_tts_pairs_each_round_disc_with_its_own_back(tmp_path):
    run("export", ISLAND, "--tts", "--only", "discs", "--out", tmp_path)
    saved = json.loads((tmp_path / "hex-island" / "tts" / "discs.json").read_text("utf-8"))
    discs = saved["ObjectStates"]
    assert len(discs) == 18 and {d["CustomImage"]["CustomTile"]["Type"] for d in discs} == {2}
    for disc in discs:
        back = Path(urlparse(disc["CustomImage"]["ImageSecondaryURL"]).path).name
        assert back == f"discs-back-{disc['Description']}.jpg"
