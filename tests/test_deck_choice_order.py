"""`printkit deck` lists a choice field's values in the order the deck declares them (2 before
10, as a player reads ranks), not by how many cards show each."""

from __future__ import annotations

import re

from tests.conftest import edit


def test_choice_values_come_in_their_declared_order(cli, tmp_path):
    kit = tmp_path / "ranks"
    assert cli("new", kit).exit_code == 0
    cards = kit / "cards.yaml"
    edit(cards, "fields:", 'fields:\n  rank: {type: choice, choices: ["2", "10", "J"]}')
    text = cards.read_text(encoding="utf-8")
    ranks = iter(["10", "10", "J", "2", "10", "J"])  # by count: 10 (most), then J, then 2
    text = re.sub(r"\{id: (\w+),", lambda m: f'{{id: {m.group(1)}, rank: "{next(ranks)}",', text)
    cards.write_text(text, encoding="utf-8")
    r = cli("deck", kit)
    assert r.exit_code == 0, r.output
    (line,) = [line for line in r.stdout.splitlines() if line.strip().startswith("rank:")]
    assert re.findall(r"(\b(?:2|10|J)) \d+", line.split("cards:", 1)[1]) == ["2", "10", "J"]
