"""Preflight: check any PDF against what a printer will ask of it, before it is sent.

Standards:
  x1a   PDF/X-1a: every page has a TrimBox (nested in BleedBox and MediaBox) with bleed, fonts
        embedded, only CMYK/grey/spot colour, no transparency, an OutputIntent and the PDF/X
        identification, images at 300 dpi, no hairlines, text inside each piece's safe area.
  x4    PDF/X-4: as x1a, but transparency and ICC-tagged colour are allowed (DeviceRGB is not).
  home  a home printer: fonts embedded, boxes well nested, nothing in the unprintable margin.

`preflight(path, standard)` returns findings (page 0 = the whole document); errors make a
file unfit for that standard, warnings are risks to look at.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from printkit.layout.units import mm

Standard = Literal["x1a", "x4", "home"]
Severity = Literal["error", "warning"]
STANDARDS: tuple[Standard, ...] = ("x1a", "x4", "home")
SAFE_MARGIN_MM = 3.0  # text at least this far inside the trim (shops ask 1/8 in, 3 to 4 mm)
BLEED_MM = 3.0  # shops ask 3 mm (1/8 in = 3.175 mm)
HOME_MARGIN_MM = 4.0  # home printers cannot print nearer the sheet edge
MIN_DPI, LOW_DPI = 300.0, 150.0


@dataclass(frozen=True)
class PreflightFinding:
    file: str
    page: int  # 1-based; 0 for the document as a whole
    code: str
    severity: Severity
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:page {self.page}" if self.page else self.file
        return f"{where}: {self.code} {self.severity}: {self.message}"


def preflight(
    path: Path, standard: Standard, safe_mm: float = SAFE_MARGIN_MM, shown: str | None = None
) -> list[PreflightFinding]:
    """Every finding for the PDF at `path` under `standard`. Raises pikepdf.PdfError if the
    file is not a readable PDF."""
    import pikepdf

    from printkit.preflight.rules import check_document, check_page

    name = shown or str(path)
    findings: list[PreflightFinding] = []
    with pikepdf.open(path) as pdf:
        for code, severity, message in check_document(pdf, standard):
            findings.append(PreflightFinding(name, 0, code, severity, message))
        for number, page in enumerate(pdf.pages, start=1):
            for code, severity, message in check_page(page, standard, mm(safe_mm)):
                findings.append(PreflightFinding(name, number, code, severity, message))
    return findings
