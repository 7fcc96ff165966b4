"""The shipped FOGRA39 table (printkit/pdfx/press.lut) holds what a press profile holds: every
node within 300 % ink, white as paper, greys neutral and built on black, saturated blue blue
(issue 34). Quick checks of the table itself; tests/test_press_colour.py measures its colours
against a reference built from Fogra's data."""

from __future__ import annotations

from printkit.pdfx import press


def _node(r: int, g: int, b: int) -> tuple[float, ...]:
    """The table's CMYK for grid indices (0..GRID-1) of red, green and blue."""
    n = press.GRID
    return press.table()[(b * n + g) * n + r]


def test_every_node_is_within_the_ink_limit():
    assert max(sum(ink) for ink in press.table()) <= press.TABLE_MAX_INK + 1e-9


def test_white_is_paper_and_black_is_the_deepest_node():
    top = press.GRID - 1
    assert _node(top, top, top) == (0.0, 0.0, 0.0, 0.0)
    c, m, y, k = _node(0, 0, 0)
    assert k == 1.0 and c > m > y > 0.4  # a rich black, cyan-led as the press's neutral


def test_greys_are_built_on_black():
    """Every grey below the lightest has more black than any other ink, and its C, M and Y
    stay close together (a neutral, cyan a little ahead as a press's grey balance wants); the
    darker, the more black."""
    blacks = []
    for i in range(1, press.GRID - 2):
        c, m, y, k = _node(i, i, i)
        assert k > max(c, m, y), (i, (c, m, y, k))
        assert c >= max(m, y) and c - min(m, y) < 0.2, (i, (c, m, y, k))
        blacks.append(k)
    assert blacks == sorted(blacks, reverse=True)


def test_saturated_colours_keep_their_hue():
    """sRGB blue prints with more cyan than magenta (blue, not violet: 100/77/0/0 where a
    model of the standard gave 77/95/0/15); red and green carry no complementary ink."""
    top = press.GRID - 1
    c, m, y, k = _node(0, 0, top)
    assert c > 0.95 and 0.6 < m < 0.85 and y == 0 and k < 0.05, (c, m, y, k)
    c, m, y, k = _node(top, 0, 0)
    assert c < 0.02 and m > 0.9 and y > 0.9, (c, m, y, k)
    c, m, y, k = _node(0, top, 0)
    assert m < 0.02 and c > 0.5 and y > 0.9, (c, m, y, k)
