"""Chartae's rules file (rules.yaml), as one definition: each @record dataclass is both the typed
model the checks, scoring and the balance report read and the schema that validates the file
(load/records.py). `rules(kit)` gives a kit's rules as a `ChartaeRules`."""

from __future__ import annotations

from printkit.api import (
    Choice,
    Id,
    Int,
    Kit,
    ListOf,
    Number,
    Record,
    fieldwise,
    record,
    record_of,
    spec,
)
from printkit.games.chartae.engine import CONNECTED

GAMES_DOC = "random games `check` plays (at most 1,000; `simulate` plays --runs games)"


@record("map")
@fieldwise(kw_only=True)
class MapSize:
    columns: int = spec(Int(1, 9), default=3, doc="the finished map's width in tiles")
    rows: int = spec(Int(1, 9), default=3, doc="its height in tiles")
    source: str = spec(
        Choice(("seed", "ours")),
        default="seed",
        doc="seed: the seed's map of 3x3 tiles, held to it by CH012; ours: a map size of the "
        "kit's own (a house rule)",
    )


@record("players")
@fieldwise(kw_only=True)
class Players:
    """The seed's player count: two, one playing each territory ("Decide which territory each
    of you will play (land or sea)", then "you take one turn each, in alternating order"); the
    play engine plays two sides, so no other count is possible. `--players` is checked against
    it (checks/players.py) by check, build and simulate alike."""

    min: int = spec(Int(2, 2), default=2, doc="the seed's: two players, one per territory")
    max: int = spec(Int(2, 2), default=2, doc="the seed's: two players, one per territory")


@record("balance")
@fieldwise(kw_only=True)
class Balance:
    games: int = spec(Int(0, 1_000_000), default=1_000, doc=GAMES_DOC)
    seed: int = spec(Int(0, 2**31 - 1), default=1, doc="the same seed, same report")
    threshold: float = spec(
        Number(50, 100, "%"),
        default=60,
        doc="warn when one side wins more than this share of the games",
    )


@record("chartae rules")
@fieldwise(kw_only=True)
class ChartaeRules:
    players: Players = spec(
        record_of(Players),
        default=Players,
        doc="the seed's player count, two (one per territory): --players is checked against it",
    )
    map: MapSize = spec(
        record_of(MapSize),
        required=True,
        doc="the finished map: the tile set must hold exactly columns x rows tiles",
    )
    territories: list[str] = spec(
        ListOf(Id(), 2, 2),
        required=True,
        doc="the two sides, each a terrain of the tile set, e.g. [land, sea]",
    )
    max_rotations: int = spec(Int(0, 20), default=2, doc="Rotate actions allowed directly in a row")
    connected: str = spec(
        Choice(CONNECTED),
        default="tile",
        doc="tile: the seed's words, tiles are connected when their shared edge shows the "
        "territory on both; region: ours, a tile with one terrain in two pieces passes a group "
        "on only through the piece at that edge",
    )
    balance: Balance = spec(record_of(Balance), required=True)

    @property
    def sides(self) -> tuple[str, str]:
        """The two territories (the schema takes exactly two)."""
        first, second = self.territories
        return first, second


SCHEMA: Record = record_of(ChartaeRules)


def rules(kit: Kit) -> ChartaeRules:
    """The kit's rules file, read by this game's schema."""
    return kit.rules_as(ChartaeRules)
