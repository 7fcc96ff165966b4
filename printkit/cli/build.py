"""What `printkit build` prints and does around the build itself: the files written, the notes,
gang-sheet summaries, the rules findings that stopped it, --png previews and --watch.

The command line (cli.py) imports this module only when `printkit build` runs, so that
`printkit --help` stays fast.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from printkit.cli.app import say
from printkit.core.words import counted

if TYPE_CHECKING:
    from printkit.checks.findings import Finding


def report_build(
    written: list[Path],
    notes: list[str],
    builds: list,
    options: Any,
    same: Sequence[Path] = (),
    pages: dict[Path, int] | None = None,
) -> None:
    """The files written (and those drawn again the same, left as they were), the kits' notes,
    gang summaries (of `builds`: each kit with what its build derived), and 'up to date' when
    nothing was drawn."""
    for path in written:
        say(f"wrote {path}")
    for path in getattr(written, "removed", []):
        say(f"removed {path} (the build no longer makes it)")
    if same:
        names = ", ".join(path.name for path in same)
        say(f"drew again with the same bytes, left as they were: {names}")
    if options.profile == "shop" and written:
        notes.append(colour_note(options.icc))
    for note in notes:
        say("\n" + note.rstrip())
    echo_gang_summaries(builds)
    if options.gang and options.profile == "shop":
        click.echo(
            "--gang: shop builds are not ganged (a shop imposes the pieces itself)", err=True
        )
    if not written and not same:
        say("everything is up to date (--force rebuilds anyway)")
    elif pages and any(pages.get(path) for path in written):
        say(print_summary(written, options, pages))


def print_summary(written: Sequence[Path], options: Any, pages: dict[Path, int]) -> str:
    """The build's last line: the sheets each PDF written has to print (its pages as the
    components counted them while drawing, `pages`), and on what paper ('to print: cards.pdf
    16 pages on 8 sheets, bases.pdf 1 sheet (A4, double-sided, long edge)')."""
    pdfs = [p for p in written if p.suffix == ".pdf"]
    groups: dict[Path, list[Path]] = {p: [p] for p in pdfs if pages.get(p)}
    for path in pdfs:  # a component's further files (tokens by size) join its first file's count
        if path not in groups and groups:
            groups[max(groups, key=lambda c: _shared(c.stem, path.stem))].append(path)
    counts = [
        f"{', '.join(p.name for p in files)} {_sheets_or_pages(first, pages[first], options)}"
        for first, files in groups.items()
    ]
    if options.profile == "shop":
        paper = "one page per piece, with bleed, for the print shop"
    else:
        sides = "one-sided" if options.duplex == "off" else f"double-sided, {options.duplex} edge"
        if groups and all(fold_over(first) for first in groups):  # none prints on two sides
            sides = "one-sided"
        paper = f"{options.paper.upper() if len(options.paper) <= 6 else options.paper}, {sides}"
    return f"to print: {', '.join(counts)} ({paper})"


def _sheets_or_pages(path: Path, pages: int, options: Any) -> str:
    """What a home PDF of `pages` pages prints on: '16 pages on 8 sheets' for a two-sided file
    (a front and its back on each sheet), '1 fold-over sheet' for a fold-over counter sheet
    (fronts and backs on one side), '3 sheets' for a one-sided one; a shop file's pages."""
    if options.profile == "shop":
        return counted(pages, "page")
    if fold_over(path):
        return counted(pages, "fold-over sheet")
    if two_sided(path):
        return f"{counted(pages, 'page')} on {counted(pages // 2, 'sheet')}"
    return counted(pages, "sheet")


def two_sided(path: Path) -> bool:
    """Whether a PDF printkit wrote says it prints two-sided: the Duplex viewer preference that
    a home build's sheets of pieces with backs carry (render/imposed.py)."""
    return duplex_preference(path).startswith(b"/DuplexFlip")


def fold_over(path: Path) -> bool:
    """Whether a PDF printkit wrote is a fold-over counter sheet: printkit marks those, and only
    those, to print on one side (the /Simplex Duplex preference, render/imposed.py)."""
    return duplex_preference(path) == b"/Simplex"


def duplex_preference(path: Path) -> bytes:
    """The Duplex viewer preference of a PDF printkit wrote (b"" without one). reportlab writes
    the preferences as the last object before the cross-reference table, so only the bytes just
    before it are read (no PDF library: a build's summary stays light)."""
    try:
        with path.open("rb") as handle:
            handle.seek(0, 2)
            size = handle.tell()
            handle.seek(max(0, size - 64))
            tail = handle.read()
            found = re.search(rb"startxref\s+(\d+)", tail)
            if found is None:
                return b""
            start = int(found.group(1))
            handle.seek(max(0, start - 256))
            before = handle.read(min(256, start))
    except OSError:
        return b""
    preference = re.search(rb"/Duplex (/\w+)", before)
    return preference.group(1) if preference else b""


def echo_gang_summaries(builds: list) -> None:
    """One line per kit built with gang sheets (`builds`: each kit with what its build
    derived): sheets used against their lower bound."""
    if not builds:
        return
    # (and a no-op build, which loads no kit, needs none)
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.render.gang import members

    for kit, derived in builds:
        if members(kit):
            # imported here, not at the top, so that `printkit --help` stays fast
            from printkit.render.gang_sheets import summary

            say(summary(kit, derived))


def watch_builds(names: list[str], builds: list, out: Path, options: Any, jobs: int) -> None:
    """`build --watch`: after each burst of saves, rebuild and print one line with its time;
    `builds` are the first build's kits with what it derived (its layouts, reused)."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.live.loop import WatchedBuilds
    from printkit.live.watcher import watch

    roots = [kit.root for kit, _ in builds]
    watched = WatchedBuilds(names, out, options, jobs, lambda text: click.echo(text, err=True))
    watched.remember(builds)  # the designs the first build laid out

    def ready() -> None:
        say(f"watching {', '.join(str(r) for r in roots)} (Ctrl-C to stop)")

    def rebuild(_paths: list[Path]) -> None:
        line = watched.rebuild()
        click.echo(f"{time.strftime('%H:%M:%S')} {line}")

    try:
        watch(lambda: roots, rebuild, ready=ready)
    except KeyboardInterrupt:
        click.echo("stopped watching", err=True)


def colour_note(icc: str | None) -> str:
    """The shop build's closing line: which printing condition the files were converted for."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.pdfx import converter_for

    conv = converter_for(icc)
    if conv.profile is None:
        return (
            f"shop files are CMYK PDF/X-1a for: {conv.description} (pass --icc FILE to convert "
            "through your printer's own profile)"
        )
    return f"shop files are CMYK PDF/X-1a for: {conv.description} ({conv.profile})"


def report_rules_stop(findings: list[Finding]) -> None:
    """Every finding that stopped a build, then one line saying so (the caller exits 1)."""
    for finding in findings:
        click.echo(str(finding), err=True)
    n = sum(f.severity == "error" for f in findings)
    click.echo(
        f"printkit: {counted(n, 'rules error')}; nothing was written (fix them, or "
        "build anyway with --ignore-rule-errors)",
        err=True,
    )


def write_missing_previews(
    kits: list, out: Path, written: list[Path], only: list[str] | None = None
) -> list[Path]:
    """Previews of the PDFs just written, and of up-to-date PDFs whose previews are missing or
    older (a first `--png` after a plain build must not answer "up to date" with no images)."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.build.pipeline import component_targets
    from printkit.export.preview import preview_names, write_previews

    pdfs = []
    for kit in kits:
        for cid, pdf in component_targets(kit, out):
            if (only is not None and cid not in only) or pdf.suffix != ".pdf" or not pdf.is_file():
                continue
            images = [pdf.parent / name for name in preview_names(pdf)]
            stale = any(
                not im.is_file() or im.stat().st_mtime_ns < pdf.stat().st_mtime_ns for im in images
            )
            if pdf in written or stale:
                pdfs.append(pdf)
    pdfs += [p for p in written if p.suffix == ".pdf" and p not in pdfs]  # e.g. gang.pdf
    return write_previews([(p, p.parent) for p in pdfs])


def _shared(a: str, b: str) -> int:
    """How many leading characters two names share."""
    return next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )


def parse_pages(spec: str) -> list[int]:
    """`3,5-6` -> [3, 5, 6]: page numbers from 1, in the order given; ValueError says why not."""
    pages: list[int] = []
    for part in (p.strip() for p in spec.split(",")):
        first, _, last = part.partition("-")
        if not (first.isdigit() and (last.isdigit() or not last)):
            raise ValueError(f"expected page numbers such as 3 or 3,5-6; got {spec!r}")
        low, high = int(first), int(last or first)
        if low < 1 or high < low:
            raise ValueError(f"expected page numbers from 1 upwards, low to high; got {part!r}")
        pages += [n for n in range(low, high + 1) if n not in pages]
    return pages


def write_chosen(kit: Any, out: Path, cid: str, chosen: dict[str, str | None]) -> None:
    """--pages and --sheets: write each subset asked for (`chosen`: unit -> its spec)."""
    for unit, spec in chosen.items():
        if spec:
            subset = write_chosen_pages(kit, out, cid, spec, unit)
            say(f"wrote {subset} ({unit} {spec} of {cid})")


def write_chosen_pages(kit: Any, out: Path, cid: str, spec: str, unit: str = "pages") -> Path:
    """Write `<cid>-pages-<spec>.pdf` beside the component's PDF, holding only those pages
    (to reprint a damaged sheet: its front and back page, as the sheet labels number them);
    with `unit` "sheets", `<cid>-sheets-<spec>.pdf` holding those sheets: of a two-sided file
    each sheet's front and back page, of a one-sided one its page."""
    # imported here, not at the top, so that `printkit --help` stays fast
    import pypdfium2

    from printkit.build.pipeline import kit_folders, output_path
    from printkit.core.errors import Location, fail
    from printkit.output import staged

    flag = f"--{unit}"
    source = output_path(out, kit_folders(kit), f"{cid}.pdf")
    if not source.is_file():
        raise fail(Location(flag), f"component {cid!r} writes no file {source.name}")
    try:
        pages = parse_pages(spec)
    except ValueError as exc:
        raise fail(Location(flag), str(exc)) from None
    per_sheet = 2 if unit == "sheets" and two_sided(source) else 1
    pages = [p for n in pages for p in range(per_sheet * (n - 1) + 1, per_sheet * n + 1)]
    with contextlib.closing(pypdfium2.PdfDocument(source)) as pdf:
        if max(pages) > len(pdf):
            word = unit[:-1]
            have = len(pdf) // per_sheet
            raise fail(
                Location(flag),
                f"{source.name} has {counted(have, word)}; there is no {word} "
                f"{(max(pages) + per_sheet - 1) // per_sheet}",
            )
        target = source.with_name(f"{cid}-{unit}-{spec.replace(' ', '')}.pdf")
        chosen = pypdfium2.PdfDocument.new()
        try:
            chosen.import_pages(pdf, [n - 1 for n in pages])
            with staged(out) as stage:
                chosen.save(stage.temp_for(target))
        finally:
            chosen.close()
    return target
