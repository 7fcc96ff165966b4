"""Chartae's engine: scores of hand-worked maps, the two-piece rule, legal moves, random games.

The tiles are typed in here from docs/reference chartae-tiles.md, independently of tiles.yaml.
"""

from __future__ import annotations

import random

import pytest

from printkit.games.chartae.engine import (
    EngineTile,
    Game,
    Move,
    decide,
    largest_groups,
    new_game,
    placement_cells,
    play_randomly,
    random_games,
)

# id: (half-edges 0..7, piece of each half-edge)
REFERENCE = {
    "compass": ("SSSLLLLS", None),
    "A": ("LLLSSSSL", None),
    "B": ("LLLSSSSL", None),
    "C": ("LLSSSSLL", None),
    "D": ("SSLLLLSS", None),
    "E": ("LLLSSSSS", None),
    "F": ("LLSSSLLL", None),
    "G": ("SLSSSSLS", (1, 0, 2, 2, 2, 2, 0, 1)),  # land {1,6}, sea {0,7}, sea {2,3,4,5}
    "H": ("LLSLLSLL", (0, 0, 1, 2, 2, 1, 0, 0)),  # sea {2,5}, land {0,1,6,7}, land {3,4}
}
NAMES = {"L": "land", "S": "sea"}
SIDES = ("land", "sea")


def make(tile_id: str, pieces=None) -> EngineTile:
    letters, given = REFERENCE[tile_id]
    if pieces is None:
        pieces = given or tuple(0 if ch == "L" else 1 for ch in letters)
    return EngineTile(tile_id, tuple(NAMES[ch] for ch in letters), pieces, tile_id == "compass")


TILES = {k: make(k) for k in REFERENCE}


def layout(text: str, tiles=TILES) -> dict:
    """'A:1 B C / ...' -> {(col, row): (tile, quarter turns)}"""
    out = {}
    for y, row in enumerate(text.split("/")):
        for x, cell in enumerate(row.split()):
            name, _, turns = cell.partition(":")
            out[(x, y)] = (tiles[name], int(turns or 0))
    return out


def sizes(placed) -> dict[str, int]:
    return {t: g.size for t, g in largest_groups(placed, SIDES).items()}


def test_rotation_moves_half_edge_i_to_i_plus_2():
    c = TILES["C"]  # LL SS SS LL
    assert "".join(x[0].upper() for x in c.turned(1)[0]) == "LLLLSSSS"
    assert c.turned(4) == c.turned(0)
    # worked by hand: E turned twice shows SS SS LL LS
    assert "".join(x[0].upper() for x in TILES["E"].turned(2)[0]) == "SSSSLLLS"


RULEBOOK = "C:2 G:3 B:3 / D:1 compass:2 F:1 / A:3 E:1 H:3"
TWO_READINGS = "B:1 compass E:1 / H D:2 F:2 / G A:2 C:3"


def test_rulebook_example_land_5_sea_6_sea_wins():
    """A map like the rulebook's example (see docs/chartae.md): land 5, with two further land
    areas of 2 each, and sea 6; the same under either reading of "connected"."""
    placed = layout(RULEBOOK)
    for connected in ("tile", "region"):
        groups = largest_groups(placed, SIDES, connected)
        assert groups["land"].size == 5
        assert groups["sea"].size == 6
        assert {placed[c][0].id for c in groups["land"].cells} == {"C", "G", "B", "compass", "F"}
        assert {placed[c][0].id for c in groups["sea"].cells} == {
            "D",
            "compass",
            "F",
            "A",
            "E",
            "H",
        }
        assert decide(groups, None).winner == "sea"
        assert decide(groups, "sea").winner == "sea"  # no tie: the last placer does not matter
    rest = {placed[c][0].id for c in placed} - {"C", "G", "B", "compass", "F"}
    assert rest == {"D", "A", "E", "H"}  # the two further land areas: D+A and E+H
    apart = {c: placed[c] for c in placed if placed[c][0].id in rest}
    assert sizes(apart)["land"] == 2


def test_the_seeds_tile_reading_joins_a_two_piece_tiles_groups():
    """The seed: "Map tiles count as connected when they lie edge to edge ... and, at their
    shared edge, show the same territory", so G, touching sea on two sides, joins both: sea 7.
    The region reading (ours, rules.yaml connected: region) keeps G's two seas apart: 6."""
    placed = layout(TWO_READINGS)
    assert largest_groups(placed, SIDES)["sea"].size == 7  # the default is the seed's
    assert largest_groups(placed, SIDES, "tile")["sea"].size == 7
    assert largest_groups(placed, SIDES, "region")["sea"].size == 6
    one_sea = make("G", pieces=(1, 0, 1, 1, 1, 1, 0, 1))
    merged = layout(TWO_READINGS, {**TILES, "G": one_sea})
    assert largest_groups(merged, SIDES, "region")["sea"].size == 7


def test_hand_worked_map_through_h_sea_piece():
    """A C:1 G / compass E:2 B / D F H:3, worked by hand:
    sea links A-C, A-compass, C-E, compass-E, E-B, B-H (H's strait, at its top-left half-edge)
    -> 6; land links C-G, compass-E, D-F, E-F -> {compass, E, D, F} = 4."""
    placed = layout("A C:1 G / compass E:2 B / D F H:3")
    groups = largest_groups(placed, SIDES)
    assert {placed[c][0].id for c in groups["sea"].cells} == {"A", "C", "compass", "E", "B", "H"}
    assert {placed[c][0].id for c in groups["land"].cells} == {"compass", "E", "D", "F"}


def test_two_lands_of_one_tile_in_one_group_count_once():
    """H's two land pieces both join the big land group of the rulebook map: H counts once."""
    placed = layout(TWO_READINGS)
    cells = largest_groups(placed, SIDES)["land"].cells
    assert len(cells) == len(set(cells)) == 5


def test_corners_never_link():
    """Land only at touching corners: D's land (right+bottom) and C at the lower right
    (land top+left) meet corner to corner; with sea between, each land stays size 1."""
    placed = {(0, 0): (TILES["E"], 1), (1, 1): (TILES["C"], 0)}
    # E:1 shows land on its right/bottom-right; C at (1,1) touches E only at a corner
    groups = largest_groups(placed, SIDES)
    assert groups["land"].size == 1
    assert groups["sea"].size == 1


def test_one_matching_half_is_enough_to_link():
    """compass | E:2: facing halves right-top S/S and right-bottom L/L: both link."""
    placed = {(0, 0): (TILES["compass"], 0), (1, 0): (TILES["E"], 2)}
    assert sizes(placed) == {"land": 2, "sea": 2}
    # A | B: A's right is L,S; B's left is S,L: top halves L/L... A2=L faces B7=L -> land links
    placed = {(0, 0): (TILES["A"], 0), (1, 0): (TILES["B"], 0)}
    assert sizes(placed) == {"land": 2, "sea": 2}
    # C | D: C's right is S,S; D's left is S,S (D6=S, D7=S): sea links, land does not
    placed = {(0, 0): (TILES["C"], 0), (1, 0): (TILES["D"], 0)}
    assert sizes(placed) == {"land": 1, "sea": 2}


def test_tie_the_last_placer_loses():
    placed = {(0, 0): (TILES["A"], 0), (1, 0): (TILES["B"], 0)}
    groups = largest_groups(placed, SIDES)
    assert groups["land"].size == groups["sea"].size == 2
    assert decide(groups, "land").winner == "sea"
    assert decide(groups, "sea").winner == "land"
    result = decide(groups, None)
    assert result.tie and result.winner is None


def test_placement_edge_to_edge_inside_a_floating_3x3():
    assert placement_cells({(0, 0)}, 3, 3) == [(0, -1), (-1, 0), (1, 0), (0, 1)]
    row = {(0, 0), (1, 0), (2, 0)}  # three wide: no more columns either side
    cells = placement_cells(row, 3, 3)
    assert (-1, 0) not in cells and (3, 0) not in cells
    assert set(cells) == {(0, -1), (1, -1), (2, -1), (0, 1), (1, 1), (2, 1)}
    # diagonal neighbours never count
    assert (1, 1) not in placement_cells({(0, 0)}, 3, 3)


def test_at_most_two_rotations_in_a_row():
    rng = random.Random(1)
    game = new_game(list(TILES.values()), SIDES, rng)
    game.play(Move("rotate", (0, 0)))
    game.play(Move("rotate", (0, 0)))
    kinds = {m.kind for m in game.legal_moves()}
    assert kinds == {"place"}
    with pytest.raises(ValueError):
        game.play(Move("rotate", (0, 0)))
    game.play(Move("place", (1, 0), 3))
    assert "rotate" in {m.kind for m in game.legal_moves()}


def test_rotate_turns_a_quarter_clockwise():
    game = Game({(0, 0): (TILES["A"], 3)}, [TILES["B"]], SIDES)
    game.play(Move("rotate", (0, 0)))
    assert game.placed[(0, 0)][1] == 0
    game.play(Move("place", (0, 1), 2))
    assert game.over and game.last_placer == "sea"  # the second player placed it


def test_random_play_makes_only_legal_moves_and_a_full_map():
    """play_randomly inlines the rules for speed; replay its moves through the checked Game.play."""
    for seed in range(40):
        rng = random.Random(seed)
        game = new_game(list(TILES.values()), SIDES, rng)
        replay = Game(dict(game.placed), list(game.stack), SIDES)
        play_randomly(game, rng)
        for move in game.log:
            replay.play(move)  # raises on an illegal move
        assert replay.placed == game.placed and replay.last_placer == game.last_placer
        xs = {c[0] for c in game.placed}
        ys = {c[1] for c in game.placed}
        assert len(game.placed) == 9 and len(xs) == 3 and len(ys) == 3


@pytest.mark.slow
def test_random_games_are_seeded_and_balanced_for_the_published_set():
    a = random_games(list(TILES.values()), SIDES, 2000, seed=7)
    b = random_games(list(TILES.values()), SIDES, 2000, seed=7)
    assert a == b
    assert sum(a.wins.values()) == 2000
    assert 40 < 100 * a.wins["land"] / 2000 < 60
    c = random_games(list(TILES.values()), SIDES, 2000, seed=8)
    assert c != a
