"""`printkit build KIT --only COMPONENT[,COMPONENT]`: build just those components."""

from pypdf import PdfReader

from printkit.layout.sizes import PAPER
from printkit.layout.units import to_mm


def test_only_builds_the_named_components_and_keeps_the_rest(cli, tmp_path):
    out = tmp_path / "out"
    r = cli("build", "chariot-race", "--out", out, "--only", "damage-chart,playing-area")
    assert r.exit_code == 0, r.output
    folder = out / "chariot-race"
    assert sorted(p.name for p in folder.glob("*.pdf")) == ["damage-chart.pdf", "playing-area.pdf"]
    plan = PdfReader(folder / "playing-area.pdf").pages[0]
    a4 = PAPER["a4"].rotated()  # the plan is a landscape home sheet
    assert round(to_mm(float(plan.mediabox.width))) == round(to_mm(a4.width))
    assert round(to_mm(float(plan.mediabox.height))) == round(to_mm(a4.height))
    chart = (folder / "damage-chart.pdf").stat().st_mtime_ns

    r = cli("build", "chariot-race", "--out", out, "--only", "bases")
    assert r.exit_code == 0, r.output
    assert "bases.pdf" in r.stdout and "damage-chart.pdf" not in r.stdout
    assert (folder / "damage-chart.pdf").stat().st_mtime_ns == chart  # left as it was

    r = cli("build", "chariot-race", "--out", out, "--only", "damage-chart", "--only", "bases")
    assert r.exit_code == 0 and "everything is up to date" in r.stdout, r.output


def test_only_an_unknown_component_is_an_input_error(cli, tmp_path):
    out = tmp_path / "out"
    r = cli("build", "chariot-race", "--out", out, "--only", "cards,dice")
    assert r.exit_code == 2, r.output
    assert "kit.yaml:" in r.stderr and "no component 'dice'" in r.stderr
    assert "its components are: cards, templates" in r.stderr
    assert not out.exists() or not any(out.rglob("*.pdf"))
