"""A showcase image: chosen cards fanned out like a hand, for a rules page, a shop or a forum.

The cards are the real print's pixels (rendered from the deck's PDF, as `export --images` does),
each turned a few degrees about a point below the hand, with a soft shadow, on a light ground.
File: OUT/<kit>/showcase.png.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageChops, ImageFilter

from printkit.core.errors import Location, fail
from printkit.export.images import deck_faces
from printkit.model.cards import Deck

CARD_DPI = 200
SPREAD_DEGREES = 11.0  # between neighbouring cards
GROUND = (244, 241, 234)
MARGIN = 0.12  # of a card's height, around the hand


def chosen_cards(kit: Any, picks: list[str]) -> list[tuple[str, int]]:
    """(deck, design index) of each pick, written `card` or `deck:card`; a located error names
    a card no deck of the kit has."""
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


def showcase_image(kit: Any, picks: list[tuple[str, int]]) -> Any:
    """The chosen faces fanned about a pivot below the hand's middle, on a light ground."""
    pages = {cid: deck_faces(kit, cid, CARD_DPI).fronts for cid in {c for c, _ in picks}}
    faces = [pages[cid][index].convert("RGBA") for cid, index in picks]
    w, h = faces[0].size
    radius = 1.6 * h  # the pivot below the hand: each card shows its left part under the next
    angles = [SPREAD_DEGREES * (i - (len(faces) - 1) / 2) for i in range(len(faces))]
    reach = max((abs(a) for a in angles), default=0.0)
    width = int(2 * (radius + h) * math.sin(math.radians(reach)) + w * 1.6 + 2 * MARGIN * h)
    height = int(h * (1.3 + 2 * MARGIN) + radius * (1 - math.cos(math.radians(reach))))
    ground = Image.new("RGBA", (width, height), (*GROUND, 255))
    pivot = (width / 2, MARGIN * h + h / 2 + radius)
    for face, angle in zip(faces, angles, strict=True):
        _place(ground, face, angle, pivot, radius)
    return _cropped(ground, int(MARGIN * h)).convert("RGB")


def _cropped(ground: Any, margin: int) -> Any:
    """The ground cut to the hand and its shadow, with `margin` around."""
    blank = Image.new("RGBA", ground.size, (*GROUND, 255))
    box = ImageChops.difference(ground.convert("RGB"), blank.convert("RGB")).getbbox()
    box = box or (0, 0, *ground.size)
    left, top = max(0, box[0] - margin), max(0, box[1] - margin)
    return ground.crop(
        (left, top, min(ground.width, box[2] + margin), min(ground.height, box[3] + margin))
    )


def _place(ground: Any, face: Any, angle: float, pivot: tuple[float, float], radius: float) -> None:
    turned = face.rotate(-angle, resample=Image.Resampling.BICUBIC, expand=True)
    shadow = Image.new("RGBA", turned.size, (0, 0, 0, 0))
    shadow.putalpha(turned.getchannel("A").point(lambda a: a * 0.35))
    shadow = shadow.filter(ImageFilter.GaussianBlur(max(2, face.size[0] // 60)))
    x = pivot[0] + radius * math.sin(math.radians(angle)) - turned.size[0] / 2
    y = pivot[1] - radius * math.cos(math.radians(angle)) - turned.size[1] / 2
    offset = max(2, face.size[0] // 80)
    ground.alpha_composite(shadow, (int(x) + offset, int(y) + offset))
    ground.alpha_composite(turned, (int(x), int(y)))
