"""A deck for Tabletop Simulator: face sheets, the back images and a saved object that loads them.

Tabletop Simulator (TTS) takes a custom deck as a grid image of card faces ("face sheet"), a
back image, and a saved-object JSON naming them. Its limits: a sheet holds at most 10 x 7 cards
and is at most 10,000 px a side (4,096 px is what it recommends, and what is written here); a
deck of more designs gets several sheets. Each printed copy is a card in the deck (DeckIDs), so a
deck of 72 cards from 20 designs loads as 72 cards.

A deck whose cards have different backs (a kind's own back, a back showing its card's fields:
model/backs.py decides, as for the PDF) is still one deck object: its `CustomDeck` holds one
entry per face sheet and back (the same face sheet with each back its cards use), and each
card's CardID (entry x 100 + its cell on the sheet) names the entry with its own back. This is
how TTS's saved objects give cards of one deck different backs; `UniqueBack` stays false.

The JSON points at the images by file URL, so the deck loads on this computer as it is
(Objects > Saved Objects); with a base URL (export/tts_places.py) it points at the images
uploaded there, and loads on every computer.

Files: OUT/<kit>/tts/<deck>-faces-<n>.jpg, <deck>-<back>.jpg per back (<deck>-back.jpg: the
deck's own back), <deck>.json.
"""

from __future__ import annotations

import io
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PIL import Image

from printkit.export.images import deck_pages, design_pages, output_pixels
from printkit.export.tts_places import image_link
from printkit.model.cards import Deck

if TYPE_CHECKING:
    from printkit.kit import Derived

COLUMNS, ROWS = 10, 7  # the largest sheet TTS reads
PER_SHEET = COLUMNS * ROWS - 1  # the last cell stays free: TTS shows it for a hidden card
SHEET_PX = 4096  # TTS's recommended largest side
CARD_DPI = 300  # the largest a cell is drawn at; smaller when a sheet would exceed SHEET_PX


@dataclass
class Sheet:
    file: Path
    columns: int
    rows: int
    cell: tuple[int, int]
    designs: list[str]  # the card ids, in cell order
    behind: list[str]  # the key of each design's back (model/backs.py), in cell order


ONE_SIDED = "back"  # the blank back a one-sided deck is given


def export_tts(
    kit: Any, derived: Derived, out: Path, stage: Any, cid: str, base_url: str | None = None
) -> tuple[Path, list[Sheet], int]:
    """Write deck `cid` as TTS face sheets, its backs and a saved object (staged) that links
    the images by file URL, or under `base_url`; returns the JSON's path, the sheets and the
    number of cards in the deck.

    The sheets are laid out from the deck's card size before anything is drawn, and each face
    is rendered at most at twice its cell's size (`render_dpi`), pasted into its sheet and let
    go: a sheet is written as soon as its last face is in, a back as soon as it is drawn. So
    at most one sheet (4,096 px a side) and one face are held, whatever the deck's designs or
    card size (1,500 poker designs, or 600 mm cards, once held every face at 300 dpi)."""
    deck = kit.model_as(cid, Deck)
    pages = design_pages(deck)
    fronts = [page for page in pages if page.side == "front"]
    one_sided = not any(page.key for page in fronts)
    behind = [ONE_SIDED if one_sided else page.key for page in fronts]
    folder = out / kit.name / "tts"
    full = output_pixels(kit, deck, None, CARD_DPI)
    sheets = [
        _sheet_layout(
            folder / f"{cid}-faces-{number}.jpg",
            len(fronts[start : start + PER_SHEET]),
            full,
            [page.cards[0].id for page in fronts[start : start + PER_SHEET]],
            behind[start : start + PER_SHEET],
        )
        for number, start in enumerate(range(0, len(fronts), PER_SHEET), start=1)
    ]
    back_files = {key: folder / f"{cid}-{key}.jpg" for key in dict.fromkeys(behind)}
    _draw_sheets(kit, derived, cid, stage, pages, sheets, back_files, render_dpi(full, sheets))
    if one_sided:  # a blank back
        blank = Image.new("RGB", sheets[0].cell, (255, 255, 255))
        stage.temp_for(back_files[ONE_SIDED]).write_bytes(_jpeg(blank))
    saved = saved_object(f"{kit.name} {cid}", deck, sheets, back_files, base_url)
    target = folder / f"{cid}.json"
    stage.write_text(target, json.dumps(saved, indent=2) + "\n")
    return target, sheets, len(saved["ObjectStates"][0]["DeckIDs"])


def render_dpi(full: tuple[int, int], sheets: list[Sheet]) -> int:
    """The resolution the faces are drawn at: CARD_DPI, or less, down to twice the size of
    the smallest cell (LANCZOS then reduces each face to its cell from at most twice over)."""
    smallest = min(min(s.cell[0] / full[0], s.cell[1] / full[1]) for s in sheets)
    return max(1, min(CARD_DPI, math.ceil(CARD_DPI * 2 * smallest)))


def _draw_sheets(  # noqa: PLR0913 - one pass over the deck's pages feeds all of these
    kit: Any,
    derived: Derived,
    cid: str,
    stage: Any,
    pages: list[Any],
    sheets: list[Sheet],
    back_files: dict[str, Path],
    dpi: int,
) -> None:
    """One pass over the deck's pages: each front pasted into its sheet (written when full),
    each back written at the first sheet's cell size."""
    image: Any = None
    index = 0
    with deck_pages(kit, derived, cid, None, dpi) as rendered:
        for page, face in zip(pages, rendered, strict=True):
            if page.side == "back":
                cell = face.resize(sheets[0].cell, Image.Resampling.LANCZOS)
                stage.temp_for(back_files[page.key]).write_bytes(_jpeg(cell))
                continue
            sheet = sheets[index // PER_SHEET]
            at = index % PER_SHEET
            if at == 0:
                w, h = sheet.cell
                image = Image.new("RGB", (sheet.columns * w, sheet.rows * h), (255, 255, 255))
            row, column = divmod(at, sheet.columns)
            w, h = sheet.cell
            image.paste(face.resize(sheet.cell, Image.Resampling.LANCZOS), (column * w, row * h))
            index += 1
            if at == len(sheet.designs) - 1:
                stage.temp_for(sheet.file).write_bytes(_jpeg(image))
                image = None


def _sheet_layout(
    file: Path, count: int, size: tuple[int, int], ids: list[str], behind: list[str]
) -> Sheet:
    """The grid of `count` faces of `size` pixels: columns, rows and the cell each is drawn in
    (the whole sheet within SHEET_PX a side)."""
    columns = max(2, min(COLUMNS, count))
    rows = max(2, math.ceil(count / columns))  # TTS reads grids from 2 x 2
    width, height = size
    scale = min(1.0, SHEET_PX / (columns * width), SHEET_PX / (rows * height))
    cell = (int(width * scale), int(height * scale))
    return Sheet(file, columns, rows, cell, ids, behind)


def _jpeg(image: Any) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=92, subsampling=0)
    return buffer.getvalue()


def saved_object(
    name: str, deck: Deck, sheets: list[Sheet], backs: dict[str, Path], base_url: str | None = None
) -> dict[str, Any]:
    """The saved-object JSON TTS loads: one DeckCustom holding a Card per printed copy, its
    CustomDeck one entry per face sheet and back its cards use."""
    custom: dict[str, dict[str, Any]] = {}
    card_ids: dict[str, int] = {}
    for sheet in sheets:
        entries: dict[str, int] = {}  # back key -> this sheet's entry with that back
        for index, (card_id, key) in enumerate(zip(sheet.designs, sheet.behind, strict=True)):
            if key not in entries:
                entries[key] = len(custom) + 1
                custom[str(entries[key])] = _custom_deck(sheet, backs[key], base_url)
            card_ids[card_id] = entries[key] * 100 + index
    cards = [(card, card_ids[card.id]) for card in deck.cards for _ in range(card.count)]
    contained = [
        {
            "Name": "Card",
            "Nickname": card.title or card.id,
            "Description": card.id,
            "CardID": number,
            "CustomDeck": {str(number // 100): custom[str(number // 100)]},
            "Transform": _transform(),
        }
        for card, number in cards
    ]
    deck_object = {
        "Name": "DeckCustom",
        "Nickname": name,
        "Transform": _transform(),
        "DeckIDs": [number for _, number in cards],
        "CustomDeck": custom,
        "ContainedObjects": contained,
        "HideWhenFaceDown": True,
        "Grid": True,
        "Snap": True,
    }
    return {"SaveName": name, "ObjectStates": [deck_object]}


def _custom_deck(sheet: Sheet, back: Path, base_url: str | None) -> dict[str, Any]:
    """One CustomDeck entry: a face sheet with one back for every card that names it."""
    return {
        "FaceURL": image_link(sheet.file, base_url),
        "BackURL": image_link(back, base_url),
        "NumWidth": sheet.columns,
        "NumHeight": sheet.rows,
        "BackIsHidden": True,
        "UniqueBack": False,
        "Type": 0,
    }


def _transform() -> dict[str, float]:
    """Face down on the table (rotZ 180), at its centre."""
    return {
        "posX": 0.0,
        "posY": 1.0,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0,
        "scaleX": 1.0,
        "scaleY": 1.0,
        "scaleZ": 1.0,
    }
