"""PK002: a CMYK colour written in the kit's data with more total ink than its printer allows.

A colour written as `cmyk(c,m,y,k)` is printed as written (RGB colours are converted within
the limit, so only these can exceed it). Shop files still hold the limit: such a colour is
printed with its grey moved to black and its inks scaled down (pdfx.press.limit_ink), which
changes it; this finding says so at the colour's place in the data, so the kit's author can
choose a colour that fits.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from printkit.checks.findings import Finding
from printkit.core.errors import InputError, Location
from printkit.load.yamlsafe import Document, PathKey
from printkit.model.kit import DEFAULT_MAX_INK

INK_CODE = "PK002"
_CMYK = re.compile(r"^\s*cmyk\(([^)]*)\)\s*$", re.I)


def ink_limit(kit: Any) -> float:
    """The most total ink (per cent) shop files may print with: --max-ink or the settings,
    else the --preset service's, else kit.yaml's `print: max_ink:`, else the default."""
    preset = kit.options.print_preset
    service = preset.max_ink if preset is not None else None
    chosen = kit.options.max_ink or service or kit.manifest.print.max_ink
    return float(chosen or DEFAULT_MAX_INK)


def ink_findings(kit: Any) -> list[Finding]:
    """Every CMYK colour in kit.yaml and the components' data files above `ink_limit(kit)`."""
    limit = ink_limit(kit)
    findings: list[Finding] = []
    for doc in _documents(kit):
        for where, text, total in cmyk_values(doc):
            if total > limit + 0.01:
                findings.append(Finding(INK_CODE, "warning", _message(text, total, limit), where))
    return findings


def _documents(kit: Any) -> Iterator[Document]:
    yield kit.manifest_doc
    for cid in kit.component_ids():
        if kit.spec(cid).file is None:
            continue
        try:
            yield kit.document(cid)
        except InputError:  # reported by the data checks; nothing to measure here
            continue


def cmyk_values(doc: Document) -> Iterator[tuple[Location, str, float]]:
    """Every `cmyk(...)` text of the document with its place and total, last value first.
    Only containers and `cmyk(...)` texts go on the stack (so get a path): leaving the other
    values out keeps the order of the rest."""
    stack: list[tuple[PathKey, Any]] = [((), doc.data)] if _walked(doc.data) else []
    while stack:
        path, value = stack.pop()
        if isinstance(value, str):
            match = _CMYK.match(value)
            total = _total(match.group(1)) if match else None
            if total is not None:
                yield doc.where(path), value.strip(), total
            continue
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:  # `_walked(item)` written out: a deck has thousands of values
            if isinstance(item, dict | list) or (isinstance(item, str) and "(" in item):
                stack.append(((*path, key), item))


def _walked(value: Any) -> bool:
    """A value the walk visits: a container, or a text that may be a CMYK colour."""
    return isinstance(value, dict | list) or (isinstance(value, str) and "(" in value)


def _total(inside: str) -> float | None:
    try:
        parts = [float(v.strip().removesuffix("%")) for v in inside.split(",")]
    except ValueError:
        return None
    return sum(parts) if len(parts) == 4 else None


def _message(text: str, total: float, limit: float) -> str:
    return (
        f"{text} is {total:g} % ink; the printer allows {limit:g} % (kit.yaml print: max_ink, "
        "or --max-ink): shop files print it with less ink (its grey moved to black, then "
        "scaled), so it changes; choose a colour of at most that total"
    )
