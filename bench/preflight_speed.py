"""How fast `printkit preflight` checks the PDFs of the three built-in kits.

    python bench/preflight_speed.py                  # builds home + shop PDFs in a temp folder
    python bench/preflight_speed.py --pdfs DIR       # reuse DIR/home and DIR/shop (from build)
    python bench/preflight_speed.py --repeats 5      # best of 5 (default 3)

Calls printkit.preflight.preflight in this process (imports and PDF building not counted):
the home PDFs under --standard home, the shop PDFs under x1a. Reports CPU seconds, best of
--repeats, and writes bench/results-preflight-speed.json (ignored by git).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printkit.preflight import preflight  # noqa: E402

RUNS = {"home": "home", "shop": "x1a"}  # profile folder -> standard checked


def build(out: Path) -> None:
    """Build every built-in kit with the home and the shop profile under out/home, out/shop."""
    for profile in RUNS:
        cmd = [sys.executable, "-m", "printkit", "build", "--profile", profile]
        subprocess.run([*cmd, "--out", str(out / profile), "-j", "1"], check=True, cwd=ROOT)


def seconds(pdfs: list[Path], standard: str, repeats: int) -> float:
    """CPU seconds to preflight every PDF once, best of `repeats`."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        for pdf in pdfs:
            preflight(pdf, standard)  # type: ignore[arg-type]
        times.append(time.process_time() - start)
    return min(times)


def measure(folder: Path, repeats: int) -> dict[str, dict[str, float]]:
    report = {}
    for profile, standard in RUNS.items():
        pdfs = sorted((folder / profile).rglob("*.pdf"))
        report[profile] = {
            "pdfs": len(pdfs),
            "standard": standard,
            "cpu_s": round(seconds(pdfs, standard, repeats), 3),
        }
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pdfs", type=Path, help="a folder with home/ and shop/ builds")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.pdfs or Path(tmp)
        if args.pdfs is None:
            build(folder)
        report = measure(folder, args.repeats)
    for profile, row in report.items():
        print(f"{profile:<5} {row['pdfs']:>3} PDFs  {row['standard']:<5} {row['cpu_s']:>7.3f} s")
    (ROOT / "bench" / "results-preflight-speed.json").write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
