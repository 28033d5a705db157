"""Epic Path's metric and step costs (Types of Movement; DIGEST 3.1-3.3, 3.8-3.9).

Feet, 5 a square, diagonals 1-for-1; difficult terrain (and squeezing, and a dead creature's
square, "rough terrain") 10 ft; walls and objects block; a diagonal may not pass a completely
filled square (a wall) but may skirt a partly filled one (an obstacle); allies may be passed,
other creatures only stepped over by a creature two sizes larger. Each square's cost comes off
every movement type's allowance, so a step in water needs swim allowance left for the whole
spend so far. Run, charge and the 5-foot step never enter difficult terrain (nor squeeze); a
withdrawal's every square is farther from its primary target; a charge goes in a straight line
through no creature.

Impeded terrain is entered only by the `clamber` action (a full round for 5 ft); a `narrow`
opening built for one size smaller is squeezed through (10 ft), for two or more sizes smaller
not at all. Hazardous squares (a damaging square, a pit or ledge one drops into) cost the
normal 5 ft: when the path search sets `avoid`, a path ends at its first hazardous square, so
the search for a `to` can first look for a route around them ("they just don't want to").
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import NamedTuple

from engine.geometry import Box, box, box_gap, overlaps
from engine.placement import Occupant
from engine.rulesets.epic_path import economy, packing
from engine.rulesets.epic_path.options import EpicPathOptions
from engine.rulesets.epic_path.sizes import SIZES, SQUARE, fills_its_square
from engine.rulesets.squares.field import DROPPED, SquareField
from engine.rulesets.squares.search import Node
from engine.steps import Illegal, Legal
from events.battle_events import Coord
from projections.state import BattleState, Creature

HELPLESS = ("unconscious", "stunned", "paralyzed", "helpless")
"""Conditions that leave a creature "unable to prevent" another squeezing into its space
(Squeezing: "such as being unconscious or stunned"; paralyzed and helpless are the
Pathfinder conditions, Epic Path's base, under which a creature cannot act at all)."""
HAZARD = 1 << 19
"""Set in a node's counter once an `avoid` search entered a hazardous square: nothing follows."""
HAZARD_AHEAD = Illegal("epic-path/hazard-ends-path", "an `avoid` search's path ends at a hazard")


class Terrain(NamedTuple):
    """What Epic Path reads of the squares under a space besides the shared `Square`."""

    difficult: bool
    impeded: bool
    concealed: bool
    damage: int
    """The most damage a damaging square of it deals (Hazardous Terrain)."""
    pit: bool


class EpicField(SquareField):
    prefix = "epic-path"
    spends = True
    square_cost = SQUARE

    def __init__(
        self,
        state: BattleState,
        c: Creature,
        mode: str,
        action: str = "walk",
        multiplier: int = 1,
        primary: Creature | None = None,
        through: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(SIZES, state, c, mode)
        self.action = action
        self.allow = {m: economy.speed(c, m) * multiplier for m in c.speeds}
        if action == "walk" and economy.overburdened(c):
            self.allow["walk"] = SQUARE  # a standard action moves 5 ft (Encumbrance)
        self.primary = None if primary is None else box(primary.pos, SIZES.side(primary.size))
        options = EpicPathOptions.of(state)
        self.skirt = options.corner_obstacles == "skirt"
        self.ceiling = options.altitude_ceiling // SQUARE
        self._avoid = False
        self._terrain: dict[tuple[int, int], Terrain] = {}
        self.dead_rough = options.dead_are_rough
        self.share = options.allies_may_share
        self.cap = options.creatures_per_square
        self._forbidden: dict[Coord, Illegal | None] = {}
        self._costs: dict[Coord, tuple[Legal, bool]] = {}
        self._careful = action in ("run", "charge", "five_foot_step")
        self._hovering = action == "five_foot_step" and "hover" in c.speeds
        self._in_the_dark = action == "five_foot_step" and c.stat("darkvision") <= 0
        self.through = through or {}
        """Creatures the move gets past by a maneuver the table resolved (`Move.through`)."""
        mine = box(c.pos, self.side)
        self.inside_of = frozenset(
            o.creature.id for o in self.occupants(c.pos) if o.enemy and overlaps(mine, o.box)
        )
        """The enemies whose space the creature stands in as it starts (it may move out)."""
        self._clambered = self._clambered_spaces(state)
        """The spaces this move clambers into, which it may not walk out of (`clamber_exit`)."""

    def _clambered_spaces(self, state: BattleState) -> dict[str, Box]:
        out = {}
        for cid, how in self.through.items():
            other = state.creatures.get(cid)
            if how == "clamber" and other is not None and cid not in self.inside_of:
                out[cid] = box(other.pos, SIZES.side(other.size))
        return out

    def altitude_ceiling(self) -> int | None:
        """The battle's altitude ceiling in squares (option `altitude_ceiling`)."""
        return self.ceiling

    @property
    def avoid(self) -> bool:
        """Hazardous Terrain: a search that goes around hazardous squares ("they just don't
        want to"): a path ends at its first hazardous square."""
        return self._avoid

    @avoid.setter
    def avoid(self, value: bool) -> None:
        self._avoid = value
        self.forget()

    def memo_key(self) -> Hashable | None:
        if self.action in ("charge", "withdraw") or self.through:
            return None  # the way depends on where the charge began, its target, the maneuvers
        c = self.creature
        sees = c.stat("darkvision") > 0
        return (
            "epic-path",
            c.id,
            c.size,
            self.mode,
            self.action,
            self.ceiling,
            self.skirt,
            self.dead_rough,
            self._avoid,
            sees,
            "hover" in c.speeds,
        )

    # -- what a square is ------------------------------------------------------------------
    def terrain(self, pos: Coord) -> Terrain:
        """The terrain under a space anchored at `pos` (read once per decision)."""
        key = (pos[0], pos[1])
        found = self._terrain.get(key)
        if found is None and self.side == 1:  # most creatures: one square, no generators
            g = self.grid
            i = pos[1] * g.width + pos[0]
            found = self._terrain[key] = Terrain(
                difficult=bool(g.difficult[i]),
                impeded=bool(g.impeded[i]),
                concealed=bool(g.concealed[i]),
                damage=g.damage[i],
                pit=bool(g.pit[i]),
            )
        elif found is None:
            g = self.grid
            cells = self.cells(pos[0], pos[1])
            found = self._terrain[key] = Terrain(
                difficult=any(g.difficult[i] for i in cells),
                impeded=any(g.impeded[i] for i in cells),
                concealed=any(g.concealed[i] for i in cells),
                damage=max(g.damage[i] for i in cells),
                pit=any(g.pit[i] for i in cells),
            )
        return found

    def squeeze_need(self, pos: Coord) -> int:
        """0: the creature fits; 1: it squeezes (a space built for one size smaller); 2: the
        space is narrower than its head (two or more sizes smaller)."""
        sq = self.square(pos)
        if not sq.ground:
            return 0
        need = 0
        for fits in sq.fits:
            need = max(need, min(2, self.rank - SIZES.rank(fits)))
        return need

    def rough(self, to: Coord) -> bool:
        """Difficult terrain, or a dead creature's square ("rough terrain", option
        `dead_are_rough`), under a creature on the ground."""
        sq = self.square(to)
        if not sq.ground:
            return False
        if self.terrain(to).difficult:
            return True
        return self.dead_rough and any(o.creature.hp <= 0 for o in self.occupants(to))

    def forbids(self, to: Coord) -> Illegal | None:
        """What the square itself forbids this action: impeded terrain but by clambering; a
        space narrower than the creature's head; squeezing or difficult terrain for a run,
        charge or 5-foot step (a hovering step ignores difficult terrain); a concealed square
        for a 5-foot step without darkvision. The same whatever square it is entered from, so
        read once per square and decision."""
        if to in self._forbidden:
            return self._forbidden[to]
        found = self._forbidden[to] = self._forbids(to)
        return found

    def _forbids(self, to: Coord) -> Illegal | None:
        act = self.action.replace("_", "-")
        words = self.action.replace("_", " ")
        careful = self._careful
        ground, terrain = self.square(to).ground, self.terrain(to)
        if ground and terrain.impeded:
            if self.action == "clamber":
                return None
            return Illegal(
                f"epic-path/{act}-no-impeded-terrain" if careful else "epic-path/impeded",
                f"entering impeded terrain at {list(to)[:2]} takes a full-round action for 5 ft "
                "(the `clamber` action)",
            )
        tight = self.squeeze_need(to)
        if tight >= 2:
            return Illegal(
                "epic-path/too-narrow",
                f"{list(to)[:2]} is narrower than {self.creature.id}'s head: no creature can pass "
                "through a space narrower than its head",
            )
        if tight == 1 and careful:
            return Illegal(
                f"epic-path/{act}-no-squeezing",
                f"no {words} squeezing through {list(to)[:2]} (it counts as difficult terrain)",
            )
        if careful and not self._hovering and self.rough(to):
            return Illegal(
                f"epic-path/{act}-no-difficult-terrain", f"no {words} into difficult terrain"
            )
        if self._in_the_dark and terrain.concealed:
            return Illegal(
                "epic-path/five-foot-step-concealed",
                f"{list(to)[:2]} is concealed: no 5-foot step into it without darkvision",
            )
        return None

    def hazard(self, frm: Coord, to: Coord) -> str | None:
        """Why entering `to` is hazardous (Hazardous Terrain), or None."""
        damage = self._damage(to)
        if damage is not None:
            return damage
        return self._drop(to) if self.dropped(frm, to) else None

    def _damage(self, to: Coord) -> str | None:
        terrain = self.terrain(to)
        if self.square(to).ground and terrain.damage:
            return f"hazardous terrain: {terrain.damage} damage on entry"
        return None

    def _drop(self, to: Coord) -> str:
        if self.terrain(to).pit:
            return "hazardous terrain: a pit (falls)"
        return "hazardous terrain: a drop (falls)"

    def least_cost(self, node: Node, goal: Coord) -> int:
        """5 ft a square counted 1 for 1 (General Movement Rules; up and down too in three
        dimensions): no square costs less, so no path to `goal` is cheaper."""
        (x, y, z), (gx, gy, gz) = node[0], goal
        rise = abs(gz - z) if self.flying else 0
        return SQUARE * max(abs(gx - x), abs(gy - y), rise)

    def next_counter(self, node: Node, to: Coord) -> int:
        counter = node[1]
        if not self.flying and to[2] < node[0][2] - self.drop_threshold:
            counter |= DROPPED  # as `dropped`, without the calls: asked of every step
        if self._avoid and self.hazard(node[0], to) is not None:
            counter |= HAZARD
        return counter

    def step_mode(self, to: Coord) -> str:
        if self.flying:
            return "fly"
        return "swim" if self.square(to).wet else "walk"

    def entering(self, node: Node, to: Coord) -> Legal | Illegal:
        """Epic Path, Types of Movement: a step's cost in feet and why, or what forbids it."""
        if node[1] & HAZARD:
            return HAZARD_AHEAD  # only ever set by an `avoid` search: a hazard ends that path
        refused = self.ground_step(node, to) or self.way(node, to) or self.crowd(to)
        if refused is None and self._clambered:
            refused = self.clamber_exit(node[0], to)
        if refused is not None:
            return refused
        refused = self.forbids(to)
        if refused is not None:
            return refused
        return self.cost(node[0], to)

    def way(self, node: Node, to: Coord) -> Illegal | None:
        """What the step's way forbids: a flier through filled space or above the altitude
        ceiling, a walker into blocked terrain, a corner it can't cut, a charge that turns, a
        withdrawal that comes closer to its primary target."""
        frm = node[0]
        dx, dy = to[0] - frm[0], to[1] - frm[1]
        sq = self.square(to)
        if self.flying and (to[2] < sq.stand or sq.filled):
            return Illegal("epic-path/blocked", f"a flier can't pass through {list(to)}")
        if self.flying and to[2] > frm[2] and to[2] - sq.stand > self.ceiling:
            return Illegal(
                "epic-path/altitude-ceiling",
                f"this battle's altitude ceiling is {self.ceiling * SQUARE} ft",
            )
        if sq.solid and to[2] <= frm[2]:
            return Illegal("epic-path/blocked", f"blocked terrain at {list(to)[:2]}")
        if dx and dy and self._cuts_corner(frm, to):
            return Illegal(
                "epic-path/cannot-cut-corners",
                f"the step to {list(to)} passes a completely filled square",
            )
        if self.action == "charge" and not self._straight(node, dx, dy):
            return Illegal("epic-path/charge-straight-line", "a charge moves in a straight line")
        if self.primary is not None and self.action == "withdraw":  # noqa: SIM102
            if box_gap(box(to, self.side), self.primary) <= box_gap(
                box(frm, self.side), self.primary
            ):
                return Illegal(
                    "epic-path/withdraw-farther",
                    f"every withdrawing square is farther from the primary target ({list(to)})",
                )
        return None

    def crowd(self, to: Coord) -> Illegal | None:
        """Creatures in the way: none on a charge's path, and only a creature two sizes
        larger steps over an enemy (a dead creature is rough terrain, not a creature). A
        creature already inside an enemy's space may move out of it ("The smaller creatures
        may also move out of the occupied space (provoking as per normal movement rules)",
        Stepover)."""
        for o in self.occupants(to):
            if o.creature.hp <= 0 or o.creature.id in self.inside_of:
                continue
            if self.through.get(o.creature.id) in ("clamber", "overrun"):
                continue  # Clamber (Might) or Overrun: "to enter another creatures square"
            if self.action == "charge":
                return Illegal(
                    "epic-path/charge-path-clear",
                    f"{o.creature.id} is in the charge's way",
                    (o.creature.id,),
                )
            if o.enemy and self.rank - o.rank < 2:
                return Illegal(
                    "epic-path/occupied",
                    f"only a creature two sizes larger steps over {o.creature.id}",
                    (o.creature.id,),
                )
        return None

    def clamber_exit(self, frm: Coord, to: Coord) -> Illegal | None:
        """Internal Flanking: "For a smaller creature to enter a larger creature's space
        requires the Clamber feature of Might. Creatures wishing to pass all the way through
        another creature's space must use the Overrun maneuver." A clamber enters a space
        (and stops in it): a step from inside a space the move clambered into to a square
        outside it is passing through, an Overrun's. (A creature that starts inside an
        enemy's space may move out of it: Stepover.)"""
        here, there = box(frm, self.side), box(to, self.side)
        for cid, space in self._clambered.items():
            if overlaps(here, space) and not overlaps(there, space):
                return Illegal(
                    "epic-path/clamber-stops-inside",
                    f"a Clamber enters {cid}'s space and stops there: passing all the way "
                    "through it takes an Overrun",
                    (cid,),
                )
        return None

    def forced_blocked(self, pos: Coord) -> str | None:
        """Forced Movement: it "must be into unoccupied squares of a size and shape equal to
        the creature being forcibly moved", and a push "ends in the square prior to this
        obstruction": an opening built for a smaller creature (one it would squeeze through,
        or one narrower than its head) stops it before it."""
        if self.squeeze_need(pos) >= 1:
            return f"an opening too narrow for {self.creature.id}"
        return None

    def clambers(self, o: Occupant) -> bool:
        """The move gets into `o`'s space by a Clamber (Might) the table resolved."""
        return self.through.get(o.creature.id) == "clamber"

    def forced_over(self, o: Occupant) -> bool:
        """Stepover: "If the larger creature is subjected to forced movement, it is possible
        to make the larger creature stepover legally sized (smaller) creatures as part of that
        movement": two categories smaller, it is passed over (and may be ended on)."""
        return self.rank - o.rank >= 2

    def cost(self, frm: Coord, to: Coord) -> Legal:
        """5 ft a square; difficult terrain, a dead creature's square and squeezing 10 ft;
        impeded terrain 5 ft (for a full round); hazards named."""
        found = self._costs.get(to)
        if found is None:
            found = self._costs[to] = self._cost_into(to)
        entered, damaging = found
        if damaging or not self.dropped(frm, to):
            return entered
        return Legal(entered.cost, (*entered.reasons, self._drop(to)))

    def _cost_into(self, to: Coord) -> tuple[Legal, bool]:
        """What entering `to` costs from any square, and whether its hazard (damage) is
        named already; a drop onto it depends on where the step starts (`cost`)."""
        cost = SQUARE
        why = ["5 ft"]
        if self.square(to).ground and self.terrain(to).impeded:
            why = ["impeded terrain: a full round for 5 ft"]
        elif self.rough(to):
            if self.action == "five_foot_step":
                why.append("hover ignores difficult terrain")
            else:
                cost = 2 * SQUARE
                dead = any(o.creature.hp <= 0 for o in self.occupants(to))
                why = ["difficult terrain 10 ft" if not dead else "a dead creature: rough 10 ft"]
        if self.squeeze_need(to) == 1:
            cost = max(cost, 2 * SQUARE)
            why.append("squeezing counts as difficult terrain")
        damage = self._damage(to)
        if damage is not None:
            why.append(damage)
        return Legal(cost, tuple(why)), damage is not None

    def paid_from(self, to: Coord) -> str:
        return self.step_mode(to)

    def affords(self, spent: int, paid_from: str, cost: int) -> Illegal | None:
        """Combining Movement Types: each square comes off every movement type's allowance,
        so a step in water needs swim allowance left for the whole spend so far."""
        mode = paid_from
        allowance = self.allow.get(mode, 0)
        if spent + cost <= allowance:
            return None
        if mode not in self.allow:
            return Illegal("epic-path/no-speed-for-mode", f"{self.creature.id} has no {mode} speed")
        return Illegal(
            "epic-path/mode-allowance-spent",
            f"{spent + cost} ft is more than the {allowance} ft {mode} allowance",
        )

    def _straight(self, node: Node, dx: int, dy: int) -> bool:
        start = self.creature.pos
        frm = node[0]
        if frm == start:
            return True
        first = (frm[0] - start[0], frm[1] - start[1])
        n = max(abs(first[0]), abs(first[1]))
        return (first[0] == dx * n) and (first[1] == dy * n)

    def _cuts_corner(self, frm: Coord, to: Coord) -> bool:
        g = self.grid
        low = min(frm[2], to[2])
        for i in self.corner_cells(frm, to):
            if g.surface[i] > low and (g.wall[i] or (g.solid[i] and not self.skirt)):
                return True
        return False

    def sharing(self, pos: Coord) -> Creature | None:
        """The one ally whose space a move may end in (option `allies_may_share`: it
        consents, and both squeeze), else None. Only creatures that fill their space
        (Small and up) squeeze; a dead creature is terrain, not company."""
        if not self.share or not fills_its_square(self.rank):
            return None
        alive = [o for o in self.occupants(pos) if o.creature.hp > 0]
        if len(alive) != 1:
            return None
        o = alive[0]
        ally = o.creature.side == self.creature.side and fills_its_square(o.rank)
        return o.creature if ally and abs(self.rank - o.rank) < 2 else None

    def cannot_refuse(self, crowding: list[Occupant]) -> bool:
        """Squeezing: "Squeezing can only occur if the two creatures sharing a space both
        agree to allow that to happen, or one creature is unable to prevent it (such as being
        unconscious or stunned)". The one creature a move would share a space with is
        helpless (`HELPLESS`), and filling its space as the mover fills its own, both then
        squeeze; a hostile one's space is entered only by a Clamber (`through`), an ally's
        freely."""
        if len(crowding) != 1 or not fills_its_square(self.rank):
            return False
        o = crowding[0]
        helpless = any(o.creature.has(name) for name in HELPLESS)
        return helpless and fills_its_square(o.rank) and (not o.enemy or self.clambers(o))

    def stop_refusal(self, pos: Coord) -> Illegal | None:
        """Why a move may not end at `pos`: "any walk must end in an unoccupied space, or the
        creature is subject to the Squeezing rules". A creature two categories smaller is
        stepped over (Stepover); allies smaller than Medium share a square as far as it holds
        them (`packing`: "4 tiny creatures fit into a five foot square"); a consenting ally
        (option `allies_may_share`) is shared, squeezing. A clamber (`through`) stops inside a
        creature two or more categories larger ("smaller foes ... inside the space of a larger
        figure. In such cases, then neither figure is considered to be Squeezing"), or shares
        a square with smaller hostile ones as far as it holds them; sharing more with a hostile
        creature would squeeze, which "can only occur if the two creatures sharing a space
        both agree"."""
        living = [o for o in self.occupants(pos) if o.creature.hp > 0]
        if not living:
            return None  # a dead creature's square is rough terrain
        packs = packing.packs(self.rank)
        if packs and 1 + sum(packing.packs(o.rank) for o in living) > self.cap:
            return Illegal("epic-path/square-full", f"{list(pos)[:2]}: {packing.crowded(self.cap)}")
        crowding = [
            o
            for o in living
            if self.rank - o.rank < 2
            and not (self.clambers(o) and o.rank - self.rank >= 2)  # Might: "stop inside"
        ]
        if not crowding:
            return None  # stepped over, or clambered into a far larger creature
        packable = packs and all(
            (not o.enemy or self.clambers(o)) and packing.packs(o.rank) and o.rank - self.rank < 2
            for o in crowding
        )
        full = None
        if packable:
            full = packing.room_refusal([self.rank, *(o.rank for o in living)], self.cap)
            if full is None:
                return None
        share = self.sharing(pos)
        if share is not None and [o.creature for o in crowding] == [share]:
            return None
        if self.cannot_refuse(crowding):
            return None
        if full is not None:
            return Illegal("epic-path/square-full", f"{list(pos)[:2]}: {full}")
        o = crowding[0]
        return Illegal(
            "epic-path/cannot-end-in-occupied-space",
            f"a walk ends in an unoccupied space ({o.creature.id} is there)",
            (o.creature.id,),
        )
