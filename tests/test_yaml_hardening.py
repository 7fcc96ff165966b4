"""Control characters written as escapes are refused like raw ones; the alias-bomb hint appears
only for files with aliases."""

from __future__ import annotations

import tracemalloc

import pytest

from printkit.core import limits
from printkit.core.errors import InputError
from printkit.load import yamlsafe
from printkit.load.yamlsafe import parse_yaml, read_bytes


def _error(text: str) -> str:
    with pytest.raises(InputError) as caught:
        parse_yaml(text, "f.yaml")
    (diagnostic,) = caught.value.diagnostics
    return str(diagnostic)


@pytest.mark.parametrize(
    ("escape", "code"), [("\\a", "0007"), ("\\x1b", "001B"), ("\\u0000", "0000"), ("\\e", "001B")]
)
def test_an_escaped_control_character_is_refused_like_a_raw_one(escape, code):
    escaped = _error(f'a: 1\nb: "bell {escape} here"\n')
    assert escaped.startswith(f"f.yaml:2:4: error: character U+{code} (written as an escape)")
    raw = _error(f"a: 1\nb: bell {chr(int(code, 16))} here\n")
    assert raw.startswith(f"f.yaml:2:9: error: character U+{code} is not allowed")
    assert raw.split(": error: ")[1] == escaped.split(": error: ")[1].replace(
        " (written as an escape)", ""
    )


def test_an_escaped_control_character_in_a_key_is_refused():
    assert _error('"k\\x07": 1\n').startswith("f.yaml:1:1: error: character U+0007")


def test_tab_and_line_break_escapes_stay_allowed():
    assert parse_yaml('a: "x\\ty\\nz"\n', "f.yaml").data == {"a": "x\ty\nz"}


def test_too_many_values_without_aliases_has_no_alias_bomb_hint(monkeypatch):
    monkeypatch.setattr(limits, "MAX_YAML_NODES", 50)
    message = _error("".join(f"k{i}: {i}\n" for i in range(40)))
    assert "too many YAML values (limit MAX_YAML_NODES = 50)" in message
    assert "alias" not in message


def test_too_many_values_with_aliases_keeps_the_hint(monkeypatch):
    monkeypatch.setattr(limits, "MAX_YAML_NODES", 50)
    message = _error("a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9]\nb: [*a, *a, *a, *a, *a, *a]\n")
    assert "after expanding aliases" in message and "is this an alias bomb?" in message


def test_reading_a_small_file_allocates_about_its_size_not_the_limit(tmp_path):
    """A data file is read into a buffer of its own size (a 4 MiB buffer for every file read
    was most of the YAML load's peak memory at 540 cards)."""
    path = tmp_path / "small.yaml"
    path.write_bytes(b"a: 1\n" * 2000)  # 10 KB
    tracemalloc.start()
    try:
        assert read_bytes(path) == b"a: 1\n" * 2000
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 100_000


def test_a_file_that_grows_past_the_limit_after_its_size_was_read_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "grows.yaml"
    path.write_bytes(b"a: 1\n" * 10)
    small = path.stat()
    path.write_bytes(b"a: 1\n" * 30)  # 150 bytes now; stat() still says 50
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 100)
    monkeypatch.setattr(type(path), "stat", lambda self, **kw: small)
    with pytest.raises(InputError, match="larger than the limit"):
        yamlsafe.read_bytes(path)
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 200)
    assert yamlsafe.read_bytes(path) == b"a: 1\n" * 30  # grown, within the limit: all of it
