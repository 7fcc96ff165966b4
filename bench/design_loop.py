"""The design loop's benchmark: big card sheets read fast, a one-card edit shows fast.

    python bench/design_loop.py            # best of 3
    python bench/design_loop.py --quick    # single runs

- `check` on a deck whose 5,400 cards come from a CSV file and from an XLSX workbook, against the
  same deck as a YAML list (separate processes), and the sheet read alone, in process (issue
  16's target: 5,400 rows read in under 1 s);
- the live preview (`printkit serve`'s refresh) after a one-card edit: the time from the save to
  the new snapshot whose card pictures are on disk (target: about a second);
- `printkit build --watch` on a 1,557-card CSV sheet (in process): CPU seconds of the rebuild after
  a one-cell edit, paired with the same rebuild keeping nothing from the one before, and how
  many designs it laid out (one), and after an edit that changes no card (none); on the bench
  deck and on one whose cards have texts of their own;
- `printkit serve` as a whole process on a 1,557-card CSV sheet, through its HTTP answers: the
  address printed, the first screenful of pictures served (target: under 10 s from the start),
  every picture drawn, and a one-cell edit of the sheet shown, its new picture served (target:
  under 1 s from the save).
Results go to bench/design-loop-results.json (git ignores it).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.run import best, printkit  # noqa: E402
from bench.synthetic import write_deck_kit  # noqa: E402

ROWS = 5400
SERVE_ROWS = 1557
SCREENFUL = 24  # the cards a browser window shows at once


def _table_kit(tmp: Path, fmt: str, rows: int = ROWS) -> Path:
    """The synthetic deck with its cards moved to a spreadsheet by `printkit export`."""
    from printkit.export.table import write_table
    from printkit.kit import load_kit

    kit = write_deck_kit(tmp / f"sheet-{fmt}-{rows}", rows)
    deck = load_kit(str(kit)).model("deck1")
    write_table(deck, kit / f"cards.{fmt}", fmt)
    text = (kit / "deck1.yaml").read_text()
    head = text[: text.index("\ncards:")]
    (kit / "deck1.yaml").write_text(f"{head}\ncards: cards.{fmt}\n")
    return kit


def sheets(tmp: Path, repeats: int) -> dict:
    out: dict = {}
    yaml_kit = write_deck_kit(tmp / "yaml", ROWS)
    out["check_5400_yaml_s"] = best(printkit("check", str(yaml_kit)), repeats)["seconds"]
    for fmt in ("csv", "xlsx"):
        kit = _table_kit(tmp, fmt)
        out[f"check_5400_{fmt}_s"] = best(printkit("check", str(kit)), repeats)["seconds"]
        out[f"sheet_read_5400_{fmt}_s"] = _read_seconds(kit / f"cards.{fmt}", repeats)
    return out


def _read_seconds(path: Path, repeats: int) -> float:
    """In-process: the sheet read and turned into card maps (what the YAML parse replaces)."""
    from types import SimpleNamespace

    from printkit.load import spreadsheet

    fields = {"power": SimpleNamespace(type="integer", choices=[], required=False)}
    columns = spreadsheet.columns_for(fields, ("id", "kind"))
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        table = spreadsheet.read_table(path, path.name, None, None)  # type: ignore[arg-type]
        spreadsheet.table_cards(table, columns)
        times.append(time.perf_counter() - start)
    return min(times)


def one_card_edit(tmp: Path, repeats: int) -> dict:
    """Seconds from saving a changed card title to the refreshed snapshot (cards phase)."""
    import shutil

    from printkit.kit import builtin_kits_dir
    from printkit.live.loop import LiveKit

    kit = tmp / "race"
    shutil.copytree(builtin_kits_dir() / "chariot-race", kit)
    live = LiveKit(str(kit), tmp / "out")
    live.refresh(build_pdfs=False)
    cards = kit / "cards.yaml"
    original = cards.read_text()
    times = []
    for n in range(repeats):
        cards.write_text(original.replace('"Favour of Nike"', f'"Favour of Nike {n}"'))
        start = time.perf_counter()
        live.refresh(build_pdfs=False)
        times.append(time.perf_counter() - start)
    return {"one_card_edit_refresh_s": min(times)}


class Served:
    """`printkit serve` running on a kit, asked through HTTP as the page asks."""

    def __init__(self, kit: Path, out: Path) -> None:
        import subprocess

        self.started = time.perf_counter()
        cmd = printkit("serve", str(kit), "--out", str(out), "--no-open")
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        self.url = line.split(" at ")[1].split()[0]
        self.address_s = time.perf_counter() - self.started

    def get(self, path: str) -> bytes | None:
        import urllib.error
        import urllib.request

        try:
            with urllib.request.urlopen(self.url + path.lstrip("/"), timeout=10) as answer:
                return answer.read()
        except urllib.error.HTTPError:
            return None

    def state(self) -> dict:
        return json.loads(self.get("/state") or b"{}")

    def until(self, done, timeout: float = 600) -> dict:
        """Poll /state (as often as the page could) until `done(state)`; returns it."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            state = self.state()
            if done(state):
                return state
            time.sleep(0.02)
        raise SystemExit("printkit serve did not get there in time")

    def shown(self, cards: list[dict]) -> bool:
        """The cards are drawn and their pictures are served."""
        return all(c["ready"] and self.get("/img/" + c["front"]) for c in cards)

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


def serve_sheet(tmp: Path) -> dict:
    """`printkit serve` on a 1,557-card CSV: first screenful, all pictures, a one-cell edit."""
    kit = _table_kit(tmp, "csv", SERVE_ROWS)
    served = Served(kit, tmp / "serve-out")
    try:
        served.until(lambda s: len(s.get("cards", [])) and served.shown(s["cards"][:SCREENFUL]))
        first_s = time.perf_counter() - served.started
        served.until(lambda s: s.get("cards") and not s["drawing"], timeout=900)
        all_s = time.perf_counter() - served.started
        served.until(lambda s: s["pages"], timeout=300)  # the PDFs built: the round is over
        sheet = kit / "cards.csv"
        before = {c["id"]: c["front"] for c in served.state()["cards"]}
        edited = sheet.read_text().replace("\nc700,card,1,Card 700,", "\nc700,card,1,Edited,")
        saved = time.perf_counter()
        sheet.write_text(edited)

        def edit_shown(state: dict) -> bool:
            card = next(c for c in state["cards"] if c["id"] == "c700")
            return card["front"] != before["c700"] and served.shown([card])

        after = served.until(edit_shown, timeout=120)
        edit_s = time.perf_counter() - saved
        redrawn = sum(before[c["id"]] != c["front"] for c in after["cards"])
    finally:
        served.stop()
    return {
        "serve_1557_address_s": served.address_s,
        "serve_1557_first_screenful_s": first_s,
        "serve_1557_all_pictures_s": all_s,
        "serve_1557_one_cell_edit_shown_s": edit_s,
        "serve_1557_cards_redrawn_by_the_edit": float(redrawn),
    }


def watch_sheet(tmp: Path, repeats: int, unique_texts: bool = False) -> dict:
    """`printkit build --watch` on a 1,557-card CSV sheet, in process: after the first build
    (as the command makes it), a one-cell edit of the sheet rebuilt, CPU seconds from the
    rebuild's start to its line, paired (A B A B ...) with the same rebuild keeping nothing
    from the one before (every text fitted again, every stream compressed again: what --watch
    did before it kept layouts and streams); medians of `repeats` pairs.
    The bench deck's card texts are five lines repeated; with `unique_texts` every card's
    text is its own and wraps to two lines (a real sheet's rules text)."""
    import statistics

    from printkit.build.pipeline import build_kits
    from printkit.checks.gate import RulesGate
    from printkit.kit import Derived, load_kit
    from printkit.live.loop import WatchedBuilds, watched_build
    from printkit.model.options import Options

    kit = _table_kit(tmp / ("unique" if unique_texts else "bench"), "csv", SERVE_ROWS)
    if unique_texts:
        _own_texts(kit / "cards.csv")
    out, options = tmp / "watch-out", Options(profile="home", paper="a4", duplex="long")
    first, derived = load_kit(str(kit), options), Derived()
    build_kits([first], out, jobs=1, rules=RulesGate(), derived=[derived])
    builds = WatchedBuilds([str(kit)], out, options, 1, _quiet)
    builds.remember([(first, derived)])
    sheet = kit / "cards.csv"
    original = sheet.read_text()
    times: dict[str, list[float]] = {"kept": [], "afresh": []}
    for n in range(2 * repeats):
        sheet.write_text(original.replace("\nc700,card,1,Card 700,", f"\nc700,card,1,Ed {n},"))
        kept = n % 2 == 0
        start = time.process_time()
        line = builds.rebuild() if kept else watched_build([str(kit)], out, options, 1, _quiet)
        times["kept" if kept else "afresh"].append(time.process_time() - start)
        assert line.startswith("rebuilt deck1.pdf"), line
    sheet.write_text(original.replace("\nc700,card,1,Card 700,", "\nc700,card,1,Edited,"))
    builds.rebuild()
    laid_out = builds.layouts.measured
    sheet.write_text(sheet.read_text() + "\n")  # an edit that changes no card: an empty row
    builds.rebuild()
    name = "watch_1557_own_texts" if unique_texts else "watch_1557"
    return {
        f"{name}_one_cell_rebuild_cpu_s": statistics.median(times["kept"]),
        f"{name}_one_cell_rebuild_keeping_nothing_cpu_s": statistics.median(times["afresh"]),
        f"{name}_designs_laid_out_by_the_edit": float(laid_out),
        f"{name}_designs_laid_out_by_a_no_change": float(builds.layouts.measured),
    }


def _own_texts(sheet: Path) -> None:
    """Give every card of the sheet a text of its own, two lines long."""
    import csv

    with sheet.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    for n, row in enumerate(rows):
        row["text"] = (
            f"Move {n % 13 + 2}, turn {n % 90} and drift {n % 7}. "
            f"Crash: lose wheel {n}, then pay {n * 3} gold to the card's owner."
        )
    with sheet.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def _quiet(line: str) -> None:
    """A rebuild's findings, not printed by the bench."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--serve-only", action="store_true", help="only the serve measures")
    parser.add_argument("--watch-only", action="store_true", help="only the --watch measures")
    args = parser.parse_args()
    repeats = 1 if args.quick else 3
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        pairs = 3 if args.quick else 15
        results = {}
        if not args.serve_only:
            results = {**watch_sheet(tmp, pairs), **watch_sheet(tmp, pairs, unique_texts=True)}
        if not args.watch_only:
            results |= serve_sheet(tmp)
        if not (args.serve_only or args.watch_only):
            results |= {**sheets(tmp, repeats), **one_card_edit(tmp, repeats)}
    for key, value in results.items():
        print(f"{key:58} {value:8.3f}")
    (ROOT / "bench" / "design-loop-results.json").write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
