"""What preflight checks against: the standards, their limits, and a finding."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from printkit.model.options import HOME_MIN_DPI, SHOP_MIN_DPI

Standard = Literal["x1a", "x4", "home"]
Severity = Literal["error", "warning"]
STANDARDS: tuple[Standard, ...] = ("x1a", "x4", "home")
SAFE_MARGIN_MM = 3.0  # text at least this far inside the trim (shops ask 1/8 in, 3 to 4 mm)
BLEED_MM = 3.0  # shops ask 3 mm (1/8 in = 3.175 mm)
HOME_MARGIN_MM = 4.0  # home printers cannot print nearer the sheet edge
MIN_DPI, LOW_DPI = SHOP_MIN_DPI, HOME_MIN_DPI  # model/options.py, shared with `check`


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
