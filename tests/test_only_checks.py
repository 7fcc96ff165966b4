"""`--only` limits the checks that depend on the run's options to the chosen components: a
print service preset for one deck's size does not refuse the build or export of that deck
because another deck of the kit has another size."""

from __future__ import annotations

from pathlib import Path

import pytest

MINI = Path(__file__).parent / "fixtures" / "mini"  # cards are poker size, tokens 44 x 63 mm
PRESET = ["--preset", "tgc-poker"]


def test_export_only_the_deck_of_the_presets_size(cli, tmp_path):
    r = cli("export", MINI, "--images", *PRESET, "--only", "cards", "--out", tmp_path)
    assert r.exit_code == 0, r.output
    images = tmp_path / "mini" / "images"
    assert (images / "cards").is_dir() and not (images / "tokens").exists()


@pytest.mark.slow  # a whole kit or several builds, read back
def test_build_only_the_deck_of_the_presets_size(cli, tmp_path):
    args = ["--profile", "shop", *PRESET, "--out", tmp_path]
    r = cli("build", MINI, *args, "--only", "cards")
    assert r.exit_code == 0, r.output
    assert (tmp_path / "mini" / "shop" / "cards.pdf").is_file()


def test_without_only_the_other_decks_size_is_still_refused(cli, tmp_path):
    for args in (["build", MINI, "--profile", "shop"], ["export", MINI, "--images"]):
        r = cli(*args, *PRESET, "--out", tmp_path)
        assert r.exit_code == 2
        assert "tokens.yaml:1:12: error: preset 'tgc-poker' is for 63.5 mm" in r.stderr
