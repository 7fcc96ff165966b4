"""How each of printkit's YAML readers costs: paired runs of loading and building one deck.

    python bench/yaml_parser.py                     # 5 rounds, 5,400 cards
    python bench/yaml_parser.py --pairs 9 --cards 540

Each run is a fresh process that loads the synthetic deck (bench/synthetic.py), validates it
into its models and builds it (`--force`, one job). Three readers (load/yamlsafe.parse_yaml):
A is printkit's own (one pass over libyaml's events for an ordinary file, load/yamlvalues.py);
B composes libyaml's events with pyyaml's composer, as every file not ordinary is read; C is
the pure-Python parser alone. Each round runs A, B, C in an order that rotates, so that a busy
machine weighs on all; the result is the median of the paired ratios B / A and C / A of the
load + validate (CPU seconds), of load + build (wall) and of the whole CPU time.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.synthetic import write_deck_kit  # noqa: E402

CHILD = """
import functools, sys, time
from pathlib import Path
from printkit.load import yamlsafe
READER = {"A": {}, "B": {"plain": False}, "C": {"libyaml": False}}[sys.argv[1]]
yamlsafe.parse_yaml = functools.partial(yamlsafe.parse_yaml, **READER)
from printkit.build.pipeline import build_kits
from printkit.kit import load_kit
wall, cpu = time.perf_counter(), time.process_time()
kit = load_kit(sys.argv[2])
kit.models()
loaded = time.process_time()
build_kits([kit], Path(sys.argv[3]), force=True, jobs=1)
print(loaded - cpu, time.perf_counter() - wall, time.process_time() - cpu)
"""
NAMES = {"A": "one pass", "B": "libyaml events + composer", "C": "pure Python"}


def run(mode: str, kit: Path, out: Path) -> tuple[float, float, float]:
    """(load + validate CPU seconds, load + build wall seconds, CPU seconds) of one process."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, mode, str(kit), str(out)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    load, total, cpu = (float(x) for x in done.stdout.split())
    return load, total, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--cards", type=int, default=5400)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        kit = write_deck_kit(Path(tmp) / "kit", args.cards)
        times: dict[str, list[tuple[float, float, float]]] = {mode: [] for mode in NAMES}
        for i in range(args.pairs):
            order = "ABC"[i % 3 :] + "ABC"[: i % 3]
            for mode in order:
                times[mode].append(run(mode, kit, Path(tmp) / f"out-{mode}"))
    for index, name in enumerate(("load + validate CPU", "load + build", "CPU")):
        line: list[str] = []
        for mode, label in NAMES.items():
            median = statistics.median(t[index] for t in times[mode])
            line.append(f"{label} {median:.3f} s")
            if mode != "A":
                ratios = [b[index] / a[index] for a, b in zip(times["A"], times[mode], strict=True)]
                line[-1] += f" (x{statistics.median(ratios):.2f})"
        print(f"{name:>19}: " + ", ".join(line))


if __name__ == "__main__":
    main()
