"""The process's output streams, made safe for any character printkit writes.

Guides, messages and reports hold characters outside the legacy code pages (a minus sign, ×,
arrows, a kit's own names). Where Python chose a stream's encoding from the locale and the
stream is a file or a pipe (Windows writes redirected output in the console's code page), it is
written in UTF-8 instead; where the encoding was chosen on purpose (PYTHONIOENCODING, a
terminal's own), a character it cannot hold is written as a replacement (`?`) instead of
ending the command with UnicodeEncodeError.
"""

from __future__ import annotations

import codecs
import io
import os
import sys

UNICODE = ("utf-8", "utf-16", "utf-32", "utf-8-sig")


def make_output_safe() -> None:
    """Reconfigure stdout and stderr (see the module's docs); a stream that is not the
    process's own text file (a test's capture) is left as it is."""
    chosen = "PYTHONIOENCODING" in os.environ
    for stream in (sys.stdout, sys.stderr):
        if not isinstance(stream, io.TextIOWrapper):
            continue
        unicode = codecs.lookup(stream.encoding).name in UNICODE
        if not unicode and not chosen and not _is_terminal(stream):
            stream.reconfigure(encoding="utf-8")
        elif stream.errors == "strict":
            stream.reconfigure(errors="replace")


def _is_terminal(stream: io.TextIOWrapper) -> bool:
    try:
        return stream.isatty()
    except ValueError:  # closed
        return True
