"""Rules findings: codes, severities, locations, and the registry each game's rules use.

A finding is well-formed data that breaks a game's rules (exit code 1 when any is an error),
as opposed to malformed input (printkit.errors.InputError, exit code 2). Each game module in
printkit.games declares its rules with `@RULES.rule(code, severity, summary)`; a rule is a
small function taking the kit and yielding findings.
"""

from __future__ import annotations

from printkit.checks.data_rules import DATA_RULES
from printkit.checks.findings import (
    SEVERITY_ORDER,
    Finding,
    Problem,
    Rule,
    RuleSet,
    Severity,
)
from printkit.perf import gc_paused
from printkit.plugins import available_games, builtin_games, game

__all__ = [
    "SEVERITY_ORDER",
    "Finding",
    "Problem",
    "Rule",
    "RuleSet",
    "Severity",
    "all_rule_sets",
    "run_checks",
]


def all_rule_sets(builtin_only: bool = False) -> list[tuple[str, RuleSet]]:
    """(module name, its RuleSet) for every game module that declares RULES (installed
    packages' too, unless `builtin_only`), then the data rules (module name "data") that any
    kit's rules file may use."""
    sets = []
    for name in builtin_games() if builtin_only else available_games():
        rules = getattr(game(name), "RULES", None)
        if isinstance(rules, RuleSet):
            sets.append((name, rules))
    return [*sets, ("data", DATA_RULES)]


def run_checks(kit) -> list[Finding]:
    """Validate every component (InputError propagates) and run the kit's game rules and the
    checks its rules file declares as data."""
    with gc_paused():
        kit.models()
    if kit.manifest.rules is None:
        return []
    module = kit.manifest.rules.module
    findings = DATA_RULES.run(kit)
    if module is not None:
        findings = game(module).RULES.run(kit) + findings
    return sorted(findings, key=lambda f: (SEVERITY_ORDER[f.severity], f.where, f.code))
