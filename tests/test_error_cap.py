"""Error output is capped: the first MAX_DIAGNOSTICS_PER_FILE errors of a file, then a count."""

from __future__ import annotations

import json

from printkit.core.errors import Diagnostic, Location, capped, error_count
from printkit.core.limits import MAX_DIAGNOSTICS_PER_FILE as CAP
from tests.conftest import edit


def _many_unknown_keys(kit_copy, n: int):
    kit = kit_copy("chariot-race")
    cards = kit / "cards.yaml"
    edit(cards, "card_size: poker", "card_size: poker\n" + "".join(f"k{i}: 1\n" for i in range(n)))
    return kit, cards


def test_check_shows_the_first_errors_of_a_file_and_counts_the_rest(cli, kit_copy):
    kit, cards = _many_unknown_keys(kit_copy, CAP + 70)
    r = cli("check", kit)
    assert r.exit_code == 2
    lines = r.stderr.splitlines()
    assert sum(" error: unknown key" in ln for ln in lines) == CAP
    assert f"{cards}: note: 70 more errors in this file not shown" in r.stderr
    assert lines[-1] == f"printkit: {CAP + 70} input errors"  # check writes nothing


def test_check_json_is_capped_the_same_way(cli, kit_copy):
    kit, cards = _many_unknown_keys(kit_copy, CAP + 70)
    r = cli("check", kit, "--format", "json")
    assert r.exit_code == 2
    rows = [json.loads(ln) for ln in r.stdout.splitlines()]
    assert sum(row["type"] == "finding" for row in rows) == CAP
    omitted = [row for row in rows if row["type"] == "omitted"]
    assert [(o["file"], o["count"]) for o in omitted] == [(str(cards), 70)]
    assert rows[-1]["type"] == "summary" and rows[-1]["input_errors"] == CAP + 70


def test_score_with_a_huge_bad_layout_is_capped(cli, tmp_path):
    layout = tmp_path / "layout.txt"
    layout.write_text(("Z " * 40 + "\n") * 40, encoding="utf-8")
    r = cli("score", "chartae", layout)
    assert r.exit_code == 2
    assert r.stderr.count(" error: ") == CAP
    assert " more errors in this file not shown" in r.stderr
    assert len(r.stderr.splitlines()) == CAP + 2


def test_capped_merges_the_counts_of_several_sources_per_file():
    a = [Diagnostic(Location("a.yaml", i, 1), f"bad {i}") for i in range(CAP + 5)]
    merged = capped([*a, Diagnostic.more_in("a.yaml", 100), Diagnostic(Location("b.yaml"), "x")])
    assert [d.where.file for d in merged] == ["a.yaml"] * CAP + ["b.yaml", "a.yaml"]
    assert merged[-1].omitted == 105
    assert error_count(merged) == CAP + 1 + 105
