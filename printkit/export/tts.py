"""A deck for Tabletop Simulator: face sheets, a back image and a saved object that loads them.

Tabletop Simulator (TTS) takes a custom deck as a grid image of card faces ("face sheet"), one
back image, and a saved-object JSON naming them. Its limits: a sheet holds at most 10 x 7 cards
and is at most 10,000 px a side (4,096 px is what it recommends, and what is written here); a
deck of more designs gets several sheets. Each printed copy is a card in the deck (DeckIDs), so a
deck of 72 cards from 20 designs loads as 72 cards. The JSON points at the images by file URL,
so the deck loads on this computer as it is (Objects > Saved Objects); to share it, upload the
images (TTS's own Cloud Manager does) and replace the two URLs.

Files: OUT/<kit>/tts/<deck>-faces-<n>.jpg, <deck>-back.jpg, <deck>.json.
"""

from __future__ import annotations

import io
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from printkit.export.images import deck_faces
from printkit.model.deck import Deck

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


def export_tts(kit: Any, out: Path, stage: Any, cid: str) -> tuple[Path, list[Sheet], int]:
    """Write deck `cid` as TTS face sheets, a back and a saved object (staged); returns the JSON's
    path, the sheets and the number of cards in the deck."""
    deck = kit.model_as(cid, Deck)
    faces, back = deck_faces(kit, cid, CARD_DPI)
    back = back or Image.new("RGB", faces[0].size, (255, 255, 255))  # a one-sided deck
    folder = out / kit.name / "tts"
    groups = [faces[i : i + PER_SHEET] for i in range(0, len(faces), PER_SHEET)]
    ids = [card.id for card in deck.cards]
    sheets = []
    for number, group in enumerate(groups, start=1):
        sheet = _sheet_layout(folder / f"{cid}-faces-{number}.jpg", group, ids)
        stage.temp_for(sheet.file).write_bytes(_jpeg(_draw_sheet(group, sheet)))
        sheets.append(sheet)
        ids = ids[len(group) :]
    back_file = folder / f"{cid}-back.jpg"
    stage.temp_for(back_file).write_bytes(
        _jpeg(back.resize(sheets[0].cell, Image.Resampling.LANCZOS))
    )
    saved = saved_object(f"{kit.name} {cid}", deck, sheets, back_file)
    target = folder / f"{cid}.json"
    stage.write_text(target, json.dumps(saved, indent=2) + "\n")
    return target, sheets, len(saved["ObjectStates"][0]["DeckIDs"])


def _sheet_layout(file: Path, group: list[Any], ids: list[str]) -> Sheet:
    columns = max(2, min(COLUMNS, len(group)))
    rows = max(2, math.ceil(len(group) / columns))  # TTS reads grids from 2 x 2
    width, height = group[0].size
    scale = min(1.0, SHEET_PX / (columns * width), SHEET_PX / (rows * height))
    cell = (int(width * scale), int(height * scale))
    return Sheet(file, columns, rows, cell, ids[: len(group)])


def _draw_sheet(group: list[Any], sheet: Sheet) -> Any:
    w, h = sheet.cell
    image = Image.new("RGB", (sheet.columns * w, sheet.rows * h), (255, 255, 255))
    for index, face in enumerate(group):
        row, column = divmod(index, sheet.columns)
        image.paste(face.resize(sheet.cell, Image.Resampling.LANCZOS), (column * w, row * h))
    return image


def _jpeg(image: Any) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=92, subsampling=0)
    return buffer.getvalue()


def saved_object(name: str, deck: Deck, sheets: list[Sheet], back: Path) -> dict[str, Any]:
    """The saved-object JSON TTS loads: one DeckCustom holding a Card per printed copy."""
    custom = {
        str(n): {
            "FaceURL": sheet.file.resolve().as_uri(),
            "BackURL": back.resolve().as_uri(),
            "NumWidth": sheet.columns,
            "NumHeight": sheet.rows,
            "BackIsHidden": True,
            "UniqueBack": False,
            "Type": 0,
        }
        for n, sheet in enumerate(sheets, start=1)
    }
    card_ids = {
        card_id: n * 100 + index
        for n, sheet in enumerate(sheets, start=1)
        for index, card_id in enumerate(sheet.designs)
    }
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
