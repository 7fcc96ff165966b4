"""What the Carthage seed (seed 002, "CIRCLE RULES") fixes, in its own words, for the checks that
hold a kit to it (seed_checks.py). A kit that plays otherwise on purpose says so: a setup with
`source: ours` in rules.yaml is a house rule and is not held to these.

Colours and card titles are matched without regard to case, as the seed writes them in capitals.
"""

from __future__ import annotations

from dataclasses import dataclass

# "If four players: Each player runs a chariot." / "If three players: ..." / "If two players: ..."
PLAYER_COUNTS = (2, 3, 4)
CHARIOTS = ("blue", "red", "green", "white")


@dataclass(frozen=True)
class SeedSetup:
    """One player count as the seed describes it."""

    remove_chariots: tuple[str, ...] = ()
    remove_curses_of: tuple[str, ...] = ()  # "MALEDICTION TABLETS FOR THE WHITE ONES"
    remove_curriculum: tuple[int, ...] = ()  # CURRICULUM cards by number
    teams: tuple[frozenset[str], ...] = ()
    words: str = ""


SETUPS = {
    4: SeedSetup(words="If four players: Each player runs a chariot."),
    3: SeedSetup(
        remove_chariots=("white",),
        remove_curses_of=("white",),
        remove_curriculum=(7, 8, 9, 16, 24, 25),
        words="If three players: Remove the WHITE chariot, the FATUM (or Destiny) card "
        "(MALEDICTION TABLETS FOR THE WHITE ONES), and the CURRICULUM (or Resume) cards numbered "
        "7, 8, 9, 16, 24 and 25.",
    ),
    2: SeedSetup(
        teams=(frozenset({"blue", "red"}), frozenset({"green", "white"})),
        words="If two players: Each player runs two chariots. Have the BLUE and the RED ones "
        "fight the GREEN and the WHITE",
    ),
}

# "It can be saved by: (a) If you have the EPONE GODDESS, VICTORY or SWORD card in your hand"
RESCUE_TITLES = ("EPONE GODDESS", "VICTORY", "SWORD")


@dataclass(frozen=True)
class SeedMove:
    """A symbol square's move: squares along the track (negative: backward), whether it may
    change track ("as you like") or must run straight, or up to the next mileage stone."""

    steps: int = 0
    straight: bool = False
    to_stone: bool = False
    words: str = ""


# "The symbol squares = MOVE ONE SQUARE FORWARD -> (straight forward) ..."
SYMBOL_MOVES = {
    "one-forward": SeedMove(1, straight=True, words="MOVE ONE SQUARE FORWARD (straight forward)"),
    "two-forward": SeedMove(2, words="MOVE TWO SQUARES FORWARD (as you like)"),
    "three-backward": SeedMove(-3, words="MOVE THREE SQUARES BACKWARD (as you like)"),
    "to-stone": SeedMove(
        to_stone=True, words="MOVE UP TO THE MILEAGE STONE (the next closest one)"
    ),
}


# "The squares marked C send you back to the CURRICULUM (or Resume) cards for the race. ...The
# squares marked F send you back to the FATUM (or Destiny) cards."
SQUARE_LETTERS = {
    "curriculum_square": (
        "C",
        "The squares marked C send you back to the CURRICULUM (or Resume) cards",
    ),
    "swap_square": ("F", "The squares marked F send you back to the FATUM (or Destiny) cards"),
}
