"""printkit's benchmark: ratios against bare reportlab and protograf, scaling, kits, checks.

    python bench/run.py            # the full run (N = 540 and 5,400; check of the 5,400 cards)
    python bench/run.py --quick    # a smaller, faster run for a quick look

Every measurement is a separate process (wall time, and peak memory from the child's rusage),
so imports, font loading and file writing count as a user would see them. Absolute seconds
vary from run to run on a shared machine; the ratios are what the targets are about. Results go
to bench/results.json (bench/results-quick.json with --quick), which git ignores.

protograf is not a printkit dependency. The protograf comparison runs when protograf can be
imported, by this Python or by the interpreter named in $PROTOGRAF_PYTHON (e.g. a venv of its
own with protograf installed: docs/performance.md); otherwise it is skipped with a note.
"""

from __future__ import annotations

import argparse
import atexit
import functools
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.synthetic import write_deck_kit  # noqa: E402


def _protograf_script() -> Path:
    """The protograf deck script: $PROTOGRAF_DECK, else `shared/bench/protograf_deck.py` in
    the first folder above the repository that has one (the project's shared folder)."""
    if os.environ.get("PROTOGRAF_DECK"):
        return Path(os.environ["PROTOGRAF_DECK"])
    for folder in ROOT.parents:
        candidate = folder / "shared" / "bench" / "protograf_deck.py"
        if candidate.is_file():
            return candidate
    return ROOT.parent / "shared" / "bench" / "protograf_deck.py"


PROTOGRAF_SCRIPT = _protograf_script()
HEAVY_MODULES = ("reportlab", "PIL", "yaml")

TARGETS = {  # issue 23; seconds are CPU seconds unless --clock wall
    "printkit_over_bare_540": ("<=", 1.2),  # the rules gate included, as every build runs it
    "printkit_over_bare_5400": ("<=", 1.1),
    "protograf_over_printkit": (">=", 18.0),
    "memory_10n_over_n": ("<=", 1.3),
    "check_over_build": ("<=", 0.5),  # `check` of the 5,400-card deck / its build
    "help_seconds": ("<", 0.15),
    "noop_seconds": ("<", 0.15),  # a no-op rebuild of every built-in kit, one command
}


CLOCK = "cpu"  # which time the ratios use: "cpu" (user + system) or "wall"; see --clock


def child_env(env: dict | None = None) -> dict:
    """The environment of every timed process: ours, with Python's bytecode cache allowed.

    A user's `pip install` compiles every module to bytecode once, and Python writes it for an
    editable install on first import. A shell that sets PYTHONDONTWRITEBYTECODE (this machine's
    does) would make every timed run of printkit compile its own modules from source again,
    while reportlab's were compiled when pip installed them: that measures the environment, not
    printkit.

    It also points printkit at an empty settings folder: a user's settings file (a paper size, a
    profile) would change what the bench builds and add its reading to every run.
    """
    merged = {**os.environ, **(env or {})}
    merged.pop("PYTHONDONTWRITEBYTECODE", None)
    merged["PRINTKIT_CONFIG_DIR"] = str(no_settings_folder())
    return merged


@functools.cache
def no_settings_folder() -> Path:
    """An empty folder for PRINTKIT_CONFIG_DIR, removed when the bench ends."""
    folder = Path(tempfile.mkdtemp(prefix="printkit-bench-settings-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def compile_bytecode() -> None:
    """Compile printkit's modules once, as pip does when it installs a package."""
    cmd = [sys.executable, "-m", "compileall", "-q", str(ROOT / "printkit"), str(ROOT / "bench")]
    subprocess.run(cmd, env=child_env(), check=True, stdout=subprocess.DEVNULL)


def run(cmd: list[str], cwd: Path = ROOT, env: dict | None = None) -> dict:
    """Run one process: its time (wall, CPU, and `seconds` per CLOCK), peak memory (MB), exit."""
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(
            cmd, cwd=cwd, env=child_env(env), stdout=subprocess.DEVNULL, stderr=err
        )
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        err.seek(0)
        text = err.read().decode(errors="replace")
    cpu = usage.ru_utime + usage.ru_stime
    kib = usage.ru_maxrss / (1024 if sys.platform == "darwin" else 1)  # bytes on macOS
    return {
        "seconds": cpu if CLOCK == "cpu" else wall,
        "wall": wall,
        "cpu": cpu,
        "peak_mb": kib / 1024,
        "exit": os.waitstatus_to_exitcode(status),
        "stderr": text[-2000:],
    }


def best(cmd: list[str], repeats: int, **kw) -> dict:
    """The fastest of `repeats` runs (the least disturbed by other work on the machine)."""
    return fastest(cmd, [run(cmd, **kw) for _ in range(repeats)])


def best_paired(a: list[str], b: list[str], repeats: int, env_b: dict | None = None) -> tuple:
    """The fastest of `repeats` runs of each of two commands, run in turn (A B A B ...): a
    machine whose speed drifts while the bench runs then slows both sides alike, and their
    ratio holds (run one after the other, the two sides could meet different machines)."""
    runs_a, runs_b = [], []
    for _ in range(repeats):
        runs_a.append(run(a))
        runs_b.append(run(b, env=env_b))
    return fastest(a, runs_a), fastest(b, runs_b)


def fastest(cmd: list[str], runs: list[dict]) -> dict:
    """The fastest of `runs` of `cmd`, with every run's seconds and the largest peak memory."""
    for r in runs:
        if r["exit"] != 0:
            raise SystemExit(f"failed ({r['exit']}): {' '.join(cmd)}\n{r['stderr']}")
    quickest = min(runs, key=lambda r: r["seconds"])
    quickest["peak_mb"] = max(r["peak_mb"] for r in runs)
    quickest["runs"] = [round(r["seconds"], 4) for r in runs]
    quickest["wall"] = min(r["wall"] for r in runs)
    return quickest


def printkit(*args: str) -> list[str]:
    return [sys.executable, "-m", "printkit", *args]


def build_cmd(kit: Path, out: Path, jobs: int = 1) -> list[str]:
    return printkit(
        "build", str(kit), "--out", str(out), "--paper", "a4", "--profile", "home",
        "--duplex", "long", "--force", "--jobs", str(jobs),
    )  # fmt: skip


def size_per_extra_card(small: Path, big: Path, n_small: int, n_big: int) -> float:
    return (big.stat().st_size - small.stat().st_size) / (n_big - n_small)


def deck_vs_bare(tmp: Path, sizes: list[int], repeats: int) -> dict:
    """printkit and the bare-reportlab script on the same deck, at each size."""
    result: dict = {}
    baseline = best([sys.executable, "-c", "import reportlab.pdfgen.canvas"], repeats)
    result["python_and_reportlab_import_s"] = baseline["seconds"]
    pdfs: dict = {}
    for n in sizes:
        kit = write_deck_kit(tmp / f"kit{n}", n)
        out = tmp / f"out{n}"
        bare_pdf = tmp / f"bare{n}.pdf"
        pk, bare = best_paired(
            build_cmd(kit, out),
            [sys.executable, str(ROOT / "bench" / "bare_deck.py"), str(bare_pdf)],
            max(2, repeats) if n <= 1000 else max(1, repeats - 1),
            env_b={"N": str(n)},
        )
        pk_pdf = out / "bench-deck" / "deck1.pdf"
        pdfs[n] = (pk_pdf, bare_pdf)
        net = baseline["seconds"]
        result[str(n)] = {
            "printkit_s": pk["seconds"],
            "printkit_peak_mb": pk["peak_mb"],
            "printkit_runs": pk["runs"],
            "bare_s": bare["seconds"],
            "bare_peak_mb": bare["peak_mb"],
            "bare_runs": bare["runs"],
            "printkit_over_bare": pk["seconds"] / bare["seconds"],
            "printkit_over_bare_after_import": (pk["seconds"] - net) / (bare["seconds"] - net),
            "printkit_pdf_bytes": pk_pdf.stat().st_size,
            "bare_pdf_bytes": bare_pdf.stat().st_size,
        }
    small, big = sizes[0], sizes[-1]
    result["bytes_per_extra_card"] = {
        "printkit": size_per_extra_card(pdfs[small][0], pdfs[big][0], small, big),
        "bare": size_per_extra_card(pdfs[small][1], pdfs[big][1], small, big),
    }
    result["time_10n_over_n"] = result[str(big)]["printkit_s"] / result[str(small)]["printkit_s"]
    result["memory_10n_over_n"] = (
        result[str(big)]["printkit_peak_mb"] / result[str(small)]["printkit_peak_mb"]
    )
    return result


def protograf_python() -> str | None:
    for python in (os.environ.get("PROTOGRAF_PYTHON"), sys.executable):
        if not python:
            continue
        try:
            found = subprocess.run([python, "-c", "import protograf"], capture_output=True)
        except OSError:
            continue
        if found.returncode == 0:
            return python
    return None


def vs_protograf(tmp: Path, n: int, printkit_seconds: float, bare_seconds: float) -> dict:
    python = protograf_python()
    if python is None:
        return {"skipped": "protograf is not installed (pip install protograf, or set "
                "PROTOGRAF_PYTHON to a Python that has it)"}  # fmt: skip
    if not PROTOGRAF_SCRIPT.is_file():
        return {"skipped": f"{PROTOGRAF_SCRIPT} not found"}
    work = tmp / "protograf"
    work.mkdir()
    r = best([python, str(PROTOGRAF_SCRIPT)], 1, cwd=work, env={"N": str(n)})
    return {
        "n": n,
        "protograf_s": r["seconds"],
        "protograf_peak_mb": r["peak_mb"],
        "printkit_s": printkit_seconds,
        "protograf_over_printkit": r["seconds"] / printkit_seconds,
        "protograf_over_bare": r["seconds"] / bare_seconds,  # the most any reportlab tool gets
        "protograf_pdf_bytes": (work / "pg_deck.pdf").stat().st_size,
    }


def whole_kits(tmp: Path, repeats: int, each: bool = True) -> dict:
    """Every built-in kit: a cold full build into an empty folder, then a no-op rebuild."""
    from printkit.kit import builtin_kit_names

    result: dict = {}
    for name in builtin_kit_names() if each else []:
        fulls, noops = [], []
        for i in range(repeats):
            out = tmp / f"kits-{name}-{i}"
            cmd = printkit("build", name, "--out", str(out))
            full = run(cmd)
            noop = run(cmd)
            if full["exit"] or noop["exit"]:
                raise SystemExit(f"building {name} failed:\n{full['stderr']}{noop['stderr']}")
            fulls.append(full["seconds"])
            noops.append(noop["seconds"])
        result[name] = {
            "full_s": min(fulls),
            "noop_s": min(noops),
            "noop_over_full": min(noops) / min(fulls),
        }
    fulls, noops = [], []
    for i in range(repeats):  # `printkit build` with no kit: every built-in kit in one command
        out = tmp / f"kits-all-{i}"
        fulls.append(run(printkit("build", "--out", str(out)))["seconds"])
        noops += [run(printkit("build", "--out", str(out)))["seconds"] for _ in range(2)]
    result["all kits, one command"] = {
        "full_s": min(fulls),
        "noop_s": min(noops),
        "noop_over_full": min(noops) / min(fulls),
    }
    return result


def parallel(tmp: Path, n: int, repeats: int) -> dict:
    """A kit of two independent decks built with --jobs 1 and --jobs 2 (wall time: what a
    user waits for; the CPU time is about the same)."""
    kit = write_deck_kit(tmp / "two-decks", n, decks=2)
    serial = best(build_cmd(kit, tmp / "two-serial", jobs=1), repeats)
    two = best(build_cmd(kit, tmp / "two-parallel", jobs=2), repeats)
    return {
        "cards_per_deck": n,
        "jobs1_wall_s": serial["wall"],
        "jobs2_wall_s": two["wall"],
        "speedup": serial["wall"] / two["wall"],
    }


def check_deck(tmp: Path, n: int, repeats: int, build_seconds: float) -> dict:
    """`printkit check` of the benchmark deck of n cards, against building that deck."""
    kit = tmp / f"kit{n}"  # written by deck_vs_bare
    r = best(printkit("check", str(kit)), repeats)
    return {"cards": n, "seconds": r["seconds"], "peak_mb": r["peak_mb"],
            "ms_per_card": 1000 * r["seconds"] / n,
            "check_over_build": r["seconds"] / build_seconds}  # fmt: skip


def help_time(repeats: int) -> dict:
    r = best(printkit("--help"), max(3, repeats))
    probe = (
        "import sys\nfrom printkit.cli.app import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        f"print('HEAVY=' + ','.join(sorted({{m.split('.')[0] for m in sys.modules}} & {set(HEAVY_MODULES)!r})))"
    )
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True)
    marker = [line for line in out.stdout.splitlines() if line.startswith("HEAVY=")]
    loaded = marker[-1].removeprefix("HEAVY=") if marker else "?"
    return {
        "help_seconds": r["seconds"],
        "help_wall_seconds": r["wall"],
        "heavy_modules_imported": loaded.split(",") if loaded else [],
    }


IN_PROCESS = """
import sys, time
from pathlib import Path
from printkit.build.pipeline import build_kits
from printkit.kit import builtin_kit_names, load_kit
from printkit.model.options import Options

def once():
    start = time.process_time()
    kits = [load_kit(name, Options()) for name in builtin_kit_names()]
    build_kits(kits, Path(sys.argv[1]), jobs=1)
    return time.process_time() - start

full = once()
print(full, once())
"""


def in_process_kits(tmp: Path, repeats: int) -> dict:
    """The same, timed inside one process: what incremental builds control, without the
    interpreter's start-up and imports that every command pays."""
    fulls, noops = [], []
    for i in range(repeats):
        out = subprocess.run(
            [sys.executable, "-c", IN_PROCESS, str(tmp / f"inproc-{i}")],
            cwd=ROOT, capture_output=True, text=True, check=True,
        ).stdout.split()  # fmt: skip
        fulls.append(float(out[0]))
        noops.append(float(out[1]))
    return {"full_s": min(fulls), "noop_s": min(noops), "noop_over_full": min(noops) / min(fulls)}


def verdict(name: str, value: float | None) -> str:
    if value is None:
        return "skipped"
    op, target = TARGETS[name]
    ok = value <= target if op == "<=" else value >= target if op == ">=" else value < target
    return "met" if ok else "MISSED"


def summary(results: dict) -> dict:
    deck, kits, pg = results["deck"], results["kits"], results["protograf"]
    big = str(results["sizes"][-1])
    small = str(results["sizes"][0])
    return {
        "printkit_over_bare_540": deck[small]["printkit_over_bare"],
        "printkit_over_bare_5400": deck[big]["printkit_over_bare"],
        "protograf_over_printkit": pg.get("protograf_over_printkit"),
        "memory_10n_over_n": deck["memory_10n_over_n"],
        "check_over_build": results["check"]["check_over_build"],
        "help_seconds": results["help"]["help_seconds"],
        "noop_seconds": kits["all kits, one command"]["noop_s"],
    }  # fmt: skip


def report(results: dict) -> None:
    deck = results["deck"]
    print(f"printkit benchmark ({'quick' if results['quick'] else 'full'}) on "
          f"{results['machine']['python']} / {results['machine']['cpus']} CPUs; times are "
          f"{'CPU (user + system)' if results['clock'] == 'cpu' else 'wall'} seconds")  # fmt: skip
    print(f"  python + reportlab import alone: {deck['python_and_reportlab_import_s']:.3f} s")
    for n in results["sizes"]:
        d = deck[str(n)]
        print(f"  deck of {n:>5} cards: printkit {d['printkit_s']:.3f} s / {d['printkit_peak_mb']:.0f} MB,"
              f" bare reportlab {d['bare_s']:.3f} s / {d['bare_peak_mb']:.0f} MB,"
              f" ratio {d['printkit_over_bare']:.2f} (after import {d['printkit_over_bare_after_import']:.2f}),"
              f" PDF {d['printkit_pdf_bytes'] / 1e6:.2f} MB vs {d['bare_pdf_bytes'] / 1e6:.2f} MB")  # fmt: skip
    per = deck["bytes_per_extra_card"]
    print(f"  bytes per extra card: printkit {per['printkit']:.0f}, bare {per['bare']:.0f}")
    pg = results["protograf"]
    if "skipped" in pg:
        print(f"  protograf: skipped: {pg['skipped']}")
    else:
        print(f"  protograf, {pg['n']} cards: {pg['protograf_s']:.2f} s vs printkit "
              f"{pg['printkit_s']:.3f} s (protograf / bare reportlab: "
              f"{pg['protograf_over_bare']:.1f})")  # fmt: skip
    for name, k in results["kits"].items():
        print(f"  kit {name}: full build {k['full_s']:.3f} s, no-op rebuild {k['noop_s']:.3f} s")
    k = results["kits_in_process"]
    if k:
        print(f"  all kits inside one process (no start-up): full build {k['full_s']:.3f} s, "
              f"no-op rebuild {k['noop_s']:.4f} s, ratio {k['noop_over_full']:.3f}")  # fmt: skip
    p = results["parallel"]
    if p:
        print(f"  two decks of {p['cards_per_deck']:,} cards: --jobs 1 {p['jobs1_wall_s']:.2f} s, "
              f"--jobs 2 {p['jobs2_wall_s']:.2f} s wall (x{p['speedup']:.2f})")  # fmt: skip
    c = results["check"]
    print(f"  check, {c['cards']:,} cards: {c['seconds']:.2f} s ({c['ms_per_card']:.3f} ms a card), "
          f"{c['peak_mb']:.0f} MB; check / build of the same deck {c['check_over_build']:.2f}")  # fmt: skip
    h = results["help"]
    print(f"  printkit --help: {h['help_seconds']:.3f} s ({h['help_wall_seconds']:.3f} s wall); "
          f"heavy modules imported: {', '.join(h['heavy_modules_imported']) or 'none'}")  # fmt: skip
    print("ratios:")
    for name, value in results["summary"].items():
        op, target = TARGETS[name]
        shown = "n/a" if value is None else f"{value:.3f}"
        print(f"  {name:<26} {shown:>8}   target {op} {target:<5} {verdict(name, value)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--quick",
        action="store_true",
        help="single runs, whole-kit builds only as one command, no parallel or in-process runs "
        "(about 20 s: .ci/run prints it as a report)",
    )
    parser.add_argument("--out", type=Path, help="results file (default bench/results*.json)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        default="cpu",
        help="time the ratios use: CPU (user + system, steadier on a shared machine) or wall",
    )
    args = parser.parse_args()
    global CLOCK
    CLOCK = args.clock
    quick = args.quick
    sizes = [540, 5400]
    repeats = 1 if quick else 5
    tmp = Path(tempfile.mkdtemp(prefix="printkit-bench-"))
    compile_bytecode()
    try:
        deck = deck_vs_bare(tmp, sizes, repeats)
        pg_n = 540
        pk_seconds = deck[str(pg_n)]["printkit_s"] if str(pg_n) in deck else None
        results = {
            "quick": quick,
            "date": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime()),
            "machine": {
                "python": platform.python_version(),
                "platform": platform.platform(),
                "cpus": os.cpu_count(),
            },
            "clock": CLOCK,
            "sizes": sizes,
            "deck": deck,
            "protograf": vs_protograf(tmp, pg_n, pk_seconds, deck[str(pg_n)]["bare_s"]),
            "kits": whole_kits(tmp, repeats, each=not quick),
            "kits_in_process": {} if quick else in_process_kits(tmp, repeats),
            "parallel": {} if quick else parallel(tmp, 2700, repeats),
            "check": check_deck(tmp, sizes[-1], repeats, deck[str(sizes[-1])]["printkit_s"]),
            "help": help_time(repeats),
        }
        results["summary"] = summary(results)
        results["verdicts"] = {k: verdict(k, v) for k, v in results["summary"].items()}
    finally:
        if args.keep:
            print(f"temporary files kept in {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    report(results)
    out = args.out or ROOT / "bench" / ("results-quick.json" if quick else "results.json")
    out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"results written to {out}")


if __name__ == "__main__":
    main()
