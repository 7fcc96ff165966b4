"""printkit as a user installs it: the distribution `printkit-games` (the package index's
`printkit` is an unrelated project) with the command and import package `printkit`, and pikepdf
as the extra `shop`, which only the shop profile and preflight need."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import printkit
from printkit.core.extras import DISTRIBUTION, EXTRAS

ROOT = Path(printkit.__file__).parent.parent

# Runs a printkit command in a fresh interpreter where `import pikepdf` fails, as on an install
# without the shop extra.
WITHOUT_PIKEPDF = (
    "import sys; sys.modules['pikepdf'] = None; "
    "from printkit.cli.process import run; sys.argv = ['printkit', *sys.argv[1:]]; run()"
)


def without_pikepdf(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", WITHOUT_PIKEPDF, *map(str, args)],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def test_the_distribution_is_printkit_games_and_pikepdf_is_the_shop_extra():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["name"] == DISTRIBUTION == "printkit-games"
    assert project["scripts"] == {"printkit": "printkit.cli.process:run"}
    assert not any(dep.startswith("pikepdf") for dep in project["dependencies"])
    extras = project["optional-dependencies"]
    assert [dep.split(">=")[0] for dep in extras["shop"]] == ["pikepdf", "numpy"]
    assert not any(dep.startswith("numpy") for dep in project["dependencies"])
    assert EXTRAS == {"pikepdf": "shop", "numpy": "shop"}


@pytest.mark.slow  # real printkit processes
def test_a_home_build_needs_no_pikepdf_and_a_shop_build_names_the_extra(tmp_path):
    home = without_pikepdf("build", "chartae", "--out", "out", "-j", "1", cwd=tmp_path)
    assert home.returncode == 0, home.stderr
    assert (tmp_path / "out" / "chartae" / "tiles.pdf").stat().st_size > 10_000
    shop = without_pikepdf(
        "build", "chartae", "--out", "shop", "--profile", "shop", "-j", "1", cwd=tmp_path
    )
    assert shop.returncode == 2, shop.stderr
    assert "Traceback" not in shop.stderr and not (tmp_path / "shop").exists()
    assert "--profile shop: error: the shop profile" in shop.stderr
    assert "needs pikepdf, which is not installed" in shop.stderr
    assert "pip install 'printkit-games[shop]'" in shop.stderr


def test_preflight_without_pikepdf_names_the_extra(tmp_path):
    r = without_pikepdf("preflight", "any.pdf", cwd=tmp_path)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "printkit preflight needs pikepdf" in r.stderr
    assert "printkit-games[shop]" in r.stderr


@pytest.mark.slow
def test_the_wheel_installs_by_its_new_name_and_runs_as_printkit(tmp_path):
    """Build the wheel, install it by the name `printkit-games` from that folder into a fresh
    virtual environment, and run the `printkit` command it puts there."""
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--no-build-isolation",
         "-q", "-w", str(dist)],
        check=True,
    )  # fmt: skip
    [wheel] = dist.glob("*.whl")
    assert wheel.name.startswith(f"printkit_games-{printkit.__version__}-")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
         "--no-index", "--find-links", str(dist), DISTRIBUTION],
        check=True,
    )  # fmt: skip
    # the dependencies come from this interpreter's site folders (the venv has none of its own)
    deps = os.pathsep.join(p for p in sys.path if p.endswith("site-packages"))
    env = {"PATH": f"{venv / 'bin'}:/usr/bin:/bin", "PYTHONPATH": deps, "HOME": str(tmp_path)}
    work = tmp_path / "elsewhere"
    work.mkdir()

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(args, cwd=work, env=env, capture_output=True, text=True)

    version = run("printkit", "--version")
    assert version.returncode == 0, version.stderr
    assert version.stdout.strip() == f"printkit, version {printkit.__version__}"
    where = run(str(python), "-c", "import printkit; print(printkit.__file__)")
    assert where.stdout.startswith(str(venv)), where.stdout
    metadata = run(
        str(python),
        "-c",
        "from importlib.metadata import distribution as d; m = d('printkit-games').metadata; "
        "print(m['Name']); print(*m.get_all('Provides-Extra')); "
        "print(*[r for r in m.get_all('Requires-Dist') if 'pikepdf' in r], sep='|')",
    )
    name, extras, pikepdf = metadata.stdout.splitlines()
    assert name == "printkit-games" and "shop" in extras.split()
    # pikepdf only with an extra: shop (or test), never a plain requirement
    assert {r.split(";")[1].strip().replace('"', "'") for r in pikepdf.split("|")} == {
        "extra == 'shop'",
        "extra == 'test'",
    }
    built = run("printkit", "build", "chartae", "-j", "1")
    assert built.returncode == 0, built.stderr
    assert (work / "output" / "chartae" / "tiles.pdf").is_file()
