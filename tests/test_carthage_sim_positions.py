"""Carthage's model of play on hand-made positions, against the seed's words (issue 24):
a wreck with a rescue card, an F square, the FATUM deal, a liberation, an odd throw past an
occupied square. Each position is a small plain board with the dice fixed."""

from __future__ import annotations

import random

from printkit.games.carthage.sim import FATUM_SWAP, PLAIN, WRECK, Board, Game, Seat, Setup

LAP = 24


class Dice(random.Random):
    """A random source whose die throws are given; everything else is seeded."""

    def __init__(self, throws: list[int]) -> None:
        super().__init__(1)
        self.throws = list(throws)

    def randint(self, a: int, b: int) -> int:
        return self.throws.pop(0)


def plain_board(tracks: int = 4) -> Board:
    return Board(
        tracks=tracks,
        lap=LAP,
        laps=7,
        kind=[[PLAIN] * LAP for _ in range(tracks)],
        move=[[None] * LAP for _ in range(tracks)],
        stones=[5, 11, 17, 23],
        card_moves={},
        kind_names=[["plain"] * LAP for _ in range(tracks)],
    )


def game(players: int, fatum: list[str], throws: list[int], board: Board | None = None) -> Game:
    setup = Setup(
        players=players,
        owner=list(range(players)),
        colours=["blue", "red", "green", "white"][:players],
        fatum=fatum,
        wreck_card="wreck",
        rescue=["epone-goddess", "victory", "sword"],
    )
    return Game(board or plain_board(), setup, Dice(throws))


def place(s: Seat, track: int, progress: int) -> None:
    s.track, s.progress = track, progress


def test_a_wreck_holding_a_rescue_card_resumes_on_its_next_turn():
    # seed: "If you have the EPONE GODDESS, VICTORY or SWORD card in your hand, You can resume
    # the game on your next turn."
    b = plain_board()
    b.kind[1][9] = WRECK  # square 10 of track II
    g = game(2, ["a", "b"], [2, 4])
    g.board = b
    g.hands = [["wreck", "sword"], ["a", "b"]]
    blue, red = g.seats
    place(blue, 1, 8)
    place(red, 3, 1)
    g.turn(blue)  # 8 + 2: stops on the WRECK square holding the WRECK card
    assert (blue.track, blue.progress) == (1, 10)
    assert g.log.wrecks == 1
    g.turn(blue)  # the next turn: it runs on
    assert blue.progress == 14
    assert g.log.blocked_turns == 0


def test_a_wreck_without_a_rescue_card_waits():
    b = plain_board()
    b.kind[1][9] = WRECK
    g = game(2, ["a", "b"], [2, 4])
    g.board = b
    g.hands = [["wreck", "a"], ["b"]]
    blue, _ = g.seats
    place(blue, 1, 8)
    g.turn(blue)
    g.turn(blue)
    assert blue.progress == 10
    assert g.log.blocked_turns == 1


def test_an_f_square_swaps_with_the_neighbour_to_the_right():
    # seed: "exchange one of your FATUM cards with one FATUM card from your neighbor to your
    # right"; play goes clockwise, so the right-hand neighbour of player 2 is player 1
    b = plain_board()
    b.kind[2][3] = FATUM_SWAP
    g = game(3, [], [4])
    g.board = b
    g.hands = [["zero"], ["one"], ["two"]]
    player_two = g.seats[1]  # seat 2 in turn order: index 1
    place(player_two, 2, 0)
    g.turn(player_two)
    assert g.hands == [["one"], ["zero"], ["two"]]


def test_the_fatum_deal_starts_at_the_dealers_left():
    # seed: "deals them one by one to each player, starting at their left": the dealer (track
    # one) is dealt last, so 4 cards among 3 players give the dealer's left 2
    g = game(3, ["a", "b", "c", "d"], [])
    assert [len(h) for h in g.hands] == [1, 2, 1]


def test_a_liberating_chariot_takes_the_place_and_the_freed_one_moves_off_it():
    b = plain_board()
    b.kind[1][9] = WRECK
    g = game(2, [], [2])
    g.board = b
    g.hands = [["wreck", "a"], ["b"]]
    blue, red = g.seats
    place(blue, 1, 10)
    blue.blocked = -1  # wrecked, no rescue card
    place(red, 1, 8)
    # an even 2: a chariot in the way stops it, except on a WRECK square, where it takes the
    # wrecked chariot's place (the rest of the throw forfeited)
    g.turn(red)
    assert (red.track, red.progress) == (1, 10)
    assert (blue.track, blue.progress) != (red.track, red.progress)
    assert blue.blocked == 0
    assert "wreck" in g.hands[1] and "wreck" not in g.hands[0]
    assert red.blocked == -1  # red now holds the WRECK card on the WRECK square


def test_an_odd_throw_passes_an_occupied_square_sideways_and_never_jumps():
    # seed: "In the case of an ODD number, you MUST (if able) pass on either side through the
    # sideways motion. A chariot shall NEVER jump over another chariot."
    g = game(2, [], [3])
    blue, red = g.seats
    place(blue, 1, 5)
    place(red, 1, 6)
    g.turn(blue)  # sideways round red (one of the three), then two forward
    assert (blue.track, blue.progress) == (0, 7)


def test_an_even_throw_stops_behind_an_occupied_square():
    g = game(2, [], [4])
    blue, red = g.seats
    place(blue, 1, 5)
    place(red, 1, 7)
    g.turn(blue)
    assert (blue.track, blue.progress) == (1, 6)
