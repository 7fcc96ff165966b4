"""YAML syntax errors in plain words: what is wrong and what to type, not the parser's states.

pyyaml (and libyaml under it) says `while parsing a flow sequence ... expected ',' or ']', but
got ':'`; a designer needs `the list opened with [ at line 59, column 4 is not closed`. The
parser's context (what it was reading, and where that began) and its problem (what it found)
are mapped here to a sentence; anything not recognised keeps the parser's own words, after
"YAML syntax error:". The error's position stays where the parser noticed the problem; the
sentence names where the unfinished part began, since the mistake is often there.
"""

from __future__ import annotations

from typing import Any


def _at(mark: Any) -> str:
    return f"line {mark.line + 1}, column {mark.column + 1}" if mark is not None else "above"


def plain_syntax_message(context: str | None, problem: str | None, context_mark: Any) -> str:
    """The message for a YAML syntax error whose parser context and problem are given."""
    return f"YAML syntax error: {_sentence(context, problem, context_mark)}"


def _sentence(context: str | None, problem: str | None, context_mark: Any) -> str:  # noqa: C901
    ctx, prob = (context or "").lower(), (problem or "").lower()
    began = _at(context_mark)
    if "flow sequence" in ctx:
        return (
            f"the list opened with [ at {began} is not closed where it should be: add the "
            "missing ] (or a comma between two items)"
        )
    if "flow mapping" in ctx:
        return (
            f"the mapping opened with {{ at {began} is not closed where it should be: add the "
            "missing } (or a comma between two entries)"
        )
    if "quoted scalar" in ctx:
        if "end of stream" in prob:
            return f"the quoted text that starts at {began} has no closing quote"
        if "escape" in prob:
            return (
                f"the double-quoted text that starts at {began} has a backslash escape YAML does "
                "not know: write \\\\ for a backslash, or use 'single quotes'"
            )
        return f"the quoted text that starts at {began} is not closed before the line ends"
    if "mapping values are not allowed" in prob:
        return (
            "a colon followed by a space inside a value that is not quoted: put the value in "
            'quotes ("...")'
        )
    if "simple key" in ctx:
        return (
            f"the text at {began} has no colon: a line here must be `key: value` (or an item "
            "`- value`)"
        )
    if "block" in ctx and "expected <block end>" in prob:
        return (
            f"this line is indented differently from the keys or items of the block that starts "
            f"at {began}: indent it like them, with spaces"
        )
    if "cannot start any token" in prob:
        return "a value cannot begin with this character (@ or `): put the value in quotes"
    if "alias" in ctx or "anchor" in ctx:
        return (
            "a value that begins with * or & is read as a YAML alias or anchor: put the value in "
            "quotes"
        )
    return f"{context} (at {began}), {problem}" if context else problem or "not valid YAML"
