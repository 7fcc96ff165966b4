"""Chariot Race at Carthage played many times on the kit's real board (docs/simulate.md).

One die; an even throw runs straight along the chariot's track and stops behind a chariot in
the way, an odd throw runs forward and steps sideways round a chariot in the way (never
diagonally, never jumping). The square a chariot stops on acts as the rules say: C draws a
CURRICULUM card (its text is not played), F swaps a FATUM card with the neighbour to the right (the player before in turn order),
arrow and stone squares move it, a FATUM-symbol square moves the holder of that card, and a
WRECK square blocks the holder of the WRECK card unless it holds a rescue card (it then
resumes on its next turn), until another chariot takes its place (and the WRECK card). The
FATUM deck is dealt one card at a time from the dealer's left. A cue is taken at each crossing of the
arrival line; the first chariot with `laps` cues wins.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from printkit.api import Kit, ticking
from printkit.games.carthage.kit import board, deck, removed_cards, setup_for
from printkit.games.carthage.moves import card_move
from printkit.games.carthage.rules import rules

PLAIN, CURRICULUM, FATUM_SWAP, MOVE, SYMBOL, WRECK = range(6)
MAX_ROUNDS = 2000


@dataclass
class Board:
    """The board as flat tables: square kind code and move, per track and position (0-based)."""

    tracks: int
    lap: int
    laps: int
    kind: list[list[int]]
    move: list[list[Any]]  # a Move for MOVE squares, a FATUM card id for SYMBOL squares
    stones: list[int]  # 0-based positions of the mileage stones, sorted
    card_moves: dict[str, Any]  # FATUM card id -> its Move
    kind_names: list[list[str]]


@dataclass
class GameLog:
    rounds: int = 0
    curriculum: int = 0
    swaps: int = 0
    wrecks: int = 0
    blocked_turns: int = 0
    landings: list[int] = field(default_factory=list)  # per track * lap + position


def read_board(kit: Kit) -> Board:
    b, r = board(kit), rules(kit)
    lap, n = b.lap, len(b.tracks)
    kind = [[PLAIN] * lap for _ in range(n)]
    move: list[list[Any]] = [[None] * lap for _ in range(n)]
    names = [["plain"] * lap for _ in range(n)]
    codes = {r.curriculum_square: CURRICULUM, r.swap_square: FATUM_SWAP}
    for sq in b.squares:
        t, p = b.track_index(sq.track), sq.at - 1
        names[t][p] = sq.kind
        sk = b.square_kinds[sq.kind]
        if sq.kind == r.wreck_square:
            kind[t][p] = WRECK
        elif sq.kind == r.fatum_square:
            kind[t][p], move[t][p] = SYMBOL, sq.card
        elif sk.move is not None and (sk.move.steps or sk.move.to_stone):
            kind[t][p], move[t][p] = MOVE, sk.move
        elif sq.kind in codes:
            kind[t][p] = codes[sq.kind]
    cards = {c.id: card_move(c) for c in deck(kit, "fatum").cards}
    return Board(
        tracks=n,
        lap=lap,
        laps=r.laps,
        kind=kind,
        move=move,
        stones=sorted((s - 1) % lap for s in b.mileage_stones),
        card_moves={k: v for k, v in cards.items() if v is not None},
        kind_names=names,
    )


@dataclass
class Seat:
    """One chariot in a game: where it is, which player runs it, whether it is blocked."""

    player: int
    track: int
    progress: int = 0  # squares run since the start; square = (progress - 1) % lap
    cues: int = 0
    blocked: int = 0  # turns still to miss; -1: wrecked until freed


class Game:
    def __init__(self, b: Board, setup: Any, rng: random.Random) -> None:
        self.board, self.rng, self.setup = b, rng, setup
        self.seats = [Seat(p, t % b.tracks) for t, p in enumerate(setup.owner)]
        hands: list[list[str]] = [[] for _ in range(setup.players)]
        deck = list(setup.fatum)
        rng.shuffle(deck)
        for i, card in enumerate(deck):  # one by one from the dealer's left (player 1 first)
            hands[(i + 1) % setup.players].append(card)
        self.hands = hands
        self.log = GameLog(landings=[0] * (b.tracks * b.lap))

    def holds(self, player: int, card: str) -> bool:
        return card in self.hands[player]

    def square(self, s: Seat) -> int:
        return (s.progress - 1) % self.board.lap

    def occupant(self, track: int, progress: int) -> Seat | None:
        if progress < 1:
            return None
        pos = (progress - 1) % self.board.lap
        for s in self.seats:
            if s.track == track and s.progress >= 1 and self.square(s) == pos:
                return s
        return None

    def run(self) -> GameLog:
        log, b = self.log, self.board
        while log.rounds < MAX_ROUNDS:
            log.rounds += 1
            for s in self.seats:
                self.turn(s)
                if s.cues >= b.laps:
                    return log
        return log

    def turn(self, s: Seat) -> None:
        if s.blocked:
            self.log.blocked_turns += 1
            if s.blocked > 0:
                s.blocked -= 1
            return
        roll = self.rng.randint(1, 6)
        self.run_squares(s, roll, sideways=roll % 2 == 1)
        self.land(s, depth=0)

    def run_squares(self, s: Seat, n: int, sideways: bool) -> None:
        """Forward `n` squares; an odd throw steps sideways round a chariot in the way."""
        for left in range(n, 0, -1):
            ahead = self.occupant(s.track, s.progress + 1)
            if ahead is None:
                s.progress += 1
            elif left == 1 and ahead.blocked < 0 and self.is_wreck(ahead):
                self.free(ahead, s)
                s.progress += 1
            elif sideways and self.step_aside(s):
                continue
            else:
                break
        s.cues = max(s.cues, (s.progress - 1) // self.board.lap)

    def step_aside(self, s: Seat) -> bool:
        for t in (s.track - 1, s.track + 1):  # towards the spina first
            if 0 <= t < self.board.tracks and self.occupant(t, s.progress) is None:
                s.track = t
                return True
        return False

    def is_wreck(self, s: Seat) -> bool:
        return self.board.kind[s.track][self.square(s)] == WRECK

    def free(self, wrecked: Seat, rescuer: Seat) -> None:
        """`rescuer` takes the wrecked chariot's place, and the WRECK card for a FATUM card; the
        freed chariot moves to the nearest free square (our reading: the seed does not say where
        it goes): beside the wreck, towards the spina first, else the first free one ahead."""
        wrecked.blocked = 0
        self.make_room(wrecked)
        wreck = self.setup.wreck_card
        giver, taker = self.hands[wrecked.player], self.hands[rescuer.player]
        if wreck in giver and giver is not taker:
            giver.remove(wreck)
            taker.append(wreck)
            if len(taker) > 1:
                giver.append(taker.pop(self.rng.randrange(len(taker) - 1)))

    def make_room(self, s: Seat) -> None:
        """Move `s` off its square onto the nearest free one (see `free`)."""
        if self.step_aside(s):
            return
        ahead = s.progress + 1
        while self.occupant(s.track, ahead) is not None:
            ahead += 1
        s.progress = ahead

    def land(self, s: Seat, depth: int) -> None:
        """What the square a chariot stops on makes it do."""
        if s.progress < 1:
            return
        b, log = self.board, self.log
        pos = self.square(s)
        log.landings[s.track * b.lap + pos] += 1
        kind = b.kind[s.track][pos]
        if kind == CURRICULUM:
            log.curriculum += 1
        elif kind == FATUM_SWAP:
            self.swap(s.player)
        elif kind == WRECK and self.holds(s.player, self.setup.wreck_card):
            log.wrecks += 1
            rescued = any(self.holds(s.player, c) for c in self.setup.rescue)
            s.blocked = 0 if rescued else -1  # a rescue card: it resumes on its next turn
        elif kind in (MOVE, SYMBOL) and depth < 8:
            move = b.move[s.track][pos]
            if kind == SYMBOL:
                move = b.card_moves.get(move) if self.holds(s.player, move) else None
            if move is not None:
                self.forced(s, move)
                self.land(s, depth + 1)

    def forced(self, s: Seat, move: Any) -> None:
        """A square's move: up to the next stone, or `steps` along (changing track if allowed)."""
        b = self.board
        if move.to_stone:
            pos = self.square(s)
            ahead = [p for p in b.stones if p > pos] or [b.stones[0] + b.lap] if b.stones else []
            if ahead:
                self.run_squares(s, ahead[0] - pos, sideways=False)
            return
        if move.steps > 0:
            self.run_squares(s, move.steps, sideways=move.lanes > 0)
            return
        for _ in range(-move.steps):  # backward: only onto free squares
            if s.progress > 1 and self.occupant(s.track, s.progress - 1) is None:
                s.progress -= 1

    def swap(self, player: int) -> None:
        """An F square: swap a FATUM card with the neighbour to the right. Play goes clockwise,
        so the player to the right is the one before in turn order. The player gives the WRECK
        card if they hold it, else a random card, and takes a random card that is not it."""
        n = len(self.hands)
        if n < 2:
            return
        mine, theirs = self.hands[player], self.hands[right_of(player, n)]
        wreck = self.setup.wreck_card
        wanted = [i for i, c in enumerate(theirs) if c != wreck]
        if not mine or not wanted:
            return
        give = mine.index(wreck) if wreck in mine else self.rng.randrange(len(mine))
        take = wanted[self.rng.randrange(len(wanted))]
        mine[give], theirs[take] = theirs[take], mine[give]
        self.log.swaps += 1


def right_of(player: int, players: int) -> int:
    """The neighbour to a player's right: play goes clockwise (to the left), so the player
    before in turn order."""
    return (player - 1) % players


@dataclass
class Setup:
    """The players' side of one player count: who runs which chariot, the FATUM cards dealt."""

    players: int
    owner: list[int]  # per racing chariot, in seat order: its player
    colours: list[str]
    fatum: list[str]
    wreck_card: str
    rescue: list[str]


def read_setup(kit: Kit, players: int) -> Setup:
    r = rules(kit)
    setup = setup_for(kit, players)
    out = set(setup.remove_chariots) if setup else set()
    colours = [c for c in r.chariots if c not in out]
    if setup and setup.teams:
        team_of = {c: i for i, team in enumerate(setup.teams) for c in team}
        owner = [team_of.get(c, 0) for c in colours]
        hands = len(setup.teams)
    else:
        owner, hands = list(range(len(colours))), len(colours)
    removed = {c.id for c in removed_cards(kit, r.components.fatum, players)}
    fatum_deck = deck(kit, "fatum")
    cards = [c.id for c in fatum_deck.cards if c.id not in removed for _ in range(c.count)]
    wreck = next((c.id for c in fatum_deck.cards if c.kind == r.wreck_card_kind), "")
    return Setup(hands, owner, colours, cards, wreck, list(r.rescue_cards))


def play_games(b: Board, setup: Setup, runs: int, seed: int) -> list[GameLog]:
    rng = random.Random(seed)
    return [Game(b, setup, rng).run() for _ in ticking(range(runs), "racing")]
