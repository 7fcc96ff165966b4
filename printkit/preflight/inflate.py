"""How much content a file may make preflight read: the decompression-bomb guard.

Parsing content costs far more than inflating it (a few microseconds an operator), and a
content stream can inflate a thousand times (45 KB of `0 0 m` repeated is 30 MB, five million
operators, a minute and 4 GB to parse). Real content inflates about five times (printkit's
own files: 2.4 to 6.3). So a file may inflate its content streams, in all, to at most
MAX_PREFLIGHT_CONTENT_BYTES more than MAX_PREFLIGHT_INFLATION times what they take in the
file; a stream past that is not parsed (a PF-LIMIT finding). Each stream's size is measured
by inflating it no further than the allowance left, so the measure is as cheap as the limit.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from typing import Any

import pikepdf

from printkit.core.limits import MAX_PREFLIGHT_CONTENT_BYTES, MAX_PREFLIGHT_INFLATION


class ContentTooLarge(Exception):
    """A content stream inflates past what the file may make preflight read."""


class Allowance:
    """The decoded content bytes a document may still make preflight parse."""

    def __init__(
        self, base: int = MAX_PREFLIGHT_CONTENT_BYTES, ratio: int = MAX_PREFLIGHT_INFLATION
    ) -> None:
        self.left, self.ratio = base, ratio

    def admit(self, stream: Any) -> int:
        """Count the stream's decoded size against the allowance (raising ContentTooLarge when
        it does not fit); that size."""
        raw = stream.read_raw_bytes()
        self.left += self.ratio * len(raw)
        size = decoded_size(stream, raw, self.left)
        if size is None:
            raise ContentTooLarge(
                f"a content stream of {len(raw):,} bytes inflates to more than "
                f"{self.left:,} bytes (MAX_PREFLIGHT_INFLATION, MAX_PREFLIGHT_CONTENT_BYTES): "
                "not read"
            )
        self.left -= size
        return size


def decoded_size(stream: Any, raw: bytes, cap: int) -> int | None:
    """The stream's decoded size, or None when it is more than `cap`; Flate, ASCII85 and
    ASCIIHex are inflated here no further than `cap`, other filters by pikepdf."""
    filters = stream.get("/Filter")
    names = [str(f) for f in (filters if isinstance(filters, pikepdf.Array) else [filters])]
    data = raw
    for name in names:
        if name == "None":
            continue
        if name in ("/FlateDecode", "/Fl"):
            data = _inflate(data, cap)
        elif name in ("/ASCII85Decode", "/A85"):
            data = _a85(data)
        elif name in ("/ASCIIHexDecode", "/AHx"):
            data = _hex(data)
        else:  # a rare filter for content: let pikepdf decode the whole stream
            data = stream.read_bytes()
            break
        if len(data) > cap:
            return None
    return len(data) if len(data) <= cap else None


def _inflate(data: bytes, cap: int) -> bytes:
    try:
        return zlib.decompressobj().decompress(data, cap + 1)
    except zlib.error:
        return b""  # damaged: pikepdf reports what it can read


def _a85(data: bytes) -> bytes:
    text = data.strip()
    text = text.removeprefix(b"<~")
    text = text if text.endswith(b"~>") else text + b"~>"
    try:
        return base64.a85decode(b"<~" + text, adobe=True)
    except ValueError:
        return b""


def _hex(data: bytes) -> bytes:
    text = bytes(c for c in data if c not in b" \t\r\n\f\0").rstrip(b">")
    try:
        return binascii.unhexlify(text + b"0" * (len(text) % 2))
    except (binascii.Error, ValueError):
        return b""
