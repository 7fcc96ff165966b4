"""The design loop's benchmark: big card sheets read fast, a one-card edit shows fast.

    python bench/design_loop.py            # best of 3
    python bench/design_loop.py --quick    # single runs

- `check` on a deck whose 5,400 cards come from a CSV file and from an XLSX workbook, against the
  same deck as a YAML list (separate processes), and the sheet read alone, in process (issue
  16's target: 5,400 rows read in under 1 s);
- the live preview (`printkit serve`'s refresh) after a one-card edit: the time from the save to
  the new snapshot whose card pictures are on disk (target: about a second).
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


def _table_kit(tmp: Path, fmt: str) -> Path:
    """The synthetic deck with its cards moved to a spreadsheet by `printkit export`."""
    from printkit.export.table import write_table
    from printkit.kit import load_kit

    kit = write_deck_kit(tmp / f"sheet-{fmt}", ROWS)
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    repeats = 1 if args.quick else 3
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        results = {**sheets(tmp, repeats), **one_card_edit(tmp, repeats)}
    for key, value in results.items():
        print(f"{key:32} {value:8.3f}")
    (ROOT / "bench" / "design-loop-results.json").write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
