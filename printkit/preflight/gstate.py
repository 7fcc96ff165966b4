"""What a graphics state parameter dictionary (ExtGState) sets that a printer cares about.

- transparency: constant alpha below 1 (CA, ca), a soft mask (SMask other than None), a blend
  mode other than Normal or Compatible (BM);
- transfer functions (TR, TR2 other than Default): ISO 15930-4 (PDF/X-1a:2003) and ISO
  15930-7 (PDF/X-4) forbid them, as they change the press's tone reproduction;
- halftones (HT): PDF/X-1a allows only halftone types 1 and 5 and no HalftoneName, and
  neither standard the halftone phase (HTP).
"""

from __future__ import annotations

from typing import Any

import pikepdf

from printkit.preflight.program import is_number

_NORMAL = ("/Normal", "/Compatible")


def transparency(gs: Any) -> list[str]:
    """What in `gs` makes what is painted with it transparent."""
    found = []
    for key in ("/CA", "/ca"):
        value = gs.get(key)
        if is_number(value) and float(value) < 1:
            found.append(f"constant alpha {key[1:]} {float(value):g}")
    smask = gs.get("/SMask")
    if smask is not None and smask != pikepdf.Name("/None"):
        found.append("soft mask in the graphics state")
    bm = gs.get("/BM")
    first = bm[0] if isinstance(bm, pikepdf.Array) and len(bm) else bm
    if bm is not None and str(first) not in _NORMAL:
        found.append(f"blend mode {first}")
    return found


def transfer(gs: Any) -> list[str]:
    """The transfer functions and halftones in `gs` that PDF/X forbids."""
    found = []
    if "/TR" in gs:
        found.append("a transfer function (TR)")
    tr2 = gs.get("/TR2")
    if tr2 is not None and tr2 != pikepdf.Name("/Default"):
        found.append("a transfer function (TR2)")
    if "/HTP" in gs:
        found.append("a halftone phase (HTP)")
    found += _halftone(gs.get("/HT"))
    return found


def _halftone(ht: Any) -> list[str]:
    if not isinstance(ht, pikepdf.Dictionary):
        return []
    found = []
    kind = ht.get("/HalftoneType")
    if kind not in (1, 5):
        found.append(f"a halftone of type {kind} (PDF/X-1a allows 1 and 5)")
    if "/HalftoneName" in ht:
        found.append("a named halftone (HalftoneName)")
    return found
