"""PK001 says once what one layout causes: text near the cut on every card of a kind is one
line at the kind's face, with how many cards and the nearest one, and a hint that fits."""

from __future__ import annotations

from tests.conftest import edit, line_of


def test_one_line_per_kind_and_side_at_the_kinds_face(cli, tmp_path):
    kit = tmp_path / "edge"
    assert cli("new", kit).exit_code == 0
    cards = kit / "cards.yaml"
    edit(cards, '{element: header, box: [0, 0, "100%", "10%"], within: safe,',
         '{element: header, box: [0, 0, "100%", "10%"], within: trim,')  # fmt: skip
    r = cli("check", kit)
    found = [line for line in r.stdout.splitlines() if "[PK001]" in line]
    assert len(found) == 1, found  # not one line per card
    face = line_of(cards, "within: trim")  # the kind's face, where the edited element starts it
    assert found[0].startswith(f"{cards}:{face}:"), found
    assert "kind 'resource' (front), on 3 cards (nearest: card" in found[0]
    assert "move its box inward" in found[0] and "enlarge the piece" not in found[0]
