"""Process-level speed switches that do not change any output.

Loading a large deck allocates hundreds of thousands of small containers (YAML nodes, marks,
records) that all stay alive until the build ends. Python's cyclic garbage collector runs every
few hundred allocations and each of its passes walks more of them, so loading grows faster than
the deck: 5,400 cards parsed and validated in 0.52 s with it and 0.31 s without (see
docs/performance.md). Reading data makes no garbage cycles worth collecting early, so the
collector is paused while kits load and resumes afterwards.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import PDFArray, PDFName, PDFStream, PDFZCompress


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector inside the block (no-op if it is already off)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def compress_pages_when_finished(c) -> None:
    """Compress each page's content stream as soon as the page is finished.

    reportlab keeps every page's drawing as uncompressed text until `save()` (about 4 KB for a
    sheet of 9 cards) and compresses it then; here each page is compressed in `showPage`,
    exactly as `save()` would do it (same filter, same bytes), and its text is dropped, so a
    long deck holds about a tenth of that in memory.
    """
    pages = c._doc.Pages.pages  # reportlab internals: pinned by tests/test_perf_streams.py

    def on_page(_number: int) -> None:
        page = pages[-1] if pages else None
        if page is None or page.Contents or not page.stream or not page.compression:
            return

        if rl_config.useA85:  # keep reportlab's own path when ASCII85 is on
            return
        stream = PDFStream()
        stream.dictionary["Filter"] = PDFArray([PDFName(PDFZCompress.pdfname)])
        stream.content = PDFZCompress.encode(page.stream)
        stream.__Comment__ = "page stream"
        page.Contents = stream
        page.stream = None

    c.setPageCallBack(on_page)
