"""The movement field of one creature: squares, occupants and terrain, and the step rule.

A search node is a position and a counter the ruleset carries along the path (1-2-1 counts
diagonals; the others keep 0). The one step rule is `step(node, spent, to)`: what entering
`to` from `node` means whatever was spent (`entering`, each ruleset's), then whether what was
spent still allows it (`affords`: Epic Path's allowance per movement type). It answers a
value, `Legal` (cost and reasons) or `Illegal` (the rule); the path judge raises, the reach
and the route search (`moves`) skip. What `entering` answers between squares no creature
stands near depends on the map and the kind of mover alone (`memo_key`), so the field keeps
it for the next decision on the same map (`engine.map_memo`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Sequence
from typing import NamedTuple

from engine.geometry import box, overlaps
from engine.map_memo import kept, per_roster, room
from engine.placement import Occupant
from engine.rulesets.squares.search import Graph, Node, Steps
from engine.sizes import SizeScale
from engine.steps import Illegal, Legal
from events.battle_events import Coord
from projections.state import BattleState, Creature

DROPPED = 1 << 20
"""Set in a node's counter once the path dropped off a ledge: nothing may follow."""
FLAT = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]
SPACE = [(dx, dy, dz) for dz in (-1, 0, 1) for dx, dy in [*FLAT, (0, 0)] if dx or dy or dz]

JUDGED_BYTES, PLAIN_BYTES, NODE_BYTES = 1_200, 300, 150
"""Estimated bytes of a node's kept steps, of their plain form and of its number
(tracemalloc, on the bench map: about 1.5 KB a judged node in all)."""

Judged = tuple[tuple[int, int, str], ...]
"""The legal steps from a node, whatever was spent: the node reached (by number), what it
costs, and what pays for it (`paid_from`)."""


class Square(NamedTuple):
    """What the map holds at a space (anchored at a square, at a height), for a creature of
    one size: read once per decision (`SquareField.square`)."""

    stand: int
    """The height a creature stands at on the squares."""
    ground: bool
    """The space is on the ground (at standing height)."""
    solid: bool
    filled: bool
    """Some square of it is filled at this height (a wall or object, or earth below)."""
    wet: bool
    """In water at this height."""
    fits: tuple[str, ...]
    """The sizes its `narrow` openings are built for."""


class SquareField(Steps):
    """What every step of one creature's movement in one mode needs, built once."""

    prefix = "grid"
    overspend = False
    square_cost = 1
    """What one plain square costs in the ruleset's unit (a ruled step's default cost)."""
    """May a square be entered that costs more than what is left (Reclaim the Wild)?"""
    drop_threshold = 1
    """A ground step down by more than this many squares is a fall (and ends the move)."""
    spends = False
    """Does what a step may cost depend on what was spent before it (`affords`)?"""

    def __init__(self, sizes: SizeScale, state: BattleState, c: Creature, mode: str) -> None:
        self.sizes = sizes
        self.state = state
        self.grid = state.grid
        self.creature = c
        self.mode = mode
        self.side = sizes.side(c.size)
        self.rank = sizes.rank(c.size)
        self.flying = mode in ("fly", "glide")
        self.occupied = per_roster(
            state.creatures,
            ("squares/occupied", sizes, c.id, c.side),
            lambda: _occupied(sizes, state, c),
        )
        self.any_wall = kept(self.grid, "squares/walls", lambda: [any(self.grid.wall)])[0]
        """Does the map have a wall anywhere (no corner can be cut on a map without)?"""
        self._near: set[tuple[int, int]] | None = None
        self._graph: _FieldGraph | None = None
        self._squares: dict[Coord, Square] = {}

    # -- squares ---------------------------------------------------------------------------
    def inside(self, x: int, y: int) -> bool:
        g, s = self.grid, self.side
        return x >= 0 and y >= 0 and x + s <= g.width and y + s <= g.height

    # A search calls these for every candidate step (a 100x100 map: ~150,000 times), and most
    # creatures fill one square: that case skips building and scanning lists.
    def cells(self, x: int, y: int) -> list[int]:
        w = self.grid.width
        if self.side == 1:
            return [y * w + x]
        return [(y + j) * w + x + i for j in range(self.side) for i in range(self.side)]

    def stand_z(self, x: int, y: int) -> int:
        if self.side == 1:
            return self.grid.surface[y * self.grid.width + x]
        return max(self.grid.surface[i] for i in self.cells(x, y))

    def resolve(self, point: list[int] | tuple[int, ...]) -> Coord:
        x, y = point[0], point[1]
        if len(point) >= 3:
            return (x, y, point[2])
        return (x, y, self.stand_z(x, y) if self.inside(x, y) else 0)

    def occupants(self, pos: Coord) -> list[Occupant]:
        if self.side == 1:
            here = self.occupied.get((pos[0], pos[1]))
            if not here:
                return []
        mine = box(pos, self.side)
        seen: dict[str, Occupant] = {}
        for j in range(self.side):
            for i in range(self.side):
                for o in self.occupied.get((pos[0] + i, pos[1] + j), ()):
                    if overlaps(mine, o.box):
                        seen[o.creature.id] = o
        return list(seen.values())

    def any_cell(self, pos: Coord, table: tuple[int, ...] | tuple[bool, ...]) -> bool:
        if self.side == 1:
            return bool(table[pos[1] * self.grid.width + pos[0]])
        return any(table[i] for i in self.cells(pos[0], pos[1]))

    def in_water(self, pos: Coord) -> bool:
        g = self.grid
        if self.side == 1:
            i = pos[1] * g.width + pos[0]
            return bool(g.water[i]) and pos[2] < g.ground[i] + g.water[i]
        return any(g.water[i] and pos[2] < g.ground[i] + g.water[i] for i in self.cells(*pos[:2]))

    def water_depth(self, pos: Coord) -> int:
        return max(self.grid.water[i] for i in self.cells(pos[0], pos[1]))

    def on_ground(self, pos: Coord) -> bool:
        return pos[2] == self.stand_z(pos[0], pos[1])

    def filled(self, pos: Coord) -> bool:
        g = self.grid
        return any(g.ground[i] <= pos[2] < g.surface[i] for i in self.cells(pos[0], pos[1]))

    def square(self, pos: Coord) -> Square:
        """What the map holds at `pos` for this creature's size (read once per decision)."""
        found = self._squares.get(pos)
        if found is None:
            found = self._squares[pos] = self._read(pos)
        return found

    def _read(self, pos: Coord) -> Square:
        g = self.grid
        if self.side == 1:  # most creatures: one square, read without lists
            i = pos[1] * g.width + pos[0]
            z, stand, ground = pos[2], g.surface[i], g.ground[i]
            fits = g.narrow[i]
            return Square(
                stand=stand,
                ground=z == stand,
                solid=bool(g.solid[i]),
                filled=ground <= z < stand,
                wet=bool(g.water[i]) and z < ground + g.water[i],
                fits=() if fits is None else (fits,),
            )
        cells = self.cells(pos[0], pos[1])
        stand = max(g.surface[i] for i in cells)
        z = pos[2]
        return Square(
            stand=stand,
            ground=z == stand,
            solid=any(g.solid[i] for i in cells),
            filled=any(g.ground[i] <= z < g.surface[i] for i in cells),
            wet=any(g.water[i] and z < g.ground[i] + g.water[i] for i in cells),
            fits=tuple(f for i in cells if (f := g.narrow[i]) is not None),
        )

    def altitude_ceiling(self) -> int | None:
        """How many squares above the ground a creature may rise (None: no ceiling)."""
        return None

    def corner_cells(self, frm: Coord, to: Coord) -> list[int]:
        """The two squares beside a diagonal step (for a 1-square creature and bigger)."""
        s = self.side
        fx, fy, _ = frm
        x, y, _ = to
        dx, dy = x - fx, y - fy
        a = (x + s - 1 if dx > 0 else x, fy if dy > 0 else fy + s - 1)
        b = (fx if dx > 0 else fx + s - 1, y + s - 1 if dy > 0 else y)
        return [self.grid.index(*a), self.grid.index(*b)]

    # -- the step rule ---------------------------------------------------------------------
    def start(self, pos: Coord) -> Node:
        return (pos, 0)

    def entering(self, node: Node, to: Coord) -> Legal | Illegal:
        """What stepping from `node` to `to` costs and why, whatever was spent before it."""
        raise NotImplementedError

    def paid_from(self, to: Coord) -> str:
        """What pays for a step into `to` (Epic Path: the movement type's allowance)."""
        return ""

    def affords(self, spent: int, paid_from: str, cost: int) -> Illegal | None:
        """Whether, with `spent` spent, the move may still pay for a step that costs `cost`
        from `paid_from` (only `spends` fields ever refuse)."""
        return None

    def step(self, node: Node, spent: int, to: Coord) -> Legal | Illegal:
        entered = self.entering(node, to)
        if isinstance(entered, Illegal):
            return entered
        refused = self.affords(spent, self.paid_from(to), entered.cost)
        return entered if refused is None else refused

    def least_cost(self, node: Node, goal: Coord) -> int:
        """A lower bound on what any legal path from `node` to `goal` costs, never more than
        the cheapest (the route search's A* bound): 0, no bound, unless a field knows better."""
        return 0

    def targets(self, pos: Coord) -> list[Coord]:
        """Candidate next squares from `pos` (judged by `step`)."""
        x, y, z = pos
        if self.flying:
            return [(x + dx, y + dy, z + dz) for dx, dy, dz in SPACE if self.inside(x + dx, y + dy)]
        if self.side == 1:  # most creatures: the squares around, at their surface, no calls
            g = self.grid
            w, h, surface = g.width, g.height, g.surface
            around = []
            for dx, dy in FLAT:
                nx, ny = x + dx, y + dy
                if 0 <= nx < w and 0 <= ny < h:
                    around.append((nx, ny, surface[ny * w + nx]))
            return around
        out = []
        for dx, dy in FLAT:
            nx, ny = x + dx, y + dy
            if self.inside(nx, ny):
                out.append((nx, ny, self.stand_z(nx, ny)))
        return out

    def next_counter(self, node: Node, to: Coord) -> int:
        return node[1] | self.dropped(node[0], to)

    def dropped(self, frm: Coord, to: Coord) -> int:
        if self.flying or to[2] >= frm[2] - self.drop_threshold:
            return 0
        return DROPPED

    def ground_step(self, node: Node, to: Coord) -> Illegal | None:
        """The checks every ground step shares: adjacent, inside, not after a drop, not into
        a filled square, not up a ledge."""
        frm = node[0]
        dx, dy = to[0] - frm[0], to[1] - frm[1]
        if node[1] & DROPPED:
            return Illegal(f"{self.prefix}/fall-ends-move", "a drop off a ledge ends the move")
        if not self.inside(to[0], to[1]):
            return Illegal("map/off-map", f"{list(to)} is off the map")
        if self.flying:
            apart = max(abs(dx), abs(dy), abs(to[2] - frm[2])) != 1  # up and down count too
        else:
            g = self.grid
            stand = g.surface[to[1] * g.width + to[0]] if self.side == 1 else self.stand_z(*to[:2])
            apart = max(abs(dx), abs(dy)) != 1 or to[2] != stand
        if apart:
            return Illegal(
                "path/not-contiguous", f"{list(to)} is not a ground square next to {list(frm)}"
            )
        if to[2] - frm[2] > 1 and not self.flying:
            if self.any_cell(to, self.grid.solid):
                return Illegal(f"{self.prefix}/blocked", f"a wall or object fills {list(to)[:2]}")
            return Illegal(
                f"{self.prefix}/ledge", f"a ledge of {to[2] - frm[2]} squares: climb or fly"
            )
        return None

    # -- what the searches read ------------------------------------------------------------
    def memo_key(self) -> Hashable | None:
        """Everything `entering` reads besides the map, the node and the creatures near the
        squares (None: this field's steps are its own, kept for no other decision)."""
        return None

    def forget(self) -> None:
        """What `memo_key` reads has changed (an `avoid` search, a Charge's target)."""
        self._graph = None

    def graph(self) -> Graph:
        """The graph of this field's steps: kept per map and kind of mover (`memo_key`) for
        the steps between squares no creature stands near, judged afresh near creatures."""
        if self._graph is None:
            key = self.memo_key()
            kept_steps = (
                _KeptSteps() if key is None else kept(self.grid, key, _KeptSteps, _KeptSteps.weight)
            )
            self._graph = _FieldGraph(self, kept_steps)
        return self._graph

    def judged(self, node: Node, number: Callable[[Node], int]) -> Judged:
        """Every step `entering` allows from `node`, whatever was spent: the node reached
        (by `number`), what it costs and what pays for it."""
        out: list[tuple[int, int, str]] = []
        entering, next_counter = self.entering, self.next_counter
        paid_from = self.paid_from if self.spends else None  # only a spending field reads it
        for to in self.targets(node[0]):
            entered = entering(node, to)
            if type(entered) is Legal:
                nxt = number((to, next_counter(node, to)))
                out.append((nxt, entered.cost, "" if paid_from is None else paid_from(to)))
        return tuple(out)

    def alone(self, pos: Coord) -> bool:
        """No other creature's space is a step away: the steps depend on the map alone."""
        if self._near is None:
            near: set[tuple[int, int]] = set()
            s = self.side
            for cx, cy in self.occupied:
                near.update((x, y) for y in range(cy - s, cy + 2) for x in range(cx - s, cx + 2))
            self._near = near
        return (pos[0], pos[1]) not in self._near

    # -- ending ----------------------------------------------------------------------------
    def stop_refusal(self, pos: Coord) -> Illegal | None:
        """Why a move may not end at `pos` (None: it may)."""
        for o in self.occupants(pos):
            if abs(o.rank - self.rank) < 2 or o.rank > self.rank:
                return Illegal(
                    f"{self.prefix}/cannot-end-in-occupied-space",
                    f"can't end in {o.creature.id}'s space",
                    (o.creature.id,),
                )
        return None

    def forced_over(self, o: Occupant) -> bool:
        """Whether forced movement carries the creature over `o` rather than stopping before
        it (Epic Path's Stepover); no, unless a ruleset's text says so."""
        return False

    def forced_blocked(self, pos: Coord) -> str | None:
        """What at `pos` stops forced movement before it besides walls, higher ground and
        creatures (an opening too small for the creature, by the ruleset's text), or None."""
        return None

    def can_stop(self, pos: Coord) -> bool:
        return self.stop_refusal(pos) is None


class _KeptSteps:
    """What a field learns of a map for one kind of mover: its nodes numbered, and the steps
    from each node (each as `SquareField.judged` answers it, and as the cost of each when
    nothing limits what was spent): for good where no creature stands near, and for as long
    as the creatures stand where they stood (a state's creatures mapping, which is never
    changed in place) where one does. Shared by the decisions of every thread: numbering a
    node takes the lock, and each decision keeps the near steps of its own creatures."""

    def __init__(self) -> None:
        self.ids: dict[Node, int] = {}
        self.nodes: list[Node] = []
        self.judged: dict[int, Judged] = {}
        self.plain: dict[int, tuple[tuple[int, int], ...]] = {}
        self.lock = threading.Lock()
        self._near: tuple[object, dict[int, Judged], dict[int, tuple[tuple[int, int], ...]]] = (
            None,
            {},
            {},
        )

    def weight(self) -> int:
        """Estimated bytes (measured: about 1.5 KB a judged node with its plain steps)."""
        near_judged, near_plain = self._near[1], self._near[2]
        judged = len(self.judged) + len(near_judged)
        plain = len(self.plain) + len(near_plain)
        return JUDGED_BYTES * judged + PLAIN_BYTES * plain + NODE_BYTES * len(self.nodes)

    def near(
        self, roster: object
    ) -> tuple[dict[int, Judged], dict[int, tuple[tuple[int, int], ...]]]:
        """The steps near other creatures judged among the creatures of `roster`."""
        kept = self._near
        if kept[0] is not roster:
            kept = self._near = (roster, {}, {})
        return kept[1], kept[2]


class _FieldGraph(Graph):
    """One decision's view of a field's graph: the kept steps, judged by this field where
    none is kept, and what this move may still pay (`affords`)."""

    def __init__(self, field: SquareField, kept_steps: _KeptSteps) -> None:
        super().__init__(None, kept_steps.ids, kept_steps.nodes, kept_steps.lock)
        self._field = field
        self._kept = kept_steps
        self._near_judged, self._near_plain = kept_steps.near(field.state.creatures)
        self._room = room(JUDGED_BYTES)

    def moves(self, n: int, spent: int) -> Sequence[tuple[int, int]]:
        field = self._field
        alone = field.alone(self.nodes[n][0])
        if not field.spends:
            kept_plain = self._kept.plain if alone else self._near_plain
            plain = kept_plain.get(n)
            if plain is None:
                judged = self._judged(n, alone)
                plain = tuple((nxt, cost) for nxt, cost, _ in judged)
                if len(kept_plain) < self._room:
                    kept_plain[n] = plain
            return plain
        affords = field.affords
        return [
            (nxt, cost)
            for nxt, cost, paid in self._judged(n, alone)
            if not affords(spent, paid, cost)
        ]

    def _judged(self, n: int, alone: bool) -> Judged:
        """The steps from node `n`: kept for good where no creature stands near (`alone`),
        else kept while the creatures stand where they stand."""
        kept_judged = self._kept.judged if alone else self._near_judged
        found = kept_judged.get(n)
        if found is None:
            found = self._field.judged(self.nodes[n], self.number)
            if len(kept_judged) < self._room:
                kept_judged[n] = found
        return found


def _occupied(
    sizes: SizeScale, state: BattleState, c: Creature
) -> dict[tuple[int, int], list[Occupant]]:
    """Every creature but `c`, as `c` sees it (its space, its rank, whether a living enemy),
    by the squares its space covers."""
    occupied: dict[tuple[int, int], list[Occupant]] = {}
    known: dict[str, tuple[int, int]] = {}
    for o in state.creatures.values():
        if o.id == c.id:
            continue
        measure = known.get(o.size)
        if measure is None:
            measure = known[o.size] = (sizes.side(o.size), sizes.rank(o.size))
        oside, rank = measure
        enemy = o.side != c.side and o.hp > 0
        entry = Occupant(o, box(o.pos, oside), rank, enemy)
        for j in range(oside):
            for i in range(oside):
                occupied.setdefault((o.pos[0] + i, o.pos[1] + j), []).append(entry)
    return occupied
