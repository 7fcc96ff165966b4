"""Walk a PDF page's content (and everything it draws) and record what a printer cares about.

The walker keeps the graphics state a printer would (transformation matrix, line width, fill
and stroke colour spaces) and notes, in page coordinates (points):
  - every colour space used to paint: fills, strokes, text, images, shadings, the page's
    transparency group, and what is painted inside tiling patterns, shading patterns, Type 3
    glyphs and the appearances of printable annotations;
  - every stroke's effective line width (hairlines);
  - every image: its pixel size, where it lands, so its effective resolution, and its filter;
  - transparency: soft masks, constant alpha below 1, blend modes other than Normal,
    transparency groups;
  - features a PDF/X standard forbids (`features`: transfer functions, halftones, JPEG 2000,
    LZW, PostScript, OPI), each with where it was first seen;
  - what could not be read (`problems`: operands that are not the operator's, a form that
    draws itself, nesting deeper than MAX_PREFLIGHT_DEPTH, more than MAX_PREFLIGHT_OPERATORS
    operators), so that a damaged file is a finding, never a crash;
  - the bounding box of everything painted (for the unprintable home margin).
It reads PDF objects through pikepdf and draws nothing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import pikepdf

from printkit.core.limits import (
    MAX_PREFLIGHT_DEPTH,
    MAX_PREFLIGHT_OPERATORS,
    MAX_PREFLIGHT_REPEAT,
)
from printkit.preflight import gstate
from printkit.preflight.boxes import appearance_streams, printable_annotations, rectangle
from printkit.preflight.colourspace import colour_space_name, lookup
from printkit.preflight.inflate import ContentTooLarge
from printkit.preflight.program import INLINE_IMAGE, PATH, PROBLEM, Programs, is_number
from printkit.preflight.scan_math import (
    IDENTITY,
    Box,
    Matrix,
    apply,
    apply_all,
    box_of,
    multiply,
    scale_of,
)
from printkit.preflight.scan_math import intersect as _intersect
from printkit.preflight.text import TextState

MAX_PROBLEMS = 5  # problems kept per page: the rest are counted
LIMIT = "PF-LIMIT"
WALK_COST = 40  # a form drawn costs about as much as 40 of its operators (measured)
PAGE_COST = 150  # a page's own checks cost about as much as 150 operators (measured)
PAGE_ALLOWANCE = 4_000  # operators a page of content of its own brings to the budget
REPLAY_COST = 4  # a form drawn again, turned and scaled as before, costs 4 operators (measured)
REPLAY_SHARE = 5  # ...and 1/5 of an operator for each thing it places
ARRAY_SHARE = 200  # ...and 1/200 of one for each box it moves and cuts (in arrays)
FEW_BOXES = 16  # a form painting no more boxes than this has them moved one by one, not in arrays
# filters a PDF/X standard forbids (feature kind -> the filter's names)
FILTER_FEATURES = {
    "jpx": ("/JPXDecode",),
    "lzw": ("/LZWDecode", "/LZW"),
    "jbig2": ("/JBIG2Decode",),
}


@dataclass
class ImageUse:
    name: str
    pixels: tuple[int, int]
    box: Box
    space: str
    dpi: float
    soft_mask: bool


@dataclass
class PageScan:
    """What one page paints."""

    spaces: dict[str, str] = field(default_factory=dict)  # colour space -> first use
    thinnest_stroke: float | None = None
    hairlines: int = 0
    images: list[ImageUse] = field(default_factory=list)
    transparency: list[str] = field(default_factory=list)
    painted: list[Box] = field(default_factory=list)
    texts: list[tuple[str, Box]] = field(default_factory=list)  # shown strings, clipped
    features: dict[str, str] = field(default_factory=dict)  # kind -> first use
    problems: list[tuple[str, str]] = field(default_factory=list)  # (code, message)
    more_problems: int = 0

    def use(self, space: str, what: str) -> None:
        self.spaces.setdefault(space, what)

    def feature(self, kind: str, what: str) -> None:
        self.features.setdefault(kind, what)

    def problem(self, message: str, code: str = "PF-SYNTAX") -> None:
        """Content that cannot be read (PF-SYNTAX) or work past a limit (PF-LIMIT)."""
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append((code, message))
        else:
            self.more_problems += 1

    def merge(self, other: PageScan) -> None:
        """Add what `other` painted on this page, positions included (a form's placement)."""
        self.merge_static(other)
        self.images += other.images
        self.painted += other.painted
        self.texts += other.texts
        self.more_problems += other.more_problems

    def merge_static(self, other: PageScan) -> None:
        """Add what `other` painted that has no position: colour spaces, features, strokes,
        transparency and problems."""
        for space, what in other.spaces.items():
            self.use(space, what)
        for kind, what in other.features.items():
            self.feature(kind, what)
        if other.thinnest_stroke is not None and (
            self.thinnest_stroke is None or other.thinnest_stroke < self.thinnest_stroke
        ):
            self.thinnest_stroke = other.thinnest_stroke
        self.hairlines += other.hairlines
        self.transparency += other.transparency
        for code, message in other.problems:
            self.problem(message, code)

    def items(self) -> int:
        """How many things it holds, each copied again when it is merged."""
        return len(self.painted) + len(self.texts) + len(self.images) + len(self.transparency)

    def absorb(self, other: PageScan, where: str) -> None:
        """What `other` (a pattern's, a glyph's, an annotation's content) paints, as this
        page's: its colours, transparency, features and problems (not its positions)."""
        for space, what in other.spaces.items():
            self.use(space, f"{where}: {what}")
        for kind, what in other.features.items():
            self.feature(kind, f"{where}: {what}")
        self.transparency += [f"{t} ({where})" for t in other.transparency]
        for code, message in other.problems:
            self.problem(f"{where}: {message}", code)
        self.more_problems += other.more_problems


HAIRLINE = 0.25  # points

_SHORTHAND = {"g": "DeviceGray", "rg": "DeviceRGB", "k": "DeviceCMYK"}
_PAINT_FILL = frozenset({"f", "F", "f*", "B", "B*", "b", "b*"})
_PAINT_STROKE = frozenset({"S", "s", "B", "B*", "b", "b*"})
_PAINT = _PAINT_FILL | _PAINT_STROKE | {"n"}
_CLIP = frozenset({"W", "W*"})
_TEXT_OBJECT = frozenset({"BT", "ET"})
_TEXT_OPS = frozenset({"'", '"'})
_COLOUR_OPS = frozenset({*_SHORTHAND, "G", "RG", "K", "cs", "CS", "scn", "SCN"})


class FormShape:
    """What a form paints, walked once inside its own bounding box at one matrix (moved by
    `dx`, `dy`): drawn elsewhere with the same turn and scale, its boxes are these, moved."""

    def __init__(self, dx: float, dy: float, scan: PageScan) -> None:
        self.dx, self.dy, self.scan = dx, dy, scan
        self._painted: np.ndarray | None = None
        self._texts: np.ndarray | None = None

    def cost(self) -> int:
        """A drawing's cost in operators, besides what it places: REPLAY_COST, and moving its
        boxes in arrays when it has many (a small form's are moved one by one)."""
        boxes = len(self.scan.painted) + len(self.scan.texts)
        return REPLAY_COST + (boxes // ARRAY_SHARE if boxes > FEW_BOXES else 0)

    def place(self, into: PageScan, dx: float, dy: float, clip: Box | None) -> int:
        """Add to `into` what the form paints drawn at (dx, dy) inside `clip` (as
        `into.merge(self.placed(dx, dy, clip))`); how many things that placed."""
        scan = self.scan
        if len(scan.painted) + len(scan.texts) > FEW_BOXES or scan.images:
            placed = self.placed(dx, dy, clip)
            into.merge(placed)
            return placed.items()
        # a small form (a glyph's outline, a symbol): its few boxes moved here, one by one
        into.merge_static(scan)
        mx, my = dx - self.dx, dy - self.dy
        before = len(into.painted) + len(into.texts)
        painted, texts = into.painted, into.texts
        for x0, y0, x1, y1 in scan.painted:
            box = _cut_one(x0 + mx, y0 + my, x1 + mx, y1 + my, clip)
            if box is not None:
                painted.append(box)
        for shown, (x0, y0, x1, y1) in scan.texts:
            box = _cut_one(x0 + mx, y0 + my, x1 + mx, y1 + my, clip)
            if box is not None:
                texts.append((shown, box))
        into.more_problems += scan.more_problems
        return len(into.painted) + len(into.texts) - before + len(scan.transparency)

    def placed(self, dx: float, dy: float, clip: Box | None) -> PageScan:
        """What the form paints drawn at (dx, dy) inside `clip`: its boxes moved and cut to
        the clip, those the clip hides left out."""
        scan = self.scan
        if self._painted is None or len(self._painted) != len(scan.painted):
            self._painted = np.array(scan.painted, dtype=float).reshape(-1, 4)
            self._texts = np.array([b for _, b in scan.texts], dtype=float).reshape(-1, 4)
        assert self._texts is not None
        move = (dx - self.dx, dy - self.dy)
        out = PageScan(spaces=scan.spaces, thinnest_stroke=scan.thinnest_stroke,
                       hairlines=scan.hairlines, transparency=scan.transparency,
                       features=scan.features, problems=scan.problems,
                       more_problems=scan.more_problems)  # fmt: skip
        out.images = (
            [replace(i, box=_moved(i.box, move)) for i in scan.images]
            if any(move)
            else list(scan.images)
        )
        painted, keep = _cut(self._painted, move, clip)
        out.painted = [tuple(b) for b in painted[keep].tolist()]
        texts, keep = _cut(self._texts, move, clip)
        out.texts = [(scan.texts[i][0], tuple(texts[i].tolist())) for i in np.flatnonzero(keep)]
        return out


def _cut_one(x0: float, y0: float, x1: float, y1: float, clip: Box | None) -> Box | None:
    """One moved box cut to `clip` (as `_cut` cuts each row), None when nothing is left."""
    if clip is not None:  # NaN wins either way, as in numpy's maximum and minimum
        c0, c1, c2, c3 = clip
        x0 = x0 if x0 >= c0 or x0 != x0 else c0
        y0 = y0 if y0 >= c1 or y0 != y0 else c1
        x1 = x1 if x1 <= c2 or x1 != x1 else c2
        y1 = y1 if y1 <= c3 or y1 != y1 else c3
    return (x0, y0, x1, y1) if x0 < x1 and y0 < y1 else None


def _moved(box: Box, move: tuple[float, float]) -> Box:
    return (box[0] + move[0], box[1] + move[1], box[2] + move[0], box[3] + move[1])


def _cut(
    boxes: np.ndarray, move: tuple[float, float], clip: Box | None
) -> tuple[np.ndarray, np.ndarray]:
    """The boxes moved and cut to `clip`, and which of them the clip leaves anything of."""
    moved = boxes + np.array([move[0], move[1], move[0], move[1]])
    if clip is not None:
        moved[:, 0:2] = np.maximum(moved[:, 0:2], clip[0:2])
        moved[:, 2:4] = np.minimum(moved[:, 2:4], clip[2:4])
    keep = (moved[:, 0] < moved[:, 2]) & (moved[:, 1] < moved[:, 3])
    return moved, keep


class LimitReached(Exception):
    """The file asked for more work than its budget: the walk stops."""


class Budget:
    """The work a document may still cause, in operators run, shared by its pages and all
    they draw. It starts at MAX_PREFLIGHT_OPERATORS and grows by MAX_PREFLIGHT_REPEAT times
    each content stream parsed: a file may run each of its operators that many times over,
    so a large file of pages is never stopped, while a small one whose forms draw one another
    over and over (10 forms drawing the next 10 times: 10^10 operators from 2 KB) is stopped
    after about a second. Drawing a form costs WALK_COST operators more than its content."""

    def __init__(
        self, base: int = MAX_PREFLIGHT_OPERATORS, repeat: int = MAX_PREFLIGHT_REPEAT
    ) -> None:
        self.base, self.repeat = base, repeat
        self.left = base
        self.shown: set[tuple[int, int]] = set()  # content streams of the pages checked

    def credit(self, parsed: int) -> None:
        self.left += self.repeat * parsed

    def spend(self, count: int) -> None:
        self.left -= count + WALK_COST
        if self.left < 0:
            raise LimitReached

    def replay(self, count: int) -> None:
        """Charge `count` operators for a form drawn again (no WALK_COST: it is not walked)."""
        self.left -= count
        if self.left < 0:
            raise LimitReached

    def page(self, page: pikepdf.Page | None = None) -> bool:
        """Charge a page's own checks (boxes, fonts, annotations: PAGE_COST); False once the
        budget is spent, and the document's remaining pages are not checked. A page whose
        content the document has not shown before brings PAGE_ALLOWANCE more operators (what
        a sheet of printkit's cards costs to check, each placing a form drawn before), so a
        file of many pages of its own is checked to its end, while one page listed over and
        over (100,000 copies sharing one content stream) still runs out."""
        self.left -= PAGE_COST
        if page is not None and self._fresh(page):
            self.left += PAGE_ALLOWANCE
        return self.left >= 0

    def _fresh(self, page: pikepdf.Page) -> bool:
        contents = page.obj.get("/Contents")
        parts = contents if isinstance(contents, pikepdf.Array) else [contents]
        keys = {p.objgen for p in parts if isinstance(p, pikepdf.Object)} - {(0, 0)}
        fresh = bool(keys - self.shown)
        self.shown |= keys
        return fresh


class _State:
    def __init__(self, ctm: Matrix) -> None:
        self.ctm = ctm
        self.width = 1.0
        self.fill = "DeviceGray"
        self.stroke = "DeviceGray"
        self.clip: Box | None = None

    def copy(self) -> _State:
        s = _State(self.ctm)
        s.width, s.fill, s.stroke, s.clip = self.width, self.fill, self.stroke, self.clip
        return s


class Drawn:
    """What a `Do` of one XObject name draws, read from the XObject's dictionary once for each
    stream that names it: a map's form draws each glyph's outline (a label's halo) hundreds of
    thousands of times, and reading a dictionary through pikepdf costs more than placing it."""

    __slots__ = ("bbox", "group", "key", "kind", "matrix", "opi", "resources", "stream")

    def __init__(self, stream: Any = None, kind: str = "", opi: bool = False) -> None:
        self.stream, self.kind, self.opi = stream, kind, opi
        self.key: tuple[int, int] = (0, 0)
        self.group: Any = None  # the form's group dictionary
        self.resources: Any = None  # the form's resources
        self.matrix: Matrix | None = IDENTITY  # None when its Matrix is not six numbers
        self.bbox: Box | None = None

    @classmethod
    def read(cls, xobj: Any) -> Drawn:
        """What XObject `xobj` (anything a resource dictionary holds) draws."""
        if not isinstance(xobj, pikepdf.Stream):
            return cls()
        opi = "/OPI" in xobj
        subtype = xobj.get("/Subtype")
        if subtype == pikepdf.Name("/Image"):
            return cls(xobj, "image", opi)
        if subtype == pikepdf.Name("/PS") or xobj.get("/Subtype2") == pikepdf.Name("/PS"):
            return cls(xobj, "ps", opi)
        if subtype != pikepdf.Name("/Form"):
            return cls(xobj, "", opi)
        drawn = cls(xobj, "form", opi)
        drawn.key = xobj.objgen
        group = xobj.get("/Group")
        drawn.group = group if isinstance(group, pikepdf.Dictionary) else None
        drawn.resources = xobj.get("/Resources", None)
        drawn.matrix = _six_numbers(xobj.get("/Matrix"))
        drawn.bbox = rectangle(xobj.get("/BBox"))
        return drawn


def _six_numbers(value: Any) -> Matrix | None:
    """A /Matrix entry as six floats (IDENTITY when there is none); None when it is not six
    numbers."""
    if value is None:
        return IDENTITY
    if isinstance(value, pikepdf.Array) and len(value) == 6 and all(map(is_number, value)):
        return tuple(float(v) for v in value)  # type: ignore[return-value]
    return None


class Walker:
    """Interprets content streams into a PageScan."""

    def __init__(
        self, scan: PageScan, programs: Programs | None = None, budget: Budget | None = None
    ) -> None:
        self.scan = scan
        self.programs = programs or Programs()
        self.budget = budget or Budget()
        self.drawing: set[tuple[int, int]] = set()  # forms being drawn (a form drawing itself)
        self.walked: set[tuple[int, int]] = set()  # patterns and glyph sets already read

    def walk(  # noqa: C901
        self, stream: Any, resources: Any, ctm: Matrix, depth: int = 0, clip: Box | None = None
    ) -> None:
        try:
            program, parsed = self.programs.parse(stream)
        except ContentTooLarge as exc:
            self.scan.problem(str(exc), LIMIT)
            return
        if parsed:
            self.budget.credit(len(program))
        self.budget.spend(len(program))
        state = _State(ctm)
        state.clip = clip
        stack: list[_State] = []
        path: list[tuple[float, float]] = []
        in_text = clipping = False
        text = TextState()
        named: dict[str, Drawn] = {}  # what each XObject name draws, read once in this stream
        for op, operands in program:
            if op == PATH:  # the points of one or more path operators in a row
                path.extend(apply_all(state.ctm, operands))
            elif op == "q":
                stack.append(state.copy())
            elif op == "Q":
                state = stack.pop() if stack else state
            elif op == "cm":
                state.ctm = multiply(operands, state.ctm)
            elif op == "w":
                state.width = operands
            elif op in _CLIP:
                clipping = True
            elif op in _PAINT:
                self._paint(op, path, state)
                if clipping and path:
                    state.clip = _intersect(box_of(path), state.clip)
                path, clipping = [], False
            elif op in _TEXT_OBJECT:
                in_text = op == "BT"
                text.begin()
            elif op == INLINE_IMAGE:
                self._inline_image(operands, state.ctm)
            elif op in _TEXT_OPS or op.startswith("T"):
                self._text(text, op, operands, state, resources, in_text, depth)
            elif op == "Do":
                name = str(operands[0])
                drawn = named.get(name)
                if drawn is None:
                    drawn = named[name] = Drawn.read(lookup(resources, "/XObject", name))
                self._do(name, drawn, resources, state, depth)
            else:
                self._other(op, operands, state, resources, depth)

    def _text(
        self,
        text: TextState,
        op: str,
        operands: Any,
        state: _State,
        resources: Any,
        on: bool,
        depth: int,
    ) -> None:
        if op == "Tf":
            self._type3(lookup(resources, "/Font", str(operands[0])), depth)
        box = text.operate(op, operands, resources, state.ctm)
        if box is None or not on:
            return
        self.scan.use(state.fill, "text")
        part = _intersect(box, state.clip)
        if part[0] < part[2] and part[1] < part[3]:
            shown = [o for o in operands if isinstance(o, pikepdf.String | pikepdf.Array)]
            self.scan.texts.append((_sample(shown), part))

    def _other(self, op: str, operands: Any, state: _State, resources: Any, depth: int) -> None:
        if op in _COLOUR_OPS:
            self._colour(op, operands, state, resources, depth)
        elif op == "gs":
            self._ext_gstate(lookup(resources, "/ExtGState", str(operands[0])))
        elif op == "sh":
            self._shading(lookup(resources, "/Shading", str(operands[0])), resources, "shading")
        elif op == PROBLEM:
            self.scan.problem(operands)
        elif op == "PS":
            self.scan.feature("postscript", "the PS operator")

    def _colour(self, op: str, operands: Any, state: _State, resources: Any, depth: int) -> None:
        if op in _SHORTHAND:
            state.fill = _SHORTHAND[op]
        elif op in ("G", "RG", "K"):
            state.stroke = _SHORTHAND[op.lower()]
        elif op == "cs":
            state.fill = colour_space_name(operands[0], resources)
        elif op == "CS":
            state.stroke = colour_space_name(operands[0], resources)
        else:  # scn, SCN: a pattern is what they may name
            self._set_pattern(operands, resources, depth)

    def _paint(self, op: str, path: list[tuple[float, float]], state: _State) -> None:
        if op == "n" or not path:
            return
        grow = 0.0
        if op in _PAINT_STROKE:
            self.scan.use(state.stroke, "stroke")
            width = state.width * scale_of(state.ctm)
            if self.scan.thinnest_stroke is None or width < self.scan.thinnest_stroke:
                self.scan.thinnest_stroke = width
            if width < HAIRLINE - 1e-3:
                self.scan.hairlines += 1
            grow = width / 2
        if op in _PAINT_FILL:
            self.scan.use(state.fill, "fill")
        x0, y0, x1, y1 = box_of(path)
        self.scan.painted.append(
            _intersect((x0 - grow, y0 - grow, x1 + grow, y1 + grow), state.clip)
        )

    def _ext_gstate(self, gs: Any) -> None:
        if not isinstance(gs, pikepdf.Dictionary):
            return
        self.scan.transparency += gstate.transparency(gs)
        for what in gstate.transfer(gs):
            self.scan.feature("transfer", what)

    def _shading(self, shading: Any, resources: Any, what: str) -> None:
        if isinstance(shading, pikepdf.Dictionary | pikepdf.Stream):
            self.scan.use(colour_space_name(shading.get("/ColorSpace"), resources), what)

    def _set_pattern(self, operands: Any, resources: Any, depth: int) -> None:
        """`scn /P0` (or `c1 .. cn /P0` for an uncoloured pattern): what the pattern paints."""
        if not operands or not isinstance(operands[-1], pikepdf.Name):
            return
        name = str(operands[-1])
        pattern = lookup(resources, "/Pattern", name)
        if not isinstance(pattern, pikepdf.Dictionary | pikepdf.Stream):
            return
        if pattern.get("/PatternType") == 2:
            self._shading(pattern.get("/Shading"), resources, f"shading pattern {name}")
            self._ext_gstate(pattern.get("/ExtGState"))
        elif isinstance(pattern, pikepdf.Stream) and self._first_walk(pattern):
            self.walk_apart(pattern, pattern.get("/Resources"), f"tiling pattern {name}", depth)

    def _type3(self, font: Any, depth: int) -> None:
        """A Type 3 font's glyphs are content streams: what they paint, once per font."""
        if not isinstance(font, pikepdf.Dictionary) or font.get("/Subtype") != "/Type3":
            return
        procs = font.get("/CharProcs")
        if not isinstance(procs, pikepdf.Dictionary) or not self._first_walk(font):
            return
        resources = font.get("/Resources")
        name = str(font.get("/BaseFont", font.get("/Name", "?")))
        for glyph in procs.values():
            if isinstance(glyph, pikepdf.Stream):
                self.walk_apart(glyph, resources, f"Type 3 glyph of font {name}", depth)

    def _first_walk(self, obj: Any) -> bool:
        key = obj.objgen
        if key in self.walked:
            return False
        if key != (0, 0):
            self.walked.add(key)
        return True

    def walk_apart(self, stream: Any, resources: Any, where: str, depth: int) -> None:
        """Walk content whose positions are not the page's (a pattern cell, a glyph, an
        annotation): its colours and features count, its boxes do not. What a stream paints
        does not depend on where it is used, so it is walked once per document (`apart`) and
        every page that uses it again absorbs that: a pattern on every card's back costs its
        operators once, not once a page."""
        if depth >= MAX_PREFLIGHT_DEPTH:
            self.scan.problem(f"{where} is nested deeper than {MAX_PREFLIGHT_DEPTH} levels", LIMIT)
            return
        key = stream.objgen if isinstance(stream, pikepdf.Object) else (0, 0)
        found = self.programs.apart.get(key)
        if found is None:
            inner = Walker(PageScan(), self.programs, self.budget)
            inner.drawing, inner.walked = self.drawing, self.walked
            inner.walk(stream, resources, IDENTITY, depth + 1)
            found = inner.scan
            if key != (0, 0):
                self.programs.apart[key] = found
        else:  # read before, on another page: what it paints is the same
            self.budget.spend(0)
        self.scan.absorb(found, where)

    def _do(self, name: str, drawn: Drawn, resources: Any, state: _State, depth: int) -> None:
        if drawn.stream is None:
            return
        if drawn.opi:
            self.scan.feature("opi", f"XObject {name}")
        if drawn.kind == "image":
            self._image(name, drawn.stream, state, resources)
        elif drawn.kind == "ps":
            self.scan.feature("postscript", f"PostScript XObject {name}")
        elif drawn.kind == "form":
            self._form(name, drawn, state, depth)

    def _form(self, name: str, drawn: Drawn, state: _State, depth: int) -> None:
        """Draw a form. It is walked once a document for each way it is turned and scaled
        (`programs.shapes`: its matrix but for the move, and its depth), inside its own
        bounding box only; each time it is drawn, what it painted there is moved to where it
        is drawn and cut to the clip it is drawn in (FormShape.place). So one back on every
        shop page, one map form on every tile of a large map, or one glyph's outline under
        every letter of a map's labels costs its operators once, and each drawing
        REPLAY_COST and a fraction of what it painted."""
        key = drawn.key
        if key in self.drawing:
            self.scan.problem(f"form {name} draws itself (it would never end)")
            return
        if depth >= MAX_PREFLIGHT_DEPTH:
            self.scan.problem(f"forms nested deeper than {MAX_PREFLIGHT_DEPTH} levels", LIMIT)
            return
        if drawn.group is not None:
            self.group(drawn.group, f"form {name}", drawn.resources)
        matrix = drawn.matrix
        if matrix is None:
            self.scan.problem(f"the Matrix of form {name} is not six numbers")
            matrix = IDENTITY
        form_ctm = multiply(matrix, state.ctm)
        shape_key = (key, form_ctm[:4], depth)
        found = self.programs.shapes.get(shape_key) if key != (0, 0) else None
        if found is None:
            self._first_drawing(name, drawn, form_ctm, shape_key, state, depth)
            return
        # drawn before, turned and scaled alike
        self.budget.replay(found.cost())
        placed = found.place(self.scan, form_ctm[4], form_ctm[5], state.clip)
        self.budget.replay(placed // REPLAY_SHARE)

    def _first_drawing(self, name: str, drawn: Drawn, form_ctm: Matrix, shape_key: Any,
                       state: _State, depth: int) -> None:  # fmt: skip
        """Walk a form not drawn before at this turn and scale, inside its bounding box, and
        place what it paints (kept in `programs.shapes` for its next drawing)."""
        key = drawn.key
        own: Box | None = None
        if drawn.bbox is not None:  # a form paints only inside its bounding box
            x0, y0, x1, y1 = drawn.bbox
            corners = [apply(form_ctm, x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
            own = box_of(corners)
        inner = Walker(PageScan(), self.programs, self.budget)
        inner.drawing = self.drawing
        self.drawing.add(key)
        found = FormShape(form_ctm[4], form_ctm[5], inner.scan)
        try:
            inner.walk(drawn.stream, drawn.resources, form_ctm, depth + 1, own)
        except LimitReached:  # what it painted before the limit stopped it
            self.scan.merge(found.placed(form_ctm[4], form_ctm[5], state.clip))
            raise
        finally:
            self.drawing.discard(key)
        if key != (0, 0):
            self.programs.shapes[shape_key] = found
        placed = found.placed(form_ctm[4], form_ctm[5], state.clip)
        self.budget.spend(placed.items() // REPLAY_SHARE)
        self.scan.merge(placed)

    def group(self, group: Any, where: str, resources: Any) -> None:
        """A transparency group (of a page or a form) and its blending colour space."""
        if not isinstance(group, pikepdf.Dictionary):
            return
        if group.get("/S") == pikepdf.Name("/Transparency"):
            self.scan.transparency.append(f"transparency group of the {where}")
        if "/CS" in group:
            self.scan.use(colour_space_name(group.get("/CS"), resources), f"{where} group")

    def _filters(self, filters: Any, what: str) -> None:
        names = filters if isinstance(filters, pikepdf.Array) else [filters]
        for kind, forbidden in FILTER_FEATURES.items():
            if any(str(f) in forbidden for f in names if f is not None):
                self.scan.feature(kind, what)

    def _image(self, name: str, xobj: Any, state: _State, resources: Any) -> None:
        ctm = state.ctm
        corners = [apply(ctm, x, y) for x, y in ((0, 0), (1, 0), (0, 1), (1, 1))]
        box = box_of(corners)
        self.scan.painted.append(_intersect(box, state.clip))
        self._filters(xobj.get("/Filter"), f"image {name}")
        if xobj.get("/ImageMask", False) is True:
            return
        width, height = xobj.get("/Width", 0), xobj.get("/Height", 0)
        if not (isinstance(width, int) and isinstance(height, int)):
            self.scan.problem(f"image {name} has no whole-number Width and Height")
            width = height = 0
        space = colour_space_name(xobj.get("/ColorSpace"), resources)
        if "/JPXDecode" in str(xobj.get("/Filter")) and "/ColorSpace" not in xobj:
            space = "unknown"  # a JPEG 2000 image carries its colour space in its own data
        soft = xobj.get("/SMask") is not None
        self.scan.use(space, f"image {name}")
        if soft:
            self.scan.transparency.append(f"soft mask on image {name}")
        px = (width, height)
        self.scan.images.append(ImageUse(name, px, box, space, _dpi(px, ctm), soft))

    def _inline_image(self, image: pikepdf.PdfInlineImage, ctm: Matrix) -> None:
        try:
            px = (int(image.width), int(image.height))
            space = colour_space_name(image.obj.get("/ColorSpace", image.obj.get("/CS")), None)
            self._filters(image.obj.get("/Filter", image.obj.get("/F")), "inline image")
        except Exception:  # an inline image pikepdf cannot describe: its space is unknown
            px, space = (0, 0), "unknown"
        space = {"RGB": "DeviceRGB", "CMYK": "DeviceCMYK", "G": "DeviceGray"}.get(space, space)
        self.scan.use(space, "inline image")
        corners = [apply(ctm, x, y) for x, y in ((0, 0), (1, 0), (0, 1), (1, 1))]
        self.scan.painted.append(box_of(corners))
        self.scan.images.append(
            ImageUse("inline", px, box_of(corners), space, _dpi(px, ctm), False)
        )


def _dpi(pixels: tuple[int, int], ctm: Matrix) -> float:
    """The lower of the two effective resolutions of an image drawn with this matrix."""
    width_in = math.hypot(ctm[0], ctm[1]) / 72
    height_in = math.hypot(ctm[2], ctm[3]) / 72
    if not (width_in > 0 and height_in > 0):
        return math.inf
    return min(pixels[0] / width_in, pixels[1] / height_in)


def scan_page(
    page: pikepdf.Page, programs: Programs | None = None, budget: Budget | None = None
) -> PageScan:
    """What the page paints. Pass the same `programs` and `budget` for every page of a
    document, so that each form it draws is parsed once and the whole file is bounded."""
    scan = PageScan()
    walker = Walker(scan, programs, budget)
    resources = page.obj.get("/Resources")
    try:
        walker.group(page.obj.get("/Group"), "page", resources)
        walker.walk(page, resources, IDENTITY)
        for annot, where in printable_annotations(page):
            for stream in appearance_streams(annot):
                walker.walk_apart(stream, stream.get("/Resources"), where, 0)
    except LimitReached:
        scan.problem(
            "the file draws its content over and over (forms inside forms, or one page many "
            "times): more work than MAX_PREFLIGHT_OPERATORS and MAX_PREFLIGHT_REPEAT allow; "
            "preflight stopped here",
            LIMIT,
        )
    return scan


def _sample(operands: list[Any]) -> str:
    """Readable text of a show operator's strings (subset codes may not be Unicode)."""
    parts = []
    for o in operands:
        items = o if isinstance(o, pikepdf.Array) else [o]
        parts += [bytes(x).decode("latin-1") for x in items if isinstance(x, pikepdf.String)]
    return "".join(parts)
