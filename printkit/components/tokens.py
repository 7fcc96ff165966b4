"""The tokens component: groups of cut pieces (counters, cues) and player aids, in one PDF.

Each group is imposed through components/imposed.py (its own grid, duplex backs, marks); the
player aids follow, single-sided. Drawing is in draw/tokens.py.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from printkit.components import more_output_path
from printkit.components.imposed import home_grid, render_pieces
from printkit.components.token_files import shop_files
from printkit.draw.tokens import AidPainter, PiecePainter
from printkit.errors import InputError, Location
from printkit.kit import Kit
from printkit.layout.sizes import Size
from printkit.load.schema import Record, validate_document, where
from printkit.model.tokens import TOKENS, Group, Tokens
from printkit.output import new_canvas


def load(kit: Kit, component_id: str) -> Tokens:
    doc = kit.document(component_id)
    raw = validate_document(doc, TOKENS)
    t = Tokens(dict(raw.groups), raw.aid, doc.file)
    if kit.options.profile == "home":
        for g in t.groups.values():
            home_grid(kit, Size(g.width, g.height), where(g) or Location(doc.file))
        if t.aid:
            home_grid(kit, Size(t.aid.width, t.aid.height), where(t.aid) or Location(doc.file))
    return t


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


def render(kit: Kit, component_id: str, path: Path, progress=None) -> int:
    t: Tokens = kit.model(component_id)
    if kit.options.profile != "shop":
        return _render_file(kit, component_id, path, list(t.groups.values()), t.aid, progress)
    pages = 0
    for number, part in enumerate(shop_files(component_id, t)):
        target = path if number == 0 else more_output_path(path, part.name)
        pages += _render_file(kit, component_id, target, part.groups, part.aid, progress)
    return pages


def _render_file(kit: Kit, component_id: str, path: Path, groups, aid, progress) -> int:
    t: Tokens = kit.model(component_id)
    title = f"{kit.manifest.title}: {kit.spec(component_id).title or component_id}"
    first = kit.options.paper_size
    c = new_canvas(path, (first.width, first.height), title, kit.name)
    pages = 0
    for group in groups:
        items = [piece for piece in group.pieces for _ in range(piece.count)]
        pages += render_pieces(
            kit,
            component_id,
            path,
            items,
            Size(group.width, group.height),
            _painter_of(group),
            where(group) or Location(t.file),
            progress,
            canvas=c,
        )
    if aid:
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


def _painter_of(group: Group) -> Callable[[Canvas, float], PiecePainter]:
    """A painter factory bound to `group` now (a lambda in the loop would see the last one)."""
    return lambda c, bleed: PiecePainter(c, group, bleed)
