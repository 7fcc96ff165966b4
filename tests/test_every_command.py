"""Every command on every built-in kit, each variant (and pair of variants) and each player count
its rules allow: none may end in an internal error (exit 3). Builds run in-process, serially.

Each kit's walk is split into one test per combination (check and deck) and one per build, so
that pytest-xdist spreads a kit's walk over its workers; every combination still runs."""

from __future__ import annotations

import functools
import itertools

import pytest

from printkit.checks.players import player_range
from printkit.kit import builtin_kit_names, load_kit

EXIT_INTERNAL = 3
CHARTAE_RULEBOOK_MAP = "B:1 compass E:1 / H D:2 F:2 / G A:2 C:3"


@functools.cache
def _kit_facts(name: str) -> tuple[list[tuple[str, ...]], list[int | None], bool]:
    """(variant sets, player counts, has decks) of a built-in kit, from one load of the kit.

    Variant sets: no variant, each variant alone, and each pair in the order kit.yaml gives them.
    Player counts: None (the kit's default) and each count its rules allow."""
    kit = load_kit(name)
    variants = list(kit.manifest.variants)
    variant_sets = [(), *[(v,) for v in variants], *itertools.combinations(variants, 2)]
    allowed = player_range(kit.rules_data())
    players = [None] if allowed is None else [None, *range(allowed[0], allowed[1] + 1)]
    has_decks = any(kit.spec(c).type == "deck" for c in kit.component_ids())
    return variant_sets, players, has_decks


def _label(variants: tuple[str, ...], players: int | None = None) -> str:
    return "+".join(variants) + (f"@{players}p" if players else "") or "plain"


def _check_cases() -> list:
    """(kit, variant set, players) for every built-in kit, variant set and player count."""
    cases = []
    for name in builtin_kit_names():
        variant_sets, players, _ = _kit_facts(name)
        combos = itertools.product(variant_sets, players)
        cases += [pytest.param(name, v, n, id=f"{name}-{_label(v, n)}") for v, n in combos]
    return cases


def _build_cases() -> list:
    """(kit, variants, players): a build per variant set, and one per player count."""
    cases = []
    for name in builtin_kit_names():
        variant_sets, players, _ = _kit_facts(name)
        combos = [(v, None) for v in variant_sets] + [((), n) for n in players if n is not None]
        cases += [pytest.param(name, v, n, id=f"{name}-{_label(v, n)}") for v, n in combos]
    return cases


def _kit_args(variants: tuple[str, ...], players: int | None) -> list[str]:
    args = [a for v in variants for a in ("--variant", v)]
    return args + (["--players", str(players)] if players else [])


def _assert_no_bug(result, args: list[str]) -> None:
    assert result.exit_code != EXIT_INTERNAL, f"printkit {' '.join(args)}:\n{result.output}"
    assert "internal error" not in result.output, f"printkit {' '.join(args)}:\n{result.output}"


@pytest.mark.slow
@pytest.mark.parametrize(("name", "variants", "players"), _check_cases())
def test_check_and_deck_every_variant_and_player_count(cli, name: str, variants, players) -> None:
    """The cheap commands run on every combination; a built-in kit is never refused."""
    has_decks = _kit_facts(name)[2]
    extra = _kit_args(variants, players)
    json_once = [["check", name, "--format", "json"]] if not (variants or players) else []
    for command in [["check", name], ["deck", name], *json_once]:
        args = command + extra
        result = cli(*args)
        _assert_no_bug(result, args)
        if command[0] == "check" or has_decks:
            assert result.exit_code == 0, f"printkit {' '.join(args)}:\n{result.output}"


@pytest.mark.slow
@pytest.mark.parametrize(("name", "variants", "players"), _build_cases())
def test_build_every_variant_and_player_count(built_kit, name: str, variants, players) -> None:
    """A build per variant set and per player count writes its PDFs and exits 0 (built_kit
    asserts the exit code and shows the output when it is not 0)."""
    folder = built_kit(name, *_kit_args(variants, players))
    assert sorted(folder.glob("*.pdf")), f"no PDF in {folder}"


@pytest.mark.slow
@pytest.mark.parametrize("name", builtin_kit_names())
def test_other_commands_on_each_kit(cli, ran_once, name: str) -> None:
    """preview, schema, rules, score, list, check for GitHub, export for TTS and docs:
    exit 0, or a located refusal (exit 2), never 3. The preview and the export are the shared
    runs (`ran_once`, which asserts exit 0) that test_preview.py and test_export_tts.py read."""
    ran_once("preview", name)
    ran_once("export", name, "--tts")
    runs = [
        ["schema", name],
        ["rules", name],
        ["rules", name, "--format", "json"],
        ["list"],
        ["score", name, CHARTAE_RULEBOOK_MAP],
        ["check", name, "--format", "github"],
        ["docs"],
    ]
    for args in runs:
        result = cli(*args)
        _assert_no_bug(result, args)
        scoring = args[0] == "score"
        expected = (0, 1, 2) if scoring and name != "chartae" else (0,)
        assert result.exit_code in expected, f"printkit {' '.join(args)}:\n{result.output}"
