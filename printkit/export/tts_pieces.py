"""A component's cut pieces (tiles, tokens) for Tabletop Simulator: one custom tile per piece.

Tabletop Simulator (TTS) takes a piece that is not a card as a `Custom_Tile`: a face image, a
second image for its back (`ImageSecondaryURL`) and the outline TTS cuts it to (`Type`: 0 a
square, 1 a hexagon, 2 a circle, 3 a rounded square). Each printed piece is one such object
naming its own design's face and the back behind it (the key its group gives it, decided by
model/backs.piece_back, as for the PDF), so every tile keeps its own back. Pieces of another
outline (an ellipse, a polygon, a path) are square tiles whose picture is white (paper) outside
the outline. A single-sided piece shows its face on both sides.

Files: OUT/<kit>/tts/<component>-<design>.jpg per design, <component>-<back key>.jpg per
back, <component>.json (its `ObjectStates`: every piece, in print order).
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.export.images import render_pages
from printkit.export.pieces import DesignGroup, design_groups, design_pdf, sides
from printkit.export.tts_places import image_link
from printkit.layout.shapes import Shape

if TYPE_CHECKING:
    from printkit.kit import Derived

PIECE_DPI = 300  # each piece's picture: TTS draws tiles from one image each, not a sheet
SQUARE, HEXAGON, CIRCLE, ROUNDED = 0, 1, 2, 3  # TTS's Custom_Tile types


def tile_type(shape: Shape) -> int:
    """The TTS outline nearest the piece's cut."""
    if shape.kind == "hexagon":
        return HEXAGON
    if shape.kind == "circle":
        return CIRCLE
    if shape.kind == "rectangle" and shape.radius > 0:
        return ROUNDED
    return SQUARE


def export_tts_pieces(
    kit: Any, derived: Derived, out: Path, stage: Any, cid: str, base_url: str | None = None
) -> tuple[Path, int]:
    """Write component `cid`'s pieces as TTS tiles: each design's face and each back once
    (staged, at PIECE_DPI, without bleed as the kit is loaded for TTS), and a saved object with
    one Custom_Tile per printed piece; returns the JSON's path and the number of pieces."""
    folder = out / kit.name / "tts"
    objects: list[dict[str, Any]] = []
    for designs in design_groups(kit, derived, cid):
        objects += _group_tiles(kit, derived, cid, designs, folder, stage, base_url)
    saved = {"SaveName": f"{kit.name} {cid}", "ObjectStates": objects}
    target = folder / f"{cid}.json"
    stage.write_text(target, json.dumps(saved, indent=2) + "\n")
    return target, len(objects)


def _group_tiles(  # noqa: PLR0913 - one group's pictures and where they go
    kit: Any,
    derived: Derived,
    cid: str,
    designs: DesignGroup,
    folder: Path,
    stage: Any,
    base_url: str | None,
) -> list[dict[str, Any]]:
    """Each design's pictures written, and a Custom_Tile for each of its printed copies."""
    kind = tile_type(designs.group.shape)
    tiles: list[dict[str, Any]] = []
    written: set[str] = set()
    with design_pdf(kit, cid, designs) as pdf:
        pages = render_pages(pdf, None, PIECE_DPI)
        try:
            for design, front, back in sides(designs, pages):
                face = folder / f"{cid}-{design.name}.jpg"
                stage.temp_for(face).write_bytes(_jpeg(front))
                behind = face
                if back is not None:
                    behind = folder / f"{cid}-{design.back}.jpg"
                    if design.back not in written:
                        stage.temp_for(behind).write_bytes(_jpeg(back))
                        written.add(design.back)
                tile = _tile(design.name, kind, image_link(face, base_url), behind, base_url)
                tiles += [tile] * design.copies
        finally:
            pages.close()
    return tiles


def _tile(name: str, kind: int, face: str, back: Path, base_url: str | None) -> dict[str, Any]:
    """One Custom_Tile: its face, its own back, its outline; face up at the table's centre."""
    return {
        "Name": "Custom_Tile",
        "Nickname": name,
        "Description": name,
        "Transform": {
            "posX": 0.0,
            "posY": 1.0,
            "posZ": 0.0,
            "rotX": 0.0,
            "rotY": 180.0,
            "rotZ": 0.0,
            "scaleX": 1.0,
            "scaleY": 1.0,
            "scaleZ": 1.0,
        },
        "CustomImage": {
            "ImageURL": face,
            "ImageSecondaryURL": image_link(back, base_url),
            "ImageScalar": 1.0,
            "WidthScale": 0.0,
            "CustomTile": {"Type": kind, "Thickness": 0.2, "Stackable": False, "Stretch": True},
        },
    }


def _jpeg(image: Any) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=92, subsampling=0)
    return buffer.getvalue()
