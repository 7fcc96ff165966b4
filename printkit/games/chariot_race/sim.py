"""Chariot Race played many times from its data: the model of play (docs/simulate.md).

The race is reduced to what the cards decide. Each chariot runs along the centre line of the
track; a card's move that lies in a turn needs the chariot to turn by the arc it covers, and a
card whose turn (plus its drift) falls short carries the chariot wide, towards the stakes. A
chariot that goes wider than the track allows hits the stakes: it loses cards by its speed
(rules.yaml `outer_stakes`), each taken card's crash effect hits it, and it plays one card next
turn. Hands, draws, top-ups at the finish and halfway lines, magical effects played at once,
collisions (a chance per turn, from the rules file) and damage that puts a chariot out follow
the rules. Everything is precomputed into small tables so that 10,000 races take seconds.
"""

from __future__ import annotations

import dataclasses
import math
import random
from dataclasses import dataclass, field

from printkit.api import ticking
from printkit.games.chariot_race.model import ChariotModel, MoveClass, modified, stakes_cards
from printkit.games.common.memo import remembered

STEP = 0.25  # inches: the track is cut into steps this long for the precomputed tables
MAX_TURNS = 400


@dataclass
class Tables:
    """Per move class: distance, stakes cards, and how far it carries a chariot wide from each
    step of the lap (negative: it can steer back towards the centre line)."""

    classes: list[MoveClass]
    speed: list[float]
    stakes: list[int]
    wide: list[list[float]]
    steps: int
    card_class: list[int]  # per card: its move class, or -1
    card_damage: list[int]  # per card: its damage category index, or -1
    card_role: list[int]  # 0 move, 1 magic, 2 special
    modified_class: list[list[int]]  # [special card][class] -> class after the modifier
    jumps: list[bool]  # per class: a single card of it clears the pit
    card_jumps: list[bool]  # per card: it clears the pit on its own
    has_magic: bool


def _bend_spans(m: ChariotModel) -> list[tuple[float, float]]:
    """The two turns of the lap, as (start, end) along it, over three laps."""
    s, a = m.straight, math.pi * m.radius
    spans = [(s, s + a), (2 * s + a, 2 * s + 2 * a)]
    return [(lo + lap, hi + lap) for lap in (0.0, m.lap, 2 * m.lap) for lo, hi in spans]


def _bend_in(spans: list[tuple[float, float]], start: float, d: float) -> float:
    """The length of [start, start + d] inside the spans (adding only overlaps that are not
    empty, which leaves every sum as it was with the empty ones added as 0.0)."""
    total, end = 0.0, start + d
    for lo, hi in spans:
        top = hi if hi < end else end
        bottom = lo if lo > start else start
        if top > bottom:
            total += top - bottom
    return total


def wide_of(
    m: ChariotModel, c: MoveClass, x: float, spans: list[tuple[float, float]] | None = None
) -> float:
    """How far a move of class `c` from `x` carries the chariot outward (negative: inward);
    `spans`: the model's _bend_spans, when the caller has them. A card with "or drift" turns
    or drifts, never both: the charioteer takes whichever keeps the chariot further in."""
    bend = _bend_in(spans or _bend_spans(m), x % m.lap, c.speed)
    turning = _wide(m, c.speed, bend, c.turn, c.drift)
    if not c.instead:
        return turning
    return min(turning, _wide(m, c.speed, bend, 0.0, c.drift + c.instead))


def _wide(m: ChariotModel, speed: float, bend: float, turn: float, drift: float) -> float:
    """How far a move of `speed` with `bend` of it in a turn carries the chariot outward when
    it may turn `turn` degrees and drift `drift` inches."""
    need = bend / m.radius  # radians of turn the arc asks for
    allowed = math.radians(turn)
    if need > allowed:
        short = (need - allowed) * m.radius  # the tangent run the chariot could not turn off
        return math.hypot(m.radius, short) - m.radius - drift
    spare = min(allowed - need, math.pi / 2)
    return -(speed * math.sin(spare) + drift)


def build_tables(m: ChariotModel) -> Tables:
    classes: list[MoveClass] = []
    index: dict[MoveClass, int] = {}

    def class_id(c: MoveClass) -> int:
        if c not in index:
            index[c] = len(classes)
            classes.append(c)
        return index[c]

    card_class = [class_id(c.move) if c.move else -1 for c in m.cards]
    base = list(classes)
    modified_class = []
    for c in m.cards:
        mod = c.modifier if c.role == "special" and c.modifier else None
        row = [class_id(modified(k, mod)) if mod else i for i, k in enumerate(base)]
        modified_class.append(row)
    steps = max(1, int(math.ceil(m.lap / STEP)))
    spans = _bend_spans(m)
    wide = [[wide_of(m, c, i * STEP, spans) for i in range(steps)] for c in classes]
    cats = list(m.damage_out)
    jumps = [m.pit_jump is not None and c.speed > m.pit_jump + 1e-9 for c in classes]
    return Tables(
        classes=classes,
        speed=[c.speed for c in classes],
        stakes=[stakes_cards(m.stakes, c.speed) for c in classes],
        wide=wide,
        steps=steps,
        card_class=card_class,
        card_damage=[cats.index(c.damage) if c.damage in cats else -1 for c in m.cards],
        card_role=[{"move": 0, "magic": 1, "special": 2}[c.role] for c in m.cards],
        modified_class=modified_class,
        jumps=jumps,
        card_jumps=[k >= 0 and jumps[k] for k in card_class],
        has_magic=any(c.role == "magic" for c in m.cards),
    )


@dataclass
class RaceLog:
    """What one race left behind, for the statistics."""

    turns: int = 0
    first_lap_turns: int = 0
    draws: int = 0
    ran_out_turn: int = 0  # the turn a draw first found the pile empty (0: never)
    stalled: bool = False  # a draw found no card even after any reshuffle
    reshuffles: int = 0
    stakes_hits: int = 0
    collisions: int = 0
    effects: list[int] = field(default_factory=list)  # per damage category, and "none" last
    out: int = 0
    player_turns: int = 0
    jump_turns: int = 0  # player-turns whose hand held a card (or card + special) that jumps


class Race:
    """One race: the draw pile, the discards, and every chariot's place, hand and damage."""

    def __init__(self, m: ChariotModel, t: Tables, rng: random.Random) -> None:
        self.model, self.tables, self.rng = m, t, rng
        self.pile = list(range(len(m.cards)))
        rng.shuffle(self.pile)
        self.discards: list[int] = []
        n = m.players
        self.dist = [0.0] * n
        self.wide = [0.0] * n
        self.topup = [False] * n
        self.stunned = [False] * n
        self.live = [True] * n
        self.ticks = [[0] * len(m.damage_out) for _ in range(n)]
        self.outs = list(m.damage_out.values())
        self.log = RaceLog(effects=[0] * (len(m.damage_out) + 1))
        self.hands = [[self.draw() for _ in range(m.hand + m.extra_at_start)] for _ in range(n)]
        self.hands = [[c for c in h if c >= 0] for h in self.hands]
        for hand in self.hands:
            self.play_magic(hand)
        self.log.draws = 0  # the deal is not a draw

    def draw(self) -> int:
        """The top card of the draw pile (-1 when there is none, even after a reshuffle)."""
        if not self.pile:
            log = self.log
            if not log.ran_out_turn:
                log.ran_out_turn = log.turns + 1
            if self.model.reshuffle == "discards" and self.discards:
                self.pile, self.discards = self.discards, []
                self.rng.shuffle(self.pile)
                log.reshuffles += 1
            else:
                log.stalled = True
                return -1
        self.log.draws += 1
        return self.pile.pop()

    def take_card(self, i: int) -> int:
        """A random card from chariot i's hand, or the top of the pile if its hand is empty."""
        hand = self.hands[i]
        if hand:
            return hand.pop(self.rng.randrange(len(hand)))
        return self.draw()

    def suffer(self, i: int, card: int) -> None:
        """Chariot i suffers `card`'s crash effect; the card goes to the discards."""
        if card < 0:
            return
        self.discards.append(card)
        cat = self.tables.card_damage[card]
        self.log.effects[cat] += 1  # -1: the "no damage" slot, last
        if cat >= 0 and self.live[i]:
            self.ticks[i][cat] += 1
            if self.ticks[i][cat] >= self.outs[cat]:
                self.live[i] = False
                self.log.out += 1

    def refill(self, i: int) -> None:
        hand, role = self.hands[i], self.tables.card_role
        card = self.draw()
        if card >= 0:
            (self.discards if role[card] == 1 else hand).append(card)  # magic: played at once
        if self.topup[i]:
            self.topup[i] = False
            for _ in range(self.model.hand - len(hand)):  # made up to 6, then magic is played
                card = self.draw()
                if card < 0:
                    break
                (self.discards if role[card] == 1 else hand).append(card)

    def play_magic(self, hand: list[int]) -> None:
        """Magical effect cards cannot be held: they are played at once, then discarded."""
        role = self.tables.card_role
        if self.tables.has_magic and any(role[c] == 1 for c in hand):
            self.discards.extend(c for c in hand if role[c] == 1)
            hand[:] = [c for c in hand if role[c] != 1]

    def choose(self, hand: list[int], x: float, o: float, safe_only: bool) -> tuple[int, int, int]:
        """(hand index of the movement card, hand index of a special or -1, move class).

        The policy's pick from this place; (-1, -1, -1) when nothing suits."""
        t, room, play = self.tables, self.model.room - o, self.model.policy.play
        s = int(x % self.model.lap / STEP) % t.steps
        cls, wide, speed = t.card_class, t.wide, t.speed
        best, best_key, specials = (-1, -1, -1), -1e18, False
        for h, c in enumerate(hand):
            k = cls[c]
            if k < 0:
                specials = True
                continue
            w = wide[k][s]
            if safe_only and w > room:
                continue
            if play == "farthest-safe":
                key = speed[k] if w <= room else -1e6 - w  # safe first, then the least wide
            else:
                key = speed[k] if play == "fastest" else -speed[k]
            if key > best_key:
                best, best_key = (h, -1, k), key
        if specials and self.model.policy.specials and play == "farthest-safe":
            return self._with_special(hand, s, room, best, best_key)
        return best

    def _with_special(
        self, hand: list[int], s: int, room: float, best: tuple[int, int, int], best_key: float
    ) -> tuple[int, int, int]:
        """The best pick once special move cards may change a movement card."""
        t = self.tables
        for sp, c in enumerate(hand):
            if t.card_role[c] != 2:
                continue
            row = t.modified_class[c]
            for h, card in enumerate(hand):
                k = t.card_class[card]
                if k < 0 or row[k] == k:
                    continue
                k2 = row[k]
                if t.wide[k2][s] <= room and t.speed[k2] > best_key + 1e-9:
                    best, best_key = (h, sp, k2), t.speed[k2]
        return best

    def move(self, i: int, count: int) -> None:
        """Chariot i plays up to `count` movement cards; hitting the stakes ends its move."""
        hand, t, m, discards = self.hands[i], self.tables, self.model, self.discards
        x, o, room = self.dist[i], self.wide[i], m.room
        safe_second = m.policy.second_card == "when-safe"
        for n in range(count):
            h, sp, k = self.choose(hand, x, o, n > 0 and safe_second)
            if h < 0:
                break
            for j in sorted((h, sp), reverse=True) if sp >= 0 else (h,):
                discards.append(hand.pop(j))
            o = max(0.0, o + t.wide[k][int(x % m.lap / STEP) % t.steps])
            x += t.speed[k]
            if o > room:
                self.dist[i] = x
                self.hit_stakes(i, k)
                return
        self.dist[i], self.wide[i] = x, o

    def hit_stakes(self, i: int, k: int) -> None:
        self.log.stakes_hits += 1
        self.wide[i] = self.model.room
        self.stunned[i] = True
        for _ in range(self.tables.stakes[k]):
            self.suffer(i, self.take_card(i))

    def collide(self, i: int) -> None:
        rivals = [j for j in range(self.model.players) if j != i and self.live[j]]
        if not rivals:
            return
        j = self.rng.choice(rivals)
        self.log.collisions += 1
        from_j, from_i = self.take_card(j), self.take_card(i)
        self.suffer(j, from_j)
        self.suffer(i, from_i)

    def can_jump(self, hand: list[int]) -> bool:
        t = self.tables
        jumps = t.card_jumps
        for c in hand:
            if jumps[c]:
                return True
        for c in hand:
            k = t.card_class[c]
            if k < 0:
                continue
            if t.jumps[k] or any(
                t.card_role[sp] == 2 and t.jumps[t.modified_class[sp][k]] for sp in hand
            ):
                return True
        return False

    def turn(self, i: int) -> None:
        m, log = self.model, self.log
        self.refill(i)
        log.player_turns += 1
        if m.pit_jump is not None and self.can_jump(self.hands[i]):
            log.jump_turns += 1
        before = self.dist[i]
        if self.stunned[i]:  # hit an obstacle last turn: one card, and it only turns
            self.stunned[i] = False
            h, _, _ = self.choose(self.hands[i], before, self.wide[i], False)
            if h >= 0:
                self.discards.append(self.hands[i].pop(h))
        else:
            self.move(i, 1 if m.policy.second_card == "never" else 2)
        if self.lines_crossed(before) < self.lines_crossed(self.dist[i]):
            self.topup[i] = True
        if m.collision_chance and self.rng.random() < m.collision_chance:
            self.collide(i)

    def lines_crossed(self, distance: float) -> int:
        """Finish and halfway lines passed by a chariot `distance` from the start (the grid
        lies `finish` before the finish line; the lines are half a lap apart)."""
        return math.floor((distance - self.model.finish) / (self.model.lap / 2))

    def order(self) -> list[int]:
        """The racing chariots in the order their movement is resolved: "starting with the
        leader", the chariot that has come furthest round the course; on a tie the one on the
        inside (the least wide) leads."""
        live = [i for i in range(self.model.players) if self.live[i]]
        return sorted(live, key=lambda i: (-self.dist[i], self.wide[i], i))

    def play_round(self) -> None:
        """One turn of the race: every racing chariot, the leader first."""
        for i in self.order():
            if self.live[i]:
                self.turn(i)

    def run(self) -> RaceLog:
        m, log = self.model, self.log
        goal = m.finish + m.laps * m.lap  # the leader at the end of the last lap wins
        while log.turns < MAX_TURNS:
            log.turns += 1
            moved = list(self.dist)
            self.play_round()
            if log.stalled and moved == self.dist:
                break  # nobody can move and nothing is left to draw: the race is stuck
            lead = max((d for d, ok in zip(self.dist, self.live, strict=True) if ok), default=0)
            if not log.first_lap_turns and lead >= m.finish + m.lap:
                log.first_lap_turns = log.turns
            if lead >= goal or not any(self.live):
                break
        return log


def play_races(m: ChariotModel, runs: int, seed: int) -> list[RaceLog]:
    """`runs` races from one seed: the same seed gives the same races (played once per
    process for the same model, runs and seed; see games/common/memo.py)."""
    return remembered(
        "chariot races", (m, runs, seed), lambda: _play_races(m, runs, seed), _copy_logs
    )


def _tables_of(m: ChariotModel) -> Tables:
    """The model's tables, built once per process for the same deck and track (they do not
    depend on the players, laps or hands); races only read them, so they are shared."""
    inputs = (m.cards, m.lap, m.straight, m.radius, m.pit_jump, m.stakes, m.damage_out)
    return remembered("chariot tables", inputs, lambda: build_tables(m), lambda t: t)


def _copy_logs(logs: list[RaceLog]) -> list[RaceLog]:
    return [dataclasses.replace(g, effects=list(g.effects)) for g in logs]


def _play_races(m: ChariotModel, runs: int, seed: int) -> list[RaceLog]:
    tables = _tables_of(m)
    rng = random.Random(seed)
    return [Race(m, tables, rng).run() for _ in ticking(range(runs), "racing")]
