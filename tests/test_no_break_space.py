"""A no-break space holds: the words on each side of U+00A0 (or U+202F, U+2007) stay on one
line, however the rest of the text wraps; every other white space may break."""

from __future__ import annotations

import pytest

from printkit.draw.fonts import shipped_font
from printkit.draw.text import line_width, wrap

SIZE = 10.0


@pytest.mark.parametrize("space", ["\u00a0", "\u202f", "\u2007"])
def test_the_words_around_a_no_break_space_stay_together(space):
    text = f"Your chariot loses -1{space}HEALTH at once"
    font = shipped_font("body")
    # a box as wide as "Your chariot loses -1": with a plain space, HEALTH would go to line 2
    width = line_width("Your chariot loses -1", font, SIZE) + 0.5
    plain = wrap(text.replace(space, " "), font, SIZE, width)
    assert plain is not None and plain[0].endswith("-1")
    held = wrap(text, font, SIZE, width)
    assert held is not None
    assert [line for line in held if f"-1{space}HEALTH" in line], held
    assert held[0] == "Your chariot loses"


def test_other_white_space_still_breaks():
    font = shipped_font("body")
    lines = wrap("a\tb c\u2003d", font, SIZE, line_width("a", font, SIZE) + 0.5)
    assert lines == ["a", "b", "c", "d"]
