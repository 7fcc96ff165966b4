"""The player count: what a kit's rules allow (`players: {min, max}`), and `--players` checked
against it before any other work."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from printkit.core.errors import Location, fail
from printkit.load.schema import where
from printkit.model.options import Options


class PlayedKit(Protocol):
    """What the player count check reads of a kit (printkit.kit.Kit, which sits above checks)."""

    @property
    def name(self) -> str: ...

    @property
    def manifest_file(self) -> str: ...

    @property
    def options(self) -> Options: ...


@runtime_checkable
class MostPlayers(Protocol):
    """A `players:` record that says the most players (every game's rules may have one)."""

    @property
    def max(self) -> int: ...


@runtime_checkable
class FewestPlayers(Protocol):
    """A `players:` record that also says the fewest (without one, a game is for 1 and up)."""

    @property
    def min(self) -> int: ...


@runtime_checkable
class RulesWithPlayers(Protocol):
    """A game's rules whose file has a `players:` record."""

    @property
    def players(self) -> object: ...


def player_range(rules: object) -> tuple[int, int] | None:
    """(min, max) players a kit's rules allow, from a `players:` record with an integer `max`
    (and optional `min`, default 1); None when the rules do not say."""
    if not isinstance(rules, RulesWithPlayers) or not isinstance(rules.players, MostPlayers):
        return None
    players = rules.players
    if not isinstance(players.max, int):
        return None
    low = players.min if isinstance(players, FewestPlayers) else 1
    return (low if isinstance(low, int) else 1, players.max)


def check_player_count(kit: PlayedKit, rules: object) -> None:
    """`--players N` must be a count the kit's rules allow: an input error at `players:`."""
    n = kit.options.players
    allowed = player_range(rules)
    if n is None or allowed is None or allowed[0] <= n <= allowed[1]:
        return
    assert isinstance(rules, RulesWithPlayers)  # player_range found its `players:`
    low, high = allowed
    bound = "max" if n > high else "min"
    at = where(rules.players, bound) or where(rules.players) or Location(kit.manifest_file)
    counts = f"exactly {low}" if low == high else f"{low} to {high}"
    raise fail(
        at,
        f"kit {kit.name!r} is for {counts} players (its rules' `players:`); "
        f"--players {n} is not possible",
    )
