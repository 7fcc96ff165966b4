"""Chariot Race at Carthage checks that data alone can contradict (issue 14), registered on the
game's RULES: the removal of a chariot for fewer players, FATUM symbol cards and their squares,
the square kinds the rules name, duplicate removals.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from printkit.api import Kit, Location, RuleSet, where
from printkit.games.carthage.kit import board, card_matches, deck, rules_where
from printkit.games.carthage.rules import rules

CHECKS = RuleSet("carthage")  # joined with checks.CHECKS in __init__.py


def _names(text: str, colour: str) -> bool:
    return re.search(rf"\b{re.escape(colour)}\b", text, re.IGNORECASE) is not None


@CHECKS.rule("CT013", "error", "a setup that removes a chariot removes its curse and names it")
def removal_consistent(kit: Kit) -> Iterator[tuple[Location, str]]:
    """A setup that leaves out chariots (the 3-player game: WHITE) must also leave out the
    MALEDICTION TABLETS card of each removed colour and no other's, its description must name
    the removed colours and no racing one as left out, and no card it keeps may name a removed
    colour (its text would concern a chariot that is not racing). Fix `remove_chariots`,
    `remove_cards` or `description` of the setup in rules.yaml, or the card.
    """
    r = rules(kit)
    for key, setup in r.setups.items():
        if not setup.remove_chariots:
            continue
        gone = set(setup.remove_chariots)
        yield from _curses(kit, key, setup, gone)
        yield from _description(kit, key, setup, gone)
        yield from _kept_cards(kit, key, setup, gone)


def _curses(kit: Kit, key: str, setup: Any, gone: set[str]) -> Iterator[tuple[Location, str]]:
    r = rules(kit)
    fatum = r.components.fatum
    refs = setup.remove_cards.get(fatum, [])
    for card in deck(kit, "fatum").cards:
        if card.kind != r.malediction_kind:
            continue
        removed = any(card_matches(card, ref) for ref in refs)
        colour = card.get("colour")
        if colour in gone and not removed:
            yield (
                rules_where(kit, "setups", key, "remove_chariots"),
                f"the {key}-player setup removes the {colour} chariot but keeps its "
                f"{r.malediction_kind} card {card.id!r}; add it to remove_cards.{fatum}",
            )
        elif removed and colour not in gone:
            yield (
                rules_where(kit, "setups", key, "remove_cards", fatum),
                f"the {key}-player setup leaves out {card.id!r}, the curse of the {colour} "
                f"chariot, which still races",
            )


def _description(kit: Kit, key: str, setup: Any, gone: set[str]) -> Iterator[tuple[Location, str]]:
    text = setup.description or ""
    if not text:
        return
    at = rules_where(kit, "setups", key, "description")
    for colour in sorted(gone):
        if not _names(text, colour):
            yield (
                at,
                f"the {key}-player setup removes {colour}, but its description does not say so",
            )
    racing = [c for c in rules(kit).chariots if c not in gone]
    for colour in racing:
        if _names(text, colour):
            yield at, f"the {key}-player description names {colour}, a chariot that still races"


def _kept_cards(kit: Kit, key: str, setup: Any, gone: set[str]) -> Iterator[tuple[Location, str]]:
    r = rules(kit)
    for role in ("curriculum", "fatum"):
        cid = getattr(r.components, role)
        refs = setup.remove_cards.get(cid, [])
        for card in deck(kit, role).cards:
            if card.kind == r.malediction_kind or any(card_matches(card, x) for x in refs):
                continue  # curses are checked above
            text = f"{card.title or ''} {card.text or ''}"
            for colour in sorted(gone):
                if _names(text, colour):
                    yield (
                        where(card, "text") or where(card) or Location(""),
                        f"card {card.id!r} names {colour.upper()}, which the {key}-player setup "
                        f"removes, but the setup keeps the card; add it to remove_cards.{cid}",
                    )


@CHECKS.rule("CT014", "error", "every FATUM symbol card has a square on the board")
def symbol_cards_on_board(kit: Kit) -> Iterator[tuple[Location, str]]:
    """A FATUM card of kind `symbol_card_kind` (rules.yaml) acts only on the board squares that
    show its symbol; a symbol card no square names would never be used. Fix: add a square of
    kind `fatum_square` naming the card in board.yaml, or remove the card.
    """
    r = rules(kit)
    named = {sq.card for sq in board(kit).squares if sq.kind == r.fatum_square}
    for card in deck(kit, "fatum").cards:
        if card.kind == r.symbol_card_kind and card.id not in named:
            yield (
                where(card, "id") or where(card) or Location(""),
                f"FATUM symbol card {card.id!r} has no {r.fatum_square} square on the board",
            )


@CHECKS.rule("CT015", "error", "the board has every square kind the rules name")
def named_squares_on_board(kit: Kit) -> Iterator[tuple[Location, str]]:
    """The rules name the C and F squares, the four symbol squares (one forward, two forward,
    three backward, up to the mileage stone), the FATUM-symbol and the WRECK squares; rules.yaml
    `required_squares` lists their kinds, and the board needs at least one of each. Fix: add the
    square to board.yaml `squares`.
    """
    r, b = rules(kit), board(kit)
    present = {sq.kind for sq in b.squares}
    for i, kind in enumerate(r.required_squares):
        if kind not in present:
            label = b.square_kinds[kind].label if kind in b.square_kinds else kind
            yield (
                where(b, "squares", key=True) or rules_where(kit, "required_squares", i),
                f"the board has no {kind!r} square ({label}), which the rules name "
                "(rules.yaml required_squares)",
            )


@CHECKS.rule("CT016", "error", "a removal list names each card or chariot once")
def removal_no_duplicates(kit: Kit) -> Iterator[tuple[Location, str]]:
    """A card or chariot listed twice for removal is a typo that hides a missing entry (the
    list of 3-player removals in the rules has six different CURRICULUM numbers). Fix the list
    in rules.yaml.
    """
    for key, setup in rules(kit).setups.items():
        lists: list[tuple[tuple[str, ...], list[Any]]] = [
            (("remove_chariots",), setup.remove_chariots)
        ]
        lists += [(("remove_cards", cid), refs) for cid, refs in setup.remove_cards.items()]
        for path, refs in lists:
            seen: set[Any] = set()
            for i, ref in enumerate(refs):
                if ref in seen:
                    yield (
                        rules_where(kit, "setups", key, *path, i),
                        f"the {key}-player setup lists {ref!r} twice in {'.'.join(path)}",
                    )
                seen.add(ref)


@CHECKS.rule("CT022", "error", "a board with TO THE STONE moves has mileage stones")
def stones_for_stone_moves(kit: Kit) -> Iterator[tuple[Location, str]]:
    """A square kind whose `move` is `to_stone` (MOVE UP TO THE MILEAGE STONE), or a FATUM card
    with `to_stone` that has a square on the board, moves a chariot up to the next mileage
    stone; with `mileage_stones: []` there is none to move to, and the square does nothing.
    Fix: list the stones' positions in board.yaml `mileage_stones`, or give the square another
    move.
    """
    r, b = rules(kit), board(kit)
    if b.mileage_stones:
        return
    stone_kinds = {k for k, sk in b.square_kinds.items() if sk.move and sk.move.to_stone}
    stone_cards = {c.id for c in deck(kit, "fatum").cards if c.get("to_stone")}
    for sq in b.squares:
        card = sq.card if sq.kind == r.fatum_square else None
        if sq.kind in stone_kinds or card in stone_cards:
            what = f"FATUM card {card!r}" if card in stone_cards else f"square kind {sq.kind!r}"
            yield (
                where(b, "mileage_stones") or where(sq) or Location(""),
                f"board square {sq.track} {sq.at} ({what}) moves up to the next mileage stone, "
                "but mileage_stones is empty",
            )
            return
