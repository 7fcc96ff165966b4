"""Sheet furniture for home printing: crop marks, the 100 % scale bar, the page label, and the
provenance mark of a piece whose rules are the kit's own with its one-line legend."""

from __future__ import annotations

from functools import lru_cache

from reportlab.lib.colors import Color, black
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import PATH_OPS, Canvas

from printkit.draw.fonts import KitCanvas, ascent_descent, font, text_width
from printkit.layout.geometry import Rect
from printkit.layout.imposition import MARK_WIDTH
from printkit.layout.shapes import RECTANGLE, Shape, lower_right_inside
from printkit.layout.units import mm

GREY = Color(0.35, 0.35, 0.35)
BAR_INSET = mm(0.5)  # the bar starts this far inside its band: no stroke past the band
TICK_LONG = mm(1.6)


def draw_crop_marks(c: Canvas, segments: list[tuple[float, float, float, float]]) -> None:
    c.saveState()
    c.setStrokeColor(black)
    c.setLineWidth(MARK_WIDTH)
    for x0, y0, x1, y1 in segments:
        c.line(x0, y0, x1, y1)
    c.restoreState()


def draw_scale_bar(
    c: Canvas,
    band: Rect,
    vertical: bool,
    length_mm: float = 50,
    label: str | None = None,
    size: float = 6.5,
) -> None:
    """A bar exactly `length_mm` long with mm ticks (and one at its end), and the words to check
    100 % printing.

    Horizontal bands: the bar runs along the band's bottom edge from its left end. Vertical
    bands: the bar runs up the band's left edge from its bottom end (text turned 90 degrees).
    The bar starts BAR_INSET inside the band, so no stroke reaches past the band's edge. The
    label (font `size` pt) follows the bar; when the band is too short for that it goes on a
    line of its own beside the bar if the band is deep enough, else it is shortened to
    "= N mm at 100 %".
    """
    text = label or f"this bar must measure {length_mm:g} mm: print at actual size / 100 %"
    c.saveState()
    if vertical:
        c.translate(band.x1, band.y + BAR_INSET)
        c.rotate(90)
        span, depth = band.h - BAR_INSET, band.w
    else:
        c.translate(band.x + BAR_INSET, band.y)
        span, depth = band.w - BAR_INSET, band.h
    c.setStrokeColor(black)
    c.setFillColor(black)
    bar_y = max(mm(0.6), ascent_descent(font(c, "condensed"), size)[1] + mm(0.1))
    _bar(c, length_mm, bar_y)
    name = font(c, "condensed")
    placed = _caption_place(text, length_mm, bar_y, (span, depth), name, size)
    if placed is not None:
        c.setFont(name, size)
        c.drawString(*placed)
    c.restoreState()


def _caption_place(
    text: str, length_mm: float, bar_y: float, band: tuple[float, float], name: str, size: float
) -> tuple[float, float, str] | None:
    """Where the bar's words go, inside its band (length `span`, depth `depth`): the full
    words beside the bar, else on a line over it, else "= N mm at 100 %" beside it or over
    it; None when not even those fit (the bar is then shown alone, never past its band).
    The words are set in the font `name`."""
    span, depth = band
    over_y = bar_y + TICK_LONG + mm(0.8)
    top = ascent_descent(name, size)[0]
    short = f"= {length_mm:g} mm at 100 %"
    for words in (text, short):
        width = text_width(words, name, size)
        if mm(length_mm) + mm(2) + width <= span and bar_y + top <= depth:
            return mm(length_mm) + mm(2), bar_y, words
        if width <= span and over_y + top <= depth:
            return 0.0, over_y, words
    return None


def set_page_labels(c: Canvas, shown: bool) -> None:
    """Whether draw_page_label draws on this canvas's pages: home sheets carry a label, shop
    sheets (trimmed by the printer) do not. Set by whoever starts the page."""
    c.printkit_page_labels = shown


def _page_labels_shown(c: Canvas) -> bool:
    return getattr(c, "printkit_page_labels", True)


def _bar(c: Canvas, length_mm: float, bar_y: float) -> None:
    """The bar from x = 0 with a tick every mm, longer every 5 and 10, and one at its end."""
    c.setLineWidth(0.6)
    c.line(0, bar_y, mm(length_mm), bar_y)
    whole = int(length_mm + 1e-6)
    ticks = [float(i) for i in range(whole + 1)]
    if length_mm - whole > 1e-6:
        ticks.append(length_mm)
    for t in ticks:
        i = round(t)
        major = abs(t - i) < 1e-6 and i % 10 == 0 or t == ticks[-1]
        tick = TICK_LONG if major else mm(0.9) if i % 5 == 0 else mm(0.5)
        c.setLineWidth(0.6 if major else 0.35)
        c.line(mm(t), bar_y, mm(t), bar_y + tick)


def draw_page_label(c: Canvas, band: Rect, vertical: bool, text: str) -> None:
    if not _page_labels_shown(c):
        return  # a shop sheet: the printer trims it; home labels do not belong on it
    c.saveState()
    c.setFillColor(GREY)
    c.setFont(font(c, "condensed"), 7)
    if vertical:
        c.translate(band.x + mm(2.5), band.y + band.h)
        c.rotate(-90)
        c.drawString(0, 0, text)
    else:
        c.drawRightString(band.x1, band.y1 - mm(2.5), text)
    c.restoreState()


OWN_LEGEND = "this kit's own rules or values (source: ours), not the game's"
OWN_MARK = mm(0.9)  # half the diamond's width
OWN_INSET = mm(3)  # the mark's centre from the trim's lower right corner, inside the trim
# on a piece of any other shape than a rectangle (a hex, a disc), the mark's centre lies this far
# inside its outline, so that the whole diamond is inside the 3 mm safe area
SHAPED_INSET = OWN_INSET + OWN_MARK


def _diamond(c: Canvas, cx: float, cy: float) -> None:
    p = c.beginPath()
    p.moveTo(cx, cy - OWN_MARK)
    p.lineTo(cx + OWN_MARK, cy)
    p.lineTo(cx, cy + OWN_MARK)
    p.lineTo(cx - OWN_MARK, cy)
    p.close()
    c.drawPath(p, stroke=1, fill=1)


def draw_own_mark(c: Canvas, trim: Rect, shape: Shape = RECTANGLE) -> None:
    """The discreet mark of a piece whose rules text or values are the kit's own: a small grey
    diamond near the trim's lower right corner, inside the corner radius of any card; on a
    piece of another shape (a hex tile, a round counter), towards its lower right, the whole
    diamond inside the piece's safe area (layout/shapes.lower_right_inside)."""
    inset = OWN_INSET if shape.kind == "rectangle" else SHAPED_INSET
    _mark_at(c, *lower_right_inside(shape, trim, inset))


def _mark_at(c: Canvas, cx: float, cy: float) -> None:
    if _writes_mark_code(c):
        c.addLiteral(_mark_code(cx, cy, c._fillMode))
        return
    c.saveState()
    c.setStrokeColor(GREY)
    c.setFillColor(WHITE)
    c.setLineWidth(OWN_LINE)
    _diamond(c, cx, cy)
    c.restoreState()


WHITE = Color(1, 1, 1)
OWN_LINE = 0.5  # the diamond's outline width, in points
# what _mark_at's calls write before the diamond's path, on a canvas where both alphas are 1
_MARK_STATE = (
    f"q\n{fp_str(GREY.red, GREY.green, GREY.blue)} RG\n{fp_str(1, 1, 1)} rg\n{fp_str(OWN_LINE)} w"
)


def _writes_mark_code(c: Canvas) -> bool:
    """Whether the mark's operators may be written as one piece of code, byte for byte what
    its reportlab calls write (a piece of a deck's sheet has one): a KitCanvas itself (not a
    measuring one, which paints no shapes), keeping its colours, both alphas at 1 (so that
    setting the colours sets no alpha)."""
    alphas = c._extgstate
    return (
        type(c) is KitCanvas
        and not c._enforceColorSpace
        and alphas.getValue("CA") == 1
        and alphas.getValue("ca") == 1
    )


@lru_cache(maxsize=1024)
def _mark_code(cx: float, cy: float, fill_mode: int) -> str:
    """The operators of the mark centred at (cx, cy): its graphics state saved and set, the
    diamond's path stroked and filled, the state restored, which leaves the canvas as it was;
    formatted once for a place that has a mark on every sheet (a card's slot)."""
    path = (
        f"n {fp_str(cx, cy - OWN_MARK)} m {fp_str(cx + OWN_MARK, cy)} l "
        f"{fp_str(cx, cy + OWN_MARK)} l {fp_str(cx - OWN_MARK, cy)} l h"
    )
    return f"{_MARK_STATE}\n{path}\n{PATH_OPS[1, 1, fill_mode]}\nQ"


def draw_own_legend(c: Canvas, band: Rect, vertical: bool) -> None:
    """The sheet's one-line legend of the mark: across a band, at its start (the page label
    sits at its end); down a side band, from its top (the caller gives a band of its own, beside
    the next row of pieces). Home sheets only, like the label. On a sheet's canvas where the
    mark's code may be written, the legend in a band it was drawn in before is appended as the
    operators written then: the words' glyphs were registered with the document that time."""
    if not _page_labels_shown(c):
        return
    kept = c.kept_codes if isinstance(c, KitCanvas) and _writes_mark_code(c) else None
    key = ("own legend", band, vertical, font(c, "condensed"))
    if kept is not None and key in kept:  # the same operators as on the sheet before
        c.addLiteral(kept[key])
        return
    start = len(c._code)
    _draw_own_legend(c, band, vertical)
    if kept is not None:
        kept[key] = "\n".join(c._code[start:])


def _draw_own_legend(c: Canvas, band: Rect, vertical: bool) -> None:
    c.saveState()
    c.setStrokeColor(GREY)
    c.setLineWidth(OWN_LINE)
    c.setFont(font(c, "condensed"), 7)
    if vertical:  # read downwards from the band's top, like the label
        c.translate(band.x + mm(2.5), band.y + band.h)
        c.rotate(-90)
    else:
        c.translate(band.x, band.y1 - mm(2.5))
    c.setFillColor(WHITE)  # the diamond as the pieces show it: white, outlined grey
    _diamond(c, OWN_MARK, mm(0.8))
    c.setFillColor(GREY)
    c.drawString(mm(3), 0, OWN_LEGEND)
    c.restoreState()


def draw_own_words(c: Canvas, trim: Rect) -> None:
    """The legend's words on the line of a mark drawn in `trim` (draw_own_mark), ending just
    left of it: a whole sheet's legend (render/pages.mark_own_sheet)."""
    _words_at(c, trim.x1 - OWN_INSET, trim.y + OWN_INSET)


def _words_at(c: Canvas, mark_x: float, mark_y: float) -> None:
    """The legend's words ending just left of a mark centred at (`mark_x`, `mark_y`), in GREY
    as one ink: DeviceGray, which a shop file keeps as black ink alone (pdfx.rewrite converts
    RGB only), so these 7 pt words print from one plate, sharp, with no PF-SMALLTEXT; on screen
    and at home they look as GREY does."""
    c.saveState()
    c.setFillGray(GREY.red)
    c.setFont(font(c, "condensed"), OWN_SIZE)
    c.drawRightString(mark_x - mm(2), mark_y - mm(0.9), OWN_LEGEND)
    c.restoreState()


OWN_SIZE = 7  # pt, the legend's words
SAFE_AREA = mm(3)  # text at least this far inside the trim (printing.md; preflight PF-SAFE)
FREE_CLEARANCE = mm(1.5)  # a plan's legend words this far inside its free corner's edge


def draw_own_corner(c: Canvas, plan: Rect, free: float = 0.0) -> None:
    """A plan's mark and legend (a board, a map: render/tiled.own_corner), on one line in its
    lower right corner: the mark OWN_INSET inside the corner the artwork leaves free, `free`
    inside the trim (a frame's inner line; 0 when the artwork keeps off the trim's corner), the
    words ending just left of it. The words' lowest point lies in the safe area (SAFE_AREA
    inside the trim, where a shop's cut cannot touch them) and FREE_CLEARANCE clear of the free
    corner's edge, so they never cross a frame."""
    descent = ascent_descent(font(c, "condensed"), OWN_SIZE)[1]
    bottom = max(SAFE_AREA, free + FREE_CLEARANCE) if free else SAFE_AREA
    mark_y = plan.y + bottom + descent + mm(0.9)
    mark_x = plan.x1 - free - OWN_INSET
    _mark_at(c, mark_x, mark_y)
    _words_at(c, mark_x, mark_y)


def draw_fold_line(c: Canvas, x: float, trims: list[Rect], bleed: float) -> None:
    """A dashed grey line at `x` (a folded-over counter sheet's fold), from 2 mm above the
    pieces' bleed to 2 mm below it."""
    if not trims:
        return
    low = min(r.y for r in trims) - bleed - mm(2)
    high = max(r.y1 for r in trims) + bleed + mm(2)
    c.saveState()
    c.setStrokeColor(GREY)
    c.setLineWidth(0.4)
    c.setDash([3, 2])
    c.line(x, low, x, high)
    c.restoreState()
