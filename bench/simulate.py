"""printkit simulate's speed: 10,000 chariot races and 10,000 carthage games, and check's bound.

    python bench/simulate.py            # 10,000 runs each, best of 3
    python bench/simulate.py --quick    # best of 1

Each measurement is a whole `printkit simulate KIT --runs 10000` process (imports, loading the
kit, playing, the text report), timed in CPU seconds (user + system) like bench/run.py, since
wall time on a shared machine says more about the neighbours than about printkit. The target
(issue 14) is under 5 s for 10,000 races or games; `printkit check` of each simulating kit must
stay under 1 s of CPU. Results go to bench/results-simulate.json (ignored by git).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.run import best, printkit  # noqa: E402

TARGETS = {"simulate_10000_s": 5.0, "check_s": 1.0}
RUNS = 10_000


def measure(repeats: int) -> dict:
    results: dict = {}
    for kit in ("chariot-race", "carthage", "chartae"):
        sim = best(printkit("simulate", kit, "--runs", str(RUNS), "--seed", "1"), repeats)
        chk = best(printkit("check", kit), repeats)
        results[kit] = {
            "simulate_10000_s": round(sim["seconds"], 3),
            "simulate_wall_s": round(sim["wall"], 3),
            "check_s": round(chk["seconds"], 3),
        }
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one run each instead of three")
    args = parser.parse_args()
    results = measure(1 if args.quick else 3)
    for kit, figures in results.items():
        marks = []
        for key, limit in TARGETS.items():
            ok = figures[key] < limit
            marks.append(f"{key} {figures[key]:.2f} s {'ok' if ok else 'MISSED'} (< {limit:g})")
        print(f"{kit:<13} " + "; ".join(marks) + f"; wall {figures['simulate_wall_s']:.2f} s")
    (ROOT / "bench" / "results-simulate.json").write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
