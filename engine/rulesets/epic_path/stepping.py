"""The 5-foot step and its ways (Types of Movement: 5-Foot Step; DIGEST 3.2).

One square, never provoking, not with a speed of 5 ft or less nor while prone; the Shift
intent's `action` says which way the creature is entitled to it: `five_foot_step` (no other
movement this round), `action_point` (spends one of `stats.action_points`) or `full_attack`
(trades one of `stats.base_attacks`). Where the step may go is the field's (`EpicField`).
"""

from __future__ import annotations

from engine import intents as it
from engine.action import Action
from engine.results import Refusal
from engine.rulesets.epic_path import economy
from engine.rulesets.epic_path.sizes import SQUARE
from engine.rulesets.squares.hooks import SquareRules
from engine.rulesets.squares.judge import judge_path
from engine.rulesets.squares.run import Run
from engine.ruling import deny
from events.battle_events import ActionUsed, StoodUp, Tallied
from projections.state import BattleState, Creature

STEPS = ("five_foot_step", "action_point", "full_attack", "feature")
FEATURE = "feature_steps"
ACTION_POINTS = "battle:action_points"


def shift(rs: SquareRules, intent: it.Shift, state: BattleState, action: Action) -> None:
    """The 5-foot step: no other movement this round, not into difficult terrain (unless
    it can `hover`) nor a concealed square (unless `stats.darkvision`), not with a speed
    of 5 ft or less; it never provokes. A quelled creature stands with it.

    The Shift intent's `action` says which eligibility it uses (5-Foot Step):
    `five_foot_step` (the default; `disengage`, the shared default, reads as it) needs no
    other movement this round; `action_point` spends an action point (`stats.action_points`
    for the battle, counted by the `battle:action_points` tally) for a move action taken
    as a 5-foot step "even if they have previously moved this round, or have already
    taken a 5-foot step"; `full_attack` trades an attack of a Full Attack Action for the
    step, at most `stats.base_attacks` a round: the first declares the full attack (the
    main and the move action, as the double move, also a Full Attack Action, costs);
    these steps "do not count as movement"; `feature` is a step a feat, class feature or racial
    trait grants (`stats.feature_steps` a round: "some classes (e.g. Prowler) and races (e.g.
    Bru-Kin) have special abilities that allow them to make more than one 5-foot step in a
    single round, or in rounds in which they have already moved"), even after moving or
    running (Run: "except with an action point, or a class feature like the prowler's
    'Shifty'"); what the feature itself costs ("may cost a swift or move action") is its own
    rule, which "take[s] precedence", outside this text."""
    c = rs.creature(state, intent.creature)
    rs.require_turn(state, c)
    kind = "five_foot_step" if intent.action in ("disengage", "five_foot_step") else intent.action
    if kind not in STEPS:
        raise Refusal("epic-path/unknown-step", f"no {kind!r} 5-foot step ({', '.join(STEPS)})")
    if economy.speed(c, "walk") <= SQUARE:
        deny("epic-path/too-slow-to-step", "a speed of 5 ft or less allows no 5-foot step")
    if c.has("prone"):
        deny("epic-path/prone-crawls", "a prone creature can't take a 5-foot step")
    if state.turns:
        check_eligible(c, kind, action)
    if c.has("quelled"):
        action.emit(StoodUp(creature=c.id, action="free"))
    f = rs.field(state, c, "walk", shifting=True)
    path = rs.path_for(f, c, intent, SQUARE)
    run = Run(c.id, path, "walk", "five_foot_step", SQUARE, False)
    judged = judge_path(f, c.pos, path, SQUARE)
    if state.turns and kind != "full_attack":
        # kept before the step is logged, so the state at its `Moved` shows what is left
        action.emit(Tallied(creature=c.id, name="stepped"))
    rs.go(action, f, c, path, run, judged)


def check_eligible(c: Creature, kind: str, action: Action) -> None:
    """Refuse a step `c` isn't entitled to this round in the way `kind`; record what the
    way spends (an action point, a traded attack, the full attack's actions)."""
    if kind == "five_foot_step":
        if c.tally("moved") or c.tally("stepped"):
            deny(
                "epic-path/five-foot-step-after-moving",
                "a 5-foot step needs no other movement this round",
            )
    elif kind == "feature":
        granted = c.stat("feature_steps")
        if c.tally(FEATURE) >= granted:
            raise Refusal(
                "epic-path/no-feature-steps",
                f"{c.id}'s features grant {granted} extra 5-foot step(s) a round, all taken",
            )
        action.emit(Tallied(creature=c.id, name=FEATURE))
    elif kind == "action_point":
        if c.tally(ACTION_POINTS) >= c.stat("action_points"):
            raise Refusal("epic-path/no-action-points", f"{c.id} has no action point left")
        action.emit(Tallied(creature=c.id, name=ACTION_POINTS))
    else:
        base = c.stat("base_attacks")
        if base <= 0:
            raise Refusal("epic-path/no-attacks-to-trade", f"{c.id} has no base attacks to trade")
        if not c.tally("full_attack"):
            for kind_, left in (("main", c.main_actions), ("move", c.move_actions)):
                if left <= 0:
                    raise Refusal(
                        f"turn/no-{kind_}-action", f"a full attack needs the {kind_} action"
                    )
            action.emit(ActionUsed(creature=c.id, action="main"))
            action.emit(ActionUsed(creature=c.id, action="move"))
            action.emit(Tallied(creature=c.id, name="full_attack"))
        elif c.tally("traded") >= base:
            raise Refusal(
                "epic-path/no-attacks-to-trade",
                f"{c.id} traded all {base} of its base attacks this round",
            )
        action.emit(Tallied(creature=c.id, name="traded"))
