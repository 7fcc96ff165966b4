"""Content streams parsed once per document, ready for the walker in scan.py.

A form XObject (a card design, a frame) is usually drawn many times; parsing its stream and
converting its numbers each time cost most of a preflight. `Programs` parses each stream once,
keyed by its object number, into a list of (operator, operands) where:
  - path construction operators (m l c v y re h) carry their points as (x, y) float pairs, in the
    stream's own coordinates (`re` as its four corners);
  - cm, w and the numeric text operators carry floats;
  - an inline image is ("BI", the pikepdf inline image);
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

INLINE_IMAGE = "BI"  # never an operator of its own in parsed content: pikepdf groups BI ID EI
PATH_OPS = frozenset({"m", "l", "c", "v", "y", "re", "h"})
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
    for instruction in pikepdf.parse_content_stream(stream):
        if isinstance(instruction, pikepdf.ContentStreamInlineImage):
            program.append((INLINE_IMAGE, instruction.iimage))
        else:
            op = str(instruction.operator)
            program.append((op, _operands(op, instruction.operands)))
    return program


def _operands(op: str, operands: Any) -> Any:
    if op == "re":
        x, y, w, h = (float(v) for v in operands)
        return [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]
    if op in PATH_OPS:
        v = [float(x) for x in operands]
        return [(v[i], v[i + 1]) for i in range(0, len(v) - 1, 2)]
    if op in _FLOAT_OPS:
        return tuple(float(v) for v in operands)
    if op == "w":
        return float(operands[0])
    return operands
