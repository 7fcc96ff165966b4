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
0 when unknown.
"""

from __future__ import annotations

import json
import sys

import click

from printkit.cli import EXIT_INPUT, EXIT_OK, EXIT_RULES, _kit_options, _report_errors

INPUT_CODE = "INPUT"


@click.command(name="check")
@click.argument("kits", nargs=-1, metavar="[KIT|DIR]...")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: file:line:col: severity [CODE] message, then a summary line; json: one JSON "
    "object per finding per line, then a summary object.",
)
@_kit_options
@_report_errors
def check_command(kits, fmt, variants, players) -> None:
    """Validate each KIT's data and check it against its game's rules (all built-in kits if none).

    Exit codes: 0 no errors (warnings allowed), 1 rules errors, 2 bad input or usage,
    3 a bug in printkit. `printkit rules` lists every rule code; docs/checks.md explains them
    and the JSON shape.
    """
    from printkit.checks import run_checks
    from printkit.errors import InputError
    from printkit.kit import builtin_kit_names, load_kit
    from printkit.model.options import Options

    options = Options(variants=tuple(variants), players=players)
    names = list(kits) or builtin_kit_names()
    findings, problems, labels = [], [], []
    for name in names:
        label = name  # the kit's own name once its kit.yaml is read, as in its findings
        try:
            kit = load_kit(name, options)
            label = kit.name
            labels.append(label)
            kit_findings = run_checks(kit)
            _lay_out(kit)
            findings.extend((kit.name, f) for f in kit_findings)
        except InputError as exc:
            problems.extend((label, d) for d in exc.diagnostics)
            if label == name:  # its kit.yaml could not be read: the name it was given by
                labels.append(label)
    counts = {
        s: sum(1 for _, f in findings if f.severity == s) for s in ("error", "warning", "info")
    }
    code = EXIT_INPUT if problems else EXIT_RULES if counts["error"] else EXIT_OK
    if fmt == "json":
        for kit_name, d in problems:
            where = d.where
            click.echo(
                _line(
                    {
                        "type": "finding",
                        "kit": kit_name,
                        "file": where.file,
                        "line": where.line,
                        "column": where.col,
                        "severity": "error",
                        "code": INPUT_CODE,
                        "message": d.message,
                    }
                )
            )
        for kit_name, f in findings:
            click.echo(_line({"type": "finding", "kit": kit_name, **f.as_dict()}))
        totals = {f"{s}s" if s != "info" else s: n for s, n in counts.items()}
        summary = {"type": "summary", "kits": labels, **totals, "input_errors": len(problems)}
        click.echo(_line({**summary, "exit_code": code}))
        sys.exit(code)
    if problems:
        raise InputError([d for _, d in problems])
    for _, f in findings:
        click.echo(str(f))
    click.echo(f"{counts['error']} errors, {counts['warning']} warnings, {counts['info']} info")
    sys.exit(code)


def _lay_out(kit) -> None:
    """What only drawing finds (text too long for its box), from components that offer a
    `preflight(kit, cid)`; every such error of the kit is raised together."""
    from printkit.components import component_type
    from printkit.errors import InputError

    errors: list = []
    with kit.drawing():
        for cid in kit.component_ids():
            preflight = getattr(component_type(kit.spec(cid).type), "preflight", None)
            if preflight is None:
                continue
            try:
                preflight(kit, cid)
            except InputError as exc:
                errors.extend(exc.diagnostics)
    if errors:
        raise InputError(errors)


def _line(obj: dict) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=False)


@click.command(name="rules")
@click.argument("kit", required=False, metavar="[KIT|DIR]")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
)
@_report_errors
def rules_command(kit, fmt) -> None:
    """List every rule code `printkit check` uses, with what it checks (KIT's game only if given)."""
    from printkit.checks import all_rule_sets
    from printkit.kit import load_kit

    sets = all_rule_sets()
    if kit is not None:
        loaded = load_kit(kit)
        module = loaded.manifest.rules.module if loaded.manifest.rules else None
        sets = [(m, rs) for m, rs in sets if m == module]
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
        click.echo(f"{rs.game} (games/{module}.py)")
        for r in rs.sorted():
            click.echo(f"  {r.code}  {r.severity:<7}  {r.summary}")
