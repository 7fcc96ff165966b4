"""printkit deck: composition by kind, numeric field spreads, the deal, the total; text/JSON/CSV."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter

from conftest import drop_game_kinds, edit

from printkit.model.cards import Card, Deck, FieldDecl, Kind
from printkit.reports.composition import Deal, deck_report, numeric_field


def test_numeric_field_is_weighted_by_copies():
    f = numeric_field("speed", "in", Counter({4: 3, 10: 1}))
    assert (f.cards, f.mean, f.median, f.min, f.max) == (4, 5.5, 4.0, 4, 10)
    assert f.histogram == [(4, 3), (10, 1)]


def test_report_of_a_small_deck():
    decl = {
        "speed": FieldDecl("number", 1, 20, [], "in", "", False),
        "mode": FieldDecl("choice", None, None, ["or", "and"], "", "", False),
        "crash": FieldDecl("text", None, None, [], "", "", True),
    }
    kind = Kind(label="MOVE", colour="#000000", ink="#000000", paper="#ffffff", face=[])
    deck = Deck(
        fields=decl,
        kinds={"move": kind, "spell": kind},
        cards=[
            Card("a", "move", 2, values={"speed": 4, "mode": "or", "crash": "x"}),
            Card("b", "move", 1, values={"speed": 8, "crash": "y"}),
            Card("c", "spell", 3, tags=["magic"], values={"crash": "z"}),
        ],
    )
    r = deck_report("cards", "Cards", deck, [Deal(2, 4, 2)])
    assert r.total == 6 and r.designs == 3
    assert [(k.kind, k.designs, k.cards) for k in r.kinds] == [("move", 2, 3), ("spell", 1, 3)]
    assert r.tags == [("magic", 3)]
    [speed] = r.numeric
    assert (speed.field, speed.cards, speed.median, speed.histogram) == (
        "speed",
        3,
        4,
        [(4, 2), (8, 1)],
    )
    assert speed.mean == 5.333
    assert [(c.field, c.values) for c in r.counted] == [("mode", [("or", 2)])]
    assert json.loads(json.dumps(r.as_dict()))["deal"] == [
        {"players": 2, "dealt": 4, "left": 2, "note": ""}
    ]


def test_json_report_of_the_chariot_race_deck(cli):
    r = cli("deck", "chariot-race", "--format", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert (data["kit"], data["variants"], data["players"]) == ("chariot-race", [], None)
    [deck] = data["decks"]
    assert deck["component"] == "cards" and deck["total"] == 72 and deck["designs"] == 45
    assert {k["kind"]: k["cards"] for k in deck["kinds"]} == {
        "movement": 60,
        "magic": 7,
        "special": 5,
    }
    speed = next(f for f in deck["numeric"] if f["field"] == "speed")
    # the suggested mix: 4 in x8, 6 x12, 8 x14, 10 x12, 16 x9, 20 x5, mean 9.7
    assert [(h["value"], h["cards"]) for h in speed["histogram"]] == [
        (4, 8),
        (6, 12),
        (8, 14),
        (10, 12),
        (16, 9),
        (20, 5),
    ]
    assert (speed["unit"], speed["cards"], speed["mean"], speed["median"]) == ("in", 60, 9.667, 8)
    assert (speed["min"], speed["max"]) == (4, 20)
    # each charioteer is dealt 6 cards (the seed's 7th is the first turn's draw)
    assert [(d["players"], d["dealt"], d["left"]) for d in deck["deal"]] == [
        (1, 6, 66),
        (2, 12, 60),
        (3, 18, 54),
        (4, 24, 48),
    ]


def test_players_and_variant_narrow_the_report(cli):
    r = cli("deck", "chariot-race", "--variant", "serious", "--players", "4", "--format", "json")
    data = json.loads(r.stdout)
    [deck] = data["decks"]
    assert data["variants"] == ["serious"] and data["players"] == 4
    assert deck["total"] == 65
    assert deck["deal"] == [{"players": 4, "dealt": 24, "left": 41, "note": ""}]
    r = cli("deck", "chariot-race", "--players", "5", "--format", "json")
    assert r.exit_code == 2 and r.stdout == ""  # the rules allow 1 to 4 charioteers
    assert "kit 'chariot-race' is for 1 to 4 players" in r.stderr


def test_text_report(cli):
    r = cli("deck", "chariot-race", "--players", "4")
    assert r.exit_code == 0
    lines = r.stdout.splitlines()
    assert lines[0] == "chariot-race"
    assert "  movement  MOVEMENT             33     60" in lines
    assert "  speed (in): 60 cards, mean 9.667, median 8, range 4 to 20" in lines
    assert "     8  ##############  14" in lines
    assert "  drift_mode: 29 cards: or 13, and 16" in lines  # in the declared order
    assert "        4     24            48" in lines
    assert lines[-1] == "  total: 72 cards (45 designs)"


def test_csv_report(cli):
    r = cli("deck", "chariot-race", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert {tuple(row.values()) for row in rows} >= {
        ("cards", "total", "cards", "72"),
        ("cards", "kind", "magic", "7"),
        ("cards", "field:speed", "16", "9"),
        ("cards", "stats:speed", "median", "8"),
        ("cards", "field:drift_mode", "or", "13"),
        ("cards", "left", "4", "48"),
    }
    assert list(rows[0]) == ["component", "section", "key", "value"]


def test_deal_warns_below_the_reserve(cli, kit_copy):
    folder = kit_copy("chariot-race")
    edit(folder / "rules.yaml", "reserve: 12", "reserve: 55")
    r = cli("deck", folder, "--format", "json")
    notes = [d["note"] for d in json.loads(r.stdout)["decks"][0]["deal"]]
    assert notes == ["", "", "below the reserve of 55", "below the reserve of 55"]


def test_without_a_game_rules_module_there_is_no_deal(cli, kit_copy):
    folder = kit_copy("chariot-race")
    edit(folder / "kit.yaml", "rules:\n  module: chariot_race\n  file: rules.yaml\n", "")
    drop_game_kinds(folder)  # fan and drift are the game's own element kinds
    # the damage chart is drawn from the rules file, so it goes too
    edit(
        folder / "kit.yaml",
        "  damage-chart:\n    type: damage-chart\n    file: damage-chart.yaml\n"
        "    title: Damage chart\n    uses: {deck: cards, bases: bases}\n",
        "",
    )
    r = cli("deck", folder, "--format", "json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["decks"][0]["deal"] == []
    assert "players  dealt" not in cli("deck", folder).stdout


def test_unknown_component_and_bad_data(cli, kit_copy):
    r = cli("deck", "chariot-race", "--component", "tiles")
    assert r.exit_code == 2
    assert "kit 'chariot-race' has no deck 'tiles'; its decks are: cards" in r.stderr
    folder = kit_copy("chariot-race")
    edit(folder / "cards.yaml", "count: 2, speed: 4,", "count: lots, speed: 4,")
    r = cli("deck", folder)
    assert r.exit_code == 2
    assert 'count must be a whole number from 1 to 10000; got "lots"' in r.stderr
    assert "Traceback" not in r.output
