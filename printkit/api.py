"""The plug-in API: what a component type or a game gives printkit, and when printkit asks.

A *component type* turns one kind of data file (a deck, tiles, a map...) into PDFs; a
*game* adds the rules of one game to `printkit check` and the reports. Both are objects that
kit.yaml names: `type: deck` for a component, `rules: {module: <game>}` for a game.
printkit finds them by that name (printkit/plugins.py) through an entry point (groups
`printkit.components` and `printkit.games`) that names the object, e.g.
`label-sheet = "club_labels.component:LABEL_SHEET"` (tests/fixtures/club_labels): an installed
package's, or one of printkit's own packages' entry_points.txt, loaded the same way.

`ComponentType` and `Game` are the protocols the engine calls, every member of them: the engine
never asks whether a member exists. `Component` and `GameRules` are base classes that give each
optional member its documented default, so a plug-in writes only what it does differently.
docs/architecture.md ("The plug-in API") says when each member is called. A `Kit` is what was
read and no member changes it; what a build derives (a component's layout) is kept in the
build's `Derived`, which the members that lay out or draw take after the kit.

`__all__` is what a plug-in author imports, and all a game package may import (an import-linter
contract): these, the means of printkit's own types (a data file's record: `record`, `spec`,
`record_of`, `validate_document` and the schema types; `fieldwise`, the `@dataclass` whose
methods are shared rather than compiled at every start), and what drawing needs: cut pieces
imposed by `render_groups`, whole sheets from `start_sheet` or `new_canvas`, plans tiled by
`render_plan`, the kit's fonts (`font`), text fitting, colours, icons. Names whose modules a
build may not need (the checks, the reports, the drawing library) are imported on first use.
"""

from __future__ import annotations

import collections.abc
import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from printkit.core.errors import Collector, Diagnostic, InputError, Location, fail
from printkit.core.fieldwise import fieldwise
from printkit.kit import Derived, Kit, component_of_type, load_kit
from printkit.layout.geometry import Rect
from printkit.layout.shapes import Shape
from printkit.layout.sizes import PAPER, Size
from printkit.layout.units import UNIT_POINTS, mm, to_mm
from printkit.load.records import record, record_of, spec
from printkit.load.schema import (
    Bool,
    Choice,
    Color,
    Context,
    Either,
    Field,
    Id,
    Int,
    Length,
    ListOf,
    MapOf,
    Number,
    Record,
    Str,
    Type,
    located,
    validate_document,
    where,
)
from printkit.model.cards import Card, Deck

# ---- element kinds: what a kind's module imports (printkit/elements/, a game's kinds) ----------
from printkit.model.face import (
    Element,
    Lettered,
    Sized,
    Worded,
    align_key,
    caption_key,
    colour_key,
    element_kind,
    field_key,
    fill_key,
    font_key,
    line_width_key,
    max_lines_key,
    spacing_key,
    text_key,
    valign_key,
)
from printkit.model.fromdata import FromField, MissingValue, fill_placeholders, format_value
from printkit.model.items import ItemList, ItemModel

# ---- end of the element kinds' imports --------------------------------------------------------
from printkit.render.pieces import Painter, PieceGroup, Progress

if TYPE_CHECKING:  # imported on first use (see __getattr__): a build may need none of them
    from printkit.checks import Finding, Problem, RuleSet, Severity, run_checks
    from printkit.checks.data_rules import DATA_RULES
    from printkit.core.limits import MAX_CHECK_GAMES
    from printkit.core.progress import ticking
    from printkit.draw.colour import colour, shade, tint
    from printkit.draw.elements import ElementPainter, Palette
    from printkit.draw.emblems import polygon
    from printkit.draw.fonts import ascent_descent, font, fonts_of, role_font, text_width
    from printkit.draw.icons import BUILTIN, Colours, Icon, IconLibrary, draw_emblem, emblem_icon
    from printkit.draw.mapmarks import compass_rose, wave_mark
    from printkit.draw.pictograms import arrow_head
    from printkit.draw.sheet import draw_own_legend, draw_own_mark, draw_page_label, draw_scale_bar
    from printkit.draw.text import draw_fitted, draw_line_fitted, fit_text
    from printkit.layout.hexgrid import BoardGrid
    from printkit.layout.imposition import KEEP_OUT, STROKE_ROOM
    from printkit.load.yamlsafe import PathKey
    from printkit.model.wording import fill, labels_spec, word
    from printkit.output import new_canvas
    from printkit.render.imposed import home_grid, render_groups, safe_area
    from printkit.render.links import data_inputs, used_model
    from printkit.render.pages import mark_own_sheet, sheet_label, start_sheet
    from printkit.render.tiled import render_plan
    from printkit.reports.composition import Deal
    from printkit.reports.sim_report import (
        Chart,
        Figure,
        SimReport,
        histogram,
        mean,
        percent,
        spread,
    )

__all__ = [
    "BUILTIN",
    "BoardGrid",
    "Bool",
    "Card",
    "Chart",
    "Choice",
    "Collector",
    "Color",
    "Colours",
    "Component",
    "ComponentType",
    "Context",
    "DATA_RULES",
    "Deal",
    "Deck",
    "Derived",
    "Diagnostic",
    "Either",
    "Field",
    "Figure",
    "Finding",
    "Game",
    "GameRules",
    "IconLibrary",
    "Id",
    "InputError",
    "Int",
    "ItemList",
    "ItemModel",
    "KEEP_OUT",
    "Kit",
    "Length",
    "ListOf",
    "Location",
    "MAX_CHECK_GAMES",
    "MapOf",
    "Number",
    "PAPER",
    "Painter",
    "PathKey",
    "PieceGroup",
    "Problem",
    "Progress",
    "Record",
    "Rect",
    "RuleSet",
    "STROKE_ROOM",
    "Severity",
    "Shape",
    "SimReport",
    "Size",
    "Str",
    "Type",
    "UNIT_POINTS",
    "arrow_head",
    "ascent_descent",
    "colour",
    "component_of_type",
    "data_inputs",
    "draw_emblem",
    "draw_fitted",
    "draw_line_fitted",
    "draw_own_legend",
    "draw_own_mark",
    "draw_page_label",
    "draw_scale_bar",
    "fail",
    "fieldwise",
    "fill",
    "fit_text",
    "font",
    "fonts_of",
    "histogram",
    "home_grid",
    "labels_spec",
    "load_kit",
    "located",
    "mean",
    "mm",
    "new_canvas",
    "percent",
    "record",
    "record_of",
    "render_groups",
    "mark_own_sheet",
    "render_plan",
    "role_font",
    "run_checks",
    "safe_area",
    "shade",
    "sheet_label",
    "spec",
    "spread",
    "start_sheet",
    "text_width",
    "ticking",
    "tint",
    "to_mm",
    "used_model",
    "validate_document",
    "where",
    "word",
    # element kinds (printkit/elements/; a game's own kinds, its `element_kinds`)
    "Element",
    "ElementPainter",
    "FromField",
    "Lettered",
    "MissingValue",
    "Palette",
    "Sized",
    "Worded",
    "align_key",
    "caption_key",
    "colour_key",
    "element_kind",
    "field_key",
    "fill_key",
    "fill_placeholders",
    "font_key",
    "format_value",
    "line_width_key",
    "max_lines_key",
    "spacing_key",
    "text_key",
    "valign_key",
    # a game's own pictograms (its `icons`)
    "Icon",
    "emblem_icon",
    "polygon",
    "wave_mark",
    "compass_rose",
]

# Names of __all__ whose modules a component type's import must not pull in (the checks and the
# reports, the drawing library): a plug-in imports them from here all the same, on first use.
_ON_FIRST_USE = {
    "BUILTIN": "printkit.draw.icons",
    "BoardGrid": "printkit.layout.hexgrid",
    "Chart": "printkit.reports.sim_report",
    "Colours": "printkit.draw.icons",
    "DATA_RULES": "printkit.checks.data_rules",
    "Deal": "printkit.reports.composition",
    "Figure": "printkit.reports.sim_report",
    "Finding": "printkit.checks",
    "IconLibrary": "printkit.draw.icons",
    "KEEP_OUT": "printkit.layout.imposition",
    "MAX_CHECK_GAMES": "printkit.core.limits",
    "PathKey": "printkit.load.yamlsafe",
    "Problem": "printkit.checks",
    "RuleSet": "printkit.checks",
    "STROKE_ROOM": "printkit.layout.imposition",
    "Severity": "printkit.checks",
    "SimReport": "printkit.reports.sim_report",
    "arrow_head": "printkit.draw.pictograms",
    "ascent_descent": "printkit.draw.fonts",
    "colour": "printkit.draw.colour",
    "data_inputs": "printkit.render.links",
    "draw_emblem": "printkit.draw.icons",
    "draw_fitted": "printkit.draw.text",
    "draw_line_fitted": "printkit.draw.text",
    "draw_own_legend": "printkit.draw.sheet",
    "draw_own_mark": "printkit.draw.sheet",
    "draw_page_label": "printkit.draw.sheet",
    "draw_scale_bar": "printkit.draw.sheet",
    "fill": "printkit.model.wording",
    "fit_text": "printkit.draw.text",
    "font": "printkit.draw.fonts",
    "fonts_of": "printkit.draw.fonts",
    "histogram": "printkit.reports.sim_report",
    "home_grid": "printkit.render.imposed",
    "labels_spec": "printkit.model.wording",
    "mean": "printkit.reports.sim_report",
    "new_canvas": "printkit.output",
    "percent": "printkit.reports.sim_report",
    "render_groups": "printkit.render.imposed",
    "render_plan": "printkit.render.tiled",
    "role_font": "printkit.draw.fonts",
    "run_checks": "printkit.checks",
    "safe_area": "printkit.render.imposed",
    "shade": "printkit.draw.colour",
    "spread": "printkit.reports.sim_report",
    "start_sheet": "printkit.render.pages",
    "sheet_label": "printkit.render.pages",
    "mark_own_sheet": "printkit.render.pages",
    "text_width": "printkit.draw.fonts",
    "ticking": "printkit.core.progress",
    "tint": "printkit.draw.colour",
    "used_model": "printkit.render.links",
    "word": "printkit.model.wording",
    # what an element kind draws on (the drawing library: only when faces are drawn)
    "ElementPainter": "printkit.draw.elements",
    "Palette": "printkit.draw.elements",
    "Icon": "printkit.draw.icons",
    "emblem_icon": "printkit.draw.icons",
    "polygon": "printkit.draw.emblems",
    "wave_mark": "printkit.draw.mapmarks",
    "compass_rose": "printkit.draw.mapmarks",
}


def __getattr__(name: str) -> Any:
    if name not in _ON_FIRST_USE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_ON_FIRST_USE[name]), name)
    globals()[name] = value
    return value


class CardLooks(Protocol):
    """What a card's picture and layout are made from, as digests (live/looks.py's `DeckLooks`,
    made by the watching process of `build --watch` and serve for a type with cards)."""

    shared: str  # the deck's settings that change drawing, the kit's fonts, printkit's code
    file_icons: dict[str, str]  # the kit's own icon files by name

    def card_inputs(self, card: Card) -> tuple[str, ...]:
        """What changes how `card` looks besides `shared`."""
        ...

    def kind(self, name: str) -> str:
        """The digest of a kind (its face, colours, own back)."""
        ...

    def file(self, relative: str) -> str:
        """The digest of a kit file's bytes."""
        ...


class LayoutKeeper(Protocol):
    """One layout of one component in a watching process (`build --watch`, serve): it offers
    the component's layout what an earlier kit object measured, and says what to keep of the
    layout this kit made (a type's `layout_keeper`)."""

    measured: int  # the designs this layout measured (the others were taken as kept)

    def remember(self) -> None:
        """Take note of every design of a layout this kit made without a keeper."""

    def kept(self) -> collections.abc.Sized | None:
        """What to keep of the layout this kit made (its designs by key: handed back to the
        next kit's `layout_keeper` as `earlier`); None when the kit made none to keep."""


class ComponentType(Protocol):
    """A kind of printed thing. Every member takes the kit (what was read, which it never
    changes) and the component's id in kit.yaml; those that lay out or draw (`render`,
    `preflight`, `print_findings`, `piece_groups`, `layout_keeper`) also take the build's
    `Derived`, after the kit: where what the build derives (a component's layout) is kept."""

    # what it can do, asked by the engine instead of comparing type names
    has_cards: ClassVar[bool]  # its model is a Deck: card previews, deck reports, card exports
    item_list: ClassVar[
        ItemList | None
    ]  # its data's items, as the data rules (`checks:`) read them
    has_pieces: ClassVar[bool]  # it prints cut pieces: piece_groups() gives them, it may gang
    gangs_by_default: ClassVar[bool]  # --gang packs it without kit.yaml listing it
    # its cut pieces export as pictures (`export --images`, `export --tts`): each PieceGroup of
    # piece_groups() names its pieces' designs and the key of the back behind each
    exports_pieces: ClassVar[bool]
    # its own check warns of text too small and images too coarse (the deck's FACE004 and
    # FACE002, against its `min_text_size` and `min_image_dpi`); `check` measures every other
    # type's as its `preflight` draws them (build/drawchecks.py: FACE004 and FACE005)
    measures_faces: ClassVar[bool]

    def load(self, kit: Kit, component_id: str) -> object:
        """Validate the data file and build the model (InputError on bad data). Called once per
        kit and component, through `Kit.model()`; everything else reads the model from there."""

    def schema(self, kit: Kit | None = None, component_id: str | None = None) -> Record:
        """The data file's schema: generic without a kit (docs, JSON Schema), else for this
        component's own declarations (`printkit schema`)."""

    def render(
        self,
        kit: Kit,
        derived: Derived,
        component_id: str,
        path: Path,
        progress: Progress | None = None,
    ) -> int:
        """Draw the model into `path` (and each of more_outputs() beside it); return the page
        count. Called by the build for a stale component, with the kit's fonts in force; what
        laying it out derives is kept in `derived` (the build's), never on the kit."""

    def output_name(self, kit: Kit, component_id: str) -> str:
        """The file render() writes at `path` in the kit's output folder (default <id>.pdf)."""

    def more_outputs(self, kit: Kit, component_id: str) -> list[str]:
        """Further files the same render() writes, each at `more_output_path(path, name)`
        (default none)."""

    def preflight(self, kit: Kit, derived: Derived, component_id: str) -> None:
        """Lay the model out without writing a PDF, raising what only drawing finds as input
        errors (text that cannot fit). Called by `printkit check` (default: nothing)."""

    def print_findings(self, kit: Kit, derived: Derived, component_id: str) -> list[Finding]:
        """Findings only drawing finds (text outside the safe area, a character the font lacks,
        an image too coarse). Called by `printkit check` and by a build's rules gate for the
        components it rebuilds (default none)."""

    def piece_groups(self, kit: Kit, derived: Derived, component_id: str) -> list[PieceGroup]:
        """The cut pieces it prints, for gang sheets (has_pieces; default none)."""

    def inputs(self, kit: Kit, component_id: str) -> list[Path]:
        """Every file the output depends on besides kit.yaml and the code: its data file, and
        the images, fonts, icons, sheets and used components' files it reads (default: its data
        file). The incremental build, `build --watch` and `serve` rebuild when one changes."""

    def layout_keeper(
        self,
        kit: Kit,
        derived: Derived,
        component_id: str,
        looks: CardLooks,
        earlier: object | None,
    ) -> LayoutKeeper | None:
        """For a type with cards under `build --watch` and serve: what this kit's layout of the
        component may reuse of `earlier` (what an earlier kit's keeper `kept()`, given only while
        the options and `looks.shared` are the same), and keeps of its own, so that a one-card
        edit lays out one card (default None: nothing kept, everything measured afresh)."""

    def board_grids(self, kit: Kit, component_id: str) -> list[BoardGrid] | None:
        """None when it is not a board; else it is one page, drawn by render() with no bleed
        on the shop profile, that a table-top program shows as a board, with these grids on
        it (`printkit export --vassal`; default None)."""


class Component:
    """A component type's optional members with their defaults (see ComponentType)."""

    has_cards: ClassVar[bool] = False
    item_list: ClassVar[ItemList | None] = None
    has_pieces: ClassVar[bool] = False
    gangs_by_default: ClassVar[bool] = False
    exports_pieces: ClassVar[bool] = False
    measures_faces: ClassVar[bool] = False

    def output_name(self, kit: Kit, component_id: str) -> str:
        return f"{component_id}.pdf"

    def more_outputs(self, kit: Kit, component_id: str) -> list[str]:
        return []

    def preflight(self, kit: Kit, derived: Derived, component_id: str) -> None:
        return None

    def print_findings(self, kit: Kit, derived: Derived, component_id: str) -> list[Finding]:
        return []

    def piece_groups(self, kit: Kit, derived: Derived, component_id: str) -> list[PieceGroup]:
        return []

    def layout_keeper(
        self,
        kit: Kit,
        derived: Derived,
        component_id: str,
        looks: CardLooks,
        earlier: object | None,
    ) -> LayoutKeeper | None:
        return None

    def board_grids(self, kit: Kit, component_id: str) -> list[BoardGrid] | None:
        return None

    def inputs(self, kit: Kit, component_id: str) -> list[Path]:
        spec = kit.spec(component_id)
        if spec.file is None:
            return []
        return [kit.data_path(spec.file, where(spec, "file") or Location(kit.manifest_file))]


class Game(Protocol):
    """A game's rules in Python, for what a kit's rules file cannot say as data (`checks:`)."""

    plays: ClassVar[bool]  # simulate() plays the game (else `printkit simulate` deals decks)
    scores: ClassVar[bool]  # score() scores a finished game (`printkit score`)
    # the game's own element kinds (Element subclasses made kinds by @element_kind), which its
    # kits' faces may use besides the built-in ones (printkit/elements/)
    element_kinds: ClassVar[tuple[type[Element], ...]]
    # the game's own icons (pictograms), which its kits name besides the built-in ones
    icons: ClassVar[tuple[Icon, ...]]

    @property
    def schema(self) -> Record:
        """The schema of the kit's rules file, `record_of(Rules)` of a @record dataclass: also
        the typed model its checks read through `kit.rules_as(Rules)`."""

    @property
    def rules(self) -> RuleSet:
        """The checks `printkit check` and a build's rules gate run; each rule's docstring
        explains it (`printkit rules`, docs/checks.md)."""

    def card_markers(self, kit: Kit, component_id: str) -> dict[str, str]:
        """Markers for cards of deck `component_id` (card id -> marker text, e.g. "4P" on cards
        some player count leaves out), set while the deck is loaded (default none)."""

    def deal(
        self, kit: Kit, component_id: str, deck: Deck, players: int | None
    ) -> list[Deal] | None:
        """What each player count leaves to draw, for `printkit deck` and `serve`'s reports;
        None to let the rules file's data `deal` check say it (the default)."""

    def cards_in_play(self, kit: Kit, component_id: str, deck: Deck, players: int | None) -> Deck:
        """The deck as `players` players use it, for `printkit deck --players` (without the
        cards that player count's setup leaves out); the whole deck by default."""

    def extra_outputs(self, kit: Kit) -> dict[str, str]:
        """Text files written beside the PDFs on every build that rebuilds anything (file name
        -> text, e.g. a pick list); the build prints each one (default none)."""

    def simulate(self, kit: Kit, players: int | None, runs: int, seed: int) -> SimReport:
        """`printkit simulate` when `plays`: the game played `runs` times from its data, the
        same numbers for the same seed."""

    def score(self, kit: Kit, text: str, source: str, last: str | None) -> tuple[list[str], int]:
        """`printkit score` when `scores`: the lines to print for a finished game written as
        `text` (read from `source`, for messages), and the exit code."""


class GameRules:
    """A game's optional members with their defaults (see Game): a game gives its `schema` and
    `rules` and overrides what it adds."""

    plays: ClassVar[bool] = False
    scores: ClassVar[bool] = False
    element_kinds: ClassVar[tuple[type[Element], ...]] = ()
    icons: ClassVar[tuple[Icon, ...]] = ()

    def __init__(self, schema: Record, rules: RuleSet) -> None:
        self._schema = schema
        self._rules = rules

    @property
    def schema(self) -> Record:
        return self._schema

    @property
    def rules(self) -> RuleSet:
        return self._rules

    def card_markers(self, kit: Kit, component_id: str) -> dict[str, str]:
        return {}

    def deal(
        self, kit: Kit, component_id: str, deck: Deck, players: int | None
    ) -> list[Deal] | None:
        return None

    def cards_in_play(self, kit: Kit, component_id: str, deck: Deck, players: int | None) -> Deck:
        return deck

    def extra_outputs(self, kit: Kit) -> dict[str, str]:
        return {}

    def simulate(self, kit: Kit, players: int | None, runs: int, seed: int) -> SimReport:
        raise NotImplementedError(f"{self.rules.game} does not play (plays is False)")

    def score(self, kit: Kit, text: str, source: str, last: str | None) -> tuple[list[str], int]:
        raise NotImplementedError(f"{self.rules.game} does not score (scores is False)")
