"""The physical limit: bare reportlab canvas calls drawing the benchmark deck printkit draws.

Same pages as `printkit build` of bench/synthetic.py's deck (home profile, A4, long-edge
duplex): 3 x 3 poker cards a sheet, each front a framed light face with its title and body
text in the same DejaVu fonts, a common back drawn once as a form and placed on every back
page, crop marks, a 50 mm scale bar and a page label. No data files, no validation, no text
fitting, no imposition engine: positions are plain arithmetic and the body text's line break is
known in advance.

    N=540 python bench/bare_deck.py OUT.pdf
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from reportlab import rl_config
from reportlab.lib.colors import Color
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONTS = Path(__file__).resolve().parent.parent / "printkit" / "fonts"
MM = 72 / 25.4
W, H = 63 * MM, 88 * MM  # poker card
PAGE_W, PAGE_H = 210 * MM, 297 * MM
X0, Y0 = (PAGE_W - 3 * W) / 2, (PAGE_H - 3 * H) / 2
FRAME = Color(0x8B / 255, 0x1A / 255, 0x1A / 255)
EDGE = Color(0x8B / 255 * 0.65, 0x1A / 255 * 0.65, 0x1A / 255 * 0.65)
PAPER = Color(1, 1, 224 / 255)
INK = Color(0x1D / 255, 0x1A / 255, 0x16 / 255)
GREY = Color(0.35, 0.35, 0.35)
BLACK = Color(0, 0, 0)
WHITE = Color(0.97, 0.94, 0.88)


def body(i: int) -> list[str]:
    text = f"Move {4 + i % 5 * 2}, turn 30 and drift 1. Crash: lose a wheel."
    k = text.index(" lose")
    return [text[:k], text[k + 1 :]]


def front(c: Canvas, x: float, y: float, i: int) -> None:
    c.saveState()
    c.translate(x, y)
    c.setFillColor(FRAME)
    c.rect(0, 0, W, H, stroke=0, fill=1)
    c.setFillColor(PAPER)
    c.setStrokeColor(EDGE)
    c.setLineWidth(0.6)
    c.roundRect(2.6 * MM, 2.6 * MM, W - 5.2 * MM, H - 5.2 * MM, 2 * MM, stroke=1, fill=1)
    c.setFillColor(INK)
    c.setFont("pk-bold", 14)
    c.drawCentredString(W / 2, H - 13 * MM, f"Card {i}")
    c.setFont("pk-body", 8)
    for n, line in enumerate(body(i)):
        c.drawCentredString(W / 2, H - 44 * MM - n * 9.44, line)
    c.restoreState()


def back_form(c: Canvas) -> None:
    c.beginForm("back", 0, 0, W, H)
    c.setFillColor(FRAME)
    c.rect(0, 0, W, H, stroke=0, fill=1)
    c.setStrokeColor(EDGE)
    c.setLineWidth(0.5)
    x = -H
    while x < W:
        c.line(x, 0, x + W + H, W + H)
        c.line(x + W + H, 0, x, W + H)
        x += 2.4 * MM
    c.setStrokeColor(WHITE)
    c.rect(3.2 * MM, 3.2 * MM, W - 6.4 * MM, H - 6.4 * MM, stroke=1, fill=0)
    c.circle(W / 2, H / 2, W * 0.26, stroke=1, fill=0)
    c.setFillColor(WHITE)
    c.setFont("pk-display", 13)
    c.drawCentredString(W / 2, 11 * MM, "CHARIOT")
    c.setFont("pk-heading", 6.8)
    c.drawCentredString(W / 2, 7.6 * MM, "BENCHMARK DECK")
    c.endForm()


def sheet_furniture(c: Canvas, label: str, is_front: bool) -> None:
    if is_front:
        c.setStrokeColor(BLACK)
        c.setLineWidth(0.3)
        for k in range(4):
            x, y = X0 + k * W, Y0 + k * H
            c.line(x, Y0 - 0.75 * MM, x, Y0 - 4.75 * MM)
            c.line(x, Y0 + 3 * H + 0.75 * MM, x, Y0 + 3 * H + 4.75 * MM)
            c.line(X0 - 0.75 * MM, y, X0 - 4.75 * MM, y)
            c.line(X0 + 3 * W + 0.75 * MM, y, X0 + 3 * W + 4.75 * MM, y)
        c.setLineWidth(0.6)
        c.line(X0, 5.6 * MM, X0 + 50 * MM, 5.6 * MM)
        for t in range(51):
            c.setLineWidth(0.35 if t % 10 else 0.6)
            tick = 1.6 if t % 10 == 0 else 0.9 if t % 5 == 0 else 0.5
            c.line(X0 + t * MM, 5.6 * MM, X0 + t * MM, (5.6 + tick) * MM)
        c.setFont("pk-condensed", 6.5)
        c.drawString(X0 + 52 * MM, 5.6 * MM, "this bar must measure 50 mm: print at actual size")
    c.setFillColor(GREY)
    c.setFont("pk-condensed", 7)
    c.drawRightString(X0 + 3 * W, PAGE_H - 7.5 * MM, label)


def main(path: str, n: int) -> None:
    rl_config.useA85 = 0
    for name, file in (
        ("pk-body", "DejaVuSans.ttf"),
        ("pk-bold", "DejaVuSans-Bold.ttf"),
        ("pk-condensed", "DejaVuSansCondensed.ttf"),
        ("pk-display", "DejaVuSerifCondensed-Bold.ttf"),
        ("pk-heading", "DejaVuSansCondensed-Bold.ttf"),
    ):
        pdfmetrics.registerFont(TTFont(name, str(FONTS / file)))
    c = Canvas(path, pagesize=(PAGE_W, PAGE_H), invariant=1, initialFontName="pk-body")
    back_form(c)
    sheets = -(-n // 9)
    for s in range(sheets):
        cards = range(s * 9, min(n, s * 9 + 9))
        for i in cards:
            slot = i - s * 9
            front(c, X0 + slot % 3 * W, Y0 + (2 - slot // 3) * H, i)
        sheet_furniture(c, f"bench-deck · Deck 1 · sheet {s + 1} front", True)
        c.showPage()
        for i in cards:
            slot = i - s * 9
            c.saveState()
            c.translate(X0 + (2 - slot % 3) * W, Y0 + (2 - slot // 3) * H)  # long-edge mirror
            c.doForm("back")
            c.restoreState()
        sheet_furniture(c, f"bench-deck · Deck 1 · sheet {s + 1} back", False)
        c.showPage()
    c.save()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "bare_deck.pdf", int(os.environ.get("N", "540")))
