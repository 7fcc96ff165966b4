"""-q and -v on every command; progress on long work, on a terminal only."""

from __future__ import annotations

import sys
from pathlib import Path

import click
import pytest

from printkit.cli.app import LAZY_COMMANDS, main, progress_shown
from printkit.core.progress import listening, ticking


@pytest.mark.parametrize("command", ["build", "list", *sorted(LAZY_COMMANDS)])
def test_every_command_takes_quiet_and_verbose(cli, command):
    r = cli(command, "--help")
    assert r.exit_code == 0
    assert "-q, --quiet" in r.stdout and "-v, --verbose" in r.stdout


def test_a_quiet_build_says_nothing_but_a_verbose_one_says_more(cli, tmp_path):
    quiet = cli("build", "chartae", "--out", tmp_path / "q", "-q", "-j", "1")
    assert quiet.exit_code == 0 and quiet.stdout == "", quiet.output
    assert (tmp_path / "q" / "chartae" / "tiles.pdf").is_file()
    loud = cli("build", "chartae", "--out", tmp_path / "v", "-v", "-j", "1")
    assert loud.exit_code == 0 and "wrote" in loud.stdout
    assert "options: profile home, paper a4" in loud.stderr and "built in" in loud.stderr


def test_a_quiet_check_shows_no_info_lines(cli):
    said = cli("check", "chartae")
    quiet = cli("check", "chartae", "-q")
    assert " info [" in said.stdout and " info [" not in quiet.stdout
    assert quiet.exit_code == said.exit_code == 0


def test_loops_tell_a_listener_how_far_they_came():
    heard = []
    with listening(lambda what, done, total: heard.append((what, done, total))):
        assert list(ticking(range(3), "racing")) == [0, 1, 2]
    assert heard == [("racing", 1, 3), ("racing", 2, 3), ("racing", 3, 3)]
    assert list(ticking(range(2), "no one listens")) == [0, 1]


def test_a_simulation_ticks_once_per_game(kit_copy):
    from printkit.kit import load_kit

    kit = load_kit("chartae")
    ticks = []
    with listening(lambda what, done, total: ticks.append(done)):
        kit.game().simulate(kit, None, 40, 7)
    assert ticks[-1] == 40


def test_progress_is_drawn_on_a_terminal_and_not_elsewhere(monkeypatch, capsys):
    with click.Context(main):
        with progress_shown():
            list(ticking(range(5), "racing"))
        assert capsys.readouterr().err == ""
        monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
        with progress_shown():
            list(ticking(range(5), "racing"))
        assert "racing" in capsys.readouterr().err


MINI = Path(__file__).parent / "fixtures" / "mini"


@pytest.mark.slow  # every command that writes, run on a kit
def test_quiet_prints_nothing_but_errors_on_every_command_that_writes(cli, tmp_path, monkeypatch):
    """-q: no "wrote" lines, notes, hints or summaries; only errors (and a command's answer)."""
    out = tmp_path / "out"
    monkeypatch.setenv("PRINTKIT_CONFIG_DIR", str(tmp_path / "settings"))
    runs = [
        ("build", MINI, "--out", out),
        ("check", MINI),
        ("export", MINI, "--tts", "--out", out),
        ("export", MINI, "--cards", "csv", "--out", out),
        ("new", tmp_path / "My Game"),
        ("calibrate", "--sheet", out / "calibration.pdf"),
        ("schema", MINI, "--out", tmp_path / "schema"),
        ("icons", MINI, "--out", out),
        ("preflight", out / "mini" / "cards.pdf", "--standard", "home"),
        ("config", "set", "paper", "letter"),
        ("config", "unset", "paper"),
    ]
    for args in runs:
        r = cli(*args, "-q")
        assert r.exit_code == 0, (args, r.output)
        assert r.stdout == r.stderr == "", (args, r.output)
    assert (out / "mini" / "tts" / "cards.json").is_file()  # quiet, not idle


def test_quiet_still_prints_errors_and_a_read_only_command_says_nothing_of_writing(cli, kit_copy):
    kit = kit_copy("chartae")
    (kit / "kit.yaml").write_text("name: [\n", encoding="utf-8")
    for command in ("check", "build"):
        r = cli(command, kit, "-q")
        assert r.exit_code == 2 and "kit.yaml:" in r.stderr and "error" in r.stderr
    checked = cli("check", kit)
    assert checked.stderr.splitlines()[-1] == "printkit: 1 input error"
    built = cli("build", kit)
    assert built.stderr.splitlines()[-1] == "printkit: 1 input error; nothing was written"


def test_serves_first_round_tells_how_many_cards_are_drawn(tmp_path):
    from printkit.live.loop import LiveKit
    from printkit.live.server import DRAWING, Hub

    heard: list[tuple[str, int, int]] = []
    hub = Hub(LiveKit(str(MINI), tmp_path))
    with listening(lambda what, done, total: heard.append((what, done, total))):
        hub.start()
    try:
        assert hub.wait_until(lambda: any(w == "building" for w, _, _ in heard), 60)
    finally:
        hub.close()
    drawing = [(done, total) for what, done, total in heard if what == DRAWING]
    done = [d for d, _ in drawing]  # the cards' pictures, then the PDFs (building)
    assert done == sorted(done) and done[-1] == drawing[-1][1] > 1
