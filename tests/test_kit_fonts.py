"""A kit's own fonts: embedded when good; a located input error when missing or not embeddable."""

import shutil

import pytest

from printkit.draw.fonts import FONT_DIR
from tests.conftest import edit, line_of
from tests.pdfcheck import assert_fonts_embedded, page_chars


def _with_font(kit, file_name: str, content: bytes | None = None) -> None:
    (kit / "fonts").mkdir(exist_ok=True)
    target = kit / "fonts" / file_name
    if content is None:
        shutil.copy(FONT_DIR / "DejaVuSans-Oblique.ttf", target)
    else:
        target.write_bytes(content)
    edit(kit / "kit.yaml", "components:\n", f"fonts:\n  display: fonts/{file_name}\ncomponents:\n")


@pytest.mark.slow
def test_a_kit_font_replaces_its_role_and_is_embedded(cli, kit_copy, tmp_path):
    kit = kit_copy("chariot-race")
    _with_font(kit, "Custom.ttf")
    r = cli("build", kit, "--out", tmp_path, "--only", "cards")
    assert r.exit_code == 0, r.output
    pdf = tmp_path / "chariot-race" / "cards.pdf"
    assert_fonts_embedded(pdf)
    big = [c for c in page_chars(pdf)[0] if c["size"] > 40]  # the speed numerals
    assert big and all(c["fontname"].endswith("DejaVuSans-Oblique") for c in big)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"this is not a font at all", "not a TrueType font file"),
        (b"OTTO" + b"\0" * 200, "PostScript (CFF) outlines"),
        ((FONT_DIR / "DejaVuSans.ttf").read_bytes()[:3000], "cannot embed this font"),
    ],
    ids=["text", "cff", "truncated"],
)
def test_a_font_that_cannot_be_embedded_is_an_input_error(
    cli, kit_copy, tmp_path, content, message
):
    kit = kit_copy("chariot-race")
    _with_font(kit, "Bad.ttf", content)
    line = line_of(kit / "kit.yaml", "display: fonts/Bad.ttf")
    r = cli("build", kit, "--out", tmp_path / "out")
    assert r.exit_code == 2, r.output
    assert f"{kit / 'kit.yaml'}:{line}:" in r.stderr and message in r.stderr
    assert "Traceback" not in r.output
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.pdf"))


def test_a_missing_font_file_is_reported_at_its_line(cli, kit_copy):
    kit = kit_copy("chariot-race")
    edit(kit / "kit.yaml", "components:\n", "fonts:\n  heading: fonts/Gone.ttf\ncomponents:\n")
    r = cli("check", kit)
    assert r.exit_code == 2
    line = line_of(kit / "kit.yaml", "fonts/Gone.ttf")
    assert f"{kit / 'kit.yaml'}:{line}:" in r.stderr and "not found" in r.stderr


def test_a_font_outside_the_kit_is_refused(cli, kit_copy):
    kit = kit_copy("chariot-race")
    edit(kit / "kit.yaml", "components:\n", "fonts:\n  body: ../../etc/passwd\ncomponents:\n")
    r = cli("check", kit)
    assert r.exit_code == 2 and "leads outside the kit folder" in r.stderr


def test_a_font_file_over_the_size_limit_is_refused_unread(cli, kit_copy, monkeypatch):
    """A 1 GB font was read whole (2 GB of memory a process); the size is checked first."""
    from printkit.core import limits

    kit = kit_copy("chariot-race")
    _with_font(kit, "Huge.ttf", b"")
    with (kit / "fonts" / "Huge.ttf").open("wb") as handle:
        handle.truncate(limits.MAX_FONT_BYTES + 1)  # sparse: no disk used
    opened: list = []
    real_open = type(kit).open
    monkeypatch.setattr(
        type(kit), "open", lambda self, *a, **k: opened.append(self) or real_open(self, *a, **k)
    )
    r = cli("check", kit)
    assert r.exit_code == 2, r.output
    line = line_of(kit / "kit.yaml", "display: fonts/Huge.ttf")
    assert f"{kit / 'kit.yaml'}:{line}:" in r.stderr
    assert f"the limit (MAX_FONT_BYTES) is {limits.MAX_FONT_BYTES:,}" in r.stderr
    assert not [p for p in opened if p.name == "Huge.ttf"]


@pytest.mark.slow
def test_a_kits_fonts_travel_with_its_canvas_not_with_module_state(kit_copy, tmp_path):
    """Two kits drawn in one process, interleaved, each with no context entered: each PDF has
    its own kit's fonts (the canvas made for a kit carries them, draw/fonts.py)."""
    from printkit.kit import Derived, load_kit

    own = kit_copy("chariot-race")
    _with_font(own, "Custom.ttf")
    plain = load_kit("chariot-race")
    styled = load_kit(str(own))
    styled.fonts()  # registered and checked, as every build does first
    for name, kit in (("styled", styled), ("plain", plain), ("again", styled)):
        kit.component("cards").render(kit, Derived(), "cards", tmp_path / f"{name}.pdf")
    for name, expected in (
        ("styled", "DejaVuSans-Oblique"),
        ("plain", "DejaVuSerifCondensed-Bold"),
    ):
        big = [c for c in page_chars(tmp_path / f"{name}.pdf")[0] if c["size"] > 40]
        assert big and all(c["fontname"].endswith(expected) for c in big), name
    assert (tmp_path / "again.pdf").read_bytes() == (tmp_path / "styled.pdf").read_bytes()
