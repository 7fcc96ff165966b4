"""The PDF streams a rebuild writes, compressed once: what the rebuild before compressed is not
compressed again.

reportlab compresses every stream of a PDF (each page's content, each form, each font subset)
with zlib as it writes the file. After a one-card edit under `printkit build --watch`, all but
a page or two of those streams are the bytes the rebuild before wrote: compressing them again
was about a tenth of the rebuild of a 1,557-card sheet. While a rebuild runs (`CompressedStreams.
used()`), reportlab's compression filter answers a stream it compressed in the rebuild before
from memory, found by the stream's whole bytes (no digest that two streams could share), and
compresses any other as reportlab does: `zlib.compress` of the same bytes, at the same level, so
every output byte is what a fresh build writes. Only the last rebuild's streams are kept.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from contextlib import contextmanager

from reportlab.pdfbase import pdfdoc


class CompressedStreams:
    """The streams the last rebuild compressed, by their bytes (see the module's docstring)."""

    def __init__(self) -> None:
        self._before: dict[bytes, bytes] = {}
        self._now: dict[bytes, bytes] = {}
        self.compressed = 0  # streams compressed during the last rebuild (the others were known)

    def encode(self, text: str | bytes) -> bytes:
        """What reportlab's FlateDecode filter makes of `text`: its UTF-8 bytes compressed."""
        raw = text.encode("utf8") if isinstance(text, str) else text
        done = self._now.get(raw)
        if done is None:
            done = self._before.get(raw)
            if done is None:
                done = zlib.compress(raw)
                self.compressed += 1
            self._now[raw] = done
        return done

    @contextmanager
    def used(self) -> Iterator[None]:
        """While the block runs, reportlab compresses its streams through `encode`; after it,
        the streams it compressed are the ones kept."""
        flate = pdfdoc.PDFZCompress
        self.compressed = 0
        flate.encode = self.encode  # on the one filter object, over its class's method
        try:
            yield
        finally:
            del flate.encode  # the class's own method again
            self._before, self._now = self._now, {}
