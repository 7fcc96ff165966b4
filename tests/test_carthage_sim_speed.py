"""`printkit simulate carthage` made faster (occupancy in one pass, the lane policy's value asked
only when there is a choice, its per-move facts read once, light stops) plays exactly the same
games: the JSON report of a fixed seed and number of runs, for every player count, is the one
the engine wrote before (its SHA-256, recorded from that engine)."""

from __future__ import annotations

import hashlib

import pytest

BEFORE = {  # seed 36, 150 runs: the report's digest from the engine before the speed-up
    2: "bc83263d4cb89bfb9f2634b2227ff30f703b510f7e695cf98a3d68366aaea9ef",
    3: "1e94ddfde72bed185006677f5c10becfce584327c2befb1bac6b344c8845a65d",
    4: "397706a2025085dee587b5c05dd139d51f6d7be882e37d9816eb349f50a7e43a",
}


@pytest.mark.slow
@pytest.mark.parametrize("players", sorted(BEFORE))
def test_the_same_seed_plays_the_same_games(cli, players):
    r = cli(
        "simulate", "carthage", "--runs", "150", "--players", str(players), "--seed", "36",
        "--format", "json",
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    assert hashlib.sha256(r.stdout.encode("utf-8")).hexdigest() == BEFORE[players]
