"""printkit schema: JSON Schemas from the validator's own schema objects, committed for editors,
and agreeing with `printkit check` on good and bad files."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path

import jsonschema
import pytest
from conftest import DATA, edit, yaml_paths
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printkit.cli.commands.schema import kit_schemas, modeline, schema_file_name
from printkit.components import deck as deck_component
from printkit.core.errors import InputError
from printkit.kit import builtin_kit_names, load_kit, manifest_schema
from printkit.load.schema import validate_document
from printkit.load.yamlsafe import Document, load_yaml_file
from printkit.model.face import kinds_in_use
from printkit.plugins import game

MODELINE = "# yaml-language-server: $schema="


def kit_files(kit) -> list[str]:
    files = ["kit.yaml"]
    if kit.manifest.rules and kit.manifest.rules.file:
        files.append(kit.manifest.rules.file)
    files += [kit.spec(c).file for c in kit.component_ids() if kit.spec(c).file]
    return list(dict.fromkeys(files))


def editor_verdict(path: Path) -> list[str]:
    """What an editor would flag: validate the file against the schema its first line names."""
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith(MODELINE), f"{path} does not start with a schema modeline"
    schema_path = path.parent / first[len(MODELINE) :]
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    data = load_yaml_file(path).data
    return [e.message for e in jsonschema.Draft7Validator(schema).iter_errors(data)]


def test_names_and_modelines():
    assert schema_file_name("kit.yaml") == "kit.schema.json"
    assert schema_file_name("decks/fatum.yaml") == "decks.fatum.schema.json"
    assert modeline("cards.yaml") == "# yaml-language-server: $schema=schema/cards.schema.json"
    assert (
        modeline("decks/a.yml") == "# yaml-language-server: $schema=../schema/decks.a.schema.json"
    )


def test_schema_prints_parseable_json(cli):
    r = cli("schema", "chariot-race")
    assert r.exit_code == 0
    schemas = json.loads(r.stdout)
    assert list(schemas) == [
        "kit.yaml",
        "rules.yaml",
        "cards.yaml",
        "templates.yaml",
        "damage-chart.yaml",
        "track.yaml",
        "bases.yaml",
    ]
    for schema in schemas.values():
        jsonschema.Draft7Validator.check_schema(schema)
    options = schemas["cards.yaml"]["properties"]["cards"]["anyOf"]
    card = next(o for o in options if o.get("type") == "array")["items"]
    # the deck schema is built from the fields and kinds the deck declares
    assert card["properties"]["speed"]["maximum"] == 60
    assert card["properties"]["kind"]["enum"] == ["movement", "magic", "special"]
    assert "crash" in card["required"]
    assert card["additionalProperties"] is False


def test_schema_out_writes_one_file_per_kit_file(cli, tmp_path):
    r = cli("schema", "chariot-race", "--out", tmp_path / "s")
    assert r.exit_code == 0
    assert sorted(p.name for p in (tmp_path / "s").iterdir()) == [
        "bases.schema.json",
        "cards.schema.json",
        "damage-chart.schema.json",
        "kit.schema.json",
        "rules.schema.json",
        "templates.schema.json",
        "track.schema.json",
    ]
    assert json.loads((tmp_path / "s" / "kit.schema.json").read_text())["required"] == [
        "name",
        "title",
        "components",
    ]


@pytest.mark.parametrize("name", builtin_kit_names())
def test_built_in_kits_carry_up_to_date_schemas_and_modelines(name):
    kit = load_kit(name)
    schemas = kit_schemas(kit)
    committed = DATA / name / "schema"
    assert sorted(p.name for p in committed.iterdir()) == sorted(
        schema_file_name(f) for f in schemas
    ), "run: python -m printkit.cli.docgen"
    for file, schema in schemas.items():
        on_disk = json.loads((committed / schema_file_name(file)).read_text(encoding="utf-8"))
        assert on_disk == schema, f"stale schema for {file}: run python -m printkit.cli.docgen"
        first = (DATA / name / file).read_text(encoding="utf-8").splitlines()[0]
        assert first == modeline(file)
    assert set(schemas) == set(kit_files(kit))
    for file in schemas:
        assert editor_verdict(DATA / name / file) == [], file


# (file, old text, new text): edits the editor and `printkit check` must both accept...
GOOD = [
    ("cards.yaml", "count: 2, speed: 4, turn: 90, crash", "speed: 4, turn: 90, crash"),
    ("cards.yaml", 'title: "Whip"', "title: 1234"),
    ("cards.yaml", "card_size: poker", "card_size: {width: 63mm, height: 88mm}"),
    ("cards.yaml", "min_text_size: 6pt", "min_text_size: 2.2"),
    ("cards.yaml", "min_text_size: 6pt", "min_text_size:"),
    ("cards.yaml", "label: MOVEMENT", 'label: MOVEMENT\n    ink: "#222"'),
    ("kit.yaml", "    title: Cards\n", "    title:\n"),
    ("kit.yaml", "exclude_tags: [magic]", "exclude_tags: [magic]\n    counts: {whip: 0}"),
    ("rules.yaml", "laps: 2", "laps: 1"),
    ("cards.yaml", "count: 2, speed: 4,", "count: 2.0, speed: 4,"),
    ("cards.yaml", "min_text_size: 6pt", "min_text_size: '0.1\"'"),
]
# ...and edits both must reject.
BAD = [
    ("cards.yaml", "{id: whip, kind: special,", "{id: whip, kind: special, speedd: 4,"),
    ("cards.yaml", "count: 2, speed: 4,", "count: lots, speed: 4,"),
    ("cards.yaml", "count: 2, speed: 4,", "count: 0, speed: 4,"),
    ("cards.yaml", "count: 2, speed: 4,", "count: 2.5, speed: 4,"),
    ("cards.yaml", "count: 2, speed: 4,", "count: true, speed: 4,"),
    ("cards.yaml", "{id: whip, kind: special,", "{id: whip, kind: spell,"),
    ("cards.yaml", "count: 2, speed: 4,", "count: 2, speed: 100,"),
    ("cards.yaml", ', crash: "Glancing blow – no damage.", damage: none}', ", damage: none}"),
    ("cards.yaml", 'colour: "#7a1f12"', "colour: red"),
    ("cards.yaml", "min_text_size: 6pt", "min_text_size: 6px"),
    ("cards.yaml", "card_size: poker", "card_size: huge"),
    ("cards.yaml", "drift_mode: and,", "drift_mode: xor,"),
    ("cards.yaml", "{id: whip,", '{id: "bad id!",'),
    ("cards.yaml", "pattern: plain", "pattern: [plain]"),
    ("cards.yaml", "kinds:\n", "kinds_:\n"),
    ("kit.yaml", "    type: deck", "    type: bored"),
    ("kit.yaml", "name: chariot-race\n", ""),
    ("kit.yaml", "exclude_tags: [magic]", "exclude_tags: magic"),
    ("kit.yaml", "title: Chariot Race", "titel: Chariot Race"),
    ("rules.yaml", "max: 4 ", "max: 0 "),
    ("rules.yaml", "hand: 6 ", "hand: six "),
    ("rules.yaml", "laps: 2", "laps: 2\nlapse: 3"),
    # a field declaration that contradicts itself (rules across its keys)
    ("cards.yaml", "drift_mode: {type: choice, choices: [or, and],", "drift_mode: {type: choice,"),
    ("cards.yaml", "type: choice, choices: [or, and],", "type: choice, choices: null,"),
    ("cards.yaml", "drift_mode: {type: choice,", "drift_mode: {type: text,"),
    ("cards.yaml", "speed: {type: number, min: 1,", "speed: {type: text, min: 1,"),
]


def _grouped(edits: list[tuple[str, str, str]]) -> list[list[int]]:
    """The edits (by index) sorted into as few groups as possible, each group's edits applying
    to one copy of the kit side by side: no edit's text is touched by another's."""
    groups: list[list[int]] = []
    for i, (file, old, _) in enumerate(edits):
        for group in groups:
            if all(f != file or (o not in old and old not in o and n.find(old) < 0)
                   for f, o, n in (edits[j] for j in group)):  # fmt: skip
                group.append(i)
                break
        else:
            groups.append([i])
    return groups


@pytest.fixture(scope="module")
def checked_good_groups(tmp_path_factory):
    """`printkit check` end to end, once per group of GOOD edits applied together to a copy of
    chariot-race: verdict(index of a GOOD edit) -> that run's (exit code, output). Each group
    runs when a test first asks for one of its edits (a worker checks only the groups it needs).
    """
    from click.testing import CliRunner

    from printkit.cli.app import main

    verdicts: dict[int, tuple[int, str]] = {}

    def check_group(group: list[int]) -> None:
        folder = tmp_path_factory.mktemp("good") / "chariot-race"
        shutil.copytree(DATA / "chariot-race", folder)
        for i in group:
            file, old, new = GOOD[i]
            text = (folder / file).read_text(encoding="utf-8")
            assert text.count(old) == (DATA / "chariot-race" / file).read_text().count(old)
            edit(folder / file, old, new)
        r = CliRunner().invoke(main, ["check", str(folder)], catch_exceptions=False)
        verdicts.update({i: (r.exit_code, r.stdout + r.stderr) for i in group})

    def verdict(index: int) -> tuple[int, str]:
        if index not in verdicts:
            check_group(next(g for g in _grouped(GOOD) if index in g))
        return verdicts[index]

    return verdict


@pytest.mark.parametrize(
    "file, old, new, good",
    [(*e, True) for e in GOOD] + [(*e, False) for e in BAD],
    ids=[f"good:{e[0]}:{e[2][:24]}" for e in GOOD] + [f"bad:{e[0]}:{e[2][:24]}" for e in BAD],
)
def test_editor_schema_and_check_agree(cli, kit_copy, checked_good_groups, file, old, new, good):
    """A bad edit: `printkit check` of the edited copy exits 2. A good edit: the edited copy
    loads and validates (what exit 2 would stop), and `printkit check` passes (exit 0) on a copy
    carrying this edit beside the other good edits that touch other text (checked_good_groups).
    """
    folder = kit_copy("chariot-race")
    edit(folder / file, old, new)
    try:
        flagged = editor_verdict(folder / file)
    except Exception as exc:  # the YAML itself is unreadable: the editor flags it too
        flagged = [str(exc)]
    assert (flagged == []) == good, flagged
    if good:
        load_kit(str(folder)).models()  # validates every file, as check does (InputError)
        exit_code, output = checked_good_groups(GOOD.index((file, old, new)))
        assert exit_code == 0, output
    else:
        r = cli("check", folder)
        assert r.exit_code == 2, r.output


def test_docgen_restores_schemas_and_modelines(kit_copy):
    """`python -m printkit.cli.docgen` is how a new built-in kit gets its schemas and modelines."""
    from printkit.cli.docgen import refresh_kit_schemas

    folder = kit_copy("chariot-race")
    shutil.rmtree(folder / "schema")
    cards = folder / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").split("\n", 1)[1], encoding="utf-8")
    kit = folder / "kit.yaml"
    edit(kit, "$schema=schema/kit.schema.json", "$schema=old/kit.json")
    changed = refresh_kit_schemas(folder)
    assert len(changed) == 7 + 2  # every schema; the two edited modelines
    for file in ("kit.yaml", "cards.yaml", "rules.yaml"):
        assert (folder / file).read_bytes() == (DATA / "chariot-race" / file).read_bytes()
        name = schema_file_name(file)
        assert (folder / "schema" / name).read_bytes() == (
            DATA / "chariot-race" / "schema" / name
        ).read_bytes()
    assert refresh_kit_schemas(folder) == []


def _set(data, path, value):
    for part in path[:-1]:
        data = data[part]
    data[path[-1]] = value


_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 200),
    st.floats(-5, 200, allow_nan=False),
    st.sampled_from(
        ["", "x", "bad id!", "63mm", "2.5in", "12pt", "6px", '3"', "#fff", "#12345g", "or", "poker"]
    ),
)
_VALUES = st.one_of(
    _SCALARS,
    st.lists(_SCALARS, max_size=4),
    st.dictionaries(st.sampled_from(["width", "height", "speed", "zz"]), _SCALARS, max_size=2),
)


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_schema_is_never_stricter_than_check_and_misses_only_unit_length_ranges(data):
    """Random edits anywhere in the chariot-race files: whatever the editor's schema rejects,
    the validator rejects too; the validator rejects more only for a length written with a unit
    that is out of range (a regular expression cannot compare "3in" with 20 mm) and for a field
    declaration whose min is larger than its max (JSON Schema cannot compare two keys)."""
    file = data.draw(st.sampled_from(list(_FILES)))
    schema, original = _FILES[file]
    doc_data = copy.deepcopy(original)
    paths = [p for p in yaml_paths(doc_data) if p]
    path = data.draw(st.sampled_from(paths))
    if data.draw(st.booleans()) and isinstance(path[-1], str):
        path = (*path[:-1], path[-1] + "x")  # an unknown key beside a known one
    _set(doc_data, path, data.draw(_VALUES))
    try:
        with kinds_in_use(_KIT.element_kinds()):  # the game's fan and drift
            validate_document(Document(file, doc_data), schema)
        message = None
    except InputError as exc:
        message = exc.render()
    flagged = list(jsonschema.Draft7Validator(_JSON[file]).iter_errors(doc_data))
    if flagged:
        assert message is not None, [e.message for e in flagged]
    elif message is not None:
        beyond_json = ("must be a length like", "is larger than max")
        assert any(w in message for w in beyond_json) and message.count("error:") == 1, message


def test_an_empty_cards_key_is_no_card_to_the_editor_either():
    """`cards:` written with nothing after it reads as null: check says the deck has no card,
    and the editor's schema flags it too (the example the property test above once found)."""
    schema, original = _FILES["cards.yaml"]
    doc_data = copy.deepcopy(original)
    doc_data["cards"] = None
    assert list(jsonschema.Draft7Validator(_JSON["cards.yaml"]).iter_errors(doc_data))
    with (
        pytest.raises(InputError, match="a deck needs at least one card"),
        kinds_in_use(_KIT.element_kinds()),
    ):
        validate_document(Document("cards.yaml", doc_data), schema)


_KIT = load_kit("chariot-race")
_JSON = kit_schemas(_KIT)
_FILES = {
    "kit.yaml": (manifest_schema(), load_yaml_file(DATA / "chariot-race" / "kit.yaml").data),
    "rules.yaml": (
        game("chariot_race").schema,
        load_yaml_file(DATA / "chariot-race" / "rules.yaml").data,
    ),
    "cards.yaml": (deck_component.schema(_KIT, "cards"), _KIT.document("cards").data),
}


def test_every_component_type_describes_its_data():
    """No built-in kit file falls back to an empty schema: editors check every key."""
    for name in builtin_kit_names():
        for path in (DATA / name / "schema").glob("*.schema.json"):
            schema = json.loads(path.read_text(encoding="utf-8"))
            assert "does not describe" not in schema.get("description", ""), path
            assert schema.get("properties"), path
