"""The engine knows no game: the games' words appear in no string or comment of any module of
printkit/ outside printkit/games/ (the component types we ship included). Every printed word
there comes from kit data or a generic default.

The words are the ones the issue names plus the proper names of the three built-in kits' data
(kit names and titles, deck kinds, damage categories, the board's barrier label, its card-symbol
heading), less plain English words a generic engine uses ("card", "line", "race"...).
A `backticked` span is a data key's name (the schema's vocabulary, e.g. `pit`), not wording.
The pictogram library (draw/emblems.py, draw/pictograms.py, registered by name in
draw/icons.py) names built-in pictures and is
left to the icon-library work.
"""

from __future__ import annotations

import io
import re
import sys
import tokenize
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
ENGINE = "games"  # every module of printkit/ is the engine's but those under games/
PICTURE_LIBRARY = {"emblems.py", "pictograms.py", "icons.py"}  # icons.py: the registry of them
NAMED_IN_ISSUE = {"spina", "wood cue", "chariot", "charioteer", "chartae", "curriculum", "fatum"}
NAMED_IN_ISSUE |= {"carthage", "pit", "stakes", "mileage stone", "arrival line"}
GENERIC = {"race", "line", "card", "cards", "deck", "movement", "special", "event", "magic"}
GENERIC |= {"rescue", "symbol", "symbols", "out", "outer", "ring", "speed", "stone", "this"}
GENERIC |= {"effects", "the", "and", "map", "tiles", "damage", "chart", "race"}


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z]{3,}", text)} - GENERIC


def game_words() -> set[str]:
    """The built-in kits' proper names, read from their data."""
    found = set(NAMED_IN_ISSUE)
    for kit in sorted((ROOT / "data").iterdir()):
        manifest = yaml.safe_load((kit / "kit.yaml").read_text(encoding="utf-8"))
        found |= _words(manifest["name"].replace("-", " ")) | _words(manifest["title"])
        for spec in manifest["components"].values():
            data = yaml.safe_load((kit / spec["file"]).read_text(encoding="utf-8"))
            found |= set().union(*(_words(k) for k in data.get("kinds") or {}), set())
            found |= _words(str((data.get("spina") or {}).get("label", "")))
            found |= _words(str(data.get("symbols_title", "")))
        rules = yaml.safe_load((kit / "rules.yaml").read_text(encoding="utf-8"))
        found |= set().union(*(_words(k) for k in rules.get("damage") or {}), set())
    return found


def _texts(path: Path, anyword: re.Pattern[str]):
    """(line, text) of every string literal and comment, backticked spans removed, of a file
    where `anyword` finds a word at all (tokenizing every file took a second)."""
    source = path.read_text(encoding="utf-8")
    if not anyword.search(source.replace("`", "")):
        return
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type in (tokenize.STRING, tokenize.COMMENT):
            yield tok.start[0], re.sub(r"`[^`]*`", "", tok.string)


def scan(words: set[str]) -> list[str]:
    hits = []
    patterns = {w: re.compile(rf"\b{re.escape(w)}(s|es)?\b", re.IGNORECASE) for w in words}
    # one pass over each text for all words at once; the words' own patterns name the hits
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    anyword = re.compile(rf"\b(?:{alternatives})(s|es)?\b", re.IGNORECASE)
    package = ROOT / "printkit"
    for path in sorted(package.rglob("*.py")):
        if path.relative_to(package).parts[0] == ENGINE or path.name in PICTURE_LIBRARY:
            continue
        for line, text in _texts(path, anyword):
            if not anyword.search(text):
                continue
            hits += [
                f"{path.relative_to(package).as_posix()}:{line}: {w}"
                for w, p in patterns.items()
                if p.search(text)
            ]
    return hits


def test_the_word_list_is_read_from_the_kits():
    words = game_words()
    assert {"chariot", "fatum", "curriculum", "spina", "carthage", "chartae"} <= words
    assert {"horses", "wheels"} <= words  # chariot-race's damage categories
    assert not words & {"card", "line", "deck"}


def test_the_scan_finds_a_planted_word(tmp_path, monkeypatch):
    planted = tmp_path / "printkit" / "draw"
    planted.mkdir(parents=True)
    (planted / "x.py").write_text('LABEL = "TAKE A WOOD CUE"  # the spina\n', encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert scan({"wood cue", "spina"}) == ["draw/x.py:1: wood cue", "draw/x.py:1: spina"]
    (tmp_path / "printkit" / "plugins.py").write_text("# spina\n", encoding="utf-8")
    (tmp_path / "printkit" / "games" / "race").mkdir(parents=True)
    (tmp_path / "printkit" / "games" / "race" / "x.py").write_text("# spina\n", encoding="utf-8")
    assert scan({"spina"}) == ["draw/x.py:1: spina", "plugins.py:1: spina"]  # games/ is theirs


def test_no_game_words_in_the_engine():
    assert scan(game_words()) == []


def test_the_arena_drawing_has_no_literal_measures():
    """The board's measures are named data (games/carthage/components/board/model.ArenaLayout, the board's `layout:`)."""
    for name in ("arena.py", "barrier.py", "legend.py"):
        board = ROOT / "printkit" / "games" / "carthage" / "components" / "board"
        source = (board / name).read_text(encoding="utf-8")
        assert re.findall(r"\bmm\(\s*[\d.]+\s*\)", source) == [], name
