"""What loading keeps: a deck's data, positions and cards cost under 1 KB a card (issue 23:
peak memory flat with the deck), and every position stays where the file wrote it."""

from __future__ import annotations

import contextlib
import gc
import json
import tracemalloc
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.synthetic import body, deck_yaml, write_deck_kit
from printkit.core.errors import Location
from printkit.kit import load_kit
from printkit.load import yamlsafe, yamlvalues
from printkit.load.fastyaml import HAVE_LIBYAML
from printkit.load.positions import Positions
from printkit.load.schema import located, where
from printkit.model.cards import Deck

KEPT_BYTES_PER_CARD = 1000
KEPT_BYTES_PER_YAML_CARD = 600  # the bench deck read from YAML: 574


@contextlib.contextmanager
def only_new_objects_collected() -> Iterator[None]:
    """Inside the block, the collector looks only at objects made in it: what existed before
    (this test process's earlier tests too) is set aside (gc.freeze), uncollected and unfreed,
    and given back at the end. A full collection of a test worker's heap costs 0.4 s; one of
    what a load made, milliseconds."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def kept_bytes(folder: Path) -> tuple[int, Deck]:
    """The bytes a loaded deck's document and model keep (traced, after a collection of what
    loading made)."""
    kit = load_kit(str(folder))
    kit.component("deck1")  # the deck type's modules are imported before measuring
    with only_new_objects_collected():
        gc.collect()
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            deck = kit.model_as("deck1", Deck)
            gc.collect()
            return tracemalloc.get_traced_memory()[0] - before, deck
        finally:
            tracemalloc.stop()


@pytest.mark.slow  # a large deck loaded under tracemalloc
def test_a_loaded_deck_keeps_under_600_bytes_a_card(tmp_path: Path) -> None:
    small, _ = kept_bytes(write_deck_kit(tmp_path / "small", 200))
    large, deck = kept_bytes(write_deck_kit(tmp_path / "large", 1400))
    assert len(deck.cards) == 1400
    per_card = (large - small) / 1200
    # 635 while each card's source kept a path tuple of its own (the test below)
    assert per_card < KEPT_BYTES_PER_YAML_CARD, f"{per_card:.0f} bytes kept a card"


def test_a_cards_source_keeps_no_path_of_its_own(tmp_path: Path) -> None:
    """Each card's source table kept the card's path, a tuple of its own (64 bytes): now the
    cards share their list's path and each keeps its index, and each is still located where
    the file wrote it (the bytes: the test above)."""
    deck = load_kit(str(write_deck_kit(tmp_path / "deck", 30))).model_as("deck1", Deck)
    first, second = deck.cards[0]._source, deck.cards[20]._source
    assert first.path == ("cards", 0) and second.path == ("cards", 20)
    assert first._parent is second._parent
    assert located(deck.cards[20], "title").line == located(deck.cards[19], "title").line + 1


def write_sheet_kit(folder: Path, n: int) -> Path:
    """The bench deck with its n cards in cards.csv."""
    write_deck_kit(folder, 1)
    deck = folder / "deck1.yaml"
    deck.write_text(deck_yaml(1).split("cards:\n")[0] + "cards: cards.csv\n", encoding="utf-8")
    rows = [f'c{i},card,Card {i},"{body(i)}"' for i in range(n)]
    (folder / "cards.csv").write_text("\n".join(["id,kind,title,text", *rows]), encoding="utf-8")
    return folder


def test_a_deck_read_from_a_sheet_keeps_under_a_kilobyte_a_card(tmp_path: Path) -> None:
    small, _ = kept_bytes(write_sheet_kit(tmp_path / "small", 200))
    large, deck = kept_bytes(write_sheet_kit(tmp_path / "large", 1400))
    per_card = (large - small) / 1200
    assert per_card < KEPT_BYTES_PER_CARD, f"{per_card:.0f} bytes kept a card"
    card = deck.cards[250]  # row 252: the header is row 1
    shown = [str(where(card, name, key=key)) for name, key in
             [(None, False), ("title", False), ("text", False), ("text", True), ("tags", False)]]  # fmt: skip
    assert [place.rsplit("/", 1)[-1] for place in shown] == [
        "cards.csv:252:A",
        "cards.csv:252:C",
        "cards.csv:252:D",
        "cards.csv:1:D",
        "cards.csv:252:A",
    ]


def test_a_card_is_still_located_where_the_file_wrote_it(tmp_path: Path) -> None:
    folder = write_deck_kit(tmp_path / "deck", 300)
    _, deck = kept_bytes(folder)
    lines = (folder / "deck1.yaml").read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if "{id: c250," in text)
    written = lines[line - 1]

    def at(text: str) -> tuple[int, int]:  # where `text` starts on the card's line (1-based)
        return line, written.index(text) + 1

    def shown(found: Location | None) -> tuple[int, int]:
        assert found is not None and found.file.endswith("deck1.yaml")
        return found.line, found.col

    card = deck.cards[250]
    assert shown(where(card)) == shown(where(card, "nothing")) == at("{id:")
    assert shown(where(card, "id")) == at("c250")
    assert shown(where(card, "title")) == at('"Card 250"')
    assert shown(where(card, "text")) == at('"Move')
    assert shown(where(card, "title", key=True)) == at("title:")


SAMPLES = [
    deck_yaml(30),
    "a: 1\nb: [x, y, {z: 2}]\nc: {d: [[1, 2], []], e: {}}\n",
    "base: &b {x: 1, y: [1, 2]}\nuse: *b\nlist: [*b, *b]\n",
    "one: &o {a: 1, b: 2}\ntwo: {<<: *o, b: 3, c: [1, {d: 4}]}\n",
    "- {a: 1, b: 2}\n- {a: 3, b: 4}\n- {b: 5, a: 6}\n- 7\n",
    "- {a: 1, b: [2]}\n- {a: 3, b: [4, 5]}\n",
    "top\n",
]


def raw_tables(text: str, plain: bool) -> tuple[object, dict, dict]:
    """The data and the marks by path, as each reader records them while reading."""
    if plain:
        read = yamlvalues.read_plain(text)
        assert read is not None
        return read.data, *read.positions.tables()
    return yamlsafe._exact_document(text, "f.yaml", True)


def every_path(data: object, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            out += every_path(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out += every_path(value, (*path, i))
    return out


@pytest.mark.skipif(not HAVE_LIBYAML, reason="pyyaml built without libyaml")
@pytest.mark.parametrize("plain", [True, False])
@pytest.mark.parametrize("text", SAMPLES)
def test_positions_answer_as_the_marks_by_path(text: str, plain: bool) -> None:
    data, values, keys = raw_tables(text, plain)
    positions = Positions(data, values, keys)
    assert positions.tables() == (values, keys)
    missing = [(*p, "nothing") for p in every_path(data)] + [("a", 99), (-1,), (True, 0)]
    for path in every_path(data) + missing:
        assert positions.find(path) == values.get(path), path
        assert positions.find(path, key=True) == keys.get(path, values.get(path)), path


@pytest.mark.skipif(not HAVE_LIBYAML, reason="pyyaml built without libyaml")
@pytest.mark.slow  # its size is what it tests: 90,000 keys read (most of its time), then found
def test_a_map_of_many_keys_is_looked_up_without_scanning_its_keys() -> None:
    """Issue 33's re-run: `check` of a deck of 99,000 unknown keys locates an error at each;
    scanning the keys for each took past a minute. Every key found, in CPU seconds."""
    import time

    data, values, keys = raw_tables("".join(f"k{i}: {i}\n" for i in range(90_000)), False)
    positions = Positions(data, values, keys)
    started = time.process_time()
    for i in range(0, 90_000, 7):
        assert positions.find((f"k{i}",), key=True) == keys[(f"k{i}",)]
    assert positions.find(("k90000",)) is None and positions.find((3,)) is None
    assert time.process_time() - started < 5


def garbage_left_by_loading(folder: Path) -> int:
    """How many objects loading a deck leaves for the garbage collector (reference cycles),
    counted with the collector paused, as a build pauses it while it loads."""
    kit = load_kit(str(folder))
    kit.component("deck1")
    gc.disable()
    try:
        with only_new_objects_collected():
            gc.collect()
            kit.model_as("deck1", Deck)
            return gc.collect()
    finally:
        gc.enable()


def test_loading_leaves_no_garbage_that_grows_with_the_deck(tmp_path: Path) -> None:
    """What reading drops is freed at once: a cycle through the reader (its table of bound
    methods) held every path and position of the file until a collection, and a build, which
    pauses the collector and then freezes what exists, kept it to the end (5 MB at 5,400 cards)."""
    small = garbage_left_by_loading(write_deck_kit(tmp_path / "small", 200))
    large = garbage_left_by_loading(write_deck_kit(tmp_path / "large", 2000))
    assert large - small < 50, (small, large)


def test_cards_without_tags_or_values_share_one_empty_of_each(tmp_path: Path) -> None:
    """About 120 bytes a card (752 -> 632 kept a card of the bench deck, alone): a card that
    gives no declared field and no tag holds the one shared empty `values` and `tags`, and
    reads as empty; a card with tags keeps its own."""
    folder = write_deck_kit(tmp_path / "deck", 50)
    deck_file = folder / "deck1.yaml"
    text = deck_file.read_text(encoding="utf-8")
    deck_file.write_text(text.replace("{id: c7,", "{id: c7, tags: [rare],", 1), encoding="utf-8")
    _, deck = kept_bytes(folder)
    plain = [card for card in deck.cards if card.id != "c7"]
    assert len({id(card.tags) for card in plain}) == 1
    assert len({id(card.values) for card in plain}) == 1
    assert plain[0].tags == [] and plain[0].values == {}
    tagged = next(card for card in deck.cards if card.id == "c7")
    assert tagged.tags == ["rare"] and tagged.tags is not plain[0].tags


class _Node:
    """An object in a reference cycle: only the collector frees it."""

    def __init__(self) -> None:
        self.me = self


def test_only_what_the_block_made_is_collected_in_it():
    """The memory tests' collections leave what existed before alone (a worker's whole heap)
    and find what the block made; the rest is collectable again after the block."""
    gc.disable()  # no automatic pass frees the earlier cycle before the block
    try:
        earlier = weakref.ref(_Node())
        with only_new_objects_collected():
            made = weakref.ref(_Node())
            gc.collect()
            assert made() is None and earlier() is not None
        gc.collect()
        assert earlier() is None
    finally:
        gc.enable()


def test_a_plugin_cannot_change_other_cards_through_the_shared_empties(tmp_path: Path) -> None:
    """What a plug-in adds to one card's empty tags or values would have shown on every card
    that gives none: adding raises a TypeError that says what to do, and giving the card a
    list or map of its own changes that card alone. The empties still read as [] and {}."""
    kit = load_kit(str(write_deck_kit(tmp_path / "deck", 20)))
    first, second, *_ = kit.model_as("deck1", Deck).cards
    assert first.tags is second.tags and first.values is second.values
    assert isinstance(first.tags, list) and isinstance(first.values, dict)
    assert json.dumps([first.tags, first.values]) == "[[], {}]"
    changes = [
        lambda: first.tags.append("rare"),
        lambda: first.tags.extend(["rare"]),
        lambda: first.tags.insert(0, "rare"),
        lambda: first.tags.__setitem__(slice(0, 0), ["rare"]),
        lambda: first.tags.__iadd__(["rare"]),
        lambda: first.values.__setitem__("speed", 3),
        lambda: first.values.setdefault("speed", 3),
        lambda: first.values.update(speed=3),
        lambda: first.values.__ior__({"speed": 3}),
    ]
    for change in changes:
        with pytest.raises(TypeError, match="cannot change in place.*give it its own"):
            change()
    first.tags = [*first.tags, "rare"]
    first.values = {**first.values, "speed": 3}
    assert (first.tags, first.values) == (["rare"], {"speed": 3})
    assert (second.tags, second.values) == ([], {})


@pytest.mark.skipif(not HAVE_LIBYAML, reason="pyyaml built without libyaml")
def test_a_deck_is_read_without_a_path_made_for_each_value() -> None:
    """The one pass lays each list's and map's marks out as it ends: no mark is kept by path
    (a path tuple and two dict entries a value, then walked again into the table). A file
    with an anchor is read by the copying builder, by path; both answer as the exact path."""
    for text, by_path in ((deck_yaml(30), False), ("a: &x {b: 1}\nc: *x\n", True)):
        read = yamlvalues.read_plain(text)
        assert read is not None
        assert bool(read.value_marks) is by_path, text
        _, values, keys = yamlsafe._exact_document(text, "f.yaml", True)
        assert read.positions.tables() == (values, keys)
