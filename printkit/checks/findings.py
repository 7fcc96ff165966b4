"""Findings and rule sets: what a check reports (code, severity, place, message) and the
registry a game's rules are declared in. Shared by game modules and the data rules."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from dataclasses import field
from typing import Any, Literal, NamedTuple, TypeVar

from printkit.core.errors import Location
from printkit.core.fieldwise import fieldwise

Severity = Literal["error", "warning", "info"]
# a rule: a function of the kit yielding its problems or findings, kept as written when registered
RuleFunction = TypeVar("RuleFunction", bound=Callable[..., Any])
# What a rule yields for one problem: where (None: not read from a file; the finding is then
# placed at the kit's kit.yaml) and a message.
Problem = tuple[Location | None, str]
SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}


@fieldwise(frozen=True)
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


class Rule(NamedTuple):
    """One check: its code, severity and one-line summary, and the function that yields its
    findings. A `plays` rule draws its findings from simulated play (races, random games):
    `check`, serve's findings panel and `simulate` run it, a build does not."""

    code: str
    severity: Severity
    summary: str
    check: Callable[..., Iterable[Problem | Finding]]
    plays: bool = False

    @property
    def details(self) -> str:
        """The rule function's docstring: why the rule exists and how to fix a finding."""
        return inspect.cleandoc(self.check.__doc__ or "") or self.summary


@fieldwise
class RuleSet:
    """The rules of one game, registered by decorator, run in code order."""

    game: str
    rules: dict[str, Rule] = field(default_factory=dict)

    def rule(
        self, code: str, severity: Severity, summary: str, *, plays: bool = False
    ) -> Callable[[RuleFunction], RuleFunction]:
        """Register the decorated function as the rule `code`; `plays=True` for a rule that
        simulates play to find what it reports (left out of a build's rules gate)."""

        def register(func: RuleFunction) -> RuleFunction:
            if code in self.rules:
                raise ValueError(f"rule code {code} registered twice")
            self.rules[code] = Rule(code, severity, summary, func, plays)
            return func

        return register

    @classmethod
    def joined(cls, game: str, *parts: RuleSet) -> RuleSet:
        """One game's rules, listed explicitly from the rule sets of its modules (a code in two
        of them is a mistake)."""
        out = cls(game)
        for part in parts:
            for code, rule in part.rules.items():
                if code in out.rules:
                    raise ValueError(f"rule code {code} registered twice")
                out.rules[code] = rule
        return out

    def subset(self, codes: set[str]) -> RuleSet:
        """The same rule set with only the rules of these codes."""
        return RuleSet(self.game, {c: r for c, r in self.rules.items() if c in codes})

    def without_play(self) -> RuleSet:
        """The same rule set without the rules that simulate play (what a build checks)."""
        return RuleSet(self.game, {c: r for c, r in self.rules.items() if not r.plays})

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
                    where = loc or Location(kit.manifest_file)
                    findings.append(Finding(rule.code, rule.severity, message, where))
        return findings
