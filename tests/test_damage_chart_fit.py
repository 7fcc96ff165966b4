"""A damage chart with many categories lays out inside its page, or `check` says why it cannot."""

from __future__ import annotations

import pdfplumber
import pytest

from printkit.draw.sheet import OWN_LEGEND
from printkit.layout.imposition import KEEP_OUT
from tests.conftest import edit, line_of

EXTRA = ["harness", "axle", "reins", "yoke"]


def _add_categories(kit, out: int = 3, names: list[str] = EXTRA) -> None:
    """Give four more cards their own damage category, so the deck uses 4 + len(names)."""
    cards = kit / "cards.yaml"
    for name in names:
        edit(cards, "damage: none}", f"damage: {name}}}")
    rows = "".join(f"  {n}: {{out: {out}, label: {n.capitalize()} strap}}\n" for n in names)
    edit(kit / "rules.yaml", "  horses: {out: 3}\n", "  horses: {out: 3}\n" + rows)


def _overlaps(chars: list[dict]) -> list[tuple[str, str]]:
    """Pairs of drawn characters whose boxes overlap by more than a quarter of the smaller."""
    found = []
    for i, a in enumerate(chars):
        for b in chars[i + 1 :]:
            w = min(a["x1"], b["x1"]) - max(a["x0"], b["x0"])
            h = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
            if w > 0 and h > 0:
                smaller = min(a["width"] * a["height"], b["width"] * b["height"])
                if smaller and w * h > 0.25 * smaller:
                    found.append((a["text"], b["text"]))
    return found


@pytest.mark.slow
def test_eight_categories_fit_the_page_without_overlaps(cli, kit_copy, tmp_path):
    kit = kit_copy("chariot-race")
    _add_categories(kit)
    r = cli("build", kit, "--out", tmp_path / "out", "-j", "1", "--only", "damage-chart")
    assert r.exit_code == 0, r.output
    with pdfplumber.open(tmp_path / "out" / "chariot-race" / "damage-chart.pdf") as pdf:
        page = pdf.pages[0]
        chars = [ch for ch in page.chars if ch["text"].strip()]
        text = page.extract_text()
        foot = KEEP_OUT + 9 * 72 / 25.4  # the scale bar and page label live below this
        foot_words = {w["text"] for w in page.extract_words() if page.height - w["top"] < foot}
    for name in EXTRA:
        assert f"{name.capitalize()} strap" in text  # every category is in the deck summary
    assert _overlaps(chars) == []
    furniture = "this bar must measure 50 mm: print at actual size / 100 % chariot-race · Damage "
    # the chart's data says `source: ours`: its one-line legend is furniture of the foot too,
    # on the mark's line above the label band (render/pages.mark_own_sheet), below the chart
    legend = set(OWN_LEGEND.split())
    assert legend <= foot_words, foot_words
    assert foot_words <= set((furniture + "chart · page 1 of 1").split()) | legend, foot_words


def test_too_many_boxes_is_a_check_error_at_the_rules_damage_map(cli, kit_copy):
    kit = kit_copy("chariot-race")
    _add_categories(kit, out=12)
    r = cli("check", kit)
    assert r.exit_code == 2, r.output
    line = line_of(kit / "rules.yaml", "damage:")
    assert f"rules.yaml:{line}:" in r.output
    assert "cannot fit its page" in r.output and "--paper a3" in r.output


def test_the_chart_reads_the_rules_by_the_names_its_file_gives(cli, kit_copy, tmp_path):
    """Nothing of the chart's data shape is fixed in code: its file names the rules' penalty
    table and the keys of its rows, and the rows printed follow those names."""
    kit = kit_copy("chariot-race")
    edit(kit / "damage-chart.yaml", "table_key: speed", "table_key: cards")
    r = cli("build", kit, "--out", tmp_path / "out", "-j", "1", "--only", "damage-chart")
    assert r.exit_code == 0, r.output
    with pdfplumber.open(tmp_path / "out" / "chariot-race" / "damage-chart.pdf") as pdf:
        lines = (pdf.pages[0].extract_text() or "").splitlines()
    # rules.yaml's outer stakes lose 1, 1, 1, 1, 1, 2 cards at speeds 2, 3, 4, 5, 6, 8 (in)
    (keys,) = [line for line in lines if line.startswith("SPEED")]
    # no unit ("cards" is no field); the kit's own rows (`source: ours`: 2, 3, 5) starred
    assert keys.split()[1:7] == ["1*", "1*", "1", "1*", "1", "2"]


def test_a_rules_value_the_chart_names_but_the_rules_lack_is_located_in_the_chart(cli, kit_copy):
    kit = kit_copy("chariot-race")
    edit(kit / "damage-chart.yaml", "table: outer_stakes", "table: inner_stakes")
    r = cli("check", kit)
    assert r.exit_code == 2, r.output
    chart = kit / "damage-chart.yaml"
    line = line_of(chart, "table: inner_stakes")
    assert f"{chart}:{line}:8: error: the damage chart's table are the rules file's " in r.stderr
    assert "'inner_stakes', and the rules have no 'inner_stakes'" in r.stderr
