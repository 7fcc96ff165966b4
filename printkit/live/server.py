"""The live preview server behind `printkit serve`: one page, its state, its pictures, its pushes.

It listens on 127.0.0.1 only and answers six things: the page (`/`), the latest snapshot as JSON
(`/state`), a server-sent event stream that says when a new snapshot exists (`/events`), the
preview pictures the snapshot names (`/img/<name>`), which cards the page has in view, to draw
first (`/view?fronts=<name>,...`, names the snapshot holds), and nothing else. A picture is served only
if the current snapshot names it, from the kit's live folder under the output folder, so no
request can reach another file. Requests whose Host header is not this loopback address are
refused, so a web page elsewhere cannot read the previews through DNS rebinding.
"""

from __future__ import annotations

import contextvars
import errno
import json
import sys
import threading
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from printkit.core.progress import tell
from printkit.live.loop import DRAW_BATCH, LiveKit, Snapshot

HOST = "127.0.0.1"
KEEPALIVE_SECONDS = 15.0
IDLE_SECONDS = 30.0  # a connection that sends nothing for this long is closed
SHUTDOWN_POLL = 0.05  # seconds: how soon the serving loop notices a shutdown (Ctrl-C, a test)
LISTEN_BACKLOG = 1024  # connections waiting to be accepted (the system may cap it lower)
CLOSE_WAIT = 30.0  # seconds close() waits for the batch or the PDFs being made
DRAWING = "drawing the cards"  # the first round's progress (core.progress)
FIRST_BATCH = 8  # the first pictures of a round: few, so that the page shows some at once
MAX_WANTED = 200  # cards in view the page may ask for at once


class Hub:
    """The latest snapshot, a condition the event streams wait on, and the rounds of drawing.

    `refresh()` runs one whole round in the caller's thread. `start()` runs the rounds in a
    thread of their own instead, one after each `request()` (a save): the page gets the card
    list at once and each batch of pictures as it is drawn, the cards in view (`want()`) first;
    a save in the middle of a round ends it after the batch being drawn and starts the next."""

    def __init__(self, live: LiveKit, echo: Callable[[str], None] | None = None) -> None:
        self.live = live
        self.echo = echo or (lambda line: None)
        self.changed = threading.Condition()
        self.snapshot: Snapshot = live.last
        self.tick = 0  # counts the snapshots published: each is an event for the page
        self.closing = False
        self.read_once = threading.Event()  # set after the first read of the kit
        self._wanted: list[str] = []
        self._requested = False
        self._json: tuple[Snapshot, bytes] | None = None
        self._thread: threading.Thread | None = None  # the rounds' (start)
        self._first = True  # the first round (the whole kit drawn) tells its progress

    def refresh(self, build_pdfs: bool = True) -> Snapshot:
        return self._publish(self.live.refresh(build_pdfs=build_pdfs))

    def _publish(self, snap: Snapshot) -> Snapshot:
        with self.changed:
            self.snapshot = snap
            self.tick += 1
            self._json = None
            self.changed.notify_all()
        return snap

    def state_json(self) -> bytes:
        """The current snapshot as JSON, made once per snapshot however often it is asked."""
        with self.changed:
            if self._json is None or self._json[0] is not self.snapshot:
                self._json = (self.snapshot, json.dumps(self.snapshot.as_dict()).encode())
            return self._json[1]

    def wait_newer(self, tick: int, timeout: float) -> int:
        with self.changed:
            self.changed.wait_for(lambda: self.closing or self.tick != tick, timeout=timeout)
            return self.tick

    def wait_until(self, done: Callable[[], object], timeout: float) -> bool:
        """Wait until `done()` holds of a published snapshot (or `timeout` seconds pass)."""
        with self.changed:
            return bool(self.changed.wait_for(done, timeout=timeout))

    def close(self, wait: float = CLOSE_WAIT) -> None:
        """End the rounds: the batch being drawn is finished, then the drawing thread ends.
        Waits for it (at most `wait` seconds), so that no picture is still being rendered
        while the process ends or another thread renders (pdfium is not thread-safe)."""
        with self.changed:
            self.closing = True
            self.changed.notify_all()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(wait)

    def want(self, fronts: list[str]) -> None:
        """The page shows these cards (front pictures) now: draw them first."""
        shown = {c.front for c in self.snapshot.cards}
        with self.changed:
            self._wanted = [name for name in fronts[:MAX_WANTED] if name in shown]

    def request(self, _paths: object = None) -> None:
        """A save: start a new round (after the batch being drawn)."""
        with self.changed:
            self._requested = True
            self.changed.notify_all()

    def start(self) -> threading.Thread:
        """Run the rounds in a thread; the first one at once."""
        self.request()
        # the thread hears what the caller listens with (core.progress): the first round's bar
        context = contextvars.copy_context()
        thread = threading.Thread(
            target=context.run, args=(self._rounds,), daemon=True, name="printkit-draw"
        )
        self._thread = thread
        thread.start()
        return thread

    def _rounds(self) -> None:
        while True:
            with self.changed:
                self.changed.wait_for(lambda: self.closing or self._requested)
                if self.closing:
                    return
                self._requested = False
            self._round()

    def _round(self) -> None:
        """Read, publish, draw in batches (publishing each), check, then the PDFs."""
        live = self.live
        self._publish(live.begin())
        self.read_once.set()
        batch = FIRST_BATCH
        total = live.pending if self._first else 0  # only the first round shows progress
        self._first = False
        while live.pending and not self._interrupted():
            with self.changed:
                wanted = list(self._wanted)
            live.draw_next(batch, wanted)
            self._publish(live.last)
            if total:
                tell(DRAWING, total - live.pending, total)
            batch = DRAW_BATCH
        if self._interrupted():
            return  # a newer save: its round draws what is still missing
        for step in (live.check, live.finish):  # one line for the cards, one for the PDFs
            if self.closing:
                return
            snap = self._publish(step())
            self.echo(snap.summary())
            if snap.error:
                return

    def _interrupted(self) -> bool:
        return self.closing or self._requested

    def picture(self, name: str) -> Path | None:
        """The file of a picture the current snapshot shows, or None."""
        snap = self.snapshot
        shown = {n for c in snap.cards for n in (c.front, c.back)}
        shown |= {n for p in snap.pages for n in p["pages"]}
        if not name or name not in shown:
            return None
        path = self.live.out / snap.kit / "live" / name
        return path if path.is_file() else None


def page_html() -> bytes:
    return resources.files("printkit.live.web").joinpath("index.html").read_bytes()


class PreviewHandler(BaseHTTPRequestHandler):
    """Answers the page, /state, /events and /img/<name>; `hub` and `port` are set per server."""

    server_version = "printkit"
    protocol_version = "HTTP/1.1"
    timeout = IDLE_SECONDS  # each read and write; the event stream writes every KEEPALIVE_SECONDS
    hub: Hub
    port: int

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
        pass  # the terminal shows rebuilds, not requests

    def do_GET(self) -> None:  # noqa: N802 - the base class's name
        if not self._host_allowed():
            self._send(HTTPStatus.FORBIDDEN, b"forbidden", "text/plain")
            return
        path, _, query = self.path.partition("?")
        if path in ("/", "/index.html"):
            self._send(HTTPStatus.OK, page_html(), "text/html; charset=utf-8")
        elif path == "/state":
            self._send(HTTPStatus.OK, self.hub.state_json(), "application/json")
        elif path == "/events":
            self._events()
        elif path == "/view":
            self.hub.want(parse_qs(query).get("fronts", [""])[0].split(",")[:MAX_WANTED])
            self._send(HTTPStatus.NO_CONTENT, b"", "text/plain")
        elif path.startswith("/img/") and (found := self.hub.picture(path[5:])) is not None:
            self._send(HTTPStatus.OK, found.read_bytes(), "image/png", cache=True)
        else:
            self._send(HTTPStatus.NOT_FOUND, b"not found", "text/plain")

    def _host_allowed(self) -> bool:
        host = self.headers.get("Host", "")
        return host in (f"{HOST}:{self.port}", f"localhost:{self.port}")

    def _send(self, status: HTTPStatus, body: bytes, kind: str, cache: bool = False) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Cache-Control", "max-age=3600, immutable" if cache else "no-store")
        self.end_headers()
        self.wfile.write(body)

    def _events(self) -> None:
        """Server-sent events: the snapshot version whenever a snapshot is published (a new
        round, or more pictures drawn), a comment meanwhile."""
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        tick = -1
        try:
            while not self.hub.closing:
                newer = self.hub.wait_newer(tick, KEEPALIVE_SECONDS)
                if newer != tick:
                    tick = newer
                    self.wfile.write(f"data: {self.hub.snapshot.version}\n\n".encode())
                else:
                    self.wfile.write(b": keep-alive\n\n")
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            return


class PreviewServer(ThreadingHTTPServer):
    """The threads that answer, one per connection (an open event stream holds its thread,
    waiting, and costs no CPU); a browser that goes away mid-answer is no error of ours.

    The listen backlog holds LISTEN_BACKLOG connections not yet accepted (the standard
    library's 5 dropped the rest of a burst, and a dropped client retries only seconds
    later): a hundred tabs reconnecting at once after a rebuild are all answered at once."""

    daemon_threads = True
    request_queue_size = LISTEN_BACKLOG

    def handle_error(self, request: Any, client_address: Any) -> None:
        failure = sys.exc_info()[1]
        if isinstance(failure, ConnectionError | TimeoutError):
            return  # the browser closed the tab, reloaded, or let the connection idle
        print(f"printkit serve: a request failed: {failure!r}", file=sys.stderr)


class PortInUse(Exception):
    """The port asked for is taken; the message says so, for the user."""


def start_server(hub: Hub, port: int = 0, idle: float = IDLE_SECONDS) -> ThreadingHTTPServer:
    """Listen on 127.0.0.1 (a free port when 0) and serve in a background thread; PortInUse
    when the port is taken (checked before anything is built). A connection that sends nothing
    for `idle` seconds is closed."""

    class BoundHandler(PreviewHandler):
        timeout = idle

    BoundHandler.hub, BoundHandler.port = hub, port
    try:
        server = PreviewServer((HOST, port), BoundHandler)
    except OSError as exc:
        if exc.errno not in (errno.EADDRINUSE, errno.EACCES):
            raise
        raise PortInUse(
            f"cannot listen on {HOST}:{port}: {exc.strerror}; choose another --port, or leave "
            "it out for a free one"
        ) from None
    BoundHandler.port = server.server_address[1]
    threading.Thread(
        target=server.serve_forever, args=(SHUTDOWN_POLL,), daemon=True, name="printkit-serve"
    ).start()
    return server
