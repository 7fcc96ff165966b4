"""A SafeLoader that reads YAML events with libyaml (C) and composes them in Python.

Pure-Python scanning and parsing is most of the time printkit spends reading a large deck
(about 0.14 s for 540 cards; libyaml takes a tenth of that). Only the event source changes: the
composer, resolver, constructor and every hook a subclass adds to `get_event` are pyyaml's own
Python code, so nodes, tags and positions are the same.

libyaml and pyyaml's Python parser disagree on a few things: tabs (libyaml takes them inside
plain values), explicit tags, the position of an empty value, and some malformed text. So a
quick libyaml pass over the events first decides: a file with none of those is composed from
libyaml's events; any other file, and every file with an error, is read by the pure-Python
parser exactly as before, with the same messages and positions. Without libyaml this is plain
`yaml.SafeLoader`.
"""

from __future__ import annotations

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.events import CollectionStartEvent, ScalarEvent
from yaml.reader import Reader
from yaml.resolver import Resolver

try:
    from yaml._yaml import CParser

    LIBYAML = True
except ImportError:  # pragma: no cover - pyyaml without libyaml
    LIBYAML = False


def libyaml_agrees(text: str) -> bool:
    """Whether libyaml reads `text` exactly as the pure-Python parser would (see above)."""
    if not LIBYAML or any(s in text for s in ("\t", "\ufeff", "|#", ">#")):
        return False
    parser = CParser(text)
    try:
        while (event := parser.get_event()) is not None:
            if isinstance(event, ScalarEvent):
                if event.tag is not None or (event.value == "" and event.style not in ("'", '"')):
                    return False
            elif isinstance(event, CollectionStartEvent) and event.tag is not None:
                return False
    except yaml.YAMLError:
        return False
    finally:
        parser.dispose()
    return True


class _FastSafeLoader(Composer, SafeConstructor, Resolver):
    """yaml.SafeLoader's interface, with libyaml producing the events when it agrees."""

    def __init__(self, stream: str) -> None:
        Reader(stream)  # the pure-Python reader's check: no control characters, same error
        self._fast = libyaml_agrees(stream)
        self._events = CParser(stream) if self._fast else yaml.SafeLoader(stream)
        Composer.__init__(self)
        SafeConstructor.__init__(self)
        Resolver.__init__(self)

    def get_event(self):
        event = self._events.get_event()
        if self._fast and event is not None:
            # printkit reads only where a node starts; sharing one mark per node instead of two
            # keeps a large file's node tree a fifth smaller while it is converted
            event.end_mark = event.start_mark
        return event

    def peek_event(self):
        return self._events.peek_event()

    def check_event(self, *choices):
        return self._events.check_event(*choices)

    def dispose(self) -> None:
        self._events.dispose()


FastSafeLoader = _FastSafeLoader  # without libyaml it reads every file through yaml.SafeLoader
