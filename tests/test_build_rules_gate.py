"""`printkit build` runs the rules checks of `printkit check` first: an error stops it (exit 1,
nothing written) unless --ignore-rule-errors; warnings are printed one line each."""

from __future__ import annotations

import pytest
from conftest import edit, line_of

FINDING = "error [CR003] the deck has 72 cards but 16 charioteers need 96"


def _kit(kit_copy, max_players: int):
    kit = kit_copy("chariot-race")
    edit(kit / "rules.yaml", "  max: 4 ", f"  max: {max_players} ")
    return kit


def test_a_rules_error_stops_the_build_and_nothing_is_written(cli, kit_copy, tmp_path):
    kit = _kit(kit_copy, 16)
    out = tmp_path / "out"
    r = cli("build", kit, "--out", out, "-j", "1")
    assert r.exit_code == 1, r.output
    at = f"{kit / 'cards.yaml'}:{line_of(kit / 'cards.yaml', 'cards:') + 1}:5: "  # first card
    lines = r.stderr.splitlines()
    assert lines[0] == f"{at}{FINDING} (6 + 0 each) before anyone draws"
    assert "error [CR014] players.max is 16" in lines[1]  # more than the 4 chariot bases
    assert lines[2:] == [
        "printkit: 2 rules errors; nothing was written (fix them, or build anyway with "
        "--ignore-rule-errors)",
    ]
    assert r.stdout == ""
    assert not out.exists()
    assert cli("check", kit).exit_code == 1  # the very same finding as check


def test_ignore_rule_errors_builds_anyway_and_says_what_is_wrong(cli, kit_copy, tmp_path):
    kit = _kit(kit_copy, 16)
    out = tmp_path / "out"
    r = cli("build", kit, "--out", out, "-j", "1", "--only", "cards", "--ignore-rule-errors")
    assert r.exit_code == 0, r.output
    lines = r.stderr.splitlines()
    assert FINDING in lines[0] and len(lines) == 2  # 16 charioteers: too few cards, and
    assert "error [CR014] players.max is 16" in lines[1]  # more than the 4 chariot bases
    assert (out / "chariot-race" / "cards.pdf").is_file()


def test_warnings_are_printed_one_line_each_and_the_build_goes_on(cli, kit_copy, tmp_path):
    kit = kit_copy("chariot-race")  # 4 x 6 = 24 dealt, 48 left: below a reserve of 50
    edit(kit / "rules.yaml", "  reserve: 12 ", "  reserve: 50 ")
    out = tmp_path / "out"
    r = cli("build", kit, "--out", out, "-j", "1", "--only", "cards")
    assert r.exit_code == 0, r.output
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and "warning [CR004] after dealing 24 cards only 48 remain" in lines[0]
    assert (out / "chariot-race" / "cards.pdf").is_file()


def test_a_clean_kit_builds_without_a_word_on_stderr(cli, tmp_path):
    r = cli("build", "chariot-race", "--out", tmp_path / "out", "-j", "1")
    assert r.exit_code == 0 and r.stderr == "", r.output


def test_a_build_reports_what_only_drawing_finds_as_check_does(cli, kit_copy, tmp_path):
    """check's print findings (PK001: text nearer the trim than the safe area) are part of the
    gate too: a warning, printed on one line, and the build goes on."""
    kit = kit_copy("carthage")
    tokens = kit / "tokens.yaml"
    text = tokens.read_text(encoding="utf-8")
    tokens.write_text(text.replace("width: 9\n    height: 30", "width: 7\n    height: 30", 1))
    out = tmp_path / "out"
    r = cli("build", kit, "--out", out, "-j", "1", "--only", "tokens")
    assert r.exit_code == 0, r.output
    found = [ln for ln in r.stderr.splitlines() if "warning [PK001]" in ln]
    assert found and all(ln.startswith(f"{tokens}:") for ln in found), r.stderr
    assert (out / "carthage" / "tokens.pdf").is_file()


@pytest.mark.slow
def test_a_build_plays_no_race_while_check_reports_what_races_find(
    cli, kit_copy, tmp_path, monkeypatch
):
    """Findings drawn from simulated play (CR016's races, CH011's random games) are `check`'s:
    a build runs the rules that can stop it, and plays no game (counted, not timed)."""
    from printkit.games.chariot_race import sim
    from printkit.games.chartae import checks as chartae_checks

    played = {"races": 0, "games": 0}

    def counted(name, play):
        def count(*args, **kw):
            played[name] += 1
            return play(*args, **kw)

        return count

    monkeypatch.setattr(sim, "play_races", counted("races", sim.play_races))
    monkeypatch.setattr(
        chartae_checks, "random_games", counted("games", chartae_checks.random_games)
    )
    kit = kit_copy("chariot-race")
    cards = kit / "cards.yaml"  # 40 cards: the races reshuffle too often (CR016, a warning)
    text = cards.read_text(encoding="utf-8").replace("count: 2,", "count: 1,")
    drop = ("whip", "rein-in", "lean", "sidestep", "hold-the-line")
    cards.write_text(
        "\n".join(ln for ln in text.splitlines() if not any(f"id: {d}," in ln for d in drop))
        + "\n",
        encoding="utf-8",
    )
    for built in (kit, "chartae"):
        r = cli("build", built, "--out", tmp_path / "out", "-j", "1", "--force")
        assert r.exit_code == 0, r.output
        assert "[CR016]" not in r.stderr and "[CH011]" not in r.stderr
    assert played == {"races": 0, "games": 0}
    r = cli("check", kit)
    assert "warning [CR016]" in r.stdout and played["races"] > 0
    r = cli("check", "chartae")
    assert "[CH011] 1,000 random games" in r.stdout and played["games"] > 0
