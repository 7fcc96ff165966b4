"""`check` warns when two kinds' colours are hard to tell apart with deuteranopia or protanopia
(FACE003), naming both; colours every player tells apart pass."""

from __future__ import annotations

from conftest import edit

from printkit.layout.colourvision import delta_e, hard_pairs


def test_red_and_green_frames_are_named_for_a_red_green_blind_player(cli, tmp_path):
    assert cli("new", tmp_path / "k").exit_code == 0
    clean = cli("check", tmp_path / "k")
    assert clean.exit_code == 0 and "FACE003" not in clean.stdout
    edit(tmp_path / "k" / "cards.yaml", 'colour: "#8a3b12"', 'colour: "#b3261e"')
    r = cli("check", tmp_path / "k")
    assert r.exit_code == 0  # a warning
    [line] = [ln for ln in r.stdout.splitlines() if "FACE003" in ln]
    assert (
        "cards.yaml:29:13: warning [FACE003] kinds 'resource' (#2e6b3a) and 'action' (#b3261e)"
        in line
    )
    assert "hard to tell apart with" in line and ("protanopia" in line or "deuteranopia" in line)


def test_the_simulation_separates_what_dichromats_confuse_from_what_they_do_not():
    red, green, blue, orange = "#cc3333", "#339933", "#1f77b4", "#ff7f0e"
    assert delta_e(red, green) > 60  # far apart to normal vision
    assert delta_e(red, green, "deuteranopia") < 12  # close as a deuteranope sees them
    assert delta_e(blue, orange, "deuteranopia") > 60  # blue and orange stay apart
    assert hard_pairs([("r", red), ("g", green), ("b", blue)]) == [
        ("r", "g", "deuteranopia", delta_e(red, green, "deuteranopia"))
    ]
    assert hard_pairs([("a", "#7a1f12"), ("b", "#2f5d8a"), ("c", "#b07d12")]) == []


def test_black_and_white_stay_themselves():
    for deficiency in ("deuteranopia", "protanopia"):
        assert delta_e("#000000", "#ffffff", deficiency) > 99
        assert delta_e("#808080", "#808080", deficiency) == 0


def test_two_player_colours_of_tokens_are_named_too(cli, kit_copy):
    kit = kit_copy("carthage")
    assert "FACE003" not in cli("check", kit).stdout  # blue, red, green, white: told apart
    edit(
        kit / "tokens.yaml",
        'colour_id: green, label: GREEN, colour: "#2e7d32"',
        'colour_id: green, label: GREEN, colour: "#7a8a1e"',
    )
    r = cli("check", kit)
    [line] = [ln for ln in r.stdout.splitlines() if "FACE003" in ln]
    assert "tokens.yaml:17:" in line
    assert "sides 'red' (#b3261e) and 'green' (#7a8a1e) are hard to tell apart with" in line
