"""Chariot Race at Carthage played many times on the kit's real board (docs/simulate.md).

One die. Every move is a route of single steps, each along the track or one track sideways,
never diagonal and never onto a chariot (`routes`): an even throw runs straight and stops behind
a chariot in the way (the rest of the throw is forfeited); an odd throw is any mix of forward and
sideways steps, so it passes a chariot on either side when it can; a wrecked chariot's WRECK
square may be entered as the last step, taking its place and the WRECK card. Among the routes a
throw allows, the player takes the best by `Game.value` (the lane-change policy, ours: the most
progress counting what the square it stops on does, then the inside track). The square a chariot
stops on acts as the rules say: C draws a CURRICULUM card (its text is not played), F swaps a
FATUM card with the neighbour to the right (the player before in turn order), arrow and stone
squares move it ("as you like": sideways as well), a FATUM-symbol square makes the holder of that
card do what the card's data says (a move, a throw again, or the chariot right behind losing a
turn), and a WRECK square blocks the holder of the WRECK card unless it holds a rescue card (it
then resumes on its next turn), until another chariot takes its place. The FATUM deck is dealt
one card at a time from the dealer's left. A cue is taken at each crossing of the arrival line;
the first chariot with `laps` cues wins.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field
from typing import Any

from printkit.api import Kit, ticking
from printkit.games.carthage.kit import board, deck, removed_cards, setup_for
from printkit.games.carthage.moves import card_effect, card_move
from printkit.games.carthage.rules import rules

PLAIN, CURRICULUM, FATUM_SWAP, MOVE, SYMBOL, WRECK = range(6)
MAX_ROUNDS = 2000
WRECKED_COST = 20.0  # how much worse than a square of progress a policy counts being wrecked
INSIDE = 0.01  # the policy's tie-break: a route ending nearer the inside track (track I)


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
    card_effects: dict[str, str] = field(default_factory=dict)  # card id -> "again" / "halt"


@dataclass
class GameLog:
    """What happened in one game, counted for the report."""

    rounds: int = 0
    curriculum: int = 0
    swaps: int = 0
    wrecks: int = 0
    blocked_turns: int = 0
    landings: list[int] = field(default_factory=list)  # per track * lap + position
    sideways: int = 0  # sideways steps taken
    passes: int = 0  # odd throws whose straight run was blocked that went round the chariot
    cut_short: int = 0  # moves that stopped behind a chariot with steps left
    freed: int = 0  # wrecks freed by a chariot taking their place
    again: int = 0  # throws again (a FATUM card's square)
    halted: int = 0  # chariots right behind that lost a turn (a FATUM card's square)
    card_moves: int = 0  # moves a FATUM card made its holder do on its square
    stuck: int = 0  # forced moves that could not move at all
    winner: int = -1  # seat (index in turn order) of the winning chariot
    winner_track: int = -1  # the track the winning chariot finished on


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
        card_effects={c.id: e for c in deck(kit, "fatum").cards if (e := card_effect(c))},
    )


@dataclass
class Seat:
    """One chariot in a game: where it is, which player runs it, whether it is blocked."""

    player: int
    track: int
    progress: int = 0  # squares run since the start; square = (progress - 1) % lap
    cues: int = 0
    blocked: int = 0  # turns still to miss; -1: wrecked until freed


@dataclass(eq=False, slots=True)  # not frozen: made for every stop of every move
class Stop:
    """Where a route ends: the square, the steps it took sideways, whether it was cut short by
    a chariot in the way, and the wrecked chariot whose place it takes (if any)."""

    track: int
    progress: int
    sideways: int
    short: bool
    takes: Seat | None = None


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

    def rescued(self, player: int) -> bool:
        return any(self.holds(player, c) for c in self.setup.rescue)

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

    def ahead_on_track(self, s: Seat, reach: int) -> bool:
        """Whether a chariot stands on `s`'s track 1 to `reach` squares ahead of it (`reach`
        shorter than a lap): what `occupant` says for each of those squares, in one pass."""
        lap, track, progress = self.board.lap, s.track, s.progress
        return any(
            o.track == track and o.progress >= 1 and 1 <= (o.progress - progress) % lap <= reach
            for o in self.seats
        )

    def run(self) -> GameLog:
        log, b = self.log, self.board
        while log.rounds < MAX_ROUNDS:
            log.rounds += 1
            for i, s in enumerate(self.seats):
                self.turn(s)
                if s.cues >= b.laps:
                    log.winner, log.winner_track = i, s.track
                    return log
        return log

    def turn(self, s: Seat) -> None:
        if s.blocked:
            self.log.blocked_turns += 1
            if s.blocked > 0:
                s.blocked -= 1
            return
        self.throw(s)
        self.land(s, depth=0)

    def throw(self, s: Seat) -> None:
        """One throw of the die: an even one runs straight, an odd one as the player likes."""
        roll = self.rng.randint(1, 6)
        odd = roll % 2 == 1
        blocked_ahead = odd and self.ahead_on_track(s, roll)
        stop = self.go(s, routes(self, s, along=roll, lanes=roll if odd else 0, exact=False))
        if blocked_ahead and not stop.short and stop.sideways:
            self.log.passes += 1

    def go(self, s: Seat, stops: list[Stop]) -> Stop:
        """Move `s` to the best of `stops` (a route that runs its full length if there is one),
        freeing the wreck whose place it takes, and count what it did."""
        whole = [t for t in stops if not t.short] or stops
        if len(whole) == 1:  # nothing to choose: the policy's value is not needed
            best = whole[0]
        else:
            wrecked = self.wrecked_by(s.player)
            best = max(whole, key=lambda t: self.value(s, t, wrecked))
        if best.short:
            self.log.cut_short += 1
        self.log.sideways += best.sideways
        if best.takes is not None:
            self.free(best.takes, s)
        s.track, s.progress = best.track, best.progress
        s.cues = max(s.cues, (s.progress - 1) // self.board.lap)
        return best

    def wrecked_by(self, player: int) -> tuple[bool, bool]:
        """Whether `player` holds the WRECK card, and whether a rescue card (what `value` asks
        of every stop, the same for all the stops of one move)."""
        return self.holds(player, self.setup.wreck_card), self.rescued(player)

    def value(self, s: Seat, stop: Stop, wrecked: tuple[bool, bool]) -> float:
        """The lane-change policy (ours): squares of progress, plus what the square does for this
        player (a forced move's squares, being wrecked counted as `WRECKED_COST`), then the
        inside track first."""
        b, player = self.board, s.player
        pos = (stop.progress - 1) % b.lap
        gain = float(stop.progress)
        kind = b.kind[stop.track][pos] if stop.progress >= 1 else PLAIN
        move: Any = b.move[stop.track][pos] if stop.progress >= 1 else None
        if kind == SYMBOL and self.holds(player, str(move)):
            move = b.card_moves.get(str(move))
        elif kind != MOVE:
            move = None
        if move is not None:
            gain += self.stone_distance(pos) if move.to_stone else move.steps
        if (
            kind == WRECK
            and not wrecked[1]
            and (wrecked[0] or (stop.takes is not None and stop.takes.player != player))
        ):
            gain -= WRECKED_COST
        return gain - INSIDE * stop.track

    def stone_distance(self, pos: int) -> int:
        stones = self.board.stones
        if not stones:
            return 0
        ahead = [p for p in stones if p > pos] or [stones[0] + self.board.lap]
        return ahead[0] - pos

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
        self.log.freed += 1
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
        s.cues = max(s.cues, (s.progress - 1) // self.board.lap)

    def land(self, s: Seat, depth: int) -> None:
        """What the square a chariot stops on makes it do; a forced move that cannot move is
        one stop, not a stop per try."""
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
            s.blocked = 0 if self.rescued(s.player) else -1  # a rescue card: resumes next turn
        elif kind == SYMBOL and depth < 8 and self.holds(s.player, b.move[s.track][pos]):
            self.card_square(s, b.move[s.track][pos], depth)
        elif kind == MOVE and depth < 8:
            self.forced_then_land(s, b.move[s.track][pos], depth)

    def card_square(self, s: Seat, card: str, depth: int) -> None:
        """A FATUM-symbol square whose card the chariot's player holds: the card's move, a throw
        again, or the chariot right behind on this track losing its next turn (fatum.yaml)."""
        effect = self.board.card_effects.get(card)
        if card in self.board.card_moves:
            self.log.card_moves += 1
            self.forced_then_land(s, self.board.card_moves[card], depth)
        elif effect == "again":
            self.log.again += 1
            self.throw(s)
            self.land(s, depth + 1)
        elif effect == "halt":
            behind = self.occupant(s.track, s.progress - 1)
            if behind is not None and behind.blocked == 0:
                behind.blocked = 1
                self.log.halted += 1

    def forced_then_land(self, s: Seat, move: Any, depth: int) -> None:
        before = (s.track, s.progress)
        self.forced(s, move)
        if (s.track, s.progress) == before:
            self.log.stuck += 1
            return
        self.land(s, depth + 1)

    def forced(self, s: Seat, move: Any) -> None:
        """A square's move: straight up to the next stone, or `steps` along the track with up to
        `lanes` sideways steps ("as you like"), as the policy likes best."""
        if move.to_stone:
            ahead = self.stone_distance(self.square(s)) if s.progress >= 1 else 0
            if ahead:
                self.go(s, routes(self, s, along=ahead, lanes=0, exact=False))
            return
        self.go(s, routes(self, s, along=move.steps, lanes=move.lanes, exact=True))

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


def routes(g: Game, s: Seat, along: int, lanes: int, exact: bool) -> list[Stop]:
    """Every stop a move of single steps can reach from `s`: each step one square along the track
    (forward for a positive `along`, backward for a negative one) or one track sideways, never
    diagonal, never onto or over a chariot, never back across the row it just crossed.

    A throw (`exact` False) is `along` steps in all, at most `lanes` of them sideways; a square's
    move (`exact` True) is `|along|` steps along with at most `lanes` sideways as well. A route
    may end on a wrecked chariot's WRECK square, taking its place. The stops of routes that run
    their full length come back with `short` False; when there are none, the stops where a chariot
    in the way ended the route, `short` True. The stops depend only on where the chariots within
    reach stand relative to `s`, so they are kept for each such pattern (`free_ends`,
    `near_ends`)."""
    b, way, length = g.board, (1 if along >= 0 else -1), abs(along)
    others = [o for o in g.seats if o is not s and o.progress >= 1]
    floor = min(s.progress, length + 1) if way < 0 else 0
    lap, here = b.lap, s.progress
    if all((way * (o.progress - here)) % lap > length for o in others):
        ends = free_ends(s.track, b.tracks, along, lanes, exact, floor)
        if ends:
            return [Stop(s.track + dt, s.progress + dp, side, False) for dt, dp, side in ends]
    at = {(o.track, (o.progress - 1) % b.lap): o for o in others}
    if lanes == 0:
        return straight(g, s, way, length, floor, at)

    cells: dict[tuple[int, int], Seat] = {}
    for o in others:
        p = way * ((way * (o.progress - s.progress)) % b.lap)
        if abs(p) <= length and s.progress + p >= 1:
            cells[(o.track, p)] = o
    pattern = tuple(sorted((t, p, o.blocked < 0 and g.is_wreck(o)) for (t, p), o in cells.items()))
    whole, short = near_ends(s.track, b.tracks, along, lanes, exact, floor, pattern)
    if whole:
        return [
            Stop(s.track + dt, s.progress + dp, side, False, cells.get(cell) if cell else None)
            for dt, dp, side, cell in whole
        ]
    return [Stop(s.track + dt, s.progress + dp, side, True) for dt, dp, side in short] or [
        Stop(s.track, s.progress, 0, True)
    ]


@functools.lru_cache(maxsize=65536)
def near_ends(
    track: int,
    tracks: int,
    along: int,
    lanes: int,
    exact: bool,
    floor: int,
    pattern: tuple[tuple[int, int, bool], ...],
) -> tuple[Ends, list[tuple[int, int, int]]]:
    """The stops of `walk` among chariots on the squares of `pattern` (track, squares along from
    the start, whether its place may be taken): the same wherever the same pattern recurs, so
    kept. A route that takes a chariot's place names its cell (track, squares along)."""
    cells = {(t, p): taken for t, p, taken in pattern}

    def occupied(t: int, p: int) -> tuple[int, int] | None:
        return (t, p) if (t, p) in cells else None

    return walk(track, tracks, along, lanes, exact, floor, occupied, lambda c: cells[c])


def straight(
    g: Game, s: Seat, way: int, length: int, floor: int, at: dict[Any, Seat]
) -> list[Stop]:
    """`routes` with no sideways step: along the track until a chariot is in the way."""
    lap = g.board.lap
    for k in range(1, length + 1):
        p = s.progress + way * k
        if way < 0 and p < 1:
            return [Stop(s.track, p + 1, 0, True)]
        there = at.get((s.track, (p - 1) % lap))
        if there is not None:
            if there.blocked < 0 and g.is_wreck(there):
                return [Stop(s.track, p, 0, False, there)]
            return [Stop(s.track, p - way, 0, True)]
    return [Stop(s.track, s.progress + way * length, 0, False)]


Ends = list[tuple[int, int, int, Any]]


def walk(
    track: int,
    tracks: int,
    along: int,
    lanes: int,
    exact: bool,
    floor: int,
    occupied: Any,
    takeable: Any = None,
) -> tuple[Ends, list[tuple[int, int, int]]]:
    """The routes of `routes`, relative to the start: (tracks aside, squares along, sideways
    steps, the chariot whose square it enters last or None) of each route run its full length,
    and (tracks aside, squares along, sideways steps) where a chariot in the way ended one.
    `occupied(track, along)` is the chariot on a square, `takeable(chariot)` whether a route may
    end on its square (a wreck); `floor` is how far back a backward move may go (to 1 - floor)."""
    way, length = (1 if along >= 0 else -1), abs(along)
    total = length + lanes if exact else length
    start = (track, 0, 0, 0, 0)  # track, squares along, last sideways way, along, aside
    seen, todo = {start}, [start]
    whole: dict[tuple[int, int, int], Any] = {}
    short: dict[tuple[int, int], tuple[int, int, int]] = {}
    while todo:
        t0, p0, last, done, aside = todo.pop()
        if (done == length) if exact else (done + aside == total):
            whole.setdefault((t0 - track, p0, aside), None)
            continue
        moved = False
        steps = [(t0, p0 + way, 0)] if done < length else []
        if aside < lanes and done + aside < total:
            steps += [(t0 + d, p0, d) for d in (-1, 1) if d != -last]
        for t, p, d in steps:
            if not 0 <= t < tracks or (way < 0 and p < 1 - floor):
                continue
            there = occupied(t, p)
            if there is not None:
                if takeable(there):
                    whole[(t - track, p, aside + abs(d))] = there
                    moved = True
                continue
            moved = True
            state = (t, p, d, done + (d == 0), aside + abs(d))
            if state not in seen:
                seen.add(state)
                todo.append(state)
        if not moved:
            short.setdefault((t0, p0), (t0 - track, p0, aside))
    ends = sorted(whole.items(), key=lambda kv: kv[0])
    return [(*k, v) for k, v in ends], [short[k] for k in sorted(short)]


@functools.lru_cache(maxsize=4096)
def free_ends(
    track: int, tracks: int, along: int, lanes: int, exact: bool, floor: int
) -> tuple[tuple[int, int, int], ...]:
    """The stops of `walk` with no chariot in reach: the same from every square of a track."""
    whole, _ = walk(track, tracks, along, lanes, exact, floor, lambda t, p: None)
    return tuple((dt, dp, side) for dt, dp, side, _ in whole)


def _order(stop: Stop) -> tuple[int, int, int]:
    return (stop.track, stop.progress, stop.sideways)


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
