"""The check gaps a rules verifier found (issue 24): each breaks a seed rule in the built-in
kit's data, and each is now an error located at the line that breaks it. Also the CR003
boundary that kills issue 20's off-by-one mutation."""

from __future__ import annotations

import json

import pytest
from badkits import check_rules

from printkit.core.errors import display_path
from tests.conftest import edit, line_of

THREE = "      curriculum: [7, 8, 9, 16, 24, 25]"


def found(result, code: str) -> list[str]:
    return [f for f in map(str, result.findings) if f"[{code}]" in f]


def one_at(result, code: str, path, line: int) -> str:
    (finding,) = found(result, code)
    assert finding.startswith(f"{display_path(path)}:{line}:"), finding
    assert "error" in finding
    return finding


@pytest.mark.parametrize(
    ("numbers", "says"),
    [
        ("[7, 8, 9, 15, 24, 25]", "removes card 15"),  # 15 instead of 16
        ("[7, 8, 9, 24, 25]", "keeps card 16"),
        ("[7, 8, 9, 16, 24]", "keeps card 25"),
        ("[3, 7, 8, 9, 16, 24, 25]", "removes card 3"),
    ],
)
def test_the_three_player_removals_are_exactly_the_seeds(kit_copy, numbers, says):
    kit = kit_copy("carthage")
    rules = kit / "rules.yaml"
    edit(rules, THREE, f"      curriculum: {numbers}")
    r = check_rules(kit, "CT017")
    assert r.exit_code == 1
    hits = [f for f in found(r, "CT017") if says in f]
    assert len(hits) >= 1, found(r, "CT017")
    assert hits[0].startswith(f"{display_path(rules)}:{line_of(rules, '      curriculum: [')}:")
    assert "7, 8, 9, 16, 24 and 25" in hits[0]


@pytest.mark.parametrize(
    "teams",
    ["[[blue, green], [red, white]]", "[[blue, red, green], [white]]"],
)
def test_the_two_player_teams_are_the_seeds_pairs(kit_copy, teams):
    kit = kit_copy("carthage")
    rules = kit / "rules.yaml"
    edit(rules, "teams: [[blue, red], [green, white]]", f"teams: {teams}")
    r = check_rules(kit, "CT017")
    assert r.exit_code == 1
    message = one_at(r, "CT017", rules, line_of(rules, "teams: [["))
    assert "the seed pairs blue+red against green+white" in message


@pytest.mark.parametrize(
    ("kind", "old", "new", "says"),
    [
        ("fwd2", "move: {steps: 2, lanes: 3}", "move: {steps: 3, lanes: 3}", "moves +3"),
        ("back3", "move: {steps: -3, lanes: 3}", "move: {steps: -2, lanes: 3}", "moves -2"),
        ("fwd1", "move: {steps: 1}", "move: {steps: 1, lanes: 1}", "straight forward"),
    ],
)
def test_symbol_squares_move_as_the_seed_says(kit_copy, kind, old, new, says):
    kit = kit_copy("carthage")
    board = kit / "board.yaml"
    edit(board, old, new)
    r = check_rules(kit, "CT018")
    assert r.exit_code == 1
    message = one_at(r, "CT018", board, line_of(board, new))
    assert f"square kind {kind!r}" in message and says in message


def test_the_rescue_set_keeps_epone_goddess(kit_copy):
    kit = kit_copy("carthage")
    rules = kit / "rules.yaml"
    edit(rules, "rescue_cards: [epone-goddess, victory, sword]", "rescue_cards: [victory, sword]")
    r = check_rules(kit, "CT019")
    assert r.exit_code == 1
    message = one_at(r, "CT019", rules, line_of(rules, "rescue_cards:"))
    assert "leaves out 'epone-goddess' (EPONE GODDESS)" in message


def test_five_players_with_four_chariots_is_an_error_and_simulate_refuses_it(kit_copy, cli):
    kit = kit_copy("carthage")
    rules = kit / "rules.yaml"
    edit(rules, "  max: 4\n", "  max: 5\n")
    r = check_rules(kit, "CT020")
    assert r.exit_code == 1
    message = one_at(r, "CT020", rules, line_of(rules, "  max: 5"))
    assert "5 players each run one chariot, but 4 race" in message
    assert check_rules(kit, "CT017").exit_code == 1  # and the seed's game is for 2 to 4
    sim = cli("simulate", kit, "--players", "5", "--runs", "10")
    assert sim.exit_code == 2 and sim.stdout == ""
    assert f"{display_path(rules)}:{line_of(rules, '  max: 5')}:" in sim.stderr
    assert "5 players each run one chariot" in sim.stderr


def test_a_house_rule_setup_is_not_held_to_the_seed(kit_copy):
    kit = kit_copy("carthage")
    rules = kit / "rules.yaml"
    edit(rules, THREE, "      curriculum: [7, 8, 9, 24, 25]\n    source: ours")
    assert check_rules(kit, "CT017").exit_code == 0


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("    exclude_tags: [magic]\n", "", "keeps 7 magical effect cards"),
        (
            "      rules: {laps: 3}\n  three-laps:",
            "      rules: {laps: 2}\n  three-laps:",
            "races 2",
        ),
    ],
)
def test_the_serious_variant_drops_the_magic_and_races_more_laps(kit_copy, old, new, says):
    kit = kit_copy("chariot-race")
    manifest = kit / "kit.yaml"
    edit(manifest, old, new)
    r = check_rules(kit, "CR017")
    assert r.exit_code == 1
    message = one_at(r, "CR017", manifest, line_of(manifest, "  serious:"))
    assert says in message


def test_check_and_build_of_the_serious_variant_hold_it_to_the_seed(kit_copy, cli):
    # issue 36: `check --variant serious` skipped CR017, so the serious deck with its 7 magic
    # cards passed, and `build --variant serious` wrote it
    kit = kit_copy("chariot-race")
    manifest = kit / "kit.yaml"
    edit(manifest, "    exclude_tags: [magic]\n", "")
    r = check_rules(kit, "CR017", variants=("serious",))
    assert r.exit_code == 1
    assert "keeps 7 magical effect cards" in one_at(
        r, "CR017", manifest, line_of(manifest, "  serious:")
    )
    assert check_rules(kit, "CR017", variants=("three-laps",)).exit_code == 0  # not the serious
    built = cli("build", str(kit), "--variant", "serious", "--out", str(kit / "out"))
    assert built.exit_code == 1, built.output  # the rules gate: nothing is written
    assert "[CR017]" in built.output and not list((kit / "out").glob("**/*.pdf"))
    assert check_rules("chariot-race", "CR017", variants=("serious",)).exit_code == 0


def _deck_of(kit, total: int) -> None:
    """The chariot-race deck cut to its first cards, `total` copies in all."""
    cards = kit / "cards.yaml"
    lines = cards.read_text(encoding="utf-8").splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith("cards:"))
    body = [ln for ln in lines[start + 1 :] if ln.startswith("  - {id: m")]
    kept, left = [], total
    for ln in body:
        if left == 0:
            break
        count = int(ln.split("count: ")[1].split(",")[0])
        take = min(count, left)
        kept.append(ln.replace(f"count: {count},", f"count: {take},"))
        left -= take
    cards.write_text("\n".join(lines[: start + 1] + kept) + "\n", encoding="utf-8")


@pytest.mark.parametrize(("total", "short"), [(23, True), (24, True), (27, True), (28, False)])
def test_cr003_at_the_boundary_of_the_opening_deal(kit_copy, total, short):
    # 4 charioteers x 6 cards = 24, then the first turn's draw, one each (the seed's 7th card):
    # a deck that exactly deals the opening hands leaves nothing to draw (issue 36); 28 can start
    kit = kit_copy("chariot-race")
    _deck_of(kit, total)
    r = check_rules(kit, "CR003")
    assert (r.exit_code == 1) is short
    if short:
        (message,) = found(r, "CR003")
        assert f"the deck has {total} cards but 4 charioteers need 24" in message
        if total >= 24:
            assert "then 1 each for the first turn's draw, 28 in all" in message
            assert f"{total - 24} would be left" in message


@pytest.mark.parametrize(("players", "extra", "total", "short"), [
    (4, 1, 31, True), (4, 1, 32, False), (3, 0, 20, True), (3, 0, 21, False),
])  # fmt: skip
def test_cr003_counts_the_extra_card_and_the_players_asked_for(
    kit_copy, players, extra, total, short
):
    """Each charioteer's opening is `hand` + `extra_at_start` (4 x 7 = 28 with one extra), then
    one card each for the first turn's draw (32), and `--players 3` checks a race of three
    (3 x 6 + 3 = 21): one card fewer is short, exactly that many is not (issue 33: a rule one
    card short survived the suite)."""
    kit = kit_copy("chariot-race")
    edit(kit / "rules.yaml", "extra_at_start: 0", f"extra_at_start: {extra}")
    _deck_of(kit, total)
    r = check_rules(kit, "CR003", players=players)
    assert (r.exit_code == 1) is short, r.output
    if short:
        (message,) = found(r, "CR003")
        need = players * (6 + extra)
        assert f"the deck has {total} cards but {players} charioteers need {need}" in message


def test_deck_for_three_players_lists_what_three_players_use(cli):
    # the seed's 3-player game leaves out six CURRICULUM cards and one FATUM card
    r = cli("deck", "carthage", "--players", "3", "--format", "json")
    assert r.exit_code == 0, r.output
    decks = {d["component"]: d for d in json.loads(r.stdout)["decks"]}
    assert decks["curriculum"]["total"] == 19
    assert decks["fatum"]["total"] == 13
    assert decks["fatum"]["deal"] == [
        {
            "players": 3,
            "dealt": 13,
            "left": 0,
            "note": "hands of 5, 4, 4 (uneven, from the dealer's left)",
        }
    ]
    numbers = {h["value"] for f in decks["curriculum"]["numeric"] for h in f["histogram"]}
    assert numbers.isdisjoint({7, 8, 9, 16, 24, 25}) and len(numbers) == 19
    whole = {
        d["component"]: d["total"]
        for d in json.loads(cli("deck", "carthage", "--format", "json").stdout)["decks"]
    }
    assert whole == {"curriculum": 25, "fatum": 14}


def test_cr001_says_when_a_speed_is_legal_only_by_the_kits_own_row(kit_copy):
    kit = kit_copy("chariot-race")
    cards = kit / "cards.yaml"
    edit(
        cards,
        "{id: m10-t30-a, kind: movement, count: 2, speed: 10,",
        "{id: m10-t30-a, kind: movement, count: 2, speed: 12,",
    )
    r = check_rules(kit, "CR001")
    assert r.exit_code == 0  # legal, by the kit's own row for 12 in
    (message,) = found(r, "CR001")
    assert message.startswith(f"{display_path(cards)}:{line_of(cards, 'id: m10-t30-a,')}:")
    assert "info [CR001] card 'm10-t30-a'" in message
    assert "legal only by the kit's own outer-stakes row for 12 in (source: ours)" in message
    assert check_rules("chariot-race", "CR001").findings == []  # the shipped speeds are the seed's
