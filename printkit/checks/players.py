"""The player count: what a kit's rules allow (`players: {min, max}`), and `--players` checked
against it before any other work."""

from __future__ import annotations

from typing import Any

from printkit.errors import Location, fail
from printkit.load.schema import where


def player_range(rules: Any) -> tuple[int, int] | None:
    """(min, max) players a kit's rules allow, from a `players:` record with an integer `max`
    (and optional `min`, default 1); None when the rules do not say."""
    players = getattr(rules, "players", None)
    high = getattr(players, "max", None)
    if not isinstance(high, int):
        return None
    low = getattr(players, "min", 1)
    return (low if isinstance(low, int) else 1, high)


def check_player_count(kit: Any, rules: Any) -> None:
    """`--players N` must be a count the kit's rules allow: an input error at `players:`."""
    n = kit.options.players
    allowed = player_range(rules)
    if n is None or allowed is None or allowed[0] <= n <= allowed[1]:
        return
    low, high = allowed
    bound = "max" if n > high else "min"
    at = where(rules.players, bound) or where(rules.players) or Location(kit.manifest_file)
    raise fail(
        at,
        f"kit {kit.name!r} is for {low} to {high} players (its rules' `players:`); "
        f"--players {n} is not possible",
    )
