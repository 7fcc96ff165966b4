"""The live preview server behind `printkit serve`: one page, its state, its pictures, its pushes.

It listens on 127.0.0.1 only and answers five things: the page (`/`), the latest snapshot as JSON
(`/state`), a server-sent event stream that says when a new snapshot exists (`/events`), the
preview pictures the snapshot names (`/img/<name>`), and nothing else. A picture is served only
if the current snapshot names it, from the kit's live folder under the output folder, so no
request can reach another file. Requests whose Host header is not this loopback address are
refused, so a web page elsewhere cannot read the previews through DNS rebinding.
"""

from __future__ import annotations

import errno
import json
import sys
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any

from printkit.live.loop import LiveKit, Snapshot

HOST = "127.0.0.1"
KEEPALIVE_SECONDS = 15.0
IDLE_SECONDS = 30.0  # a connection that sends nothing for this long is closed


class Hub:
    """The latest snapshot and a condition the event streams wait on."""

    def __init__(self, live: LiveKit) -> None:
        self.live = live
        self.changed = threading.Condition()
        self.snapshot: Snapshot = live.last
        self.closing = False

    def refresh(self, build_pdfs: bool = True) -> Snapshot:
        snap = self.live.refresh(build_pdfs=build_pdfs)
        with self.changed:
            self.snapshot = snap
            self.changed.notify_all()
        return snap

    def wait_newer(self, version: int, timeout: float) -> int:
        with self.changed:
            self.changed.wait_for(
                lambda: self.closing or self.snapshot.version != version, timeout=timeout
            )
            return self.snapshot.version

    def close(self) -> None:
        with self.changed:
            self.closing = True
            self.changed.notify_all()

    def picture(self, name: str) -> Path | None:
        """The file of a picture the current snapshot shows, or None."""
        snap = self.snapshot
        shown = {n for c in snap.cards for n in (c.front, c.back)}
        shown |= {n for p in snap.pages for n in p["pages"]}
        if name not in shown:
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
        path = self.path.split("?", 1)[0]
        if path in ("/", "/index.html"):
            self._send(HTTPStatus.OK, page_html(), "text/html; charset=utf-8")
        elif path == "/state":
            body = json.dumps(self.hub.snapshot.as_dict()).encode()
            self._send(HTTPStatus.OK, body, "application/json")
        elif path == "/events":
            self._events()
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
        """Server-sent events: the snapshot version whenever it changes, a comment meanwhile."""
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        version = -1
        try:
            while not self.hub.closing:
                newer = self.hub.wait_newer(version, KEEPALIVE_SECONDS)
                if newer != version:
                    version = newer
                    self.wfile.write(f"data: {version}\n\n".encode())
                else:
                    self.wfile.write(b": keep-alive\n\n")
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            return


class PreviewServer(ThreadingHTTPServer):
    """The threads that answer; a browser that goes away mid-answer is no error of ours."""

    daemon_threads = True

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
    threading.Thread(target=server.serve_forever, daemon=True, name="printkit-serve").start()
    return server
