"""A showcase image: chosen cards fanned out like a hand, for a rules page, a shop or a forum.

The cards are the real print's pixels (rendered from the deck's PDF, as `export --images` does),
each turned a few degrees about a point below the hand, with a soft shadow, on a light ground.
File: OUT/<kit>/showcase.png.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from printkit.core.errors import Location, fail
from printkit.core.limits import MAX_SHOWCASE_CARDS, MAX_SHOWCASE_PIXELS
from printkit.export.images import deck_pages, design_pages, output_pixels
from printkit.layout.geometry import Rect
from printkit.layout.shapes import Shape, corners
from printkit.model.cards import Deck

if TYPE_CHECKING:
    from printkit.kit import Derived

CARD_DPI = 200
SPREAD_DEGREES = 11.0  # between neighbouring cards
GROUND = (244, 241, 234)
MARGIN = 0.12  # of a card's height, around the hand
RADIUS = 1.6  # the pivot's distance below the hand's middle, in card heights


def chosen_cards(kit: Any, picks: list[str]) -> list[tuple[str, int]]:
    """(deck, design index) of each pick, written `card` or `deck:card`; a located error names
    a card no deck of the kit has, or more picks than a fan shows (MAX_SHOWCASE_CARDS)."""
    if not 1 <= len(picks) <= MAX_SHOWCASE_CARDS:
        reach = SPREAD_DEGREES * (MAX_SHOWCASE_CARDS - 1) / 2
        raise fail(
            Location(kit.manifest_file),
            f"--showcase names {len(picks)} cards; a fan shows 1 to {MAX_SHOWCASE_CARDS} (the "
            f"limit MAX_SHOWCASE_CARDS: {SPREAD_DEGREES:g} degrees apart, the outer cards "
            f"{reach:g} degrees from upright)",
        )
    decks = {cid: kit.model_as(cid, Deck) for cid in kit.component_ids() if _has_cards(kit, cid)}
    found = []
    for pick in picks:
        deck_id, _, card_id = pick.rpartition(":")
        matches = [
            (cid, index)
            for cid, deck in decks.items()
            if not deck_id or cid == deck_id
            for index, card in enumerate(deck.cards)
            if card.id == card_id
        ]
        if not matches:
            raise fail(
                Location(kit.manifest_file),
                f"--showcase names {pick!r}, but no deck of kit {kit.name!r} has a card "
                f"{card_id!r} (decks: {', '.join(decks) or 'none'})",
            )
        found.append(matches[0])
    return found


def _has_cards(kit: Any, cid: str) -> bool:
    return bool(kit.component(cid).has_cards)


def showcase_image(kit: Any, derived: Derived, picks: list[tuple[str, int]]) -> Any:
    """The chosen faces fanned about a pivot below the hand's middle, on a light ground. Only
    the chosen designs are kept as each deck's pages are rendered, and the picture's size is
    worked out first: a fan larger than MAX_SHOWCASE_PIXELS is drawn at a lower resolution."""
    first = kit.model_as(picks[0][0], Deck)
    full = output_pixels(kit, first, None, CARD_DPI)
    width, height = _fan_size(full, len(picks))
    dpi = CARD_DPI
    if width * height > MAX_SHOWCASE_PIXELS:
        dpi = max(1, int(CARD_DPI * math.sqrt(MAX_SHOWCASE_PIXELS / (width * height))))
    faces = _chosen_faces(kit, derived, picks, dpi)
    w, h = faces[0].size
    width, height = _fan_size((w, h), len(faces))
    radius = RADIUS * h  # the pivot below the hand: each card shows its left part under the next
    angles = [SPREAD_DEGREES * (i - (len(faces) - 1) / 2) for i in range(len(faces))]
    ground = Image.new("RGBA", (width, height), (*GROUND, 255))
    pivot = (width / 2, MARGIN * h + h / 2 + radius)
    drawn = [
        _place(ground, face, angle, pivot, radius)
        for face, angle in zip(faces, angles, strict=True)
    ]
    return _cropped(ground, drawn, int(MARGIN * h)).convert("RGB")


def _fan_size(face: tuple[int, int], count: int) -> tuple[int, int]:
    """The ground a fan of `count` faces of `face` pixels is drawn on."""
    w, h = face
    radius = RADIUS * h
    reach = SPREAD_DEGREES * (count - 1) / 2
    width = int(2 * (radius + h) * math.sin(math.radians(reach)) + w * 1.6 + 2 * MARGIN * h)
    height = int(h * (1.3 + 2 * MARGIN) + radius * (1 - math.cos(math.radians(reach))))
    return width, height


def _chosen_faces(kit: Any, derived: Derived, picks: list[tuple[str, int]], dpi: int) -> list[Any]:
    """The chosen designs' fronts, in the order picked: each deck's pages rendered one at a
    time, only the chosen kept."""
    found: dict[tuple[str, int], Any] = {}
    for cid in dict.fromkeys(c for c, _ in picks):
        wanted = {index for c, index in picks if c == cid}
        deck = kit.model_as(cid, Deck)
        with deck_pages(kit, derived, cid, None, dpi) as pages:
            fronts = (image for page, image in zip(design_pages(deck), pages, strict=True)
                      if page.side == "front")  # fmt: skip
            for index, image in enumerate(fronts):
                if index in wanted:
                    found[(cid, index)] = cut_out(
                        image.convert("RGBA"), deck.cut(), deck.size.width
                    )
    return [found[pick] for pick in picks]


def cut_out(image: Any, shape: Shape, width: float) -> Any:
    """The card's picture with what lies outside its cut made transparent (a hex card shows as
    a hex); a plain rectangle unchanged. The picture is the card's box, `width` points wide,
    bleed left out."""
    if shape.rectangular:
        return image
    w, h = image.size
    mask = Image.new("L", (w, h), 0)
    pen = ImageDraw.Draw(mask)
    box = Rect(0, 0, w, h)
    pts = corners(shape, box)
    if pts is not None:
        pen.polygon([(x, h - y) for x, y in pts], fill=255)
    elif shape.kind in ("circle", "ellipse"):
        side = min(w, h) if shape.kind == "circle" else 0
        rx, ry = (side / 2, side / 2) if side else (w / 2, h / 2)
        pen.ellipse((w / 2 - rx, h / 2 - ry, w / 2 + rx, h / 2 + ry), fill=255)
    else:  # a rounded rectangle: its radius in pixels, as the card's width is
        pen.rounded_rectangle((0, 0, w - 1, h - 1), radius=shape.radius * w / width, fill=255)
    image.putalpha(ImageChops.multiply(image.getchannel("A"), mask))
    return image


def _cropped(ground: Any, drawn: list[tuple[int, int, int, int]], margin: int) -> Any:
    """The ground cut to the hand and its shadow (the boxes they were drawn in), with
    `margin` around."""
    left = max(0, min(box[0] for box in drawn) - margin)
    top = max(0, min(box[1] for box in drawn) - margin)
    right = min(ground.width, max(box[2] for box in drawn) + margin)
    bottom = min(ground.height, max(box[3] for box in drawn) + margin)
    return ground.crop((left, top, right, bottom))


def _place(
    ground: Any, face: Any, angle: float, pivot: tuple[float, float], radius: float
) -> tuple[int, int, int, int]:
    """Draw `face` turned by `angle` about `pivot`, over its soft shadow; the box it and its
    shadow were drawn in."""
    turned = face.rotate(-angle, resample=Image.Resampling.BICUBIC, expand=True)
    shadow = Image.new("RGBA", turned.size, (0, 0, 0, 0))
    shadow.putalpha(turned.getchannel("A").point(lambda a: a * 0.35))
    blur = max(2, face.size[0] // 60)
    shadow = shadow.filter(ImageFilter.GaussianBlur(blur))
    x = int(pivot[0] + radius * math.sin(math.radians(angle)) - turned.size[0] / 2)
    y = int(pivot[1] - radius * math.cos(math.radians(angle)) - turned.size[1] / 2)
    offset = max(2, face.size[0] // 80)
    ground.alpha_composite(shadow, (x + offset, y + offset))
    ground.alpha_composite(turned, (x, y))
    return x, y, x + turned.size[0] + offset + blur, y + turned.size[1] + offset + blur
