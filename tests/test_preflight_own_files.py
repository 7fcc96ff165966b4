"""preflight's work budget never rejects a file printkit writes (issue 33): a shop deck of 95
cards whose back draws 2,500 filled shapes, as `printkit new`'s starting kit does, passes
`--standard x1a` to its last page, and no standard stops early on it (PF-LIMIT); the largest
files the documented limits allow are checked in every standard too (slow)."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest

from printkit.preflight import preflight
from printkit.preflight.program import Programs
from printkit.preflight.rules import check_page
from printkit.preflight.scan import Budget
from tests.conftest import edit

STANDARDS = ("x1a", "x4", "home")


def _limits(findings) -> list[str]:
    return [f"{f.page}: {f.message}" for f in findings if f.code == "PF-LIMIT"]


@pytest.fixture(scope="module")
def shop_deck_95(tmp_path_factory) -> tuple[Path, Path]:
    """`printkit new`'s kit with 95 cards, built for a shop and for home."""
    from click.testing import CliRunner

    from printkit.cli.app import main

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
    spent = []
    spend = budget.spend

    def counted(count: int) -> None:
        spent.append(count)
        spend(count)

    budget.spend = counted  # type: ignore[method-assign]
    with pikepdf.open(shop) as pdf:
        programs = Programs()
        for page in pdf.pages:
            list(check_page(page, "x1a", 0.0, programs, budget))
    assert sum(spent) < 48 * 7_700 / 5, sum(spent)


@pytest.mark.parametrize("standard", STANDARDS)
def test_no_standard_stops_early_on_a_gang_sheet_of_shaped_pieces(tmp_path, cli, standard):
    """hex-island's tiles and discs packed onto shared sheets (`--gang`): forms of hexes and
    circles placed all over each sheet."""
    kit = Path(__file__).parent / "kits" / "hex-island"
    out = tmp_path / "out"
    assert cli("build", kit, "--gang", "--out", out).exit_code == 0
    (gang,) = out.glob("*/gang.pdf")
    assert _limits(preflight(gang, standard)) == []
