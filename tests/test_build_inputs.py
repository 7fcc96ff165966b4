"""Each component reports the files its output is drawn from (its type's `inputs()`, from its
model), and the build record, `build --watch` and `serve` rebuild exactly what one of them feeds:
a picture named through a placeholder, a deck's icon file, a card sheet, a kit font. The record
keeps the digest of the bytes actually read, so an edit saved during a build is noticed, and an
output edited in place without changing its size is rebuilt."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from printkit.build.incremental import RECORD_DIR
from printkit.draw.fonts import FONT_DIR
from printkit.kit import load_kit
from printkit.live.loop import LiveKit, watched_build
from printkit.model.options import Options
from printkit.plugins import component_type
from printkit.render.links import data_file
from tests.conftest import edit

KIT_YAML = """\
name: inputs-kit
title: Inputs kit
fonts: {italic: fonts/italic.ttf}
components:
  art: {type: deck, file: art.yaml}
  icon: {type: deck, file: icon.yaml}
  sheet: {type: deck, file: sheet.yaml}
"""

DECK_HEAD = """\
card_size: mini
kinds:
  card:
    label: CARD
    colour: "#224466"
    face:
      - {element: title, box: [4, 4, 36, 8], text: "{title}", font: bold}
"""

ART = (
    DECK_HEAD
    + """\
      - {element: image, box: [4, 14, 36, 30], image: "art/{id}.png"}
cards:
  - {id: c0, kind: card, title: First}
  - {id: c1, kind: card, title: Second}
"""
)

ICON = """\
card_size: mini
icons: {star: icons/star.png}
kinds:
  card:
    label: CARD
    colour: "#446622"
    face:
      - {element: title, box: [4, 4, 36, 8], text: "{title}", font: bold}
      - {element: icon, icon: star, box: [8, 16, 20, 20]}
cards:
  - {id: i0, kind: card, title: Star}
"""

SHEET = (
    DECK_HEAD
    + """\
      - {element: text, box: [4, 14, 36, 20], text: "{text}", font: italic}
cards: cards.csv
"""
)

CSV = "id,kind,title,text\ns0,card,North,Go north\ns1,card,South,Go south\n"
OUTPUTS = ("art.pdf", "icon.pdf", "sheet.pdf")


def picture(path: Path, colour: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (40, 30), colour).save(path)


@pytest.fixture
def kit(tmp_path) -> Path:
    root = tmp_path / "kit"
    root.mkdir()
    for name, text in {"kit.yaml": KIT_YAML, "art.yaml": ART, "icon.yaml": ICON}.items():
        (root / name).write_text(text, encoding="utf-8")
    (root / "sheet.yaml").write_text(SHEET, encoding="utf-8")
    (root / "cards.csv").write_text(CSV, encoding="utf-8")
    picture(root / "art" / "c0.png", "#aa0000")
    picture(root / "art" / "c1.png", "#00aa00")
    picture(root / "icons" / "star.png", "#0000aa")
    (root / "fonts").mkdir()
    shutil.copyfile(FONT_DIR / "DejaVuSans-Oblique.ttf", root / "fonts" / "italic.ttf")
    return root


def new_picture(root: Path) -> None:
    picture(root / "art" / "c1.png", "#ffcc00")  # named only through art/{id}.png


def new_first_picture(root: Path) -> None:
    picture(root / "art" / "c0.png", "#00ffcc")  # the picture the deck reads first


def new_icon(root: Path) -> None:
    picture(root / "icons" / "star.png", "#cc00ff")


def new_sheet(root: Path) -> None:
    edit(root / "cards.csv", "Go south", "Go south-east")


def new_font(root: Path) -> None:
    shutil.copyfile(FONT_DIR / "DejaVuSerif-Bold.ttf", root / "fonts" / "italic.ttf")


# a kit font is a shared input of every component: only the deck that prints with it changes
CHANGES: dict[str, tuple[Callable[[Path], None], set[str]]] = {
    "picture": (new_picture, {"art.pdf"}),
    "icon": (new_icon, {"icon.pdf"}),
    "sheet": (new_sheet, {"sheet.pdf"}),
    "font": (new_font, {"sheet.pdf"}),
}


def outputs(out: Path) -> dict[str, tuple[bytes, int, int]]:
    folder = out / "inputs-kit"
    return {
        n: ((folder / n).read_bytes(), (folder / n).stat().st_mtime_ns, (folder / n).stat().st_ino)
        for n in OUTPUTS
    }


def build_once(root: Path, out: Path) -> None:
    kit = load_kit(str(root), Options())
    from printkit.build.pipeline import build_kits

    build_kits([kit], out)


def watched(root: Path, out: Path) -> None:
    line = watched_build([str(root)], out, Options(), 1, lambda text: None)
    assert line.startswith("rebuilt "), line


def served(root: Path, out: Path) -> None:
    snap = LiveKit(str(root), out).refresh()
    assert not snap.error, snap.error


REBUILDS = {"build": build_once, "watch": watched, "serve": served}


def _rebuild_cases() -> list:
    """Every change through a build; watch and serve, which rebuild through the same path,
    each with one change in the quick suite and the rest in the slow one."""
    quick = {("picture", "build"), ("icon", "build"), ("sheet", "build"), ("font", "build")}
    quick |= {("picture", "watch"), ("icon", "serve")}
    return [
        pytest.param(change, how, marks=[] if (change, how) in quick else [pytest.mark.slow])
        for how in REBUILDS
        for change in CHANGES
    ]


@pytest.mark.parametrize(("change", "how"), _rebuild_cases())
def test_a_changed_input_redraws_the_output_it_feeds_and_only_it(kit, tmp_path, change, how):
    rebuild = REBUILDS[how]
    out = tmp_path / "out"
    rebuild(kit, out)
    before = outputs(out)
    alter, expected = CHANGES[change]
    alter(kit)
    rebuild(kit, out)
    after = outputs(out)
    changed = {n for n in OUTPUTS if after[n][0] != before[n][0]}
    assert changed == expected
    for name in set(OUTPUTS) - expected:
        assert after[name] == before[name]  # not even rewritten with the same bytes


def test_the_font_change_reaches_the_pdf(kit, tmp_path):
    out = tmp_path / "out"
    build_once(kit, out)
    new_font(kit)
    build_once(kit, out)
    fonts = {
        str(font.get_object()["/BaseFont"])
        for page in PdfReader(out / "inputs-kit" / "sheet.pdf").pages
        for font in page["/Resources"]["/Font"].values()
    }
    assert any("DejaVuSerif-Bold" in name for name in fonts), fonts


def test_each_component_reports_the_files_its_model_reads(kit):
    loaded = load_kit(str(kit), Options())
    loaded.models()

    def names(cid: str) -> list[str]:
        files = component_type(loaded.spec(cid).type).inputs(loaded, cid)
        return sorted(p.relative_to(kit).as_posix() for p in files)

    shared = ["fonts/italic.ttf", "kit.yaml"]
    assert names("art") == sorted([*shared, "art.yaml", "art/c0.png", "art/c1.png"])
    assert names("icon") == sorted([*shared, "icon.yaml", "icons/star.png"])
    assert names("sheet") == sorted([*shared, "sheet.yaml", "cards.csv"])


def test_text_that_looks_like_a_file_name_is_not_an_input(kit, tmp_path):
    """Inputs come from the model, not from strings that look like paths."""
    (kit / "notes.txt").write_text("first", encoding="utf-8")
    edit(kit / "art.yaml", "title: First", "title: notes.txt")
    out = tmp_path / "out"
    build_once(kit, out)
    record = json.loads((out / RECORD_DIR / "inputs-kit.json").read_text())
    assert "notes.txt" not in record["targets"]["art"]["inputs"]


def test_an_output_edited_in_place_without_changing_its_size_is_rebuilt(kit, tmp_path, cli):
    out = tmp_path / "out"
    build_once(kit, out)
    target = out / "inputs-kit" / "icon.pdf"
    good = target.read_bytes()
    tampered = bytearray(good)
    at = good.index(b"%%EOF") - 8  # inside the file, same length
    tampered[at] ^= 0x20
    target.write_bytes(bytes(tampered))
    assert target.stat().st_size == len(good)
    r = cli("build", kit, "--out", out)
    assert r.exit_code == 0, r.output
    assert (
        r.stdout
        == f"wrote {target}\nto print: icon.pdf 2 pages on 1 sheet (A4, double-sided, long edge)\n"
    )
    assert target.read_bytes() == good


def test_an_edit_saved_while_the_build_reads_makes_the_next_build_rebuild(
    kit, tmp_path, cli, monkeypatch
):
    """The sheet is changed right after the first build read it (as a save during a long build
    would): the output shows the text read, and the next build must redraw it."""
    from printkit.load import spreadsheet

    out = tmp_path / "out"
    real = spreadsheet.read_table

    def read_then_save(*args, **kwargs):
        table = real(*args, **kwargs)
        new_sheet(kit)  # saved after it was read, before the build ends
        return table

    edit(kit / "cards.csv", "Go north", "Go north-west")
    monkeypatch.setattr(spreadsheet, "read_table", read_then_save)
    build_once(kit, out)
    monkeypatch.setattr(spreadsheet, "read_table", real)
    text = "".join(p.extract_text() for p in PdfReader(out / "inputs-kit" / "sheet.pdf").pages)
    assert "north-west" in text and "south-east" not in text  # built from the bytes read
    r = cli("build", kit, "--out", out)
    assert r.stdout == (
        f"wrote {out / 'inputs-kit' / 'sheet.pdf'}\n"
        "to print: sheet.pdf 2 pages on 1 sheet (A4, double-sided, long edge)\n"
    )
    text = "".join(p.extract_text() for p in PdfReader(out / "inputs-kit" / "sheet.pdf").pages)
    assert "south-east" in text


# each reader of a kit's bytes, where the build calls it; the change saved right after it read
READERS = {
    "picture": ("printkit.components.deck.sources", "load_image", new_first_picture, "art.pdf"),
    "icon": ("printkit.components.deck.sources", "icon_from_file", new_icon, "icon.pdf"),
    "font": (
        "printkit.draw.fonts",
        "check_font_file",
        new_font,
        "sheet.pdf",
    ),  # kit.py imports it when a kit has fonts
}


@pytest.mark.parametrize("reader", list(READERS))
def test_every_reader_records_the_bytes_it_read(kit, tmp_path, cli, monkeypatch, reader):
    """A picture, an icon or a font saved again just after the first build read it: the next
    build redraws what read it."""
    import importlib

    module_name, name, alter, output = READERS[reader]
    module = importlib.import_module(module_name)
    real = getattr(module, name)

    saved: list[bool] = []

    def read_then_save(*args, **kwargs):
        answer = real(*args, **kwargs)
        if not saved:  # once, right after the first read
            alter(kit)
            saved.append(True)
        return answer

    out = tmp_path / "out"
    monkeypatch.setattr(module, name, read_then_save)
    build_once(kit, out)
    monkeypatch.setattr(module, name, real)
    r = cli("build", kit, "--out", out)
    assert f"wrote {out / 'inputs-kit' / output}\n" in r.stdout, r.stdout


def test_serve_redraws_the_preview_of_the_card_whose_picture_changed_and_only_it(kit, tmp_path):
    live = LiveKit(str(kit), tmp_path / "out")
    first = {c.id: c.front for c in live.refresh(build_pdfs=False).cards}
    new_picture(kit)  # art/c1.png, which only card c1 shows
    again = {c.id: c.front for c in live.refresh(build_pdfs=False).cards}
    assert again["c0"] == first["c0"]
    assert again["c1"] != first["c1"]
    assert {k: v for k, v in again.items() if k not in ("c0", "c1")} == {
        k: v for k, v in first.items() if k not in ("c0", "c1")
    }
    new_icon(kit)  # the icon deck's only card
    icons = {c.id: c.front for c in live.refresh(build_pdfs=False).cards}
    assert icons["i0"] != again["i0"]
    assert {k: v for k, v in icons.items() if k != "i0"} == {
        k: v for k, v in again.items() if k != "i0"
    }


HEXWAR = str(Path(__file__).parent / "kits" / "hexwar")  # a map, an oversize piece


@pytest.mark.parametrize("name", ["chariot-race", "chartae", "carthage", HEXWAR])
def test_every_component_of_the_built_in_kits_reports_its_shared_and_data_files(name):
    """Every type reports kit.yaml, the rules file and its data file (and what it uses): each
    of them is a file the component's output is drawn from, and each was read by the build."""
    kit = load_kit(name, Options())
    kit.models()
    for cid in kit.component_ids():
        files = component_type(kit.spec(cid).type).inputs(kit, cid)
        expected = [kit.root / "kit.yaml", *data_file(kit, cid)]
        expected += [kit.root / kit.manifest.rules.file] if kit.manifest.rules else []
        expected += [f for other in kit.spec(cid).uses.values() for f in data_file(kit, other)]
        assert set(expected) <= set(files), cid
        assert all(kit.reads.digest(f) is not None for f in files), cid


def test_a_build_says_which_outputs_it_drew_again_the_same(kit, tmp_path, cli):
    out = tmp_path / "out"
    assert cli("build", kit, "--out", out).exit_code == 0
    new_font(kit)  # printed by the sheet deck only
    r = cli("build", kit, "--out", out)
    assert r.stdout.splitlines() == [
        f"wrote {out / 'inputs-kit' / 'sheet.pdf'}",
        "drew again with the same bytes, left as they were: art.pdf, icon.pdf",
        "to print: sheet.pdf 2 pages on 1 sheet (A4, double-sided, long edge)",
    ]


def test_a_map_reports_the_pictures_its_face_shows(tmp_path):
    root = tmp_path / "mapkit"
    root.mkdir()
    (root / "kit.yaml").write_text(
        "name: mapkit\ntitle: Map kit\ncomponents:\n  map: {type: map, file: map.yaml}\n"
    )
    (root / "map.yaml").write_text(
        "width: 100mm\nheight: 80mm\n"
        "face:\n  - {element: image, box: [10, 10, 50, 40], image: art/land.png}\n"
    )
    picture(root / "art" / "land.png", "#336633")
    kit = load_kit(str(root), Options())
    kit.models()
    files = component_type("map").inputs(kit, "map")
    assert sorted(p.relative_to(root).as_posix() for p in files) == [
        "art/land.png",
        "kit.yaml",
        "map.yaml",
    ]
    assert all(kit.reads.digest(f) is not None for f in files)
