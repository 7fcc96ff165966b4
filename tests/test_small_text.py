"""`check` warns (FACE004) of text that prints below the deck's min_text_size, which an
element's own size or min_size lets through: once per element, with the smallest size."""

from __future__ import annotations

from conftest import edit


def test_text_below_the_minimum_size_is_named_once_at_its_element(cli, tmp_path):
    kit = tmp_path / "k"
    assert cli("new", kit).exit_code == 0
    assert "FACE004" not in cli("check", kit).stdout
    title = 'text: "{title}", font: display, size: "55%"}'
    edit(kit / "cards.yaml", title, 'text: "{title}", font: display, size: 4pt, min_size: 3pt}')
    r = cli("check", kit)
    assert r.exit_code == 0
    [line] = [ln for ln in r.stdout.splitlines() if "FACE004" in ln]
    assert line.startswith(f"{kit / 'cards.yaml'}:24:")
    assert "prints at 4 pt, below the deck's min_text_size 6 pt" in line
    assert "(and 2 more texts)" in line


def test_the_built_in_kits_print_no_text_below_their_minimum(cli):
    for kit in ("chariot-race", "carthage"):
        r = cli("check", kit)
        assert "FACE004" not in r.stdout and "FACE003" not in r.stdout
