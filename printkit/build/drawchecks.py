"""What only drawing finds: each component is laid out (on a measuring canvas where it can be)
to find text too long for its box, text outside a piece's safe area, characters a font lacks and
images too coarse for their size. `printkit check` reports all of it; a build's rules gate uses
`print_findings` for the components it rebuilds."""

from __future__ import annotations

from printkit.checks import Finding
from printkit.core.errors import all_reported
from printkit.kit import Kit


def lay_out_kit(kit: Kit) -> list[Finding]:
    """What only drawing finds, from every component (printkit/api.py): text too long for its
    box (`preflight`: input errors, all raised together), and the findings of
    `print_findings`: text outside a piece's safe area, characters a font lacks and images too
    coarse for their size."""

    def lay_out(cid: str) -> list[Finding]:
        kit.component(cid).preflight(kit, cid)
        return print_findings(kit, [cid])

    return all_reported(kit.component_ids(), lay_out)


def print_findings(kit: Kit, cids: list[str]) -> list[Finding]:
    """Findings only drawing finds, of the components given (each type's `print_findings`):
    text outside a piece's safe area (PK001), characters a font lacks and images too coarse for
    their size (FACE001, FACE002)."""
    return all_reported(cids, lambda cid: kit.component(cid).print_findings(kit, cid))
