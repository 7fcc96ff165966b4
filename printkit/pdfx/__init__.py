"""Print-shop output: turn a PDF printkit drew in RGB into a CMYK PDF/X-1a file.

`make_print_ready(path, ...)` rewrites the file in place: colours and images to CMYK for the
registered condition FOGRA39 (printkit's table of it, derived from Fogra's data: pdfx.press)
or through the printer's ICC profile (pdfx.colours, pdfx.rewrite), within the ink limit;
near-black text and lines to 100 % K, overprinting, and large dark areas to the kit's rich black; the OutputIntent and PDF/X-1a identification, and
font subset tags unique to each subset (pdfx.intent). Drawing code stays RGB and knows none of
it.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any

import pikepdf
from PIL import ImageCms
from reportlab.lib.colors import CMYKColor

from printkit.checks.ink import ink_limit
from printkit.core.errors import Location, fail
from printkit.draw.colour import colour
from printkit.model.kit import DEFAULT_MAX_INK
from printkit.pdfx import press
from printkit.pdfx.colours import DEFAULT_RICH_BLACK, Converter
from printkit.pdfx.flatten import flatten_soft_images
from printkit.pdfx.intent import add_output_intent, identify, unique_subset_tags
from printkit.pdfx.rewrite import rewrite_pdf


def finish_component(kit: Any, path: Path) -> None:
    """After a component is drawn: in the shop profile, make its PDF print-ready CMYK."""
    if kit.options.profile != "shop" or path.suffix != ".pdf":
        return
    conv = converter_for(kit.options.icc, kit.manifest.print.rich_black, ink_limit(kit))
    make_print_ready(path, conv)


def check_icc(path: Path) -> str | None:
    """Why this file cannot be the CMYK output profile, or None when it can."""
    try:
        profile = ImageCms.getOpenProfile(str(path))
    except (OSError, ImageCms.PyCMSError) as exc:
        return f"not an ICC profile ({exc})"
    space = profile.profile.xcolor_space.strip()
    if space != "CMYK":
        return f"an ICC profile for {space}, not a CMYK printing profile"
    try:
        Converter(path).cmyk((0.5, 0.5, 0.5))
    except (OSError, ValueError) as exc:  # littleCMS cannot convert through it
        return f"a CMYK profile that cannot convert colours ({exc or type(exc).__name__})"
    return None


def converter_for(
    icc: str | None, rich_black: str = DEFAULT_RICH_BLACK, max_ink: float = DEFAULT_MAX_INK
) -> Converter:
    """The converter for the named profile (None: the registered condition, printkit's table),
    the kit's rich black and ink limit; one per process for each, so colours are converted once.
    InputError when printkit's own table of the condition is missing or damaged: a file must
    never claim PDF/X without a printing condition it was converted for."""
    if icc is None:
        _check_press_table()
    return _converter(Path(icc) if icc else None, rich_black, max_ink)


def _check_press_table() -> None:
    try:
        press.table()
    except (OSError, ValueError) as exc:
        raise fail(
            Location(str(press.LUT_PATH)),
            f"printkit's table of the {press.CONDITION} printing condition cannot be "
            f"read ({exc}); reinstall printkit, or pass --icc FILE with your printer's CMYK "
            "profile. No shop file was written.",
        ) from None


@cache
def _converter(profile: Path | None, rich_black: str, max_ink: float) -> Converter:
    black = colour(rich_black)
    conv = Converter(profile, max_ink)
    if isinstance(black, CMYKColor):  # a CMYK rich black; an RGB one goes through the profile
        conv.rich_black = tuple(float(v) for v in black.cmyk())  # type: ignore[assignment]
    else:
        conv.rich_black = conv.cmyk((black.red, black.green, black.blue))
    return conv


def make_print_ready(path: Path, converter: Converter) -> None:
    """Rewrite the PDF at `path` as CMYK PDF/X-1a (deterministic: same input, same bytes)."""
    # `path` is itself a build temporary; the rewrite goes to a sibling named like it (so a
    # killed build's sweep finds it) and replaces it only when complete, and is removed when
    # anything (Ctrl-C included) stops it half-way
    rewritten = path.with_name(path.name + ".cmyk.pdf")
    try:
        with pikepdf.open(path) as pdf:
            flatten_soft_images(pdf, path)
            rewrite_pdf(pdf, converter)
            unique_subset_tags(pdf)
            add_output_intent(pdf, converter)
            identify(pdf)
            pdf.save(rewritten, deterministic_id=True, compress_streams=True)
        os.replace(rewritten, path)
    finally:
        rewritten.unlink(missing_ok=True)
