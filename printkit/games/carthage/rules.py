"""Carthage's rules file (rules.yaml), as one definition: each @record dataclass is both the typed
model the checks, the pick list and the simulation read and the schema that validates the file
(load/records.py). `rules(kit)` gives a kit's rules as a `CarthageRules`."""

from __future__ import annotations

from typing import Any

from printkit.api import (
    Choice,
    Context,
    Id,
    Int,
    Kit,
    ListOf,
    MapOf,
    PathKey,
    Record,
    Str,
    Type,
    fieldwise,
    record,
    record_of,
    spec,
)
from printkit.games.carthage.seed import SYMBOL_MOVES


class CardRef(Type):
    """A card named by id ("malediction-white") or, for numbered cards, by number (7)."""

    doc = "a card id, or a number for numbered cards"

    def convert(self, value: Any, ctx: Context, path: PathKey) -> Any:
        if isinstance(value, int) and not isinstance(value, bool):
            return Int(1, 100_000).convert(value, ctx, path)
        return Id().convert(value, ctx, path)

    def describe(self) -> str:
        return "a card id or a card number"

    def json(self) -> dict[str, Any]:
        return {"anyOf": [Int(1, 100_000).json(), Id().json()]}


CARD_REF = CardRef()


@record("player-count setup")
@fieldwise(kw_only=True)
class Setup:
    description: str = spec(Str(0, 300), default="")
    teams: list[list[str]] = spec(
        ListOf(ListOf(Id(), 1, 8), 0, 8),
        default=list,
        doc="chariot colours run by each player, when a player runs more than one",
    )
    remove_chariots: list[str] = spec(ListOf(Id()), default=list)
    remove_cards: dict[str, list[str | int]] = spec(
        MapOf(ListOf(CARD_REF)), default=dict, doc="deck component id -> cards to leave out"
    )
    marker: str | None = spec(
        Str(1, 12), doc="printed on every card this setup leaves out, to sort the box"
    )
    source: str = spec(
        Choice(("seed", "ours")),
        default="seed",
        doc="seed: the setup is the seed's, and CT017 holds it to the seed's words; ours: a "
        "house rule (reported as such, not held to the seed)",
    )


def _check_players(players: Any, ctx: Context, path: PathKey) -> None:
    """`min` at most `max`, and the `default` count (a build without --players) between them:
    said at the data by `check` and `build` alike, not only when a build plays the default."""
    if players.min > players.max:
        ctx.error((*path, "min"), f"min {players.min} is more than max {players.max}")
    elif not players.min <= players.default <= players.max:
        ctx.error(
            (*path, "default"),
            f"default must be a player count from min to max ({players.min} to "
            f"{players.max}); got {players.default}",
        )


@record("players", check=_check_players)
@fieldwise(kw_only=True)
class Players:
    min: int = spec(Int(1, 12), default=2)
    max: int = spec(Int(1, 12), default=4)
    default: int = spec(Int(1, 12), default=4)


@record("component names")
@fieldwise(kw_only=True)
class ComponentNames:
    board: str = spec(Id(), default="board")
    curriculum: str = spec(Id(), default="curriculum")
    fatum: str = spec(Id(), default="fatum")
    tokens: str = spec(Id(), default="tokens")


@record("carthage rules")
@fieldwise(kw_only=True)
class CarthageRules:
    players: Players = spec(record_of(Players), required=True)
    laps: int = spec(Int(1, 50), required=True, doc="wood cues needed to win (one per lap)")
    tracks: int = spec(Int(1, 12), default=4, doc="tracks the arena must have")
    chariots: list[str] = spec(
        ListOf(Id(), 1, 12), required=True, doc="chariot colours, in seat order"
    )
    components: ComponentNames = spec(record_of(ComponentNames), required=True)
    wreck_square: str = spec(Id(), required=True, doc="the board square kind that wrecks")
    fatum_square: str = spec(Id(), required=True, doc="the square kind that names a FATUM card")
    wreck_card_kind: str = spec(Id(), required=True, doc="the FATUM card kind of the WRECK card")
    malediction_kind: str = spec(Id(), required=True, doc="FATUM kind of the curse tablets")
    rescue_cards: list[str] = spec(ListOf(Id(), 1, 20), required=True, doc="FATUM cards that free")
    symbol_card_kind: str = spec(
        Id(), default="symbol", doc="FATUM kind of the cards whose symbol is on the board"
    )
    curriculum_square: str = spec(Id(), default="C", doc="the square kind that draws a card")
    swap_square: str = spec(Id(), default="F", doc="the square kind that swaps a FATUM card")
    required_squares: list[str] = spec(
        ListOf(Id()),
        default=list,
        doc="square kinds the rules name, each of which the board must have",
    )
    symbol_squares: dict[str, str] = spec(
        MapOf(Choice(tuple(SYMBOL_MOVES))),
        default=dict,
        doc="board square kind -> the seed's symbol square it is (one-forward, two-forward, "
        "three-backward, to-stone); CT018 holds its move to the seed's",
    )
    setups: dict[str, Setup] = spec(
        MapOf(record_of(Setup), key=Id()), required=True, doc="player count -> setup"
    )


SCHEMA: Record = record_of(CarthageRules)


def rules(kit: Kit) -> CarthageRules:
    """The kit's rules file, read by this game's schema."""
    return kit.rules_as(CarthageRules)
