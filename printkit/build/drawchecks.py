"""What only drawing finds: each component is laid out (on a measuring canvas where it can be)
to find text too long for its box, text outside a piece's safe area, characters a font lacks and
images too coarse for their size. `printkit check` reports all of it; a build's rules gate uses
`print_findings` for the components it rebuilds."""

from __future__ import annotations

from printkit.checks import Finding
from printkit.core.errors import InputError
from printkit.kit import Kit


def lay_out_kit(kit: Kit) -> list[Finding]:
    """What only drawing finds, from every component (printkit/api.py): text too long for its
    box (`preflight`: input errors, all raised together), and the findings of
    `print_findings`: text outside a piece's safe area, characters a font lacks and images too
    coarse for their size."""
    errors: list = []
    findings: list[Finding] = []
    for cid in kit.component_ids():
        try:
            kit.component(cid).preflight(kit, cid)
            findings += print_findings(kit, [cid])
        except InputError as exc:
            errors.extend(exc.diagnostics)
    if errors:
        raise InputError(errors)
    return findings


def print_findings(kit: Kit, cids: list[str]) -> list[Finding]:
    """Findings only drawing finds, of the components given (each type's `print_findings`):
    text outside a piece's safe area (PK001), characters a font lacks and images too coarse for
    their size (FACE001, FACE002)."""
    findings: list[Finding] = []
    for cid in cids:
        findings += kit.component(cid).print_findings(kit, cid)
    return findings
