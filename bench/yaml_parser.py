"""Why load/fastyaml.py keeps libyaml beside the pure-Python parser: paired A/B of one build.

    python bench/yaml_parser.py            # 5 pairs
    python bench/yaml_parser.py --pairs 9

Each run is a fresh process that loads the 5,400-card synthetic deck (bench/synthetic.py) and
builds it (`--force`, one job): A reads YAML as printkit does (libyaml's events when they agree
with the pure-Python parser), B with the pure-Python parser alone. The pairs alternate AB, BA so
that a busy machine weighs on both; the result is the median of the paired ratios B / A of the
load and of load + build (wall time), and of CPU time.
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

CARDS = 5400
CHILD = """
import sys, time
from pathlib import Path
from printkit.load import fastyaml
if sys.argv[1] == "B":
    fastyaml._CoreLoader.use_libyaml = lambda self, stream: False
from printkit.build.pipeline import build_kits
from printkit.kit import load_kit
wall, cpu = time.perf_counter(), time.process_time()
kit = load_kit(sys.argv[2])
kit.models()
loaded = time.perf_counter()
build_kits([kit], Path(sys.argv[3]), force=True, jobs=1)
print(loaded - wall, time.perf_counter() - wall, time.process_time() - cpu)
"""


def run(mode: str, kit: Path, out: Path) -> tuple[float, float, float]:
    """(load seconds, load + build seconds, CPU seconds) of one process."""
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
    pairs = parser.parse_args().pairs
    with tempfile.TemporaryDirectory() as tmp:
        kit = write_deck_kit(Path(tmp) / "kit", CARDS)
        times: dict[str, list[tuple[float, float, float]]] = {"A": [], "B": []}
        for i in range(pairs):
            for mode in "AB" if i % 2 == 0 else "BA":
                times[mode].append(run(mode, kit, Path(tmp) / f"out-{mode}"))
    for index, name in enumerate(("load", "load + build", "CPU")):
        ratios = [b[index] / a[index] for a, b in zip(times["A"], times["B"], strict=True)]
        a = statistics.median(t[index] for t in times["A"])
        b = statistics.median(t[index] for t in times["B"])
        print(
            f"{name:>12}: libyaml when it agrees {a:.2f} s, pure Python {b:.2f} s, "
            f"paired ratio {statistics.median(ratios):.2f}"
        )


if __name__ == "__main__":
    main()
