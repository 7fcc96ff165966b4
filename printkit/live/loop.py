"""The design loop: after every save, rebuild what changed and keep what a designer looks at.

`LiveKit.refresh()` reads the kit afresh and makes a `Snapshot`: one PNG per card design (its
face and its back, drawn by the deck component itself on card-sized pages), every page of the
kit's other PDFs as the incremental build leaves them, the findings of `printkit check` placed on
the cards they concern, and each deck's report. A refresh that meets an input error keeps the
last good previews and carries the error instead. `printkit serve` shows snapshots in a browser;
`printkit build --watch` prints one line per refresh.

Everything is written under `<out>/<kit>/live/`, named by content, so an unchanged card is never
drawn twice and a one-card edit redraws one card.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium

from printkit.build.drawchecks import lay_out_kit
from printkit.build.incremental import code_fingerprint, file_hash
from printkit.build.pipeline import build_kits, component_targets
from printkit.checks import Finding, run_checks
from printkit.core.errors import Diagnostic, InputError, Location
from printkit.core.words import counted
from printkit.kit import Kit, load_kit
from printkit.load.schema import where
from printkit.model.deck import Deck
from printkit.model.options import Options
from printkit.output import staged
from printkit.reports.composition import deal_rows, deck_report

CARD_DPI = 150  # sharp at screen size and when a card is opened large
PAGE_DPI = 40  # whole sheets, as thumbnails
LIVE_DIR = "live"


@dataclass
class ShownFinding:
    """A finding or an input error, as the page shows it: where (the Location itself, so the
    card it concerns is found by file and line), and that card."""

    where: Location
    severity: str
    code: str
    message: str
    card: str | None = None  # the id of the card it concerns, when it concerns one

    @classmethod
    def of_input_error(cls, d: Diagnostic) -> ShownFinding:
        return cls(d.where, "error", "INPUT", d.message)

    @classmethod
    def of(cls, f: Finding) -> ShownFinding:
        return cls(f.where, f.severity, f.code, f.message)

    def as_dict(self) -> dict[str, Any]:
        """As the page reads it (where as `file:line:col`)."""
        return {**dataclasses.asdict(self), "where": str(self.where)}


@dataclass
class CardView:
    deck: str
    id: str
    kind: str
    title: str
    count: int
    source: str
    front: str
    back: str


@dataclass
class Snapshot:
    """What one refresh produced; `error` is set when the kit could not be read."""

    version: int
    kit: str
    seconds: float
    cards: list[CardView] = field(default_factory=list)
    pages: list[dict[str, Any]] = field(default_factory=list)
    problems: list[ShownFinding] = field(default_factory=list)
    reports: list[dict[str, Any]] = field(default_factory=list)
    error: list[ShownFinding] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        shown = {"problems": self.problems, "error": self.error}
        return {
            **dataclasses.asdict(dataclasses.replace(self, problems=[], error=[])),
            **{key: [p.as_dict() for p in found] for key, found in shown.items()},
        }

    def summary(self) -> str:
        """One line for a terminal: time, what was found."""
        counts = {s: sum(p.severity == s for p in self.problems) for s in ("error", "warning")}
        if self.error:
            return (
                f"{self.kit}: {counted(len(self.error), 'input error')} in {self.seconds:.2f} s; "
                "kept the last good build"
            )
        return (
            f"{self.kit}: rebuilt in {self.seconds:.2f} s; {counted(counts['error'], 'error')}, "
            f"{counted(counts['warning'], 'warning')}"
        )


class LiveKit:
    """One kit kept up to date in `out`; `refresh()` after each change."""

    def __init__(self, kit_arg: str, out: Path, options: Options | None = None) -> None:
        self.kit_arg = kit_arg
        self.out = out
        self.options = options or Options()
        self.version = 0
        self.last = Snapshot(0, kit_arg, 0.0)
        self.root: Path | None = None
        self._starts: dict[str, list[tuple[int, str]]] = {}
        self._backs: dict[str, str] = {}  # a front's picture -> its back's picture

    @property
    def folder(self) -> Path:
        return self.out / self.last.kit / LIVE_DIR

    def refresh(self, build_pdfs: bool = True) -> Snapshot:
        """Read, check and redraw the kit; on an input error, keep the last good previews."""
        started = time.perf_counter()
        self.version += 1
        try:
            kit = load_kit(self.kit_arg, self.options)
            self.root = kit.root
            kit.models()
            snap = Snapshot(self.version, kit.name, 0.0)
            snap.problems = _findings(kit)
            snap.cards = self._cards(kit)
            snap.reports = _reports(kit)
            snap.pages = self._pages(kit) if build_pdfs else self.last.pages
            self._starts = _card_starts(kit)
            _place_on_cards(snap.problems, self._starts)
        except InputError as exc:
            snap = dataclasses.replace(self.last, version=self.version, error=[])
            snap.error = [ShownFinding.of_input_error(d) for d in exc.diagnostics]
            _place_on_cards(snap.error, self._starts)
        except Exception as exc:  # printkit's own bug, met on this save: the server keeps going
            snap = dataclasses.replace(self.last, version=self.version, error=[])
            snap.error = [ShownFinding(Location(self.kit_arg), "error", "INTERNAL", _failure(exc))]
        snap.seconds = time.perf_counter() - started
        if not snap.error:
            _prune(self.out / snap.kit / LIVE_DIR, snap)
        self.last = snap
        return snap

    def _cards(self, kit: Kit) -> list[CardView]:
        """A face and a back for every card design, drawn only when its look has changed."""
        views: list[CardView] = []
        for cid in _decks(kit):
            deck = kit.model_as(cid, Deck)
            look = _deck_look(kit, deck)
            missing = []
            for card in deck.cards:
                key = _digest(look, repr(card))
                front = f"{cid}-{key}-front.png"
                back = self._backs.get(front)
                if back is None or not (self.folder_for(kit) / front).exists():
                    missing.append((card, front))
                views.append(_card_view(cid, card, front, back or ""))
            if missing:
                drawn = _draw_cards(kit, cid, deck, missing, self.folder_for(kit))
                self._backs.update(drawn)
                for view in views:
                    view.back = view.back or drawn.get(view.front, "")
        return views

    def folder_for(self, kit: Kit) -> Path:
        return self.out / kit.name / LIVE_DIR

    def _pages(self, kit: Kit) -> list[dict[str, Any]]:
        """Build the kit's PDFs (only what is out of date) and thumbnail every page."""
        build_kits([kit], self.out)
        pages: list[dict[str, Any]] = []
        folder = self.folder_for(kit)
        for cid, target in component_targets(kit, self.out):
            if not target.exists():
                continue
            key = (file_hash(target) or "")[:16]
            title = kit.spec(cid).title or cid
            names = _thumbnails(target, folder, f"page-{cid}-{key}")
            pages.append({"component": cid, "title": title, "file": target.name, "pages": names})
        return pages


def _decks(kit: Kit) -> list[str]:
    return kit.decks()


def _deck_look(kit: Kit, deck: Deck) -> str:
    """Everything besides a card's own data that changes how it looks."""
    shared = dataclasses.replace(deck, cards=[], file="", images={})
    # an image by its bytes: the decoded pixels' repr names a memory address, new every load
    images = sorted((path, file_hash(kit.root / path)) for path in deck.images)
    return _digest(code_fingerprint(), repr(shared), repr(images), repr(kit.fonts()))


def _digest(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:16]


def _card_view(deck_id: str, card: Any, front: str, back: str) -> CardView:
    loc = where(card)
    return CardView(
        deck_id, card.id, card.kind, card.title or "", card.count, str(loc or ""), front, back
    )


def _draw_cards(kit: Kit, cid: str, deck: Deck, cards: list, folder: Path) -> dict[str, str]:
    """Draw the given designs once each on card-sized pages (face, back) and save them as PNG;
    returns each front's back picture, named by its pixels so a shared back is one file."""
    designs = [dataclasses.replace(c, count=1) for c, _ in cards]
    backs: dict[str, str] = {}
    preview = dataclasses.replace(deck, cards=designs)
    single = dataclasses.replace(kit.options, profile="shop", bleed_mm=0.0, duplex="long")
    shop = kit.with_models(single, {cid: preview})
    folder.mkdir(parents=True, exist_ok=True)
    with staged(folder.parent.parent) as stage:
        pdf = stage.temp_for(folder / f"{cid}-cards.pdf")
        shop.component(cid).render(shop, cid, pdf)
        document = pdfium.PdfDocument(str(pdf))
        try:
            for index, (_, front) in enumerate(cards):
                _save_png(document[2 * index], stage.temp_for(folder / front))
                back = document[2 * index + 1].render(scale=CARD_DPI / 72).to_pil()
                name = f"{cid}-back-{hashlib.sha256(back.tobytes()).hexdigest()[:16]}.png"
                backs[front] = name
                if not (folder / name).exists() and name not in {p.name for _, p in stage.pending}:
                    back.save(stage.temp_for(folder / name), format="PNG")
        finally:
            document.close()
        stage.pending = [(t, p) for t, p in stage.pending if p.suffix == ".png"]
        with contextlib.suppress(OSError):
            pdf.unlink()
    return backs


def _save_png(page: Any, path: Path, dpi: int = CARD_DPI) -> None:
    page.render(scale=dpi / 72).to_pil().save(path, format="PNG")


def _thumbnails(pdf: Path, folder: Path, prefix: str) -> list[str]:
    """Every page of `pdf` as PNG thumbnails named `<prefix>-<n>.png` (drawn once per version)."""
    document = pdfium.PdfDocument(str(pdf))
    try:
        names = [f"{prefix}-{n + 1}.png" for n in range(len(document))]
        todo = [(n, name) for n, name in enumerate(names) if not (folder / name).exists()]
        if todo:
            folder.mkdir(parents=True, exist_ok=True)
            with staged(folder.parent.parent) as stage:
                for n, name in todo:
                    _save_png(document[n], stage.temp_for(folder / name), PAGE_DPI)
    finally:
        document.close()
    return names


def _findings(kit: Kit) -> list[ShownFinding]:
    """The findings `printkit check` reports for the kit (rules, and text that cannot fit)."""
    problems = [ShownFinding.of(f) for f in run_checks(kit)]
    try:
        lay_out_kit(kit)
    except InputError as exc:
        problems += [ShownFinding.of_input_error(d) for d in exc.diagnostics]
    return problems


def _reports(kit: Kit) -> list[dict[str, Any]]:
    out = []
    for cid in _decks(kit):
        deck = kit.model_as(cid, Deck)
        title = kit.spec(cid).title or cid
        rows = deal_rows(kit, cid, deck, kit.options.players)
        out.append(deck_report(cid, title, deck, rows).as_dict())
    return out


def _card_starts(kit: Kit) -> dict[str, list[tuple[int, str]]]:
    """file -> sorted (first line, card id) of every card written in it."""
    starts: dict[str, list[tuple[int, str]]] = {}
    for cid in _decks(kit):
        for card in kit.model_as(cid, Deck).cards:
            loc = where(card)
            if loc is not None and loc.line:
                starts.setdefault(loc.file, []).append((loc.line, card.id))
    for spans in starts.values():
        spans.sort()
    return starts


def _place_on_cards(
    problems: Iterable[ShownFinding], starts: dict[str, list[tuple[int, str]]]
) -> None:
    """Tie each problem to the card whose source lines hold it (same file, the card's rows)."""
    for problem in problems:
        file, line = problem.where.file, problem.where.line or 0
        spans = starts.get(file, [])
        before = [card for start, card in spans if start <= line]
        if before and line:
            problem.card = before[-1]


def _prune(folder: Path, snap: Snapshot) -> None:
    """Remove previews no longer shown (an edited card's old picture)."""
    keep = {n for c in snap.cards for n in (c.front, c.back)}
    keep |= {n for p in snap.pages for n in p["pages"]}
    if not folder.is_dir():
        return
    for path in folder.glob("*.png"):
        if path.name not in keep:
            with contextlib.suppress(OSError):
                path.unlink()


def _failure(exc: Exception) -> str:
    return (
        f"printkit could not draw this save ({type(exc).__name__}: {exc}); the last good "
        "output stays. This is a bug in printkit: please report it."
    )


def watched_build(
    kit_args: list[str], out: Path, options: Options, jobs: int, echo: Callable[[str], None]
) -> str:
    """One rebuild of `printkit build --watch`: the stale PDFs and the findings, as one line."""
    started = time.perf_counter()
    try:
        kits = [load_kit(arg, options) for arg in kit_args]
        written = build_kits(kits, out, force=False, jobs=jobs)
        findings = [f for kit in kits for f in run_checks(kit)]
    except InputError as exc:
        for d in exc.diagnostics:
            echo(f"{d.where}: error: {d.message}")
        return f"{counted(len(exc.diagnostics), 'input error')}; the previous PDFs are untouched"
    except Exception as exc:  # printkit's own bug, met on this save: keep watching
        echo(f"error: {_failure(exc)}")
        return "the build failed; the previous PDFs are untouched; still watching"
    for f in findings:
        if f.severity != "info":
            echo(str(f))
    errors = sum(f.severity == "error" for f in findings)
    warnings = sum(f.severity == "warning" for f in findings)
    names = ", ".join(p.name for p in written) or "nothing (up to date)"
    return (
        f"rebuilt {names} in {time.perf_counter() - started:.2f} s; "
        f"{counted(errors, 'error')}, {counted(warnings, 'warning')}"
    )
