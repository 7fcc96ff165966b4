"""Rules findings: codes, severities, locations, and the registry each game's rules use.

A finding is well-formed data that breaks a game's rules (exit code 1 when any is an error),
as opposed to malformed input (printkit.core.errors.InputError, exit code 2). Each game module in
printkit.games declares its rules with `@RULES.rule(code, severity, summary)`; a rule is a
small function taking the kit and yielding findings.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from printkit.checks.findings import (
    SEVERITY_ORDER,
    Finding,
    Problem,
    Rule,
    RuleSet,
    Severity,
)
from printkit.core.perf import gc_paused
from printkit.plugins import PluginError, available_games, builtin_games, game

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


def all_rule_sets(
    builtin_only: bool = False, on_broken: Callable[[str], None] | None = None
) -> list[tuple[str, RuleSet]]:
    """(game name, its RuleSet) for every game (installed packages' too, unless
    `builtin_only`), then the data rules (name "data") that any kit's rules file may use. An
    installed game that cannot be imported is left out and told to `on_broken` (PluginError is
    raised when no one listens)."""
    # imported here, only when rules run (start-up of a no-op build: docs/performance.md)
    from printkit.checks.data_rules import DATA_RULES

    sets = []
    for name in builtin_games() if builtin_only else available_games():
        try:
            sets.append((name, game(name).rules))
        except PluginError as exc:
            if on_broken is None:
                raise
            on_broken(str(exc))
    return [*sets, ("data", DATA_RULES)]


def run_checks(kit, codes: Collection[str] = (), *, play: bool = True) -> list[Finding]:
    """Validate every component (InputError propagates) and run the kit's game rules and the
    checks its rules file declares as data; with `codes`, only the rules of those codes (a
    LookupError names any code the kit's rules do not have); with `play=False`, none of the
    rules that simulate play (a build's rules gate: docs/checks.md)."""
    with gc_paused():
        kit.models()
    if kit.manifest.rules is None:
        if codes:
            raise LookupError(f"the kit has no rules, so no rule {', '.join(sorted(codes))}")
        return []
    # imported here, only when a kit has rules (start-up: docs/performance.md)
    from printkit.checks.data_rules import DATA_RULES

    module = kit.manifest.rules.module
    rule_sets = [DATA_RULES] if module is None else [game(module).rules, DATA_RULES]
    if codes:
        unknown = set(codes) - {code for rules in rule_sets for code in rules.rules}
        if unknown:
            raise LookupError(f"the kit's rules have no rule {', '.join(sorted(unknown))}")
        rule_sets = [rules.subset(set(codes)) for rules in rule_sets]
    if not play:
        rule_sets = [rules.without_play() for rules in rule_sets]
    findings = [f for rules in rule_sets for f in rules.run(kit)]
    return sorted(findings, key=lambda f: (SEVERITY_ORDER[f.severity], f.where, f.code))
