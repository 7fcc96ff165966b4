"""printkit score chartae LAYOUT: exact output for finished maps, file and string, bad layouts."""

from __future__ import annotations

RULEBOOK = "C:2 G:3 B:3 / D:1 compass:2 F:1 / A:3 E:1 H:3"


def test_rulebook_example_as_a_string(cli):
    r = cli("score", "chartae", RULEBOOK)
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines() == [
        "map (rows from the top; :R = quarter turns clockwise):",
        "  C:2        G:3        B:3",
        "  D:1        compass:2  F:1",
        "  A:3        E:1        H:3",
        "land  largest group 5 tiles: C, G, B, compass, F",
        "sea   largest group 6 tiles: D, compass, F, A, E, H",
        "sea wins, 6 tiles to 5",
    ]


def test_layout_file_with_comments_and_degrees(cli, tmp_path):
    layout = tmp_path / "final.map"
    layout.write_text(
        "# the rulebook's scoring example\nC:180  G:270  B:3\nD:90, compass:180, F:1\n"
        "A:270  E:1  H:3   # bottom row\n",
        encoding="utf-8",
    )
    r = cli("score", "chartae", layout)
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[-1] == "sea wins, 6 tiles to 5"


def test_tie_needs_the_last_placer(cli):
    """Worked by hand: land links A-B, B-C, E-F, compass-G, F-H -> {A,B,C} and {E,F,H}, 3;
    sea links A-B, A-D, compass-G, E-G (both through G's top-left sea) -> {A,B,D}, {compass,G,E}, 3."""
    tie = "A B C / D E F / compass G H"
    r = cli("score", "chartae", tie)
    assert r.exit_code == 0
    assert r.stdout.splitlines()[-3:-1] == [
        "land  largest group 3 tiles: A, B, C",
        "sea   largest group 3 tiles: A, B, D",
    ]
    last = r.stdout.splitlines()[-1]
    assert last.startswith("tie at 3 tiles: ")
    assert "whoever placed the last tile loses (say who with --last land or --last sea)" in last
    r = cli("score", "chartae", tie, "--last", "land")
    assert r.stdout.splitlines()[-1].endswith("land placed the last tile and loses, so sea wins")
    r = cli("score", "chartae", tie, "--last", "sea")
    assert r.stdout.splitlines()[-1].endswith("sea placed the last tile and loses, so land wins")


def test_bad_layouts_are_located(cli, tmp_path):
    r = cli("score", "chartae", "A C:9 G / compas E:2 B / D F H:3 A")
    assert r.exit_code == 2
    assert r.stderr.splitlines()[:3] == [
        "LAYOUT:1:3: error: rotation '9' of tile 'C' must be 0-3 quarter turns clockwise or "
        "90, 180, 270 degrees",
        "LAYOUT:1:11: error: 'compas' is no tile of this set; tiles are: compass, A, B, C, D, "
        "E, F, G, H",
        "LAYOUT:1:34: error: tile 'A' is used twice (first at 1:1); a map uses each tile once",
    ]
    layout = tmp_path / "short.map"
    layout.write_text("A B C\ncompass D E\nF G\n", encoding="utf-8")
    r = cli("score", "chartae", layout)
    assert r.exit_code == 2
    assert ":3:1: error: this row has 2 tiles; a row of the map has 3" in r.stderr
    r = cli("score", "chartae", "no-such-file.map")
    assert r.exit_code == 2
    assert r.stderr.startswith("no-such-file.map: error: no such layout file")
    r = cli("score", "chartae", RULEBOOK, "--last", "air")
    assert r.exit_code == 2 and "--last must be one of: land, sea" in r.stderr
