"""The user settings file: `printkit config`, and flag > settings > default in builds."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.cli.settings import config_path, resolve_options
from printkit.layout.units import to_mm
from printkit.model.options import Options
from tests.pdfcheck import page_paths


def _first_sheet(pdf_path: Path) -> tuple[float, float, float]:
    """(page width mm, left edge of the left-most front card, of the left-most back card)."""
    front, back = page_paths(pdf_path, first=2)

    def left(shapes: list[dict]) -> float:
        cards = [r for r in shapes if abs(to_mm(r["x1"] - r["x0"]) - 63) < 0.01]
        return round(min(to_mm(r["x0"]) for r in cards), 3)

    width = float(PdfReader(pdf_path).pages[0].mediabox.width)
    return round(to_mm(width), 1), left(front), left(back)


def _build(cli, out: Path, *flags: str) -> tuple[float, float, float]:
    r = cli("build", "chariot-race", "--out", out, "--only", "cards", *flags)
    assert r.exit_code == 0, r.output
    return _first_sheet(out / "chariot-race" / "cards.pdf")


@pytest.mark.slow
def test_flag_beats_settings_beats_default(cli, tmp_path, built_kit):
    # default: A4, no back offset (A4 margin is (210 - 3 x 63) / 2 = 10.5 mm); the shared
    # build of the kit, made without settings
    default = built_kit("chariot-race") / "cards.pdf"
    assert _first_sheet(default) == (210.0, 10.5, 10.5)
    assert cli("config", "set", "paper", "letter").exit_code == 0
    assert cli("config", "set", "back-offset", "-1.5,0.5").exit_code == 0
    # settings: Letter, backs 1.5 mm to the left (margin (215.9 - 189) / 2 = 13.45 mm)
    assert _build(cli, tmp_path / "b") == (215.9, 13.45, 11.95)
    # flags win
    assert _build(cli, tmp_path / "c", "--paper", "a4", "--back-offset", "0,0") == (
        210.0,
        10.5,
        10.5,
    )


def test_resolve_options_precedence_for_every_setting(cli):
    assert resolve_options(paper=None, profile=None, duplex=None, back_offset_mm=None) == Options()
    for key, value in [
        ("paper", "a3"),
        ("profile", "shop"),
        ("duplex", "short"),
        ("back-offset", "2,-1"),
    ]:
        assert cli("config", "set", key, value).exit_code == 0
    from_settings = resolve_options(paper=None, profile=None, duplex=None, back_offset_mm=None)
    assert from_settings == Options("a3", "shop", "short", (2.0, -1.0))
    from_flags = resolve_options(
        paper="letter", profile="home", duplex="off", back_offset_mm=(0.0, 0.0)
    )
    assert from_flags == Options("letter", "home", "off", (0.0, 0.0))


def test_config_commands(cli, tmp_path):
    path = Path(os.environ["PRINTKIT_CONFIG_DIR"]) / "config.yaml"
    assert cli("config", "path").stdout == f"{path}\n"
    assert cli("config", "get", "paper").stdout == "a4\n"
    r = cli("config", "set", "back-offset", "-1,0.5")  # a negative value is not an option
    assert (r.exit_code, r.stdout) == (0, f"back-offset = -1,0.5  (saved in {path})\n")
    assert cli("config", "set", "profile", "shop").exit_code == 0
    assert cli("config", "get", "back-offset").stdout == "-1,0.5\n"
    listing = cli("config", "list").stdout.splitlines()
    assert [line.split()[:3] for line in listing] == [
        ["back-offset", "-1,0.5", "(config)"],
        ["paper", "a4", "(default)"],
        ["profile", "shop", "(config)"],
        ["duplex", "long", "(default)"],
        ["max-ink", "kit", "(default)"],
        ["sheet-margin", "kit", "(default)"],
    ]
    bare = cli("config")  # no subcommand: the list, not a usage error
    assert (bare.exit_code, bare.stdout.splitlines()) == (0, listing)
    assert cli("config", "unset", "profile").stdout == "profile removed; the default applies\n"
    assert cli("config", "get", "profile").stdout == "home\n"
    assert "back-offset: -1,0.5" in path.read_text(encoding="utf-8")
    assert cli("config", "set", "max-ink", "240%").stdout.startswith("max-ink = 240%")
    assert cli("config", "get", "max-ink").stdout == "240%\n"
    assert cli("config", "set", "sheet_margin", "4mm").stdout.startswith("sheet-margin = 4mm")
    assert cli("config", "get", "sheet-margin").stdout == "4mm\n"
    assert "sheet-margin: 4mm" in path.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("set", "paper", "a5"),
            "printkit config set paper: error: paper must be a4, letter, a3 or a size like "
            '"210x297mm" or "8.5x14in"; got \'a5\'',
        ),
        (
            ("set", "back-offset", "30,0"),
            "printkit config set back-offset: error: back-offset must be X,Y in millimetres like "
            "\"0.5,-1\", each within ±20; got '30,0'",
        ),
        (
            ("get", "papr"),
            "printkit config: error: unknown setting 'papr'; did you mean 'paper'? "
            "(settings: back-offset, paper, profile, duplex, max-ink, sheet-margin)",
        ),
    ],
)
def test_bad_settings_on_the_command_line_exit_2(cli, args, message):
    r = cli("config", *args)
    assert r.exit_code == 2
    assert r.stderr.splitlines()[0] == message
    assert not config_path().exists()


def test_a_bad_settings_file_is_a_located_error_and_can_be_repaired(cli, tmp_path):
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("# mine\npaper: a5\nback-ofset: 1,1\n", encoding="utf-8")
    r = cli("build", "chariot-race", "--out", tmp_path)
    assert r.exit_code == 2
    lines = r.stderr.splitlines()
    shown = str(path)
    assert lines[0] == (
        f'{shown}:2:8: error: paper must be a4, letter, a3 or a size like "210x297mm" or '
        f'"8.5x14in"; got "a5"'
    )
    assert lines[1].startswith(
        f"{shown}:3:1: error: unknown key 'back-ofset' in printkit settings; "
        "did you mean 'back-offset'?"
    )
    assert "Traceback" not in r.output
    assert not (tmp_path / "chariot-race").exists()
    assert cli("config", "set", "paper", "letter").exit_code == 0
    assert cli("config", "unset", "back-ofset").exit_code == 2  # not a setting: say so
    path.write_text("paper: letter\n", encoding="utf-8")
    assert cli("build", "chariot-race", "--out", tmp_path, "--only", "bases").exit_code == 0


def test_settings_live_in_the_platform_config_folder(monkeypatch):
    import platformdirs

    monkeypatch.delenv("PRINTKIT_CONFIG_DIR")
    expected = Path(platformdirs.user_config_dir("printkit", appauthor=False)) / "config.yaml"
    assert config_path() == expected


def test_a_custom_paper_size_can_be_the_default(cli, tmp_path):
    from pypdf import PdfReader

    from printkit.layout.units import to_mm

    assert cli("config", "set", "paper", "8.5x14in").exit_code == 0
    r = cli("build", "chariot-race", "--out", tmp_path, "--only", "cards")
    assert r.exit_code == 0, r.output
    page = PdfReader(tmp_path / "chariot-race" / "cards.pdf").pages[0]
    dims = sorted(round(to_mm(float(v)), 1) for v in (page.mediabox.width, page.mediabox.height))
    assert dims == [215.9, 355.6]
    bad = cli("config", "set", "paper", "a5")
    assert bad.exit_code == 2 and 'a size like "210x297mm"' in bad.stderr
