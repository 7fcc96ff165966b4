"""A TrueType font's glyph outlines, read from the font file's bytes (its glyf table).

A map label's halo is drawn as its letters' outlines (draw/outlines.py); the fonts a PDF embeds
are TrueType (reportlab refuses PostScript outlines), whose glyphs are contours of points on
and off the curve (quadratic curves), a composite glyph (an accented letter) being other glyphs
placed, scaled or turned. This reads them as the TrueType specification lays them out, with
the struct module, opening a font in a fraction of a millisecond and reading a glyph in tens of
microseconds (fontTools' import and font objects cost a map's build more than all its labels).
A composite's part is placed as fontTools places it: its offset added after its transform,
unless the font asks for the offset to be transformed too; a part placed by matching points,
by them. A font is a kit's input: a glyph read past the font's data, nested past
MAX_COMPONENT_DEPTH or made of more than MAX_PARTS parts or MAX_POINTS points is no outline
(or the outline read so far), never an error.
"""

from __future__ import annotations

from struct import error as StructError  # noqa: N812 (struct's name for it)
from struct import unpack_from

Point = tuple[float, float]
Contour = list[tuple[float, float, bool]]  # x, y, on the curve

_WORDS, _XY, _SCALE, _MORE, _XY_SCALE, _TWO_BY_TWO = 0x1, 0x2, 0x8, 0x20, 0x40, 0x80
_SCALED_OFFSET = 0x800
MAX_COMPONENT_DEPTH = 8  # composite glyphs made of composites (fonts nest 2 or 3 deep)
MAX_PARTS = 1_000  # parts read for one glyph, all depths together (a font is a kit's input)
MAX_POINTS = 20_000  # points of one glyph (DejaVu's largest has a few hundred)


class TrueTypeGlyphs:
    """A TrueType font's glyph outlines (its glyf table), read from the font file's bytes (a
    collection's first font, as reportlab registers it)."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self.units_per_em, self.glyph_count = 1000, 0  # a font it cannot read: no outlines
        self._loca: tuple[int, ...] = ()
        self._glyf = 0
        try:
            self._read_tables(data)
        except (StructError, KeyError, IndexError):
            self.glyph_count = 0

    def _read_tables(self, data: bytes) -> None:
        base = unpack_from(">I", data, 12)[0] if data[:4] == b"ttcf" else 0
        count = unpack_from(">H", data, base + 4)[0]
        tables = {}
        for n in range(count):
            tag, _, offset, _ = unpack_from(">4sIII", data, base + 12 + 16 * n)
            tables[tag] = offset
        head = tables[b"head"]
        units_per_em = unpack_from(">H", data, head + 18)[0]
        long_offsets = unpack_from(">h", data, head + 50)[0] == 1
        glyph_count = unpack_from(">H", data, tables[b"maxp"] + 4)[0]
        entries = glyph_count + 1
        if long_offsets:
            self._loca = unpack_from(f">{entries}I", data, tables[b"loca"])
        else:
            self._loca = tuple(2 * v for v in unpack_from(f">{entries}H", data, tables[b"loca"]))
        self._glyf = tables[b"glyf"]
        self.units_per_em, self.glyph_count = units_per_em or 1000, glyph_count

    def contours(self, glyph: int) -> list[Contour]:
        """Glyph `glyph`'s contours in font units, a composite's parts placed; none for a blank
        glyph, a glyph number past the font's, or a glyph whose data runs past the font's."""
        try:
            return self._contours(glyph, 0, [MAX_PARTS])
        except (StructError, IndexError, ValueError):
            return []

    def _contours(self, glyph: int, depth: int, parts: list[int]) -> list[Contour]:
        parts[0] -= 1
        if not 0 <= glyph < self.glyph_count or depth > MAX_COMPONENT_DEPTH or parts[0] < 0:
            return []
        start, end = self._loca[glyph], self._loca[glyph + 1]
        if end <= start:
            return []
        at = self._glyf + start
        count = unpack_from(">h", self._data, at)[0]
        if count >= 0:
            return self._simple(at, count)
        return self._composite(at + 10, depth, parts)

    def _simple(self, at: int, count: int) -> list[Contour]:
        data = self._data
        ends = unpack_from(f">{count}H", data, at + 10)
        at += 10 + 2 * count
        at += 2 + unpack_from(">H", data, at)[0]  # the instructions
        points = ends[-1] + 1 if count else 0
        if points > MAX_POINTS:
            return []
        flags: list[int] = []
        while len(flags) < points:
            flag = data[at]
            at += 1
            flags.append(flag)
            if flag & 0x8:  # repeated
                flags.extend([flag] * data[at])
                at += 1
        del flags[points:]
        xs, at = _coordinates(data, at, flags, 0x2, 0x10)
        ys, at = _coordinates(data, at, flags, 0x4, 0x20)
        contours: list[Contour] = []
        first = 0
        for last in ends:
            contours.append([(xs[n], ys[n], bool(flags[n] & 1)) for n in range(first, last + 1)])
            first = last + 1
        return contours

    def _composite(self, at: int, depth: int, parts: list[int]) -> list[Contour]:
        data = self._data
        placed: list[Contour] = []
        points = 0
        while points <= MAX_POINTS:
            flags, glyph = unpack_from(">HH", data, at)
            at += 4
            if flags & _WORDS:
                first, second = unpack_from(">hh" if flags & _XY else ">HH", data, at)
                at += 4
            else:
                first, second = unpack_from(">bb" if flags & _XY else ">BB", data, at)
                at += 2
            xx, xy, yx, yy = 1.0, 0.0, 0.0, 1.0
            if flags & _SCALE:
                xx = yy = unpack_from(">h", data, at)[0] / 16384
                at += 2
            elif flags & _XY_SCALE:
                xx, yy = (v / 16384 for v in unpack_from(">hh", data, at))
                at += 4
            elif flags & _TWO_BY_TWO:
                xx, xy, yx, yy = (v / 16384 for v in unpack_from(">hhhh", data, at))
                at += 8
            part = [
                [(xx * x + yx * y, xy * x + yy * y, on) for x, y, on in contour]
                for contour in self._contours(glyph, depth + 1, parts)
            ]
            if flags & _XY:
                dx, dy = float(first), float(second)
                if flags & _SCALED_OFFSET:
                    dx, dy = xx * dx + yx * dy, xy * dx + yy * dy
            else:  # a point of the part put on a point of the parts before it
                mine = [p for contour in placed for p in contour]
                theirs = [p for contour in part for p in contour]
                if first < len(mine) and second < len(theirs):
                    dx, dy = mine[first][0] - theirs[second][0], mine[first][1] - theirs[second][1]
                else:
                    dx = dy = 0.0
            placed += [[(x + dx, y + dy, on) for x, y, on in contour] for contour in part]
            points += sum(map(len, part))
            if not flags & _MORE:
                break
        return placed


def _coordinates(
    data: bytes, at: int, flags: list[int], short: int, same: int
) -> tuple[list[int], int]:
    """One axis of a simple glyph's points (each a delta from the last: a byte whose sign a
    flag gives, none, or a signed word), and where the bytes after them start."""
    values, value = [], 0
    for flag in flags:
        if flag & short:
            value += data[at] if flag & same else -data[at]
            at += 1
        elif not flag & same:
            value += unpack_from(">h", data, at)[0]
            at += 2
        values.append(value)
    return values, at


def contour_path(contour: Contour) -> list[tuple[str, tuple[Point, ...]]]:
    """A closed TrueType contour as PDF path segments: ("m", (p,)), ("l", (p,)) and
    ("c", (c1, c2, p)), each quadratic curve as the cubic curve it equals; the closing line
    back to the start is left to `h`."""
    if not contour:
        return []
    points = [(float(x), float(y), on) for x, y, on in contour]
    first_on = next((n for n, p in enumerate(points) if p[2]), None)
    if first_on is None:  # every point off the curve: each pair's midpoint is on it
        x0, y0, _ = points[-1]
        x1, y1, _ = points[0]
        start = ((x0 + x1) / 2, (y0 + y1) / 2, True)
        points = [start, *points]
    else:
        points = points[first_on:] + points[:first_on]
    sx, sy, _ = points[0]
    out: list[tuple[str, tuple[Point, ...]]] = [("m", ((sx, sy),))]
    current = (sx, sy)
    control: Point | None = None
    for x, y, on in [*points[1:], (sx, sy, True)]:
        if on:
            if control is None:
                out.append(("l", ((x, y),)))
            else:
                out.append(("c", _cubic(current, control, (x, y))))
                control = None
            current = (x, y)
        elif control is None:
            control = (x, y)
        else:
            middle = ((control[0] + x) / 2, (control[1] + y) / 2)
            out.append(("c", _cubic(current, control, middle)))
            current, control = middle, (x, y)
    if out[-1][0] == "l" and out[-1][1][0] == (sx, sy):
        out.pop()
    return out


def _cubic(start: Point, control: Point, end: Point) -> tuple[Point, Point, Point]:
    """The cubic curve's control points equal to a quadratic curve's (two thirds of the way
    from each end to the quadratic's control point)."""
    return (
        (start[0] + 2 * (control[0] - start[0]) / 3, start[1] + 2 * (control[1] - start[1]) / 3),
        (end[0] + 2 * (control[0] - end[0]) / 3, end[1] + 2 * (control[1] - end[1]) / 3),
        end,
    )
