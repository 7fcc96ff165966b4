"""Content streams parsed once per document, ready for the walker in scan.py.

A form XObject (a card design, a frame) is usually drawn many times; parsing its stream and
converting its numbers each time cost most of a preflight. `Programs` parses each stream once,
keyed by its object number, into a list of (operator, operands) where:
  - a run of path construction operators (m l c v y re h) in a row becomes one (PATH, points):
    their points as (x, y) float pairs, in the stream's own coordinates (`re` as its corners);
  - cm, w and the numeric text operators carry floats;
  - an inline image is (INLINE_IMAGE, the pikepdf inline image);
  - every other operator keeps pikepdf's operands as they are.
The numbers are converted exactly as the walker converted them before (float() of each operand,
the same additions for a rectangle's corners), so scans are unchanged.

A file is untrusted input: an operator the walker reads whose operands are not what the PDF
reference gives it (`re` with a name, `cm` with five numbers, a `Tf` without a size) becomes
(PROBLEM, message) instead, so the walker reports it as a finding and carries on.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

import pikepdf

from printkit.preflight.inflate import Allowance

if TYPE_CHECKING:  # scan.py, which walks through these programs, fills the cache
    from printkit.preflight.scan import FormShape, PageScan

Point = tuple[float, float]
Instruction = tuple[str, Any]
Program = list[Instruction]

# names no PDF operator can have ("<" is a delimiter in content streams)
INLINE_IMAGE = "<inline image>"
PATH = "<path>"
PROBLEM = "<problem>"
_PATH_OPS = frozenset({"m", "l", "c", "v", "y", "re", "h"})
_FLOAT_OPS = frozenset({"cm", "Tm", "Td", "TD", "TL", "Tc", "Tw", "Tz", "Ts"})
# what each operator the walker reads takes: "n" a number, "N" a name, "s" a string,
# "a" an array of strings and numbers, "*" anything
SIGNATURES = {
    "m": "nn", "l": "nn", "c": "nnnnnn", "v": "nnnn", "y": "nnnn", "re": "nnnn", "h": "",
    "cm": "nnnnnn", "Tm": "nnnnnn", "Td": "nn", "TD": "nn", "TL": "n", "Tc": "n", "Tw": "n",
    "Tz": "n", "Ts": "n", "w": "n", "Tf": "Nn", "Tj": "s", "TJ": "a", "'": "s", '"': "nns",
    "cs": "N", "CS": "N", "gs": "N", "Do": "N", "sh": "N",
}  # fmt: skip
_KINDS = {"n": "a number", "N": "a name", "s": "a string", "a": "an array"}
_ARITY = {op: len(kinds) for op, kinds in SIGNATURES.items()}


class Programs:
    """Parsed content streams of one document, each parsed once, and no more content than
    the document's Allowance (inflate.py: a stream past it raises ContentTooLarge)."""

    def __init__(self, allowance: Allowance | None = None) -> None:
        self._parsed: dict[tuple[int, int], Program] = {}
        self._page: tuple[tuple[int, int], Program] | None = None  # the last page read
        self.allowance = allowance or Allowance()
        # what a pattern cell, a glyph or an annotation paints, walked once (scan.walk_apart)
        self.apart: dict[tuple[int, int], PageScan] = {}
        # what a form paints, by its turn and scale and depth (scan.Walker._form)
        self.shapes: dict[tuple[Any, ...], FormShape] = {}
        # the ink a form painted where it was drawn (form, matrix, depth: ink.InkWalker._do)
        self.inked: dict[tuple[Any, ...], Any] = {}

    def of(self, stream: Any) -> Program:
        """The program of a form XObject (cached) or a page (parsed each time it is asked)."""
        return self.parse(stream)[0]

    def parse(self, stream: Any) -> tuple[Program, bool]:
        """(the program, whether it was parsed just now rather than found in the cache)."""
        key = stream.objgen if isinstance(stream, pikepdf.Object) else (0, 0)
        if isinstance(stream, pikepdf.Page) and stream.obj.objgen != (0, 0):
            # a page is read by each of its checks in turn (scan.py, then ink.py): the last
            # page's program is kept for the next check, not the whole file's (a page's cost
            # is still charged to each check's budget as if parsed: parsed is True)
            if self._page is not None and self._page[0] == stream.obj.objgen:
                return self._page[1], True
            program = compile_stream(stream, self._admit(stream))
            self._page = (stream.obj.objgen, program)
            return program, True
        if key == (0, 0):  # a direct object: nothing to key it by
            size = self._admit(stream)
            return compile_stream(stream, size), True
        if key in self._parsed:
            return self._parsed[key], False
        self._parsed[key] = []  # a stream too large to read is refused once
        size = self._admit(stream)
        self._parsed[key] = compile_stream(stream, size)
        return self._parsed[key], True

    def _admit(self, stream: Any) -> int:
        """Count what the stream (or a page's content streams) inflates to; that size."""
        if isinstance(stream, pikepdf.Page):
            contents = stream.obj.get("/Contents")
            parts = contents if isinstance(contents, pikepdf.Array) else [contents]
        else:
            parts = [stream]
        return sum(self.allowance.admit(p) for p in parts if isinstance(p, pikepdf.Stream))


def compile_stream(stream: Any, size: int = 0) -> Program:
    """Parse a page or a form XObject's content (`size` bytes decoded) into a program.

    pikepdf's parser holds every operator and operand of a stream as Python objects before the
    first is compiled: about 550 bytes an operator, 2.6 GB for the 69 MB form of the largest
    map the limits allow. So a form's content of more than STREAM_FROM bytes is compiled as
    it is read (`_Compiler` as pikepdf's StreamParser), holding only the operands of the
    operator being read; the program is the same. Content with an inline image, or that the
    streaming reader cannot read to its end, is parsed whole as before."""
    if size > STREAM_FROM and isinstance(stream, pikepdf.Stream) and _StreamParser is not object:
        compiler = _Compiler()
        try:
            pikepdf.Object._parse_stream(stream, compiler)  # noqa: SLF001 - no public twin
        except Exception:  # noqa: BLE001 - the whole parse below reports what it finds
            compiler.program = None
        if compiler.program is not None:
            return compiler.program
    compiler = _Compiler()
    for instruction in pikepdf.parse_content_stream(stream):
        if isinstance(instruction, pikepdf.ContentStreamInlineImage):
            compiler.inline_image(instruction.iimage)
        else:
            compiler.add(str(instruction.operator), instruction.operands)
    assert compiler.program is not None
    return compiler.program


STREAM_FROM = 1 << 20  # decoded bytes of a form's content above which it is read as a stream


class _InlineImage(Exception):
    """The streamed content holds an inline image: it is parsed whole instead."""


# pikepdf's StreamParser is public from 10.13; with an older pikepdf (the declared minimum is
# 10.3, installable on older Macs) every content is parsed whole, as it was before
_StreamParser: Any = pikepdf.__dict__.get("StreamParser", object)


class _Compiler(_StreamParser):
    """Compiles instructions into a program, one at a time; also pikepdf's StreamParser
    callback, which hands it each operand and operator as the content is read."""

    def __init__(self) -> None:
        super().__init__()
        self.program: Program | None = []
        self.points: list[Point] | None = None  # the points of the path run being read, if any
        self.operands: list[Any] = []
        # instructions met before, each kept once (`q`, `Q`, `n`, a colour set again)
        self.seen: dict[tuple[Any, ...], Instruction] = {}

    def handle_object(self, obj: Any, offset: int, length: int) -> None:
        if not isinstance(obj, pikepdf.Operator):
            self.operands.append(obj)
            return
        op = str(obj)
        if op == "BI":
            raise _InlineImage
        operands, self.operands = self.operands, []
        self.add(op, operands)

    def handle_eof(self) -> None:
        """Operands after the last operator are dropped, as pikepdf's parser drops them."""

    def inline_image(self, image: Any) -> None:
        assert self.program is not None
        self.program.append((INLINE_IMAGE, image))
        self.points = None

    def add(self, op: str, operands: Any) -> None:
        """Compile one instruction onto the program."""
        program = self.program
        assert program is not None
        try:
            if op not in _PATH_OPS:
                program.append(self._once(op, operands))
                self.points = None
            elif self.points is None:
                self.points = _points(op, operands)
                program.append((PATH, self.points))
            else:
                self.points.extend(_points(op, operands))
        except _WRONG:  # operands that are not the operator's: say so, and carry on
            program.append((PROBLEM, operand_problem(op, operands)))
            self.points = None

    def _once(self, op: str, operands: Any) -> Instruction:
        """The instruction compiled, or the same one compiled before: a large form repeats a
        few kinds (`q`, `Q`, its colours) hundreds of thousands of times, and each kept as its
        own objects cost hundreds of bytes. Operands that are not all numbers and names are
        compiled each time; SEEN_AT_MOST instructions are remembered."""
        if not all(map(_plain, operands)):
            return (op, _operands(op, operands))
        key = (op, *map(type, operands), *map(str, operands))
        found = self.seen.get(key)
        if found is None:
            found = (op, _operands(op, operands))
            if len(self.seen) < SEEN_AT_MOST:
                self.seen[key] = found
        return found


SEEN_AT_MOST = 10_000


def _plain(value: Any) -> bool:
    return is_number(value) or isinstance(value, pikepdf.Name)


class _WrongOperands(Exception):
    pass


# what converting operands of the wrong kind or number raises
_WRONG = (_WrongOperands, TypeError, ValueError, AttributeError, IndexError)


def is_number(value: Any) -> bool:
    return isinstance(value, int | float | Decimal) and not isinstance(value, bool)


def _fits(kind: str, value: Any) -> bool:
    if kind == "n":
        return is_number(value)
    if kind == "N":
        return isinstance(value, pikepdf.Name)
    if kind == "s":
        return isinstance(value, pikepdf.String)
    return isinstance(value, pikepdf.Array) and all(
        isinstance(v, pikepdf.String) or is_number(v) for v in value
    )


def operand_problem(op: str, operands: Any) -> str:
    """Why these operands cannot be the operator's."""
    wanted = SIGNATURES[op]
    takes = ", ".join(_KINDS[k] for k in wanted) or "no operands"
    got = " ".join(_shown(v) for v in operands)[:60] or "nothing"
    return f"operator {op} takes {takes}; found {got}"


def _shown(value: Any) -> str:
    if is_number(value):
        return f"{float(value):g}"
    return str(value) if isinstance(value, pikepdf.Name) else type(value).__name__.lower()


def _points(op: str, operands: Any) -> list[Point]:
    if len(operands) != _ARITY[op]:
        raise _WrongOperands
    if op == "re":
        x, y, w, h = (float(v) for v in operands)
        return [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]
    v = [float(x) for x in operands]
    return [(v[i], v[i + 1]) for i in range(0, len(v) - 1, 2)]


def _operands(op: str, operands: Any) -> Any:
    """Numbers as floats; the operands of the other operators the walker reads checked."""
    if op in _FLOAT_OPS:
        if len(operands) != _ARITY[op]:
            raise _WrongOperands
        return tuple(float(v) for v in operands)
    if op == "w":
        if len(operands) != 1:
            raise _WrongOperands
        return float(operands[0])
    wanted = SIGNATURES.get(op)
    if wanted is not None and not (
        len(operands) == len(wanted) and all(map(_fits, wanted, operands))
    ):
        raise _WrongOperands
    return operands
