"""Element kinds: the things a face draws, one class in one module each.

A face (a card's front or back, a token's side, a tile's back, a map) is a list of elements;
`element:` names each one's kind. A kind is an `printkit.model.face.Element` subclass made a kind
by `@element_kind(name, doc)`: its keys (each a `spec()` with its type, default and meaning, from
which the schema, the editors' JSON Schema and docs/data-format.md's tables are made) and its
`draw()`, which measures and draws it on the element painter (draw/elements.py) in its box.

The built-in kinds are the modules below, found by name the first time a face names them
(`printkit.model.face.find_kind`, through BUILTIN_KINDS: one line per kind, in the order the
docs list them); a game adds its own kinds as its `element_kinds` (printkit/api.py), known to
that game's kits. A new kind is one module here (its `KINDS`) and one line in BUILTIN_KINDS.
"""

from __future__ import annotations

# element kind (as a face's `element:` writes it) -> the module that defines it (its KINDS)
BUILTIN_KINDS: dict[str, str] = {
    "header": "header",
    "value": "value",
    "title": "text",
    "text": "text",
    "band": "band",
    "marker": "marker",
    "icon": "icon",
    "image": "image",
    "shape": "shape",
    "pattern": "pattern",
    "table": "table",
    "edges": "edges",
    "nato": "nato",
}
