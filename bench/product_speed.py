"""How fast printkit builds and checks its three built-in kits.

    python bench/product_speed.py                 # best of 3 processes, 3 calls in one process
    python bench/product_speed.py --repeats 1     # a quicker look
    python bench/product_speed.py --code DIR      # measure the printkit in DIR (another checkout)

Two views:
- process: a whole `printkit build KIT --force -j 1` or `printkit check KIT` process per kit
  (and `build` of all three), imports and font loading included, in CPU seconds (user +
  system; wall time on a shared machine says more about the neighbours), best of --repeats;
- in one process: the same command called again and again through click's CliRunner, as a
  test suite or `printkit serve` does; `first` is the first call, `again` the best of the rest.

With --code, both run against the printkit package in DIR, so that two checkouts can be
compared on the same machine. Results go to bench/results-product-speed.json (ignored by git).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.run import best  # noqa: E402

KITS = ("chariot-race", "chartae", "carthage")


def _commands(out: Path) -> dict[str, list[str]]:
    commands = {"build all": ["build", "--out", str(out / "all"), "--force", "-j", "1"]}
    for kit in KITS:
        commands[f"build {kit}"] = ["build", kit, "--out", str(out / kit), "--force", "-j", "1"]
        commands[f"check {kit}"] = ["check", kit]
    return commands


def processes(code: Path, repeats: int) -> dict[str, float]:
    """CPU seconds of each command as its own process, best of `repeats`."""
    env = {"PYTHONPATH": str(code)}
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "printkit"]  # run outside any checkout: -m looks in cwd first
        return {
            name: round(best([*cmd, *args], repeats, cwd=Path(tmp), env=env)["cpu"], 3)
            for name, args in _commands(Path(tmp)).items()
        }


def in_one_process(calls: int) -> dict[str, dict[str, float]]:
    """Seconds of each command called `calls` times in this process (first, best of the rest)."""
    import time

    from click.testing import CliRunner

    from printkit.cli.app import main

    results: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, args in _commands(Path(tmp)).items():
            times = []
            for _ in range(calls):
                start = time.process_time()
                result = CliRunner().invoke(main, args)
                times.append(time.process_time() - start)
                if result.exit_code not in (0, 1):
                    raise SystemExit(f"{name} failed ({result.exit_code}):\n{result.output}")
            results[name] = {"first": round(times[0], 3), "again": round(min(times[1:]), 3)}
    return results


def _in_child(code: Path, calls: int) -> dict:
    """in_one_process, run by a child process that imports printkit from `code`."""
    script = (  # printkit is imported from `code` before bench/ puts this checkout on the path
        f"import json, sys; sys.path.insert(0, {str(code)!r}); import printkit; "
        f"sys.path.insert(1, {str(ROOT)!r}); from bench.product_speed import in_one_process; "
        f"assert printkit.__file__.startswith({str(code)!r}), printkit.__file__; "
        f"print(json.dumps(in_one_process({calls})))"
    )
    env = {**os.environ, "PYTHONPATH": str(code)}
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, cwd="/"
    )
    if done.returncode:
        raise SystemExit(done.stderr)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=3, help="processes per command")
    parser.add_argument("--calls", type=int, default=3, help="calls per command in one process")
    parser.add_argument("--code", type=Path, default=ROOT, help="the checkout to measure")
    args = parser.parse_args()
    code = args.code.resolve()
    report = {
        "code": str(code),
        "process_cpu_s": processes(code, args.repeats),
        "in_one_process_cpu_s": _in_child(code, max(2, args.calls)),
    }
    print(f"printkit from {code}")
    print(f"{'command':<22} {'process':>8} {'1st call':>9} {'again':>7}")
    for name, seconds in report["process_cpu_s"].items():
        inner = report["in_one_process_cpu_s"][name]
        print(f"{name:<22} {seconds:>8.2f} {inner['first']:>9.2f} {inner['again']:>7.2f}")
    (ROOT / "bench" / "results-product-speed.json").write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
