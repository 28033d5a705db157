"""Reclaim the Wild's metric and surcharges (Movement; DIGEST 4.1-4.2).

Entering a square costs 1; every second diagonal costs 2, counted across the whole turn
(the node's counter); difficult terrain, unnatural movement (climbing, swimming, flying,
gliding without the Natural trait), sneaking and being slowed each add 1 and stack. A square
may be entered when it costs more than what is left (`overspend`). Enemies' spaces can't be
passed, allies' can. Flying keeps one clear square from every surface and stays within its
altitude (8 natural, 4 otherwise; medium armour -1, heavy -2); above it a creature can only
glide or come down. A glider climbs only in an updraft, up to its height, and never while
sprinting (Gliding). Narrow openings are squeezed through or too small (`squeezing`). A
shield surfer's costs are halved, the turn's raw costs added up and rounded down, so 6
Movement surfs 12 squares as Sprinting runs them (Shield
Surfing; the node carries the parity of the raw total, as it carries the diagonals').
"""

from __future__ import annotations

from collections.abc import Hashable

from engine.geometry import Box, box, box_gap
from engine.rulesets.one_two_one.options import OneTwoOneOptions
from engine.rulesets.one_two_one.squeezing import (
    FITS,
    SQUEEZE,
    TOO_SMALL,
    slowed_otherwise,
    tightness,
)
from engine.rulesets.squares.field import DROPPED, FLAT, SquareField
from engine.rulesets.squares.search import Node
from engine.sizes import LADDER
from engine.steps import Illegal, Legal
from events.battle_events import Coord
from projections.state import BattleState, Creature

LANDED = 1 << 21
HALF = 2
"""The node counter's bit holding the parity of a surfer's raw costs so far."""


def natural(c: Creature, mode: str) -> bool:
    if mode in ("climb", "swim", "fly"):
        return mode in c.speeds
    if mode == "glide":
        return bool(c.stat("natural_glider"))
    return True


def max_altitude(c: Creature) -> int:
    top = 8 if "fly" in c.speeds else 4
    return top - min(2, max(0, c.stat("armor")))


class OneTwoOneField(SquareField):
    prefix = "one-two-one"
    overspend = True

    def __init__(
        self,
        state: BattleState,
        c: Creature,
        mode: str,
        sneaking: bool,
        sprinting: bool | None = None,
    ):
        super().__init__(LADDER, state, c, mode)
        self.sneaking = sneaking
        options = OneTwoOneOptions.of(state)
        self.surcharge = options.slowed_surcharge
        self.corner_rule = options.corner_rule
        self.carried = c.tally("diagonals") if state.turns else 0
        self.slowed = slowed_otherwise(c)
        self.sprinting = c.tally("sprint") > 0 if sprinting is None else sprinting
        """Sprinting in this move: the turn's Sprint, or the move's own (`sprint`, `charge`),
        which is the only record of it in a battle without turns."""
        self.surfing = c.has("shield_surfing") and options.surf_cost == "half"
        self.half = c.tally("surf_half") % 2 if state.turns else 0
        self.toward: Box | None = None
        """A Charge's target: every step must end nearer it (`charge`)."""
        self.air: frozenset[Coord] = frozenset()
        """The squares a horizontal jump crosses in the air (`jumping`)."""
        if mode == "climb":
            # `targets` is the search's hottest call: only a climber pays for the face squares
            self.targets = self.climb_targets  # type: ignore[method-assign]

    def jump_over(self, air: frozenset[Coord]) -> None:
        """A move with horizontal jumps: these squares are crossed in the air (`jumping`)."""
        self.air = air
        self.forget()

    def aim_at(self, target: Creature) -> None:
        """A Charge: every step must end nearer `target`'s space (`charge`)."""
        self.toward = box(target.pos, LADDER.side(target.size))
        self.forget()

    def memo_key(self) -> Hashable | None:
        if self.toward is not None or self.air:
            return None  # a Charge's steps depend on its target, a jump's on its squares
        c = self.creature
        natural_ways = tuple(natural(c, way) for way in ("climb", "swim", "fly", "glide"))
        options = OneTwoOneOptions.of(self.state)
        squeeze = (options.squeeze_from, options.too_small_from)
        return (
            "one-two-one",
            c.id,
            c.size,
            self.mode,
            self.sneaking,
            self.surcharge,
            self.corner_rule,
            self.slowed,
            self.sprinting,
            self.surfing,
            natural_ways,
            max_altitude(c),
            c.has("shield_surfing"),
            squeeze,
        )

    def nearer(self, frm: Coord, to: Coord) -> bool:
        """Does the step end nearer the Charge's target than it starts?"""
        assert self.toward is not None
        return box_gap(box(to, self.side), self.toward) < box_gap(box(frm, self.side), self.toward)

    def beside_target(self, pos: Coord) -> bool:
        """Is a space at `pos` next to the Charge's target (where a Charge ends)?"""
        assert self.toward is not None
        return box_gap(box(pos, self.side), self.toward) == 1

    def start(self, pos: Coord) -> Node:
        return (pos, self.carried % 2 | (HALF if self.surfing and self.half else 0))

    def least_cost(self, node: Node, goal: Coord) -> int:
        """The 1-2-1 distance to `goal` from `node`'s diagonal parity: every square costs at
        least 1 and every second diagonal 2 (surcharges only add), so no path is cheaper. A
        Shield Surfer's halved steps may cost nothing: no bound then."""
        if self.surfing:
            return 0
        dx, dy = abs(goal[0] - node[0][0]), abs(goal[1] - node[0][1])
        diagonals = min(dx, dy)
        return max(dx, dy) + (diagonals + (node[1] & 1)) // 2

    def next_counter(self, node: Node, to: Coord) -> int:
        """Only the parity of the diagonals so far matters (is the next one the second?):
        keeping the count would make the search's nodes unbounded. A surfer's node also
        carries the parity of its raw costs (is the next half-point already paid?)."""
        frm = node[0]
        diagonal = 1 if to[0] != frm[0] and to[1] != frm[1] else 0
        n = (node[1] & ~0xFFFFF) | ((node[1] & 1) ^ diagonal)
        if self.surfing:
            raw = 0 if self.way(node, to) else self.raw_cost(node, to)[0]
            n |= (node[1] & HALF) ^ (HALF if raw % 2 else 0)
        if self.flying:
            return n | (LANDED if to[2] == self.stand_z(to[0], to[1]) else 0)
        return n | self.dropped(frm, to)

    def dropped(self, frm: Coord, to: Coord) -> int:
        """A climber climbs down a ledge instead of falling off it."""
        if self.mode == "climb" or self.flying or to[2] >= frm[2] - self.drop_threshold:
            return 0
        return DROPPED

    def climb_targets(self, pos: Coord) -> list[Coord]:
        """A climber's next squares: besides the ground around, the squares of a face above
        and below it and beside it, each entered on its own (`_climb_step`)."""
        around = super().targets(pos)
        if self.air:
            return around
        x, y, z = pos
        face = [(x, y, z + 1), (x, y, z - 1)]
        for dx, dy in FLAT:
            nx, ny = x + dx, y + dy
            if self.inside(nx, ny):
                face += [(nx, ny, h) for h in (z - 1, z, z + 1) if h > self.stand_z(nx, ny)]
        return around + [p for p in face if p not in around]

    def clings(self, pos: Coord) -> bool:
        """Climbing: a space in the air with a face beside it rising past it, to keep a hand
        gripped to ("To stay in place, you must keep at least one hand gripped to the surface
        you're scaling")."""
        x, y, z = pos
        g, s = self.grid, self.side
        for j in range(-1, s + 1):
            for i in range(-1, s + 1):
                inner = 0 <= i < s and 0 <= j < s
                if not inner and g.inside(x + i, y + j) and g.surface[g.index(x + i, y + j)] > z:
                    return True
        return False

    def entering(self, node: Node, to: Coord) -> Legal | Illegal:
        """Reclaim the Wild, Movement: a step's cost in Movement and why, or what forbids it."""
        refused = self.way(node, to)
        if refused is not None:
            return refused
        cost, why = self.raw_cost(node, to)
        if self.surfing:
            cost = (cost + (1 if node[1] & HALF else 0)) // 2
            why.append(f"shield surfing: half, rounded over the turn = {cost}")
        return Legal(cost, tuple(why))

    def way(self, node: Node, to: Coord) -> Illegal | None:
        """What forbids the step: a surfer off the ground, the mode's own way (flying,
        climbing, walking), an opening too small, a Charge that doesn't approach, a corner,
        an enemy's space."""
        frm = node[0]
        if self.mode != "walk" and self.creature.has("shield_surfing"):
            return Illegal("one-two-one/surfer-walks", "a Shield Surfer rides over the ground")
        if self.flying:
            refused = self._air_step(node, to)
        elif to in self.air:
            refused = self._jump_step(frm, to)
        elif self.mode == "climb" and self.inside(to[0], to[1]) and not node[1] & DROPPED:
            refused = self._climb_step(frm, to)
        else:
            refused = self.ground_step(node, to)
        if refused is not None:
            return refused
        if self.squeeze(to) == TOO_SMALL:
            return Illegal(
                "one-two-one/too-small-to-squeeze",
                f"the opening at {list(to)[:2]} is too small for a {self.creature.size} creature",
            )
        if self.toward is not None and not self.nearer(frm, to):
            return Illegal(
                "one-two-one/charge-must-approach", f"{list(to)} is no nearer the target"
            )
        diagonal = to[0] != frm[0] and to[1] != frm[1]
        if diagonal and self._cuts_corner(frm, to):
            return Illegal(
                "one-two-one/cannot-cut-corners", f"the step to {list(to)} cuts a corner"
            )
        for o in self.occupants(to):
            if o.enemy:
                return Illegal(
                    "one-two-one/cannot-pass-enemy", f"can't pass {o.creature.id}'s space"
                )
        return None

    def squeeze(self, to: Coord) -> int:
        """How tight the space at `to` is for this creature on the ground (`squeezing`)."""
        if not self.grid.any_narrow:  # most maps: no opening to squeeze through
            return FITS
        return tightness(self.state, self.creature.size, to) if self.on_ground(to) else FITS

    def forced_blocked(self, pos: Coord) -> str | None:
        """Squeezing: "You cannot Squeeze into a space that is smaller than one-quarter your
        height or width"; Pushing Foes into Things: "Pushing combatants into solid objects, or
        other things that would block their movement, results in the foe taking damage equal
        to the remaining distance": an opening too small to squeeze into stops a push before
        it (and the collision deals the distance left). One it only squeezes into does not
        block it."""
        if self.squeeze(pos) == TOO_SMALL:
            return f"an opening too small for {self.creature.id}"
        return None

    def raw_cost(self, node: Node, to: Coord) -> tuple[int, list[str]]:
        """A legal step's cost before a surfer halves it, and why: 1, every second diagonal
        of the turn 2 (1-2-1), and the surcharges. A face is climbed square by square, each
        square of it one step (`_climb_step`), so each is "a new square" the overspend rule
        reads."""
        frm = node[0]
        diagonal = to[0] != frm[0] and to[1] != frm[1]
        second = diagonal and (node[1] & 0xFFFFF) % 2 == 1
        cost = 2 if second else 1
        why = ["diagonal 2 of 1-2-1" if second else ("diagonal 1 of 1-2-1" if diagonal else "1")]
        for extra, reason in self._surcharges(frm, to, self.squeeze(to) == SQUEEZE):
            cost += extra
            why.append(reason)
        return cost, why

    def _surcharges(self, frm: Coord, to: Coord, squeezing: bool) -> list[tuple[int, str]]:
        out: list[tuple[int, str]] = []
        c = self.creature
        sq = self.square(to)  # read once per square and decision
        if sq.ground and to not in self.air and self.any_cell(to, self.grid.difficult):
            out.append((1, "difficult terrain +1"))
        way = self.mode if self.flying else None
        if way is None and sq.wet:
            way = "swim"
        elif way is None and (
            to[2] > frm[2] or (self.mode == "climb" and (to[2] < frm[2] or not sq.ground))
        ):
            way = "climb"
        if way is not None and not natural(c, way):
            out.append((1, f"unnatural {way} +1"))
        if self.sneaking:
            out.append((1, "sneaking +1"))
        if (self.slowed or squeezing) and self.surcharge:
            why = "slowed" if self.slowed else "squeezing (slowed)"
            out.append((self.surcharge, f"{why} +{self.surcharge}"))
        return out

    def _jump_step(self, frm: Coord, to: Coord) -> Illegal | None:
        """A square crossed in the air by a horizontal jump: next to the last, level with the
        take-off, nothing filled there."""
        if not self.inside(to[0], to[1]) or max(abs(to[0] - frm[0]), abs(to[1] - frm[1])) != 1:
            return Illegal("path/not-contiguous", f"{list(to)} is not a square next to {list(frm)}")
        if self.filled(to) or to[2] < self.stand_z(to[0], to[1]):
            return Illegal("one-two-one/jump-blocked", f"a jump can't pass through {list(to)[:2]}")
        return None

    def _climb_step(self, frm: Coord, to: Coord) -> Illegal | None:
        """Climbing: "It takes one Movement to enter a square", and a face is squares too: a
        climber goes up or down it, or along it, one square at a time, onto the ground or to
        a square beside a face it can keep a hand gripped to (`clings`)."""
        dx, dy, dz = to[0] - frm[0], to[1] - frm[1], to[2] - frm[2]
        if max(abs(dx), abs(dy), abs(dz)) != 1:
            return Illegal("path/not-contiguous", f"{list(to)} is not a square next to {list(frm)}")
        stand = self.stand_z(to[0], to[1])
        if to[2] < stand or self.filled(to):
            return Illegal("map/blocked", f"{list(to)} is filled")
        if to[2] > stand and not self.clings(to):
            return Illegal(
                "one-two-one/nothing-to-grip",
                f"{list(to)} is in the air with no face beside it to keep a hand gripped to",
            )
        return None

    def _cuts_corner(self, frm: Coord, to: Coord) -> bool:
        if self.corner_rule == "none" or not self.any_wall:
            return False
        low = min(frm[2], to[2])
        hits = [
            self.grid.wall[i] and self.grid.surface[i] > low for i in self.corner_cells(frm, to)
        ]
        return all(hits) if self.corner_rule == "both" else any(hits)

    def _air_step(self, node: Node, to: Coord) -> Illegal | None:
        frm = node[0]
        if node[1] & (LANDED | DROPPED):
            return Illegal("one-two-one/landed", "landing ends the flight")
        if max(abs(to[0] - frm[0]), abs(to[1] - frm[1]), abs(to[2] - frm[2])) != 1:
            return Illegal("path/not-contiguous", f"{list(to)} is not next to {list(frm)}")
        if not self.inside(to[0], to[1]):
            return Illegal("map/off-map", f"{list(to)} is off the map")
        ground = self.stand_z(to[0], to[1])
        if to[2] < ground or self.filled(to):
            return Illegal("map/blocked", f"{list(to)} is filled")
        if self.mode == "glide":
            if self.sprinting and (self.in_updraft(frm) or self.in_updraft(to)):
                return Illegal("one-two-one/no-sprint-in-updraft", "no Sprint in an updraft")
            if to[2] > frm[2] and not (self.in_updraft(frm) and self.in_updraft(to)):
                return Illegal(
                    "one-two-one/glide-cannot-climb", "a glider only rises in an updraft"
                )
        if to[2] == ground:
            return None  # landing
        if self.mode == "fly":
            if to[2] - ground > max_altitude(self.creature) and to[2] >= frm[2]:
                return Illegal(
                    "one-two-one/above-max-altitude",
                    f"{self.creature.id} can fly at most {max_altitude(self.creature)} up: "
                    "above that it glides or comes down",
                )
            if not self._clear(to):
                return Illegal(
                    "one-two-one/too-close-to-surface",
                    "a flier keeps one clear square from every surface",
                )
        return None

    def updraft_top(self, pos: Coord) -> int | None:
        """The height an updraft under this space lifts a glider to, or None."""
        g = self.grid
        if not g.updraft:
            return None
        tops = [g.ground[i] + g.updraft[i] for i in self.cells(pos[0], pos[1]) if g.updraft[i]]
        return max(tops) if tops else None

    def in_updraft(self, pos: Coord) -> bool:
        """Gliding: "When in an updraft, you ascend during your turn, up to the maximum height
        of the updraft": a space over an updraft square, no higher than the updraft reaches."""
        top = self.updraft_top(pos)
        return top is not None and pos[2] <= top

    def _clear(self, pos: Coord) -> bool:
        x, y, z = pos
        g = self.grid
        for j in range(-1, self.side + 1):
            for i in range(-1, self.side + 1):
                if g.inside(x + i, y + j) and g.surface[g.index(x + i, y + j)] > z - 1:
                    return False
        return True

    def stop_refusal(self, pos: Coord) -> Illegal | None:
        for o in self.occupants(pos):
            return Illegal(
                "one-two-one/cannot-end-in-occupied-space", f"can't end in {o.creature.id}'s space"
            )
        return None
