"""Print-on-demand presets: each service's template for one card product.

A preset says what a service asks of a card file: the finished (trim) size, the bleed on each
side, the safe area (how far inside the trim text must stay), the resolution of its image
template (so its exact pixel size), the page order of a card PDF (some services want each
card's back before its face), and the most ink it prints (total area coverage, TAC, in
percent). A value the service does not publish is None; docs/printing.md gives the source
of every number. `printkit export --images --preset NAME` renders card images at the
preset's pixels; `printkit build --profile shop --preset NAME` takes its bleed and page
order; `max_ink` is the service's total-ink limit, there for the shop conversion's ink limit
(`Options.print_preset.max_ink`).
"""

from __future__ import annotations

from typing import NamedTuple

from printkit.layout.units import format_mm, inch, mm

SIZE_TOLERANCE = 0.03  # a deck within 3 % of a preset's trim is scaled to it; beyond, refused


class Preset(NamedTuple):
    """One service's template for one card product (lengths in points)."""

    name: str
    service: str
    product: str  # poker, bridge, mini, tarot, square
    trim: tuple[float, float]
    bleed: float  # on each side
    dpi: int  # the resolution of the service's image template
    safe: float | None  # keep text this far inside the trim (None: the service says nothing)
    back_first: bool  # a card PDF has each card's back before its face
    max_ink: float | None  # total area coverage the service prints, in percent (None: unstated)
    source: str

    @property
    def pixels(self) -> tuple[int, int]:
        """The template's size in pixels: trim plus bleed on both sides, at `dpi`."""
        return (
            round((self.trim[0] + 2 * self.bleed) / 72 * self.dpi),
            round((self.trim[1] + 2 * self.bleed) / 72 * self.dpi),
        )

    @property
    def bleed_pixels(self) -> float:
        return self.bleed / 72 * self.dpi

    def size_problem(self, width: float, height: float) -> str | None:
        """Why a card of this size cannot use the preset (None when it is within
        SIZE_TOLERANCE of the preset's trim, and is scaled to it)."""
        if all(
            abs(got - want) <= SIZE_TOLERANCE * want
            for got, want in zip((width, height), self.trim, strict=True)
        ):
            return None
        return (
            f"preset {self.name!r} is for {format_mm(self.trim[0])} x {format_mm(self.trim[1])} "
            f"cards ({self.service} {self.product}); these cards are {format_mm(width)} x "
            f"{format_mm(height)}: choose a preset of the cards' size"
        )


def _inches(width: float, height: float) -> tuple[float, float]:
    return (inch(width), inch(height))


_TGC = (
    "The Game Crafter's {product} template, {size} in with 1/8 in bleed and a safe zone 1/8 in "
    "inside the trim, at 300 dpi ({px} px)"
)


def _tgc(product: str, width: float, height: float) -> Preset:
    trim = _inches(width, height)
    preset = Preset(f"tgc-{product}", "The Game Crafter", product, trim, inch(0.125), 300,
                    inch(0.125), False, None, "")  # fmt: skip
    w, h = preset.pixels
    source = _TGC.format(product=product, size=f"{width:g} x {height:g}", px=f"{w} x {h}")
    return preset._replace(source=source)


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset(
            "poker", "DriveThruCards", "poker", _inches(2.5, 3.5), inch(0.125), 300, None, True,
            240.0,
            "DriveThruCards: US poker cards 2.5 x 3.5 in laid out at 2.75 x 3.75 in with 1/8 in "
            "bleed at 300 dpi; card PDFs back first; at most 240 % ink",
        ),
        Preset(
            "poker-eu", "European card printers", "poker", (mm(63), mm(88)), mm(3), 300, None,
            False, None,
            "European poker card, 63 x 88 mm with 3 mm bleed (69 x 94 mm), as European shops ask",
        ),
        Preset(
            "mpc-poker", "MakePlayingCards", "poker", _inches(2.5, 3.5), inch(0.12), 300, None,
            False, None,
            "MakePlayingCards' poker template: 822 x 1122 px at 300 dpi, the 750 x 1050 px card "
            "with 36 px of bleed on each side",
        ),
        _tgc("poker", 2.5, 3.5),
        _tgc("bridge", 2.25, 3.5),
        _tgc("mini", 1.75, 2.5),
        _tgc("tarot", 2.75, 4.75),
        _tgc("square", 3.5, 3.5),
    )
}  # fmt: skip
