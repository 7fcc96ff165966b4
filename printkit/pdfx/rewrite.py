"""Rewrite a PDF's content streams and images from RGB to CMYK (see pdfx.colours).

A colour is set long before it is used, and the black rule depends on the use (text, a thin
line, a large area), so RGB colour operators are not translated one by one: the walker keeps
the pending RGB fill and stroke colours in the graphics state and writes a CMYK operator just
before each painting operator that needs it. Grey (`g`/`G`) and CMYK (`k`/`K`) pass unchanged.
Every content stream (pages and forms) is rewritten once.

Black overprints: text, lines and small shapes printed in 100 % K are painted with overprint on
(an ExtGState with OP, op and OPM 1), so the cyan, magenta and yellow plates keep their ink
under them instead of a white hole that a slight misregister would show as a halo. Everything
else is painted with overprint off (the walker switches it before each painting operator that
needs the other state), as a page without these keys would be.
"""

from __future__ import annotations

import zlib
from typing import Any

import pikepdf
from PIL import ImageChops

from printkit.pdfx.colours import PURE_K, RGB, Converter, is_near_black
from printkit.pdfx.knockouts import FINE_KNOCKOUT, PathShape, RichBlackAreas, is_light
from printkit.preflight.scan_math import IDENTITY, Box, Matrix, multiply, scale_of

_FILL = {"f", "F", "f*", "B", "B*", "b", "b*"}
_STROKE = {"S", "s", "B", "B*", "b", "b*"}
_SHOW = {"Tj", "TJ", "'", '"'}
_STROKED_TEXT = (1, 2, 5, 6)  # text render modes that stroke
_PATH = {"m", "l", "c", "v", "y", "re", "h"}
_RGB_SPACES = ("/DeviceRGB", "/CalRGB")
_OTHER_PAINT = {"Do", "sh", "BI", "EI"}  # images, forms and shadings: never overprinted
OVERPRINT = "/PKOverprint"  # ExtGState names printkit adds to a rewritten stream's resources
KNOCKOUT = "/PKKnockout"

Op = pikepdf.ContentStreamInstruction


class _GState:
    def __init__(self) -> None:
        self.ctm: Matrix = IDENTITY
        self.fill: RGB | None = None  # pending RGB fill colour, None when not RGB
        self.stroke: RGB | None = None
        self.fill_rgb_space = self.stroke_rgb_space = False
        self.written_fill: tuple[float, ...] | None = None
        self.written_stroke: tuple[float, ...] | None = None
        self.width = 1.0  # line width, in the stream's units
        self.text_mode = 0  # Tr: 1, 2, 5 and 6 stroke the letters in the stroke colour
        self.overprint = False  # what printkit's last ExtGState set (pure K overprints)

    def set(self, op: str, operands: Any) -> None:
        """Take in `cm` (the transformation) or `w` (the line width)."""
        if op == "cm":
            self.ctm = multiply(tuple(float(v) for v in operands), self.ctm)  # type: ignore[arg-type]
        else:
            self.width = float(operands[0])

    def copy(self) -> _GState:
        s = _GState()
        s.__dict__.update(self.__dict__)
        return s


def _op(operator: str, *operands: Any) -> Op:
    return Op(list(operands), pikepdf.Operator(operator))


def _numbers(operands: Any) -> RGB:
    return tuple(float(v) for v in operands[:3])  # type: ignore[return-value]


class StreamRewriter:
    """Rewrites one content stream's colour operators."""

    def __init__(self, converter: Converter, resources: Any) -> None:
        self.conv = converter
        self.resources = resources
        self.out: list[Any] = []
        self.rich = RichBlackAreas()
        self.overprinted = False  # an overprint ExtGState was written: the resources need it

    def rewrite(self, instructions: list[Any]) -> list[Any]:
        state, stack, path = _GState(), [], PathShape()
        for ins in instructions:
            if isinstance(ins, pikepdf.ContentStreamInlineImage):
                self._overprint(state, False)
                self.out.append(ins)
                continue
            op = str(ins.operator)
            if op == "q":
                stack.append(state.copy())
            elif op == "Q":
                state = stack.pop() if stack else _GState()
            elif op in ("cm", "w"):
                state.set(op, ins.operands)
            elif op in _PATH:
                path.add(op, ins.operands, state.ctm)
            elif op == "Tr":
                state.text_mode = int(ins.operands[0])
            if self._colour_op(op, ins.operands, state):
                continue  # replaced by the CMYK written at the next use
            self._paint(op, state, path)
            if op in _FILL or op in _STROKE or op == "n":
                path = PathShape()
            self.out.append(ins)
        return self.out

    def add_resources(self, pdf: pikepdf.Pdf, owner: Any) -> None:
        """The two ExtGStates the rewritten stream names, in its owner's resources."""
        if not self.overprinted:
            return
        if "/Resources" not in owner:
            owner.Resources = pikepdf.Dictionary()
        resources = owner.Resources
        if "/ExtGState" not in resources:
            resources.ExtGState = pikepdf.Dictionary()
        states = resources.ExtGState
        states[OVERPRINT] = pdf.make_indirect(
            pikepdf.Dictionary(Type=pikepdf.Name.ExtGState, OP=True, op=True, OPM=1)
        )
        states[KNOCKOUT] = pdf.make_indirect(
            pikepdf.Dictionary(Type=pikepdf.Name.ExtGState, OP=False, op=False, OPM=0)
        )

    def _paint(self, op: str, state: _GState, path: PathShape) -> None:
        """The CMYK a painting operator needs, written before it; and rich black under fine
        light detail demoted to 100 % K (pdfx.knockouts)."""
        if op in _FILL or op in _SHOW:
            self._write_fill(state, path if op in _FILL else None)
        if op in _SHOW and state.text_mode in _STROKED_TEXT:
            self._write_stroke(state)
        if op == "Do":  # a form paints with the colours it inherits (a glyph's outline, stroked)
            self._write_fill(state, None)
            self._write_stroke(state)
        if op in _STROKE:
            self._write_stroke(state)
            width = state.width * scale_of(state.ctm)
            if is_light(state.stroke) and width < FINE_KNOCKOUT:
                self._demote(path.box(), width / 2)
        if op in _FILL and is_light(state.fill) and path.thickness() < FINE_KNOCKOUT:
            self._demote(path.box(), 0.0)
        if op in _FILL or op in _STROKE or op in _SHOW or op in _OTHER_PAINT:
            self._overprint(state, self._pure_black(op, state))

    @staticmethod
    def _pure_black(op: str, state: _GState) -> bool:
        """Whether every colour `op` paints with is 100 % K (then it overprints)."""
        used: list[tuple[float, ...] | None] = []
        if op in _FILL or op in _SHOW:
            used.append(state.written_fill)
        if op in _STROKE or (op in _SHOW and state.text_mode in _STROKED_TEXT):
            used.append(state.written_stroke)
        pure = tuple(_rounded(PURE_K))
        return bool(used) and all(c is not None and tuple(c) == pure for c in used)

    def _overprint(self, state: _GState, on: bool) -> None:
        """Overprint switched on (before 100 % K) or back off, when it is not so already."""
        if on != state.overprint:
            self.out.append(_op("gs", pikepdf.Name(OVERPRINT if on else KNOCKOUT)))
            state.overprint = on
            self.overprinted = True

    def _demote(self, box: Box | None, grow: float) -> None:
        if box is not None:
            box = (box[0] - grow, box[1] - grow, box[2] + grow, box[3] + grow)
        for index in self.rich.knocked_out(box):
            self.out[index] = _op("k", *_rounded(PURE_K))

    def _colour_op(self, op: str, operands: Any, state: _GState) -> bool:
        """Take in a colour-setting operator; True when it must not be copied as it is."""
        if op == "rg":
            state.fill, state.written_fill = _numbers(operands), None
            return True
        if op == "RG":
            state.stroke, state.written_stroke = _numbers(operands), None
            return True
        if op in ("cs", "CS"):
            rgb = self._is_rgb_space(operands[0])
            if op == "cs":
                state.fill_rgb_space, state.fill = rgb, None
                state.written_fill = None
            else:
                state.stroke_rgb_space, state.stroke = rgb, None
                state.written_stroke = None
            return rgb
        if op in ("sc", "scn") and state.fill_rgb_space and len(operands) == 3:
            state.fill, state.written_fill = _numbers(operands), None
            return True
        if op in ("SC", "SCN") and state.stroke_rgb_space and len(operands) == 3:
            state.stroke, state.written_stroke = _numbers(operands), None
            return True
        if op in ("g", "k", "sc", "scn"):
            state.fill = None
            state.written_fill = _device_cmyk(op, operands, "k")
        if op in ("G", "K", "SC", "SCN"):
            state.stroke = None
            state.written_stroke = _device_cmyk(op, operands, "K")
        return False

    def _is_rgb_space(self, name: Any) -> bool:
        if str(name) in _RGB_SPACES:
            return True
        spaces = self.resources.get("/ColorSpace") if self.resources is not None else None
        cs = spaces.get(str(name)) if spaces is not None else None
        if isinstance(cs, pikepdf.Array) and str(cs[0]) == "/ICCBased":
            return int(cs[1].get("/N", 0)) == 3
        return isinstance(cs, pikepdf.Array) and str(cs[0]) in _RGB_SPACES

    def _write_fill(self, state: _GState, path: PathShape | None) -> None:
        """The fill colour before a fill (`path`) or text (None)."""
        if state.fill is None:
            return
        large = path is not None and path.is_large()
        cmyk = self.conv.for_use(state.fill, large)
        if large and is_near_black(state.fill) and path is not None:
            self.rich.wrote(len(self.out), path.box())  # its own operator, so it can be demoted
            state.written_fill = None
        if cmyk != state.written_fill:
            self.out.append(_op("k", *_rounded(cmyk)))
            state.written_fill = cmyk

    def _write_stroke(self, state: _GState) -> None:
        if state.stroke is None:
            return
        cmyk = self.conv.for_use(state.stroke, False)
        if cmyk != state.written_stroke:
            self.out.append(_op("K", *_rounded(cmyk)))
            state.written_stroke = cmyk


def _device_cmyk(op: str, operands: Any, cmyk_op: str) -> tuple[float, ...] | None:
    """The colour a CMYK operator of the source sets (a kit's `cmyk(...)` colour), else None."""
    return tuple(_rounded(tuple(float(v) for v in operands))) if op == cmyk_op else None


def _rounded(cmyk: tuple[float, ...]) -> list[float]:
    return [round(v, 4) for v in cmyk]


def rewrite_pdf(pdf: pikepdf.Pdf, converter: Converter) -> None:
    """Every page and form stream, and every RGB image, converted to CMYK in place."""
    done: set[tuple[int, int]] = set()
    for page in pdf.pages:
        _rewrite_stream(pdf, page.obj, page.obj.get("/Resources"), converter, done, is_page=True)
    for obj in list(pdf.objects):
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Form":
            _rewrite_stream(pdf, obj, obj.get("/Resources"), converter, done)
        elif isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image":
            convert_image(pdf, obj, converter)


def _rewrite_stream(
    pdf: pikepdf.Pdf, owner: Any, resources: Any, conv: Converter, done: set, is_page: bool = False
) -> None:
    if owner.objgen in done and owner.objgen != (0, 0):
        return
    done.add(owner.objgen)
    target = pikepdf.Page(owner) if is_page else owner
    instructions = list(pikepdf.parse_content_stream(target))
    rewriter = StreamRewriter(conv, resources)
    data = pikepdf.unparse_content_stream(rewriter.rewrite(instructions))
    rewriter.add_resources(pdf, owner)
    if is_page:
        owner.Contents = pdf.make_stream(data)
    else:
        owner.write(data)
    _compress(owner.Contents if is_page else owner)


def _compress(stream: Any) -> None:
    raw = stream.read_bytes()
    stream.write(zlib.compress(raw, 6), filter=pikepdf.Name.FlateDecode)


def convert_image(pdf: pikepdf.Pdf, xobj: Any, conv: Converter) -> None:
    """An RGB (or indexed) image rewritten as 8-bit DeviceCMYK within the ink limit. Soft
    masks were flattened before (pdfx.flatten); a colour key (and the soft mask of an image
    drawn nowhere) becomes a 1-bit stencil mask (/Mask, allowed in PDF/X-1a): hidden pixels
    are not painted, so what lies under the image still shows."""
    space = xobj.get("/ColorSpace")
    soft = "/SMask" in xobj
    plain = space in (pikepdf.Name.DeviceCMYK, pikepdf.Name.DeviceGray)
    if xobj.get("/ImageMask", False) or (space == pikepdf.Name.DeviceGray and not soft):
        return
    if plain and not soft:  # CMYK: only the ink limit applies
        _limit_cmyk_image(xobj, conv)
        return
    image = pikepdf.PdfImage(xobj).as_pil_image()
    hidden = _hidden_pixels(xobj, image)
    cmyk = conv.image(image.convert("RGB") if image.mode in ("RGBA", "LA", "PA") else image)
    write_pixels(xobj, cmyk, pikepdf.Name.DeviceCMYK)
    if hidden is not None:
        xobj.Mask = _stencil(pdf, hidden)


def write_pixels(xobj: Any, image: Any, space: Any) -> None:
    """Replace an image XObject's pixels by `image` (8 bits, `space`), masks and decoding
    parameters dropped."""
    for key in ("/SMask", "/Decode", "/DecodeParms", "/Mask"):
        if key in xobj:
            del xobj[key]
    xobj.write(zlib.compress(image.tobytes(), 6), filter=pikepdf.Name.FlateDecode)
    xobj.ColorSpace = space
    xobj.BitsPerComponent = 8


def _limit_cmyk_image(xobj: Any, conv: Converter) -> None:
    image = pikepdf.PdfImage(xobj).as_pil_image()
    if image.mode != "CMYK":
        return
    limited = conv.image(image)
    if limited is not image:
        for key in ("/Decode", "/DecodeParms"):
            if key in xobj:
                del xobj[key]
        xobj.write(zlib.compress(limited.tobytes(), 6), filter=pikepdf.Name.FlateDecode)


def _hidden_pixels(xobj: Any, image: Any) -> Any:
    """An "L" image, 255 where the pixel is not to be painted; None when all are painted."""
    hidden = None
    key_mask = xobj.get("/Mask")
    if isinstance(key_mask, pikepdf.Array) and image.mode == "RGB":
        hidden = _keyed(image, [int(v) for v in key_mask])
    if "/SMask" in xobj:
        alpha = pikepdf.PdfImage(xobj.SMask).as_pil_image().convert("L").resize(image.size)
        clear = alpha.point(lambda a: 255 if a < 128 else 0)
        hidden = clear if hidden is None else ImageChops.lighter(hidden, clear)
    if hidden is None or hidden.getbbox() is None:
        return None
    return hidden


def _stencil(pdf: pikepdf.Pdf, hidden: Any) -> Any:
    """A 1-bit image mask stream: a sample of 1 masks the pixel out, 0 paints it."""
    bits = hidden.convert("1")
    stream = pikepdf.Stream(pdf, zlib.compress(bits.tobytes(), 6))
    stream.Type = pikepdf.Name.XObject
    stream.Subtype = pikepdf.Name.Image
    stream.Width, stream.Height = bits.size
    stream.ImageMask = True
    stream.BitsPerComponent = 1
    stream.Filter = pikepdf.Name.FlateDecode
    return stream


def _keyed(image: Any, ranges: list[int]) -> Any:
    """Where colour-key masking hides pixels (255), for an RGB image and its key ranges."""
    if len(ranges) != 6:
        return None
    masks = [
        band.point(lambda v, lo=lo, hi=hi: 255 if lo <= v <= hi else 0)
        for band, lo, hi in zip(image.split(), ranges[0::2], ranges[1::2], strict=True)
    ]
    return ImageChops.multiply(ImageChops.multiply(masks[0], masks[1]), masks[2])
