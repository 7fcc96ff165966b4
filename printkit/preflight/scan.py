"""Walk a PDF page's content (and the forms it draws) and record what a printer cares about.

The walker keeps the graphics state a printer would (transformation matrix, line width, fill
and stroke colour spaces) and notes, in page coordinates (points):
  - every colour space used to paint: fills, strokes, images, shadings;
  - every stroke's effective line width (hairlines);
  - every image: its pixel size, where it lands, so its effective resolution;
  - transparency: soft masks, constant alpha below 1, blend modes other than Normal;
  - the bounding box of everything painted (for the unprintable home margin).
It reads PDF objects through pikepdf and draws nothing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pikepdf

from printkit.preflight.program import INLINE_IMAGE, PATH, Programs
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

MAX_FORM_DEPTH = 12


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

    def use(self, space: str, what: str) -> None:
        self.spaces.setdefault(space, what)


HAIRLINE = 0.25  # points


def colour_space_name(cs: Any, resources: Any) -> str:
    """A readable family name for a colour space operand or object: DeviceRGB, ICCBased(3)..."""
    if isinstance(cs, pikepdf.Name):
        name = str(cs)
        if name in ("/DeviceRGB", "/DeviceCMYK", "/DeviceGray", "/Pattern"):
            return name[1:]
        named = _lookup(resources, "/ColorSpace", name)
        return colour_space_name(named, None) if named is not None else name[1:]
    if isinstance(cs, pikepdf.Array) and len(cs) > 0:
        family = str(cs[0])[1:]
        if family == "ICCBased":
            return f"ICCBased({int(cs[1].get('/N', 0))})"
        if family == "Indexed":
            return f"Indexed({colour_space_name(cs[1], resources)})"
        if family in ("Separation", "DeviceN"):
            return family
        if family == "Pattern" and len(cs) > 1:
            return f"Pattern({colour_space_name(cs[1], resources)})"
        return family
    return "unknown"


def _lookup(resources: Any, kind: str, name: str) -> Any:
    if resources is None:
        return None
    group = resources.get(kind)
    if group is None:
        return None
    return group.get(name)


_SHORTHAND = {"g": "DeviceGray", "rg": "DeviceRGB", "k": "DeviceCMYK"}
_PAINT_FILL = frozenset({"f", "F", "f*", "B", "B*", "b", "b*"})
_PAINT_STROKE = frozenset({"S", "s", "B", "B*", "b", "b*"})
_PAINT = _PAINT_FILL | _PAINT_STROKE | {"n"}
_CLIP = frozenset({"W", "W*"})
_TEXT_OBJECT = frozenset({"BT", "ET"})
_TEXT_OPS = frozenset({"'", '"'})


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


class Walker:
    """Interprets content streams into a PageScan."""

    def __init__(self, scan: PageScan, programs: Programs | None = None) -> None:
        self.scan = scan
        self.programs = programs or Programs()

    def walk(  # noqa: C901
        self, stream: Any, resources: Any, ctm: Matrix, depth: int = 0, clip: Box | None = None
    ) -> None:
        state = _State(ctm)
        state.clip = clip
        stack: list[_State] = []
        path: list[tuple[float, float]] = []
        in_text = clipping = False
        text = TextState()
        for op, operands in self.programs.of(stream):
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
                self._text(text, op, operands, state, resources, in_text)
            else:
                self._other(op, operands, state, resources, depth)

    def _text(
        self, text: TextState, op: str, operands: Any, state: _State, resources: Any, on: bool
    ) -> None:
        box = text.operate(op, operands, resources, state.ctm)
        if box is None or not on:
            return
        self.scan.use(state.fill, "text")
        part = _intersect(box, state.clip)
        if part[0] < part[2] and part[1] < part[3]:
            shown = [o for o in operands if isinstance(o, pikepdf.String | pikepdf.Array)]
            self.scan.texts.append((_sample(shown), part))

    def _other(self, op: str, operands: Any, state: _State, resources: Any, depth: int) -> None:
        if op in _SHORTHAND:
            state.fill = _SHORTHAND[op]
        elif op in ("G", "RG", "K"):
            state.stroke = _SHORTHAND[op.lower()]
        elif op == "cs":
            state.fill = colour_space_name(operands[0], resources)
        elif op == "CS":
            state.stroke = colour_space_name(operands[0], resources)
        elif op == "gs":
            self._ext_gstate(_lookup(resources, "/ExtGState", str(operands[0])))
        elif op == "Do":
            self._do(str(operands[0]), resources, state, depth)
        elif op == "sh":
            shading = _lookup(resources, "/Shading", str(operands[0]))
            if shading is not None:
                self.scan.use(colour_space_name(shading.get("/ColorSpace"), resources), "shading")

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
        if gs is None:
            return
        for key in ("/CA", "/ca"):
            if key in gs and float(gs[key]) < 1:
                self.scan.transparency.append(f"constant alpha {key[1:]} {float(gs[key]):g}")
        smask = gs.get("/SMask")
        if smask is not None and smask != pikepdf.Name("/None"):
            self.scan.transparency.append("soft mask in the graphics state")
        bm = gs.get("/BM")
        if bm is not None and str(bm if not isinstance(bm, pikepdf.Array) else bm[0]) not in (
            "/Normal",
            "/Compatible",
        ):
            self.scan.transparency.append(f"blend mode {bm}")

    def _do(self, name: str, resources: Any, state: _State, depth: int) -> None:
        ctm = state.ctm
        xobj = _lookup(resources, "/XObject", name)
        if xobj is None:
            return
        subtype = xobj.get("/Subtype")
        if subtype == pikepdf.Name("/Image"):
            self._image(name, xobj, state, resources)
        elif subtype == pikepdf.Name("/Form") and depth < MAX_FORM_DEPTH:
            matrix = tuple(float(v) for v in xobj.get("/Matrix", IDENTITY))
            group = xobj.get("/Group")
            if group is not None and group.get("/S") == pikepdf.Name("/Transparency"):
                self.scan.transparency.append(f"transparency group in form {name}")
            form_ctm = multiply(matrix, ctm)  # type: ignore[arg-type]
            clip = state.clip
            if "/BBox" in xobj:  # a form paints only inside its bounding box
                x0, y0, x1, y1 = (float(v) for v in xobj["/BBox"])
                corners = [
                    apply(form_ctm, x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))
                ]
                clip = _intersect(box_of(corners), clip)
            form_resources = xobj.get("/Resources", resources)
            self.walk(xobj, form_resources, form_ctm, depth + 1, clip)

    def _image(self, name: str, xobj: Any, state: _State, resources: Any) -> None:
        ctm = state.ctm
        corners = [apply(ctm, x, y) for x, y in ((0, 0), (1, 0), (0, 1), (1, 1))]
        box = box_of(corners)
        self.scan.painted.append(_intersect(box, state.clip))
        if xobj.get("/ImageMask", False):
            return
        px = (int(xobj.get("/Width", 0)), int(xobj.get("/Height", 0)))
        space = colour_space_name(xobj.get("/ColorSpace"), resources)
        soft = xobj.get("/SMask") is not None
        self.scan.use(space, f"image {name}")
        if soft:
            self.scan.transparency.append(f"soft mask on image {name}")
        self.scan.images.append(ImageUse(name, px, box, space, _dpi(px, ctm), soft))

    def _inline_image(self, image: pikepdf.PdfInlineImage, ctm: Matrix) -> None:
        try:
            px = (int(image.width), int(image.height))
            space = colour_space_name(image.obj.get("/ColorSpace", image.obj.get("/CS")), None)
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
    if width_in <= 0 or height_in <= 0:
        return math.inf
    return min(pixels[0] / width_in, pixels[1] / height_in)


def scan_page(page: pikepdf.Page, programs: Programs | None = None) -> PageScan:
    """What the page paints. Pass the same `programs` for every page of a document, so that
    each form it draws is parsed once."""
    scan = PageScan()
    Walker(scan, programs).walk(page, page.obj.get("/Resources"), IDENTITY)
    return scan


def _sample(operands: list[Any]) -> str:
    """Readable text of a show operator's strings (subset codes may not be Unicode)."""
    parts = []
    for o in operands:
        items = o if isinstance(o, pikepdf.Array) else [o]
        parts += [bytes(x).decode("latin-1") for x in items if isinstance(x, pikepdf.String)]
    return "".join(parts)
