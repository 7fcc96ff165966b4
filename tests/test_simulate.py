"""`printkit simulate`: every built-in game played from its data, the same numbers for a seed,
a one-page report a playtest group can read, and a clear refusal where there is no game."""

from __future__ import annotations

import json

import pytest
from badkits import check_rules
from pypdf import PdfReader

from printkit.core.errors import display_path
from tests.conftest import DATA, drop_game_kinds, edit, line_of
from tests.pdfcheck import assert_fonts_embedded


def sim_json(cli, kit, *args) -> dict:
    r = cli("simulate", kit, "--format", "json", *args)
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def figure(report: dict, label: str) -> dict:
    return next(f for f in report["figures"] if f["label"] == label)


def test_same_seed_same_numbers_other_seed_other_numbers(cli):
    first = cli("simulate", "chariot-race", "--runs", "150", "--seed", "7")
    again = cli("simulate", "chariot-race", "--runs", "150", "--seed", "7")
    other = cli("simulate", "chariot-race", "--runs", "150", "--seed", "8")
    assert first.exit_code == 0, first.output
    assert first.stdout == again.stdout
    assert first.stdout != other.stdout


def test_chariot_race_reports_from_the_deck_and_the_track(cli):
    report = sim_json(cli, "chariot-race", "--runs", "200")
    assert report["runs"] == 200 and report["players"] == 4
    data = report["data"]
    assert data["cards"] == 72 and data["left_after_deal"] == 72 - 4 * 6
    assert abs(data["lap_inches"] - (2 * 19.5 + 2 * 3.14159265 * 11)) < 0.01  # centre line
    lap_turns = float(figure(report, "turns per lap")["value"])
    assert 108 / 20 / 2 < lap_turns < 108 / 4  # between all-20 in pairs and one 4 in card a turn
    assert data["reshuffle"] == "discards"
    titles = [c["title"] for c in report["charts"]]
    assert "Crash effects suffered per race" in titles
    effects = next(c for c in report["charts"] if c["title"] == "Crash effects suffered per race")
    assert effects["labels"] == ["horses", "wheels", "chariot", "charioteer", "no damage"]
    assert "hand can jump the pit" in [f["label"] for f in report["figures"]]


@pytest.mark.slow  # a simulation of races
def test_serious_variant_has_no_pit_and_three_laps_keeps_it(cli):
    serious = sim_json(cli, "chariot-race", "--variant", "serious", "--runs", "60")
    assert serious["data"]["laps"] == 3 and serious["data"]["cards"] == 72 - 7
    assert "hand can jump the pit" not in [f["label"] for f in serious["figures"]]
    three = sim_json(cli, "chariot-race", "--variant", "three-laps", "--runs", "60")
    assert three["data"]["laps"] == 3 and three["data"]["cards"] == 72
    assert "hand can jump the pit" in [f["label"] for f in three["figures"]]


@pytest.mark.slow  # a simulation of races
def test_special_cards_modifiers_are_applied(cli, kit_copy):
    """With no card over 8 in, only a Whip (+2 in) makes a jump possible: the simulation must
    apply the modifier written in the deck, and not once the Whip adds nothing."""
    kit = kit_copy("chariot-race")
    cards = kit / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    for speed in (10, 16, 20):
        text = text.replace(f", speed: {speed},", ", speed: 8,")
    cards.write_text(text, encoding="utf-8")
    with_whip = sim_json(cli, kit, "--runs", "80")
    assert float(figure(with_whip, "hand can jump the pit")["value"].split()[0]) > 0
    edit(cards, "add_speed: 2, max_speed: 20,", "")
    without = sim_json(cli, kit, "--runs", "80")
    assert figure(without, "hand can jump the pit")["value"] == "0.0 % of turns"


def test_carthage_counts_every_stop_on_a_c_square_as_a_draw(cli):
    report = sim_json(cli, "carthage", "--runs", "120", "--players", "3")
    assert report["players"] == 3
    landings = report["data"]["landings"]
    assert len(landings) == 4 * 24
    board = (DATA / "carthage" / "board.yaml").read_text(encoding="utf-8")
    tracks = {"I": 1, "II": 2, "III": 3, "IV": 4}
    c_squares = [
        f"{tracks[line.split('track: ')[1].split(',')[0]]} {line.split('at: ')[1].split(',')[0]}"
        for line in board.splitlines()
        if "kind: C}" in line
    ]
    assert c_squares
    on_c = sum(landings[key] for key in c_squares)
    assert abs(on_c - report["data"]["curriculum_mean"]) < 1e-9
    assert report["data"]["rounds_mean"] >= 7 * 24 / 6 / 2  # 7 laps; no throw beats 6 squares much


@pytest.mark.slow  # a simulation: every deal of the tiles
def test_chartae_full_study_matches_checks_bounded_one(cli):
    r = check_rules("chartae", "CH011")  # check's balance report (CH011), its line as printed
    report = sim_json(cli, "chartae", "--runs", "1000", "--seed", "2020")
    land = figure(report, "land wins")["value"]
    assert f"land wins {land}" in r.stdout  # same engine, same seed, same games


def test_report_pdf_is_one_a4_page_with_embedded_fonts(cli, tmp_path):
    out = tmp_path / "report.pdf"
    r = cli("simulate", "chariot-race", "--runs", "100", "--out", out)
    assert r.exit_code == 0, r.output
    reader = PdfReader(out)
    assert len(reader.pages) == 1
    page = reader.pages[0]
    assert round(float(page.mediabox.width) / 72 * 25.4) == 210
    assert round(float(page.mediabox.height) / 72 * 25.4) == 297
    assert_fonts_embedded(out)  # every font embedded, no Helvetica
    text = page.extract_text()
    assert "Turns per race" in text and "Draws per race" in text and "Model of play" in text


@pytest.mark.slow  # a simulation of races and its report drawn
def test_report_png(cli, tmp_path):
    from PIL import Image

    out = tmp_path / "report.png"
    r = cli("simulate", "carthage", "--runs", "50", "--out", out)
    assert r.exit_code == 0, r.output
    with Image.open(out) as im:
        assert im.width < im.height  # a portrait page
        lo, hi = im.convert("L").getextrema()
        assert hi - lo > 150  # ink on paper, not a blank page


def test_kit_made_with_new_simulates(cli, tmp_path):
    target = tmp_path / "my-race"
    assert cli("new", target, "--from", "chariot-race").exit_code == 0
    r = cli("simulate", target, "--runs", "40")
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("Chariot Race: 40 simulated races, 4 players")


def test_kit_without_a_game_deals_its_decks(cli, kit_copy):
    kit = kit_copy("chariot-race")
    edit(kit / "kit.yaml", "rules:\n  module: chariot_race\n  file: rules.yaml\n", "")
    drop_game_kinds(kit)  # fan and drift are the game's own element kinds
    edit(kit / "kit.yaml", "      rules: {laps: 3}\n", "")
    report = sim_json(cli, kit, "--runs", "3000", "--hand", "7")
    assert report["game"] == "deal" and report["players"] == 1
    per_hand = next(c for c in report["charts"] if c["title"] == "Cards: cards per hand")
    movement = per_hand["values"][per_hand["labels"].index("movement")]
    assert abs(movement - 7 * 60 / 72) < 0.1  # 60 movement cards of 72, 7 to a hand
    assert "names no game printkit can play" in report["assumptions"][0]


def test_kit_without_a_game_or_a_deck_says_what_it_cannot_do(cli, kit_copy):
    kit = kit_copy("chartae")
    edit(kit / "kit.yaml", "rules:\n  module: chartae\n  file: rules.yaml\n", "")
    r = cli("simulate", kit)
    assert r.exit_code == 2
    assert "cannot simulate kit 'chartae': it names no game rules" in r.stderr
    assert "has no deck to deal" in r.stderr and "Traceback" not in r.output


def test_bad_player_count_and_output_are_refused(cli, tmp_path):
    r = cli("simulate", "chariot-race", "--players", "5")
    assert r.exit_code == 2
    rules = DATA / "chariot-race" / "rules.yaml"
    assert r.stderr.startswith(f"{display_path(rules)}:{line_of(rules, 'max: 4')}:")
    r = cli("simulate", "chariot-race", "--out", tmp_path / "report.txt")
    assert r.exit_code == 2 and "must end in .pdf or .png" in r.stderr
    assert not (tmp_path / "report.txt").exists()


def test_race_without_a_track_is_refused_not_guessed(cli, kit_copy):
    kit = kit_copy("chariot-race")
    manifest = kit / "kit.yaml"
    edit(manifest, "  playing-area:\n    type: track\n    file: track.yaml\n", "")
    edit(manifest, "    title: Playing area\n    uses: {bases: bases}\n", "")
    edit(manifest, "      playing-area: {pit: null}\n", "")
    # check's rules still pass: nothing to race, no finding
    assert check_rules(kit).stdout == "0 errors, 0 warnings, 0 info\n"
    r = cli("simulate", kit, "--runs", "10")
    assert r.exit_code == 2
    assert "cannot simulate a race: the kit needs a track component" in r.stderr
