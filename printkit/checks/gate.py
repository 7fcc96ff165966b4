"""The build's rules gate: a build runs the rules checks of `printkit check` on the kits it is
about to (re)build, except those that simulate play (races, random games: what they find cannot
be an error that stops a build, and playing is most of a small build's time); an error stops it
before anything is written, unless the user asked for a build anyway (`printkit build
--ignore-rule-errors`), and warnings are reported one line each."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from printkit.checks import run_checks
from printkit.checks.findings import Finding
from printkit.core.words import counted


class RulesGate(NamedTuple):
    """How a build treats its kits' rules findings (the checks of `printkit check`): an error
    stops the build before anything is written (RulesErrors) unless `ignore_errors`; warnings,
    and errors when ignored, go to `report` one line each."""

    ignore_errors: bool = False
    report: Callable[[str], None] | None = None


class RulesErrors(Exception):
    """The build stopped because rules checks found errors; `findings` lists every finding."""

    def __init__(self, findings: list[Finding]) -> None:
        super().__init__(counted(sum(f.severity == "error" for f in findings), "rules error"))
        self.findings = findings


def check_rules(
    kits: Iterable[Any], gate: RulesGate, drawn: Callable[[], list[Finding]] | None = None
) -> None:
    """Run the rules checks of every kit given (those about to be rebuilt) through `gate`, but
    none that simulates play, and then `drawn`: what only drawing finds (PK001 text outside the
    safe area), as `check` does."""
    findings = [f for kit in kits for f in run_checks(kit, play=False)]
    shown = [f for f in findings if f.severity in ("error", "warning")]
    if any(f.severity == "error" for f in shown) and not gate.ignore_errors:
        raise RulesErrors(shown)
    shown += [f for f in (drawn() if drawn else []) if f.severity in ("error", "warning")]
    if any(f.severity == "error" for f in shown) and not gate.ignore_errors:
        raise RulesErrors(shown)
    if gate.report:
        for finding in shown:
            gate.report(str(finding))
