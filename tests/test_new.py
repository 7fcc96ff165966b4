"""printkit new: copying a built-in kit into a folder, and the new -> edit -> check -> build trip."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pdfplumber
import pytest
from badkits import check_rules
from conftest import DATA, edit, line_of
from pdfcheck import page_texts
from pypdf import PdfReader

from printkit.layout.units import mm as to_pt_mm


def test_new_copies_every_file_and_names_the_kit_after_the_folder(cli, tmp_path):
    target = tmp_path / "my-race"
    r = cli("new", target, "--from", "chariot-race")
    assert r.exit_code == 0, r.output
    copied = sorted(p.relative_to(target).as_posix() for p in target.rglob("*") if p.is_file())
    original = sorted(
        p.relative_to(DATA / "chariot-race").as_posix()
        for p in (DATA / "chariot-race").rglob("*")
        if p.is_file()
    )
    assert copied == original
    assert "schema/cards.schema.json" in copied
    kit_yaml = (target / "kit.yaml").read_text(encoding="utf-8")
    assert "\nname: my-race\n" in kit_yaml
    # everything but the name is the original, comments included
    original_text = (DATA / "chariot-race" / "kit.yaml").read_text(encoding="utf-8")
    assert kit_yaml == original_text.replace("\nname: chariot-race\n", "\nname: my-race\n")
    assert (target / "cards.yaml").read_bytes() == (
        DATA / "chariot-race" / "cards.yaml"
    ).read_bytes()
    assert r.stdout.splitlines()[-3:] == [
        f"  printkit {command} {target}" for command in ("check", "build", "preview")
    ]
    # no staging folder left beside the kit
    assert sorted(p.name for p in tmp_path.iterdir()) == ["my-race"]


def test_new_name_option_and_folder_names_that_are_not_identifiers(cli, tmp_path):
    r = cli("new", tmp_path / "My Race!", "--from", "chariot-race")
    assert r.exit_code == 0, r.output
    assert "\nname: my-race\n" in (tmp_path / "My Race!" / "kit.yaml").read_text(encoding="utf-8")
    r = cli("new", tmp_path / "b", "--from", "chariot-race", "--name", "club-deck")
    assert r.exit_code == 0, r.output
    assert "\nname: club-deck\n" in (tmp_path / "b" / "kit.yaml").read_text(encoding="utf-8")
    r = cli("new", tmp_path / "c", "--from", "chariot-race", "--name", "bad name")
    assert r.exit_code == 2
    assert "--name: error: a kit name must be an identifier" in r.stderr
    assert not (tmp_path / "c").exists()


def test_new_into_an_existing_empty_folder_is_fine(cli, tmp_path):
    (tmp_path / "empty").mkdir()
    r = cli("new", tmp_path / "empty", "--from", "chariot-race")
    assert r.exit_code == 0, r.output
    assert (tmp_path / "empty" / "kit.yaml").is_file()


def test_new_refuses_a_non_empty_folder_and_leaves_it_untouched(cli, tmp_path):
    target = tmp_path / "mine"
    target.mkdir()
    (target / "notes.txt").write_text("keep me", encoding="utf-8")
    r = cli("new", target, "--from", "chariot-race")
    assert r.exit_code == 2
    assert r.stderr.splitlines()[0] == (
        f"{target}: error: this folder already exists and is not empty; give a new folder "
        "(printkit new never overwrites files)"
    )
    assert "Traceback" not in r.output
    assert sorted(p.name for p in target.iterdir()) == ["notes.txt"]


def test_new_refuses_a_file_and_an_unknown_kit(cli, tmp_path):
    (tmp_path / "file").write_text("x", encoding="utf-8")
    r = cli("new", tmp_path / "file", "--from", "chariot-race")
    assert r.exit_code == 2
    assert "this is a file" in r.stderr
    r = cli("new", tmp_path / "x", "--from", "chariot-rase")
    assert r.exit_code == 2
    assert "unknown kit 'chariot-rase'" in r.stderr
    assert not (tmp_path / "x").exists()


GEM_TEAL = (0.165, 0.616, 0.561)  # the pavilion of icons/gem.svg, fill="#2a9d8f"
GEM_PAVILION = 56 / 32  # that triangle's width / height in the SVG ("4,25 60,25 32,57")


def painted(page, colour: tuple[float, ...]) -> list[dict]:
    """The filled vector paths drawn on a pdfplumber page in an RGB colour."""
    return [
        o
        for o in page.curves
        if o.get("fill")
        and len(o.get("non_stroking_color") or ()) == 3
        and all(abs(a - b) < 0.003 for a, b in zip(o["non_stroking_color"], colour, strict=True))
    ]


def inline_icons(page, before: str | None, after: str, colour: tuple[float, ...]) -> list[dict]:
    """Paths in `colour` drawn on a text line just before the word `after` (within two line
    heights, an icon and a space) and after the word `before`, if given: an inline icon."""
    words = page.extract_words()
    found = []
    for left, right in zip([None, *words], words, strict=False):
        if right["text"] != after or (before and (left or {}).get("text") != before):
            continue
        start = (
            left["x1"] if before and left else right["x0"] - 2 * (right["bottom"] - right["top"])
        )
        for shape in painted(page, colour):
            between = start <= shape["x0"] and shape["x1"] <= right["x0"]
            on_line = right["top"] <= shape["top"] and shape["bottom"] <= right["bottom"]
            if between and on_line:
                found.append(shape)
    return found


@pytest.fixture(scope="module")
def blank_build(tmp_path_factory):
    """The blank kit as `printkit new` writes it, and its home print file."""
    from click.testing import CliRunner

    from printkit.cli.app import main

    root = tmp_path_factory.mktemp("blank")
    build = ["build", str(root / "y"), "--out", str(root / "out"), "-j", "1"]
    for args in (["new", str(root / "y")], build):
        r = CliRunner().invoke(main, args, catch_exceptions=False)
        assert r.exit_code == 0, r.output
    return root / "y", root / "out" / "y" / "cards.pdf"


def test_new_without_from_writes_the_blank_kit_that_builds(blank_build):
    kit, pdf_path = blank_build
    files = sorted(p.relative_to(kit).as_posix() for p in kit.rglob("*"))
    assert files == [
        "cards.yaml",
        "icons",
        "icons/gem.svg",
        "kit.yaml",
        "rules.yaml",
        "schema",
        "schema/cards.schema.json",
        "schema/kit.schema.json",
        "schema/rules.schema.json",
    ]
    assert "\nname: y\n" in (kit / "kit.yaml").read_text(encoding="utf-8")
    text = "".join(page_texts(pdf_path))
    assert text.count("RESOURCE") == 16 and text.count("ACTION") == 8  # 24 cards, two kinds
    assert text.count("MY CARD GAME") == 2 * 24  # its own back, titled both ways up


def test_the_blank_kits_own_svg_icon_is_drawn_as_vectors_on_the_back_and_in_text(blank_build):
    _, pdf_path = blank_build
    with pdfplumber.open(pdf_path) as pdf:
        back, actions = pdf.pages[1], pdf.pages[4]  # sheet 1's backs, sheet 3's fronts
        # the back's icon element (`icon: gem`): the SVG's own paths on each card, no picture
        big = [o for o in painted(back, GEM_TEAL) if o["width"] > 30]
        assert len(big) == 9
        assert all(abs(o["width"] / o["height"] - GEM_PAVILION) < 0.05 for o in big)
        assert not back.images
        # inline in the cost's caption "{icon:gem} TO PLAY": on its line, just before "TO"
        assert actions.extract_text().count("ACTION") == 6
        assert len(inline_icons(actions, None, "TO", GEM_TEAL)) == 6


@pytest.mark.parametrize("size", ["tarot", "mini", "square", "{width: 80mm, height: 80mm}"])
def test_the_blank_kit_checks_clean_at_every_card_size(cli, blank_build, tmp_path, size):
    kit = tmp_path / "k"
    shutil.copytree(blank_build[0], kit)
    edit(kit / "cards.yaml", "card_size: poker ", f"card_size: {size} ")
    r = cli("check", kit)
    assert r.exit_code == 0 and r.stdout.strip() == "0 errors, 0 warnings, 0 info", r.output


@pytest.mark.slow  # a whole kit or several builds, read back
def test_the_blank_faces_grow_with_a_tarot_card(cli, blank_build, tmp_path):
    """Faces are relative: on tarot the back's title and gem grow as their boxes do."""
    kit = tmp_path / "k"
    shutil.copytree(blank_build[0], kit)
    edit(kit / "cards.yaml", "card_size: poker ", "card_size: tarot ")
    assert cli("build", kit, "--out", tmp_path / "out", "-j", "1").exit_code == 0
    tarot_pdf = tmp_path / "out" / "y" / "cards.pdf"
    with pdfplumber.open(blank_build[1]) as poker, pdfplumber.open(tarot_pdf) as tarot:
        backs = [poker.pages[1], tarot.pages[1]]
        titles = [max(c["size"] for c in back.chars if c["text"] == "M") for back in backs]
        gems = [max(o["width"] for o in painted(back, GEM_TEAL)) for back in backs]
    # the title: 60 % of a box 9 % of the safe area's height (80 mm poker, 112 mm tarot)
    assert titles == pytest.approx([to_pt_mm(0.6 * 0.09 * h) for h in (80, 112)], abs=0.1)
    # the gem: a square icon as wide as its box, 40 % of the safe width (55 mm, 62 mm)
    assert gems == pytest.approx([to_pt_mm(0.4 * w * 56 / 64) for w in (55, 62)], abs=1)


def test_new_from_a_kit_folder(cli, tmp_path):
    assert cli("new", tmp_path / "one", "--from", "chariot-race").exit_code == 0
    r = cli("new", tmp_path / "two", "--from", tmp_path / "one")
    assert r.exit_code == 0, r.output
    assert "\nname: two\n" in (tmp_path / "two" / "kit.yaml").read_text(encoding="utf-8")


@pytest.mark.slow
def test_round_trip_new_edit_check_build(cli, tmp_path, monkeypatch):
    """The user's path: copy a kit, change a card, check it, fix a rules error, build it."""
    monkeypatch.chdir(tmp_path)
    assert cli("new", "my-race", "--from", "chariot-race").exit_code == 0
    cards = tmp_path / "my-race" / "cards.yaml"

    # a new movement card at speed 14, which the outer-stakes table does not list
    edit(
        cards,
        "  - {id: whip,",
        '  - {id: m14-a, kind: movement, count: 3, speed: 14, turn: 15, crash: "Sparks fly.", '
        "damage: none}\n  - {id: whip,",
    )
    # with its template (a 30° fan: a whipped 12 in card is measured on it, and a leaned one)
    edit(
        tmp_path / "my-race" / "templates.yaml",
        "  - {speed: 16,",
        "  - {speed: 14, fan: 30}\n  - {speed: 16,",
    )
    # (a Rein In halves it to 7 in, and a Whip makes it 16: the stakes need 7 too)
    r = check_rules("my-race")  # check's rules findings and exit code, as check prints them
    assert r.exit_code == 1
    line = line_of(cards, "id: m14-a")
    col = (cards.read_text(encoding="utf-8").splitlines()[line - 1].index("speed: 14")) + 8
    assert r.stdout.splitlines()[0].startswith(
        f"my-race/cards.yaml:{line}:{col}: error [CR001] card 'm14-a' has speed 14 in"
    )
    assert r.stdout.splitlines()[-1] == "2 errors, 0 warnings, 0 info"
    assert "[CR011] card 'm14-a' with 'rein-in' makes a 7 in move" in r.stdout

    # the club adds a row to its rules file; now the kit checks clean
    edit(
        tmp_path / "my-race" / "rules.yaml",
        "  - {speed: 16, cards: 3}",
        "  - {speed: 7, cards: 1}\n  - {speed: 14, cards: 2}\n  - {speed: 16, cards: 3}",
    )
    r = cli("check", "my-race")  # end to end, drawing every card of the edited kit too
    assert r.exit_code == 0, r.output

    r = cli("deck", "my-race", "--format", "json")
    assert r.exit_code == 0
    report = json.loads(r.stdout)["decks"][0]
    assert report["total"] == 75
    assert {"value": 14, "cards": 3} in report["numeric"][0]["histogram"]

    r = cli("build", "my-race", "--out", tmp_path / "out", "-j", "1")
    assert r.exit_code == 0, r.output
    pdf = tmp_path / "out" / "my-race" / "cards.pdf"
    assert r.stdout.splitlines()[0] == f"wrote {tmp_path / 'out' / 'my-race' / 'cards.pdf'}"
    reader = PdfReader(pdf)
    assert len(reader.pages) == 2 * 9  # 75 cards: 9 sheets of 9, fronts and backs
    # 67 movement and magic copies come first, so m12-a's copies are cards 68-70: sheet 8,
    # whose fronts are page 15
    text = page_texts(pdf)[14]
    assert text.count("Sparks fly.") == 3
    assert "my-race" in text  # the page label names the new kit


@pytest.mark.parametrize("command", ["check", "deck", "schema", "rules"])
def test_commands_accept_a_kit_folder(cli, kit_copy, command):
    folder = kit_copy("chariot-race")
    r = cli(command, folder)
    assert r.exit_code == 0, r.output


def test_a_read_only_source_gives_an_editable_copy(cli, kit_copy, tmp_path):
    source = kit_copy("chariot-race")
    for path in source.rglob("*"):
        path.chmod(0o444 if path.is_file() else 0o555)
    try:
        r = cli("new", tmp_path / "mine", "--from", source)
        assert r.exit_code == 0, r.output
        for path in (tmp_path / "mine").rglob("*"):
            assert path.stat().st_mode & 0o200, path
    finally:
        for path in source.rglob("*"):
            path.chmod(0o755 if path.is_dir() else 0o644)


def test_a_built_in_name_is_not_hidden_by_a_folder_that_is_not_a_kit(cli, tmp_path, monkeypatch):
    """`printkit build chartae --out .` makes ./chartae/ (PDFs only); the name must still work,
    while a kit folder of that name (from `printkit new chartae`) is used in its place."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "chartae").mkdir()
    (tmp_path / "chartae" / "tiles.pdf").write_bytes(b"an earlier output")
    r = check_rules("chartae")  # loads the kit by name, as check does, and runs its rules
    assert r.exit_code == 0, r.output
    assert "chartae/tiles.yaml" in r.stdout
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert cli("new", "chartae", "--from", "chariot-race").exit_code == 0
    r = cli("deck", "chartae")  # the kit folder, not the built-in tile game
    assert r.exit_code == 0 and "MOVEMENT" in r.stdout


def test_new_refuses_links_and_special_files_in_the_source_naming_each(cli, tmp_path):
    """A link is never followed: not to a private folder, not to /dev/zero, not even to a
    file of the kit itself; a pipe is never read. Nothing is created."""
    src = tmp_path / "src"
    shutil.copytree(DATA / "chariot-race", src)
    private = tmp_path / "private"
    private.mkdir()
    (private / "key").write_text("secret", encoding="utf-8")
    (src / "notes").symlink_to(private, target_is_directory=True)
    (src / "zero.bin").symlink_to("/dev/zero")
    (src / "again.yaml").symlink_to("cards.yaml")
    os.mkfifo(src / "pipe")
    r = cli("new", tmp_path / "copy", "--from", src)
    assert r.exit_code == 2, r.output
    for name, target in [
        ("notes", str(private)),
        ("zero.bin", "/dev/zero"),
        ("again.yaml", "cards.yaml"),
    ]:
        assert f"{src / name}: error: this is a link (to {target})" in r.stderr
    assert f"{src / 'pipe'}: error: this is not a regular file" in r.stderr
    assert not (tmp_path / "copy").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["private", "src"]


@pytest.mark.parametrize("command", ["check", "build", "deck"])
def test_kit_readers_refuse_a_link_inside_the_kit_even_to_its_own_file(cli, tmp_path, command):
    kit = tmp_path / "kit"
    shutil.copytree(DATA / "chariot-race", kit)
    (kit / "cards.yaml").rename(kit / "real-cards.yaml")
    (kit / "cards.yaml").symlink_to("real-cards.yaml")
    args = [command, kit] + (["--out", tmp_path / "out"] if command == "build" else [])
    r = cli(*args)
    assert r.exit_code == 2, r.output
    assert "path 'cards.yaml' is a symbolic link" in r.stderr
    assert f"{kit / 'cards.yaml'} is a link (to real-cards.yaml)" in r.stderr
    assert not (tmp_path / "out").exists()


def test_new_refuses_an_empty_folder_name(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = cli("new", "", "--from", "chartae")
    assert r.exit_code == 2 and "an empty path is not an output path" in r.output
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("folder", "name"),
    [
        ("Été-jeu", "ete-jeu"),
        ("Été jeu", "ete-jeu"),
        ("Würfelkrieg", "wurfelkrieg"),
        ("Straße der Könige", "strasse-der-konige"),
        ("Ærø Øresund", "aero-oresund"),
        ("My Race!", "my-race"),
        ("日本", "my-kit"),
    ],
)
def test_any_folder_name_gives_a_clean_kit_name(folder, name):
    from printkit.cli.commands.new import kit_name_for

    assert kit_name_for(Path(folder)) == name


def test_the_hints_quote_the_folder_so_they_run_as_printed(cli, tmp_path, monkeypatch):
    import subprocess
    import sys

    monkeypatch.chdir(tmp_path)
    r = cli("new", "Été jeu")
    assert r.exit_code == 0, r.output
    assert "as kit 'ete-jeu'" in r.stdout
    assert "\nname: ete-jeu\n" in (tmp_path / "Été jeu" / "kit.yaml").read_text(encoding="utf-8")
    hints = r.stdout.splitlines()[-4:]
    assert hints == [
        "next: edit 'Été jeu/kit.yaml' and its data files, then",
        "  printkit check 'Été jeu'",
        "  printkit build 'Été jeu'",
        "  printkit preview 'Été jeu'",
    ]
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"
    pasted = subprocess.run(
        ["sh", "-c", hints[1].strip()], cwd=tmp_path, env={**os.environ, "PATH": path},
        capture_output=True, text=True,
    )  # fmt: skip
    assert pasted.returncode == 0, pasted.stderr


def test_a_word_is_quoted_for_the_shell_that_reads_it():
    from printkit.cli.commands.new import shell_word

    assert shell_word("my-game") == "my-game"
    assert shell_word("My Game") == "'My Game'"
    assert shell_word("it's") == "'it'\"'\"'s'"
    assert shell_word(r"C:\games\my-game", windows=True) == r"C:\games\my-game"
    assert shell_word(r"C:\My Games\x", windows=True) == r'"C:\My Games\x"'
