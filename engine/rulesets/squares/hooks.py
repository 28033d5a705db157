"""What the shared square code (walking a path, forced movement) asks of the ruleset it
serves: the hooks of `engine.rulesets.squares.ruleset.SquaresRuleset`, as a protocol, so the
shared code names what it needs and never imports the ruleset."""

from __future__ import annotations

from typing import Any, Protocol

from engine import intents as it
from engine.action import Action
from engine.rulesets.squares.field import SquareField
from engine.rulesets.squares.judge import Judged
from engine.rulesets.squares.run import Run
from engine.sizes import SizeScale
from events.battle_events import Coord, ResumeMove
from projections.state import BattleState, Creature


class SquareRules(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def sizes(self) -> SizeScale: ...

    def size_side(self, size: str) -> int: ...

    def creature(self, state: BattleState, cid: str) -> Creature: ...

    def require_turn(self, state: BattleState, c: Creature) -> None: ...

    def field(self, state: BattleState, c: Creature, mode: str, shifting: bool = False) -> Any: ...

    def reach_budget(self, state: BattleState, c: Creature, kind: str, mode: str) -> int: ...

    def reach(self, state: BattleState, c: Creature, kind: str, mode: str) -> dict[Coord, int]: ...

    def action_name(self, intent: it.Move) -> str: ...

    def path_for(
        self, f: SquareField, c: Creature, intent: it.Move | it.Shift, budget: int
    ) -> list[Coord]: ...

    def go(
        self,
        action: Action,
        f: SquareField,
        c: Creature,
        path: list[Coord],
        run: Run,
        judged: Judged | None = None,
    ) -> Judged: ...

    def triggers(
        self, action: Action, mover: Creature, frm: Coord, to: Coord, run: Run
    ) -> list[Creature]: ...

    def entered(self, action: Action, cid: str, squares: list[Coord], how: str) -> None: ...

    def walk_ended(self, action: Action, run: Run) -> None: ...

    def reaction_answers(self, state: BattleState) -> str: ...

    def strike(self, action: Action, reactor: str, target: str, reaction: str) -> None: ...

    def decline(self, action: Action, reaction: str) -> None: ...

    def continue_move(self, action: Action, resume: ResumeMove) -> None: ...

    def fall_damage(
        self, action: Action, c: Creature, squares: int, landing: Coord, deliberate: bool
    ) -> tuple[int, bool]: ...

    def forced_squares(self, action: Action, target: Creature, distance: int) -> int: ...

    def forced_axis(
        self, action: Action, intent: it.ForceMove, source: Creature, target: Creature
    ) -> str: ...

    def check_prone_drop(self, target: Creature) -> None: ...

    def pull_step_allowed(self, here: int, there: int) -> bool: ...

    def collide(self, action: Action, cid: str, at: Coord, remaining: int, what: str) -> None: ...
