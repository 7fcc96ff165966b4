"""Preflight: check any PDF against what a printer will ask of it, before it is sent.

Standards:
  x1a   PDF/X-1a:2003 (ISO 15930-4): every page has a TrimBox or an ArtBox (nested in BleedBox
        and MediaBox) with bleed, fonts embedded, only CMYK/grey/spot colour wherever it is
        painted (patterns, glyphs, annotations, spot colours' alternates included), no
        transparency, one OutputIntent with a CMYK output profile or a registered condition,
        the PDF/X identification, PDF 1.4 only, none of the features PDF/X forbids
        (encryption, JavaScript, annotations on the printed area, transfer functions, JPEG
        2000, LZW); and, as printers ask, images at 300 dpi, no hairlines, text inside each
        piece's safe area.
  x4    PDF/X-4: as x1a, but transparency, ICC-tagged colour and PDF 1.5/1.6 features are
        allowed (DeviceRGB is not).
  home  a home printer: fonts embedded, boxes well nested, nothing in the unprintable margin.
x1a and x4 also check total ink (PF-TAC, preflight/ink.py) against a limit (300 % by default),
and warn of text under 12 pt in rich black or four inks (PF-SMALLTEXT, the same walk).

`preflight(path, standard)` returns findings (page 0 = the whole document); errors make a
file unfit for that standard, warnings are risks to look at. Any file is untrusted input:
what cannot be read is a finding (PF-SYNTAX, located on its page), work is bounded by
MAX_PREFLIGHT_DEPTH and MAX_PREFLIGHT_OPERATORS (PF-LIMIT), a password-protected file is a
PF-ENCRYPT error; only a file that is no PDF at all raises.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path

import pikepdf

from printkit.core import limits
from printkit.layout.units import mm
from printkit.model.kit import DEFAULT_MAX_INK
from printkit.preflight.ink import check_ink
from printkit.preflight.program import Programs
from printkit.preflight.rules import Item, check_document, check_page
from printkit.preflight.scan import Budget
from printkit.preflight.standard import (
    BLEED_MM,
    HOME_MARGIN_MM,
    LOW_DPI,
    MIN_DPI,
    SAFE_MARGIN_MM,
    STANDARDS,
    PreflightFinding,
    Severity,
    Standard,
)

__all__ = [
    "BLEED_MM",
    "HOME_MARGIN_MM",
    "LOW_DPI",
    "MIN_DPI",
    "SAFE_MARGIN_MM",
    "STANDARDS",
    "PreflightFinding",
    "Severity",
    "Standard",
    "preflight",
]


def preflight(
    path: Path,
    standard: Standard,
    safe_mm: float = SAFE_MARGIN_MM,
    shown: str | None = None,
    max_ink: float = DEFAULT_MAX_INK,
) -> list[PreflightFinding]:
    """Every finding for the PDF at `path` under `standard` (PF-TAC: ink above `max_ink` per
    cent, x1a and x4). Raises pikepdf.PdfError if the file is not a readable PDF."""
    name = shown or str(path)
    try:
        pdf = pikepdf.open(path)
    except pikepdf.PasswordError:
        message = (
            "the file is encrypted with a password: PDF/X forbids it, and preflight cannot read it"
        )
        return [PreflightFinding(name, 0, "PF-ENCRYPT", "error", message)]
    findings: list[PreflightFinding] = []
    with pdf:
        programs, budget = Programs(), Budget()  # forms parsed once; the file's work bounded
        findings += _located(name, 0, partial(check_document, pdf, standard))
        pages = pdf.pages
        for number, page in enumerate(pages, start=1):
            if number > limits.MAX_PAGES_PER_PDF:
                findings.append(_past_page_limit(name, number, len(pages)))
                break
            if not budget.page(page):
                findings.append(_stopped(name, number, len(pages)))
                break
            rules = partial(check_page, page, standard, mm(safe_mm), programs, budget)
            findings += _located(name, number, rules)
            if standard != "home":  # total ink: preflight/ink.py
                ink = partial(check_ink, page, max_ink, programs, budget)
                findings += _located(name, number, ink)
        findings += _repairs(name, pdf, str(path))
    return _safe_area_once(findings, safe_mm)


def _safe_area_once(findings: list[PreflightFinding], safe_mm: float) -> list[PreflightFinding]:
    """PF-SAFE on several pages said once, for the whole file, with the option that checks a
    smaller safe area: a sheet of small counters (a 0.3 mm safe margin on 1/2 in pieces) would
    otherwise warn once a piece at the default 3 mm."""
    safe = [f for f in findings if f.code == "PF-SAFE"]
    if len(safe) < 2:
        return findings
    first = safe[0]
    message = (
        f"on {len(safe)} pages, text comes less than {safe_mm:g} mm inside the trim (page "
        f"{first.page}: {first.message}); if the pieces' own safe area is smaller (a deck's "
        f"`safe_margin`), check against it with --safe MM (e.g. --safe 0.3)"
    )
    rest = [f for f in findings if f.code != "PF-SAFE"]
    return [*rest, PreflightFinding(first.file, 0, "PF-SAFE", first.severity, message)]


def _past_page_limit(name: str, page: int, pages: int) -> PreflightFinding:
    return PreflightFinding(
        name,
        page,
        "PF-LIMIT",
        "error",
        f"the file has {pages:,} pages, more than MAX_PAGES_PER_PDF ({limits.MAX_PAGES_PER_PDF:,}, "
        f"the most printkit writes in one file): pages {page:,} to {pages:,} are not checked",
    )


def _stopped(name: str, page: int, pages: int) -> PreflightFinding:
    return PreflightFinding(
        name,
        page,
        "PF-LIMIT",
        "error",
        f"more work than MAX_PREFLIGHT_OPERATORS and MAX_PREFLIGHT_REPEAT allow: pages {page} "
        f"to {pages} are not checked",
    )


MAX_REPAIRS = 5  # qpdf's repairs listed per file; the rest are counted


def _repairs(name: str, pdf: pikepdf.Pdf, opened: str) -> list[PreflightFinding]:
    """What qpdf had to repair to read the file (a MediaBox that is not four numbers becomes
    Letter, a broken cross-reference table is rebuilt): the file is damaged, and a printer's
    RIP may read it otherwise."""
    warnings = [w.removeprefix(opened).lstrip(" ,:") for w in pdf.get_warnings()]
    shown = [
        PreflightFinding(name, 0, "PF-SYNTAX", "error", f"damaged file, read as repaired: {w}")
        for w in warnings[:MAX_REPAIRS]
    ]
    if len(warnings) > MAX_REPAIRS:
        more = f"{len(warnings) - MAX_REPAIRS} more repairs of the damaged file"
        shown.append(PreflightFinding(name, 0, "PF-SYNTAX", "error", more))
    return shown


# what reading a damaged object can raise, deep in a rule (pikepdf, or a value of the wrong type)
_UNREADABLE = (pikepdf.PdfError, ValueError, TypeError, KeyError, IndexError, AttributeError,
               OverflowError, ZeroDivisionError, RecursionError)  # fmt: skip


def _located(name: str, page: int, rules: Callable[[], Iterable[Item]]) -> list[PreflightFinding]:
    """The findings of a document's or a page's rules; when the rules meet an object they
    cannot read, those found so far and a PF-SYNTAX error on that page instead of a crash."""
    found: list[PreflightFinding] = []
    try:
        for code, severity, message in rules():
            found.append(PreflightFinding(name, page, code, severity, message))
    except _UNREADABLE as exc:
        what = "the page" if page else "the document structure"
        found.append(
            PreflightFinding(name, page, "PF-SYNTAX", "error", f"{what} cannot be read: {exc}")
        )
    return found
