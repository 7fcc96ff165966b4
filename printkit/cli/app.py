"""The command line: parse options, call the pipeline, map outcomes to exit codes.

Exit codes: 0 success (warnings allowed), 1 rules errors found, 2 bad input or usage,
3 an internal error in printkit itself. Heavy libraries are imported inside commands so that
`printkit --help` stays instant.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
import time
from collections.abc import Callable, Iterator
from functools import wraps
from pathlib import Path
from typing import Any

import click

from printkit import __version__
from printkit.core.errors import InputError, capped, error_count
from printkit.core.extras import install_hint, installed, require
from printkit.core.perf import gc_paused
from printkit.core.processes import Terminated, terminate_as_exception
from printkit.core.progress import listening
from printkit.core.words import counted
from printkit.layout.presets import PRESETS

EXIT_OK, EXIT_RULES, EXIT_INPUT, EXIT_INTERNAL = 0, 1, 2, 3
EXIT_BROKEN_PIPE = 141  # as a shell reports a process ended by SIGPIPE


def report_errors(func: Callable) -> Callable:  # noqa: C901
    """Turn input errors into located messages and exit 2; never show a traceback to a user."""

    @wraps(func)
    def wrapper(*args, **kwargs):
        try:
            with terminate_as_exception():  # SIGTERM/SIGHUP unwind like Ctrl-C: temporaries go
                return func(*args, **kwargs)
        except InputError as exc:
            shown = capped(exc.diagnostics)  # at most MAX_DIAGNOSTICS_PER_FILE a file
            for d in shown:
                click.echo(str(d), err=True)
            n = error_count(shown)
            click.echo(f"printkit: {counted(n, 'input error')}{_outcome(exc)}", err=True)
            sys.exit(EXIT_INPUT)
        except BrokenPipeError:  # `printkit ... | head` stopped reading: not an error to report
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())  # so the exit's own flush fails silently too
            sys.exit(EXIT_BROKEN_PIPE)
        except KeyboardInterrupt:
            click.echo("printkit: interrupted; nothing was written", err=True)
            sys.exit(130)
        except Terminated as exc:  # SIGTERM or SIGHUP during a build
            click.echo("printkit: terminated; nothing was written", err=True)
            sys.exit(128 + exc.signum)
        except (click.exceptions.Exit, click.ClickException, SystemExit):
            raise
        except MemoryError:
            click.echo("printkit: out of memory; nothing was written", err=True)
            sys.exit(EXIT_INPUT)
        except Exception as exc:  # a bug in printkit: say so plainly
            if os.environ.get("PRINTKIT_DEBUG"):
                raise
            click.echo(
                f"printkit: internal error ({type(exc).__name__}: {exc}). This is a bug in "
                "printkit, not in your kit; run again with PRINTKIT_DEBUG=1 to see where it "
                "happened.",
                err=True,
            )
            sys.exit(EXIT_INTERNAL)

    return wrapper


# commands that never write a file: their input errors leave nothing to say about outputs
WRITE_NOTHING = frozenset({"check", "rules", "deck", "list", "docs", "score", "preflight"})


def _outcome(exc: InputError) -> str:
    """What an input error left of the outputs, as the end of its summary line ('' for a
    command that writes nothing)."""
    ctx = click.get_current_context(silent=True)
    if ctx is not None and ctx.info_name in WRITE_NOTHING:
        return ""
    if getattr(exc, "nothing_written", True):
        return "; nothing was written"
    return "; some outputs were replaced (see above)"


class OutPath(click.Path):
    """An output path option: like click.Path, but an empty value is refused rather than taken
    as the current folder (`--out ""` from an unset shell variable must not write here)."""

    def convert(self, value, param, ctx):
        if isinstance(value, str) and not value.strip():
            self.fail("an empty path is not an output path; give a folder or file name", param, ctx)
        return super().convert(value, param, ctx)


def parse_offset(ctx, param, value: str | None):
    """X,Y in mm, or None when not given (the user's settings or the default then apply)."""
    if value is None:
        return None
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.cli.settings import parse_back_offset

    try:
        return parse_back_offset(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


def parse_paper_option(ctx, param, value: str | None) -> str | None:
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.layout.sizes import parse_paper

    if value is None:
        return None
    if parse_paper(value) is None:
        raise click.BadParameter(
            f"expected a4, letter, a3 or a size like 210x297mm (50 mm to 2 m); got {value!r}"
        )
    return value.strip().lower()


def _parse_icc(ctx, param, value: Path | None) -> str | None:
    if value is None:
        return None
    if not value.is_file():
        raise click.BadParameter(f"no such file: {value}")
    if not installed("pikepdf"):  # a callback runs before report_errors: say it as click does
        raise click.BadParameter(
            f"the shop profile's colour conversion needs pikepdf, which is not installed; add it "
            f"with: {install_hint('pikepdf')}"
        )
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.pdfx import check_icc

    problem = check_icc(value)
    if problem:
        raise click.BadParameter(f"{value} is {problem}")
    return str(value.resolve())


def parse_sheet_margin_option(ctx, param, value: str | None) -> float | None:
    """--sheet-margin as a length in points (plain numbers are mm), within kit.yaml's limits."""
    if value is None:
        return None
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.load.schema import Context, Invalid
    from printkit.load.yamlsafe import Document
    from printkit.model.settings import SHEET_MARGIN

    try:
        context = Context(Document("--sheet-margin", value))
        return float(SHEET_MARGIN.convert(value, context, ("sheet-margin",)))
    except Invalid as exc:
        raise click.BadParameter(f"expected {exc}; got {value!r}") from None


def _parse_max_ink(ctx, param, value: str | None) -> float | None:
    if value is None:
        return None
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.load.schema import InkLimit, Invalid

    try:
        return float(InkLimit().convert(value, None, ()))
    except Invalid as exc:
        raise click.BadParameter(f"expected {exc}; got {value!r}") from None


# The most players --players accepts; each kit's rules (`players:` max) then narrow it. At least
# as large as any game schema's limit on players.max (a built-in game allows 16).
MAX_PLAYERS = 64


def kit_options(func: Callable) -> Callable:
    func = click.option(
        "--players",
        type=click.IntRange(1, MAX_PLAYERS),
        help="Player count, for kits that vary by it; checked against the kit's rules.",
    )(func)
    func = click.option(
        "--variant",
        "variants",
        multiple=True,
        metavar="NAME",
        help="A variant named in kit.yaml; repeat to combine.",
    )(func)
    return func


only_decks = click.option(
    "--only",
    "--component",
    "components",
    multiple=True,
    metavar="ID",
    help="Only this deck (as `build --only`; --component is its old name).",
)


def complete_kits(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Shell completion of a KIT argument: the built-in kits' names, and folders."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from click.shell_completion import CompletionItem

    from printkit.kit import builtin_kit_names

    kits = [CompletionItem(name) for name in builtin_kit_names() if name.startswith(incomplete)]
    return [*kits, CompletionItem(incomplete, type="dir")]


# Commands that live in their own modules: name -> "module:function". Loaded only when used.
LAZY_COMMANDS: dict[str, str] = {
    "calibrate": "printkit.cli.commands.calibrate:calibrate",
    "config": "printkit.cli.commands.config:config_command",
    "docs": "printkit.cli.commands.docs:docs_command",
    "preview": "printkit.cli.commands.preview:preview",
    "deck": "printkit.cli.commands.deck:deck_command",
    "export": "printkit.cli.commands.export:export_command",
    "new": "printkit.cli.commands.new:new_command",
    "check": "printkit.cli.commands.check:check_command",
    "rules": "printkit.cli.commands.check:rules_command",
    "schema": "printkit.cli.commands.schema:schema_command",
    "score": "printkit.cli.commands.score:score_command",
    "serve": "printkit.cli.commands.serve:serve_command",
    "simulate": "printkit.cli.commands.simulate:simulate_command",
    "preflight": "printkit.cli.commands.preflight:preflight_command",
    "icons": "printkit.cli.commands.icons:icons_command",
}


# -q and -v, which every command takes: how much it says besides its results and errors
VERBOSITY = "printkit.verbosity"  # ctx.meta key: -1 quiet, 0 normal, 1 and more verbose


def _set_verbosity(ctx: click.Context, param: click.Parameter, value: Any) -> None:
    if value:
        change = -1 if param.name == "quiet" else int(value)
        ctx.meta[VERBOSITY] = ctx.meta.get(VERBOSITY, 0) + change


def verbosity() -> int:
    """-1 with -q, 1 (or more) with -v, else 0; 0 outside a command."""
    ctx = click.get_current_context(silent=True)
    return int(ctx.meta.get(VERBOSITY, 0)) if ctx is not None else 0


def say(text: str, err: bool = False) -> None:
    """An informational line (files written, summaries): not with -q."""
    if verbosity() >= 0:
        click.echo(text, err=err)


def note(text: str) -> None:
    """A warning or note on stderr: not with -q, which shows only errors."""
    if verbosity() >= 0:
        click.echo(text, err=True)


def detail(text: str) -> None:
    """A line only -v shows (timings, choices made), on stderr."""
    if verbosity() > 0:
        click.echo(text, err=True)


def _with_verbosity(command: click.Command) -> click.Command:
    """Give `command` -q/--quiet and -v/--verbose unless it has them (once per command), and
    each subcommand of a group (`config set`) too."""
    for sub in getattr(command, "commands", {}).values():
        _with_verbosity(sub)
    names = {opt for p in command.params for opt in getattr(p, "opts", [])}
    if "--verbose" not in names:
        command.params.append(
            click.Option(["-v", "--verbose"], count=True, expose_value=False,
                         callback=_set_verbosity, help="Say more (repeat for more).")
        )  # fmt: skip
    if "--quiet" not in names:
        command.params.append(
            click.Option(["-q", "--quiet"], is_flag=True, expose_value=False,
                         callback=_set_verbosity,
                         help="Print only errors (and the answer a command is asked for).")
        )  # fmt: skip
    return command


@contextlib.contextmanager
def progress_shown() -> Iterator[None]:
    """While within: long loops (core.progress) draw a bar on stderr, on a terminal and not with
    -q; elsewhere nothing is drawn."""
    if not sys.stderr.isatty() or verbosity() < 0:
        yield
        return
    bars: dict[str, Any] = {}

    def show(what: str, done: int, total: int) -> None:
        bar = bars.get(what)
        if bar is None:
            bar = bars[what] = click.progressbar(length=total or None, label=what, file=sys.stderr)
            bar.__enter__()
        bar.update(done - bar.pos)
        if total and done >= total:  # a finished bar ends its line: what follows starts afresh
            bars.pop(what).__exit__(None, None, None)

    try:
        with listening(show):
            yield
    finally:
        for bar in bars.values():
            bar.__exit__(None, None, None)


class _LazyGroup(click.Group):
    def list_commands(self, ctx):
        return sorted({*super().list_commands(ctx), *LAZY_COMMANDS})

    def get_command(self, ctx, name):
        if name in LAZY_COMMANDS:
            module, attr = LAZY_COMMANDS[name].split(":")
            return _with_verbosity(getattr(importlib.import_module(module), attr))
        command = super().get_command(ctx, name)
        return _with_verbosity(command) if command is not None else None


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="printkit")
def main() -> None:
    """printkit: turn YAML game data into print-ready PDF game kits, and check it against the rules."""


def _pages_drawn(out: Path, below: dict[str, int]) -> dict[Path, int]:
    """The pages each output drew by its path, from the counts by its path below --out (a
    build counts every page it draws: no path is made for each)."""
    drawn: dict[Path, int] = {}
    for label, n in below.items():
        drawn[out / label] = drawn.get(out / label, 0) + n
    return drawn


@main.command()
@click.argument("kits", nargs=-1, metavar="[KIT|DIR]...", shell_complete=complete_kits)
@click.option(
    "--out",
    "out",
    type=OutPath(file_okay=False, path_type=Path),
    default=Path("output"),
    show_default=True,
    help="Output folder; each kit writes OUT/<kit>/.",
)
@click.option(
    "--paper",
    callback=parse_paper_option,
    help="a4, letter, a3, or a custom size such as 210x297mm or 8.5x14in "
    "[default: a4, or your `printkit config`].",
)
@click.option(
    "--profile",
    type=click.Choice(["home", "shop"]),
    help="home: n-up sheets with crop marks; shop: one card per page with bleed and TrimBox "
    "[default: home, or your config].",
)
@click.option(
    "--duplex",
    type=click.Choice(["long", "short", "off"]),
    help="Flip edge for double-sided printing; off prints all fronts, then all backs "
    "[default: long, or your config].",
)
@click.option(
    "--back-offset",
    callback=parse_offset,
    metavar="X,Y",
    help="Shift every back page by X,Y mm to correct a printer's misregistration "
    "[default: 0,0, or your config; see printkit calibrate].",
)
@click.option(
    "--bleed",
    type=click.FloatRange(0, 10),
    metavar="MM",
    help="Bleed around each card in mm (default: home 0, shop 3).",
)
@click.option(
    "--sheet-margin",
    callback=parse_sheet_margin_option,
    metavar="LENGTH",
    help="Home sheets: the least paper between the sheet's edge and any piece, 3 to 30 mm, "
    "like 4mm (most home printers print to 3 to 5 mm) [default: your config, else the kit's "
    "sheet_margin:, else 7mm].",
)
@click.option(
    "--icc",
    type=click.Path(dir_okay=False, path_type=Path),
    callback=_parse_icc,
    help="shop: the CMYK ICC profile of your printer, embedded in the files [default: the "
    "registered condition FOGRA39, coated offset].",
)
@click.option(
    "--max-ink",
    callback=_parse_max_ink,
    metavar="PERCENT",
    help="shop: the most total ink (area coverage) any colour or pixel may print with, "
    "100 to 400 [default: your config, else the kit's print: max_ink:, else 300].",
)
@click.option(
    "--card-pages",
    type=click.Choice(["copies", "designs"]),
    default="copies",
    show_default=True,
    help="shop decks: a page per printed copy, or a page per design plus a count list.",
)
@click.option(
    "--preset",
    type=click.Choice(list(PRESETS)),
    help="shop: a print service's card template: its bleed and page order (each card's back "
    "first where the service asks); cards must be its size. See: printkit docs printing.",
)
@click.option(
    "--ignore-rule-errors",
    is_flag=True,
    help="Build even when the rules checks (as `printkit check`) find errors; each is printed.",
)
@click.option("--full-size", is_flag=True, help="Also tile large plans at 1:1 over sheets.")
@click.option(
    "--gang",
    is_flag=True,
    help="Home builds: pack the cut pieces of every type that gangs by default, e.g. tokens and "
    "tiles (or those kit.yaml's gang: lists), onto shared sheets, gang.pdf.",
)
@click.option("--png", is_flag=True, help="Also write PNG previews beside the PDFs.")
@click.option("--force", is_flag=True, help="Rebuild every output, even those up to date.")
@click.option(
    "--watch",
    is_flag=True,
    help="Keep running: rebuild what changed after every save of a kit file, one line per "
    "rebuild (Ctrl-C stops).",
)
@click.option(
    "--only",
    "only",
    multiple=True,
    metavar="COMPONENT[,COMPONENT]",
    help="Build only these components (ids from kit.yaml, as `printkit list` shows); "
    "the kit's other outputs are left as they are.",
)
@click.option(
    "--pages",
    metavar="N[,N-M]",
    help="With --only COMPONENT: also write COMPONENT-pages-N.pdf holding only these pages "
    "(a damaged sheet to reprint: its front and back page, as the sheet labels number them).",
)
@click.option(
    "--sheets",
    metavar="N[,N-M]",
    help="With --only COMPONENT: also write COMPONENT-sheets-N.pdf holding only these sheets, "
    "as their labels and the build's summary number them (a two-sided sheet's front and back).",
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(1, 256),
    metavar="N",
    help="Components built at once, in parallel processes [default: the number of CPUs].",
)
@kit_options
@report_errors
def build(
    kits, out, png, force, watch, only, pages, sheets, jobs, variants, players,
    ignore_rule_errors, **chosen
) -> None:  # fmt: skip
    """Build every component of each KIT (a built-in name or a kit folder); all built-in kits if none.

    The rules checks of `printkit check` run first: an error stops the build (exit 1, nothing
    written) unless --ignore-rule-errors; warnings are printed, one line each.
    """
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.cli import build as buildcli
    from printkit.cli.options import resolve_options
    from printkit.load.kitdir import builtin_kit_names

    chosen["back_offset_mm"] = chosen.pop("back_offset")
    chosen["bleed_mm"] = chosen.pop("bleed")
    options = resolve_options(variants=tuple(variants), players=players, **chosen)
    if options.preset and options.profile != "shop":
        raise click.UsageError("--preset is a print service's template: use it with --profile shop")
    names = list(kits) or builtin_kit_names()
    only_ids = _split_names(only)
    _check_pages_option(pages, sheets, names, only_ids)
    if not (force or png or watch or only_ids) and _no_op_build(names, out, options):
        return
    if options.profile == "shop":
        require("pikepdf", "the shop profile (CMYK PDF/X files)", "--profile shop")
    # a no-op build (above) needs none of these; they and the kits live as long as the build
    with gc_paused(freeze=True):
        # imported here, not at the top, so that `printkit --help` stays fast
        from printkit.build.pipeline import build_kits
        from printkit.checks.gate import RulesErrors, RulesGate
        from printkit.kit import Derived, load_kit

        loaded = [load_kit(name, options, only_ids) for name in names]
    # what the build derives from each kit; this build is a kit's last but under --watch,
    # whose rebuilds read kits of their own and reuse these layouts (live/loop.py)
    derived = [Derived(single_use=not watch) for _ in loaded]
    detail(f"options: profile {options.profile}, paper {options.paper}, duplex {options.duplex}")
    started = time.monotonic()
    notes: list[str] = []
    drawn_below: dict[str, int] = {}  # pages each output drew, by its path below --out

    def count_pages(label: str, n: int) -> None:  # called for every page: no path made here
        drawn_below[label] = drawn_below.get(label, 0) + n

    gate = RulesGate(ignore_rule_errors, report=_finding_line)
    jobs = jobs or os.cpu_count() or 1
    try:
        with progress_shown():
            written = build_kits(
                loaded,
                out,
                count_pages,
                notes=notes.append,
                force=force,
                jobs=jobs,
                only=only_ids,
                rules=gate,
                derived=derived,
            )
    except RulesErrors as exc:
        buildcli.report_rules_stop(exc.findings)
        sys.exit(EXIT_RULES)
    if png:
        written += buildcli.write_missing_previews(loaded, out, written, only_ids)
    drawn = _pages_drawn(out, drawn_below)
    builds = list(zip(loaded, derived, strict=True))
    buildcli.report_build(written, notes, builds, options, written.unchanged, drawn)
    if only_ids:
        buildcli.write_chosen(loaded[0], out, only_ids[0], {"pages": pages, "sheets": sheets})
    detail(f"built in {time.monotonic() - started:.2f} s")
    if watch:
        buildcli.watch_builds(names, builds, out, options, jobs)


def _finding_line(line: str) -> None:
    """A finding of the build's rules checks, on stderr; -q shows only the errors."""
    if verbosity() >= 0 or " error [" in line:
        click.echo(line, err=True)


def _check_pages_option(
    pages: str | None, sheets: str | None, names: list[str], only: list[str] | None
) -> None:
    """--pages and --sheets take the pages or sheets of one component of one kit."""
    for flag, spec in (("--pages", pages), ("--sheets", sheets)):
        if spec and (len(names) != 1 or not only or len(only) != 1):
            raise click.UsageError(
                f"{flag} chooses {flag[2:]} of one component: give one KIT and --only ID"
            )


def _no_op_build(names: list[str], out: Path, options: Any) -> bool:
    """Report a build with nothing to draw, told from the build records alone (no kit is
    loaded: build/uptodate.py), as a full build would; False when it cannot tell."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.build.uptodate import up_to_date_notes
    from printkit.cli import build as buildcli

    started = time.monotonic()
    notes = up_to_date_notes(names, out, options)
    if notes is None:
        return False
    detail(f"options: profile {options.profile}, paper {options.paper}, duplex {options.duplex}")
    buildcli.report_build([], notes, [], options)
    detail(f"built in {time.monotonic() - started:.2f} s")
    return True


def _split_names(values: tuple[str, ...]) -> list[str] | None:
    """`--only a,b --only c` -> [a, b, c]; None when the option was not given."""
    names = [name.strip() for value in values for name in value.split(",") if name.strip()]
    return list(dict.fromkeys(names)) or None


@main.command(name="list")
@report_errors
def list_kits() -> None:
    """List the built-in kits and their components."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.kit import builtin_kit_names, load_kit

    for name in builtin_kit_names():
        kit = load_kit(name)
        click.echo(f"{name}: {kit.manifest.title}")
        items = kit.manifest.components.items()
        width = max((len(spec.type) for _, spec in items), default=0)
        for cid, spec in items:
            click.echo(f"  {cid:<16} {spec.type:<{width}}  {spec.title or ''}".rstrip())


if __name__ == "__main__":  # pragma: no cover
    main()
