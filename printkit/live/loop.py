"""The design loop: after every save, rebuild what changed and keep what a designer looks at.

`LiveKit.refresh()` reads the kit afresh and makes a `Snapshot`: one PNG per card design (its
face and its back, drawn by the deck component itself on card-sized pages), every page of the
kit's other PDFs as the incremental build leaves them, the findings of `printkit check` placed on
the cards they concern, and each deck's report. A refresh that meets an input error keeps the
last good previews and carries the error instead. `printkit serve` runs the same round in steps
(read, draw a batch at a time, check, build) and shows each step's snapshot in a browser;
`printkit build --watch` prints one line per rebuild (`watched_build`).

Everything is written under `<out>/<kit>/live/`. A card's picture is named by its look (see
live/looks.py: its own fields, its kind, the deck's settings and the files it shows), so an
unchanged card is never drawn twice and a one-cell edit of a sheet redraws one card.
"""

from __future__ import annotations

import contextlib
import dataclasses
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printkit.build.drawchecks import lay_out_kit
from printkit.build.incremental import file_hash
from printkit.build.pipeline import build_kits, component_targets
from printkit.checks import Finding, run_checks
from printkit.core.errors import Diagnostic, InputError, Location
from printkit.core.words import counted
from printkit.kit import Derived, Kit, load_kit
from printkit.live.layouts import KeptLayouts
from printkit.live.looks import DeckLooks
from printkit.live.pictures import draw_cards as _draw_cards
from printkit.live.pictures import thumbnails as _thumbnails
from printkit.live.streams import CompressedStreams
from printkit.load.schema import where
from printkit.model.cards import Card, Deck
from printkit.model.options import Options
from printkit.reports.composition import deal_rows, deck_report

LIVE_DIR = "live"
DRAW_BATCH = 24  # card designs drawn between two updates of the page


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
    ready: bool = True  # False until its face and back are drawn


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
    drawing: int = 0  # card designs still to draw in this round

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
    """One kit kept up to date in `out`.

    `refresh()` does a whole round at once. `printkit serve` runs the same round in steps, so
    that the page shows each step: `begin()` reads the kit and names every picture (those not
    drawn yet are `ready: false`), `draw_next()` draws a few more (the ones asked for first),
    `check()` finds what `printkit check` finds, `finish()` builds the PDFs and thumbnails
    their pages. Each step's snapshot is `last`; `good` is the last one of a round that ended
    without an error."""

    def __init__(self, kit_arg: str, out: Path, options: Options | None = None) -> None:
        self.kit_arg = kit_arg
        self.out = out
        self.options = options or Options()
        self.version = 0
        self.last = Snapshot(0, kit_arg, 0.0)
        self.good = self.last  # the last snapshot whose pictures were all drawn
        self.root: Path | None = None
        self._starts: dict[str, list[tuple[int, str]]] = {}
        self._backs: dict[str, str] = {}  # a front's picture -> its back's picture
        self._kit: Kit | None = None
        self._derived = Derived()  # what this round derives from `_kit` (its layouts)
        self._pending: list[Pending] = []
        self._started = 0.0
        self.layouts = KeptLayouts()  # the card layouts of the rounds before (live/layouts.py)
        self.streams = CompressedStreams()  # the PDF streams of the round before (streams.py)

    @property
    def folder(self) -> Path:
        return self.out / self.last.kit / LIVE_DIR

    @property
    def pending(self) -> int:
        """How many card designs of the current round are not drawn yet."""
        return len(self._pending)

    def refresh(self, build_pdfs: bool = True) -> Snapshot:
        """Read, check and redraw the kit; on an input error, keep the last good previews."""
        self.begin()
        while self.draw_next(DRAW_BATCH):
            pass
        self.check()
        return self.finish(build_pdfs)

    def begin(self) -> Snapshot:
        """Read the kit; every card is named by its look, those not drawn yet `ready: false`.
        The findings are the last round's until `check()`."""
        self._started = time.perf_counter()
        self.version += 1
        self._pending = []
        self._kit = None
        self.layouts.settle()  # what a round cut short by this save laid out
        return self._guarded(self._read)

    def _read(self) -> Snapshot:
        kit = load_kit(self.kit_arg, self.options)
        self._derived = self.layouts.derived()
        self.root = kit.root
        kit.models()
        snap = Snapshot(self.version, kit.name, 0.0, pages=self.good.pages)
        snap.problems = self.good.problems
        snap.cards, self._pending = self._cards(kit)
        snap.reports = _reports(kit)
        self._starts = _card_starts(kit)
        self._kit = kit
        return snap

    def draw_next(self, limit: int, first: Iterable[str] = ()) -> bool:
        """Draw up to `limit` card designs not drawn yet, those whose front picture is named in
        `first` before the others (the page asks for the cards in view); False when none is
        left. A picture printkit cannot draw ends the round with the last good previews."""
        if self._kit is None or not self._pending:
            return False
        batch = _next_batch(self._pending, limit, set(first))
        chosen = {id(p) for p in batch}
        self._pending = [p for p in self._pending if id(p) not in chosen]
        self._guarded(lambda: self._draw(batch))
        return self._kit is not None and bool(self._pending)

    def _draw(self, batch: list[Pending]) -> Snapshot:
        kit, deck = self._kit, batch[0].deck
        assert kit is not None
        cards = [(p.card, p.front) for p in batch]
        drawn = _draw_cards(kit, deck, kit.model_as(deck, Deck), cards, self.folder_for(kit))
        self._backs.update(drawn)
        return dataclasses.replace(self.last, cards=[_drawn(v, drawn) for v in self.last.cards])

    def check(self) -> Snapshot:
        """The findings of `printkit check`, placed on the cards they concern."""
        if self._kit is None:
            return self.last
        return self._guarded(self._checked)

    def _checked(self) -> Snapshot:
        assert self._kit is not None
        problems = _findings(self._kit, self._derived)
        _place_on_cards(problems, self._starts)
        return dataclasses.replace(self.last, problems=problems)

    def finish(self, build_pdfs: bool = True) -> Snapshot:
        """End the round: the PDFs (when asked) and their pages, the old pictures removed."""
        if self._kit is not None and build_pdfs:
            kit = self._kit
            self._guarded(lambda: dataclasses.replace(self.last, pages=self._pages(kit)))
        snap = self.last
        if self._kit is not None and not snap.error:
            _prune(self.out / snap.kit / LIVE_DIR, snap)
            self.good = snap
        self._kit = None
        self.layouts.settle()
        return self._publish(snap)

    def _guarded(self, step: Callable[[], Snapshot]) -> Snapshot:
        """Run one step of the round and publish its snapshot; an input error (or a bug of
        printkit's, met on this save) ends the round with the last good previews and the error."""
        try:
            return self._publish(step())
        except InputError as exc:
            errors = [ShownFinding.of_input_error(d) for d in exc.diagnostics]
            _place_on_cards(errors, self._starts)
        except Exception as exc:  # the server keeps going
            errors = [ShownFinding(Location(self.kit_arg), "error", "INTERNAL", _failure(exc))]
        self._kit, self._pending = None, []
        return self._publish(dataclasses.replace(self.good, version=self.version, error=errors))

    def _publish(self, snap: Snapshot) -> Snapshot:
        snap.seconds = time.perf_counter() - self._started
        snap.drawing = len(self._pending)
        self.last = snap
        return snap

    def _cards(self, kit: Kit) -> tuple[list[CardView], list[Pending]]:
        """A view of every card design, named by its look; the designs not drawn yet."""
        views: list[CardView] = []
        pending: list[Pending] = []
        folder = self.folder_for(kit)
        for cid in _decks(kit):
            deck = kit.model_as(cid, Deck)
            looks = DeckLooks(kit, deck)
            for card in deck.cards:
                front = f"{cid}-{looks.card(card)}-front.png"
                back = self._backs.get(front)
                # a one-sided card's back is "": it has no picture to wait for
                drawn = back is not None and (not back or (folder / back).exists())
                ready = drawn and (folder / front).exists()
                if not ready:
                    pending.append(Pending(cid, card, front))
                views.append(_card_view(cid, card, front, back or "" if ready else "", ready))
        return views, pending

    def folder_for(self, kit: Kit) -> Path:
        return self.out / kit.name / LIVE_DIR

    def _pages(self, kit: Kit) -> list[dict[str, Any]]:
        """Build the kit's PDFs (only what is out of date) and thumbnail every page."""
        with self.streams.used():
            build_kits([kit], self.out, derived=[self._derived])
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


def _drawn(view: CardView, backs: dict[str, str]) -> CardView:
    """The view of a card whose pictures are now drawn (others as they were)."""
    if view.front not in backs:
        return view
    return dataclasses.replace(view, back=backs[view.front], ready=True)


@dataclass
class Pending:
    """A card design whose picture is still to draw."""

    deck: str
    card: Card
    front: str


def _next_batch(pending: list[Pending], limit: int, first: set[str]) -> list[Pending]:
    """Up to `limit` designs of one deck: those asked for first, then in deck order."""
    order = [p for p in pending if p.front in first] + [p for p in pending if p.front not in first]
    deck = order[0].deck
    return [p for p in order if p.deck == deck][:limit]


def _decks(kit: Kit) -> list[str]:
    return kit.decks()


def _card_view(deck_id: str, card: Any, front: str, back: str, ready: bool) -> CardView:
    loc = where(card)
    return CardView(
        deck_id,
        card.id,
        card.kind,
        card.title or "",
        card.count,
        str(loc or ""),
        front,
        back,
        ready,
    )


def _findings(kit: Kit, derived: Derived) -> list[ShownFinding]:
    """The findings `printkit check` reports for the kit (rules, and text that cannot fit)."""
    problems = [ShownFinding.of(f) for f in run_checks(kit)]
    try:
        lay_out_kit(kit, derived)
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
        "output stays. This is a bug in printkit, not in your kit."
    )


class WatchedBuilds:
    """The rebuilds of `printkit build --watch`: each reads the kits afresh and builds the
    stale PDFs as `printkit build` would, every deck's card designs laid out only where their
    inputs changed (the others are taken from the layouts kept since the last rebuild:
    live/layouts.py), so that a one-cell edit of a sheet lays out one card."""

    def __init__(
        self,
        kit_args: list[str],
        out: Path,
        options: Options,
        jobs: int,
        echo: Callable[[str], None],
    ) -> None:
        self.kit_args, self.out, self.options, self.jobs, self.echo = (
            kit_args,
            out,
            options,
            jobs,
            echo,
        )
        self.layouts = KeptLayouts()
        self.streams = CompressedStreams()

    def remember(self, builds: Iterable[tuple[Kit, Derived]]) -> None:
        """Keep the layouts of the build that came before the watching (its kits, each with
        what that build derived)."""
        for kit, derived in builds:
            self.layouts.remember(kit, derived)

    def rebuild(self) -> str:
        """One rebuild: the stale PDFs and the findings, as one line."""
        try:
            with self.streams.used():
                return watched_build(
                    self.kit_args, self.out, self.options, self.jobs, self.echo, self.layouts
                )
        finally:
            self.layouts.settle()


def watched_build(
    kit_args: list[str],
    out: Path,
    options: Options,
    jobs: int,
    echo: Callable[[str], None],
    layouts: KeptLayouts | None = None,
) -> str:
    """One rebuild of `printkit build --watch`: the stale PDFs and the findings, as one line;
    the kits' layouts reuse the `layouts` kept (see WatchedBuilds)."""
    started = time.perf_counter()
    try:
        kits = [load_kit(arg, options) for arg in kit_args]
        derived = [layouts.derived() if layouts is not None else Derived() for _ in kits]
        written = build_kits(kits, out, force=False, jobs=jobs, derived=derived)
        findings = [f for kit in kits for f in run_checks(kit, play=False)]  # a build's
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
