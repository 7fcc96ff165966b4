"""Chariot Race at Carthage played many times on the kit's real board (docs/simulate.md).

One die. Every move is a route of single steps, each along the track or one track sideways,
never diagonal and never onto a chariot (`routes`): an even throw runs straight and stops behind
a chariot in the way (the rest of the throw is forfeited); an odd throw is any mix of forward and
sideways steps, so it passes a chariot on either side when it can; a wrecked chariot's WRECK
square may be entered as the last step, taking its place and the WRECK card. Among the routes a
throw allows, the player takes the best by `Game.best` (the lane-change policy, ours: the most
progress counting what the square it stops on does, then the inside track). The square a chariot
stops on acts as the rules say: C draws a CURRICULUM card (its text is not played), F swaps a
FATUM card with the neighbour to the right (the player before in turn order), arrow and stone
squares move it ("as you like": sideways as well), a FATUM-symbol square makes the holder of that
card do what the card's data says (a move, a throw again, or the chariot right behind losing a
turn), and a WRECK square blocks the holder of the WRECK card unless it holds a rescue card (it
then resumes on its next turn), until another chariot takes its place. The FATUM deck is dealt
one card at a time from the dealer's left. A cue is taken at each crossing of the arrival line;
the first chariot with `laps` cues wins.

Every turn comes through here, so the board is read once into flat tables (`Tables`), and each
move's stops, with the policy's pick for what it read of the player, are kept per square and
pattern of chariots within reach (`Choice`): most throws are a table lookup.
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
MAX_KEPT = 250_000  # choices a board keeps (about 0.6 kB each); then they are made again


@dataclass
class Board:
    """The board as flat tables: square kind code and move, per track and position (0-based).
    Read-only once a game has started on it: the per-square tables (`tables`) are made from it
    once."""

    tracks: int
    lap: int
    laps: int
    kind: list[list[int]]
    move: list[list[Any]]  # a Move for MOVE squares, a FATUM card id for SYMBOL squares
    stones: list[int]  # 0-based positions of the mileage stones, sorted
    card_moves: dict[str, Any]  # FATUM card id -> its Move
    kind_names: list[list[str]]
    card_effects: dict[str, str] = field(default_factory=dict)  # card id -> "again" / "halt"
    kept: Tables | None = field(default=None, init=False, repr=False, compare=False)

    def tables(self) -> Tables:
        """The board's `Tables`, made on the first call (every game on it shares them)."""
        if self.kept is None:
            self.kept = make_tables(self)
        return self.kept


RelStop = tuple[int, int, int, bool, int]  # tracks aside, squares along, sideways, short, taken


@dataclass(slots=True)
class Choice:
    """The stops of one move from one square among the chariots within its reach, relative to
    where it starts (tracks aside, squares along, sideways steps, cut short, the index of the
    chariot whose place it takes in the move's `cells`, or -1), what the lane policy's value of
    them reads besides the board (the FATUM cards whose moves their squares make the holder do;
    whether one is a WRECK square), and the stop the policy chose (an index into `stops`) for
    each set of those facts about the player (`Game.hand_bits`), or once for all (`fixed`)."""

    stops: tuple[RelStop, ...]
    cards: tuple[str, ...]
    wreck: bool
    chosen: dict[int, int] = field(default_factory=dict)
    fixed: int = -1  # the stop chosen whatever the player holds, when there is one


@dataclass(slots=True)
class Tables:
    """What the lane policy and a stop read of each square, flat (index track * lap +
    position), made once per board: the square's kind and forced move, the squares a forced
    move there gains, the FATUM card whose move it makes its holder do (and what that gains),
    and the squares to the next mileage stone per position. `choices` keeps each `Choice` asked
    for, by (track, position or -1 before the line, along, lanes, exact, floor, the chariots
    within reach as `Game.cells` gives them)."""

    lap: int
    kind: list[int]
    move: list[Any]
    gain: list[int]
    card: list[str]
    card_gain: list[int]
    stone: list[int]
    # the choices of odd throws that meet no chariot, by track, position + 1 (0 before the
    # line) and throw: index ((track * (lap + 1) + position + 1) * 8 + throw), as asked for
    throws: list[Choice | None]
    choices: dict[Any, Choice] = field(default_factory=dict)


def make_tables(b: Board) -> Tables:
    lap, stones = b.lap, b.stones
    stone = [0] * lap
    if stones:
        for pos in range(lap):
            stone[pos] = next((p for p in stones if p > pos), stones[0] + lap) - pos
    size = b.tracks * lap
    gain, card, card_gain = [0] * size, [""] * size, [0] * size
    for t in range(b.tracks):
        for pos in range(lap):
            i, kind, move = t * lap + pos, b.kind[t][pos], b.move[t][pos]
            if kind == MOVE:
                gain[i] = stone[pos] if move.to_stone else move.steps
            elif kind == SYMBOL and (held := b.card_moves.get(str(move))) is not None:
                card[i] = str(move)
                card_gain[i] = stone[pos] if held.to_stone else held.steps
    return Tables(
        lap=lap,
        kind=[k for row in b.kind for k in row],
        move=[m for row in b.move for m in row],
        gain=gain,
        card=card,
        card_gain=card_gain,
        stone=stone,
        throws=[None] * (b.tracks * (lap + 1) * 8),
    )


@dataclass(slots=True)
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


@dataclass(slots=True)
class Seat:
    """One chariot in a game: where it is, which player runs it, whether it is blocked."""

    player: int
    track: int
    progress: int = 0  # squares run since the start; square = (progress - 1) % lap
    cues: int = 0
    blocked: int = 0  # turns still to miss; -1: wrecked until freed
    rivals: list[Seat] = field(default_factory=list, repr=False, compare=False)  # the others


# Where a route ends: (track, progress, sideways steps it took, whether a chariot in the way cut
# it short, the wrecked chariot whose place it takes or None). A plain tuple: one is made for
# every stop of every move a chariot meets another on.
Stop = tuple[int, int, int, bool, "Seat | None"]


class Game:
    def __init__(self, b: Board, setup: Any, rng: random.Random) -> None:
        self.board, self.rng, self.setup = b, rng, setup
        self.seats = [Seat(p, t % b.tracks) for t, p in enumerate(setup.owner)]
        for s in self.seats:
            s.rivals = [o for o in self.seats if o is not s]
        hands: list[list[str]] = [[] for _ in range(setup.players)]
        deck = list(setup.fatum)
        rng.shuffle(deck)
        for i, card in enumerate(deck):  # one by one from the dealer's left (player 1 first)
            hands[(i + 1) % setup.players].append(card)
        self.hands = hands
        self.wreck: str = setup.wreck_card
        self.rescue = frozenset(setup.rescue)
        self.log = GameLog(landings=[0] * (b.tracks * b.lap))
        # the die: drawn from rng's bits as random.Random.randint draws it, unless rng has a
        # randint of its own (a loaded die in a test), which is then asked
        plain = type(rng).randint is random.Random.randint
        self.getrandbits = rng.getrandbits if plain else None

    @property
    def board(self) -> Board:
        return self._board

    @board.setter
    def board(self, b: Board) -> None:
        self._board, self.tables, self.lap = b, b.tables(), b.lap
        self.cell_span = b.tracks * 4 * b.lap  # above every packed cell of `choice`

    def rescued(self, player: int) -> bool:
        return not self.rescue.isdisjoint(self.hands[player])

    def occupant(self, track: int, progress: int) -> Seat | None:
        if progress < 1:
            return None
        pos = (progress - 1) % self.lap
        for s in self.seats:
            if s.track == track and s.progress >= 1 and (s.progress - 1) % self.lap == pos:
                return s
        return None

    def nearby(self, s: Seat, along: int) -> list[Seat]:
        """The other chariots on the board within `along` squares of `s` (ahead for a positive
        `along`, behind for a negative one), on any track, its own row included: the only ones
        a move of `along` can meet."""
        here, lap, way = s.progress, self.lap, (1 if along >= 0 else -1)
        reach, near = way * along, []
        for o in s.rivals:
            if o.progress >= 1 and (way * (o.progress - here)) % lap <= reach:
                near.append(o)
        return near

    def run(self) -> GameLog:  # noqa: C901 (a turn written out, as the docstring says)
        """Play the game to its end. Every turn comes through here, so a chariot that runs has
        its `turn` written out: the die and `nearby` as in `throw`, a throw that meets no
        chariot as in `run_free`, then `land`."""
        log, laps, seats, lap = self.log, self.board.laps, self.seats, self.lap
        turn, meet, act, pick, choose = self.turn, self.meet, self.act, self.pick, self.choice
        tables = self.tables
        kind, landings, throws = tables.kind, log.landings, tables.throws
        getrandbits, rng = self.getrandbits, self.rng
        order = list(enumerate(seats))
        while log.rounds < MAX_ROUNDS:
            log.rounds += 1
            for i, s in order:
                if s.blocked:
                    turn(s)
                else:
                    if getrandbits is None:
                        roll = rng.randint(1, 6)
                    else:  # as in `throw`
                        r = getrandbits(3)
                        while r >= 6:
                            r = getrandbits(3)
                        roll = r + 1
                    here = s.progress
                    near: list[Seat] = []
                    for o in s.rivals:
                        if o.progress >= 1 and (o.progress - here) % lap <= roll:
                            near.append(o)
                    if near:
                        meet(s, roll, near)
                        here = s.progress
                    else:  # `run_free`, written out
                        if roll & 1:
                            pos = (here - 1) % lap + 1 if here >= 1 else 0
                            at = ((s.track * (lap + 1) + pos) << 3) + roll
                            choice = throws[at]
                            if choice is None:
                                choice = throws[at] = choose(s, roll, roll, False, [])[0]
                            chosen = choice.fixed
                            if chosen < 0:
                                chosen = pick(s, choice, [])
                            dt, dp, side, short, _ = choice.stops[chosen]
                            if short:
                                log.cut_short += 1
                            log.sideways += side
                            s.track += dt
                            here += dp
                        else:
                            here += roll
                        s.progress = here
                        cues = (here - 1) // lap
                        if cues > s.cues:
                            s.cues = cues
                    if here >= 1:  # `land`, written out
                        square = s.track * lap + (here - 1) % lap
                        landings[square] += 1
                        if kind[square] != PLAIN:
                            act(s, square, 0)
                if s.cues >= laps:
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
        """One throw of the die: an even one runs straight, an odd one as the player likes. A
        running chariot's turn in `run` writes this out; a throw again and `turn` come here."""
        getrandbits = self.getrandbits
        if getrandbits is None:
            roll = self.rng.randint(1, 6)
        else:  # what rng.randint(1, 6) draws (random.Random's way), without its generic steps
            r = getrandbits(3)
            while r >= 6:
                r = getrandbits(3)
            roll = r + 1
        here, lap = s.progress, self.lap
        near: list[Seat] = []
        for o in s.rivals:  # `nearby`, written out
            if o.progress >= 1 and (o.progress - here) % lap <= roll:
                near.append(o)
        if near:
            self.meet(s, roll, near)
        else:
            self.run_free(s, roll)

    def run_free(self, s: Seat, roll: int) -> None:
        """A throw that meets no chariot: `route` and `go` written out (most throws)."""
        here, lap = s.progress, self.lap
        if roll & 1:
            pos = (here - 1) % lap + 1 if here >= 1 else 0  # 0: before the line
            at = ((s.track * (lap + 1) + pos) << 3) + roll
            choice = self.tables.throws[at]
            if choice is None:
                choice = self.tables.throws[at] = self.choice(s, roll, roll, False, [])[0]
            chosen = choice.fixed if choice.fixed >= 0 else self.pick(s, choice, [])
            dt, dp, side, short, _ = choice.stops[chosen]
            if short:
                self.log.cut_short += 1
            self.log.sideways += side
            s.track += dt
            here += dp
        else:
            here += roll
        s.progress = here
        cues = (here - 1) // lap
        if cues > s.cues:
            s.cues = cues

    def meet(self, s: Seat, roll: int, near: list[Seat]) -> None:
        """A throw with the chariots `near` within its reach: an even one stops behind the first
        in the way; an odd one that goes round one on its own track is a pass."""
        if roll % 2 == 0:
            self.go(s, straight(self, s, roll, near))
            return
        here, track, lap = s.progress, s.track, self.lap
        ahead = False  # a chariot on its own track 1 to `roll` squares ahead: going round is a pass
        for o in near:
            if o.track == track and (o.progress - here) % lap:
                ahead = True
        stop = self.go(s, self.route(s, roll, roll, False, near))
        if ahead and stop[2] and not stop[3]:
            self.log.passes += 1

    def route(
        self, s: Seat, along: int, lanes: int, exact: bool, near: list[Seat] | None = None
    ) -> Stop:
        """The stop the player takes of those `routes` finds: the lane policy's (`best`), kept
        in the move's `Choice` for the facts about the player it read. `near` is `nearby`'s."""
        if near is None:
            near = self.nearby(s, along)
        if lanes == 0:
            return straight(self, s, along, near)
        choice, seats = self.choice(s, along, lanes, exact, near)
        chosen = choice.fixed
        if chosen < 0:
            chosen = self.pick(s, choice, seats)
        dt, dp, side, short, taken = choice.stops[chosen]
        return (s.track + dt, s.progress + dp, side, short, seats[taken] if taken >= 0 else None)

    def choice(
        self, s: Seat, along: int, lanes: int, exact: bool, near: list[Seat]
    ) -> tuple[Choice, list[Seat]]:
        """The board's kept `Choice` of a move of `along` with up to `lanes` sideways steps from
        `s` among the chariots `near`, and those of them its stops may meet, in the order of
        its `cells` (made from `near_ends` the first time it is asked for)."""
        here, lap = s.progress, self.lap
        cells: list[tuple[int, int, bool]] = []
        seats: list[Seat] = []
        if near:
            way = 1 if along >= 0 else -1
            for o in near:
                p = way * ((way * (o.progress - here)) % lap)
                if here + p >= 1:
                    cells.append((o.track, p, o.blocked < 0 and self.is_wreck(o)))
                    seats.append(o)
            if len(cells) == 2:  # in one order, so that a pattern is kept once
                if cells[1] < cells[0]:  # as the stable sort below orders two
                    cells.reverse()
                    seats.reverse()
            elif len(cells) > 2:
                order = sorted(range(len(cells)), key=cells.__getitem__)
                cells, seats = [cells[k] for k in order], [seats[k] for k in order]
        floor = 0 if along >= 0 else min(here, 1 - along)  # floor_of, written out
        pos = (here - 1) % lap if here >= 1 else -1
        key = (s.track, pos, along, lanes, exact, floor, tuple(cells))
        choices = self.tables.choices
        choice = choices.get(key)
        if choice is None:
            if len(choices) >= MAX_KEPT:  # a choice depends only on its key: made again alike
                choices.clear()
            choice = choices[key] = self.make_choice(s, along, lanes, exact, cells)
        return choice, seats

    def make_choice(
        self, s: Seat, along: int, lanes: int, exact: bool, cells: list[tuple[int, int, bool]]
    ) -> Choice:
        floor = floor_of(s.progress, along)
        stops = near_ends(s.track, self.board.tracks, along, lanes, exact, floor, tuple(cells))
        if len(stops) == 1:  # nothing to choose
            return Choice(stops, (), False, fixed=0)
        t, lap = self.tables, self.lap
        squares = [
            (s.track + dt) * lap + (s.progress + dp - 1) % lap
            for dt, dp, _, _, _ in stops
            if s.progress + dp >= 1
        ]
        cards = tuple(sorted({t.card[i] for i in squares if t.card[i]}))
        choice = Choice(stops, cards, any(t.kind[i] == WRECK for i in squares))
        if not cards and not choice.wreck:  # the same stop whatever the player holds
            choice.fixed = self.best(s, stops_of(s, choice, []))
        return choice

    def pick(self, s: Seat, choice: Choice, seats: list[Seat]) -> int:
        """The index of the stop of `choice` the lane policy takes for `s`, kept in the choice
        for the facts about the player it read (`hand_bits`)."""
        bits = self.hand_bits(s.player, choice, seats)
        chosen = choice.chosen.get(bits, -1)
        if chosen < 0:
            chosen = choice.chosen[bits] = self.best(s, stops_of(s, choice, seats))
        return chosen

    def hand_bits(self, player: int, choice: Choice, seats: list[Seat]) -> int:
        """What the lane policy's value of the stops of `choice` reads of the player, as bits:
        which of `choice.cards` it holds and, when a stop is a WRECK square, whether it holds the
        WRECK card, a rescue card, and which of `seats` (the chariots whose places a stop may
        take) are another player's."""
        hand, bits = self.hands[player], 0
        for j, card in enumerate(choice.cards):
            if card in hand:
                bits |= 1 << j
        if choice.wreck:
            k = len(choice.cards)
            bits |= (self.wreck in hand) << k | self.rescued(player) << (k + 1)
            for j, o in enumerate(seats):
                bits |= (o.player != player) << (k + 2 + j)
        return bits

    def best(self, s: Seat, stops: list[Stop]) -> int:
        """The index of the stop the lane-change policy (ours) takes: the most squares of
        progress, plus what the square does for this player (a forced move's squares, being
        wrecked counted as `WRECKED_COST`), then the inside track first; the first on a tie."""
        t, lap, player = self.tables, self.lap, s.player
        hand = self.hands[player]
        wreck, rescued = self.wreck in hand, self.rescued(player)
        chosen, top = 0, 0.0
        for k, (track, progress, _, _, takes) in enumerate(stops):
            gain: float = progress
            if progress >= 1:
                i = track * lap + (progress - 1) % lap
                gain += t.gain[i]
                if t.card[i] and t.card[i] in hand:
                    gain += t.card_gain[i]
                if (
                    t.kind[i] == WRECK
                    and not rescued
                    and (wreck or (takes is not None and takes.player != player))
                ):
                    gain -= WRECKED_COST
            value = gain - INSIDE * track
            if k == 0 or value > top:
                chosen, top = k, value
        return chosen

    def go(self, s: Seat, stop: Stop) -> Stop:
        """Move `s` to `stop`, freeing the wreck whose place it takes, and count what it did."""
        track, progress, side, short, takes = stop
        log = self.log
        if short:
            log.cut_short += 1
        log.sideways += side
        if takes is not None:
            self.free(takes, s)
        s.track, s.progress = track, progress
        cues = (progress - 1) // self.lap
        if cues > s.cues:
            s.cues = cues
        return stop

    def step_aside(self, s: Seat) -> bool:
        for t in (s.track - 1, s.track + 1):  # towards the spina first
            if 0 <= t < self.board.tracks and self.occupant(t, s.progress) is None:
                s.track = t
                return True
        return False

    def is_wreck(self, s: Seat) -> bool:
        return self.tables.kind[s.track * self.lap + (s.progress - 1) % self.lap] == WRECK

    def free(self, wrecked: Seat, rescuer: Seat) -> None:
        """`rescuer` takes the wrecked chariot's place, and the WRECK card for a FATUM card; the
        freed chariot moves to the nearest free square (our reading: the seed does not say where
        it goes): beside the wreck, towards the spina first, else the first free one ahead."""
        wrecked.blocked = 0
        self.log.freed += 1
        self.make_room(wrecked)
        wreck = self.wreck
        giver, taker = self.hands[wrecked.player], self.hands[rescuer.player]
        if wreck in giver and giver is not taker:
            giver.remove(wreck)
            taker.append(wreck)
            if len(taker) > 1:
                giver.append(taker.pop(self.below(len(taker) - 1)))

    def make_room(self, s: Seat) -> None:
        """Move `s` off its square onto the nearest free one (see `free`)."""
        if self.step_aside(s):
            return
        ahead = s.progress + 1
        while self.occupant(s.track, ahead) is not None:
            ahead += 1
        s.progress = ahead
        s.cues = max(s.cues, (s.progress - 1) // self.lap)

    def land(self, s: Seat, depth: int) -> None:
        """What the square a chariot stops on makes it do; a forced move that cannot move is
        one stop, not a stop per try."""
        if s.progress < 1:
            return
        i = s.track * self.lap + (s.progress - 1) % self.lap
        self.log.landings[i] += 1
        if self.tables.kind[i] != PLAIN:
            self.act(s, i, depth)

    def act(self, s: Seat, i: int, depth: int) -> None:
        """What square `i` (track * lap + position), where `s` has stopped, makes it do."""
        t = self.tables
        kind = t.kind[i]
        if kind == MOVE:  # the most common first; the kinds exclude one another
            if depth < 8:
                self.forced_then_land(s, t.move[i], depth)
        elif kind == CURRICULUM:
            self.log.curriculum += 1
        elif kind == FATUM_SWAP:
            self.swap(s.player)
        elif kind == WRECK:
            if self.wreck in self.hands[s.player]:
                self.log.wrecks += 1
                s.blocked = 0 if self.rescued(s.player) else -1  # a rescue card: resumes next turn
        elif kind == SYMBOL and depth < 8 and t.move[i] in self.hands[s.player]:
            self.card_square(s, t.move[i], depth)

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
        """A square's move: straight up to the next stone, or `steps` along the track with up to
        `lanes` sideways steps ("as you like"), as the policy likes best; then the square it
        ends on acts. One that cannot move at all is counted stuck."""
        track, progress, lap, t = s.track, s.progress, self.lap, self.tables
        if move.to_stone:
            ahead = t.stone[(progress - 1) % lap] if progress >= 1 else 0
            if ahead:
                self.go(s, self.route(s, ahead, 0, False))
        else:
            self.go(s, self.route(s, move.steps, move.lanes, True))
        here = s.progress
        if here == progress and s.track == track:
            self.log.stuck += 1
        elif here >= 1:  # `land`, written out
            i = s.track * lap + (here - 1) % lap
            self.log.landings[i] += 1
            if t.kind[i] != PLAIN:
                self.act(s, i, depth + 1)

    def below(self, n: int) -> int:
        """A random index below `n` (over 0): what rng.randrange(n) draws, random.Random's way
        (as for the die in `throw`), without its generic steps."""
        getrandbits = self.getrandbits
        if getrandbits is None:
            return self.rng.randrange(n)
        bits = n.bit_length()
        r = getrandbits(bits)
        while r >= n:
            r = getrandbits(bits)
        return r

    def swap(self, player: int) -> None:
        """An F square: swap a FATUM card with the neighbour to the right. Play goes clockwise,
        so the player to the right is the one before in turn order. The player gives the WRECK
        card if they hold it, else a random card, and takes a random card that is not it."""
        n = len(self.hands)
        if n < 2:
            return
        mine, theirs = self.hands[player], self.hands[right_of(player, n)]
        wreck = self.wreck
        wanted = [i for i, c in enumerate(theirs) if c != wreck]
        if not mine or not wanted:
            return
        give = mine.index(wreck) if wreck in mine else self.below(len(mine))
        take = wanted[self.below(len(wanted))]
        mine[give], theirs[take] = theirs[take], mine[give]
        self.log.swaps += 1


def floor_of(progress: int, along: int) -> int:
    """How far back a move of `along` from `progress` may go: a backward move stops on square 1
    of the first lap (to 1 - floor squares along); a forward one has no floor (0)."""
    return min(progress, -along + 1) if along < 0 else 0


def routes(g: Game, s: Seat, along: int, lanes: int, exact: bool) -> list[Stop]:
    """Every stop a move of single steps can reach from `s`: each step one square along the track
    (forward for a positive `along`, backward for a negative one) or one track sideways, never
    diagonal, never onto or over a chariot, never back across the row it just crossed.

    A throw (`exact` False) is `along` steps in all, at most `lanes` of them sideways; a square's
    move (`exact` True) is `|along|` steps along with at most `lanes` sideways as well. A route
    may end on a wrecked chariot's WRECK square, taking its place. The stops of routes that run
    their full length come back with `short` False; when there are none, the stops where a chariot
    in the way ended the route, `short` True. `Game.route` takes the policy's choice of them."""
    near = g.nearby(s, along)
    if lanes == 0:
        return [straight(g, s, along, near)]
    return stops_of(s, *g.choice(s, along, lanes, exact, near))


def stops_of(s: Seat, choice: Choice, seats: list[Seat]) -> list[Stop]:
    """The stops of `choice` from where `s` stands, taking the places of `seats`."""
    return [
        (s.track + dt, s.progress + dp, side, short, seats[taken] if taken >= 0 else None)
        for dt, dp, side, short, taken in choice.stops
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
) -> tuple[RelStop, ...]:
    """The stops of `walk` among chariots on the squares of `pattern` (track, squares along from
    the start, whether its place may be taken; sorted), relative to the start (see `Choice`):
    those of the routes run their full length, else those where a chariot in the way cut one
    short, else the start, cut short. The same wherever the same pattern recurs, so kept."""
    index = {(t, p): k for k, (t, p, _) in enumerate(pattern)}
    takeable = [taken for _, _, taken in pattern]
    whole, short = walk(track, tracks, along, lanes, exact, floor, index, takeable)
    if whole:
        return tuple(
            (dt, dp, side, False, -1 if cell is None else cell) for dt, dp, side, cell in whole
        )
    return tuple((dt, dp, side, True, -1) for dt, dp, side in short) or ((0, 0, 0, True, -1),)


def straight(g: Game, s: Seat, along: int, near: list[Seat]) -> Stop:
    """The one stop of `routes` with no sideways step: along the track until a chariot in the
    way (the nearest of `near` on the track) stops it on the square before, or it takes a
    wreck's place; a backward move stops on square 1."""
    lap, track, here = g.lap, s.track, s.progress
    way, length = (1 if along >= 0 else -1), abs(along)
    first, there = length + 1, None
    for o in near:
        if o.track == track and 1 <= (d := (way * (o.progress - here)) % lap) < first:
            first, there = d, o
    if way < 0 and max(1, here) <= min(length, first):
        return (track, here - max(1, here) + 1, 0, True, None)
    if there is None:
        return (track, here + way * length, 0, False, None)
    if there.blocked < 0 and g.is_wreck(there):
        return (track, here + way * first, 0, False, there)
    return (track, here + way * (first - 1), 0, True, None)


Ends = list[tuple[int, int, int, Any]]


def walk(  # noqa: C901 (one loop over route states, both kinds of step written out)
    track: int,
    tracks: int,
    along: int,
    lanes: int,
    exact: bool,
    floor: int,
    cells: dict[tuple[int, int], int],
    takeable: list[bool],
) -> tuple[Ends, list[tuple[int, int, int]]]:
    """The routes of `routes`, relative to the start: (tracks aside, squares along, sideways
    steps, the chariot whose square it enters last or None) of each route run its full length,
    and (tracks aside, squares along, sideways steps) where a chariot in the way ended one.
    `cells` names the chariot on each occupied square (track, squares along), `takeable[c]` says
    whether a route may end on chariot c's square (a wreck); `floor` is how far back a backward
    move may go (to 1 - floor). Each state's steps are tried forward first, then towards the
    inside track, then outwards, depth first: the order decides which sideways count a route cut
    short is reported with."""
    way, length = (1 if along >= 0 else -1), abs(along)
    total = length + lanes if exact else length
    low = 1 - floor if way < 0 else -length  # a square along that a step may not go below
    start = (track, 0, 0, 0, 0)  # track, squares along, last sideways way, along, aside
    seen, todo = {start}, [start]
    whole: dict[tuple[int, int, int], Any] = {}
    short: dict[tuple[int, int], tuple[int, int, int]] = {}
    while todo:
        state = todo.pop()
        t0, p0, last, done, aside = state
        if (done == length) if exact else (done + aside == total):
            if (t0 - track, p0, aside) not in whole:
                whole[(t0 - track, p0, aside)] = None
            continue
        moved = False
        if done < length and p0 + way >= low:  # one square along
            p = p0 + way
            there = cells.get((t0, p))
            if there is None:
                moved = True
                state = (t0, p, 0, done + 1, aside)
                if state not in seen:
                    seen.add(state)
                    todo.append(state)
            elif takeable[there]:
                whole[(t0 - track, p, aside)] = there
                moved = True
        if aside < lanes and done + aside < total and p0 >= low:  # one track aside
            for d in (-1, 1):
                t = t0 + d
                if d == -last or not 0 <= t < tracks:
                    continue
                there = cells.get((t, p0))
                if there is None:
                    moved = True
                    state = (t, p0, d, done, aside + 1)
                    if state not in seen:
                        seen.add(state)
                        todo.append(state)
                elif takeable[there]:
                    whole[(t - track, p0, aside + 1)] = there
                    moved = True
        if not moved and (t0, p0) not in short:
            short[(t0, p0)] = (t0 - track, p0, aside)
    ends = sorted(whole.items(), key=lambda kv: kv[0])
    return [(*k, v) for k, v in ends], [short[k] for k in sorted(short)]


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
