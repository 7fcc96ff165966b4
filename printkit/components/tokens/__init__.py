"""`type: tokens`: groups of cut pieces (counters, pawns) and player aids, in one PDF.

This package owns the tokens type whole: its model (`model.py`), its drawing (`draw.py`), the
shop files of each size (`files.py`) and the members below. Each group is imposed through
render/imposed.py (its own grid, duplex backs, marks); the player aids follow, single-sided.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from printkit.api import Component, ComponentType, Derived, PieceGroup, Progress
from printkit.checks import Finding
from printkit.components.tokens.draw import AidPainter, PiecePainter
from printkit.components.tokens.files import shop_files
from printkit.components.tokens.model import PIECE_FIELDS, TOKENS, Aid, Group, Piece, Tokens
from printkit.core.errors import Collector, InputError, Location, fail
from printkit.draw.elements import ElementOverflow
from printkit.draw.fonts import KitCanvas
from printkit.draw.icons import IconLibrary
from printkit.draw.text import INLINE_ICON
from printkit.kit import Kit
from printkit.layout.colourvision import hard_pairs
from printkit.layout.geometry import Rect
from printkit.layout.sizes import Size
from printkit.load.schema import Record, validate_document, where
from printkit.model.backs import piece_back
from printkit.model.face import Areas, Element, element_fields
from printkit.model.shape import points_outside, sized
from printkit.render import more_output_path
from printkit.render.face_checks import (
    at,
    check_bindings,
    check_box,
    check_conditions,
    check_named_fields,
    check_problems,
)
from printkit.render.imposed import home_grid, render_groups, safe_area
from printkit.render.links import data_inputs


def load(kit: Kit, component_id: str) -> Tokens:
    doc = kit.document(component_id)
    t: Tokens = validate_document(doc, TOKENS)
    t.file = doc.file
    _sizes(t)
    _check_emblems(kit, t)
    _check_faces(t)
    if kit.options.profile == "home":
        for g in t.groups.values():
            home_grid(kit, Size(g.width, g.height), where(g) or Location(doc.file), g.cut())
        if t.aid:
            home_grid(kit, Size(t.aid.width, t.aid.height), where(t.aid) or Location(doc.file))
    return t


def _sizes(t: Tokens) -> None:
    """Each group's width and height: given, or from its shape's `across`."""
    errors = Collector()
    for name, g in t.groups.items():
        box = sized(g.shape)
        if box is not None:
            if g.width or g.height:
                errors.add(
                    where(g, "width" if g.width else "height") or where(g) or Location(t.file),
                    f"group {name!r}: give either width and height or the shape's `across`, "
                    "not both",
                )
            g.width, g.height = box.width, box.height
        elif not (g.width and g.height):
            errors.add(
                where(g) or Location(t.file),
                f"group {name!r} needs a width and a height (or a shape with `across`, e.g. "
                "shape: {kind: hexagon, across: 76mm})",
            )
        problem = points_outside(g.shape, Size(g.width, g.height)) if g.width else None
        if problem:
            errors.add(where(g, "shape") or where(g) or Location(t.file), problem)
    errors.raise_if_any()


def _check_emblems(kit: Kit, t: Tokens) -> None:
    """Every emblem names an icon of the kit's library (did-you-mean when it does not)."""
    library, errors = kit.icons(), Collector()
    for group in t.groups.values():
        sides = [(group, group.emblem)] + ([(group.back, group.back.emblem)] if group.back else [])
        for owner, name in sides:
            if name and name not in library:
                errors.add(
                    where(owner, "emblem") or where(group) or Location(t.file),
                    library.unknown(name),
                )
        for element in group.face + (group.back.face if group.back else []):
            names = [name for _, name in element.icons()]
            texts = [text for key, text in element.placeholder_texts() if key == "text"]
            for name in names + INLINE_ICON.findall("".join(texts)):
                if "{" not in name and name not in library:
                    errors.add(at(element, "icon"), library.unknown(name))
    errors.raise_if_any()


def _faces(name: str, group: Group) -> list[tuple[str, Element]]:
    """(where it is, element) of every face element of a group, front and back."""
    out = [(f"the face of group {name!r}", e) for e in group.face]
    return out + [
        (f"the back of group {name!r}", e) for e in (group.back.face if group.back else [])
    ]


def _field_values(group: Group) -> dict[str, list[Any]]:
    """Every field the group's pieces give -> the values they give it."""
    values: dict[str, list[Any]] = {name: [] for name in PIECE_FIELDS}
    for piece in group.pieces:
        for name in {*PIECE_FIELDS, *piece.fields}:
            values.setdefault(name, []).append(piece.get(name))
    return values


def _as_declared(values: list[Any]) -> SimpleNamespace:
    """What a condition may compare a piece field with: a number, or one of the values given."""
    numbers = all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)
    return SimpleNamespace(
        type="number" if numbers else "choice", choices=sorted(set(map(str, values)))
    )


def _check_faces(t: Tokens) -> None:
    """Face elements name fields the pieces have (and values they take), fit on the piece, and
    read as their properties for every piece."""
    errors = Collector()
    for name, group in t.groups.items():
        placed = _faces(name, group)
        given = _field_values(group)
        check_named_fields(placed, set(given), errors, element_fields, noun="piece")
        declared = {field: _as_declared(values) for field, values in given.items()}
        check_conditions(placed, declared.get, errors)
        check_problems(placed, errors)
        areas = Areas(group.width, group.height, 0.0, 0.0)
        for place, element in placed:
            check_box(place, element, areas, errors, noun="piece")
        if not errors.diagnostics:
            pieces = [
                (f"piece {p.label or p.colour_id!r}", p, [e for _, e in placed])
                for p in group.pieces
            ]
            check_bindings(pieces, _piece_field_at, errors, areas)
    errors.raise_if_any()


def _piece_field_at(piece: Piece, name: str) -> Location:
    return where(piece, name) or where(piece, "fields") or where(piece) or Location("?")


def preflight(kit: Kit, derived: Derived, component_id: str) -> None:
    """Draw every piece back built from face elements on a canvas never saved: their texts
    must fit (an input error at the element, as a build would find)."""
    t = kit.model_as(component_id, Tokens)
    c = KitCanvas(io.BytesIO(), role_fonts=kit.fonts())
    for group in t.groups.values():
        sides = [("face", PiecePainter.place_front)] if group.face else []
        sides += [("back", PiecePainter.draw_back_face)] if group.back and group.back.face else []
        painter = PiecePainter(c, group, 0.0, kit.icons())
        for piece in group.pieces:
            for side, draw in sides:
                try:
                    draw(painter, piece, Rect(0, 0, group.width, group.height))
                except ElementOverflow as exc:
                    raise fail(
                        at(exc.element, "text"),
                        f"piece {piece.label or piece.colour_id!r}: the {exc.attr} of this "
                        f"{exc.element.kind} element does not fit the {side} even at "
                        f"{exc.overflow.min_size:g} pt; shorten it or enlarge its box",
                    ) from None


def schema(kit: Kit | None = None, component_id: str | None = None) -> Record:
    """The data file's schema, for `printkit schema` and the data-format docs."""
    return TOKENS


def output_name(kit: Kit, component_id: str) -> str:
    names = _shop_names(kit, component_id)
    return names[0] if names else f"{component_id}.pdf"


def more_outputs(kit: Kit, component_id: str) -> list[str]:
    """Shop: one file per trim size (see token_files); the first is output_name."""
    return _shop_names(kit, component_id)[1:]


def _shop_names(kit: Kit, component_id: str) -> list[str]:
    """The shop files' names; none at home, or while the data has errors (the build reports
    every error before it asks again)."""
    if kit.options.profile != "shop":
        return []
    try:
        return [f.name for f in shop_files(component_id, kit.model(component_id))]
    except InputError:
        return []


def piece_groups(kit: Kit, derived: Derived, component_id: str) -> list[PieceGroup]:
    """Every group of pieces, then the player aids (single-sided), as the PDF prints them."""
    t = kit.model_as(component_id, Tokens)
    return _groups_of(kit, t, list(t.groups.values()), t.aid)


def _groups_of(kit: Kit, t: Tokens, groups: list[Group], aid: Aid | None) -> list[PieceGroup]:
    """These groups of pieces, then the player aids (single-sided), as a PDF prints them."""
    names = {id(group): name for name, group in t.groups.items()}
    icons = kit.icons()
    out = [_group(t, names.get(id(group), "token"), group, icons) for group in groups]
    if aid:
        out.append(
            PieceGroup(
                list(range(aid.count)),
                Size(aid.width, aid.height),
                lambda cv, bleed: AidPainter(cv, aid, bleed),
                where(aid) or Location(t.file),
                with_backs=False,
                describe=lambda _item: "the player aid",
                design=lambda _item: "aid",
                own=_own(aid.source),
            )
        )
    return out


def _group(t: Tokens, name: str, group: Group, icons: IconLibrary) -> PieceGroup:
    def painter(c: Canvas, bleed: float) -> PiecePainter:
        return PiecePainter(c, group, bleed, icons)

    def locate(piece: Piece) -> Location:
        return where(piece) or where(group) or Location(t.file)

    def describe(piece: Piece) -> str:
        return f"{name} piece {piece.label or piece.colour_id!r}"

    designs = design_names(name, group.pieces)

    def back_key(piece: Piece) -> str:
        design = designs[id(piece)]
        return piece_back(None, group.back, design, "back", reads_piece=True)[0]

    return PieceGroup(
        [piece for piece in group.pieces for _ in range(piece.count)],
        Size(group.width, group.height),
        painter,
        where(group) or Location(t.file),
        with_backs=group.sides == 2,
        locate=locate,
        describe=describe,
        shape=group.cut(),
        design=lambda piece: designs[id(piece)],
        back_key=back_key,
        own=_own(group.source),
    )


def _own(source: str | None) -> Callable[[object], bool] | None:
    """Every piece of a group (or aid) labelled `source: ours` carries the mark of the kit's
    own rules (render/pieces.PieceGroup.own); None when it is the game's."""
    return (lambda _piece: True) if source == "ours" else None


def design_names(group: str, pieces: list[Piece]) -> dict[int, str]:
    """Each piece's design name for the exports, by its `id()`: `<group>-<colour_id>`, with
    `-2`, `-3`... after a name an earlier piece of the group already has."""
    out: dict[int, str] = {}
    seen: dict[str, int] = {}
    for piece in pieces:
        base = f"{group}-{piece.colour_id}"
        seen[base] = seen.get(base, 0) + 1
        out[id(piece)] = base if seen[base] == 1 else f"{base}-{seen[base]}"
    return out


def render(
    kit: Kit, derived: Derived, component_id: str, path: Path, progress: Progress | None = None
) -> int:
    """Every group of pieces, then the player aids, in one PDF (sheets numbered across it); in a
    shop build, one PDF per trim size (components/tokens/files.py)."""
    if kit.options.profile != "shop":
        return render_groups(
            kit, component_id, path, piece_groups(kit, derived, component_id), progress
        )
    t = kit.model_as(component_id, Tokens)
    pages = 0
    for number, part in enumerate(shop_files(component_id, t)):
        target = path if number == 0 else more_output_path(path, part.name)
        groups = _groups_of(kit, t, list(part.groups), part.aid)
        pages += render_groups(kit, component_id, target, groups, progress)
    return pages


def print_findings(kit: Kit, derived: Derived, component_id: str) -> list[Finding]:
    """What only drawing finds, for `printkit check`: text outside a piece's safe area, and
    player colours a red-green colour-blind player can hardly tell apart (FACE003)."""
    tokens = kit.model_as(component_id, Tokens)
    return safe_area(piece_groups(kit, derived, component_id), kit) + side_colour_findings(tokens)


def side_colour_findings(tokens: Tokens) -> list[Finding]:
    """FACE003 for each pair of player colours (each colour_id's first piece colour) that a
    deuteranope or protanope can hardly tell apart (layout/colourvision.py): at the second."""
    first: dict[str, Piece] = {}
    for group in tokens.groups.values():
        for piece in group.pieces:
            first.setdefault(piece.colour_id, piece)
    pairs = hard_pairs((side, piece.colour) for side, piece in first.items())
    return [
        Finding(
            "FACE003",
            "warning",
            f"sides {a!r} ({first[a].colour}) and {b!r} ({first[b].colour}) are hard to tell "
            f"apart with {deficiency} (colour distance {distance:.0f}, as such a player sees "
            "them): make one lighter or darker, or tell them apart by a label or emblem too",
            where(first[b], "colour") or Location(tokens.file),
        )
        for a, b, deficiency, distance in pairs
    ]


class TokensType(Component):
    """`type: tokens`: this module's functions (printkit/api.py says when each is called)."""

    has_pieces = True
    gangs_by_default = True
    exports_pieces = True

    load = staticmethod(load)
    inputs = staticmethod(data_inputs)  # the kit's shared files and its data file
    schema = staticmethod(schema)
    render = staticmethod(render)
    output_name = staticmethod(output_name)
    more_outputs = staticmethod(more_outputs)
    preflight = staticmethod(preflight)
    print_findings = staticmethod(print_findings)
    piece_groups = staticmethod(piece_groups)


COMPONENT: ComponentType = TokensType()  # checked against the protocol by mypy
