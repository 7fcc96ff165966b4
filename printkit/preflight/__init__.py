"""Preflight: check any PDF against what a printer will ask of it, before it is sent.

Standards:
  x1a   PDF/X-1a: every page has a TrimBox (nested in BleedBox and MediaBox) with bleed, fonts
        embedded, only CMYK/grey/spot colour, no transparency, an OutputIntent and the PDF/X
        identification, images at 300 dpi, no hairlines, text inside each piece's safe area.
  x4    PDF/X-4: as x1a, but transparency and ICC-tagged colour are allowed (DeviceRGB is not).
  home  a home printer: fonts embedded, boxes well nested, nothing in the unprintable margin.
x1a and x4 also check total ink (PF-TAC, preflight/ink.py) against a limit (300 % by default).

`preflight(path, standard)` returns findings (page 0 = the whole document); errors make a
file unfit for that standard, warnings are risks to look at.
"""

from __future__ import annotations

from pathlib import Path

import pikepdf

from printkit.layout.units import mm
from printkit.model.kit import DEFAULT_MAX_INK
from printkit.preflight.ink import check_ink
from printkit.preflight.program import Programs
from printkit.preflight.rules import check_document, check_page
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
    findings: list[PreflightFinding] = []
    with pikepdf.open(path) as pdf:
        programs = Programs()  # each form's content parsed once for all the pages
        for code, severity, message in check_document(pdf, standard):
            findings.append(PreflightFinding(name, 0, code, severity, message))
        for number, page in enumerate(pdf.pages, start=1):
            for code, severity, message in check_page(page, standard, mm(safe_mm), programs):
                findings.append(PreflightFinding(name, number, code, severity, message))
            if standard != "home":  # ink: preflight/ink.py
                for code, severity, message in check_ink(page, max_ink, programs):
                    findings.append(PreflightFinding(name, number, code, severity, message))
    return findings
