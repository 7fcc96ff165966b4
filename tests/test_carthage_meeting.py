"""Carthage's chariots meet (issue 36): each test is one sentence of the seed on a hand-made
position with the dice fixed, and each failed on the model that ran every chariot on its own
track. Positions are (track index, squares run); track 0 is track I, the inside."""

from __future__ import annotations

import pytest

from printkit.games.carthage.components.board.model import Move
from printkit.games.carthage.sim import MOVE, SYMBOL, WRECK, Board, routes
from tests.test_carthage_sim_positions import game, place, plain_board


def square(b: Board, track: int, progress: int, kind: int, what: object) -> None:
    b.kind[track][progress - 1], b.move[track][progress - 1] = kind, what


def test_an_even_throw_stops_behind_and_forfeits_the_rest():
    # seed: "In the case of an EVEN number, your chariot MUST stop behind the other chariot
    # blocking its way. Any additional moves are forfeited."
    g = game(2, [], [6])
    blue, red = g.seats
    place(blue, 1, 5)
    place(red, 1, 8)
    g.turn(blue)
    assert (blue.track, blue.progress) == (1, 7)
    assert g.log.cut_short == 1 and g.log.sideways == 0


def test_an_even_throw_onto_a_wreck_takes_its_place():
    # seed: "The only exception to this is in a space marked WRECK": a chariot in the way on a
    # WRECK square does not stop the move short; the mover takes its place (ours: and stops)
    b = plain_board()
    b.kind[1][9] = WRECK
    g = game(2, [], [4], b)
    g.hands = [["wreck", "a"], ["b"]]
    blue, red = g.seats
    place(blue, 1, 10)
    blue.blocked = -1
    place(red, 1, 8)
    g.turn(red)
    assert (red.track, red.progress) == (1, 10)
    assert g.log.freed == 1 and blue.blocked == 0


def test_an_odd_throw_passes_on_the_far_side_when_the_near_one_is_taken():
    # seed: "you MUST (if able) pass on either side through the sideways motion": with a chariot
    # ahead and another abreast of it on the inside, the way round is two tracks out
    g = game(3, [], [3])
    blue, red, green = g.seats
    place(blue, 0, 5)
    place(red, 0, 6)
    place(green, 1, 6)
    g.turn(blue)
    assert (blue.track, blue.progress) == (2, 6)
    assert g.log.passes == 1 and g.log.sideways == 2 and g.log.cut_short == 0


def test_an_odd_throw_never_jumps_and_is_cut_short_when_boxed_in():
    # seed: "A chariot shall NEVER jump over another chariot."
    g = game(4, [], [5])
    blue, red, green, white = g.seats
    place(blue, 1, 5)
    place(red, 1, 6)
    place(green, 0, 5)
    place(white, 2, 5)
    g.turn(blue)
    assert (blue.track, blue.progress) == (1, 5)
    assert g.log.cut_short == 1


def test_an_odd_throw_never_runs_diagonally():
    # seed: "Chariots NEVER run diagonally": one point is one step, forward or sideways
    g = game(2, [], [])
    blue, red = g.seats
    place(blue, 1, 5)
    place(red, 1, 6)
    ends = {(t[0], t[1]) for t in routes(g, blue, along=1, lanes=1, exact=False)}
    assert ends == {(0, 5), (2, 5)}


def test_an_odd_throw_changes_track_for_a_better_square():
    # seed: "the chariot can either run straight forward, move sideways or a combination";
    # the policy (ours) takes a TWO FORWARD square one track out rather than a plain one
    b = plain_board()
    square(b, 2, 7, MOVE, Move(2, 0))
    g = game(2, [], [3], b)
    blue, red = g.seats
    place(blue, 1, 5)
    place(red, 3, 1)
    g.turn(blue)
    assert (blue.track, blue.progress) == (2, 9)  # sideways, 2 forward, then the square's 2
    assert g.log.sideways == 1


def test_a_liberator_gets_the_wreck_card_for_a_fatum_card():
    # seed: "That player then receives the WRECK card in exchange for a FATUM card from their hand."
    b = plain_board()
    b.kind[1][9] = WRECK
    g = game(2, [], [2], b)
    g.hands = [["wreck"], ["whip"]]
    blue, red = g.seats
    place(blue, 1, 10)
    blue.blocked = -1
    place(red, 1, 8)
    g.turn(red)
    assert g.hands == [["whip"], ["wreck"]]
    assert red.blocked == -1  # "This chariot will then be in a WRECK position."


def test_the_egg_square_throws_again_for_its_holder():
    # fatum.yaml (source: ours): "On an egg square: throw the die again and move at once."
    b = plain_board()
    square(b, 1, 7, SYMBOL, "egg")
    b.card_effects = {"egg": "again"}
    g = game(2, [], [2, 4], b)
    g.hands = [["egg"], []]
    blue, red = g.seats
    place(blue, 1, 5)
    place(red, 3, 1)
    g.turn(blue)
    assert blue.progress == 11 and g.log.again == 1


def test_the_torch_square_halts_the_chariot_right_behind():
    # fatum.yaml (source: ours): "the chariot right behind you on your track loses its next turn"
    b = plain_board()
    square(b, 1, 7, SYMBOL, "torch")
    b.card_effects = {"torch": "halt"}
    g = game(2, [], [2], b)
    g.hands = [["torch"], []]
    blue, red = g.seats
    place(blue, 1, 7)
    place(red, 1, 6)
    g.land(blue, 0)  # blue stops on the torch square holding the TORCH card
    assert red.blocked == 1 and g.log.halted == 1
    g.turn(red)
    assert red.progress == 6  # it lost its turn
    assert g.rng.randint(1, 6) == 2  # the throw was never made


def test_the_eagle_changes_track():
    # fatum.yaml (source: ours): "move to any free track beside you, then one square forward"
    b = plain_board()
    square(b, 1, 7, SYMBOL, "eagle")
    b.card_moves = {"eagle": Move(1, 3)}
    square(b, 3, 8, MOVE, Move(2, 0))
    g = game(2, [], [2], b)
    g.hands = [["eagle"], []]
    blue, red = g.seats
    place(blue, 1, 5)
    place(red, 0, 1)
    g.turn(blue)
    assert (blue.track, blue.progress) == (3, 10)  # two tracks out, one forward, the square's 2


def test_three_backward_as_you_like_changes_track():
    # seed: "MOVE THREE SQUARES BACKWARD ---< (as you like)": onto another track if better
    b = plain_board()
    square(b, 1, 9, MOVE, Move(-3, 3))
    square(b, 1, 6, WRECK, None)
    g = game(2, [], [4], b)
    g.hands = [["wreck"], []]
    blue, red = g.seats
    place(blue, 1, 5)
    place(red, 3, 1)
    g.turn(blue)  # 9, then three back: straight back is the WRECK square it would stick on
    assert blue.progress == 6 and blue.track != 1 and blue.blocked == 0


def test_a_forced_move_that_cannot_move_is_one_stop():
    b = plain_board()
    square(b, 1, 7, MOVE, Move(1, 0))
    g = game(2, [], [2], b)
    blue, red = g.seats
    place(blue, 1, 5)
    place(red, 1, 8)
    g.turn(blue)
    assert blue.progress == 7
    assert g.log.landings[1 * b.lap + 6] == 1
    assert g.log.stuck == 1


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 3, 2])
def test_over_a_thousand_games_chariots_meet(players: int) -> None:
    from printkit.api import load_kit
    from printkit.games.carthage.sim import play_games, read_board, read_setup

    kit = load_kit("carthage")
    logs = play_games(read_board(kit), read_setup(kit, players), 1000, 1)
    assert sum(g.passes for g in logs) > 0
    assert sum(g.sideways for g in logs) > 0
    assert sum(g.cut_short for g in logs) > 0
    assert sum(g.freed for g in logs) > 0
    assert all(g.winner >= 0 for g in logs)
