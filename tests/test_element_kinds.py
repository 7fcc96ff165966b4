"""Element kinds come from a registry: each kind is one class (printkit/elements/<kind>.py, or a
game's own), its keys its schema, its docs table and its JSON Schema, and it draws itself.

The example game package (tests/fixtures/stamp_game) adds a `stamp` kind through the plug-in
API alone; it is "installed" the way pip lays out a wheel (tests/conftest.install_fixture), and
a kit whose rules module is that game draws stamps on its cards.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pdfplumber
import pytest

from printkit.layout.units import to_mm
from printkit.plugins import ENTRY_POINT_GROUP
from tests.conftest import edit, install_fixture, line_of, untextured

PACKAGE = Path(__file__).parent / "fixtures" / "stamp_game"
RED = "#c0392b"
STAMP = (
    '      - {element: stamp, box: ["55%", "70%", "40%", "25%"], within: safe, text: PAID, '
    f'colour: "{RED}", ring: 1.2mm}}\n'
)


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """The example game package, installed into a site folder on sys.path."""
    entry = f"[{ENTRY_POINT_GROUP}]\nstamp = stamp_game.game:GAME\n"
    site = install_fixture(tmp_path / "site", PACKAGE, "stamp-game", entry)
    monkeypatch.syspath_prepend(str(site))
    yield site
    for name in [m for m in sys.modules if m.split(".")[0] == "stamp_game"]:
        del sys.modules[name]  # the next test imports its own copy


@pytest.fixture
def stamp_kit(cli, tmp_path):
    """A new kit whose first card kind's face ends with a stamp, its rules module the stamp
    game (given by `installed`)."""
    folder = tmp_path / "game"
    assert cli("new", folder).exit_code == 0
    untextured(folder)  # its pages are read back: thousands of texture marks, no stamp
    edit(folder / "kit.yaml", "rules:\n", "rules:\n  module: stamp\n")
    cards = folder / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    first_face_end = text.index("\n", text.index("{element: text,")) + 1
    cards.write_text(text[:first_face_end] + STAMP + text[first_face_end:], encoding="utf-8")
    return folder


def test_the_pyproject_declares_what_the_test_installs():
    text = (PACKAGE / "pyproject.toml").read_text(encoding="utf-8")
    assert f'[project.entry-points."{ENTRY_POINT_GROUP}"]\nstamp = "stamp_game.game:GAME"' in text


def test_a_game_package_adds_a_kind_its_kit_draws(cli, installed, stamp_kit, tmp_path):
    r = cli("build", stamp_kit, "--out", tmp_path / "out")
    assert r.exit_code == 0, r.output
    with pdfplumber.open(tmp_path / "out" / "game" / "cards.pdf") as pdf:
        page = pdf.pages[0]
        red = (0xC0 / 255, 0x39 / 255, 0x2B / 255)
        rings = [
            c
            for c in page.curves
            if c.get("stroking_color")
            and all(abs(a - b) < 0.01 for a, b in zip(c["stroking_color"], red, strict=True))
        ]
        assert rings, "no ring drawn in the stamp's colour"
        ring = rings[0]
        width, height = to_mm(ring["x1"] - ring["x0"]), to_mm(ring["bottom"] - ring["top"])
        assert abs(width - height) < 0.1  # a circle
        assert abs(ring["linewidth"] - 1.2 * 72 / 25.4) < 0.01  # ring: 1.2mm
        inside = [
            ch
            for ch in page.chars
            if ring["x0"] < ch["x0"] < ring["x1"] and ring["top"] < ch["top"] < ring["bottom"]
        ]
        word = [ch for ch in inside if ch["text"] in "PAID"]
        assert "".join(ch["text"] for ch in word) == "PAID", inside  # the word, in its ring
        for ch in word:  # in the stamp's colour
            assert all(
                abs(a - b) < 0.01 for a, b in zip(ch["non_stroking_color"], red, strict=True)
            )


@pytest.fixture
def plain_stamp_kit(cli, tmp_path):
    """A new kit (no game module) whose first card kind's face ends with a stamp."""
    folder = tmp_path / "plain"
    assert cli("new", folder).exit_code == 0
    untextured(folder)  # its pages are read back: thousands of texture marks, no stamp
    cards = folder / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    first_face_end = text.index("\n", text.index("{element: text,")) + 1
    cards.write_text(text[:first_face_end] + STAMP + text[first_face_end:], encoding="utf-8")
    return folder


def _install_kind(tmp_path, monkeypatch, value: str) -> None:
    """The example package installed with `value` as its `printkit.elements` entry point."""
    from printkit.plugins import ELEMENTS_GROUP

    entry = f"[{ELEMENTS_GROUP}]\nstamp = {value}\n"
    site = install_fixture(tmp_path / "site", PACKAGE, "stamp-game", entry)
    monkeypatch.syspath_prepend(str(site))


def test_an_installed_package_adds_a_kind_every_kit_may_use(
    cli, tmp_path, monkeypatch, plain_stamp_kit
):
    _install_kind(tmp_path, monkeypatch, "stamp_game.stamp:Stamp")
    try:
        r = cli("build", plain_stamp_kit, "--out", tmp_path / "out")
        assert r.exit_code == 0, r.output
        with pdfplumber.open(tmp_path / "out" / "plain" / "cards.pdf") as pdf:
            assert "PAID" in (pdf.pages[0].extract_text() or "")
    finally:
        for name in [m for m in sys.modules if m.split(".")[0] == "stamp_game"]:
            del sys.modules[name]


def test_an_installed_kind_that_cannot_load_is_an_error_at_the_element(
    cli, tmp_path, monkeypatch, plain_stamp_kit
):
    _install_kind(tmp_path, monkeypatch, "stamp_game.nowhere:Stamp")
    r = cli("check", plain_stamp_kit)
    assert r.exit_code == 2, r.output
    line = line_of(plain_stamp_kit / "cards.yaml", "element: stamp")
    assert f"cards.yaml:{line}:" in r.output and "Traceback" not in r.output
    assert "element kind 'stamp'" in r.output and "cannot be imported" in r.output


def test_a_kit_without_the_game_cannot_name_its_kind(cli, installed, stamp_kit):
    edit(stamp_kit / "kit.yaml", "  module: stamp\n", "")
    r = cli("check", stamp_kit)
    assert r.exit_code == 2, r.output
    line = line_of(stamp_kit / "cards.yaml", "element: stamp")
    assert f"cards.yaml:{line}:" in r.output
    assert "element must be one of header, value, title, text" in r.output
    assert "got 'stamp'" in r.output and "Traceback" not in r.output


def test_the_kind_is_in_the_kits_schema_for_editors(installed, stamp_kit):
    from printkit.cli.commands.schema import kit_schemas
    from printkit.kit import load_kit

    schema = kit_schemas(load_kit(str(stamp_kit)))["cards.yaml"]
    kinds = schema["$defs"]["face-element"]["oneOf"]
    stamp = next(k for k in kinds if k["properties"]["element"]["enum"] == ["stamp"])
    assert set(stamp["properties"]) == {
        "element", "box", "within", "text", "size", "min_size", "colour", "ring", "rotate", "when",
    }  # fmt: skip
    assert stamp["properties"]["ring"]["description"] == "the ring's line width"


def test_a_key_of_another_kind_is_an_error_naming_the_kinds_keys(cli, installed, stamp_kit):
    edit(stamp_kit / "cards.yaml", "text: PAID,", "text: PAID, rows: [[a]],")
    r = cli("check", stamp_kit)
    assert r.exit_code == 2, r.output
    line = line_of(stamp_kit / "cards.yaml", "rows: [[a]]")
    assert f"cards.yaml:{line}:" in r.output
    assert "unknown key 'rows' in stamp element" in r.output and "ring" in r.output


def test_every_built_in_kind_has_its_own_module_and_docs_table():
    from printkit.elements import BUILTIN_KINDS
    from printkit.model.face import element_kinds

    kinds = element_kinds()
    assert [k.kind for k in kinds] == list(BUILTIN_KINDS)
    text = (Path(__file__).parents[1] / "docs" / "data-format.md").read_text(encoding="utf-8")
    for kind in kinds:
        assert kind.__module__ == f"printkit.elements.{BUILTIN_KINDS[kind.kind]}"
        assert kind.__doc__ and kind.kind_doc
        assert f"#### element: {kind.kind}\n" in text


def test_the_element_tables_drift_when_a_kind_changes(monkeypatch):
    """docs/data-format.md's element tables come from the kinds' keys: changing a key's meaning
    makes the generated block stale (tests/test_docs.py then fails)."""
    import dataclasses

    from printkit.cli import docgen
    from printkit.elements.shape import Shape
    from printkit.load.records import RECORD, record_of

    path = docgen.DOCS / "data-format.md"
    text = path.read_text(encoding="utf-8")
    assert docgen.refresh(text, docgen.GENERATORS["data-format.md"]) == text
    made = record_of(Shape)
    radius = dataclasses.replace(made.fields["radius"], doc="the corner radius, changed")
    monkeypatch.setattr(
        Shape, RECORD, dataclasses.replace(made, fields={**made.fields, "radius": radius})
    )
    refreshed = docgen.refresh(text, docgen.GENERATORS["data-format.md"])
    assert refreshed != text and "the corner radius, changed" in refreshed


# -- what the engine keeps: nothing that serves one seed game alone ------------------------------

SEEDS = ("chariot-race", "carthage", "chartae")
DATA = Path(__file__).parents[1] / "data"
# engine kinds and icons that one seed kit alone uses, kept for what they are besides
GENERIC = {
    "band": "boxed text under a caption strip: a card layout any game may use",
    "laurel": "one of the pictures of the kit `printkit new` makes",
    "torch": "one of the pictures of the kit `printkit new` makes",
    "palm": "one of the pictures of the kit `printkit new` makes",
    "horse": "one of the pictures of the kit `printkit new` makes",
    "sword": "one of the pictures of the kit `printkit new` makes",
}


def _seed_kits_naming(pattern: str) -> set[str]:
    """The seed kits whose data files match `pattern` (a regular expression)."""
    import re

    found = set()
    for kit in SEEDS:
        for path in (DATA / kit).glob("*.yaml"):
            if re.search(pattern, path.read_text(encoding="utf-8")):
                found.add(kit)
    return found


def test_no_engine_kind_or_icon_serves_one_seed_kit_alone():
    """A kind or icon of the engine is used by no seed kit, by two or more, or is generic
    (GENERIC says why); what one seed game alone uses lives in its package under games/."""
    import re

    from printkit.draw.icons import BUILTIN
    from printkit.model.face import element_kinds

    alone = {}
    for kind in element_kinds():
        users = _seed_kits_naming(rf"element:\s*{re.escape(kind.kind)}\b")
        if len(users) == 1 and kind.kind not in GENERIC:
            alone[kind.kind] = users
    for name in BUILTIN.names():
        word = re.escape(name)
        users = _seed_kits_naming(
            rf"(?:icon|emblem|ornament):\s*[\"']?{word}(?![\w-])|\{{icon:{word}\}}"
            rf"|ornaments:\s*\{{[^}}]*\b{word}:"
        )
        if len(users) == 1 and name not in GENERIC:
            alone[name] = users
    assert alone == {}


def test_a_games_icons_are_its_kits_alone(cli, tmp_path):
    from printkit.draw.icons import BUILTIN
    from printkit.kit import load_kit

    assert "egg" not in BUILTIN and "whale" not in BUILTIN
    assert "egg" in load_kit("carthage").icons() and "whale" in load_kit("chartae").icons()
    folder = tmp_path / "game"
    assert cli("new", folder).exit_code == 0
    untextured(folder)  # its pages are read back: thousands of texture marks, no stamp
    edit(folder / "cards.yaml", "icon: palm,", "icon: egg,")
    r = cli("check", folder)
    assert r.exit_code == 2 and "unknown icon 'egg'" in r.output, r.output
