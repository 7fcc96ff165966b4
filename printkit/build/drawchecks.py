"""What only drawing finds: each component is laid out (on a measuring canvas where it can be)
to find text too long for its box, text outside a piece's safe area, characters a font lacks and
images too coarse for their size. `printkit check` reports all of it; a build's rules gate uses
`print_findings` for the components it rebuilds."""

from __future__ import annotations

from printkit.checks import Finding
from printkit.components import component_type
from printkit.core.errors import all_reported
from printkit.kit import Kit


def lay_out_kit(kit: Kit) -> list[Finding]:
    """What only drawing finds, from components that offer it: text too long for its box
    (`preflight(kit, cid)`: input errors, all raised together), and findings, returned: text
    outside a piece's safe area (`print_findings(kit, cid)`), characters a font lacks and
    images too coarse for their size (`layout_findings(kit, cid)`)."""

    def lay_out(cid: str) -> list[Finding]:
        module = component_type(kit.spec(cid).type)
        if hasattr(module, "preflight"):
            module.preflight(kit, cid)
        return print_findings(kit, [cid])

    with kit.drawing():
        return all_reported(kit.component_ids(), lay_out)


def print_findings(kit: Kit, cids: list[str]) -> list[Finding]:
    """Findings only drawing finds, of the components given: text outside a piece's safe area
    (PK001, `print_findings`), characters a font lacks and images too coarse for their size
    (FACE001, FACE002, `layout_findings`)."""

    def found(cid: str) -> list[Finding]:
        module = component_type(kit.spec(cid).type)
        hooks = (getattr(module, h, None) for h in ("print_findings", "layout_findings"))
        return [f for hook in hooks if hook is not None for f in hook(kit, cid)]

    with kit.drawing():
        return all_reported(cids, found)
