"""Printed wording as data: the words a component prints besides its data, with generic defaults.

A component whose drawing needs fixed words (a heading, a how-to line, a unit label) declares
them here as one `labels:` map in its data file. Every default names no game; a kit says its
game's words in its own YAML. A label may hold `{name}` placeholders that the drawing fills in
(documented per key), e.g. `"{n} = out"`.
"""

from __future__ import annotations

from typing import Any

from printkit.load.records import record_of, spec
from printkit.load.schema import Str

LABELS_DOC = "the words printed besides the data; every key has a generic default"


def word(default: str, doc: str, max_len: int = 300) -> Any:
    """One key of a labels record (a `@record` dataclass of words): its generic default."""
    return spec(Str(0, max_len), default=default, doc=doc)


def labels_spec(words: type) -> Any:
    """The `labels:` field of a data file whose words are the `@record` dataclass `words`."""
    return spec(record_of(words), default=words, doc=LABELS_DOC)


def fill(template: str, **values: object) -> str:
    """`template` with each `{name}` replaced by its value (other braces are left as written)."""
    out = template
    for key, value in values.items():
        out = out.replace("{" + key + "}", str(value))
    return out
