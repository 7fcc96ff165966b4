"""The bad-input corpus: every way a kit can be broken gets exit 2 (1 for rules findings), a
message naming the file and the exact line:column where the fault has one, no traceback, and
an output folder left byte for byte as it was.

Each case copies a kit (the synthetic tests/fixtures/mini kit, or the built-in chariot-race
kit), breaks it one way, and says where the error must point. Positions are computed from the
broken file itself, so the cases stay exact when the kits' data changes.
"""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from badkits import MINI, copy_kit, position_of, previous_build, shown, snapshot
from conftest import edit


@dataclass
class Expect:
    file: Path | str  # the file the message must name
    line: int | None  # None: the fault has no line (a missing file, a binary file...)
    col: int | None
    fragment: str  # a piece of the message saying what is wrong
    code: int = 2
    args: tuple[str, ...] = ()  # extra CLI options
    command: str = "build"
    kit_arg: str | None = None  # what to pass as KIT (default: the broken kit's folder)


@dataclass
class Case:
    base: str | Path
    breaks: Callable[[Path], Expect]
    skip: str = ""
    marks: list = field(default_factory=list)


CASES: dict[str, Case] = {}


def case(name: str, base: str | Path = MINI, **kw):
    def register(func: Callable[[Path], Expect]):
        CASES[name] = Case(base, func, **kw)
        return func

    return register


def at(path: Path, needle: str, fragment: str, inner: str | None = None, **kw) -> Expect:
    line, col = position_of(path, needle, inner)
    return Expect(path, line, col, fragment, **kw)


def png_header(width: int, height: int) -> bytes:
    """A PNG signature and IHDR chunk claiming width x height pixels (and no pixel data)."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    idat = b"IDAT" + zlib.compress(b"\0" * 64)

    def wrap(c: bytes) -> bytes:
        return struct.pack(">I", len(c) - 4) + c + struct.pack(">I", zlib.crc32(c))

    return b"\x89PNG\r\n\x1a\n" + wrap(chunk) + wrap(idat) + wrap(b"IEND")


# -- YAML text ------------------------------------------------------------------------------
@case("yaml-syntax")
def _(kit: Path) -> Expect:
    f = kit / "cards.yaml"
    edit(f, "title: Wheel,", "title: [Wheel,")
    # the flow list opened before Wheel meets the map's closing brace
    return at(f, "title: [Wheel", "the list opened with [ at line", inner="}")


@case("tab-indentation")
def _(kit: Path) -> Expect:
    f = kit / "kit.yaml"
    edit(f, "    type: deck\n    file: cards.yaml", "    type: deck\n\tfile: cards.yaml")
    return at(f, "\tfile: cards.yaml", "tab character used for indentation", inner="\t")


@case("duplicate-key")
def _(kit: Path) -> Expect:
    f = kit / "kit.yaml"
    edit(f, "title: Mini Kit\n", "title: Mini Kit\ntitle: Other Kit\n")
    return at(f, "title: Other Kit", "duplicate key 'title' (first defined at line 3)")


@case("empty-file")
def _(kit: Path) -> Expect:
    f = kit / "tokens.yaml"
    f.write_text("# nothing here yet\n\n", encoding="utf-8")
    return Expect(f, 1, 1, "file is empty")


@case("only-null")
def _(kit: Path) -> Expect:
    f = kit / "tokens.yaml"
    f.write_text("---\n", encoding="utf-8")
    return Expect(f, 1, 1, "holds no data")


@case("binary-file")
def _(kit: Path) -> Expect:
    f = kit / "tokens.yaml"
    f.write_bytes(bytes(range(256)) * 4)
    return Expect(f, 1, 1, "binary file, not YAML text")  # the NUL byte comes first


@case("not-utf8")
def _(kit: Path) -> Expect:
    f = kit / "cards.yaml"
    line, col = position_of(f, "title: Wheel,", "Wheel")
    f.write_bytes(f.read_bytes().replace(b"title: Wheel,", b"title: Caf\xe9,"))  # Latin-1
    return Expect(f, line, col + 3, "not UTF-8 text (byte 0xe9)")


@case("utf16-file")
def _(kit: Path) -> Expect:
    f = kit / "tokens.yaml"
    f.write_bytes(f.read_text(encoding="utf-8").encode("utf-16"))
    return Expect(f, 1, 1, "UTF-16")


@case("control-character")
def _(kit: Path) -> Expect:
    f = kit / "cards.yaml"
    edit(f, 'note: "Turn once."', 'note: "Turn\x07once."')
    return at(f, "Turn\x07once", "U+0007 is not allowed", inner="\x07")


@case("huge-integer")
def _(kit: Path) -> Expect:
    f = kit / "cards.yaml"
    edit(f, "count: 2, power: 3", "count: 2, power: 3" + "0" * 5000)
    return at(f, "power: 30000", "this number has thousands of digits", inner="30000")


@case("yaml-python-tag")
def _(kit: Path) -> Expect:
    f = kit / "kit.yaml"
    marker = Path(kit.parent / "pwned")
    edit(f, "title: Mini Kit", f"title: !!python/object/apply:os.system ['touch {marker}']")
    return at(f, "!!python", "YAML tag", inner="!!python")


@case("yaml-merge-key")
def _(kit: Path) -> Expect:
    f = kit / "cards.yaml"
    edit(f, "back:\n", "back:\n  <<: [X]\n")
    return at(f, "<<:", "a merge key (<<) takes a map", inner="[X]")


@case("recursive-alias")
def _(kit: Path) -> Expect:
    f = kit / "kit.yaml"
    edit(f, "    exclude_tags: [bonus]", "    exclude_tags: &loop [bonus, *loop]")
    return at(f, "*loop", "recursive", inner="*loop")


@case("deep-nesting")
def _(kit: Path) -> Expect:
    f = kit / "tokens.yaml"
    f.write_text("cards: " + "[" * 100 + "]" * 100 + "\n", encoding="utf-8")
    return Expect(f, 1, len("cards: ") + 64, "nested more than 64 levels")  # the 64th [


@case("alias-bomb")
def _(kit: Path) -> Expect:
    f = kit / "tokens.yaml"
    lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for i in range(1, 9):
        refs = ", ".join([f"*a{i - 1}"] * 10)
        lines.append(f"a{i}: &a{i} [{refs}]")
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    # a0..a4 hold 11 + 111 + ... + 111,111 values; a5's first alias passes 200,000
    return at(f, "a5: &a5", "alias bomb", inner="*a4")


@case("file-too-big")
def _(kit: Path) -> Expect:
    f = kit / "tokens.yaml"
    with f.open("a", encoding="utf-8") as handle:
        handle.write(("# padding " + "x" * 100 + "\n") * 45_000)
    return Expect(f, None, None, "the limit (MAX_FILE_BYTES)")


# -- schema -----------------------------------------------------------------------------------
@case("wrong-type")
def _(kit: Path) -> Expect:
    f = kit / "cards.yaml"
    edit(f, "count: 2, power: 3", "count: lots, power: 3")
    return at(
        f, "count: lots", 'count must be a whole number from 1 to 10000; got "lots"', inner="lots"
    )


@case("zero-count")
def _(kit: Path) -> Expect:
    f = kit / "cards.yaml"
    edit(f, "count: 2, power: 3", "count: 0, power: 3")
    return at(f, "count: 0", "count must be a whole number from 1 to 10000; got 0", inner="0,")


@case("billion-count")
def _(kit: Path) -> Expect:
    f = kit / "cards.yaml"
    edit(f, "count: 2, power: 3", "count: 1000000000, power: 3")
    return at(f, "count: 1000000000", "got 1000000000", inner="1000000000")


@case("negative-size")
def _(kit: Path) -> Expect:
    f = kit / "tokens.yaml"
    edit(f, "card_size: mini", "card_size: {width: -44mm, height: 63mm}")
    return at(f, "-44mm", "width must be a length", inner="-44mm")


@case("zero-size")
def _(kit: Path) -> Expect:
    f = kit / "tokens.yaml"
    edit(f, "card_size: mini", "card_size: {width: 0, height: 63mm}")
    return at(f, "width: 0", "width must be a length", inner="0,")


@case("absurd-size")
def _(kit: Path) -> Expect:
    f = kit / "tokens.yaml"
    edit(f, "card_size: mini", "card_size: {width: 4000mm, height: 63mm}")
    return at(f, "4000mm", "at most 600 mm", inner="4000mm")


@case("infinite-number")
def _(kit: Path) -> Expect:
    f = kit / "cards.yaml"
    edit(f, "min_text_size: 6pt", "min_text_size: .inf")
    return at(f, "min_text_size", "min_text_size must be a length", inner=".inf")


@case("unknown-key")
def _(kit: Path) -> Expect:
    f = kit / "cards.yaml"
    edit(f, "count: 2, power: 3", "count: 2, powr: 3")
    return at(f, "powr: 3", "unknown key 'powr' in card; did you mean 'power'?", inner="powr")


@case("missing-required-key")
def _(kit: Path) -> Expect:
    f = kit / "cards.yaml"
    edit(f, "{id: a, kind: plain, ", "{id: a, ")
    # issue 36: the card is named by its id, the missing key said in words
    return at(f, "{id: a,", "card 'a' has no kind (cards[1].kind is required)", inner="{id: a")


@case("unknown-choice")
def _(kit: Path) -> Expect:
    f = kit / "cards.yaml"
    edit(f, "kind: bonus, count: 2", "kind: bonsu, count: 2")
    return at(f, "kind: bonsu", "did you mean 'bonus'?", inner="bonsu")


@case("unknown-font")
def _(kit: Path) -> Expect:
    f = kit / "cards.yaml"
    edit(f, "font: display, size: 5mm", "font: dispaly, size: 5mm")
    return at(f, "font: dispaly", "did you mean 'display'?", inner="dispaly")


@case("unknown-placeholder")
def _(kit: Path) -> Expect:
    f = kit / "cards.yaml"
    edit(f, 'text: "{note}"', 'text: "{note} {notes}"')
    return at(
        f, "{notes}", "placeholder {notes} in kind 'plain' names no card field", inner='"{note}'
    )


@case("element-field-undeclared")
def _(kit: Path) -> Expect:
    f = kit / "cards.yaml"
    edit(f, "field: power}", "field: pwr}")
    return at(f, "field: pwr", "field 'pwr' in kind 'plain' names no card field", inner="pwr")


@case("pictogram-of-text-field", base="chariot-race")
def _(kit: Path) -> Expect:
    """A chariot-race fan (the game's own element kind) reading a text field."""
    f = kit / "cards.yaml"
    edit(f, "within: safe, field: turn,", "within: safe, field: crash,")
    return at(
        f, "field: crash,", "draws a number, but field 'crash' is declared as text", inner="crash,"
    )


@case("box-outside-card")
def _(kit: Path) -> Expect:
    f = kit / "tokens.yaml"
    edit(f, "box: [3, 20, 38, 20]", "box: [3, 50, 38, 20]")
    return at(f, "box: [3, 50", "reaches outside the 44 x 63 mm card", inner="[3, 50")


@case("duplicate-card-id")
def _(kit: Path) -> Expect:
    f = kit / "tokens.yaml"
    edit(f, "{id: t2,", "{id: t1,")
    line, _ = position_of(f, "count: 2, title: Two")
    return Expect(
        f, line, position_of(f, "count: 2, title: Two", "t1")[1], "duplicate card id 't1'"
    )


@case("kit-name-with-path-parts")
def _(kit: Path) -> Expect:
    f = kit / "kit.yaml"
    edit(f, "name: mini", "name: ../../escaped")
    return at(f, "name: ../", "name must be an identifier", inner="../")


@case("uses-unknown-component")
def _(kit: Path) -> Expect:
    f = kit / "kit.yaml"
    edit(f, "    title: Tokens\n", "    title: Tokens\n    uses: {deck: cardz}\n")
    return at(
        f, "uses: {deck: cardz}", "uses 'cardz' as its deck, but the kit has no such", inner="cardz"
    )


@case("chariot-rules-without-file", base="chariot-race")
def _(kit: Path) -> Expect:
    f = kit / "kit.yaml"
    edit(f, "  file: rules.yaml\n", "")
    return at(f, "module: chariot_race", "rules needs 'file:'", inner="module")


@case("unknown-variant")
def _(kit: Path) -> Expect:
    return Expect(
        kit / "kit.yaml",
        None,
        None,
        "has no variant 'shrot'; its variants are: short",
        args=("--variant", "shrot"),
    )


# -- files and folders ------------------------------------------------------------------------
@case("missing-data-file")
def _(kit: Path) -> Expect:
    f = kit / "kit.yaml"
    edit(f, "file: tokens.yaml", "file: tokenz.yaml")
    return at(f, "file: tokenz.yaml", "file 'tokenz.yaml' not found", inner="tokenz")


@case("directory-for-file")
def _(kit: Path) -> Expect:
    (kit / "tokens.yaml").unlink()
    (kit / "tokens.yaml").mkdir()
    return at(
        kit / "kit.yaml",
        "file: tokens.yaml",
        "is a directory; expected a file",
        inner="tokens.yaml",
    )


@case("pipe-for-file", skip="" if hasattr(os, "mkfifo") else "no FIFOs here")
def _(kit: Path) -> Expect:
    (kit / "tokens.yaml").unlink()
    os.mkfifo(kit / "tokens.yaml")
    return at(kit / "kit.yaml", "file: tokens.yaml", "not a regular file", inner="tokens.yaml")


@case("kit-folder-without-kit-yaml")
def _(kit: Path) -> Expect:
    (kit / "kit.yaml").unlink()
    return Expect(kit / "kit.yaml", None, None, "this folder is not a kit: it has no kit.yaml")


@case("unknown-builtin-kit")
def _(kit: Path) -> Expect:
    return Expect("chariot-racee", None, None, "built-in kits are: ", kit_arg="chariot-racee")


@case("data-path-escapes")
def _(kit: Path) -> Expect:
    f = kit / "kit.yaml"
    edit(f, "file: tokens.yaml", "file: ../mini-other/tokens.yaml")
    return at(f, "file: ../", "leads outside the kit folder", inner="../")


@case("data-path-absolute")
def _(kit: Path) -> Expect:
    f = kit / "kit.yaml"
    edit(f, "file: tokens.yaml", "file: /etc/hostname")
    return at(f, "file: /etc", "must be relative to the kit folder", inner="/etc")


@case("data-path-nul")
def _(kit: Path) -> Expect:
    f = kit / "kit.yaml"
    edit(f, "file: tokens.yaml", 'file: "tokens\\0.yaml"')
    return at(f, 'file: "tokens', "control characters", inner='"tokens')


@case("data-symlink-out", skip="" if hasattr(os, "symlink") else "no symlinks")
def _(kit: Path) -> Expect:
    outside = kit.parent / "outside.yaml"
    outside.write_text((kit / "tokens.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (kit / "tokens.yaml").unlink()
    (kit / "tokens.yaml").symlink_to(outside)
    return at(
        kit / "kit.yaml", "file: tokens.yaml", "leads outside the kit folder", inner="tokens.yaml"
    )


@case("kit-yaml-symlink-out", skip="" if hasattr(os, "symlink") else "no symlinks")
def _(kit: Path) -> Expect:
    outside = kit.parent / "elsewhere.yaml"
    (kit / "kit.yaml").rename(outside)
    (kit / "kit.yaml").symlink_to(outside)
    return Expect(kit / "kit.yaml", None, None, "leads outside the kit folder")


# -- images -----------------------------------------------------------------------------------
@case("image-missing")
def _(kit: Path) -> Expect:
    (kit / "art" / "wheel.png").unlink()
    return at(
        kit / "cards.yaml", "art/wheel.png", "file 'art/wheel.png' not found", inner="art/wheel.png"
    )


@case("image-corrupt")
def _(kit: Path) -> Expect:
    png = kit / "art" / "wheel.png"
    png.write_bytes(png.read_bytes()[:200])
    return at(
        kit / "cards.yaml",
        "art/wheel.png",
        "image 'art/wheel.png' is damaged",
        inner="art/wheel.png",
    )


@case("image-corrupt-jpeg")
def _(kit: Path) -> Expect:
    jpg = kit / "art" / "peak.jpg"
    data = jpg.read_bytes()
    jpg.write_bytes(data[: len(data) // 2])
    return at(
        kit / "cards.yaml", "art/peak.jpg", "image 'art/peak.jpg' is damaged", inner="art/peak.jpg"
    )


@case("image-not-an-image")
def _(kit: Path) -> Expect:
    (kit / "art" / "wheel.png").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>\n")
    return at(
        kit / "cards.yaml",
        "art/wheel.png",
        "'art/wheel.png' is not a PNG or JPEG image",
        inner="art/wheel.png",
    )


@case("image-decompression-bomb")
def _(kit: Path) -> Expect:
    (kit / "art" / "wheel.png").write_bytes(png_header(100_000, 100_000))
    return at(
        kit / "cards.yaml",
        "art/wheel.png",
        "100,000 x 100,000 pixels; the limit (MAX_IMAGE_PIXELS)",
        inner="art/wheel.png",
    )


@case("image-path-escapes")
def _(kit: Path) -> Expect:
    f = kit / "cards.yaml"
    edit(f, "image: art/wheel.png", "image: ../../../../etc/passwd")
    return at(f, "image: ../", "leads outside the kit folder", inner="../")


@case("image-symlink-out", skip="" if hasattr(os, "symlink") else "no symlinks")
def _(kit: Path) -> Expect:
    (kit / "art" / "wheel.png").unlink()
    (kit / "art" / "wheel.png").symlink_to("/etc/passwd")
    return at(
        kit / "cards.yaml", "art/wheel.png", "leads outside the kit folder", inner="art/wheel.png"
    )


# -- geometry and text ------------------------------------------------------------------------
@case("text-cannot-fit")
def _(kit: Path) -> Expect:
    f = kit / "cards.yaml"
    long = " ".join(["Overlong rules text that never ends."] * 15)
    edit(f, 'note: "Turn once."', f'note: "{long}"')
    return at(f, "{id: a,", "card 'a': field 'note' does not fit its box", inner='"Overlong')


# -- limits -----------------------------------------------------------------------------------
@case("cards-per-deck")
def _(kit: Path) -> Expect:
    f = kit / "tokens.yaml"
    edit(f, "count: 3, title: One", "count: 10000, title: One")
    edit(f, "count: 2, title: Two}", "count: 10000, title: Two}\n  - {id: t3, kind: token}")
    return at(
        f,
        "{id: t1",
        "the deck has 20,001 cards; the limit (MAX_CARDS_PER_DECK) is 20,000",
        inner="- {id: t1",
    )


@case("pages-per-pdf")
def _(kit: Path) -> Expect:
    f = kit / "tokens.yaml"
    edit(f, "count: 3, title: One", "count: 6000, title: One")
    return at(
        f,
        "card_size:",
        "needs 12,004 pages; the limit (MAX_PAGES_PER_PDF)",
        inner="mini",
        args=("--profile", "shop"),
    )


# -- the built-in chariot-race kit ------------------------------------------------------------
@case("chariot-unknown-key", base="chariot-race")
def _(kit: Path) -> Expect:
    f = kit / "cards.yaml"
    f.write_text("card_sise: poker\n" + f.read_text(encoding="utf-8"), encoding="utf-8")
    return Expect(f, 1, 1, "unknown key 'card_sise' in deck; did you mean 'card_size'?")


@case("chariot-missing-rules-file", base="chariot-race")
def _(kit: Path) -> Expect:
    (kit / "rules.yaml").unlink()
    return at(
        kit / "kit.yaml", "file: rules.yaml", "file 'rules.yaml' not found", inner="rules.yaml"
    )


@case("chariot-rules-finding", base="chariot-race")
def _(kit: Path) -> Expect:
    f = kit / "rules.yaml"
    text = f.read_text(encoding="utf-8")
    assert "{speed: 4, cards: 1}" in text
    f.write_text(text.replace("{speed: 4, cards: 1}", "{speed: 5, cards: 1}"), encoding="utf-8")
    return Expect(kit / "cards.yaml", None, None, "error [CR001]", code=1, command="check")


# -- the runner -------------------------------------------------------------------------------
def _run_case(name: str, tmp_path: Path, cli) -> tuple[Expect, object, Path]:
    spec = CASES[name]
    if spec.skip:
        pytest.skip(spec.skip)
    base_name = spec.base.name if isinstance(spec.base, Path) else spec.base
    kit = copy_kit(spec.base, tmp_path / "kits" / base_name)
    expect = spec.breaks(kit)
    out = tmp_path / "out"
    previous_build(out, base_name, ("cards.pdf", "tokens.pdf"))
    (out / "unrelated.txt").write_text("the user's own file\n")
    before = snapshot(out)
    args = [expect.command, expect.kit_arg or str(kit)]
    if expect.command == "build":
        args += ["--out", str(out)]
    result = cli(*args, *expect.args)
    assert snapshot(out) == before, "the output folder changed"
    return expect, result, kit


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_input_gets_a_located_error(name: str, tmp_path: Path, cli) -> None:
    expect, result, kit = _run_case(name, tmp_path, cli)
    assert "Traceback" not in result.output
    assert result.exit_code == expect.code, result.output
    file = shown(expect.file) if isinstance(expect.file, Path) else expect.file
    if expect.code == 2:
        if expect.line is not None:
            prefix = f"{file}:{expect.line}:{expect.col}: error: "
        else:
            prefix = f"{file}: error: "
        lines = result.stderr.splitlines()
        assert any(ln.startswith(prefix) and expect.fragment in ln for ln in lines), (
            f"expected a line starting {prefix!r} containing {expect.fragment!r}; got:\n"
            + result.stderr
        )
        assert "nothing was written" in result.stderr
    else:
        assert expect.fragment in result.stdout
        assert f"{file}:" in result.stdout
    assert not (tmp_path / "kits" / "pwned").exists()


def test_every_case_of_the_issue_is_covered() -> None:
    """Issue 7 section 1, case by case: the corpus holds at least one of each."""
    required = {
        "yaml-syntax",
        "tab-indentation",
        "duplicate-key",
        "wrong-type",
        "negative-size",
        "zero-count",
        "billion-count",
        "absurd-size",
        "unknown-key",
        "missing-required-key",
        "empty-file",
        "binary-file",
        "not-utf8",
        "missing-data-file",
        "directory-for-file",
        "kit-folder-without-kit-yaml",
        "unknown-builtin-kit",
        "image-missing",
        "image-corrupt",
        "image-not-an-image",
        "image-decompression-bomb",
        "unknown-font",
        "text-cannot-fit",
        "chariot-rules-finding",
    }
    assert required <= set(CASES)


@pytest.mark.parametrize("name", ["yaml-syntax", "image-decompression-bomb", "alias-bomb"])
def test_real_process_shows_no_traceback(name: str, tmp_path: Path) -> None:
    """The installed entry point, in its own process: exit 2, one located message, no trace."""
    spec = CASES[name]
    kit = copy_kit(spec.base, tmp_path / "kits" / "mini")
    expect = spec.breaks(kit)
    out = tmp_path / "out"
    r = subprocess.run(
        [sys.executable, "-m", "printkit", "build", str(kit), "--out", str(out)],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parent.parent,
        timeout=60,
    )
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr and r.stdout == ""
    assert f"{shown(expect.file)}:{expect.line}:{expect.col}: error: " in r.stderr
    assert not out.exists()
