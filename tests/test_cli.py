"""The command line: help, version, list, check exit codes, and the built-in kits from a wheel."""

import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from printkit import __version__
from tests.conftest import edit, line_of


def test_help_everywhere(cli):
    for args in ([], ["build"], ["check"], ["list"]):
        r = cli(*args, "--help")
        assert r.exit_code == 0 and "Usage:" in r.stdout


def test_version(cli):
    r = cli("--version")
    assert r.exit_code == 0 and __version__ in r.stdout


def test_list_names_the_kits_and_components(cli):
    r = cli("list")
    assert r.exit_code == 0
    assert "chariot-race" in r.stdout and "cards" in r.stdout
    lines = r.stdout.splitlines()
    start = lines.index("chariot-race: Chariot Race")
    rows = [line for line in lines[start + 1 : start + 6]]
    assert rows[2].split(None, 2) == ["damage-chart", "damage-chart", "Damage chart"]
    assert len({row.index(row.split(None, 2)[2]) for row in rows}) == 1  # titles line up


def test_output_into_a_closed_pipe_is_not_reported_as_a_bug():
    """`printkit list | head -1`: the reader goes away; printkit stops quietly."""
    p = subprocess.Popen(
        [sys.executable, "-m", "printkit", "list"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=Path(__file__).resolve().parent.parent,
    )
    p.stdout.close()
    stderr = p.stderr.read().decode()
    assert p.wait(timeout=60) == 141
    assert stderr == ""


def test_check_passes_on_the_default_deck(cli):
    r = cli("check", "chariot-race")
    assert r.exit_code == 0, r.output
    assert r.stdout.strip().splitlines()[-1].startswith("0 errors")


def test_a_rules_violation_exits_1_at_its_line(cli, kit_copy):
    kit = kit_copy("chariot-race")
    cards = kit / "cards.yaml"
    edit(cards, "count: 2, speed: 10, turn: 30,", "count: 2, speed: 14, turn: 30,")
    line = line_of(cards, "speed: 14")
    r = cli("check", kit)
    assert r.exit_code == 1
    assert any(
        ln.startswith(f"{cards}:{line}:") and "error [CR001]" in ln and "speed 14" in ln
        for ln in r.stdout.splitlines()
    ), r.stdout


def test_too_few_cards_for_four_players_is_a_rules_error(cli, kit_copy):
    kit = kit_copy("chariot-race")
    edit(kit / "rules.yaml", "max: 4", "max: 13")
    r = cli("check", kit)
    assert r.exit_code == 1
    assert "[CR003]" in r.stdout and "13 charioteers need 78" in r.stdout


@pytest.mark.slow  # a kit copied, edited and checked twice
def test_rules_limits_live_in_data(cli, kit_copy):
    kit = kit_copy("chariot-race")
    edit(kit / "rules.yaml", "  - {speed: 20, cards: 4}\n", "")
    r = cli("check", kit)
    assert r.exit_code == 1 and "[CR001]" in r.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    dist = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            ".",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(dist),
        ],
        check=True,
    )
    return next(dist.glob("printkit_games-*.whl"))


@pytest.mark.slow
def test_wheel_ships_kits_and_fonts(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert "printkit/_builtin_kits/chariot-race/kit.yaml" in names
    assert "printkit/fonts/DejaVuSans.ttf" in names
    assert "printkit/fonts/LICENSE-DejaVu.txt" in names  # the fonts' licence travels with them
    licences = {n.rsplit("/", 1)[-1] for n in names if ".dist-info/licenses/" in n}
    assert licences == {"LICENSE", "LICENSE-DejaVu.txt", "LICENSE-FOGRA39L.txt"}


@pytest.mark.slow
def test_installed_wheel_builds_outside_the_source_tree(wheel, tmp_path):
    target = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--target",
            str(target),
            str(wheel),
        ],
        check=True,
    )
    work = tmp_path / "elsewhere"
    work.mkdir()
    code = "import sys; from printkit.cli.app import main; sys.argv=['printkit','build','chariot-race']; main()"
    r = subprocess.run(
        [sys.executable, "-c", code],
        cwd=work,
        env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stderr
    assert (work / "output" / "chariot-race" / "cards.pdf").stat().st_size > 10_000
    imported = subprocess.run(
        [sys.executable, "-c", "import printkit; print(printkit.__file__)"],
        cwd=work,
        env={"PYTHONPATH": str(target)},
        capture_output=True,
        text=True,
    ).stdout
    assert imported.startswith(str(target))
    guide = subprocess.run(
        [sys.executable, "-m", "printkit", "docs", "printing", "--path"],
        cwd=work,
        env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
    )
    assert guide.returncode == 0, guide.stderr
    assert Path(guide.stdout.strip()) == target / "printkit" / "_docs" / "printing.md"


@pytest.mark.slow
def test_the_wheel_ships_the_guides_that_help_points_to(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert "printkit/_docs/tutorial.md" in names and "printkit/_docs/printing.md" in names


def test_docs_lists_the_guides_and_prints_one(cli):
    listed = cli("docs")
    assert listed.exit_code == 0
    assert re.search(r"^tutorial +Tutorial: your own card game", listed.stdout, re.M)
    printed = cli("docs", "printing")
    assert printed.exit_code == 0 and printed.stdout.startswith("# Printing a kit")
    assert cli("docs", "no-such-guide").exit_code == 2


def test_help_points_to_guides_an_installed_user_has(cli):
    """Help texts name guides as `printkit docs TOPIC`, never as a docs/ path of the source."""
    from printkit.cli.app import LAZY_COMMANDS

    for name in ["build", *LAZY_COMMANDS]:
        r = cli(name, "--help")
        assert r.exit_code == 0 and "docs/" not in r.stdout, (name, r.stdout)


def test_custom_paper_sizes(cli, tmp_path):
    from pypdf import PdfReader

    from printkit.layout.units import to_mm

    r = cli("build", "chariot-race", "--paper", "8.5x14in", "--out", tmp_path, "--only", "cards")
    assert r.exit_code == 0, r.output
    page = PdfReader(tmp_path / "chariot-race" / "cards.pdf").pages[0]
    dims = sorted(round(to_mm(float(v)), 1) for v in (page.mediabox.width, page.mediabox.height))
    assert dims == [215.9, 355.6]  # turned landscape: 10 cards a sheet instead of 9
    assert cli("build", "chariot-race", "--paper", "huge").exit_code == 2


def test_a_build_ticks_once_per_output_against_its_total(tmp_path):
    """The progress of a build, as the command line's bar shows it: one tick per output drawn,
    each with the number of outputs to draw (the bar's total)."""
    from printkit.build.pipeline import BUILDING, build_kits
    from printkit.core.progress import listening
    from printkit.kit import load_kit

    heard: list[tuple[str, int, int]] = []
    with listening(lambda what, done, total: heard.append((what, done, total))):
        written = build_kits([load_kit("chartae")], tmp_path)
    pdfs = [p for p in written if p.suffix == ".pdf"]
    assert heard == [(BUILDING, n, len(pdfs)) for n in range(1, len(pdfs) + 1)]


def test_the_package_description_has_no_links_that_break_on_the_package_index():
    """The index shows the readme pyproject names, outside this repository: no relative link or
    image may be in it, and it must name the guides as the installed command shows them."""
    import tomllib

    root = Path(__file__).resolve().parent.parent
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    text = (root / project["readme"]).read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)]+)\)|<img[^>]*src=\"([^\"]+)\"", text)
    assert [link for pair in links for link in pair if link and "://" not in link] == []
    assert "printkit docs tutorial" in text
    assert project["classifiers"] and project["authors"]
