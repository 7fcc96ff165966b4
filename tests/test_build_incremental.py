"""Incremental and parallel builds: skipped when unchanged, rebuilt when an input changes,
byte-identical whatever the number of jobs, and never importing heavy libraries for --help."""

from __future__ import annotations

import functools
import gc
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from bench.synthetic import write_deck_kit
from printkit.build import pipeline
from printkit.build.incremental import RECORD_DIR
from tests.conftest import edit

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def two_decks(tmp_path) -> Path:
    """A kit with two independent 12-card decks, deck1 and deck2."""
    return write_deck_kit(tmp_path / "kit", 12, decks=2)


def stamps(folder: Path) -> dict[str, tuple[int, int]]:
    """(inode, mtime_ns) of every file in the folder, hidden ones included."""
    return {p.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in sorted(folder.iterdir())}


def text_of(pdf: Path) -> str:
    return "".join(page.extract_text() for page in PdfReader(pdf).pages)


def build(cli, kit: Path, out: Path, *extra: str):
    r = cli("build", kit, "--out", out, *extra)
    assert r.exit_code == 0, r.output
    return r


@pytest.mark.slow  # a whole kit or several builds, read back
def test_jobs_1_and_2_write_identical_files(cli, two_decks, tmp_path):
    build(cli, two_decks, tmp_path / "serial", "--jobs", "1")
    build(cli, two_decks, tmp_path / "parallel", "--jobs", "2")
    for name in ("deck1.pdf", "deck2.pdf"):
        serial = (tmp_path / "serial" / "bench-deck" / name).read_bytes()
        parallel = (tmp_path / "parallel" / "bench-deck" / name).read_bytes()
        assert serial == parallel
    assert "Card 2.11" in text_of(tmp_path / "parallel" / "bench-deck" / "deck2.pdf")


def test_noop_rebuild_writes_nothing(cli, two_decks, tmp_path):
    out = tmp_path / "out"
    build(cli, two_decks, out)
    folder = out / "bench-deck"
    before = stamps(folder), stamps(out / RECORD_DIR)
    assert set(before[0]) == {"deck1.pdf", "deck2.pdf"}  # the kit's folder holds only outputs
    assert set(before[1]) == {"bench-deck.json"}
    dir_mtimes = [p.stat().st_mtime_ns for p in (out, folder, out / RECORD_DIR)]
    r = build(cli, two_decks, out)
    assert r.stdout == "everything is up to date (--force rebuilds anyway)\n"
    assert (stamps(folder), stamps(out / RECORD_DIR)) == before
    # not even a temporary file came and went
    assert [p.stat().st_mtime_ns for p in (out, folder, out / RECORD_DIR)] == dir_mtimes


def test_changed_input_rebuilds_only_what_depends_on_it(cli, two_decks, tmp_path):
    out = tmp_path / "out"
    build(cli, two_decks, out)
    folder = out / "bench-deck"
    before = stamps(folder)
    edit(two_decks / "deck2.yaml", 'title: "Card 2.3"', 'title: "Changed card"')
    r = build(cli, two_decks, out, "--jobs", "2")
    assert before_summary(r.stdout) == f"wrote {folder / 'deck2.pdf'}"
    after = stamps(folder)
    assert after["deck1.pdf"] == before["deck1.pdf"]
    assert after["deck2.pdf"] != before["deck2.pdf"]
    assert "Changed card" in text_of(folder / "deck2.pdf")
    assert "Changed card" not in text_of(folder / "deck1.pdf")
    record = json.loads((out / RECORD_DIR / "bench-deck.json").read_text())
    assert sorted(record["targets"]["deck1"]["inputs"]) == ["deck1.yaml", "kit.yaml"]


def test_manifest_change_rebuilds_everything(cli, two_decks, tmp_path):
    out = tmp_path / "out"
    build(cli, two_decks, out)
    edit(two_decks / "kit.yaml", "title: Deck 1", "title: First deck")
    r = build(cli, two_decks, out)
    # both are drawn again; deck2, whose sheets do not print deck1's title, keeps its file
    assert before_summary(r.stdout).splitlines() == [
        f"wrote {out / 'bench-deck' / 'deck1.pdf'}",
        "drew again with the same bytes, left as they were: deck2.pdf",
    ]


def test_force_rebuilds_and_options_are_part_of_the_key(cli, two_decks, tmp_path):
    out = tmp_path / "out"
    build(cli, two_decks, out)
    folder = out / "bench-deck"
    before = stamps(folder)
    build(cli, two_decks, out, "--force")
    forced = stamps(folder)
    assert all(forced[n] != before[n] for n in ("deck1.pdf", "deck2.pdf"))
    r = build(cli, two_decks, out, "--paper", "letter")
    assert r.stdout.count("wrote ") == 2
    page = PdfReader(folder / "deck1.pdf").pages[0]
    assert round(float(page.mediabox.width)) == 612  # US Letter now
    r = build(cli, two_decks, out, "--paper", "letter")
    assert "up to date" in r.stdout


def test_deleted_or_edited_output_is_rebuilt(cli, two_decks, tmp_path):
    out = tmp_path / "out"
    build(cli, two_decks, out)
    folder = out / "bench-deck"
    (folder / "deck1.pdf").unlink()
    with (folder / "deck2.pdf").open("ab") as f:
        f.write(b"% tampered\n")
    r = build(cli, two_decks, out)
    assert r.stdout.count("wrote ") == 2
    assert not (folder / "deck2.pdf").read_bytes().endswith(b"% tampered\n")


def test_an_output_edited_in_place_at_the_same_size_is_rebuilt(cli, two_decks, tmp_path):
    """An edit that keeps the file's size (a byte changed in place, as a PDF editor may save) is
    told by the content hash, not the size (issue 33: a size-only check survived the suite)."""
    out = tmp_path / "out"
    build(cli, two_decks, out)
    pdf = out / "bench-deck" / "deck2.pdf"
    made = pdf.read_bytes()
    at = made.index(b"/Producer")
    stat = pdf.stat()
    with pdf.open("r+b") as f:  # the same size, and the same modification time below
        f.seek(at + 1)
        f.write(b"p")
    os.utime(pdf, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert pdf.stat().st_size == len(made) and pdf.read_bytes() != made
    r = build(cli, two_decks, out)
    assert r.stdout.count("wrote ") == 1, r.stdout
    assert pdf.read_bytes() == made


def test_input_error_found_while_drawing_in_a_worker_is_located(cli, two_decks, tmp_path):
    long_text = " ".join(["overflowing"] * 40)
    edit(two_decks / "deck2.yaml", 'text: "Move 8,', f'text: "{long_text} Move 8,')
    r = cli("build", two_decks, "--out", tmp_path / "out", "--jobs", "2")
    assert r.exit_code == 2, r.output
    line = next(
        i
        for i, text in enumerate((two_decks / "deck2.yaml").read_text().splitlines(), 1)
        if "overflowing" in text
    )
    assert f"deck2.yaml:{line}:" in r.stderr
    assert "does not fit" in r.stderr
    assert not (tmp_path / "out" / "bench-deck").exists() or not any(
        (tmp_path / "out" / "bench-deck").iterdir()
    )


def test_identical_builds_write_identical_records(cli, two_decks, tmp_path):
    build(cli, two_decks, tmp_path / "a")
    build(cli, two_decks, tmp_path / "b", "--jobs", "1")
    a = (tmp_path / "a" / RECORD_DIR / "bench-deck.json").read_bytes()
    assert a == (tmp_path / "b" / RECORD_DIR / "bench-deck.json").read_bytes()


@pytest.mark.slow  # every built-in kit built, then built again
def test_builtin_kit_noop_rebuild(cli, tmp_path, built_kit):
    out = tmp_path / "out"
    # the first build: a copy of the shared one (its outputs and its build record)
    shutil.copytree(built_kit("chariot-race").parent, out)
    again = cli("build", "chariot-race", "--out", out)
    assert again.stdout == "everything is up to date (--force rebuilds anyway)\n"
    variant = cli("build", "chariot-race", "--out", out, "--variant", "serious")
    assert variant.stdout.startswith("wrote ")


def test_help_imports_no_heavy_library():
    probe = (
        "import sys\n"
        "from printkit.cli.app import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'reportlab', 'PIL', 'yaml'}))"
    )
    r = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "Usage:" in r.stdout
    assert r.stdout.strip().splitlines()[-1] == "[]"


def before_summary(printed: str) -> str:
    """What a build printed before its closing `to print: ...` line (which must be there)."""
    *lines, last = printed.rstrip("\n").splitlines()
    assert last.startswith("to print: "), last
    return "\n".join(lines)


def loaded_modules(*args: str) -> tuple[str, set[str]]:
    """What `printkit ARGS` prints, and the modules it imported, in a fresh process."""
    probe = (
        "import sys\n"
        "from printkit.cli.app import main\n"
        f"try:\n    main({list(args)!r})\nexcept SystemExit:\n    pass\n"
        "print(' '.join(sorted(sys.modules)))"
    )
    r = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    *printed, modules = r.stdout.splitlines()
    return "\n".join(printed), set(modules.split()) - python_start_modules()


@functools.cache
def python_start_modules() -> frozenset[str]:
    """What this Python imports before any of printkit's code runs (its site-packages' .pth
    files may import importlib.resources, zipfile and more): not printkit's to answer for."""
    probe = "import sys\nprint(' '.join(sorted(sys.modules)))"
    r = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True)
    return frozenset(r.stdout.split())


# what a no-op build never needs: the kit model, YAML, the component types, drawing and images
NOT_FOR_A_NO_OP = {"printkit.kit", "printkit.components", "printkit.model.cards", "printkit.draw"}
NOT_FOR_A_NO_OP |= {"printkit.load.yamlsafe", "printkit.api", "reportlab", "PIL"}


@pytest.mark.slow  # every file a no-op build of every kit opens, traced
def test_a_no_op_build_reads_only_the_build_records(cli, two_decks, tmp_path):
    """Up to date is told from the build record and the bytes of the inputs it lists: no kit
    is loaded, no component type imported (start-up of a no-op rebuild, docs/performance.md)."""
    out = tmp_path / "out"
    build(cli, two_decks, out)
    printed, modules = loaded_modules("build", str(two_decks), "--out", str(out))
    assert printed == "everything is up to date (--force rebuilds anyway)"
    assert not modules & NOT_FOR_A_NO_OP
    edit(two_decks / "deck2.yaml", "Card 2.3", "Card 2.3!")  # now deck2 must be drawn again
    printed, modules = loaded_modules("build", str(two_decks), "--out", str(out))
    assert before_summary(printed) == f"wrote {out / 'bench-deck' / 'deck2.pdf'}"
    assert "printkit.components.deck" in modules


# what a deck build never needs: other component types' models and layouts, the reports and the
# simulation, the shop finish and preflight, SVG (svglib and printkit's SVG checks),
# spreadsheets, plug-in discovery, the data rules of a kit without a rules file, the parse tree
# of a `when:` condition (the deck has none), and difflib
# (the "did you mean" of a misspelt name)
NOT_FOR_A_DECK = {
    "printkit.components.map.model", "printkit.components.map.grid", "printkit.components.tiles.model",
    "printkit.components.map.routes", "printkit.layout.hexgrid", "printkit.layout.tiling",
    "printkit.components.tiles.edgetile", "printkit.reports.sim_report", "printkit.reports", "printkit.pdfx",
    "printkit.preflight", "printkit.export", "pikepdf", "svglib", "openpyxl", "importlib.metadata",
    "zipfile", "csv", "logging", "ctypes", "printkit.draw.svg", "printkit.checks.data_rules",
    "printkit.checks.data_items", "difflib", "printkit.model.condition_tree",
}  # fmt: skip


def test_a_deck_build_imports_only_what_a_deck_needs(tmp_path):
    """Start-up of a deck build (rules gate included): nothing a deck does not use is imported."""
    kit = write_deck_kit(tmp_path / "kit", 6)
    args = ("build", str(kit), "--out", str(tmp_path / "out"), "--jobs", "1")
    printed, modules = loaded_modules(*args)
    assert before_summary(printed) == f"wrote {tmp_path / 'out' / 'bench-deck' / 'deck1.pdf'}"
    assert "printkit.components.deck" in modules
    assert not modules & NOT_FOR_A_DECK


@pytest.mark.slow  # a real printkit process, its imports traced
def test_a_deck_build_with_a_settings_file_imports_only_what_a_deck_needs(tmp_path, monkeypatch):
    """A user's settings file (printkit config) is read, and still no "did you mean" is
    imported before a name is wrong."""
    monkeypatch.setenv("PRINTKIT_CONFIG_DIR", str(tmp_path / "settings"))
    (tmp_path / "settings").mkdir()
    (tmp_path / "settings" / "config.yaml").write_text("paper: a4\n")
    kit = write_deck_kit(tmp_path / "kit", 6)
    printed, modules = loaded_modules(
        "build", str(kit), "--out", str(tmp_path / "out"), "--jobs", "1"
    )
    assert before_summary(printed) == f"wrote {tmp_path / 'out' / 'bench-deck' / 'deck1.pdf'}"
    assert "printkit.cli.settings" in modules  # the file was read
    assert not modules & NOT_FOR_A_DECK


# what a build of a game's kit never needs: the game's `printkit deck` rows and `printkit
# simulate` (the reports and the model of play's summary), which a build, playing no game, uses
# neither of
NOT_FOR_A_GAME_BUILD = {
    "printkit.reports", "printkit.reports.composition", "printkit.reports.sim_report",
    "printkit.games.chariot_race.hooks", "printkit.games.chariot_race.sim",
    "printkit.games.chariot_race.summary", "difflib",
}  # fmt: skip


@pytest.mark.slow  # real printkit processes
def test_a_chariot_race_build_imports_no_report_and_no_play(tmp_path):
    """Start-up of a build of a game's kit (rules gate included): the rows of `printkit deck`
    and the simulation's report are not imported (docs/performance.md)."""
    args = ("build", "chariot-race", "--out", str(tmp_path / "out"), "--jobs", "1")
    printed, modules = loaded_modules(*args)
    assert "chariot-race" in before_summary(printed)
    assert "printkit.games.chariot_race.race_checks" in modules  # the game's checks ran
    assert not modules & NOT_FOR_A_GAME_BUILD, modules & NOT_FOR_A_GAME_BUILD


GENERATED_METHODS = """
import sys
from printkit.cli.app import main
try:
    main(ARGS)
except SystemExit:
    pass
made = set()
for module in list(sys.modules.values()):
    for value in list(vars(module).values()):
        if isinstance(value, type) and str(value.__module__).startswith("printkit"):
            for name, method in vars(value).items():
                if getattr(getattr(method, "__code__", None), "co_filename", "") == "<string>":
                    made.add(f"{value.__module__}.{value.__qualname__}.{name}")
print(" ".join(sorted(made)) or "none")
"""


@pytest.mark.slow  # real printkit processes
def test_a_chariot_race_build_compiles_no_method_of_printkit_at_start(tmp_path):
    """Start-up of a build: no class of printkit's has a method @dataclass wrote as text and
    compiled at this start (core/fieldwise.py, docs/performance.md), but the two @dataclass
    insists on writing for a frozen class below another, a card's size below a size."""
    args = ["build", "chariot-race", "--out", str(tmp_path / "out"), "--jobs", "1"]
    probe = GENERATED_METHODS.replace("ARGS", repr(args))
    r = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    below_frozen = (
        "printkit.model.cards.CardSize.__delattr__ printkit.model.cards.CardSize.__setattr__"
    )
    assert r.stdout.splitlines()[-1] == below_frozen


def test_a_kit_built_alone_is_still_refused_beside_another_of_its_name(cli, tmp_path):
    """Two up-to-date kits of one name (the record of one is the other's) are still refused."""
    one = write_deck_kit(tmp_path / "one", 4)
    two = write_deck_kit(tmp_path / "two", 4)
    build(cli, one, tmp_path / "out")
    build(cli, two, tmp_path / "out2")
    r = cli("build", one, two, "--out", tmp_path / "out")
    assert r.exit_code == 2 and "two kits are named 'bench-deck'" in r.stderr, r.output


def test_a_worker_that_inherits_nothing_loads_the_kit_and_draws_the_same_bytes(
    cli, two_decks, tmp_path
):
    """Where processes are spawned (macOS, Windows), a worker reads the kit itself."""
    from printkit.build import pipeline as build_module
    from printkit.kit import load_kit
    from printkit.model.options import Options

    build(cli, two_decks, tmp_path / "serial", "--jobs", "1")
    assert build_module._WORKER_KITS == {}  # this process is no worker: it was given no kits
    temp = tmp_path / "deck2.pdf"
    pages, errors, failure = build_module._render_task(
        str(two_decks.resolve()),
        load_kit(str(two_decks), Options()).options,
        None,  # no --only
        "deck2",
        str(temp),
    )
    assert (pages, errors, failure) == (4, [], None)
    assert temp.read_bytes() == (tmp_path / "serial" / "bench-deck" / "deck2.pdf").read_bytes()


def test_the_render_walks_nothing_made_before_it_and_the_collector_gets_all_back(
    cli, two_decks, tmp_path, monkeypatch
):
    """What a build makes before it draws (the modules it imports, the kits, their models and
    layouts) lives until it ends: the collector leaves it out of its passes while the render
    runs (gc.freeze), and takes it back when the build ends, as when an input error stops it
    (`--watch` and `serve` build again in the same process: docs/performance.md)."""
    gc.unfreeze()  # what an earlier test may have left (importing cli/process.py freezes)
    seen: list[tuple[bool, int]] = []
    render = pipeline._render_and_commit

    def spy(*args):
        seen.append((gc.isenabled(), gc.get_freeze_count()))
        return render(*args)

    monkeypatch.setattr(pipeline, "_render_and_commit", spy)
    build(cli, two_decks, tmp_path / "out", "--force")
    assert len(seen) == 1
    running, frozen = seen[0]
    assert running and frozen > 10_000  # the collector runs, over what the render makes
    assert gc.isenabled() and gc.get_freeze_count() == 0
    edit(two_decks / "deck2.yaml", "card_size: poker", "card_size: [poker")
    assert cli("build", two_decks, "--out", tmp_path / "out").exit_code == 2
    assert gc.isenabled() and gc.get_freeze_count() == 0
    (two_decks / "kit.yaml").write_text("name: [bench\n")  # the kit itself does not load
    assert cli("build", two_decks, "--out", tmp_path / "out").exit_code == 2
    assert gc.isenabled() and gc.get_freeze_count() == 0


def test_the_code_fingerprint_is_of_the_files_bytes_and_no_memo_decides_it(tmp_path):
    """An edit that keeps a file's size and modification time changes the fingerprint, and a
    memo planted beside the code (where one was kept, under a key of sizes and times) is
    neither read nor written."""
    from printkit.build import incremental

    assert incremental.code_fingerprint() == incremental.package_fingerprint(incremental.PACKAGE)
    tree = tmp_path / "pkg"
    (tree / "sub").mkdir(parents=True)
    (tree / "a.py").write_text("x = 1\n")
    (tree / "sub" / "b.py").write_text("y = 2\n")
    (tree / "font.ttf").write_bytes(b"\0" * 4096)
    for path in (tree / "a.py", tree / "sub" / "b.py", tree / "font.ttf"):
        os.utime(path, ns=(10**18, 10**18))  # long settled: a memo of old would have been kept
    first = incremental.package_fingerprint(tree)

    def same_size_and_time(path: Path, text: bytes) -> None:
        before = path.stat()
        path.write_bytes(text)
        os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
        after = path.stat()
        assert (after.st_size, after.st_mtime_ns) == (before.st_size, before.st_mtime_ns)

    same_size_and_time(tree / "sub" / "b.py", b"y = 3\n")
    edited = incremental.package_fingerprint(tree)
    assert edited != first
    same_size_and_time(tree / "font.ttf", b"\1" + b"\0" * 4095)  # data files count too
    third = incremental.package_fingerprint(tree)
    assert third not in (first, edited)
    cache = tree / "__pycache__"
    assert not cache.exists()  # nothing written
    cache.mkdir(mode=0o700)
    for name in ("code-fingerprint.txt", "memo.txt"):
        (cache / name).write_text(f"{third} {'f' * 64}\n{'0' * 64} {'f' * 64}\n")
    assert incremental.package_fingerprint(tree) == third  # a planted memo changes nothing


def test_a_shipped_font_is_read_once_for_the_fingerprint_and_its_metrics(monkeypatch):
    """The code fingerprint sums every shipped font and metrics entry, and the metrics reader
    sums each font a build registers and reads its entry: one read and one CRC-32 a file a
    process serve both (core/shipped.py), and the fingerprint is of the bytes the build
    embeds."""
    from printkit.build import incremental
    from printkit.core import shipped
    from printkit.draw import fontmetrics

    reads: list[str] = []
    read = shipped._read

    def counted(path: str) -> tuple[bytes, int]:
        reads.append(Path(path).name)
        return read(path)

    monkeypatch.setattr(shipped, "_read", counted)
    shipped._shipped.cache_clear()
    incremental.code_fingerprint.cache_clear()
    try:
        fonts = sorted(fontmetrics.FONT_DIR.glob("*.ttf"))
        fingerprint = incremental.code_fingerprint()
        faces = [fontmetrics.shipped_tt_font(f"once-{p.stem}", p).face for p in fonts]
        again = incremental.package_fingerprint(incremental.PACKAGE)
    finally:
        shipped._shipped.cache_clear()
        incremental.code_fingerprint.cache_clear()
    assert fingerprint == again
    entries = [fontmetrics.table_path(p) for p in fonts]
    assert sorted(reads) == sorted(p.name for p in fonts + entries)  # once each, for both
    assert all(face._ttf_data == p.read_bytes() for face, p in zip(faces, fonts, strict=True))
