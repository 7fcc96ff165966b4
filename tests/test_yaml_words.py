"""YAML syntax errors in plain words, at the position the parser noticed, naming where the
unfinished part began; the same words from libyaml and from the pure-Python parser."""

from __future__ import annotations

import pytest

from printkit.core.errors import InputError
from printkit.load import yamlsafe

CASES = [
    ("a: 1\nb: [1, 2\nc: 3\n", "3:2", "the list opened with [ at line 2, column 4 is not closed"),
    ("a: {x: 1\nb: 2\n", "2:2", "the mapping opened with { at line 1, column 4 is not closed"),
    ('a: "no end\n', "2:1", "the quoted text that starts at line 1, column 4 has no closing"),
    ("a: b: c\n", "1:5", "a colon followed by a space inside a value that is not quoted"),
    ("a: 1\nplain line\nb: 2\n", "3:1", "the text at line 2, column 1 has no colon"),
    ("a: @x\n", "1:4", "a value cannot begin with this character (@ or `)"),
    ('a: "C:\\q"\n', "1:8", "has a backslash escape YAML does not know"),
    ("a:\n  b: 1\n c: 2\n", "3:2", "this line is indented differently from the keys or items"),
]


@pytest.mark.parametrize("libyaml", [True, False])
@pytest.mark.parametrize(("text", "position", "words"), CASES)
def test_a_syntax_error_says_what_to_fix_where(text, position, words, libyaml):
    with pytest.raises(InputError) as caught:
        yamlsafe.parse_yaml(text, "f.yaml", libyaml=libyaml)
    [message] = [str(d) for d in caught.value.diagnostics]
    assert message.startswith(f"f.yaml:{position}: error: YAML syntax error: "), message
    assert words in message
    assert "while parsing" not in message and "<block end>" not in message
