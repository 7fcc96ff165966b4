"""Carthage's readers of the kit: the component playing each role (rules.yaml `components`),
the chosen player count, each count's setup and removed cards, and how a deal splits: the checks, the pick list and the simulation all read the kit through these.
"""

from __future__ import annotations

from typing import Any, TypeVar

from printkit.api import Card, Deck, Kit, Location, fail, where
from printkit.games.carthage.components.board.model import Board
from printkit.games.carthage.rules import rules

M = TypeVar("M")


def component(kit: Kit, role: str, type_: str, model: type[M]) -> M:
    """The model of the component playing `role` (rules.yaml `components`), of type `type_`
    (whose model class is `model`)."""
    cid = getattr(rules(kit).components, role)
    if cid not in kit.component_ids() or kit.spec(cid).type != type_:
        raise fail(
            rules_where(kit, "components", role),
            f"{role} must name a {type_} component of this kit; {cid!r} is not one",
        )
    return kit.model_as(cid, model)


def board(kit: Kit) -> Board:
    return component(kit, "board", "board", Board)


def deck(kit: Kit, role: str) -> Deck:
    return component(kit, role, "deck", Deck)


def tokens(kit: Kit) -> Any:
    """The tokens component's model: the generic `tokens` type's (printkit/components/tokens/),
    read by its attributes (groups, aid) rather than by import: a game reaches printkit through
    its API."""
    return component(kit, "tokens", "tokens", object)


def rules_where(kit: Kit, *path: str | int) -> Location:
    """Where an item of the rules file was written (records only know their own fields)."""
    doc = kit.rules_document()
    return doc.where(tuple(path)) if doc else Location(kit.manifest_file)


def players(kit: Kit) -> int:
    """The player count chosen on the command line, or the rules' default; checked in range
    and against the chariots that count seats (CT020)."""
    p = rules(kit).players
    n = kit.options.players or p.default
    if not p.min <= n <= p.max:
        raise fail(
            where(p) or Location(kit.manifest_file),
            f"this game is for {p.min} to {p.max} players; --players {n} is not possible",
        )
    problem = seating_problem(kit, n)
    if problem:
        raise fail(where(p, "max") or Location(kit.manifest_file), f"{problem} (CT020)")
    return n


def racing_chariots(kit: Kit, n: int) -> list[str]:
    """The chariots that race with `n` players: all of rules.yaml `chariots` but those the
    n-player setup removes."""
    setup = setup_for(kit, n)
    gone = set(setup.remove_chariots) if setup else set()
    return [c for c in rules(kit).chariots if c not in gone]


def seating_problem(kit: Kit, n: int) -> str | None:
    """Why `n` players cannot each run their chariots, or None: without `teams` every player
    runs one racing chariot; with them, one team per player."""
    setup = setup_for(kit, n)
    racing = racing_chariots(kit, n)
    if setup and setup.teams:
        if len(setup.teams) != n:
            return f"{n} players need {n} teams; the {n}-player setup has {len(setup.teams)}"
        return None
    if len(racing) != n:
        return (
            f"{n} players each run one chariot, but {len(racing)} race "
            f"({', '.join(racing)}); give the {n}-player setup `teams` or `remove_chariots`"
        )
    return None


def card_matches(card: Card, ref: int | str) -> bool:
    """A removal-list entry names a card by id, or by number for numbered cards."""
    if isinstance(ref, int) and card.get("number") == ref:
        return True
    return card.id == str(ref)


def setup_for(kit: Kit, n: int) -> Any:
    return rules(kit).setups.get(str(n))


def removed_cards(kit: Kit, component_id: str, n: int) -> list[Card]:
    setup = setup_for(kit, n)
    if setup is None:
        return []
    refs = setup.remove_cards.get(component_id, [])
    return [
        c for c in kit.model_as(component_id, Deck).cards if any(card_matches(c, r) for r in refs)
    ]


def split_deal(total: int, n: int) -> str:
    """How `total` cards dealt one at a time fall into `n` hands: "8, 8, 7 (uneven, ...)"."""
    base, extra = divmod(total, n)
    hands = [base + 1] * extra + [base] * (n - extra)
    return ", ".join(map(str, hands)) + (" (uneven, from the dealer's left)" if extra else "")
