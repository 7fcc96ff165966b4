"""The settings file as a user keeps it: comments survive `config set`, a linked config.yaml is
written through its link, and a settings folder that is a file is a clear input error."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

SETTINGS = (
    "# my printer at the club\npaper: a4   # the club's paper\n\n# fed by hand\nduplex: short\n"
)


@pytest.fixture
def settings_dir(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "settings"
    folder.mkdir()
    monkeypatch.setenv("PRINTKIT_CONFIG_DIR", str(folder))
    return folder


def test_config_set_keeps_comments_and_other_settings(cli, settings_dir):
    (settings_dir / "config.yaml").write_text(SETTINGS, encoding="utf-8")
    assert cli("config", "set", "paper", "letter").exit_code == 0
    assert cli("config", "set", "back-offset", "0.5,-1").exit_code == 0
    text = (settings_dir / "config.yaml").read_text(encoding="utf-8")
    assert text == SETTINGS.replace("a4 ", "letter ") + "back-offset: 0.5,-1\n"
    assert cli("config", "unset", "duplex").exit_code == 0
    text = (settings_dir / "config.yaml").read_text(encoding="utf-8")
    assert "duplex" not in text.replace("# fed by hand", "")
    assert "# my printer at the club" in text and "# the club's paper" in text
    assert cli("config", "get", "paper").stdout.strip() == "letter"


def test_config_set_writes_through_a_linked_settings_file(cli, settings_dir, tmp_path):
    real = tmp_path / "dotfiles" / "printkit.yaml"
    real.parent.mkdir()
    real.write_text(SETTINGS, encoding="utf-8")
    link = settings_dir / "config.yaml"
    link.symlink_to(real)
    r = cli("config", "set", "paper", "letter")
    assert r.exit_code == 0, r.output
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert "paper: letter   # the club's paper" in real.read_text(encoding="utf-8")
    assert cli("config", "get", "paper").stdout.strip() == "letter"


def test_a_settings_file_that_is_a_folder_is_refused(cli, settings_dir):
    (settings_dir / "config.yaml").mkdir()
    r = cli("config", "set", "paper", "letter")
    assert r.exit_code == 2, r.output
    assert "config.yaml" in r.stderr and "internal error" not in r.output


@pytest.mark.parametrize(
    "args",
    [
        ("config", "set", "paper", "letter"),
        ("config", "list"),
        ("config", "unset", "paper"),
        ("calibrate", "--out", "unused.pdf"),
    ],
)
@pytest.mark.parametrize("inside", [False, True])
def test_a_settings_folder_that_is_a_file_is_an_input_error(
    cli, tmp_path, monkeypatch, args, inside
):
    a_file = tmp_path / "not-a-folder"
    a_file.write_text("x", encoding="utf-8")
    folder = a_file / "printkit" if inside else a_file
    monkeypatch.setenv("PRINTKIT_CONFIG_DIR", str(folder))
    monkeypatch.chdir(tmp_path)
    r = cli(*args)
    assert r.exit_code == 2, r.output
    assert f"PRINTKIT_CONFIG_DIR={folder}: error: the settings folder" in r.stderr
    assert "not a folder" in r.stderr
    assert a_file.read_text(encoding="utf-8") == "x"
    assert not (tmp_path / "unused.pdf").exists()


def test_the_settings_file_reads_into_typed_settings_with_their_positions(settings_dir):
    from printkit.cli.settings import load_settings, resolve_options
    from printkit.load.schema import where
    from printkit.model.settings import Settings

    (settings_dir / "config.yaml").write_text(
        "# mine\nduplex: off\nback-offset: 1.5,-0.5\n", encoding="utf-8"
    )
    settings = load_settings()
    assert isinstance(settings, Settings)
    assert settings == Settings(duplex="off", back_offset_mm=(1.5, -0.5))
    assert settings.chosen() == {"duplex": "off", "back_offset_mm": (1.5, -0.5)}
    offset_at = where(settings, "back-offset")
    assert offset_at is not None and (offset_at.line, offset_at.col) == (3, 14)
    options = resolve_options(paper=None, duplex="short", back_offset_mm=None)
    assert (options.paper, options.duplex, options.back_offset_mm) == ("a4", "short", (1.5, -0.5))
    (settings_dir / "config.yaml").write_text("# nothing set yet\n", encoding="utf-8")
    assert load_settings() == Settings() and Settings().chosen() == {}


def test_every_setting_is_a_field_of_the_settings_record_and_of_options():
    from printkit.cli.settings import SETTINGS
    from printkit.model.options import Options
    from printkit.model.settings import settings_schema

    assert list(SETTINGS) == [
        "back-offset",
        "paper",
        "profile",
        "duplex",
        "max-ink",
        "sheet-margin",
    ]
    assert list(SETTINGS) == list(settings_schema().fields)
    options = set(Options._fields)
    assert {setting.option for setting in SETTINGS.values()} <= options
    assert SETTINGS["back-offset"].option == "back_offset_mm"
    assert SETTINGS["duplex"].help == settings_schema().fields["duplex"].doc


@pytest.mark.parametrize(
    ("text", "valid"),
    [
        ("duplex: off\n", True),
        ("back-offset: 1.5,-0.5\npaper: letter\nprofile: shop\n", True),
        ("profile: studio\n", False),
        ("dupelx: long\n", False),
        ("back-offset: 1.5\n", False),
        ("duplex: 3\n", False),
    ],
)
def test_the_settings_json_schema_agrees_with_the_validator(cli, settings_dir, text, valid):
    import json

    import jsonschema

    from printkit.load.yamlsafe import parse_yaml

    r = cli("config", "schema")
    assert r.exit_code == 0, r.output
    schema = json.loads(r.stdout)
    jsonschema.Draft7Validator.check_schema(schema)
    data = parse_yaml(text, "config.yaml").data  # YAML 1.2, as printkit reads it: off is text
    assert jsonschema.Draft7Validator(schema).is_valid(data) is valid
    (settings_dir / "config.yaml").write_text(text, encoding="utf-8")
    listing = cli("config", "list")
    assert listing.exit_code == (0 if valid else 2), listing.output
    if not valid:
        assert "config.yaml:1:" in listing.stderr and "Traceback" not in listing.output


def test_printkit_help_reads_no_settings_schema_or_yaml():
    """The settings' record sits in model/settings.py, loaded by a command that reads them, not
    by `printkit --help` (whose command list imports commands/calibrate.py and config.py)."""
    import subprocess
    import sys

    probe = (
        "import sys\nfrom click.testing import CliRunner\nfrom printkit.cli.app import main\n"
        "assert CliRunner().invoke(main, ['--help']).exit_code == 0\n"
        "print(sorted(m for m in ('yaml', 'printkit.cli.settings', 'printkit.load.schema', "
        "'printkit.model.settings') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
