"""Chariot Race at Carthage checks CT001-CT012: the board, the decks, the cues and the setups
by player count, against the seed's rules.

The kit's rules file names which board square kinds are WRECK and FATUM-symbol squares, which
FATUM cards rescue a wrecked chariot, and, per player count, the chariots and cards to remove
and the teams. Everything here reads those names.
"""

from __future__ import annotations

from collections.abc import Iterator

from printkit.api import Card, Deck, Kit, Location, Problem, RuleSet, where
from printkit.games.carthage.components.board.model import Move
from printkit.games.carthage.kit import (
    board,
    card_matches,
    deck,
    players,
    removed_cards,
    rules_where,
    setup_for,
    split_deal,
    tokens,
)
from printkit.games.carthage.moves import Spot, card_move, describe_move, find_loop
from printkit.games.carthage.rules import rules

CHECKS = RuleSet("carthage")  # joined with setup_checks.CHECKS in __init__.py


# -- the forced-move walk (the pure part is in moves.py) ----------------------
def forced_moves(kit: Kit) -> dict[Spot, tuple[Move, object]]:
    """Every square that moves a chariot on its own: spot -> (move, the square record)."""
    b = board(kit)
    r = rules(kit)
    fatum_cards = {c.id: c for c in deck(kit, "fatum").cards}
    out: dict[Spot, tuple[Move, object]] = {}
    for sq in b.squares:
        kind = b.square_kinds[sq.kind]
        move = kind.move
        if sq.kind == r.fatum_square and sq.card in fatum_cards:
            move = card_move(fatum_cards[sq.card])
        if move is not None and (move.steps or move.to_stone):
            out[Spot(b.track_index(sq.track), sq.at - 1)] = (move, sq)
    return out


# -- checks ----------------------------------------------------------------------------------
@CHECKS.rule("CT001", "error", "the arena has exactly the tracks the rules ask for (four)")
def four_tracks(kit: Kit) -> Iterator[Problem]:
    b, want = board(kit), rules(kit).tracks
    if len(b.tracks) != want:
        yield (
            where(b, "tracks"),
            f"the arena has {len(b.tracks)} tracks ({', '.join(b.tracks)}); the game needs {want}",
        )


@CHECKS.rule("CT002", "error", "every FATUM-symbol square names an existing FATUM card")
def fatum_squares_name_cards(kit: Kit) -> Iterator[Problem]:
    b, r = board(kit), rules(kit)
    cards = {c.id for c in deck(kit, "fatum").cards}
    for sq in b.squares:
        if sq.kind != r.fatum_square:
            continue
        if not sq.card:
            yield where(sq), f"the {sq.kind} square at track {sq.track}, {sq.at} names no card"
        elif sq.card not in cards:
            yield (
                where(sq, "card"),
                f"the {sq.kind} square at track {sq.track}, {sq.at} names FATUM card "
                f"{sq.card!r}, which the FATUM deck does not have",
            )


@CHECKS.rule("CT004", "error", "the board has at least one WRECK square")
def wreck_square(kit: Kit) -> Iterator[Problem]:
    b, kind = board(kit), rules(kit).wreck_square
    if not any(sq.kind == kind for sq in b.squares):
        yield where(b, "squares"), f"no square of kind {kind!r}: the WRECK card would never matter"


@CHECKS.rule("CT005", "error", "the rescue cards exist in the FATUM deck")
def rescue_cards(kit: Kit) -> Iterator[Problem]:
    r = rules(kit)
    cards = {c.id for c in deck(kit, "fatum").cards}
    for i, cid in enumerate(r.rescue_cards):
        if cid not in cards:
            yield (
                rules_where(kit, "rescue_cards", i),
                f"rescue card {cid!r} is not in the FATUM deck",
            )


@CHECKS.rule("CT006", "error", "every card on a removal list exists")
def removal_lists(kit: Kit) -> Iterator[Problem]:
    r = rules(kit)
    for key, setup in r.setups.items():
        for cid, refs in setup.remove_cards.items():
            path = ("setups", key, "remove_cards", cid)
            if cid not in kit.component_ids() or kit.spec(cid).type != "deck":
                yield rules_where(kit, *path), f"removal list names {cid!r}, which is no deck"
                continue
            cards = kit.model_as(cid, Deck).cards
            for i, ref in enumerate(refs):
                if not any(card_matches(c, ref) for c in cards):
                    yield (
                        rules_where(kit, *path, i),
                        f"the {key}-player setup removes {cid} card {ref!r}, which does not exist",
                    )
        known = set(r.chariots)
        for i, colour in enumerate(setup.remove_chariots):
            if colour not in known:
                yield (
                    rules_where(kit, "setups", key, "remove_chariots", i),
                    f"the {key}-player setup removes chariot {colour!r}, which is not a chariot",
                )


@CHECKS.rule("CT007", "error", "CURRICULUM numbers run 1, 2, 3... without gaps")
def curriculum_numbers(kit: Kit) -> Iterator[Problem]:
    """Every CURRICULUM card has a number, and the numbers run from 1 with none missing (that
    no two cards share a number is a data check in rules.yaml, DR003)."""
    d = deck(kit, "curriculum")
    seen: dict[int, Card] = {}  # number -> the first card that has it
    for card in d.cards:
        n = card.get("number")
        if n is None:
            yield where(card), f"CURRICULUM card {card.id!r} has no number"
        else:
            seen.setdefault(n, card)
    missing = sorted(set(range(1, max(seen, default=0) + 1)) - set(seen))
    if missing:
        after_gap = min((n for n in seen if n > missing[0]), default=max(seen))
        yield (
            where(seen[after_gap], "number"),
            f"CURRICULUM numbers skip {', '.join(map(str, missing))}; they must run 1 to "
            f"{max(seen)} without gaps",
        )


@CHECKS.rule("CT008", "error", "each colour has as many wood cues and cue slots as laps")
def cues(kit: Kit) -> Iterator[Problem]:
    r, b = rules(kit), board(kit)
    pieces = tokens(kit)
    for colour in r.chariots:
        row = b.spina.cue_rows.get(colour)
        if row is None:
            yield where(b.spina, "cue_rows"), f"the spina has no cue row for {colour}"
        elif row.slots != r.laps:
            yield (
                where(row, "slots"),
                f"the spina has {row.slots} cue slots for {colour}; the race is {r.laps} laps",
            )
        n = pieces.count_for("cue", colour)
        if n != r.laps:
            yield (
                pieces.where_for("cue", colour),
                f"there are {n} wood cues for {colour}; the race is {r.laps} laps, so {r.laps}",
            )


def cards_where(kit: Kit, role: str) -> Location:
    """The `cards:` line of the deck playing `role`, for findings about the deck as a whole."""
    cid = getattr(rules(kit).components, role)
    return kit.document(cid).where(("cards",), key=True)


@CHECKS.rule("CT009", "info", "how the FATUM deck deals out for each player count")
def fatum_deal(kit: Kit) -> Iterator[Problem]:
    """The FATUM deck is dealt out completely, one card at a time from the dealer's left, so
    with an uneven deal the first players get one card more. Reported for every player count
    (or the one given with --players), at the deck's `cards:` line; in a team game (rules.yaml
    `teams`) each player holds one hand for both chariots. Uneven deals are allowed by the
    rules: this is information, nothing to fix.
    """
    r = rules(kit)
    d = deck(kit, "fatum")
    counts = [players(kit)] if kit.options.players else range(r.players.min, r.players.max + 1)
    for n in counts:
        removed = sum(c.count for c in removed_cards(kit, r.components.fatum, n))
        total = d.total - removed
        setup = setup_for(kit, n)
        hands = len(setup.teams) if setup and setup.teams else n
        who = f"{n} players"
        if setup and setup.teams:
            who += ", teams " + " against ".join("+".join(t) for t in setup.teams)
        yield (
            cards_where(kit, "fatum"),
            f"{who}: {total} FATUM cards deal {split_deal(total, hands)}",
        )


@CHECKS.rule("CT010", "error", "no chain of forced moves loops forever")
def no_loops(kit: Kit) -> Iterator[Problem]:
    b = board(kit)
    moves = forced_moves(kit)
    loop = find_loop(b, moves)
    if not loop:
        return
    steps = []
    for s in loop[:-1]:
        move, _ = moves[s]
        steps.append(f"track {b.tracks[s.track]} {s.pos + 1} ({describe_move(move)})")
    first = moves[loop[0]][1]
    yield (
        where(first),
        "forced moves can loop forever: "
        + " -> ".join(steps)
        + f" -> back to track {b.tracks[loop[-1].track]} {loop[-1].pos + 1}",
    )


@CHECKS.rule("CT011", "error", "every chariot colour has its MALEDICTION TABLETS card")
def maledictions(kit: Kit) -> Iterator[Problem]:
    r = rules(kit)
    d = deck(kit, "fatum")
    have = {c.get("colour") for c in d.cards if c.kind == r.malediction_kind}
    for i, colour in enumerate(r.chariots):
        if colour not in have:
            yield (
                rules_where(kit, "chariots", i),
                f"no {r.malediction_kind} card for the {colour} chariot in the FATUM deck",
            )


@CHECKS.rule("CT012", "error", "a team game gives every racing chariot to exactly one player")
def teams(kit: Kit) -> Iterator[Problem]:
    """A setup with `teams` (rules.yaml; the 2-player game: BLUE and RED against GREEN and
    WHITE) lists the chariots each player runs. It must have one team per player, name only
    chariots of `chariots` that this setup does not remove, and give each racing chariot to
    exactly one player. Fix the setup's `teams` in rules.yaml.
    """
    r = rules(kit)
    for key, setup in r.setups.items():
        if not setup.teams:
            continue
        racing = [c for c in r.chariots if c not in setup.remove_chariots]
        if key.isdigit() and len(setup.teams) != int(key):
            yield (
                rules_where(kit, "setups", key, "teams"),
                f"the {key}-player setup has {len(setup.teams)} teams; it needs one per player",
            )
        owner: dict[str, int] = {}
        for t, team in enumerate(setup.teams):
            for i, colour in enumerate(team):
                at = rules_where(kit, "setups", key, "teams", t, i)
                if colour not in racing:
                    yield (
                        at,
                        f"team {t + 1} of the {key}-player setup runs {colour!r}, which is not a "
                        f"racing chariot ({', '.join(racing)})",
                    )
                elif colour in owner:
                    yield (
                        at,
                        f"chariot {colour!r} is in team {owner[colour] + 1} and team {t + 1} of "
                        f"the {key}-player setup; each chariot has one player",
                    )
                else:
                    owner[colour] = t
        missing = [c for c in racing if c not in owner]
        if missing:
            yield (
                rules_where(kit, "setups", key, "teams"),
                f"no team of the {key}-player setup runs {', '.join(missing)}; every racing "
                "chariot needs a player",
            )
