"""Seeded simulations are computed once per process for the same inputs (games/common/memo.py): the
same inputs give the same result as a fresh computation, different inputs never share one, and
a caller that changes what it got changes nothing for the next caller."""

from __future__ import annotations

import dataclasses

from printkit.games.chariot_race.model import build_model
from printkit.games.chariot_race.sim import _play_races, play_races
from printkit.games.chartae.engine import EngineTile, random_games
from printkit.games.common import memo as _memo
from printkit.kit import load_kit


def test_the_same_inputs_are_computed_once_and_each_caller_gets_its_own_copy():
    calls: list[int] = []

    def compute() -> list[int]:
        calls.append(1)
        return [1, 2, 3]

    first = _memo.remembered("test once", (1, "a", 0.5), compute, list)
    first.append(99)
    second = _memo.remembered("test once", (1, "a", 0.5), compute, list)
    assert second == [1, 2, 3] and len(calls) == 1


def test_inputs_that_differ_in_content_do_not_share_a_result():
    keys = [(0.0,), (-0.0,), (0,), (False,), ("0",), ([0],), ((0,),), ({"a": 0},)]
    results = [_memo.remembered("test differ", k, lambda k=k: repr(k), str) for k in keys]
    assert results == [repr(k) for k in keys]


def test_inputs_of_unknown_kinds_are_never_cached():
    class Opaque:
        pass

    calls: list[int] = []
    for _ in range(2):
        _memo.remembered("test opaque", (Opaque(),), lambda: calls.append(1), lambda r: r)
    assert len(calls) == 2


def test_cached_races_equal_fresh_ones_and_a_changed_model_plays_its_own():
    kit = load_kit("chariot-race")
    model = build_model(kit, 3)
    fresh = _play_races(model, 20, 5)
    assert play_races(model, 20, 5) == fresh
    again = play_races(model, 20, 5)
    again[0].effects.append(7)
    again[1].turns = -1
    assert play_races(model, 20, 5) == fresh
    fewer = dataclasses.replace(model, cards=model.cards[: len(model.cards) // 2])
    assert play_races(fewer, 20, 5) == _play_races(fewer, 20, 5) != fresh


def test_cached_random_games_follow_their_tiles():
    land, sea = "land", "sea"
    tiles = [
        EngineTile("start", (land,) * 4 + (sea,) * 4, (0,) * 4 + (1,) * 4, compass=True),
        *[EngineTile(f"t{i}", (land, sea) * 4, tuple(range(8))) for i in range(8)],
    ]
    first = random_games(tiles, (land, sea), 30, 3)
    first.wins[land] = -5
    assert random_games(tiles, (land, sea), 30, 3).wins[land] >= 0
    seas = [EngineTile(t.id, (sea,) * 8, (0,) * 8, t.compass) for t in tiles]
    all_sea = random_games(seas, (land, sea), 30, 3)
    assert all_sea.wins == {land: 0, sea: 30} != random_games(tiles, (land, sea), 30, 3).wins
