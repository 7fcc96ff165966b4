"""A deck's cards from a published spreadsheet (issue 37): `cards:` is a link to a CSV. The
link is served here by a local HTTP server on 127.0.0.1 only (plain http is allowed for
loopback addresses through the test-only switch `remote.LOOPBACK_HTTP`), each request bounded
by the fetch's time limit; the copy is kept in a cache folder of the test's own."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from conftest import line_of

from printkit.load import remote


class _Sheet(BaseHTTPRequestHandler):
    body = b""

    def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
        self.send_response(200)
        self.send_header("Content-Type", "text/csv")
        self.send_header("Content-Length", str(len(self.body)))
        self.end_headers()
        self.wfile.write(self.body)

    def log_message(self, *args: object) -> None:
        return


@pytest.fixture
def server() -> Iterator[ThreadingHTTPServer]:
    """A server of one CSV on 127.0.0.1, on a free port, stopped after the test."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Sheet)
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        yield httpd
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)


@pytest.fixture
def linked(kit_copy, cli, tmp_path, monkeypatch, server):
    """chariot-race with its cards at a link (its own cards, exported as CSV and served)."""
    monkeypatch.setattr(remote, "LOOPBACK_HTTP", True)
    monkeypatch.setattr(remote, "FETCH_SECONDS", 3.0)
    monkeypatch.setenv(remote.CACHE_ENV, str(tmp_path / "cache"))
    kit = kit_copy("chariot-race")
    r = cli("export", kit, "--cards", "csv", "--out", tmp_path / "exported")
    assert r.exit_code == 0, r.output
    _Sheet.body = (tmp_path / "exported" / "chariot-race" / "cards.csv").read_bytes()
    url = f"http://127.0.0.1:{server.server_address[1]}/pub?output=csv"
    text = (kit / "cards.yaml").read_text()
    (kit / "cards.yaml").write_text(f"{text[: text.index(chr(10) + 'cards:')]}\ncards: {url}\n")
    return kit, url


def test_a_deck_reads_its_cards_from_the_link_and_keeps_a_copy(linked, cli):
    kit, url = linked
    r = cli("deck", kit)
    assert r.exit_code == 0, r.output
    assert r.stdout == cli("deck", "chariot-race").stdout  # the same cards as the YAML list
    copy = remote.cached_copy(url)
    assert copy.is_file() and copy.read_bytes() == _Sheet.body
    assert oct(copy.parent.stat().st_mode & 0o777) == "0o700"


def test_offline_the_copy_is_used_with_a_warning(linked, cli, server):
    kit, url = linked
    assert cli("deck", kit).exit_code == 0  # reads the link and keeps its copy
    server.shutdown()
    server.server_close()
    r = cli("deck", kit)
    assert r.exit_code == 0, r.output
    line = line_of(kit / "cards.yaml", "cards: http")
    assert f"cards.yaml:{line}:8: warning: cannot read {url} (no connection" in r.stderr
    assert "using the copy kept from the last time it was read" in r.stderr


def test_offline_without_a_copy_is_an_input_error_naming_the_link(linked, cli, server):
    kit, url = linked
    server.shutdown()
    server.server_close()
    r = cli("build", kit, "--out", kit.parent / "out")
    assert r.exit_code == 2
    line = line_of(kit / "cards.yaml", "cards: http")
    assert f"cards.yaml:{line}:8: error: cannot read the card list at {url}: no connection" in (
        r.stderr
    )
    assert not (kit.parent / "out").exists() or not list((kit.parent / "out").rglob("*.pdf"))


def test_a_link_must_be_https(linked, cli, monkeypatch):
    kit, url = linked
    monkeypatch.setattr(remote, "LOOPBACK_HTTP", False)
    r = cli("check", kit)
    assert r.exit_code == 2
    assert f"error: a card list link must start with https:// (a published sheet); got {url}" in (
        r.stderr
    )


@pytest.mark.slow  # serve and a watch each polling a published sheet
def test_serve_and_watch_poll_the_link_and_report_a_changed_sheet(linked, cli, monkeypatch):
    """The watcher of `serve` and `build --watch` fetches each link read again every
    LINK_POLL_SECONDS (shortened here) and reports its copy as changed when the sheet changed:
    the rebuild then reads the new cards."""
    from printkit.live import watcher

    kit, url = linked
    assert cli("deck", kit).exit_code == 0
    monkeypatch.setattr(watcher, "LINK_POLL_SECONDS", 0.05)
    heard: list[list[Path]] = []
    stop = threading.Event()
    poller = threading.Thread(target=watcher.poll_links, args=(heard.append, stop))
    poller.start()
    try:
        stop.wait(0.3)
        assert heard == []  # the same sheet: nothing to rebuild
        _Sheet.body = _Sheet.body.replace(b"Glancing blow", b"Grazing blow", 1)
        for _ in range(100):  # at most 5 s
            if heard or stop.wait(0.05):
                break
    finally:
        stop.set()
        poller.join(timeout=5)
    assert heard and heard[0] == [remote.cached_copy(url)]
    assert remote.cached_copy(url).read_bytes() == _Sheet.body


@pytest.mark.slow  # builds before and after a published sheet changes
def test_a_build_after_the_sheet_changed_draws_the_deck_again(linked, cli):
    """Every build reads the link (no build is told up to date from its record alone): the
    same sheet leaves the deck's file as it is, a changed one writes it anew."""
    kit, _ = linked
    out = kit.parent / "out"
    assert cli("build", kit, "--out", out, "--only", "cards").exit_code == 0
    same = cli("build", kit, "--out", out)
    assert f"wrote {out / 'chariot-race' / 'cards.pdf'}" not in same.stdout, same.stdout
    _Sheet.body = _Sheet.body.replace(b"Glancing blow", b"Grazing blow", 1)
    changed = cli("build", kit, "--out", out)
    assert f"wrote {out / 'chariot-race' / 'cards.pdf'}" in changed.stdout, changed.output
