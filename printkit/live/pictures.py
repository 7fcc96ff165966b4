"""The live preview's pictures: card designs drawn by the deck component itself on card-sized
pages and saved as PNG (face and back), and every page of a PDF as a thumbnail. They are a cache,
redrawn whenever they are missing: written at a fast PNG level and not flushed to the disk."""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium

from printkit.kit import Derived, Kit
from printkit.model.cards import Deck
from printkit.output import staged

CARD_DPI = 150  # sharp at screen size and when a card is opened large
PAGE_DPI = 40  # whole sheets, as thumbnails
PNG_LEVEL = 1  # previews are read once, from this machine: fast to write beats small


def draw_cards(kit: Kit, cid: str, deck: Deck, cards: list, folder: Path) -> dict[str, str]:
    """Draw the given designs once each on card-sized pages (face, back) and save them as PNG;
    returns each front's back picture, named by its pixels so a shared back is one file."""
    designs = [dataclasses.replace(c, count=1) for c, _ in cards]
    backs: dict[str, str] = {}
    preview = dataclasses.replace(deck, cards=designs)
    # a page per copy (never the designs PDF, whatever the user's settings say): each design's
    # front, then its back when the deck has backs (`sides: 2`)
    single = kit.options._replace(profile="shop", bleed_mm=0.0, duplex="long", card_pages="copies")
    shop = kit.with_models(single, {cid: preview})
    sides = deck.sides
    folder.mkdir(parents=True, exist_ok=True)
    with staged(folder.parent.parent, durable=False) as stage:
        pdf = stage.temp_for(folder / f"{cid}-cards.pdf")
        # a preview of these designs only derives its own layout (nothing of the round's)
        shop.component(cid).render(shop, Derived(), cid, pdf)
        document = pdfium.PdfDocument(str(pdf))
        try:
            for index, (_, front) in enumerate(cards):
                save_png(document[sides * index], stage.temp_for(folder / front))
                if sides == 1:  # a card printed on one side only (a player aid): no back
                    backs[front] = ""
                    continue
                back = document[2 * index + 1].render(scale=CARD_DPI / 72).to_pil()
                name = f"{cid}-back-{hashlib.sha256(back.tobytes()).hexdigest()[:16]}.png"
                backs[front] = name
                if not (folder / name).exists() and name not in {p.name for _, p in stage.pending}:
                    back.save(stage.temp_for(folder / name), format="PNG", compress_level=PNG_LEVEL)
        finally:
            document.close()
        stage.pending = [(t, p) for t, p in stage.pending if p.suffix == ".png"]
        with contextlib.suppress(OSError):
            pdf.unlink()
    return backs


def save_png(page: Any, path: Path, dpi: int = CARD_DPI) -> None:
    page.render(scale=dpi / 72).to_pil().save(path, format="PNG", compress_level=PNG_LEVEL)


def thumbnails(pdf: Path, folder: Path, prefix: str) -> list[str]:
    """Every page of `pdf` as PNG thumbnails named `<prefix>-<n>.png` (drawn once per version)."""
    document = pdfium.PdfDocument(str(pdf))
    try:
        names = [f"{prefix}-{n + 1}.png" for n in range(len(document))]
        todo = [(n, name) for n, name in enumerate(names) if not (folder / name).exists()]
        if todo:
            folder.mkdir(parents=True, exist_ok=True)
            with staged(folder.parent.parent, durable=False) as stage:
                for n, name in todo:
                    save_png(document[n], stage.temp_for(folder / name), PAGE_DPI)
    finally:
        document.close()
    return names
