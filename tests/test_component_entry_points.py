"""Component types from outside: a package declares its type in the entry-point group
`printkit.components`, and a kit names it in kit.yaml (`type: label-sheet`).

The example package (tests/fixtures/club_labels) is "installed" the way pip lays out a wheel:
the package and a `club_labels-0.1.dist-info` folder with METADATA and entry_points.txt in a
site folder on sys.path, so importlib.metadata discovers it as it would any installed package.
Build, check, the parallel build's workers, gang sheets and serve's rebuild all handle it
through the plug-in API (printkit/api.py) alone.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pdfplumber
import pytest

from printkit.layout.units import to_mm
from printkit.live.loop import LiveKit
from printkit.plugins import COMPONENTS_GROUP, component_types
from tests.conftest import edit, install_fixture, line_of

PACKAGE = Path(__file__).parent / "fixtures" / "club_labels"
LABELS = "width: 70mm\nheight: 30mm\nlabels:\n  - Gold mine\n  - Silver vein\n  - Copper pit\n"


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """The example package, installed into a site folder on sys.path."""
    entry = f"[{COMPONENTS_GROUP}]\nlabel-sheet = club_labels.component:LABEL_SHEET\n"
    site = install_fixture(tmp_path / "site", PACKAGE, "club-labels", entry)
    monkeypatch.syspath_prepend(str(site))
    yield site
    for name in [m for m in sys.modules if m.split(".")[0] == "club_labels"]:
        del sys.modules[name]  # the next test imports its own copy


@pytest.fixture
def label_kit(cli, tmp_path):
    """A new kit with a label sheet beside its deck."""
    folder = tmp_path / "game"
    assert cli("new", folder).exit_code == 0
    with (folder / "kit.yaml").open("a", encoding="utf-8") as f:
        f.write("  labels:\n    type: label-sheet\n    file: labels.yaml\n    title: Labels\n")
    (folder / "labels.yaml").write_text(LABELS, encoding="utf-8")
    return folder


def _labels_pdf(path: Path) -> tuple[list[str], list[tuple[float, float]], tuple[float, float]]:
    """The label texts, the sizes (mm) of the 0.5 pt rectangles drawn, and the page size (mm)."""
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        lines = (page.extract_text() or "").splitlines()
        boxes = [
            (round(to_mm(r["width"]), 1), round(to_mm(r["height"]), 1))
            for r in page.rects
            if abs(r["linewidth"] - 0.5) < 1e-6
        ]
        return lines, boxes, (round(to_mm(page.width)), round(to_mm(page.height)))


def test_the_pyproject_declares_what_the_test_installs():
    text = (PACKAGE / "pyproject.toml").read_text(encoding="utf-8")
    entry = 'label-sheet = "club_labels.component:LABEL_SHEET"'
    assert f'[project.entry-points."{COMPONENTS_GROUP}"]\n{entry}' in text


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_installed_component_type_builds_its_pdf(cli, installed, label_kit, tmp_path, jobs):
    assert "label-sheet" in component_types()
    r = cli("build", label_kit, "--out", tmp_path / "out", "-j", jobs)
    assert r.exit_code == 0, r.output
    lines, boxes, page = _labels_pdf(tmp_path / "out" / "game" / "labels.pdf")
    assert sorted(page) == [210, 297]  # A4 (turned as the grid fits best), the home default
    assert boxes == [(70.0, 30.0)] * 3  # one cut label per line of labels.yaml, at its size
    for name in ("Gold mine", "Silver vein", "Copper pit"):
        assert any(name in line for line in lines), (name, lines)
    assert any("Labels · sheet 1 front · page 1 of 1" in line for line in lines), lines


def test_check_validates_the_installed_types_data_at_its_line(cli, installed, label_kit):
    assert cli("check", label_kit).exit_code == 0
    labels = label_kit / "labels.yaml"
    edit(labels, "height: 30mm", "height: thirty")
    r = cli("check", label_kit)
    assert r.exit_code == 2, r.output
    assert f"{labels}:{line_of(labels, 'height:')}:9: error:" in r.stderr


def test_gang_sheets_take_its_pieces_through_the_api(cli, installed, label_kit, tmp_path):
    edit(label_kit / "kit.yaml", "components:\n", "gang: [labels]\ncomponents:\n")
    r = cli("build", label_kit, "--out", tmp_path / "out", "-j", "1", "--gang")
    assert r.exit_code == 0, r.output
    lines, boxes, _ = _labels_pdf(tmp_path / "out" / "game" / "gang.pdf")
    assert boxes == [(70.0, 30.0)] * 3
    assert any("gang sheet 1 of 1 front: Labels" in line for line in lines)
    assert not (tmp_path / "out" / "game" / "labels.pdf").exists()


@pytest.mark.slow
def test_serve_rebuilds_it_after_an_edit(installed, label_kit, tmp_path):
    live = LiveKit(str(label_kit), tmp_path / "out")
    first = live.refresh(build_pdfs=True)
    assert not first.error, first.error
    pages = {p["component"]: p["pages"] for p in first.pages}
    assert len(pages["labels"]) == 1  # one sheet, thumbnailed
    edit(label_kit / "labels.yaml", "- Copper pit", "- Tin seam")
    second = live.refresh(build_pdfs=True)
    assert not second.error, second.error
    lines, _, _ = _labels_pdf(tmp_path / "out" / "game" / "labels.pdf")
    assert any("Tin seam" in line for line in lines)
    assert not any("Copper pit" in line for line in lines)


def test_without_the_package_the_type_is_an_input_error_at_kit_yaml(cli, label_kit):
    assert "label-sheet" not in component_types()
    r = cli("check", label_kit)
    assert r.exit_code == 2, r.output
    manifest = label_kit / "kit.yaml"
    assert f"{manifest}:{line_of(manifest, 'type: label-sheet')}:11: error:" in r.stderr


def test_an_installed_type_that_cannot_be_imported_is_an_input_error_at_its_type(
    cli, installed, label_kit
):
    (installed / "club_labels" / "component.py").write_text("import no_such_module_anywhere\n")
    r = cli("build", label_kit, "--out", label_kit / "out")
    assert r.exit_code == 2, r.output
    manifest = label_kit / "kit.yaml"
    line = line_of(manifest, "type: label-sheet")
    assert f"{manifest}:{line}:11: error: the installed component type 'label-sheet'" in r.stderr
    assert "ModuleNotFoundError: No module named 'no_such_module_anywhere'" in r.stderr
    assert "Traceback" not in r.output


def test_a_type_written_before_its_members_took_the_builds_derived_is_refused_by_name(
    cli, installed, label_kit
):
    """The package as it was written before `render`, `piece_groups` (and the other members
    that lay out or draw) took the build's `Derived` after the kit: an input error at its
    `type:` that says which member and what printkit passes it, never a traceback."""
    module = installed / "club_labels" / "component.py"
    text = module.read_text(encoding="utf-8")
    older = (
        text.replace("derived: Derived, ", "")
        .replace("        derived: Derived,\n", "")
        .replace(
            "self.piece_groups(kit, derived, component_id)", "self.piece_groups(kit, component_id)"
        )
        .replace("derived.laid_out(component_id, lay_out)", "lay_out()")
    )
    assert "derived" not in older.replace("Derived,\n", "")
    module.write_text(older, encoding="utf-8")
    r = cli("build", label_kit, "--out", label_kit / "out")
    assert r.exit_code == 2, r.output
    manifest = label_kit / "kit.yaml"
    line = line_of(manifest, "type: label-sheet")
    assert f"{manifest}:{line}:11: error: the installed component type 'label-sheet'" in r.stderr
    assert (
        "cannot take what printkit passes its render: it is render(kit: 'Kit', component_id"
        in r.stderr
    )
    assert "printkit calls render(kit, derived, component_id, path, progress)" in r.stderr
    assert "Traceback" not in r.output and not (label_kit / "out" / "game").exists()


def test_a_kit_is_no_longer_up_to_date_once_its_installed_type_is_gone(
    cli, installed, label_kit, tmp_path, monkeypatch
):
    """An installed type's code is not in the build key, so its kit is never told up to date
    from the build record alone (build/uptodate.py): uninstalled, it is the kit's input error."""
    out = tmp_path / "out"
    assert cli("build", label_kit, "--out", out, "-j", "1").exit_code == 0
    again = cli("build", label_kit, "--out", out)
    assert again.stdout.endswith("everything is up to date (--force rebuilds anyway)\n")
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p != str(installed)])
    for name in [m for m in sys.modules if m.split(".")[0] == "club_labels"]:
        monkeypatch.delitem(sys.modules, name)
    r = cli("build", label_kit, "--out", out)
    assert r.exit_code == 2, r.output
    manifest = label_kit / "kit.yaml"
    assert f"{manifest}:{line_of(manifest, 'type: label-sheet')}:11: error:" in r.stderr
