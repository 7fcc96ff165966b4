"""The board component: a ring-track arena drawn from data, one shop page or tiled home sheets.

Carthage's own type, registered in the game's entry_points.txt like an installed plug-in: its
model (`model.py`), the arena's geometry (`geometry.py`) and its drawing (`arena.py`, with the
central barrier in `barrier.py` and the legend in `legend.py`). Printing goes through the API's
`render_plan` (render/tiled.py): the seams avoid every symbol, numeral and legend entry the
drawing reports.

A board may name a deck in its manifest entry (`uses: {cards: <deck id>}`): squares whose kind
`names_card` then show that card's `emblem` field and title.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit.api import (
    Collector,
    Component,
    ComponentType,
    Deck,
    Derived,
    InputError,
    Kit,
    Location,
    Progress,
    Record,
    Rect,
    data_inputs,
    fail,
    located,
    render_plan,
    validate_document,
    where,
)
from printkit.games.carthage.components.board.arena import ArenaPainter
from printkit.games.carthage.components.board.geometry import Arena, fit_arena
from printkit.games.carthage.components.board.model import Board, board_schema


def _declared_kinds(data: object) -> tuple[str, ...]:
    kinds = data.get("square_kinds") if isinstance(data, dict) else None
    return tuple(kinds) if isinstance(kinds, dict) else ()


def schema(kit: Kit | None = None, component_id: str | None = None) -> Record:
    """The data file's schema, for `printkit schema` and the data-format docs."""
    if kit is None or component_id is None:
        return board_schema(())
    return board_schema(_declared_kinds(kit.document(component_id).data))


def load(kit: Kit, component_id: str) -> Board:
    doc = kit.document(component_id)
    b: Board = validate_document(doc, board_schema(_declared_kinds(doc.data)))
    b.card_deck = kit.spec(component_id).uses.get("cards")
    b.file = doc.file
    _check_squares(b, doc.file)
    _check_emblems(kit, b)
    arena(b)  # an input error now if the tracks do not fit the board
    _card_faces(kit, b)
    return b


def _check_emblems(kit: Kit, b: Board) -> None:
    """A square kind's emblem names an icon, built in or the kit's own (did-you-mean when not)."""
    library, errors = kit.icons(), Collector()
    for kind in b.square_kinds.values():
        if kind.emblem and kind.emblem not in library:
            errors.add(where(kind, "emblem") or where(b), library.unknown(kind.emblem))
    errors.raise_if_any()


def _check_squares(b: Board, file: str) -> None:
    errors = Collector()
    if len(set(b.tracks)) != len(b.tracks):
        errors.add(where(b, "tracks"), "track names must be different from each other")
    seen: dict[tuple[str, int], Any] = {}
    for sq in b.squares:
        if sq.track not in b.tracks:
            errors.add(
                where(sq, "track"),
                f"track must be one of {', '.join(b.tracks)}; got {sq.track!r}",
            )
        if sq.at > b.lap:
            errors.add(where(sq, "at"), f"at must be from 1 to {b.lap} (squares per lap)")
        key = (sq.track, sq.at)
        if key in seen:
            errors.add(
                where(sq),
                f"track {sq.track} square {sq.at} is already given at line {located(seen[key]).line}",
            )
        seen[key] = sq
        if b.square_kinds[sq.kind].names_card and not sq.card:
            errors.add(where(sq), f"a {sq.kind} square must name its card (card: ...)")
    for i, stone in enumerate(b.mileage_stones):
        if stone > b.lap:
            errors.add(
                where(b, "mileage_stones") or Location(file),
                f"`mileage_stones` entry {i + 1} at {stone} is beyond the {b.lap} squares of a lap",
            )
    errors.raise_if_any()


def _card_faces(kit: Kit, b: Board) -> None:
    """Emblems and titles of the cards squares name, from the deck the board `uses`."""
    if not b.card_deck:
        return
    try:
        deck = kit.model_as(b.card_deck, Deck)
    except InputError:
        return  # reported when that deck loads on its own
    for card in deck.cards:
        b.card_emblems[card.id] = str(card.get("emblem") or "")
        b.card_titles[card.id] = card.title or card.id


def arena(b: Board) -> Arena:
    area = Rect(
        b.margin,
        b.bottom_band,
        b.size.width - 2 * b.margin,
        b.size.height - b.top_band - b.bottom_band,
    )
    try:
        return fit_arena(
            area,
            b.wall,
            len(b.tracks),
            b.lane_width,
            b.inner_radius,
            b.straight_sectors,
            b.end_sectors,
        )
    except ValueError as exc:
        raise fail(
            where(b, "lane_width") or Location(b.file), f"the arena does not fit: {exc}"
        ) from None


def render(
    kit: Kit, derived: Derived, component_id: str, path: Path, progress: Progress | None = None
) -> int:
    b = kit.model_as(component_id, Board)
    painter = ArenaPainter(b, arena(b), kit.icons(), kit.fonts())
    return render_plan(
        kit,
        component_id,
        path,
        b.size,
        painter.draw,
        avoid=painter.avoid(),
        overlap=b.glue_overlap,
        progress=progress,
        own=b.source == "ours",
        free_corner=b.layout.frame_inset + b.layout.frame_gap,  # the mark inside the frame
    )


def inputs(kit: Kit, component_id: str) -> list[Path]:
    """The files this component's output is drawn from: the kit's shared files, its data
    file and the data of the components it uses (cards)."""
    return data_inputs(kit, component_id, "cards")


class BoardType(Component):
    """`type: board`: this module's functions (printkit/api.py says when each is called)."""

    load = staticmethod(load)
    inputs = staticmethod(inputs)
    schema = staticmethod(schema)
    render = staticmethod(render)


COMPONENT: ComponentType = BoardType()  # checked against the protocol by mypy
