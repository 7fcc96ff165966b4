"""Colour spaces as preflight names them, and the resources a content stream looks up.

A space is named by its family and, for the families built on another space, that space in
parentheses: `DeviceRGB`, `ICCBased(3)`, `Indexed(DeviceRGB)`, `Pattern(DeviceCMYK)`, and for
spot colours the alternate space a printer without that ink uses, `Separation(DeviceRGB)`,
`DeviceN(DeviceCMYK)`. `families()` takes such a name apart again for the standard's rules.
"""

from __future__ import annotations

from typing import Any

import pikepdf

_DEVICE = ("/DeviceRGB", "/DeviceCMYK", "/DeviceGray", "/Pattern")
_MAX_NESTING = 8  # a colour space built on itself (a hostile file) stops here


def lookup(resources: Any, kind: str, name: str) -> Any:
    """The resource `name` of `kind` (/XObject, /Font, /Pattern...), or None."""
    if not isinstance(resources, pikepdf.Dictionary):
        return None
    group = resources.get(kind)
    if not isinstance(group, pikepdf.Dictionary):
        return None
    return group.get(name)


def colour_space_name(cs: Any, resources: Any, nesting: int = 0) -> str:
    """A readable family name for a colour space operand or object: DeviceRGB, ICCBased(3)..."""
    if nesting > _MAX_NESTING:
        return "unknown"
    if isinstance(cs, pikepdf.Name):
        name = str(cs)
        if name in _DEVICE:
            return name[1:]
        named = lookup(resources, "/ColorSpace", name)
        return colour_space_name(named, None, nesting + 1) if named is not None else name[1:]
    if isinstance(cs, pikepdf.Array) and len(cs) > 0:
        return _family(cs, resources, nesting)
    return "unknown"


def _family(cs: Any, resources: Any, nesting: int) -> str:
    family = str(cs[0])[1:]
    if family == "ICCBased":
        profile = cs[1] if len(cs) > 1 else None
        n = profile.get("/N", 0) if isinstance(profile, pikepdf.Stream) else 0
        return f"ICCBased({int(n) if isinstance(n, int) else 0})"
    inner = {"Indexed": 1, "Pattern": 1, "Separation": 2, "DeviceN": 2}.get(family)
    if inner is None or len(cs) <= inner:
        return family
    return f"{family}({colour_space_name(cs[inner], resources, nesting + 1)})"


def families(space: str) -> list[str]:
    """`Indexed(Separation(DeviceRGB))` -> ["Indexed", "Separation", "DeviceRGB"]."""
    return space.replace(")", "").split("(")
