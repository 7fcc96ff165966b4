"""Build options: what the command line (and later the user config) chose."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from printkit.layout.sizes import Size, parse_paper
from printkit.layout.units import mm


@dataclass(frozen=True)
class Options:
    paper: str = "a4"
    profile: Literal["home", "shop"] = "home"
    duplex: Literal["long", "short", "off"] = "long"
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    bleed_mm: float | None = None  # None: the profile's default (home 0, shop 3)
    variants: tuple[str, ...] = ()
    players: int | None = None
    full_size: bool = False
    icc: str | None = None  # shop: the CMYK output profile (None: FOGRA39, printkit's model)
    max_ink: float | None = None  # shop: total ink limit in per cent (None: the kit's, or 300)
    card_pages: Literal["copies", "designs"] = "copies"  # shop decks: a page per copy or design
    gang: bool = False  # home builds: pack cut pieces onto shared sheets (components/gang.py)
    extra: tuple[tuple[str, str], ...] = field(default_factory=tuple)

    @property
    def paper_size(self) -> Size:
        size = parse_paper(self.paper)
        if size is None:
            raise ValueError(f"unknown paper {self.paper!r}")
        return size

    @property
    def bleed(self) -> float:
        """Bleed in points."""
        if self.bleed_mm is not None:
            return mm(self.bleed_mm)
        return mm(3) if self.profile == "shop" else 0.0

    @property
    def sheet_bleed(self) -> float:
        """Bleed around a whole-sheet page (chart, templates, plan): shop only, in points."""
        return self.bleed if self.profile == "shop" else 0.0

    @property
    def back_offset(self) -> tuple[float, float]:
        return (mm(self.back_offset_mm[0]), mm(self.back_offset_mm[1]))

    def key(self) -> str:
        """A stable text of every option, for build hashes and PDF subjects."""
        return repr(sorted(self.__dict__.items()))
