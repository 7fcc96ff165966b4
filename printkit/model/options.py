"""Build options: what the command line (and later the user config) chose."""

from __future__ import annotations

from typing import Literal, NamedTuple

from printkit.layout.presets import PRESETS, Preset
from printkit.layout.sizes import Size, parse_paper
from printkit.layout.units import mm

# The folder, below the kit's output folder, of a shop build's files: the shop profile writes
# where it cannot replace the home build's PDFs (a variant may not take this name: kit.py).
SHOP_FOLDER = "shop"
# Pixels per inch an image should print at: what print shops ask, and the least a home printer
# shows sharp; `check` (FACE005) and `printkit preflight` (PF-DPI) measure against them.
SHOP_MIN_DPI, HOME_MIN_DPI = 300.0, 150.0


class Options(NamedTuple):
    """What one build chose (a tuple: compiled with the module, see docs/performance.md)."""

    paper: str = "a4"
    profile: Literal["home", "shop"] = "home"
    duplex: Literal["long", "short", "off"] = "long"
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    bleed_mm: float | None = None  # None: the profile's default (home 0, shop 3)
    variants: tuple[str, ...] = ()
    players: int | None = None
    full_size: bool = False
    icc: str | None = None  # shop: the CMYK output profile (None: FOGRA39, printkit's table of it)
    max_ink: float | None = None  # shop: total ink limit in per cent (None: the kit's, or 300)
    card_pages: Literal["copies", "designs"] = "copies"  # shop decks: a page per copy or design
    gang: bool = False  # home builds: pack cut pieces onto shared sheets (render/gang.py)
    preset: str | None = None  # shop: a print service's template (layout/presets.py)
    # home sheets: the least paper round the pieces, in points (--sheet-margin, else the user's
    # settings); None: the kit's sheet_margin, else 7 mm (render/pages.chosen_sheet_margin)
    sheet_margin: float | None = None
    extra: tuple[tuple[str, str], ...] = ()

    @property
    def paper_size(self) -> Size:
        size = parse_paper(self.paper)
        if size is None:
            raise ValueError(f"unknown paper {self.paper!r}")
        return size

    @property
    def print_preset(self) -> Preset | None:
        """The print service preset chosen (`--preset`), if any: its bleed, page order and
        ink limit (`max_ink`, for the shop conversion)."""
        return PRESETS[self.preset] if self.preset else None

    @property
    def backs_first(self) -> bool:
        """Shop files with each piece's back before its face (the preset's service asks)."""
        preset = self.print_preset
        return self.profile == "shop" and preset is not None and preset.back_first

    @property
    def bleed(self) -> float:
        """Bleed in points: --bleed, else the preset's, else the profile's."""
        if self.bleed_mm is not None:
            return mm(self.bleed_mm)
        if self.profile == "shop":
            preset = self.print_preset
            return preset.bleed if preset is not None else mm(3)
        return 0.0

    @property
    def sheet_bleed(self) -> float:
        """Bleed around a whole-sheet page (chart, templates, plan): shop only, in points."""
        return self.bleed if self.profile == "shop" else 0.0

    @property
    def back_offset(self) -> tuple[float, float]:
        return (mm(self.back_offset_mm[0]), mm(self.back_offset_mm[1]))

    @property
    def min_image_dpi(self) -> float:
        """The least pixels per inch an image should print at in this profile."""
        return SHOP_MIN_DPI if self.profile == "shop" else HOME_MIN_DPI

    def output_parts(self, kit_name: str) -> tuple[str, ...]:
        """Folders, below --out, of a kit's outputs built with these options: (name,), or
        (name, "v1+v2") with variants, so a variant never overwrites the plain build's files;
        a shop build's go one folder further (`shop/`), so it never replaces the home build's."""
        parts = (kit_name, "+".join(self.variants)) if self.variants else (kit_name,)
        return (*parts, SHOP_FOLDER) if self.profile == "shop" else parts

    def key(self) -> str:
        """A stable text of every option, for build hashes and PDF subjects."""
        return repr(sorted(self._asdict().items()))
