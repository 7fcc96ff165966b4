"""Writing outputs: deterministic PDF canvases and atomic, all-or-nothing file replacement.

Every file is first written to a hidden temporary file beside its target. Only when a whole kit
has rendered without error are the temporaries renamed over the targets (an atomic rename on
POSIX and Windows), so a failed or interrupted build never leaves a half-written PDF and never
touches the previous outputs.
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from printkit import __version__
from printkit.errors import Location, fail
from printkit.perf import compress_pages_when_finished

TEMP_PREFIX = ".printkit-tmp-"


def new_canvas(path: Path, pagesize: tuple[float, float], title: str, subject: str = ""):
    """A reportlab canvas that embeds only our TrueType fonts and writes byte-identical files."""
    from reportlab import rl_config
    from reportlab.pdfgen.canvas import Canvas

    from printkit.draw.fonts import font

    rl_config.useA85 = 0  # smaller, faster streams; still valid PDF
    c = Canvas(
        str(path),
        pagesize=pagesize,
        invariant=1,
        pageCompression=1,
        initialFontName=font("body"),
        initialFontSize=10,
    )
    c.setTitle(title)
    c.setSubject(subject)
    c.setAuthor("printkit")
    c.setCreator(f"printkit {__version__}")
    c.setProducer(f"printkit {__version__}")
    c.setViewerPreference("PrintScaling", "/None")
    compress_pages_when_finished(c)
    return c


class Staging:
    """Collects outputs as temporaries and commits them together, or removes them all."""

    def __init__(self, out_dir: Path) -> None:
        self.out_dir = out_dir
        self.pending: list[tuple[Path, Path]] = []

    def temp_for(self, target: Path) -> Path:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=target.suffix, dir=target.parent)
        os.close(fd)
        temp = Path(name)
        self.pending.append((temp, target))
        return temp

    def write_text(self, target: Path, text: str) -> None:
        self.temp_for(target).write_text(text, encoding="utf-8")

    def commit(self) -> list[Path]:
        done = []
        for temp, target in self.pending:
            with contextlib.suppress(OSError):
                os.chmod(temp, 0o644)
            os.replace(temp, target)
            done.append(target)
        self.pending.clear()
        return done

    def discard(self) -> None:
        for temp, _ in self.pending:
            with contextlib.suppress(FileNotFoundError):
                temp.unlink()
        self.pending.clear()


@contextlib.contextmanager
def staged(out_dir: Path) -> Iterator[Staging]:
    """`with staged(out) as s:` writes temporaries; they replace the targets only on success."""
    stage = Staging(out_dir)
    try:
        yield stage
    except OSError as exc:
        stage.discard()
        if exc.errno == errno.ENOSPC:
            raise fail(
                Location(str(out_dir)), "no space left on the disk; nothing was written"
            ) from None
        raise
    except BaseException:
        stage.discard()
        raise
    stage.commit()
