"""What only drawing finds: each component is laid out (on a measuring canvas where it can be)
to find text too long for its box, text outside a piece's safe area, characters a font lacks and
images too coarse for their size. `printkit check` reports all of it; a build's rules gate uses
`print_findings` for the components it rebuilds."""

from __future__ import annotations

from printkit.checks import Finding
from printkit.components import component_type
from printkit.core.errors import InputError
from printkit.kit import Kit


def lay_out_kit(kit: Kit) -> list[Finding]:
    """What only drawing finds, from components that offer it: text too long for its box
    (`preflight(kit, cid)`: input errors, all raised together), and findings, returned: text
    outside a piece's safe area (`print_findings(kit, cid)`), characters a font lacks and
    images too coarse for their size (`layout_findings(kit, cid)`)."""
    errors: list = []
    findings: list[Finding] = []
    with kit.drawing():
        for cid in kit.component_ids():
            module = component_type(kit.spec(cid).type)
            try:
                if hasattr(module, "preflight"):
                    module.preflight(kit, cid)
                findings += print_findings(kit, [cid])
            except InputError as exc:
                errors.extend(exc.diagnostics)
    if errors:
        raise InputError(errors)
    return findings


def print_findings(kit: Kit, cids: list[str]) -> list[Finding]:
    """Findings only drawing finds, of the components given: text outside a piece's safe area
    (PK001, `print_findings`), characters a font lacks and images too coarse for their size
    (FACE001, FACE002, `layout_findings`)."""
    findings: list[Finding] = []
    with kit.drawing():
        for cid in cids:
            module = component_type(kit.spec(cid).type)
            for hook in ("print_findings", "layout_findings"):
                if hasattr(module, hook):
                    findings += getattr(module, hook)(kit, cid)
    return findings
