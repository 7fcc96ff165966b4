"""`printkit export KIT --tts --base-url URL --saved-objects`: a Tabletop Simulator deck other
players can load (every image linked under an https address), put where TTS lists saved objects,
and a saved object that holds to TTS's format."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from printkit.export.tts_places import SAVED_OBJECTS_ENV, saved_objects_folder

FIXTURES = Path(__file__).parent / "fixtures"

BASE = "https://example.org/club/mini%20decks/"
TRANSFORM = {"posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"}


def tts_format_problems(saved: dict) -> list[str]:  # noqa: C901
    """What keeps TTS from loading `saved` as a saved object of custom decks: ObjectStates, each
    DeckCustom's CustomDeck entries (FaceURL, BackURL, a grid of 1..10 by 1..7), DeckIDs that
    name an entry and a cell of its grid, and one contained Card per DeckID with the same id and
    its own entry. An empty list: TTS reads it."""
    problems = []
    states = saved.get("ObjectStates")
    if not isinstance(states, list) or not states:
        return ["ObjectStates is not a non-empty list"]
    for deck in states:
        if deck.get("Name") != "DeckCustom":
            problems.append(f"object {deck.get('Name')!r} is not a DeckCustom")
            continue
        if set(deck.get("Transform", {})) != TRANSFORM:
            problems.append("the deck's Transform lacks a position, rotation or scale")
        custom = deck.get("CustomDeck", {})
        for key, entry in custom.items():
            if not key.isdigit() or int(key) < 1:
                problems.append(f"CustomDeck key {key!r} is not a positive whole number")
            for field in ("FaceURL", "BackURL"):
                if not isinstance(entry.get(field), str) or not entry[field]:
                    problems.append(f"CustomDeck {key} has no {field}")
            if not (1 <= entry.get("NumWidth", 0) <= 10 and 1 <= entry.get("NumHeight", 0) <= 7):
                problems.append(
                    f"CustomDeck {key}: grid {entry.get('NumWidth')}x{entry.get('NumHeight')}"
                )
        ids = deck.get("DeckIDs", [])
        for number in ids:
            entry = custom.get(str(number // 100))
            if not isinstance(number, int) or entry is None:
                problems.append(f"DeckID {number} names no CustomDeck entry")
            elif number % 100 >= entry["NumWidth"] * entry["NumHeight"]:
                problems.append(f"DeckID {number} is outside its sheet's grid")
        cards = deck.get("ContainedObjects", [])
        if [card.get("CardID") for card in cards] != ids:
            problems.append("ContainedObjects' CardIDs are not the DeckIDs, in order")
        for card in cards:
            key = str(card.get("CardID", 0) // 100)
            if card.get("Name") != "Card" or card.get("CustomDeck", {}).get(key) != custom.get(key):
                problems.append(f"card {card.get('CardID')} does not carry its CustomDeck {key}")
    return problems


def urls(saved: dict) -> list[str]:
    return [
        entry[field]
        for deck in saved["ObjectStates"]
        for entry in deck["CustomDeck"].values()
        for field in ("FaceURL", "BackURL")
    ]


@pytest.fixture
def shared(cli, tmp_path, monkeypatch) -> tuple[Path, Path]:
    """The mini kit exported with a base URL into TTS's Saved Objects folder (a temporary one);
    returns the share folder and the Saved Objects folder."""
    saved_objects = tmp_path / "Tabletop Simulator" / "Saves" / "Saved Objects"
    saved_objects.parent.mkdir(parents=True)
    monkeypatch.setenv(SAVED_OBJECTS_ENV, str(saved_objects))
    args = ["--tts", "--base-url", BASE, "--saved-objects", "--out", tmp_path / "out"]
    r = cli("export", FIXTURES / "mini", *args)
    assert r.exit_code == 0, r.output
    assert "upload the images of" in r.stdout and BASE in r.stdout
    return tmp_path / "out" / "mini" / "tts", saved_objects


def test_a_deck_with_a_base_url_links_only_https_images_that_are_in_the_share_folder(shared):
    folder, _ = shared
    for deck in ("cards", "tokens"):
        text = (folder / f"{deck}.json").read_text(encoding="utf-8")
        assert "file:" not in text
        links = urls(json.loads(text))
        assert links and all(link.startswith(BASE) for link in links)
        for link in links:  # each link is a file of the share folder, named as uploaded
            assert urlsplit(link).scheme == "https"
            assert (folder / unquote(link.removeprefix(BASE))).is_file(), link


def test_the_saved_objects_pass_ttss_format_checks(shared):
    folder, _ = shared
    for deck in ("cards", "tokens"):
        saved = json.loads((folder / f"{deck}.json").read_text(encoding="utf-8"))
        assert tts_format_problems(saved) == []
        assert len(saved["ObjectStates"][0]["DeckIDs"]) > 1


def test_the_format_checks_see_a_broken_deck():
    entry = {
        "FaceURL": "https://a/f.jpg",
        "BackURL": "https://a/b.jpg",
        "NumWidth": 2,
        "NumHeight": 2,
    }
    card = {"Name": "Card", "CardID": 100, "CustomDeck": {"1": entry}}
    deck = {
        "Name": "DeckCustom",
        "Transform": dict.fromkeys(TRANSFORM, 0.0),
        "CustomDeck": {"1": entry},
        "DeckIDs": [100],
        "ContainedObjects": [card],
    }
    assert tts_format_problems({"ObjectStates": [deck]}) == []
    assert tts_format_problems({"ObjectStates": [{**deck, "DeckIDs": [200]}]}) == [
        "DeckID 200 names no CustomDeck entry",
        "ContainedObjects' CardIDs are not the DeckIDs, in order",
    ]
    assert tts_format_problems({"ObjectStates": [{**deck, "DeckIDs": [104]}]})[0] == (
        "DeckID 104 is outside its sheet's grid"
    )
    assert tts_format_problems({"ObjectStates": []}) == ["ObjectStates is not a non-empty list"]


def test_the_saved_objects_go_where_tts_lists_them(shared):
    folder, saved_objects = shared
    for deck in ("cards", "tokens"):
        copy = saved_objects / "printkit" / f"mini-{deck}.json"
        assert copy.read_bytes() == (folder / f"{deck}.json").read_bytes()


def test_without_a_base_url_the_deck_links_files_of_this_computer(cli, tmp_path):
    r = cli("export", FIXTURES / "mini", "--tts", "--only", "cards", "--out", tmp_path)
    assert r.exit_code == 0, r.output
    saved = json.loads((tmp_path / "mini" / "tts" / "cards.json").read_text(encoding="utf-8"))
    assert all(link.startswith("file:///") for link in urls(saved))
    assert tts_format_problems(saved) == []


@pytest.mark.parametrize(
    "url", ["http://example.org/x/", "example.org/x", "https:///x", "https://a.org/x?dl=1"]
)
def test_a_base_url_that_is_no_https_folder_is_refused_before_anything_is_written(
    cli, tmp_path, url
):
    r = cli("export", FIXTURES / "mini", "--tts", "--base-url", url, "--out", tmp_path / "o")
    assert r.exit_code == 2 and "--base-url" in r.stderr and repr(url) in r.stderr
    assert not (tmp_path / "o").exists()


def test_a_missing_tts_saves_folder_is_named_and_nothing_is_written(cli, tmp_path, monkeypatch):
    monkeypatch.setenv(SAVED_OBJECTS_ENV, str(tmp_path / "no" / "Saves" / "Saved Objects"))
    r = cli("export", FIXTURES / "mini", "--tts", "--saved-objects", "--out", tmp_path / "o")
    assert r.exit_code == 2
    assert "Tabletop Simulator's Saves folder is not here" in r.stderr
    assert SAVED_OBJECTS_ENV in r.stderr and not (tmp_path / "o").exists()


def test_base_url_and_saved_objects_go_with_tts(cli, tmp_path):
    r = cli("export", FIXTURES / "mini", "--images", "--base-url", BASE, "--out", tmp_path)
    assert r.exit_code == 2 and "go with --tts" in r.stderr


def test_the_saved_objects_folder_of_each_system(monkeypatch, tmp_path):
    monkeypatch.delenv(SAVED_OBJECTS_ENV, raising=False)
    home, docs = Path("/home/ada"), Path("C:/Users/ada/OneDrive/Documents")
    tail = Path("Tabletop Simulator", "Saves", "Saved Objects")
    assert saved_objects_folder("linux", home) == home / ".local" / "share" / tail
    assert saved_objects_folder("darwin", home) == home / "Library" / tail
    assert saved_objects_folder("win32", home, docs) == docs / "My Games" / tail
    monkeypatch.setenv(SAVED_OBJECTS_ENV, str(tmp_path))
    assert saved_objects_folder("linux", home) == tmp_path
