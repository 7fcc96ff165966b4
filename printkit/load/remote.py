"""A deck's card list from a published spreadsheet: `cards:` may be an https link to a CSV file
(a Google Sheet published as CSV). The link is fetched once per load, within a time limit and
a size cap; what it gave is kept in the user's cache folder as plain data (a regular file named
by a digest of the link), and used from there, with a warning, when the link cannot be reached.
Without a copy, a link that cannot be reached is an input error naming the link and the cause.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path
from urllib.parse import urlsplit

import platformdirs

from printkit.core.errors import Location, fail
from printkit.core.privatefile import read_private

MAX_SHEET_BYTES = 5 * 1024 * 1024  # a published card list larger than this is refused
FETCH_SECONDS = 10.0  # the time a fetch may take before it counts as unreachable
CACHE_ENV = "PRINTKIT_CACHE_DIR"  # overrides the cache folder (tests, snapshots)
# Plain http is allowed only to this machine's loopback addresses, and only when a test turns
# this on: a published sheet is always fetched over https.
LOOPBACK_HTTP = False
# The links this process has read: `serve` and `build --watch` poll them (live/watcher.py).
_LINKS_READ: set[str] = set()


def is_link(name: str) -> bool:
    """Whether a deck's `cards:` names a link rather than a file of the kit."""
    return name.startswith(("https://", "http://"))


def cache_folder() -> Path:
    """The folder of the copies: $PRINTKIT_CACHE_DIR/sheets, else the platform's cache folder."""
    base = os.environ.get(CACHE_ENV) or platformdirs.user_cache_dir("printkit", appauthor=False)
    return Path(base) / "sheets"


def cached_copy(url: str) -> Path:
    """Where the copy of `url` is kept: a digest of the link names it."""
    return cache_folder() / (hashlib.sha256(url.encode("utf-8")).hexdigest()[:32] + ".csv")


def fetch_text(url: str, at: Location) -> str:
    """The CSV text that `url` gives now (and kept as its copy), else its copy with a warning
    on stderr, else an input error at `at` naming the link and why it could not be read."""
    _check_link(url, at)
    _LINKS_READ.add(url)
    try:
        data = _fetch(url)
    except OSError as exc:
        kept = read_private(cached_copy(url), MAX_SHEET_BYTES)
        if kept is None:
            raise fail(at, f"cannot read the card list at {url}: {_cause(exc)}") from None
        print(
            f"{at}: warning: cannot read {url} ({_cause(exc)}); using the copy kept from the "
            "last time it was read",
            file=sys.stderr,
        )
        data = kept
    else:
        _keep(url, data)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise fail(at, f"the card list at {url} is not UTF-8 text (CSV)") from None


def links_read() -> list[str]:
    """The card list links this process has read, for polling."""
    return sorted(_LINKS_READ)


def refresh(url: str) -> bool:
    """Fetch `url` again; whether it now gives other bytes than its copy (kept anew). A link
    that cannot be reached is no change: the copy stays."""
    try:
        data = _fetch(url)
    except OSError:
        return False
    if read_private(cached_copy(url), MAX_SHEET_BYTES) == data:
        return False
    _keep(url, data)
    return True


def _check_link(url: str, at: Location) -> None:
    parts = urlsplit(url)
    loopback = parts.scheme == "http" and LOOPBACK_HTTP and _is_loopback(parts.hostname or "")
    if parts.scheme != "https" and not loopback:
        raise fail(at, f"a card list link must start with https:// (a published sheet); got {url}")
    if not parts.hostname:
        raise fail(at, f"the card list link {url} names no host")


def _is_loopback(host: str) -> bool:
    # imported here, only when a plain http link is allowed (tests)
    import ipaddress

    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def _fetch(url: str) -> bytes:
    """The bytes at `url`, at most MAX_SHEET_BYTES; OSError when it cannot be read."""
    # imported here, only when a kit reads a link (start-up: docs/performance.md)
    import urllib.request

    request = urllib.request.Request(url, headers={"User-Agent": "printkit"})
    with urllib.request.urlopen(request, timeout=FETCH_SECONDS) as response:  # noqa: S310
        data = response.read(MAX_SHEET_BYTES + 1)
    if len(data) > MAX_SHEET_BYTES:
        raise OSError(f"larger than {MAX_SHEET_BYTES // (1024 * 1024)} MiB")
    return bytes(data)


def _cause(exc: OSError) -> str:
    """Why a fetch failed, in a few words."""
    # imported here, only when a fetch failed
    import urllib.error

    if isinstance(exc, urllib.error.HTTPError):
        return f"the server answered {exc.code} {exc.reason}"
    if isinstance(exc, urllib.error.URLError):
        return f"no connection ({exc.reason})"
    return str(exc) or type(exc).__name__


def _keep(url: str, data: bytes) -> None:
    """Keep `data` as the copy of `url` (a private folder, a file written whole then renamed);
    a copy that cannot be written is only a copy missed."""
    target = cached_copy(url)
    try:
        target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        temp = target.with_suffix(f".{os.getpid()}.tmp")
        temp.write_bytes(data)
        os.replace(temp, target)
    except OSError:
        return
