"""tests/kits/rooms: square room tiles whose edges are data (top, right, bottom, left), read by
the rules file's checks (`rule: among`: every tile has a door) and drawn by the tiles' faces;
indoor and outdoor backs in the PDF and both exports (tests/test_export_backs.py covers the
pairing pixel for pixel)."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.cli import main

KITS = Path(__file__).resolve().parent / "kits"


def run(*args: object):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture
def rooms(tmp_path) -> Path:
    shutil.copytree(KITS / "rooms", tmp_path / "rooms")
    return tmp_path / "rooms"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_the_rooms_kit_passes_its_own_checks():
    r = run("check", KITS / "rooms")
    assert r.exit_code == 0, r.output


def test_a_tile_with_no_door_is_caught_at_its_line(rooms):
    tiles = rooms / "tiles.yaml"
    edit(
        tiles,
        "title: Chapel, top: wall, right: wall, bottom: door, left: wall",
        "title: Chapel, top: wall, right: wall, bottom: wall, left: wall",
    )
    line = next(
        n for n, text in enumerate(tiles.read_text().splitlines(), start=1) if "chapel" in text
    )
    r = run("check", rooms)
    assert r.exit_code == 1
    assert f"{tiles}:{line}:" in r.output
    assert "DR008" in r.output and "'chapel' has 0 of top, right, bottom, left" in r.output
    assert "a tile without a door can never be entered" in r.output


def test_an_among_check_naming_a_field_the_deck_lacks_is_an_input_error(rooms):
    edit(rooms / "rules.yaml", "fields: [top, right, bottom, left]", "fields: [top, rigth]")
    r = run("check", rooms)
    assert r.exit_code == 2
    assert "no field 'rigth'; did you mean 'right'?" in r.stderr


def test_indoor_and_outdoor_backs_in_both_exports(tmp_path):
    r = run("export", KITS / "rooms", "--images", "--dpi", "72", "--tts", "--out", tmp_path)
    assert r.exit_code == 0, r.output
    rows = list(csv.DictReader((tmp_path / "rooms" / "images" / "manifest.csv").open()))
    backs = {row["card"]: row["back"] for row in rows if row["deck"] == "tiles"}
    assert backs["hall"] == backs["chapel"] == "tiles/back-indoor.png"
    assert backs["lawn"] == backs["maze"] == "tiles/back-outdoor.png"
    assert len(backs) == 16
    tts = (tmp_path / "rooms" / "tts" / "tiles.json").read_text()
    assert "tiles-back-indoor.jpg" in tts and "tiles-back-outdoor.jpg" in tts
