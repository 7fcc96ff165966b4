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
"""

from __future__ import annotations

from typing import Any

import pikepdf

Point = tuple[float, float]
Instruction = tuple[str, Any]
Program = list[Instruction]

# names no PDF operator can have ("<" is a delimiter in content streams)
INLINE_IMAGE = "<inline image>"
PATH = "<path>"
_PATH_OPS = frozenset({"m", "l", "c", "v", "y", "re", "h"})
_FLOAT_OPS = frozenset({"cm", "Tm", "Td", "TD", "TL", "Tc", "Tw", "Tz", "Ts"})


class Programs:
    """Parsed content streams of one document, each parsed once."""

    def __init__(self) -> None:
        self._parsed: dict[tuple[int, int], Program] = {}

    def of(self, stream: Any) -> Program:
        """The program of a form XObject (cached) or a page (parsed each time it is asked)."""
        key = stream.objgen if isinstance(stream, pikepdf.Object) else (0, 0)
        if key == (0, 0):  # a page, or a direct object: nothing to key it by
            return compile_stream(stream)
        if key not in self._parsed:
            self._parsed[key] = compile_stream(stream)
        return self._parsed[key]


def compile_stream(stream: Any) -> Program:
    """Parse a page or a form XObject's content into a program."""
    program: Program = []
    points: list[Point] | None = None  # the points of the path run being read, if any
    for instruction in pikepdf.parse_content_stream(stream):
        if isinstance(instruction, pikepdf.ContentStreamInlineImage):
            program.append((INLINE_IMAGE, instruction.iimage))
            points = None
            continue
        op = str(instruction.operator)
        if op not in _PATH_OPS:
            program.append((op, _operands(op, instruction.operands)))
            points = None
        elif points is None:
            points = _points(op, instruction.operands)
            program.append((PATH, points))
        else:
            points.extend(_points(op, instruction.operands))
    return program


def _points(op: str, operands: Any) -> list[Point]:
    if op == "re":
        x, y, w, h = (float(v) for v in operands)
        return [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]
    v = [float(x) for x in operands]
    return [(v[i], v[i + 1]) for i in range(0, len(v) - 1, 2)]


def _operands(op: str, operands: Any) -> Any:
    if op in _FLOAT_OPS:
        return tuple(float(v) for v in operands)
    if op == "w":
        return float(operands[0])
    return operands
