"""The tokens component: groups of cut pieces (counters, cues) and player aids, in one PDF.

Each group is imposed through components/imposed.py (its own grid, duplex backs, marks); the
player aids follow, single-sided. Drawing is in draw/tokens.py.
"""

from __future__ import annotations

from pathlib import Path

from printkit.components.deck_checks import at
from printkit.components.imposed import home_grid, render_pieces
from printkit.draw.icons import kit_icons
from printkit.draw.tokens import AidPainter, PiecePainter
from printkit.errors import Location
from printkit.kit import Kit
from printkit.layout.sizes import Size
from printkit.load.schema import Record, validate_document, where
from printkit.model.tokens import TOKENS, Tokens
from printkit.output import new_canvas


def load(kit: Kit, component_id: str) -> Tokens:
    doc = kit.document(component_id)
    raw = validate_document(doc, TOKENS)
    t = Tokens(dict(raw.groups), raw.aid, doc.file)
    _check_emblems(kit, t)
    if kit.options.profile == "home":
        for g in t.groups.values():
            home_grid(kit, Size(g.width, g.height), where(g) or Location(doc.file))
        if t.aid:
            home_grid(kit, Size(t.aid.width, t.aid.height), where(t.aid) or Location(doc.file))
    return t


def _check_emblems(kit: Kit, t: Tokens) -> None:
    """Every emblem names an icon of the kit's library (did-you-mean when it does not)."""
    from printkit.draw.text import INLINE_ICON
    from printkit.errors import Collector

    library, errors = kit_icons(kit), Collector()
    for group in t.groups.values():
        sides = [(group, group.emblem)] + ([(group.back, group.back.emblem)] if group.back else [])
        for owner, name in sides:
            if name and name not in library:
                errors.add(
                    where(owner, "emblem") or where(group) or Location(t.file),
                    library.unknown(name),
                )
        for element in group.back.face if group.back else []:
            names = [element.icon] if element.element == "icon" and element.icon else []
            for name in names + INLINE_ICON.findall(element.text or ""):
                if "{" not in name and name not in library:
                    errors.add(at(element, "icon"), library.unknown(name))
    errors.raise_if_any()


def preflight(kit: Kit, component_id: str) -> None:
    """Draw every piece back built from face elements on a canvas never saved: their texts
    must fit (an input error at the element, as a build would find)."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from printkit.draw.elements import ElementOverflow
    from printkit.errors import fail
    from printkit.layout.geometry import Rect

    t: Tokens = kit.model(component_id)
    c = Canvas(io.BytesIO())
    for group in t.groups.values():
        if not (group.back and group.back.face):
            continue
        painter = PiecePainter(c, group, 0.0, kit_icons(kit))
        for piece in group.pieces:
            try:
                painter.draw_back_face(piece, Rect(0, 0, group.width, group.height))
            except ElementOverflow as exc:
                raise fail(
                    at(exc.element, "text"),
                    f"piece {piece.label or piece.colour_id!r}: the {exc.attr} of this "
                    f"{exc.element.element} element does not fit the back even at "
                    f"{exc.overflow.min_size:g} pt; shorten it or enlarge its box",
                ) from None


def schema(kit: Kit | None = None, component_id: str | None = None) -> Record:
    """The data file's schema, for `printkit schema` and the data-format docs."""
    return TOKENS


def output_name(kit: Kit, component_id: str) -> str:
    return f"{component_id}.pdf"


def render(kit: Kit, component_id: str, path: Path, progress=None) -> int:
    t: Tokens = kit.model(component_id)
    title = f"{kit.manifest.title}: {kit.spec(component_id).title or component_id}"
    first = kit.options.paper_size
    c = new_canvas(path, (first.width, first.height), title, kit.name)
    pages = 0
    for group in t.groups.values():
        items = [piece for piece in group.pieces for _ in range(piece.count)]
        pages += render_pieces(
            kit,
            component_id,
            path,
            items,
            Size(group.width, group.height),
            lambda cv, bleed, g=group: PiecePainter(cv, g, bleed, kit_icons(kit)),
            where(group) or Location(t.file),
            progress,
            canvas=c,
        )
    if t.aid:
        aid = t.aid
        pages += render_pieces(
            kit,
            component_id,
            path,
            list(range(aid.count)),
            Size(aid.width, aid.height),
            lambda cv, bleed: AidPainter(cv, aid, bleed),
            where(aid) or Location(t.file),
            progress,
            with_backs=False,
            canvas=c,
        )
    c.save()
    return pages
