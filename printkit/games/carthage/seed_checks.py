"""Chariot Race at Carthage checks CT017-CT021: the kit against what the seed fixes (seed.py):
the setups for 2, 3 and 4 players as the seed lists them, the symbol squares' moves, the rescue
cards, a chariot for every player of every count the rules allow, and the C and F squares'
roles."""

from __future__ import annotations

from collections.abc import Iterator

from printkit.api import Card, Kit, Location, RuleSet, where
from printkit.games.carthage.components.board.model import Move
from printkit.games.carthage.kit import board, card_matches, deck, rules_where, seating_problem
from printkit.games.carthage.rules import CarthageRules, Setup, rules
from printkit.games.carthage.seed import (
    PLAYER_COUNTS,
    RESCUE_TITLES,
    SETUPS,
    SQUARE_LETTERS,
    SYMBOL_MOVES,
    SeedSetup,
)

CHECKS = RuleSet("carthage")  # joined with the other checks in __init__.py

Found = tuple[Location, str]


def _seed_setups(r: CarthageRules) -> Iterator[tuple[int, Setup | None, SeedSetup]]:
    """(player count, the kit's setup or None, the seed's) for each count the kit plays that
    the seed describes, unless the kit's setup says `source: ours`."""
    for n in range(r.players.min, r.players.max + 1):
        setup = r.setups.get(str(n))
        if n in SETUPS and (setup is None or setup.source == "seed"):
            yield n, setup, SETUPS[n]


@CHECKS.rule("CT017", "error", "the setups for 2, 3 and 4 players are the seed's")
def setups_are_the_seeds(kit: Kit) -> Iterator[Found]:
    """The seed fixes each player count: four players run a chariot each; three leave out the
    WHITE chariot, the MALEDICTION TABLETS FOR THE WHITE ONES and CURRICULUM cards 7, 8, 9, 16,
    24 and 25, and nothing else; two run two chariots each, BLUE and RED against GREEN and
    WHITE. The game is for 2 to 4 players. A setup that plays otherwise on purpose is a house
    rule: mark it `source: ours` in rules.yaml and it is not held to the seed. Fix the setup's
    `remove_chariots`, `remove_cards` or `teams`.
    """
    r = rules(kit)
    yield from _player_range(kit, r)
    for n, setup, seed in _seed_setups(r):
        if setup is None:
            if seed.remove_chariots or seed.teams:
                yield (
                    rules_where(kit, "setups"),
                    f"there is no {n}-player setup; the seed says: {seed.words}",
                )
            continue
        yield from _chariots_removed(kit, n, setup, seed)
        yield from _cards_removed(kit, n, setup, seed)
        yield from _teams(kit, n, setup, seed)


def _player_range(kit: Kit, r: CarthageRules) -> Iterator[Found]:
    low, high = min(PLAYER_COUNTS), max(PLAYER_COUNTS)
    for name, n in (("min", r.players.min), ("max", r.players.max)):
        setup = r.setups.get(str(n))
        if not low <= n <= high and not (setup and setup.source == "ours"):
            yield (
                where(r.players, name) or rules_where(kit, "players"),
                f"players.{name} is {n}, but the seed's game is for {low} to {high} players "
                f"(give a {n}-player setup `source: ours` to play it as a house rule)",
            )


def _chariots_removed(kit: Kit, n: int, setup: Setup, seed: SeedSetup) -> Iterator[Found]:
    have = {c.casefold() for c in setup.remove_chariots}
    if have != set(seed.remove_chariots):
        want = ", ".join(c.upper() for c in seed.remove_chariots) or "no chariot"
        yield (
            rules_where(kit, "setups", str(n), "remove_chariots")
            if setup.remove_chariots
            else rules_where(kit, "setups", str(n)),
            f"the {n}-player setup removes {', '.join(setup.remove_chariots) or 'no chariot'}; "
            f"the seed removes {want}",
        )


def _seed_removes(kit: Kit, card: Card, seed: SeedSetup, role: str) -> bool:
    r = rules(kit)
    if role == "fatum":
        colour = str(card.get("colour") or "").casefold()
        return card.kind == r.malediction_kind and colour in seed.remove_curses_of
    return card.get("number") in seed.remove_curriculum


def _cards_removed(kit: Kit, n: int, setup: Setup, seed: SeedSetup) -> Iterator[Found]:
    """Every card the setup removes is one the seed removes, and every one the seed removes
    is removed; each finding at the list entry (or the list) it is about."""
    r = rules(kit)
    for role in ("curriculum", "fatum"):
        cid = getattr(r.components, role)
        refs = setup.remove_cards.get(cid, [])
        path = ("setups", str(n), "remove_cards", cid)
        cards = deck(kit, role).cards
        for i, ref in enumerate(refs):
            for card in (c for c in cards if card_matches(c, ref)):
                if not _seed_removes(kit, card, seed, role):
                    yield (
                        rules_where(kit, *path, i),
                        f"the {n}-player setup removes {_name(card)}, which the seed keeps; "
                        f"the seed says: {seed.words}",
                    )
        for card in cards:
            kept = not any(card_matches(card, ref) for ref in refs)
            if kept and _seed_removes(kit, card, seed, role):
                at = rules_where(kit, *path) if refs else rules_where(kit, "setups", str(n))
                yield (
                    at,
                    f"the {n}-player setup keeps {_name(card)}, which the seed removes; the "
                    f"seed says: {seed.words}",
                )


def _name(card: Card) -> str:
    number = card.get("number")
    return f"card {number} ({card.id!r})" if number is not None else f"{card.title or card.id}"


def _teams(kit: Kit, n: int, setup: Setup, seed: SeedSetup) -> Iterator[Found]:
    have = {frozenset(c.casefold() for c in team) for team in setup.teams}
    if have == set(seed.teams):
        return
    shown = " against ".join("+".join(t) for t in setup.teams) or "one chariot each"
    want = " against ".join("+".join(sorted(t)) for t in seed.teams) or "one chariot each"
    path = ("setups", str(n), "teams") if setup.teams else ("setups", str(n))
    at = rules_where(kit, *path)
    yield at, f"the {n}-player setup plays {shown}; the seed pairs {want}: {seed.words}"


@CHECKS.rule("CT018", "error", "each symbol square moves as the seed says")
def symbol_moves(kit: Kit) -> Iterator[Found]:
    """rules.yaml `symbol_squares` names the board's square kind of each of the seed's symbol
    squares: MOVE ONE SQUARE FORWARD (straight forward), MOVE TWO SQUARES FORWARD (as you like),
    MOVE THREE SQUARES BACKWARD (as you like), MOVE UP TO THE MILEAGE STONE. Each kind's `move`
    in board.yaml must be that move: one forward never changes track (`lanes: 0`), two forward
    moves 2 and three backward -3 (changing track as you like), the stone square `to_stone`.
    Every one of the four needs a kind. Fix the square kind's `move` in board.yaml, or the
    mapping in rules.yaml.
    """
    r, b = rules(kit), board(kit)
    if not r.symbol_squares:
        return
    for symbol, seed in SYMBOL_MOVES.items():
        if symbol not in r.symbol_squares.values():
            yield (
                rules_where(kit, "symbol_squares"),
                f"no square kind is the seed's {seed.words} (symbol_squares names none as "
                f"{symbol!r})",
            )
    for kind, symbol in r.symbol_squares.items():
        square = b.square_kinds.get(kind)
        if square is None:
            yield (
                rules_where(kit, "symbol_squares", kind),
                f"square kind {kind!r} is not in the board's square_kinds",
            )
            continue
        problem = _move_problem(square.move, symbol)
        if problem:
            yield (
                where(square, "move") or where(square) or rules_where(kit, "symbol_squares"),
                f"square kind {kind!r} ({square.label}) {problem}; the seed: "
                f"{SYMBOL_MOVES[symbol].words}",
            )


def _move_problem(move: Move | None, symbol: str) -> str | None:
    seed = SYMBOL_MOVES[symbol]
    if move is None:
        return "has no move"
    if seed.to_stone:
        return None if move.to_stone and not move.steps else "does not move up to the stone"
    if move.to_stone or move.steps != seed.steps:
        return f"moves {move.steps:+d} squares, not {seed.steps:+d}"
    if seed.straight and move.lanes:
        return f"may change {move.lanes} track(s); the move is straight forward"
    return None


@CHECKS.rule("CT019", "error", "the rescue cards are the seed's EPONE GODDESS, VICTORY and SWORD")
def rescue_set(kit: Kit) -> Iterator[Found]:
    """A wrecked chariot "can be saved by: (a) If you have the EPONE GODDESS, VICTORY or SWORD
    card in your hand". rules.yaml `rescue_cards` must list exactly the FATUM cards of those
    titles. Fix `rescue_cards`, or the card's title in the FATUM deck.
    """
    r = rules(kit)
    by_title = {str(c.title or "").casefold(): c for c in deck(kit, "fatum").cards}
    listed = set(r.rescue_cards)
    for title in RESCUE_TITLES:
        card = by_title.get(title.casefold())
        if card is None:
            yield (
                rules_where(kit, "rescue_cards"),
                f"the FATUM deck has no card titled {title}, a rescue card of the seed",
            )
        elif card.id not in listed:
            yield (
                rules_where(kit, "rescue_cards"),
                f"rescue_cards leaves out {card.id!r} ({title}); the seed: a wreck is saved by "
                "the EPONE GODDESS, VICTORY or SWORD card",
            )
    seed_ids = {by_title[t.casefold()].id for t in RESCUE_TITLES if t.casefold() in by_title}
    for i, cid in enumerate(r.rescue_cards):
        if cid not in seed_ids:
            yield (
                rules_where(kit, "rescue_cards", i),
                f"rescue card {cid!r} is not one of the seed's EPONE GODDESS, VICTORY, SWORD",
            )


@CHECKS.rule("CT020", "error", "every player count the rules allow gives each player chariots")
def seating(kit: Kit) -> Iterator[Found]:
    """For every count from `players.min` to `players.max`, each player runs a chariot: with
    no `teams` the racing chariots (`chariots` less the setup's `remove_chariots`) must number
    exactly the players; with `teams`, one team per player. `players.max: 5` with four chariots
    leaves a player without one (and `printkit simulate --players 5` is refused for the same
    reason). Fix `players` or the setup in rules.yaml.
    """
    r = rules(kit)
    for n in range(r.players.min, r.players.max + 1):
        problem = seating_problem(kit, n)
        if problem:
            at = where(r.players, "max") if n == r.players.max else None
            yield at or rules_where(kit, "players"), problem


@CHECKS.rule("CT021", "error", "the square marked C draws CURRICULUM cards, the one marked F swaps")
def lettered_squares(kit: Kit) -> Iterator[Found]:
    """The seed: "The squares marked C send you back to the CURRICULUM (or Resume) cards ...
    The squares marked F send you back to the FATUM (or Destiny) cards." rules.yaml
    `curriculum_square` must name the square kind whose squares print C (its `text`, or its
    `label`'s first word), and `swap_square` the one that prints F: swapped, every C square
    would swap FATUM cards. Fix the two names in rules.yaml, or the kinds' `text` in board.yaml.
    """
    r, b = rules(kit), board(kit)
    for role, (letter, words) in SQUARE_LETTERS.items():
        kind = getattr(r, role)
        square = b.square_kinds.get(kind)
        if square is None:
            continue  # CT015 and the schema say a missing kind
        shown = (square.text or square.label.split(" ")[0]).strip().upper()
        if shown != letter:
            yield (
                rules_where(kit, role),
                f"{role} names square kind {kind!r}, whose squares are marked {shown!r}, not "
                f"{letter!r}; the seed: {words}",
            )
