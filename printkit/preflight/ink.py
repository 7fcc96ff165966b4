"""PF-TAC: total area coverage (the sum of C, M, Y and K where they overlap) above the limit a
printer allows. Too much ink does not dry, sets off onto the next sheet and cracks on a fold.

Measured from what a page paints in CMYK (and grey, which is K): the fill of every path and
text, the stroke of every line, and every pixel of every CMYK image, through the forms the page
draws. RGB, Lab and ICC colour is not ink yet (PF-COLOUR reports it); spot colours and shadings
are not measured. Each page over the limit gets one finding: the most ink, the area painted
over the limit (path areas by their bounding boxes, images by their pixels) and where the
largest such area lies on the page.

PF-SMALLTEXT (a warning, from the same walk): text under 12 pt in rich black (K 95 % or more
with any C, M or Y) or in all four inks. Its letters are made of four plates that never
register exactly, so thin strokes grow coloured fringes; one ink (100 % K) or fewer inks keep
small type sharp. One finding per page: how many strings, the smallest size and its colour.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pikepdf
from PIL import ImageMath

from printkit.core import limits
from printkit.layout.units import to_mm
from printkit.preflight.inflate import ContentTooLarge
from printkit.preflight.program import PATH, Programs
from printkit.preflight.scan import REPLAY_COST, REPLAY_SHARE, Budget, LimitReached
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
from printkit.preflight.standard import Severity

TAC_CODE = "PF-TAC"
SMALL_TEXT_CODE = "PF-SMALLTEXT"
SMALL_TEXT = 12.0  # points: smaller text in four inks or rich black is warned about
RICH_BLACK_K = 0.95  # K from which a colour with any other ink is rich black
MAX_DEPTH = limits.MAX_PREFLIGHT_DEPTH
_FILL = frozenset({"f", "F", "f*", "B", "B*", "b", "b*"})
_STROKE = frozenset({"S", "s", "B", "B*", "b", "b*"})
_SHOW = frozenset({"Tj", "TJ", "'", '"'})
_TEXT_STATE = frozenset({"BT", "Tm", "Tf"})
_COLOUR_OPS = frozenset({"k", "K", "g", "G", "rg", "RG", "cs", "CS", "sc", "scn", "SC", "SCN"})
Item = tuple[str, Severity, str]


@dataclass
class InkScan:
    """The ink one page lays down above the limit."""

    limit: float  # per cent
    most: float = 0.0
    area: float = 0.0  # square points over the limit
    worst: tuple[float, Box] | None = None  # (area, box) of the largest area over the limit
    images: dict[tuple[int, int], tuple[float, float]] = field(default_factory=dict)
    small_text: list[tuple[float, tuple[float, ...], Box]] = field(default_factory=list)

    def merge(self, other: InkScan, move: tuple[float, float] = (0.0, 0.0)) -> None:
        """Add the ink `other` measured on this page (a form's drawing), moved by `move`."""
        self.most = max(self.most, other.most)
        self.area += other.area
        if other.worst is not None and (self.worst is None or other.worst[0] > self.worst[0]):
            (x0, y0, x1, y1), (dx, dy) = other.worst[1], move
            self.worst = (other.worst[0], (x0 + dx, y0 + dy, x1 + dx, y1 + dy))
        self.small_text += other.small_text

    def paint(self, ink: float, box: Box, share: float = 1.0) -> None:
        self.most = max(self.most, ink)
        if ink <= self.limit + 0.5:
            return
        area = max(0.0, box[2] - box[0]) * max(0.0, box[3] - box[1]) * share
        self.area += area
        if self.worst is None or area > self.worst[0]:
            self.worst = (area, box)


class _State:
    def __init__(self, ctm: Matrix) -> None:
        self.ctm = ctm
        self.fill: float | None = 100.0  # per cent of ink of the fill colour; None: not CMYK/grey
        self.stroke: float | None = 100.0
        self.fill_cmyk = self.stroke_cmyk = False
        self.fill_inks: tuple[float, ...] | None = None  # the fill's C, M, Y, K when CMYK
        self.font_size = 0.0  # Tf's size, in text space

    def copy(self) -> _State:
        s = _State(self.ctm)
        s.__dict__.update(self.__dict__)
        return s


class InkWalker:
    """Follows a page's content (and its forms) noting the ink of everything painted."""

    def __init__(self, scan: InkScan, programs: Programs, budget: Budget) -> None:
        self.scan = scan
        self.programs = programs
        self.budget = budget  # shared with the page's other checks: the file's work is bounded

    def _program(self, stream: Any) -> list[Any]:
        """The stream's parsed content, its cost charged to the budget (LimitReached past it);
        a stream too large to read is left out (the scan reports it: PF-LIMIT)."""
        try:
            program, parsed = self.programs.parse(stream)
        except ContentTooLarge:
            return []
        if parsed:
            self.budget.credit(len(program))
        self.budget.spend(len(program))
        return program

    def walk(self, stream: Any, resources: Any, ctm: Matrix, depth: int = 0) -> None:
        program = self._program(stream)
        state, stack = _State(ctm), []
        path: list[tuple[float, float]] = []
        text_matrix: Matrix = IDENTITY
        named: dict[str, _Drawn] = {}  # what each XObject name draws, read once in this stream
        for op, operands in program:
            if op == PATH:
                path.extend(apply_all(state.ctm, operands))
            elif op == "q":
                stack.append(state.copy())
            elif op == "Q":
                state = stack.pop() if stack else state
            elif op == "cm":
                state.ctm = multiply(operands, state.ctm)
            elif op in _FILL or op in _STROKE or op == "n":
                self._paint(op, path, state)
                path = []
            elif op == "Do":
                self._do(str(operands[0]), named, resources, state, depth)
            elif op in _COLOUR_OPS:
                self._colour(op, operands, state)
            elif op in _SHOW or op in _TEXT_STATE:
                text_matrix = self._text_op(op, operands, state, text_matrix)

    def _paint(self, op: str, path: list[tuple[float, float]], state: _State) -> None:
        if not path or op == "n":
            return
        box = box_of(path)
        if op in _FILL and state.fill is not None:
            self.scan.paint(state.fill, box)
        if op in _STROKE and state.stroke is not None:
            self.scan.paint(state.stroke, box, share=0.0)  # a line: its ink, not its box

    def _colour(self, op: str, operands: Any, state: _State) -> None:
        values = [float(v) for v in operands if _is_number(v)]
        _note_fill_inks(op, values, state)
        if op == "k" and len(values) == 4:
            state.fill = sum(values) * 100
        elif op == "K" and len(values) == 4:
            state.stroke = sum(values) * 100
        elif op == "g" and values:
            state.fill = (1 - values[0]) * 100
        elif op == "G" and values:
            state.stroke = (1 - values[0]) * 100
        elif op in ("rg", "RG"):
            setattr(state, "fill" if op == "rg" else "stroke", None)
        elif op in ("cs", "CS"):
            cmyk = str(operands[0]) == "/DeviceCMYK"
            if op == "cs":
                state.fill_cmyk, state.fill = cmyk, (100.0 if cmyk else None)
            else:
                state.stroke_cmyk, state.stroke = cmyk, (100.0 if cmyk else None)
        elif op in ("sc", "scn") and state.fill_cmyk and len(values) == 4:
            state.fill = sum(values) * 100
        elif op in ("SC", "SCN") and state.stroke_cmyk and len(values) == 4:
            state.stroke = sum(values) * 100

    def _text_op(self, op: str, operands: Any, state: _State, text_matrix: Matrix) -> Matrix:
        """Text shown (its ink; small four-ink text noted), or the text matrix or font size
        set; the text matrix after it."""
        if op in _SHOW:
            self._text(state, text_matrix)
        elif op == "BT":
            return IDENTITY
        elif op == "Tm" and len(operands) == 6 and all(map(_is_number, operands)):
            return tuple(float(v) for v in operands)  # type: ignore[return-value]
        elif op == "Tf" and len(operands) == 2 and _is_number(operands[1]):
            state.font_size = float(operands[1])
        return text_matrix

    def _text(self, state: _State, text_matrix: Matrix) -> None:
        if state.fill is None:
            return
        origin = apply(multiply(text_matrix, state.ctm), 0, 0)
        self.scan.paint(state.fill, (*origin, *origin))
        size = state.font_size * scale_of(multiply(text_matrix, state.ctm))
        if state.fill_inks is not None and 0 < size < SMALL_TEXT and _many_inks(state.fill_inks):
            self.scan.small_text.append((size, state.fill_inks, (*origin, *origin)))

    def _do(self, name: str, named: dict[str, _Drawn], resources: Any, state: _State,
            depth: int) -> None:  # fmt: skip
        """Draw XObject `name` (`named`: what each name of this stream draws, read once)."""
        drawn = named.get(name)
        if drawn is None:
            drawn = named[name] = _drawn(name, resources, depth)
        xobj, kind, matrix, resources = drawn
        if kind == "image":
            self._image(xobj, state.ctm)
        elif kind == "form":
            self._form(xobj, resources, multiply(matrix, state.ctm), depth)

    def _form(self, xobj: Any, resources: Any, ctm: Matrix, depth: int) -> None:
        """A form's ink (`resources`: those its content reads): measured once for each way it is turned and scaled (its matrix but
        for the move, and its depth: `programs.inked`), and added again, moved, each time it
        is drawn (the ink walk clips nothing, so only where its largest area lies moves)."""
        key = xobj.objgen
        placement = (key, ctm[:4], depth, self.scan.limit)
        found = self.programs.inked.get(placement) if key != (0, 0) else None
        if found is None:
            measured = InkScan(self.scan.limit, images=self.scan.images)
            inner = InkWalker(measured, self.programs, self.budget)
            try:
                inner.walk(xobj, resources, ctm, depth + 1)
            finally:
                self.scan.merge(measured)
            if key != (0, 0):
                self.programs.inked[placement] = (ctm[4], ctm[5], measured)
            return
        x, y, measured = found
        self.budget.replay(REPLAY_COST + len(measured.small_text) // REPLAY_SHARE)
        self.scan.merge(measured, (ctm[4] - x, ctm[5] - y))

    def _image(self, xobj: Any, ctm: Matrix) -> None:
        if xobj.get("/ColorSpace") != pikepdf.Name.DeviceCMYK or xobj.get("/ImageMask", False):
            return
        key = xobj.objgen
        if key not in self.scan.images:
            self.scan.images[key] = image_ink(xobj, self.scan.limit)
        most, share = self.scan.images[key]
        corners = [apply(ctm, x, y) for x, y in ((0, 0), (1, 0), (0, 1), (1, 1))]
        self.scan.paint(most, box_of(corners), share=share)


# what a `Do` draws: the XObject, "image", "form" (within MAX_DEPTH) or "", the form's matrix
# and the resources its content reads
_Drawn = tuple[Any, str, Matrix, Any]


def _drawn(name: str, resources: Any, depth: int) -> _Drawn:
    """What a `Do` of XObject `name` in `resources` draws (read once for each stream that names
    it: a map's form draws each glyph's outline, a label's halo, hundreds of thousands of
    times)."""
    xobj = (resources.get("/XObject") or {}).get(name) if resources is not None else None
    if xobj is None:
        return (None, "", IDENTITY, None)
    if xobj.get("/Subtype") == "/Image":
        return (xobj, "image", IDENTITY, None)
    if xobj.get("/Subtype") == "/Form" and depth < MAX_DEPTH:
        matrix = tuple(float(v) for v in xobj.get("/Matrix", IDENTITY))
        return (xobj, "form", matrix, xobj.get("/Resources", resources))  # type: ignore[return-value]
    return (xobj, "", IDENTITY, None)


def _note_fill_inks(op: str, values: list[float], state: _State) -> None:
    """The fill's C, M, Y and K after a colour operator that sets the fill."""
    if op in ("k", "g", "rg", "cs") or (op in ("sc", "scn") and state.fill_cmyk):
        cmyk = op == "k" or (op in ("sc", "scn") and len(values) == 4)
        state.fill_inks = tuple(values) if cmyk and len(values) == 4 else None


def _many_inks(inks: tuple[float, ...]) -> bool:
    """Rich black (K 95 % or more over any other ink) or all four inks."""
    c, m, y, k = inks
    return (k >= RICH_BLACK_K and c + m + y > 0) or min(inks) > 0


def _is_number(value: Any) -> bool:
    try:
        float(value)
    except (TypeError, ValueError):
        return False
    return True


def image_ink(xobj: Any, limit: float) -> tuple[float, float]:
    """(the most ink of any pixel in per cent, the share of pixels above `limit`)."""
    try:
        image = pikepdf.PdfImage(xobj).as_pil_image()
    except Exception:  # an image pikepdf cannot decode is not measured
        return 0.0, 0.0
    if image.mode != "CMYK":
        return 0.0, 0.0
    c, m, y, k = image.split()
    total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=c, m=m, y=y, k=k)
    most = total.getextrema()[1] / 255 * 100
    if most <= limit + 0.5:
        return most, 0.0
    over = ImageMath.lambda_eval(lambda a: a["t"] > a["lim"], t=total, lim=limit / 100 * 255 + 1)
    share = sum(over.convert("L").point(lambda v: 255 if v else 0).histogram()[255:]) / (
        image.width * image.height
    )
    return most, share


def check_ink(
    page: pikepdf.Page, max_ink: float, programs: Programs, budget: Budget | None = None
) -> Iterator[Item]:
    """PF-TAC for one page: one error when anything is painted with more ink than `max_ink`.
    A file whose work passes `budget` is measured as far as it goes (the scan says PF-LIMIT)."""
    scan = InkScan(max_ink)
    with contextlib.suppress(LimitReached):  # measured as far as the budget goes
        walker = InkWalker(scan, programs, budget or Budget())
        walker.walk(page, page.obj.get("/Resources"), IDENTITY)
    if scan.small_text:
        yield _small_text(scan.small_text)
    if scan.worst is None:
        return
    x0, y0, x1, y1 = scan.worst[1]
    yield (
        TAC_CODE,
        "error",
        f"{scan.most:.0f} % ink, more than the {max_ink:g} % the printer allows, over "
        f"{to_mm(to_mm(scan.area)):,.0f} mm² (the largest area at x {to_mm(x0):.1f}-"
        f"{to_mm(x1):.1f} mm, y {to_mm(y0):.1f}-{to_mm(y1):.1f} mm from the page's lower left)",
    )


def _small_text(found: list[tuple[float, tuple[float, ...], Box]]) -> Item:
    """One PF-SMALLTEXT warning for a page's small four-ink text: the smallest string."""
    size, inks, (x, y, _, _) = min(found, key=lambda f: f[0])
    colour = "/".join(f"{v * 100:.0f}" for v in inks)
    return (
        SMALL_TEXT_CODE,
        "warning",
        f"{len(found)} string(s) of text under {SMALL_TEXT:g} pt in rich black or four inks "
        f"(the smallest {size:.1f} pt in C/M/Y/K {colour}, at x {to_mm(x):.1f} mm, y "
        f"{to_mm(y):.1f} mm): four plates never register exactly, so small letters show "
        "coloured fringes; 100 % K or fewer inks keep them sharp",
    )
