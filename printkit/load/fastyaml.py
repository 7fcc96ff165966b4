"""YAML event sources and the YAML 1.2 core schema for plain scalars.

**Schema.** pyyaml resolves plain scalars by YAML 1.1 (`off` is false, `1:30` is 90, `0755` is
octal). printkit reads every file by the YAML 1.2 core schema instead (`Core12Resolver`): only
`true/false` (any of three casings) are booleans, `null`, `~` and the empty value are null,
integers are decimal, `0o17` octal or `0x1F` hex, floats are decimal, `.inf` or `.nan`;
everything else (`off`, `yes`, `1:30`, `1_000`, `2026-01-01`) is text. `core12_value`
turns a resolved scalar into its Python value.

**Speed, and why there are two parsers.** Pure-Python scanning and parsing is most of the time
printkit spends reading a large deck, and libyaml takes a tenth of it. One reader alone was
measured against this pair (issue 20; `python bench/yaml_parser.py`, paired A/B runs of loading
and building the 5,400-card synthetic deck, one job, on the shared 2-core machine): with the
pure-Python parser alone the load takes 1.7-2.2 s instead of 0.5 s, load + build 3.2-3.8 s
instead of 1.5-1.7 s (median paired ratio 1.7-2.3) and the CPU time 1.88 s instead of 1.05 s
(+79 %), far beyond the 10 % a single path was allowed to cost; libyaml alone would change
messages and positions (below) and is not in every pyyaml build. So both stay. Only the event source
changes: the composer, resolver and every hook a subclass adds to `get_event` are pyyaml's own
Python code, so nodes, tags and positions are the same either way. libyaml's events come
through pyyaml's public `yaml.CBaseLoader` (a loader's `get_event` is what `yaml.parse` uses).

libyaml and pyyaml's Python parser disagree on a few things: tabs (libyaml takes them between
tokens and inside plain values; pyyaml refuses them there), explicit tags, the position of an
empty value inside brackets or at the very end of a file, and some malformed text. A quick
libyaml pass first decides: a file with none of those is composed from libyaml's events; any
other file, every file with an error, and every file with a tab is read by the pure-Python
parser exactly as before, with the same messages and positions; except that a file over
PYTHON_PARSER_MAX_CHARS, where that parser would take seconds, is decided by libyaml: a tab in
quoted text, block text or a comment is read by libyaml, a tab elsewhere gets pyyaml's own error
at that tab at once, and any other error gets libyaml's error (the same position).

An ordinary file (no tab, tag, duplicate key or error: every deck of bench/, every built-in kit
file) skips even that: load/yamlvalues.py builds its values and positions in one pass over
libyaml's events, checking each as `libyaml_agrees` would (`parse_yaml`'s `plain=False` and
`libyaml=False` choose the other readers; tests/test_fastyaml.py compares all three).
"""

from __future__ import annotations

import math
import re
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.events import CollectionEndEvent, CollectionStartEvent, Event, ScalarEvent
from yaml.reader import Reader
from yaml.resolver import BaseResolver
from yaml.scanner import ScannerError

HAVE_LIBYAML = bool(getattr(yaml, "__with_libyaml__", False))
# A file with an error larger than this gets libyaml's message (the same position, wording that
# differs a little) instead of a second, pure-Python parse: that parse costs about 3 s for a
# 4 MB file of 200,000 values, the limits' worst case.
PYTHON_PARSER_MAX_CHARS = 256 * 1024
# Text libyaml reads otherwise than pyyaml whatever its events say: a block scalar's header with
# a `#` right after it (`|#`, `>1#`: pyyaml refuses it), and a line that starts with `?` and no
# space (in [...] pyyaml ends a plain value there, libyaml goes on).
_BREAKS = "\r\n\x85\u2028\u2029"
_HASH_AFTER_HEADER = re.compile("[|>][-+0-9]{0,2}#")
_QUESTION = re.compile(f"\\?[^ {_BREAKS}]")  # then: only spaces before it on its line


def pyyaml_only(text: str) -> bool:
    """Whether `text` holds what libyaml reads otherwise than pyyaml (above). Two searches that
    each start at a character, not one alternation tried at every place (far slower on a large
    deck: docs/performance.md), and a `?` followed by no space is looked back from: only
    spaces between it and the start of its line."""
    if _HASH_AFTER_HEADER.search(text):
        return True
    for found in _QUESTION.finditer(text):
        start = found.start()
        while start and text[start - 1] == " ":
            start -= 1
        if not start or text[start - 1] in _BREAKS:
            return True
    return False


# what pyyaml's reader counts as a line break (a CR before an LF is one break with it)
_LINE_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")

STR = "tag:yaml.org,2002:str"
NULL = "tag:yaml.org,2002:null"
BOOL = "tag:yaml.org,2002:bool"
INT = "tag:yaml.org,2002:int"
FLOAT = "tag:yaml.org,2002:float"

# YAML 1.2.2, section 10.3.2 (core schema tag resolution), in the order the spec lists them.
_CORE_RULES: list[tuple[str, str, str]] = [
    (NULL, r"null|Null|NULL|~", "nN~"),
    (BOOL, r"true|True|TRUE|false|False|FALSE", "tTfF"),
    (INT, r"[-+]?[0-9]+", "-+0123456789"),
    (INT, r"0o[0-7]+", "0"),
    (INT, r"0x[0-9a-fA-F]+", "0"),
    (FLOAT, r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?", "-+.0123456789"),
    (FLOAT, r"[-+]?(\.inf|\.Inf|\.INF)", "-+."),
    (FLOAT, r"\.nan|\.NaN|\.NAN", "."),
]


class Core12Resolver(BaseResolver):
    """Resolves plain scalars by the YAML 1.2 core schema (see the module docstring)."""

    yaml_implicit_resolvers: dict = {}


Core12Resolver.add_implicit_resolver(NULL, re.compile(r"^$"), [""])
for _tag, _pattern, _first in _CORE_RULES:
    Core12Resolver.add_implicit_resolver(_tag, re.compile(rf"^(?:{_pattern})$"), list(_first))


def core12_value(tag: str, text: str) -> Any:
    """The Python value of a scalar resolved to a core-schema `tag` (ValueError if it is not
    one: an explicit `!!int abc`, or an integer of thousands of digits)."""
    if tag == NULL:
        if text not in ("", "~", "null", "Null", "NULL"):
            raise ValueError(f"{text!r} is not null")
        return None
    if tag == BOOL:
        lowered = text.lower()
        if lowered not in ("true", "false"):
            raise ValueError(f"{text!r} is not true or false")
        return lowered == "true"
    if tag == INT:
        return _int(text)
    if tag == FLOAT:
        return _float(text)
    return text


def _int(text: str) -> int:
    if text.startswith("0o"):
        return int(text[2:], 8)
    if text.startswith("0x"):
        return int(text[2:], 16)
    if not re.fullmatch(r"[-+]?[0-9]+", text):
        raise ValueError(f"{text!r} is not an integer")
    return int(text)


def _float(text: str) -> float:
    lowered = text.lower()
    if lowered in (".inf", "+.inf", "-.inf"):
        return -math.inf if text.startswith("-") else math.inf
    if lowered == ".nan":
        return math.nan
    if not re.fullmatch(_CORE_RULES[5][1], text):
        raise ValueError(f"{text!r} is not a number")
    return float(text)


def _python_events(stream: str) -> yaml.SafeLoader:
    """pyyaml's pure-Python scanner and parser over `stream` (its events only are used)."""
    return yaml.SafeLoader(stream)


def _libyaml_events(stream: str) -> Any:
    """libyaml's scanner and parser over `stream`, through pyyaml's public C loader."""
    return yaml.CBaseLoader(stream)


def libyaml_agrees(text: str) -> bool:  # noqa: C901
    """Whether libyaml reads `text` exactly as the pure-Python parser would (see above).

    Raises pyyaml's own ScannerError when the only difference is a tab the Python parser
    would refuse, at the place it would refuse it.
    """
    if not HAVE_LIBYAML or "\ufeff" in text or pyyaml_only(text):
        return False
    if len(text) <= PYTHON_PARSER_MAX_CHARS and "\t" in text:
        return False  # which tab pyyaml refuses, and whether an error comes first: pyyaml's call
    text_spans: list[tuple[int, int]] = []  # quoted and block scalars: tabs are text there
    flow: list[bool] = []  # per open collection: is it [flow] or {flow}?
    parser = _libyaml_events(text)
    try:
        while (event := parser.get_event()) is not None:
            if not _event_agrees(event, bool(flow) and flow[-1], len(text)):
                return False
            if isinstance(event, CollectionStartEvent):
                flow.append(bool(event.flow_style))
            elif isinstance(event, CollectionEndEvent) and flow:
                flow.pop()
            if isinstance(event, ScalarEvent) and event.style and event.start_mark:
                text_spans.append(_text_span(text, event))
    except yaml.MarkedYAMLError as exc:
        if len(text) <= PYTHON_PARSER_MAX_CHARS:
            return False  # the Python parser finds its own error (it may come first)
        if "\t" in text and exc.problem_mark is not None:  # pyyaml stops at a tab before it
            line_end = text.find("\n", exc.problem_mark.index)
            _refuse_stray_tab(text[: len(text) if line_end < 0 else line_end], text_spans)
        raise  # libyaml's own message: the Python parser would take seconds to find it
    except yaml.YAMLError:
        return False
    finally:
        parser.dispose()
    if "\t" in text:
        _refuse_stray_tab(text, text_spans)
    return True


def _event_agrees(event: Event, in_flow: bool, end: int) -> bool:
    """No explicit tag, no empty plain value libyaml places elsewhere (`empty_value_moves`),
    and no plain value with a `?` inside brackets (`question_ends_plain`)."""
    if isinstance(event, ScalarEvent):
        if not event.style and question_ends_plain(event.value, in_flow):
            return False
        empty = event.value == "" and event.style not in ("'", '"')
        return event.tag is None and not (empty and empty_value_moves(event, in_flow, end))
    return not (isinstance(event, CollectionStartEvent) and event.tag is not None)


def question_ends_plain(value: str, in_flow: bool) -> bool:
    """Whether a plain value libyaml read holds a `?` that ends a plain value for the
    pure-Python parser: inside [...] or {...} pyyaml stops there (`[a?]` is an error to it),
    libyaml reads on."""
    return in_flow and "?" in value


def empty_value_moves(event: ScalarEvent, in_flow: bool, end: int) -> bool:
    """Whether libyaml places this empty plain value elsewhere than the pure-Python parser:
    inside [...] or {...} (one column later), or at the very end of a text of `end` characters
    (`?` with no line break after it: at the start of a next line). In block collections both
    place it alike."""
    return in_flow or event.start_mark is None or event.start_mark.index >= end


def _text_span(text: str, event: ScalarEvent) -> tuple[int, int]:
    """Where a quoted or block scalar's text is (a tab there is text): for a block scalar, the
    lines after its `|` or `>` header (pyyaml refuses a tab in the header)."""
    start_mark = event.start_mark
    assert start_mark is not None  # libyaml marks every event
    start, end = start_mark.index, (event.end_mark or start_mark).index
    if event.style in ("|", ">"):
        header_end = _LINE_BREAK.search(text, start, end)
        start = header_end.start() if header_end else end
    return start, end


def _refuse_stray_tab(text: str, text_spans: list[tuple[int, int]]) -> None:
    """pyyaml's error for the first tab outside quoted text, block text and comments."""
    spans = sorted(text_spans)
    for match in re.finditer("\t", text):
        index = match.start()
        if any(start <= index < end for start, end in spans):
            continue
        line_start = max(text.rfind(b, 0, index) for b in "\n\r\x85\u2028\u2029") + 1
        if _in_comment(text, line_start, index, spans):
            continue
        line = len(_LINE_BREAK.findall(text, 0, index))
        mark = yaml.Mark("<unicode string>", index, line, index - line_start, text, index)
        raise ScannerError(
            "while scanning for the next token",
            mark,
            "found character '\\t' that cannot start any token",
            mark,
        )


def _in_comment(text: str, line_start: int, index: int, spans: list[tuple[int, int]]) -> bool:
    """Whether `index` lies after a `#` that starts a comment on its line."""
    for pos in range(line_start, index):
        if text[pos] != "#" or any(start <= pos < end for start, end in spans):
            continue
        if pos == line_start or text[pos - 1] in " \t":
            return True
    return False


class _CoreLoader(Composer, Core12Resolver):
    """Composes a node tree from libyaml's events when they agree, else from pyyaml's own."""

    def __init__(self, stream: str, libyaml: bool = True) -> None:
        Reader(stream)  # the pure-Python reader's check: no control characters, same error
        self._fast = libyaml and libyaml_agrees(stream)
        self._events = _libyaml_events(stream) if self._fast else _python_events(stream)
        Composer.__init__(self)
        Core12Resolver.__init__(self)

    def get_event(self) -> Any:
        event = self._events.get_event()
        if self._fast and event is not None:
            # printkit reads only where a node starts; sharing one mark per node instead of two
            # keeps a large file's node tree a fifth smaller while it is converted
            event.end_mark = event.start_mark
        return event

    def peek_event(self) -> Any:
        return self._events.peek_event()

    def check_event(self, *choices: Any) -> bool:
        return bool(self._events.check_event(*choices))

    def dispose(self) -> None:
        self._events.dispose()


FastSafeLoader = _CoreLoader
