"""What is compiled once and kept between runs (core/kept.py).

The methods of dataclasses (core/dataclass_code.py): a class made through the cache, cold or
warm, is the class plain `dataclasses` makes (signatures, `__doc__`, repr, equality, hashing,
frozen, slots, the methods' globals and annotations); a warm cache compiles nothing; a changed
class is compiled afresh; a damaged, foreign or unwritable cache is ignored; the `printkit`
command keeps what it compiled. Regular expressions (core/regex_code.py): a pattern made from
the kept data is equal to the one `re` compiles (the same flags and compiled code)."""

from __future__ import annotations

import dataclasses
import inspect
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import KW_ONLY, InitVar, dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import pytest

from bench.synthetic import write_deck_kit
from printkit.core import dataclass_code, regex_code
from printkit.core.dataclass_code import CodeCache
from printkit.core.kept import KeptTable

METHODS = ("__init__", "__repr__", "__eq__", "__setattr__", "__delattr__", "__hash__", "__lt__")


def _plain_point() -> type:
    @dataclass
    class Point:
        x: int
        y: int = 0
        tags: list[str] = field(default_factory=list)

    return Point


def _frozen_slots() -> type:
    @dataclass(frozen=True, slots=True)
    class Size:
        """A size in mm."""

        width: float
        height: float
        unit: ClassVar[str] = "mm"

    return Size


def _ordered_kw_only() -> type:
    @dataclass(order=True, unsafe_hash=True)
    class Entry:
        rank: int
        _: KW_ONLY
        name: str = "?"
        scale: InitVar[float] = 1.0
        scaled: float = field(init=False, repr=False, compare=False, default=0.0)

        def __post_init__(self, scale: float) -> None:
            self.scaled = self.rank * scale

    return Entry


def _no_eq_subclass() -> type:
    @dataclass(eq=False, repr=False)
    class Base:
        a: int

    @dataclass(frozen=False)
    class Child(Base):
        b: str = "b"

    return Child


MAKERS: dict[str, Callable[[], type]] = {
    "plain": _plain_point,
    "frozen-slots": _frozen_slots,
    "ordered-kw-only": _ordered_kw_only,
    "no-eq-subclass": _no_eq_subclass,
}
SAMPLES: dict[str, tuple[tuple[Any, ...], dict[str, Any]]] = {
    "plain": ((3,), {"y": 4}),
    "frozen-slots": ((63.0, 88.0), {}),
    "ordered-kw-only": ((2,), {"name": "n", "scale": 1.5}),
    "no-eq-subclass": ((1, "x"), {}),
}


@pytest.fixture(autouse=True)
def _nothing_installed_before() -> Iterator[None]:
    """Each test installs its own tables; what this process had (importing cli/process.py
    installs the user's) is installed again afterwards."""
    had = [module._installed is not None for module in (dataclass_code, regex_code)]
    dataclass_code.uninstall()
    regex_code.uninstall()
    yield
    dataclass_code.uninstall()
    regex_code.uninstall()
    if had[0]:
        dataclass_code.install()
    if had[1]:
        regex_code.install()


@pytest.fixture
def cached(tmp_path: Path) -> Iterator[Path]:
    """The cache installed with its file in tmp_path for the test, then taken out."""
    path = tmp_path / "code.marshal"
    dataclass_code.install(path)
    try:
        yield path
    finally:
        dataclass_code.uninstall()


def _installed() -> CodeCache:
    cache = dataclass_code._installed
    assert cache is not None
    return cache


def _reinstall(path: Path) -> CodeCache:
    """A new process's cache on the same file."""
    dataclass_code.uninstall()
    return dataclass_code.install(path)


def _portrait(cls: type, name: str) -> dict[str, Any]:
    """What a user of the class can see of it and of one instance."""
    args, kwargs = SAMPLES[name]
    one, two = cls(*args, **kwargs), cls(*args, **kwargs)
    out: dict[str, Any] = {
        "doc": cls.__doc__,
        "signature": str(inspect.signature(cls)),
        "repr": repr(one),
        "equal": one == two,
        "hash": hash(one) if cls.__hash__ is not None else None,
        "slots": getattr(cls, "__slots__", None),
        "match_args": getattr(cls, "__match_args__", None),
        "fields": [(f.name, f.type, f.init, f.repr, f.compare) for f in dataclasses.fields(cls)],
    }
    for method in METHODS:
        function = cls.__dict__.get(method)
        if inspect.isfunction(function):
            out[method] = (
                function.__qualname__,
                function.__annotations__,
                function.__defaults__,
                function.__kwdefaults__,
                function.__globals__ is sys.modules[__name__].__dict__,
                function.__code__.co_filename,
                function.__code__.co_code,
            )
    if dataclasses.fields(cls)[0].name == "width":  # frozen
        with pytest.raises(dataclasses.FrozenInstanceError):
            one.width = 1.0
    return out


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_a_class_through_the_cache_is_the_plain_dataclass(name, cached):
    dataclass_code.uninstall()
    plain = _portrait(MAKERS[name](), name)
    cold_cache = _reinstall(cached)
    cold = _portrait(MAKERS[name](), name)
    assert cold_cache.table.added  # the cache was used: compiled, not replayed
    cold_cache.save()
    warm_cache = _reinstall(cached)
    warm = _portrait(MAKERS[name](), name)
    assert warm_cache.table.used and not warm_cache.table.added  # replayed from the file
    assert cold == plain
    assert warm == plain


def test_the_code_does_not_inherit_this_modules_future_annotations(cached):
    """Compiled here, with `from __future__ import annotations` inherited, `__init__` would be
    annotated with the strings of dataclasses' local names ("_type_x") instead of the types."""
    Point = _plain_point()
    assert vars(Point)["__init__"].__annotations__ == {
        "x": "int",
        "y": "int",
        "tags": "list[str]",
        "return": None,
    }


def test_a_warm_cache_compiles_nothing(cached):
    for make in MAKERS.values():
        make()
    first = _installed()
    assert (
        len(first.table.added) >= len(MAKERS) and not first.table.used
    )  # 3.13: one source a class
    first.save()
    second = _reinstall(cached)
    for make in MAKERS.values():
        make()
    assert not second.table.added
    assert second.table.used == first.table._table().keys()


def test_a_changed_class_is_compiled_again(cached):
    _plain_point()
    _installed().save()
    cache = _reinstall(cached)

    @dataclass
    class Point:  # the same name, one field more
        x: int
        y: int = 0
        z: int = 0
        tags: list[str] = field(default_factory=list)

    assert cache.table.added
    assert (
        repr(Point(1, z=5))
        == "test_a_changed_class_is_compiled_again.<locals>.Point(x=1, y=0, z=5, tags=[])"
    )


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: b"",
        lambda data: b"not a cache at all",
        lambda data: data[: len(data) // 2],  # truncated
        lambda data: data[:-10] + bytes(b ^ 0xFF for b in data[-10:]),  # bytes flipped
        lambda data: data.replace(b"cpython", b"pypy-py", 1),  # another interpreter's
    ],
    ids=["empty", "garbage", "truncated", "flipped", "foreign"],
)
def test_a_damaged_cache_is_ignored_and_rewritten(damage, cached):
    _plain_point()
    _installed().save()
    cached.write_bytes(damage(cached.read_bytes()))
    cache = _reinstall(cached)
    Point = _plain_point()
    assert repr(Point(1)) == "_plain_point.<locals>.Point(x=1, y=0, tags=[])"
    assert cache.table.added and not cache.table.used  # nothing was taken from the damaged file
    cache.save()
    again = _reinstall(cached)
    _plain_point()
    assert again.table.used and not again.table.added


def test_an_unwritable_cache_means_no_cache(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("in the way of the folder")
    dataclass_code.install(blocker / "code" / "code.marshal")
    try:
        Point = _plain_point()
        dataclass_code.save()  # cannot make the folder: nothing raised, nothing written
        assert Point(2) == Point(2)
        assert _installed().table.added
    finally:
        dataclass_code.uninstall()
    assert list(tmp_path.iterdir()) == [blocker]


def test_nothing_is_written_when_python_writes_no_bytecode(cached, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    _plain_point()
    dataclass_code.save()
    assert _installed().table.added and not cached.exists()
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    dataclass_code.save()
    assert cached.exists()


def test_concurrent_writers_leave_a_whole_file(cached):
    dataclass_code.uninstall()
    one, two = CodeCache(cached), CodeCache(cached)
    one.code("x = 1", 0), two.code("y = 2", 0)
    one.table._table(), two.table._table()  # both read the (missing) file before either writes
    one.save()
    two.save()
    assert CodeCache(cached).table._table().keys() == {(0, "y = 2")}  # the last writer's, whole
    assert [p.name for p in cached.parent.iterdir()] == [cached.name]  # no temporary left


def test_exec_without_globals_runs_in_the_callers_namespace(cached):
    stand_in = dataclasses.exec  # type: ignore[attr-defined]
    here = {"seen": 0}
    stand_in("seen = 1", here)
    assert here["seen"] == 1
    visible = "local"
    found: dict[str, str] = {}
    stand_in("found['it'] = visible")  # the builtin's defaults: this frame's globals and locals
    assert found == {"it": visible}


def test_exec_inherits_its_callers_future_flags_as_the_builtin_does(cached):
    """This module has `from __future__ import annotations`: code exec'd from here has it too."""
    stand_in = dataclasses.exec  # type: ignore[attr-defined]
    mine: dict[str, Any] = {}
    theirs: dict[str, Any] = {}
    stand_in("def f(x: int) -> None: pass", mine)
    exec("def f(x: int) -> None: pass", theirs)
    assert (
        mine["f"].__annotations__ == theirs["f"].__annotations__ == {"x": "int", "return": "None"}
    )


def test_the_printkit_command_keeps_what_it_compiled(tmp_path):
    """A second run of the same command finds everything kept and writes nothing (a deck
    build imports reportlab's rl_safe_eval, which joins a pattern from a set: not kept)."""
    env = {**os.environ, "PRINTKIT_CACHE_DIR": str(tmp_path / "cache")}
    kit = write_deck_kit(tmp_path / "kit", 2)
    command = [sys.executable, "-m", "printkit", "build", str(kit), "--out", str(tmp_path / "out")]
    first = subprocess.run([*command, "--jobs", "1"], env=env, capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    kept = {p.name.split("-cpython")[0]: p for p in (tmp_path / "cache").glob("*-code-*.marshal")}
    assert sorted(kept) == ["dataclass-code", "regex-code"]
    written = {name: path.stat().st_mtime_ns for name, path in kept.items()}
    assert any(
        "def __init__(" in source for _, source in CodeCache(kept["dataclass-code"]).table._table()
    )
    assert KeptTable("regex-code", kept["regex-code"])._table()
    second = subprocess.run(
        [*command, "--jobs", "1", "--force"], env=env, capture_output=True, text=True
    )
    assert second.stdout == first.stdout
    assert {name: path.stat().st_mtime_ns for name, path in kept.items()} == written


def test_without_the_variable_the_cache_is_in_the_user_cache_folder(tmp_path):
    """Finding the folder imports platformdirs, which compiles a pattern: the command must not
    look its tables up while their file is being found."""
    env = {k: v for k, v in os.environ.items() if k != "PRINTKIT_CACHE_DIR"}
    env["XDG_CACHE_HOME"] = str(tmp_path)
    command = [sys.executable, "-m", "printkit", "--help"]
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert sorted(
        p.name.split("-cpython")[0] for p in (tmp_path / "printkit" / "code").iterdir()
    ) == [
        "dataclass-code",
        "regex-code",
    ]


@pytest.fixture
def kept_patterns(tmp_path: Path) -> Iterator[Path]:
    """The regular expressions' table installed with its file in tmp_path, then taken out."""
    path = tmp_path / "regex.marshal"
    assert regex_code.install(path) is not None
    try:
        yield path
    finally:
        regex_code.uninstall()


def _compile_all() -> list[re.Pattern]:
    """The pattern pyyaml's reader compiles at import, and others of the kinds `re` compiles
    apart, each written here as `re.compile("...")` is in a module."""
    re.purge()  # else `re` answers from its own cache of this process, compiling nothing
    return [
        re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"),
        re.compile(r"(?P<year>[0-9]{4})-(?P<month>[0-9]{1,2})(?:-(?P<day>[0-9]{1,2}))?$"),
        re.compile(r"(?i)cmyk\(\s*\d+\s*\)|#[0-9a-f]{3,6}"),
        re.compile(r" (\w+) \s* = \s* (?P<value> [^#\n]* )  # KEY = value", re.VERBOSE | re.M),
        re.compile(r"(?<=\{)[a-z_]+(?=\})|(a)?(?(1)b|c)", re.ASCII),
        re.compile(rb"[\x00-\x1f]+|\\.", re.DOTALL),
    ]


def _regex_table() -> KeptTable:
    assert regex_code._installed is not None
    return regex_code._installed[0]


def test_a_kept_pattern_is_the_pattern_re_compiles(kept_patterns):
    regex_code.uninstall()
    plain = _compile_all()
    regex_code.install(kept_patterns)
    cold = _compile_all()
    assert len(_regex_table().added) == len(cold)
    regex_code.save()
    regex_code.uninstall()
    regex_code.install(kept_patterns)
    warm = _compile_all()
    assert not _regex_table().added and len(_regex_table().used) == len(warm)
    for mine, theirs in [*zip(cold, plain, strict=True), *zip(warm, plain, strict=True)]:
        assert mine == theirs  # the same pattern, flags and compiled code
        assert (mine.flags, mine.groups, mine.groupindex) == (
            theirs.flags,
            theirs.groups,
            theirs.groupindex,
        )
    text = "1999-12-31 cmyk( 0 ) {name_x} ab\U0001f600\x07"
    for mine, theirs in zip(warm[:-1], plain[:-1], strict=True):
        assert [m.span() for m in mine.finditer(text)] == [m.span() for m in theirs.finditer(text)]


def test_a_kept_entry_the_engine_refuses_is_compiled_afresh(kept_patterns):
    table = KeptTable("regex-code", kept_patterns)
    table.add(("ab+", 0), (32, [999999, 3], 0, {}, ()))  # no code the engine takes
    table.save()
    regex_code.uninstall()
    regex_code.install(kept_patterns)
    pattern = re._compiler.compile("ab+", 0)  # type: ignore[attr-defined]
    assert pattern.fullmatch("abbb")
    assert ("ab+", 0) in _regex_table().added  # and kept right this time


def _word_pattern(word: str) -> re.Pattern:
    return re.compile(rf"\b{re.escape(word)}\b", re.IGNORECASE)  # as a rule's check makes one


def test_a_pattern_made_at_run_time_is_not_kept(kept_patterns):
    """Made from data or joined from a set (in each process's hash order), it would add to
    the table in every run."""
    re.purge()
    names = {"tb_frame", "co_code", "gi_frame", "f_locals"}
    assert re.compile("|".join(names)).fullmatch("gi_frame")
    assert _word_pattern("white").search("the White team")
    assert not _regex_table().added
    written = re.compile("(?:tb_frame|co_code)+")
    assert list(_regex_table().added) == [(written.pattern, 0)]  # the flags asked for


def test_a_debug_pattern_goes_to_re_unchanged(kept_patterns, capsys):
    re._compiler.compile("xy", re.DEBUG)  # type: ignore[attr-defined]
    assert "LITERAL 120" in capsys.readouterr().out  # re printed its parse
    assert not _regex_table().added


def test_where_not_supported_nothing_is_installed(tmp_path, monkeypatch):
    monkeypatch.setattr(regex_code, "SUPPORTED", False)
    original = re._compiler.compile  # type: ignore[attr-defined]
    assert regex_code.install(tmp_path / "regex.marshal") is None
    assert re._compiler.compile is original  # type: ignore[attr-defined]
