"""Card mixes: variants keep, drop, recount and mark cards; several combine in order; typos fail."""

from __future__ import annotations

import json

import pytest
from conftest import edit, line_of

from printkit.kit import load_kit
from printkit.model.cards import Card
from printkit.model.kit import Variant
from printkit.model.options import Options
from printkit.model.variants import apply_variant, apply_variants


def variant(**changes) -> Variant:
    base = dict(
        description="",
        exclude_tags=[],
        exclude_cards=[],
        only_tags=[],
        counts={},
        markers={},
        overrides={},
        only_cards=[],
        name="v",
    )
    return Variant(**{**base, **changes})


def cards() -> list[Card]:
    return [
        Card("a", "move", 2, tags=["fast"]),
        Card("b", "move", 3, tags=["slow"]),
        Card("c", "magic", 1, tags=["magic"]),
        Card("d", "magic", 1, tags=["magic", "fast"]),
    ]


def summary(result: list[Card]) -> list[tuple[str, int, str | None]]:
    return [(c.id, c.count, c.marker) for c in result]


def test_exclude_by_tag_and_id():
    out = apply_variant(cards(), variant(exclude_tags=["magic"], exclude_cards=["a"]))
    assert summary(out) == [("b", 3, None)]


def test_only_tags_and_only_cards_keep_cards_matching_either():
    out = apply_variant(cards(), variant(only_tags=["slow"], only_cards=["c"]))
    assert summary(out) == [("b", 3, None), ("c", 1, None)]


def test_counts_override_and_zero_removes():
    out = apply_variant(cards(), variant(counts={"a": 5, "c": 0}))
    assert summary(out) == [("a", 5, None), ("b", 3, None), ("d", 1, None)]


def test_markers_by_tag():
    out = apply_variant(cards(), variant(markers={"fast": "F!"}))
    assert summary(out) == [("a", 2, "F!"), ("b", 3, None), ("c", 1, None), ("d", 1, "F!")]


def test_variants_apply_in_order():
    keep_fast = variant(only_tags=["fast"])
    more_d = variant(counts={"d": 4})
    drop_magic = variant(exclude_tags=["magic"])
    assert summary(apply_variants(cards(), [keep_fast, more_d])) == [("a", 2, None), ("d", 4, None)]
    assert summary(apply_variants(cards(), [keep_fast, drop_magic])) == [("a", 2, None)]
    # a count set by the first is replaced by a later one
    assert summary(apply_variants(cards(), [more_d, variant(counts={"d": 2})]))[-1] == (
        "d",
        2,
        None,
    )


def deck_of(folder, *names):
    kit = load_kit(str(folder), Options(variants=names))
    return kit.model("cards")


def test_built_in_variants_on_the_real_deck(kit_copy):
    folder = kit_copy("chariot-race")
    assert deck_of(folder).total == 72
    serious = deck_of(folder, "serious")
    assert serious.total == 65
    assert not [c for c in serious.cards if "magic" in c.tags]
    both = deck_of(folder, "serious", "gentle-start")
    assert both.total == 65 and not [c for c in both.cards if c.marker]
    gentle = deck_of(folder, "gentle-start")
    assert sorted({c.marker for c in gentle.cards if "magic" in c.tags}) == ["LATE"]
    # serious also plays 3 laps, through an override of the rules file
    kit = load_kit(str(folder), Options(variants=("serious",)))
    assert kit.rules_data().laps == 3
    assert load_kit(str(folder)).rules_data().laps == 2


def test_combined_variants_in_the_cli(cli, kit_copy):
    folder = kit_copy("chariot-race")
    kit_yaml = folder / "kit.yaml"
    edit(
        kit_yaml,
        "variants:\n",
        "variants:\n  whips:\n    counts: {whip: 4, rein-in: 0}\n    only_cards: [whip, rein-in]\n"
        "    only_tags: [magic]\n",
    )
    r = cli("deck", folder, "--variant", "whips", "--format", "json")
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)["decks"][0]
    assert report["total"] == 7 + 4
    assert {k["kind"]: k["cards"] for k in report["kinds"]} == {
        "movement": 0,
        "magic": 7,
        "special": 4,
    }
    r = cli("deck", folder, "--variant", "whips", "--variant", "serious", "--format", "json")
    assert json.loads(r.stdout)["decks"][0]["total"] == 4


TYPOS = [
    ("exclude_tags", "[majic]", "tag", "majic", "; did you mean 'magic'?"),
    ("exclude_cards", "[wihp]", "card id", "wihp", "; did you mean 'whip'?"),
    ("only_cards", "[nothing-like-it]", "card id", "nothing-like-it", ""),
    ("counts", "{wihp: 2}", "card id", "wihp", "; did you mean 'whip'?"),
    ("markers", "{specail: X}", "tag", "specail", "; did you mean 'special'?"),
]


@pytest.fixture(scope="module")
def checked_with_every_typo_unchosen(tmp_path_factory):
    """`printkit check` (exit code, output) of a copy of chariot-race whose kit.yaml defines
    every variant of TYPOS (as typo-1 ... typo-5) and which chooses none of them."""
    import shutil

    from click.testing import CliRunner
    from conftest import DATA

    from printkit.cli.app import main

    folder = tmp_path_factory.mktemp("typos") / "chariot-race"
    shutil.copytree(DATA / "chariot-race", folder)
    defined = "".join(
        f"  typo-{i}:\n    {key}: {value}\n" for i, (key, value, *_) in enumerate(TYPOS, 1)
    )
    edit(folder / "kit.yaml", "variants:\n", f"variants:\n{defined}")
    r = CliRunner().invoke(main, ["check", str(folder)], catch_exceptions=False)
    return r.exit_code, r.stdout + r.stderr


@pytest.mark.parametrize("key, value, what, wrong, hint", TYPOS)
def test_a_variant_naming_an_unknown_card_or_tag_is_an_input_error(
    cli, kit_copy, checked_with_every_typo_unchosen, key, value, what, wrong, hint
):
    folder = kit_copy("chariot-race")
    kit_yaml = folder / "kit.yaml"
    edit(kit_yaml, "variants:\n", f"variants:\n  typo:\n    {key}: {value}\n")
    line = line_of(kit_yaml, f"{key}: {value}")
    text = kit_yaml.read_text(encoding="utf-8").splitlines()[line - 1]
    col = text.index(wrong) + 1
    for command in ("check", "build", "deck"):
        r = cli(
            command,
            folder,
            "--variant",
            "typo",
            *(["--out", folder / "out"] if command == "build" else []),
        )
        assert r.exit_code == 2, (command, r.output)
        assert r.stderr.splitlines()[0] == (
            f"{kit_yaml}:{line}:{col}: error: variant 'typo' {key} names {what} {wrong!r}, "
            f"which no card has{hint}"
        )
    assert not (folder / "out").exists()
    # without the variant chosen, the kit is fine: it loads and validates, and `printkit check`
    # passes on a copy defining this variant and the other typos, none of them chosen
    load_kit(str(folder)).models()
    exit_code, output = checked_with_every_typo_unchosen
    assert exit_code == 0, output


def test_variants_that_leave_no_cards_are_an_input_error(cli, kit_copy):
    folder = kit_copy("chariot-race")
    edit(
        folder / "kit.yaml",
        "variants:\n",
        "variants:\n  none:\n    only_cards: [whip]\n  nowhip:\n    exclude_cards: [whip]\n",
    )
    r = cli("check", folder, "--variant", "none", "--variant", "nowhip")
    assert r.exit_code == 2
    assert "the variants none, nowhip leave no cards in deck 'cards'" in r.stderr


def test_overrides_must_name_a_component_or_rules(cli, kit_copy):
    folder = kit_copy("chariot-race")
    kit_yaml = folder / "kit.yaml"
    edit(kit_yaml, "variants:\n", "variants:\n  odd:\n    overrides: {crads: {card_size: mini}}\n")
    line = line_of(kit_yaml, "crads")
    r = cli("check", folder)
    assert r.exit_code == 2
    assert r.stderr.splitlines()[0] == (
        f"{kit_yaml}:{line}:17: error: variant 'odd' overrides 'crads', which is neither a "
        "component of this kit nor 'rules'; choose from: cards, templates, damage-chart, "
        "playing-area, bases, rules"
    )


def test_unknown_variant_name(cli):
    r = cli("deck", "chariot-race", "--variant", "silly")
    assert r.exit_code == 2
    assert "has no variant 'silly'; its variants are: serious, three-laps, gentle-start" in r.stderr
