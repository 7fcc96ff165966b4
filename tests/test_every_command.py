"""Every command on every built-in kit, each variant (and pair of variants) and each player count
its rules allow: none may end in an internal error (exit 3). Builds run in-process, serially."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from printkit.checks.players import player_range
from printkit.kit import builtin_kit_names, load_kit

EXIT_INTERNAL = 3
CHARTAE_RULEBOOK_MAP = "B:1 compass E:1 / H D:2 F:2 / G A:2 C:3"


def _variant_sets(name: str) -> list[tuple[str, ...]]:
    """No variant, each variant alone, and each pair in the order kit.yaml gives them."""
    variants = list(load_kit(name).manifest.variants)
    return [(), *[(v,) for v in variants], *itertools.combinations(variants, 2)]


def _player_counts(name: str) -> list[int | None]:
    allowed = player_range(load_kit(name).rules_data())
    return [None] if allowed is None else [None, *range(allowed[0], allowed[1] + 1)]


def _kit_args(variants: tuple[str, ...], players: int | None) -> list[str]:
    args = [a for v in variants for a in ("--variant", v)]
    return args + (["--players", str(players)] if players else [])


def _assert_no_bug(result, args: list[str]) -> None:
    assert result.exit_code != EXIT_INTERNAL, f"printkit {' '.join(args)}:\n{result.output}"
    assert "internal error" not in result.output, f"printkit {' '.join(args)}:\n{result.output}"


@pytest.mark.parametrize("name", builtin_kit_names())
def test_check_and_deck_every_variant_and_player_count(cli, name: str) -> None:
    """The cheap commands run on every combination; a built-in kit is never refused."""
    variant_sets = _variant_sets(name)
    kit = load_kit(name)
    has_decks = any(kit.spec(c).type == "deck" for c in kit.component_ids())
    for variants, players in itertools.product(variant_sets, _player_counts(name)):
        extra = _kit_args(variants, players)
        json_once = [["check", name, "--format", "json"]] if not (variants or players) else []
        for command in [["check", name], ["deck", name], *json_once]:
            args = command + extra
            result = cli(*args)
            _assert_no_bug(result, args)
            if command[0] == "check" or has_decks:
                assert result.exit_code == 0, f"printkit {' '.join(args)}:\n{result.output}"


@pytest.mark.parametrize("name", builtin_kit_names())
def test_build_every_variant_and_player_count(cli, tmp_path: Path, name: str) -> None:
    """A build per variant set and per player count writes its PDFs and exits 0."""
    combos = [(v, None) for v in _variant_sets(name)]
    combos += [((), n) for n in _player_counts(name) if n is not None]
    for variants, players in combos:
        args = [
            "build",
            name,
            "--out",
            str(tmp_path / "out"),
            "-j",
            "1",
            *_kit_args(variants, players),
        ]
        result = cli(*args)
        _assert_no_bug(result, args)
        assert result.exit_code == 0, result.output
        assert ".pdf" in result.stdout or "up to date" in result.stdout


@pytest.mark.parametrize("name", builtin_kit_names())
def test_other_commands_on_each_kit(cli, tmp_path: Path, name: str) -> None:
    """preview, schema, rules, score and list: exit 0, or a located refusal (exit 2), never 3."""
    runs = [
        ["preview", name, "--out", str(tmp_path / "png")],
        ["schema", name],
        ["rules", name],
        ["rules", name, "--format", "json"],
        ["list"],
        ["score", name, CHARTAE_RULEBOOK_MAP],
    ]
    for args in runs:
        result = cli(*args)
        _assert_no_bug(result, args)
        scoring = args[0] == "score"
        expected = (0, 1, 2) if scoring and name != "chartae" else (0,)
        assert result.exit_code in expected, f"printkit {' '.join(args)}:\n{result.output}"
