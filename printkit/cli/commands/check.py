"""`printkit check` (findings like a linter, as text or JSON lines) and `printkit rules` (the codes).

Exit codes of `printkit check` (documented in docs/checks.md):
  0  no errors (warnings and info allowed)
  1  at least one rules error
  2  bad input (malformed data, unknown kit or variant) or bad usage
  3  a bug in printkit itself

`--format json` prints JSON Lines: one object per finding
  {"type": "finding", "kit", "file", "line", "column", "severity", "code", "message"}
then one summary object, always last:
  {"type": "summary", "kits", "errors", "warnings", "info", "input_errors", "exit_code"}
where "kits" names each kit as its findings do (its kit.yaml `name`, or the argument given
when its kit.yaml cannot be read).
Malformed input appears as findings with code "INPUT" and severity "error"; line and column are
0 when unknown. At most MAX_DIAGNOSTICS_PER_FILE (50) input errors are listed per file; the rest
of a file's errors are one object {"type": "omitted", "kit", "file", "count", "message"}, and
"input_errors" in the summary counts them all.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from typing import TYPE_CHECKING, Any

import click

from printkit.cli.app import (
    EXIT_INPUT,
    EXIT_OK,
    EXIT_RULES,
    complete_kits,
    kit_options,
    parse_paper_option,
    parse_sheet_margin_option,
    report_errors,
    verbosity,
)
from printkit.core.annotations import annotation
from printkit.core.errors import capped
from printkit.core.words import counted

if TYPE_CHECKING:
    from printkit.checks import Finding
    from printkit.core.errors import Diagnostic

INPUT_CODE = "INPUT"


@click.command(name="check")
@click.argument("kits", nargs=-1, metavar="[KIT|DIR]...", shell_complete=complete_kits)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "github"]),
    default="text",
    show_default=True,
    help="text: file:line:col: severity [CODE] message, then a summary line; json: one JSON "
    "object per finding per line, then a summary object; github: GitHub Actions annotations "
    "on the files and lines, then the summary line.",
)
@click.option(
    "--paper",
    callback=parse_paper_option,
    help="The paper home sheets are checked on (MARK001: marks inside the printable area) "
    "[default: a4, or your `printkit config`].",
)
@click.option(
    "--sheet-margin",
    callback=parse_sheet_margin_option,
    metavar="LENGTH",
    help="The sheet margin home sheets are checked with, as `build --sheet-margin` [default: "
    "your config, else the kit's sheet_margin:, else 7mm].",
)
@kit_options
@report_errors
def check_command(kits, fmt, paper, sheet_margin, variants, players) -> None:
    """Validate each KIT's data and check it against its game's rules (all built-in kits if none).

    Exit codes: 0 no errors (warnings allowed), 1 rules errors, 2 bad input or usage,
    3 a bug in printkit. `printkit rules` lists every rule code; `printkit docs checks` explains them
    and the JSON shape.
    """
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.cli.settings import resolve_options
    from printkit.core.errors import InputError, error_count
    from printkit.core.perf import gc_paused
    from printkit.kit import builtin_kit_names

    options = resolve_options(
        paper=paper, sheet_margin=sheet_margin, variants=tuple(variants), players=players
    )
    names = list(kits) or builtin_kit_names()
    with gc_paused(promote=True):  # the models and layouts are kept until the command ends
        findings, problems, labels = _check_kits(names, options)
    counts = {
        s: sum(1 for _, f in findings if f.severity == s) for s in ("error", "warning", "info")
    }
    code = EXIT_INPUT if problems else EXIT_RULES if counts["error"] else EXIT_OK
    if fmt == "json":
        shown = _capped_problems(problems)
        for kit_name, d in shown:
            click.echo(_line(_problem_json(kit_name, d)))
        for kit_name, f in findings:
            click.echo(_line({"type": "finding", "kit": kit_name, **f.as_dict()}))
        totals = {f"{s}s" if s != "info" else s: n for s, n in counts.items()}
        errors = error_count([d for _, d in shown])
        summary = {"type": "summary", "kits": labels, **totals, "input_errors": errors}
        click.echo(_line({**summary, "exit_code": code}))
        sys.exit(code)
    if fmt == "github":
        _echo_annotations(problems, findings)
    elif problems:
        raise InputError([d for _, d in problems])
    for _, f in findings if fmt == "text" else []:
        if f.severity == "error" or verbosity() >= 0:  # -q: errors only
            click.echo(str(f))
    if verbosity() >= 0:
        click.echo(
            f"{counted(counts['error'], 'error')}, {counted(counts['warning'], 'warning')}, "
            f"{counts['info']} info"
        )
    sys.exit(code)


def _check_kits(
    names: list[str], options: Any
) -> tuple[list[tuple[str, Finding]], list[tuple[str, Diagnostic]], list[str]]:
    """Every kit's findings and input errors, each with the kit's name, and each kit's name as
    its findings name it (its kit.yaml `name`, or the argument when kit.yaml cannot be read)."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.build.drawchecks import lay_out_kit
    from printkit.checks import run_checks
    from printkit.checks.ink import ink_findings
    from printkit.core.errors import InputError
    from printkit.kit import Derived, load_kit

    findings: list[tuple[str, Finding]] = []
    problems: list[tuple[str, Diagnostic]] = []
    labels: list[str] = []
    for name in names:
        label = name  # the kit's own name once its kit.yaml is read, as in its findings
        try:
            kit = load_kit(name, options)
            label = kit.name
            found = run_checks(kit) + lay_out_kit(kit, Derived()) + ink_findings(kit)
            findings.extend((kit.name, f) for f in found)
        except InputError as exc:
            problems.extend((label, d) for d in exc.diagnostics)
        labels.append(label)
    return findings, problems, labels


def _echo_annotations(problems: list, findings: list) -> None:
    """--format github: every input error and finding as an annotation on its file and line."""
    for _, d in _capped_problems(problems):
        click.echo(annotation("error", d.where, d.message, INPUT_CODE))
    for _, f in findings:
        if f.severity != "info" or verbosity() >= 0:
            click.echo(annotation(f.severity, f.where, f.message, f.code))


def _capped_problems(problems: list) -> list:
    """(kit, diagnostic) pairs with each kit's diagnostics capped per file (errors.capped)."""
    shown: list = []
    for kit_name in dict.fromkeys(k for k, _ in problems):
        shown.extend((kit_name, d) for d in capped([d for k, d in problems if k == kit_name]))
    return shown


def _problem_json(kit_name: str, d) -> dict:
    """An input error as a JSON finding; the line counting errors not shown is an
    `{"type": "omitted", "count": N}` object instead."""
    if d.omitted:
        return {"type": "omitted", "kit": kit_name, "file": d.where.file, "count": d.omitted,
                "message": d.message}  # fmt: skip
    where = d.where
    return {
        "type": "finding",
        "kit": kit_name,
        "file": where.file,
        "line": where.line,
        "column": where.col,
        "severity": "error",
        "code": INPUT_CODE,
        "message": d.message,
    }


def _line(obj: dict) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=False)


@click.command(name="rules")
@click.argument("kit", required=False, metavar="[KIT|DIR]", shell_complete=complete_kits)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
)
@report_errors
def rules_command(kit, fmt) -> None:
    """List every rule code `printkit check` uses, with what it checks (KIT's game only if given)."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.checks import all_rule_sets
    from printkit.kit import load_kit

    sets = all_rule_sets(on_broken=lambda why: click.echo(f"warning: {why}", err=True))
    declared: list = []
    if kit is not None:
        loaded = load_kit(kit)
        module = loaded.manifest.rules.module if loaded.manifest.rules else None
        declared = loaded.data_checks()
        data_codes = {_data_code(c.rule) for c in declared}
        sets = [
            (m, rs.subset(data_codes) if m == "data" else rs)
            for m, rs in sets
            if m == module or (m == "data" and declared)
        ]
    if fmt == "json":
        rows = [
            {
                "game": rs.game,
                "module": module,
                "code": r.code,
                "severity": r.severity,
                "summary": r.summary,
                "details": r.details,
            }
            for module, rs in sets
            for r in rs.sorted()
        ]
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    if not sets:
        click.echo("this kit names no game rules; `printkit check` only validates its data")
    for module, rs in sets:
        where = _source(module)
        click.echo(f"{rs.game} ({where})")
        for r in rs.sorted():
            click.echo(f"  {r.code}  {r.severity:<7}  {r.summary}")
    for check in declared:
        what = check.message or ", ".join(
            f"{k}: {v}"
            for k, v in dataclasses.asdict(check).items()
            if k not in ("rule", "severity", "message") and v
        )
        click.echo(f"  {_data_code(check.rule)}  {check.severity:<7}  {check.rule}: {what}")


def _source(module: str) -> str:
    """Where a rule set comes from, for people: a printkit file or an installed package."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.plugins import builtin_games, installed_games

    if module == "data":
        return "checks/data_rules.py"
    if module in builtin_games():
        return f"games/{module}/"
    return f"installed package: {installed_games()[module].value}"


def _data_code(rule: str) -> str:
    """The code of a data rule kind (DR001 for `total`...)."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.checks.data_rules import RULE_KINDS

    return f"DR{RULE_KINDS.index(rule) + 1:03d}"
