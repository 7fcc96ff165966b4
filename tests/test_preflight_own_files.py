"""preflight's work budget never rejects a file printkit writes (issue 33): a shop deck of 95
cards whose back draws 2,500 filled shapes, as `printkit new`'s starting kit does, passes
`--standard x1a` to its last page, and no standard stops early on it (PF-LIMIT); the largest
files the documented limits allow are checked too (slow), in x1a: every standard walks the same
scan of each page, and x1a (as x4) adds the ink of each page to it, so x1a spends the most of
the file's work budget, time and memory of the three (home, the least)."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner

from printkit.cli.app import main
from printkit.preflight import preflight
from printkit.preflight.program import Programs
from printkit.preflight.rules import check_page
from printkit.preflight.scan import Budget
from tests.conftest import edit

# Whole files built and walked to their last page (a second or more each): the slow suite's. The
# quick suite's preflight tests (test_preflight*.py) walk the built-in kits' own files.
pytestmark = pytest.mark.slow

STANDARDS = ("x1a", "x4", "home")


def counted(budget: Budget, member: str) -> list[int]:
    """The counts the budget's `member` (spend, replay) is called with from now on, listed as
    they come; the budget still counts them."""
    calls: list[int] = []
    charge = getattr(budget, member)

    def counting(count: int) -> None:
        calls.append(count)
        charge(count)

    setattr(budget, member, counting)
    return calls


def _limits(findings) -> list[str]:
    return [f"{f.page}: {f.message}" for f in findings if f.code == "PF-LIMIT"]


@pytest.fixture(scope="module")
def shop_deck_95(tmp_path_factory) -> tuple[Path, Path]:
    """`printkit new`'s kit with 95 cards, built for a shop and for home."""
    tmp = tmp_path_factory.mktemp("deck95")
    kit = tmp / "kit"
    run = CliRunner().invoke
    assert run(main, ["new", str(kit)]).exit_code == 0
    edit(kit / "cards.yaml", "count: 6, cost: 0, icon: palm", "count: 46, cost: 0, icon: palm")
    edit(kit / "cards.yaml", "count: 6, cost: 0, icon: torch", "count: 37, cost: 0, icon: torch")
    edit(kit / "rules.yaml", "max: 60", "max: 100")
    outs = []
    for profile in ("shop", "home"):
        out = tmp / profile
        args = ["build", str(kit), "--profile", profile, "--out", str(out), "-j", "1"]
        r = run(main, args)
        assert r.exit_code == 0, r.output
        (pdf,) = out.glob("*/shop/cards.pdf" if profile == "shop" else "*/cards.pdf")
        outs.append(pdf)
    return outs[0], outs[1]


def test_a_95_card_shop_deck_passes_x1a_to_its_last_page(shop_deck_95):
    shop, _ = shop_deck_95
    findings = preflight(shop, "x1a")
    assert [f for f in findings if f.severity == "error"] == []


@pytest.mark.parametrize("standard", STANDARDS)
def test_no_standard_stops_early_on_printkit_decks(shop_deck_95, standard):
    for pdf in shop_deck_95:
        assert _limits(preflight(pdf, standard)) == [], pdf


def test_a_form_drawn_again_in_the_same_place_costs_a_fraction_of_its_operators(shop_deck_95):
    """The deck's back form (about 7,700 operators) on every other page: the whole file costs
    less than a fifth of what walking it on every page would."""
    shop, _ = shop_deck_95
    budget = Budget()
    spent = counted(budget, "spend")
    with pikepdf.open(shop) as pdf:
        programs = Programs()
        for page in pdf.pages:
            list(check_page(page, "x1a", 0.0, programs, budget))
    assert sum(spent) < 48 * 7_700 / 5, sum(spent)


@pytest.fixture(scope="module")
def gang_sheet(tmp_path_factory) -> Path:
    """hex-island's tiles and discs packed onto shared sheets (`--gang`), built once (-j 1)."""
    kit = Path(__file__).parent / "kits" / "hex-island"
    out = tmp_path_factory.mktemp("gang") / "out"
    r = CliRunner().invoke(main, ["build", str(kit), "--gang", "--out", str(out), "-j", "1"])
    assert r.exit_code == 0, r.output
    (gang,) = out.glob("*/gang.pdf")
    return gang


@pytest.mark.parametrize("standard", STANDARDS)
def test_no_standard_stops_early_on_a_gang_sheet_of_shaped_pieces(gang_sheet, standard):
    """hex-island's tiles and discs packed onto shared sheets (`--gang`): forms of hexes and
    circles placed all over each sheet."""
    assert _limits(preflight(gang_sheet, standard)) == []


# The largest files the documented limits allow, each built by printkit and checked by
# `printkit preflight` (LARGEST_STANDARDS) in a child process under a memory cap, so that a
# preflight that holds too much fails here instead of swapping the machine.
PREFLIGHT_CHILD = """\
import json, resource, sys, time
from printkit.preflight import preflight
resource.setrlimit(resource.RLIMIT_AS, (int(sys.argv[2]) << 20, int(sys.argv[2]) << 20))
out = {}
for standard in sys.argv[3:]:
    started = time.process_time()
    findings = preflight(sys.argv[1], standard)
    out[standard] = {
        "seconds": time.process_time() - started,
        "limits": [f"{f.page}: {f.message}" for f in findings if f.code == "PF-LIMIT"],
    }
out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps(out))
"""
# x1a alone on the largest files: x4 repeats its work exactly (the same scan and ink, other
# verdicts on them) and home does less (the scan without the ink); each standard took a third
# of these tests' time, and the files of usual size are checked in every standard above
LARGEST_STANDARDS = ("x1a",)
ADDRESS_SPACE_MB = 3_000  # the child's address space (RLIMIT_AS), libraries included
PEAK_MB = 1_200  # its resident memory at most, in every standard
SECONDS = 120  # CPU seconds for one standard, at most


def _built(kit: Path, out: Path, *options: str) -> Path:
    """Build `kit` in a child printkit process; the one PDF it writes (with --gang, gang.pdf)."""
    import subprocess
    import sys

    args = [sys.executable, "-m", "printkit", "build", str(kit), "--out", str(out), "-j", "1"]
    done = subprocess.run([*args, "-q", *options], capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    (pdf,) = out.glob("*/gang.pdf") if "--gang" in options else out.glob("*/*.pdf")
    return pdf


def _preflight_capped(pdf: Path) -> dict:
    import json
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    args = [
        sys.executable, "-c", PREFLIGHT_CHILD, str(pdf), str(ADDRESS_SPACE_MB), *LARGEST_STANDARDS
    ]  # fmt: skip
    done = subprocess.run(args, capture_output=True, text=True, cwd=root, timeout=1800)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout)
    for standard in LARGEST_STANDARDS:
        assert result[standard]["limits"] == [], (standard, result[standard]["limits"][:3])
        assert result[standard]["seconds"] < SECONDS, (standard, result)
    assert result["peak_mb"] < PEAK_MB, result
    return result


def test_the_largest_deck_the_limits_allow_passes_preflight_in_bounded_time_and_memory(
    tmp_path,
):
    """MAX_CARDS_PER_DECK cards (5,000 designs, the most a deck lists, four copies each),
    built for home: 2,223 sheets of fronts and as many of backs."""
    from bench.synthetic import write_deck_kit
    from printkit.core.limits import MAX_CARDS_PER_DECK

    kit = write_deck_kit(tmp_path / "deck", 5_000)
    deck = kit / "deck1.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace(", kind: card,", ", kind: card, count: 4,"), encoding="utf-8")
    assert text.count(", kind: card,") * 4 == MAX_CARDS_PER_DECK
    _preflight_capped(_built(kit, tmp_path / "out"))


def test_the_largest_map_the_limits_allow_passes_preflight_in_bounded_time_and_memory(
    tmp_path,
):
    """3,000 x 3,000 mm, 300 x 300 textured squares (MAX_MAP_MARKS), each numbered with a halo
    (540,000 glyph forms drawn): one form of 84 MB of content drawn on each of 187 tiled
    sheets. Parsed whole, a form of 69 MB took 74 s and 3.6 GB."""
    from tests.test_map_board import _largest_map

    kit = _largest_map(tmp_path / "largest", "hills", "50mm")
    _preflight_capped(_built(kit, tmp_path / "out"))


def test_the_largest_gang_sheet_the_limits_allow_passes_preflight_in_bounded_time_and_memory(
    tmp_path,
):
    """hex-island's tiles and discs ganged, every tile and disc at the largest count a piece
    allows (100): 600 hexes and 800 discs packed onto shared sheets."""
    import re
    import shutil

    kit = tmp_path / "hex-island"
    shutil.copytree(Path(__file__).parent / "kits" / "hex-island", kit)
    for name in ("tiles.yaml", "discs.yaml"):
        path = kit / name
        path.write_text(re.sub(r"count: \d+", "count: 100", path.read_text("utf-8")), "utf-8")
    _preflight_capped(_built(kit, tmp_path / "out", "--gang"))


@pytest.fixture(scope="module")
def named_map(tmp_path_factory) -> Path:
    """A 30 x 30 map whose every cell is named at its top (as the largest map the limits allow
    names its 90,000), each name with its halo: one form per glyph's outline, drawn under every
    letter, each time at another place (issue 37)."""
    from tests.test_map_board import _largest_map

    tmp = tmp_path_factory.mktemp("named")
    kit = _largest_map(tmp / "named", "hills", "50mm", cells=30)
    out = tmp / "out"
    r = CliRunner().invoke(main, ["build", str(kit), "--out", str(out), "-j", "1"])
    assert r.exit_code == 0, r.output
    (pdf,) = out.glob("*/*.pdf")
    return pdf


def _glyph_drawings(pdf: pikepdf.Pdf) -> int:
    """How many times the map's forms draw a glyph's outline (a `Do` inside a form)."""
    drawn = 0
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Form":
            drawn += sum(1 for _, op in pikepdf.parse_content_stream(obj) if str(op) == "Do")
    return drawn


def test_a_glyph_form_drawn_at_every_letter_costs_a_fraction_of_an_operator(named_map):
    """Each of the map's 3,600 letters draws its glyph's outline form at a place of its own: a
    form drawn again, turned and scaled as before, costs REPLAY_COST wherever it is (at
    WALK_COST and more a drawing, the largest map's first sheet spent the whole budget)."""
    budget = Budget()
    replays = counted(budget, "replay")
    with pikepdf.open(named_map) as pdf:
        drawings = _glyph_drawings(pdf)
        assert drawings >= 30 * 30 * 4  # 900 names of 4 digits
        programs = Programs()
        for page in pdf.pages:
            assert "PF-LIMIT" not in {f[0] for f in check_page(page, "x1a", 0.0, programs, budget)}
    # the sheets and the assembly map draw the map form at two scales, and the page's scan
    # and its ink walk each: nearly every glyph drawn is drawn again, at REPLAY_COST (4) each
    # time in each walk; at WALK_COST (40) and more, 160 a letter, the budget ran out
    assert len(replays) > 2 * drawings
    assert sum(replays) < 10 * drawings, sum(replays) / drawings
    assert _limits(preflight(named_map, "x1a")) == []
