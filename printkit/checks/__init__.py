"""Rules findings: codes, severities, locations, and the registry each game's rules use.

A finding is well-formed data that breaks a game's rules (exit code 1 when any is an error),
as opposed to malformed input (printkit.errors.InputError, exit code 2). Each game module in
printkit.games declares its rules with `@RULES.rule(code, severity, summary)`; a rule is a
small function taking the kit and yielding findings.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Literal

from printkit.errors import Location

Severity = Literal["error", "warning", "info"]
SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}


@dataclass(frozen=True)
class Finding:
    code: str
    severity: Severity
    message: str
    where: Location

    def __str__(self) -> str:
        return f"{self.where}: {self.severity} [{self.code}] {self.message}"

    def as_dict(self) -> dict:
        return {
            "file": self.where.file,
            "line": self.where.line,
            "column": self.where.col,
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
        }


@dataclass(frozen=True)
class Rule:
    code: str
    severity: Severity
    summary: str
    check: Callable[..., Iterable[tuple[Location, str] | Finding]]

    @property
    def details(self) -> str:
        """The rule function's docstring: why the rule exists and how to fix a finding."""
        return inspect.cleandoc(self.check.__doc__ or "") or self.summary


@dataclass
class RuleSet:
    """The rules of one game, registered by decorator, run in code order."""

    game: str
    rules: dict[str, Rule] = field(default_factory=dict)

    def rule(self, code: str, severity: Severity, summary: str):
        def register(func):
            if code in self.rules:
                raise ValueError(f"rule code {code} registered twice")
            self.rules[code] = Rule(code, severity, summary, func)
            return func

        return register

    def subset(self, codes: set[str]) -> RuleSet:
        """The same rule set with only the rules of these codes."""
        return RuleSet(self.game, {c: r for c, r in self.rules.items() if c in codes})

    def sorted(self) -> list[Rule]:
        return [self.rules[code] for code in sorted(self.rules)]

    def run(self, kit) -> list[Finding]:
        findings: list[Finding] = []
        for code in sorted(self.rules):
            rule = self.rules[code]
            for item in rule.check(kit):
                if isinstance(item, Finding):
                    findings.append(item)
                else:
                    loc, message = item
                    findings.append(Finding(rule.code, rule.severity, message, loc))
        return findings


def game_module(name: str | None):
    from printkit.games import game

    return game(name)


def all_rule_sets(builtin_only: bool = False) -> list[tuple[str, RuleSet]]:
    """(module name, its RuleSet) for every game module that declares RULES (installed
    packages' too, unless `builtin_only`), then the data rules (module name "data") that any
    kit's rules file may use."""
    from printkit.checks.data_rules import DATA_RULES
    from printkit.games import available_games, builtin_games

    sets = []
    for name in builtin_games() if builtin_only else available_games():
        rules = getattr(game_module(name), "RULES", None)
        if isinstance(rules, RuleSet):
            sets.append((name, rules))
    return [*sets, ("data", DATA_RULES)]


def run_checks(kit) -> list[Finding]:
    """Validate every component (InputError propagates) and run the kit's game rules and the
    checks its rules file declares as data."""
    from printkit.checks.data_rules import DATA_RULES
    from printkit.perf import gc_paused

    with gc_paused():
        kit.models()
    if kit.manifest.rules is None:
        return []
    module = game_module(kit.manifest.rules.module)
    findings = module.RULES.run(kit) + DATA_RULES.run(kit)
    return sorted(findings, key=lambda f: (SEVERITY_ORDER[f.severity], f.where, f.code))
