"""Shared test helpers: run the CLI in-process, build kits into temporary folders, read PDFs."""

from __future__ import annotations

import fcntl
import functools
import gc
import hashlib
import itertools
import os
import re
import shutil
import sys
import types
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

# A shell that sets PYTHONDONTWRITEBYTECODE (this machine's does) would make every test process
# rewrite every test module's asserts again (4 s of collection a worker instead of 1) and every
# printkit process a test starts compile printkit from source. The suite keeps its bytecode, as
# Python does by default; no test depends on it, and printkit itself never does.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
from click.testing import CliRunner  # noqa: E402 (after the bytecode switch above)

# A test process lives for hundreds of tests and keeps what they import and cache; each full
# pass of the garbage collector walks all of it (0.3 s a pass in a test worker, twenty passes a
# run: 7 s of CPU). Full passes come ten times less often here (Python's threshold is 10; set,
# not multiplied, since a test module may import this file again as tests.conftest); the young
# generations, which find the garbage, are collected as usual, and a test that collects asks.
FULL_PASS_THRESHOLD = 100
gc.set_threshold(*gc.get_threshold()[:2], FULL_PASS_THRESHOLD)

from printkit.cli.app import main  # noqa: E402 (after the bytecode switch above)
from printkit.kit import builtin_kits_dir  # noqa: E402 (after the bytecode switch above)
from printkit.layout.units import to_mm  # noqa: E402 (after the bytecode switch above)

DATA = builtin_kits_dir()
# a build run through `cli` is serial unless the test names its jobs, or watches (see `cli`)
JOBS_FLAGS = {"-j", "--jobs", "--watch"}


class Result:
    def __init__(self, r) -> None:
        self.exit_code = r.exit_code
        self.stdout = r.stdout
        self.stderr = r.stderr
        self.exception = r.exception

    @property
    def output(self) -> str:
        return self.stdout + self.stderr


@pytest.fixture(autouse=True, scope="module")
def _module_caches_let_go(request: pytest.FixtureRequest) -> Iterator[None]:
    """When a test module's tests end, the memos of the tests' own helpers it holds (a
    `functools.cache` over printkit's parsed source, a map's characters read back) are
    emptied: kept to the process's end, every full pass of the garbage collector walked them
    again (the parsed source alone is half a million objects, a quarter of a second a pass),
    and so did the process's exit. A later module that asks computes them again."""
    yield
    let_go_of_memos(request.module)


def let_go_of_memos(module: types.ModuleType) -> None:
    """Empty every memo (a function with `cache_clear`) in `module`'s names that is not
    printkit's own: printkit's caches are what the tests measure, and stay as they are."""
    for value in vars(module).values():
        owner = getattr(value, "__module__", None) or ""
        if callable(getattr(value, "cache_clear", None)) and not owner.startswith("printkit"):
            value.cache_clear()


@pytest.fixture(autouse=True, scope="session")
def _no_user_settings_in_shared_fixtures(tmp_path_factory):
    """Builds made by session- and module-scoped fixtures (set up before any test's own
    fixtures) never read the developer's own printkit settings file either."""
    with pytest.MonkeyPatch.context() as settings:
        settings.setenv("PRINTKIT_CONFIG_DIR", str(tmp_path_factory.mktemp("settings")))
        yield


@pytest.fixture(scope="session")
def _settings_folders(tmp_path_factory) -> Iterator[Path]:
    """Settings folder names for the tests of this process, none created: `printkit config`
    creates its folder when missing (a numbered `mktemp` per test lists every earlier one)."""
    root = tmp_path_factory.mktemp("test-settings")
    return (root / str(n) for n in itertools.count())


@pytest.fixture(autouse=True)
def _no_user_settings(_settings_folders, monkeypatch):
    """Every test starts without the developer's own printkit settings file (printkit config),
    in a settings folder of its own (a test may write settings there)."""
    monkeypatch.setenv("PRINTKIT_CONFIG_DIR", str(next(_settings_folders)))


@pytest.fixture
def cli():
    """cli("build", "chariot-race", "--out", tmp) -> Result with exit_code, stdout, stderr.

    A build runs serially (-j 1, as `built_kit`'s do) unless the test names --jobs (or
    --watch): a pool of workers forked from the test process costs more than it saves on a
    test's small build, and test_build_incremental.py shows -j 1 and -j 2 write the same
    bytes; the tests of parallel builds say -j 2."""

    def run(*args: str) -> Result:
        argv = [str(a) for a in args]
        if argv[:1] == ["build"] and not JOBS_FLAGS & set(argv):
            argv += ["-j", "1"]
        r = CliRunner().invoke(main, argv, catch_exceptions=False)
        return Result(r)

    return run


@pytest.fixture(scope="session")
def built_kit(tmp_path_factory):
    """built_kit("chariot-race", "--only", "cards", "--paper", "letter") -> the kit's output
    folder (OUT/<kit>, or OUT/<kit>/<variant> with --variant, then shop/ with --profile shop)
    of that build of a built-in kit (or of the kit folder a path names, as tests/kits/...).

    Each distinct build runs once per test run, in whichever test process asks for it first
    (under pytest-xdist the others wait for it and read the same folder), and is shared by
    every test that asks for it, so a test must only read what it gets. Builds run in-process
    and serially (-j 1). The options are the build's key as written: give the same build's
    options in the same order as the other tests that ask for it (grep for them), or it is
    built twice."""
    shared = _shared_builds(tmp_path_factory)
    cache: dict[tuple[str, ...], Path] = {}

    def build(kit: str, *options: str) -> Path:
        key = (kit, *options)
        if key not in cache:
            folder = _build_once(shared, key) / Path(kit).name  # a built-in kit's name or a folder
            variants = [
                v for flag, v in zip(options, options[1:], strict=False) if flag == "--variant"
            ]
            shop = ["shop"] if "--profile shop" in " ".join(options) else []
            cache[key] = folder.joinpath(*(["+".join(variants)] if variants else []), *shop)
        return cache[key]

    return build


def _shared_builds(factory: pytest.TempPathFactory) -> Path:
    """The folder of this test run's shared builds: in the run's own base folder, which holds
    every pytest-xdist worker's base folder (popen-gw0, ...), else in this process's."""
    base = factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "built-kits"
    folder.mkdir(exist_ok=True)
    return folder


def _build_once(shared: Path, key: tuple[str, ...]) -> Path:
    """The output folder of `printkit build KIT --out OUT -j 1 OPTIONS` (key: kit, options...),
    built by the first test process that asks (the others wait on its lock file)."""
    return _run_once(shared, ("build", key[0], "-j", "1", *key[1:]))[0]


def _run_once(shared: Path, argv: tuple[str, ...]) -> tuple[Path, str]:
    """(OUT, its stdout) of `printkit COMMAND KIT --out OUT OPTIONS` (argv: command, kit,
    options...), run by the first test process that asks (the others wait on its lock file
    and read the stdout it saved)."""
    name = hashlib.sha256("\0".join(argv).encode()).hexdigest()[:16]
    out, done = shared / name, shared / f"{name}.done"
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            shutil.rmtree(out, ignore_errors=True)  # what a failed attempt left
            args = [*argv[:2], "--out", str(out), *argv[2:]]
            r = CliRunner().invoke(main, args, catch_exceptions=False)
            assert r.exit_code == 0, f"printkit {' '.join(args)}:\n{r.stdout}{r.stderr}"
            done.write_text(r.stdout, encoding="utf-8")
    return out, done.read_text(encoding="utf-8")


def made_once(factory: pytest.TempPathFactory, name: str, make: Callable[[Path], None]) -> Path:
    """The folder `name` that `make(folder)` fills, made once per test run (as `built_kit`'s
    builds: under pytest-xdist by the first test process that asks, under a lock file, the
    others wait and read it), for what takes long and every process reads the same (a colour
    profile built from measurements). Made in a folder of its own, then renamed into place: a
    failed attempt leaves nothing a later one would take as made."""
    shared = _shared_builds(factory)
    folder = shared / name
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not folder.exists():
            making = shared / f"{name}.making"
            shutil.rmtree(making, ignore_errors=True)
            making.mkdir()
            make(making)
            making.rename(folder)
    return folder


@pytest.fixture(scope="session")
def ran_once(tmp_path_factory):
    """ran_once("export", "chariot-race", "--tts") -> (OUT, stdout) of `printkit export
    chariot-race --out OUT --tts`, an output-writing command on a built-in kit run once per
    test run (as `built_kit`'s builds are: under pytest-xdist by the first worker to ask) and
    shared, read-only, by every test that asks for the same arguments. It asserts exit 0."""
    shared = _shared_builds(tmp_path_factory)
    return functools.cache(lambda *argv: _run_once(shared, argv))


@pytest.fixture
def kit_copy(tmp_path):
    """Copy a built-in kit into tmp_path and return its folder, ready to edit."""

    def copy(name: str) -> Path:
        dest = tmp_path / "kits" / name
        shutil.copytree(DATA / name, dest)
        return dest

    return copy


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    """Replace text in a kit file, failing loudly if the text is not there."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


TEXTURE = re.compile(
    r"\bpattern: (dots|stripes|stars|lattice|grid|trees|hills|waves|tufts|hatch)\b"
)


def untextured(kit: Path) -> Path:
    """Take the textures (dots, stars, a map's trees, waves, ...) off a copy of a kit: every
    `pattern:` in its YAML files becomes plain. A textured face draws hundreds of marks, the
    most of a small build's time and of reading its pages back; for a test that measures
    something else on the same faces."""
    changed = 0
    for path in sorted(kit.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        plain, count = TEXTURE.subn("pattern: plain", text)
        if count:
            path.write_text(plain, encoding="utf-8")
            changed += count
    assert changed, f"no texture in {kit}"
    return kit


def drop_game_kinds(kit: Path) -> None:
    """Take chariot-race's own element kinds (fan, drift) off a copy of its cards, for a test
    that takes the game's rules module out of the kit (its faces may then use built-in kinds
    only)."""
    cards = kit / "cards.yaml"
    lines = cards.read_text(encoding="utf-8").splitlines(keepends=True)
    kept = [ln for ln in lines if "element: fan" not in ln and "element: drift" not in ln]
    assert len(kept) < len(lines), f"no fan or drift in {cards}"
    cards.write_text("".join(kept), encoding="utf-8")


def one_component_kit(kit: Path, component: str, kind: str, text: str) -> Path:
    """Write a kit of one component into the new folder `kit` (named after it): kit.yaml
    listing `component` of type `kind` from `component`.yaml, which holds `text`."""
    kit.mkdir()
    (kit / "kit.yaml").write_text(
        f"name: {kit.name}\ntitle: {kit.name.title()}\ncomponents:\n"
        f"  {component}: {{type: {kind}, file: {component}.yaml}}\n",
        encoding="utf-8",
    )
    (kit / f"{component}.yaml").write_text(text, encoding="utf-8")
    return kit


def install_fixture(site: Path, fixture: Path, dist: str, entry_points: str) -> Path:
    """Lay an example package of tests/fixtures/ out in `site` the way pip installs a wheel:
    the package (the folder of `fixture` named like its project, `dist`) and a dist-info folder
    with METADATA and `entry_points` (the text of entry_points.txt), so importlib.metadata
    finds it as any installed package once `site` is on sys.path."""
    package = dist.replace("-", "_")
    shutil.copytree(fixture / package, site / package)
    info = site / f"{package}-0.1.dist-info"
    info.mkdir()
    metadata = f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1\n"
    (info / "METADATA").write_text(metadata, encoding="utf-8")
    (info / "entry_points.txt").write_text(entry_points, encoding="utf-8")
    return site


def line_of(path: Path, needle: str) -> int:
    """1-based line number of the first line containing `needle`."""
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return i
    raise AssertionError(f"{needle!r} not in {path}")


def mm_box(box) -> tuple[float, ...]:
    """A pypdf box as (x0, y0, x1, y1) in millimetres."""
    return tuple(round(to_mm(float(v)), 3) for v in (box[0], box[1], box[2], box[3]))


def yaml_paths(data, prefix=()):
    """Every path (a tuple of keys and indexes) to a value inside plain YAML data."""
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from yaml_paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from yaml_paths(v, (*prefix, i))


@pytest.fixture(scope="session")
def mini_build(tmp_path_factory) -> tuple[Path, Path]:
    """(kit, out): the test kit tests/fixtures/mini copied and built (-j 1) once per test
    process, OUT/mini holding its PDFs. Never change either: copy both first
    (shutil.copytree keeps the file times), as `rebuilt` in test_output_commit.py does."""
    root = tmp_path_factory.mktemp("mini-build")
    kit = root / "kits" / "mini"
    shutil.copytree(Path(__file__).resolve().parent / "fixtures" / "mini", kit)
    out = root / "out"
    args = ["build", str(kit), "--out", str(out), "-j", "1"]
    r = CliRunner().invoke(main, args, catch_exceptions=False)
    assert r.exit_code == 0, f"printkit {' '.join(args)}:\n{r.stdout}{r.stderr}"
    return kit, out


# The longest tests (a few seconds of wall each: a browser, Ghostscript over every shop file,
# whole kits previewed and exported, a wheel built and installed), run first: started last, one
# keeps a worker busy alone while the others have finished (pytest-xdist's worksteal moves
# only tests that have not started). A test moved away from its module's other tests sets up
# the module's fixtures again: fine for those that read `built_kit`'s shared builds.
LONG_FIRST = (
    "test_serve_browser.py::",
    "test_shop_cmyk.py::test_ghostscript_finds_no_rgb_in_shop_files",
    "test_shop_cmyk.py::test_every_shop_pdf_passes_x1a_preflight",
    "test_every_command.py::test_other_commands_on_each_kit",
    "test_preflight.py::test_home_outputs_of_every_kit_pass_home_preflight",
    "test_ink.py::test_a_240_percent_limit_holds_in_every_shop_file_measured_on_separations",
    "test_ink.py::test_rich_black_has_no_fine_knock_outs_or_thin_parts",
    "test_svg_icons.py::test_gradient_opacity_and_soft_png_pass_both_preflights",
    "test_cli.py::",  # whole modules where a module-scoped fixture is costly (the wheel, an
    "test_export_images.py::",  # export): moved apart, its tests would set it up twice
    "test_fuzz_kits.py::",
    "test_live.py::test_a_live_session_thumbnails_pages",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        name = item.nodeid.rsplit("/", 1)[-1]
        return next(
            (i for i, long in enumerate(LONG_FIRST) if name.startswith(long)), len(LONG_FIRST)
        )

    items.sort(key=rank)  # stable: every other test keeps its place
