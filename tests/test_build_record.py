"""The incremental build record (OUT/.printkit-build/<kit>.json) is data from disk: paths in it
are confined to the kit folder and only regular files are read, whatever the record says."""

from __future__ import annotations

import hashlib
import io
import json
import os
from pathlib import Path

import pytest

from bench.synthetic import write_deck_kit
from printkit.build.incremental import RECORD_DIR

UP_TO_DATE = "everything is up to date (--force rebuilds anyway)\n"


@pytest.fixture
def built(cli, tmp_path) -> tuple[Path, Path]:
    kit = write_deck_kit(tmp_path / "kit", 4, decks=1)
    out = tmp_path / "out"
    assert cli("build", kit, "--out", out, "-j", "1").exit_code == 0
    assert cli("build", kit, "--out", out, "-j", "1").stdout == UP_TO_DATE
    return kit, out


def _record(out: Path) -> Path:
    return out / RECORD_DIR / "bench-deck.json"


def _spy_opens(monkeypatch) -> list[str]:
    """Every path opened for reading through io.open or os.open, from now on."""
    opened: list[str] = []
    real_io, real_os = io.open, os.open

    def io_open(file, *args, **kwargs):
        opened.append(os.fspath(file) if isinstance(file, str | os.PathLike) else "")
        return real_io(file, *args, **kwargs)

    def os_open(path, *args, **kwargs):
        opened.append(os.fspath(path))
        return real_os(path, *args, **kwargs)

    monkeypatch.setattr(io, "open", io_open)
    monkeypatch.setattr("builtins.open", io_open)
    monkeypatch.setattr(os, "open", os_open)
    return opened


@pytest.mark.parametrize("where", ["relative", "absolute", "link"])
def test_a_record_naming_a_file_outside_the_kit_is_never_read(
    cli, built, tmp_path, monkeypatch, where
):
    """An input path written into the record that leads out of the kit (by `..`, as an absolute
    path, or through a link inside the kit) makes the output stale; the file is not opened."""
    kit, out = built
    secret = tmp_path / "secret.txt"
    secret.write_text("private", encoding="utf-8")
    digest = hashlib.sha256(secret.read_bytes()).hexdigest()
    name = {"relative": "../secret.txt", "absolute": str(secret), "link": "shortcut.txt"}[where]
    if where == "link":
        (kit / "shortcut.txt").symlink_to(secret)
    record = json.loads(_record(out).read_text(encoding="utf-8"))
    for entry in record["targets"].values():
        entry["inputs"][name] = digest  # a forged record that would say "up to date"
    _record(out).write_text(json.dumps(record), encoding="utf-8")
    opened = _spy_opens(monkeypatch)
    r = cli("build", kit, "--out", out, "-j", "1")
    assert r.exit_code == 0, r.output
    assert r.stdout != UP_TO_DATE and "deck1.pdf" in r.stdout
    assert not [p for p in opened if Path(p).name in ("secret.txt", "shortcut.txt")]


@pytest.mark.parametrize(
    "bad",
    [
        {"format": 1, "targets": {"deck1": {"key": 1}}},
        {"format": 1, "targets": [1, 2]},
        {
            "format": 1,
            "targets": {},
            "extras": {"../../../etc/hostname": {"size": 1, "sha256": "0"}},
        },
        [1, 2, 3],
    ],
)
def test_a_malformed_record_means_a_rebuild_not_a_crash(cli, built, bad):
    kit, out = built
    _record(out).write_text(json.dumps(bad), encoding="utf-8")
    r = cli("build", kit, "--out", out, "-j", "1")
    assert r.exit_code == 0, r.output
    assert "deck1.pdf" in r.stdout


@pytest.mark.parametrize("kind", ["fifo", "link-to-device"])
def test_a_record_that_is_not_a_regular_file_is_not_read(cli, built, kind):
    kit, out = built
    _record(out).unlink()
    if kind == "fifo":
        os.mkfifo(_record(out))  # opening it for reading would wait forever
    else:
        _record(out).symlink_to("/dev/zero")  # reading it would never end
    r = cli("build", kit, "--out", out, "-j", "1")
    assert r.exit_code == 2, r.output
    assert "replaces only regular files" in r.stderr


def test_source_date_epoch_is_part_of_the_up_to_date_key(cli, built, monkeypatch):
    kit, out = built
    pdf = out / "bench-deck" / "deck1.pdf"
    plain = pdf.read_bytes()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    r = cli("build", kit, "--out", out, "-j", "1")
    assert r.exit_code == 0 and "deck1.pdf" in r.stdout, r.output
    assert pdf.read_bytes() != plain
    assert cli("build", kit, "--out", out, "-j", "1").stdout == UP_TO_DATE
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    assert "deck1.pdf" in cli("build", kit, "--out", out, "-j", "1").stdout
    assert pdf.read_bytes() == plain


def test_a_link_merely_named_in_the_data_does_not_make_the_build_always_stale(cli, built, tmp_path):
    """A string that looks like a path and names a link is not an input (no kit reader would
    follow the link), so the next build is up to date."""
    kit, out = built
    (kit / "real-notes.txt").write_text("x", encoding="utf-8")
    (kit / "notes.txt").symlink_to("real-notes.txt")  # even a link to a file of the kit
    manifest = kit / "kit.yaml"
    manifest.write_text(
        manifest.read_text(encoding="utf-8").replace("title:", "description: notes.txt\ntitle:", 1),
        encoding="utf-8",
    )
    assert "deck1.pdf" in cli("build", kit, "--out", out, "-j", "1").stdout
    assert cli("build", kit, "--out", out, "-j", "1").stdout == UP_TO_DATE
