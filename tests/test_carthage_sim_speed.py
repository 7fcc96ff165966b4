"""`printkit simulate carthage` made faster (issue 36: the board as flat tables, every move's
stops and the lane policy's choice kept per square, chariots within reach and what the player
holds, stops as tuples) plays exactly the same games: the JSON report of a fixed seed and number
of runs, for every player count, is the one the engine wrote before (its SHA-256, recorded from
that engine), and the kept choice is the one the policy makes weighing every stop afresh."""

from __future__ import annotations

import hashlib
import random

import pytest

from printkit.api import load_kit
from printkit.games.carthage import sim
from printkit.games.carthage.sim import (
    Game,
    Seat,
    Stop,
    play_games,
    read_board,
    read_setup,
    routes,
)

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


class Checked(Game):
    """A game that asks, at every move, whether the stop taken from the board's kept choices is
    the one the lane policy takes when it weighs every stop `routes` finds afresh."""

    def route(self, s: Seat, along: int, lanes: int, exact: bool, near=None) -> Stop:
        stop = super().route(s, along, lanes, exact, near)
        stops = routes(self, s, along, lanes, exact)
        fresh = stops[self.best(s, stops)]
        assert stop == fresh, (s, along, lanes, exact, stops)
        return stop


@pytest.mark.parametrize("players", [4, 3, 2])
def test_the_kept_choice_is_the_policys_choice_weighed_afresh(players):
    # the choice of a move is kept per square, chariots within reach and what the player holds
    # that the policy reads (FATUM cards with a move, the WRECK card, a rescue card, whose
    # chariots a stop would take the place of): a fact left out would take a stale stop here
    kit = load_kit("carthage")
    board, setup = read_board(kit), read_setup(kit, players)
    rng = random.Random(players)
    for _ in range(8):
        Checked(board, setup, rng).run()


def test_a_board_that_forgets_its_kept_choices_plays_the_same_games(monkeypatch):
    # a board keeps at most MAX_KEPT choices, then makes them again: a choice depends on its key
    # only, so forgetting them changes nothing
    kit = load_kit("carthage")
    setup = read_setup(kit, 4)
    kept = play_games(read_board(kit), setup, 12, 5)
    monkeypatch.setattr(sim, "MAX_KEPT", 40)
    forgetful = read_board(kit)
    assert play_games(forgetful, setup, 12, 5) == kept
    assert len(forgetful.tables().choices) <= 40
