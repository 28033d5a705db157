"""Every intent type and what it needs, in one place.

An intent type is its model (engine/intents.py), the events it exists to append (each with a
reducer in projections/evolve.py, or recorded only, and words in engine/narration.py), the
rulesets that judge it, who may send it (server/readers/authorisation.py reads `sent_by`),
and whether `GET .../options` offers it (engine/options.py). `check_intent_kinds` holds the
table against all of them; the composition root runs it at start-up (server/wiring.py), so
a new intent type with a piece missing stops the server instead of failing one request, and
tests/unit/server/test_intent_kinds.py runs it too, with the OpenAPI examples beside it."""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass
from typing import Literal, get_args

from pydantic import BaseModel

from engine import builtin_rulesets
from engine import intents as i
from engine.narration import SENTENCES, SILENT
from engine.options import OFFERED
from events.history_events import CONTROL_TYPES
from events.vocabulary import registry


@dataclass(frozen=True)
class IntentKind:
    model: type[BaseModel]
    events: tuple[str, ...]
    """The events the intent exists to append (its consequences are `CONSEQUENCES`)."""
    sent_by: Literal["director", "seat"]
    """`seat`: the director, or a player for its own creatures; `director`: the director."""
    offered: bool = False
    """Whether `GET .../creatures/{id}/options` offers it (engine/options.py)."""


INTENT_KINDS: dict[str, IntentKind] = {
    "move": IntentKind(i.Move, ("Moved", "MovedInches"), "seat", offered=True),
    "shift": IntentKind(i.Shift, ("Shifted",), "seat", offered=True),
    "teleport": IntentKind(i.Teleport, ("Teleported",), "seat", offered=True),
    "force_move": IntentKind(i.ForceMove, ("ForceMoved", "HurledThrough"), "seat"),
    "fall_prone": IntentKind(i.FallProne, ("KnockedProne",), "seat", offered=True),
    "stand_up": IntentKind(i.StandUp, ("StoodUp",), "seat", offered=True),
    "knock_off": IntentKind(i.KnockOff, ("Fell",), "seat"),
    "lose_grip": IntentKind(i.LoseGrip, ("Fell",), "seat"),
    "draw": IntentKind(i.Draw, ("HandsChanged",), "seat"),
    "stow": IntentKind(i.Stow, ("HandsChanged",), "seat"),
    "falling_test": IntentKind(i.FallingTest, ("FellInches",), "seat"),
    "shield_surf": IntentKind(
        i.ShieldSurf, ("ShieldSurfStarted", "ShieldSurfEnded"), "seat", offered=True
    ),
    "start_turn": IntentKind(i.StartTurn, ("TurnStarted",), "seat", offered=True),
    "end_turn": IntentKind(i.EndTurn, ("TurnEnded",), "seat", offered=True),
    "resolve_reaction": IntentKind(i.ResolveReaction, ("ReactionResolved",), "seat", offered=True),
    "set_order": IntentKind(i.SetOrder, ("OrderSet",), "director"),
    "adjust": IntentKind(i.Adjust, ("Adjusted",), "director"),
    "place": IntentKind(i.Place, ("CreaturePlaced",), "director"),
    "remove": IntentKind(i.Remove, ("CreatureRemoved",), "director"),
    "set_terrain": IntentKind(i.SetTerrain, ("TerrainSet",), "director"),
    "set_condition": IntentKind(i.SetCondition, ("ConditionSet",), "director"),
    "hide": IntentKind(i.Hide, ("CreatureHidden",), "director"),
    "reveal": IntentKind(i.Reveal, ("CreatureRevealed",), "director"),
}

CONSEQUENCES = frozenset(
    {
        "ActionConverted", "ActionUsed", "Tallied", "RuleOverruled", "DiceRolled",
        "PowerRolled", "ImpactRolled", "JumpTested", "OpportunityAttackTriggered",
        "ReactionResolved", "Collided", "DamageTaken", "Fell", "FellInches", "DroppedDown",
        "KnockedProne", "StoodUp", "ConditionSet", "ShieldSurfEnded", "ShieldWorn",
        "TakenDown", "TurnEnded", "Moved", "UnseenCreatureMet",
    }
)  # fmt: skip
"""Events the rules may append after an intent's own: rolls, reactions, falls, damage, a
mover meeting a creature it could not see, a ruling that set a rule aside."""

OPENING = frozenset({"BattleCreated", "FighterPlaced"})
"""Events a battle's creation appends (engine/creation.py), not an intent."""

WRITE_PATH = CONTROL_TYPES
"""Events the write path appends itself: each action's opening, undo's and redo's markers."""

RECORDED_ONLY = frozenset(
    {"Collided", "CreatureHidden", "CreatureRevealed", "RuleOverruled", "UnseenCreatureMet"}
)
"""Events the state does not fold: who sees what is read from the log by the readers
(server/readers/redaction.py), and a ruling or a collision is what the record says."""

DIRECTOR_ONLY = frozenset(t for t, kind in INTENT_KINDS.items() if kind.sent_by == "director")


def check_intent_kinds() -> list[str]:
    """What the table and the code disagree on (empty: nothing)."""
    problems: list[str] = []
    union = {_type_of(model) for model in get_args(get_args(i.Intent)[0])}
    for missing in sorted(union - INTENT_KINDS.keys()):
        problems.append(f"intent {missing!r} has no entry in INTENT_KINDS")
    for stale in sorted(INTENT_KINDS.keys() - union):
        problems.append(f"INTENT_KINDS lists {stale!r}, which no intent model is")
    reducers = _reducers()
    known = builtin_rulesets()
    judged = {t for rid in known.ids() for t in _handled(known.get(rid))}
    for name, kind in INTENT_KINDS.items():
        if _type_of(kind.model) != name:
            problems.append(f"{name!r} names the model of {_type_of(kind.model)!r}")
        if name not in judged:
            problems.append(f"no ruleset judges {name!r}")
        if kind.offered != (name in OFFERED):
            problems.append(f"{name!r}: offered={kind.offered}, engine/options.py disagrees")
    claimed = {e for kind in INTENT_KINDS.values() for e in kind.events}
    for event in sorted(claimed | CONSEQUENCES | OPENING):
        if event not in registry.types:
            problems.append(f"event {event!r} is not in the vocabulary")
        elif event not in reducers and event not in RECORDED_ONLY:
            problems.append(f"event {event!r} has no reducer and is not recorded-only")
        if event not in SENTENCES and event not in SILENT:
            problems.append(f"event {event!r} has no words in engine/narration.py")
    for event in sorted(set(registry.types) - claimed - CONSEQUENCES - OPENING - WRITE_PATH):
        problems.append(f"event {event!r} is appended by no intent, consequence or creation")
    return problems


def _type_of(model: type[BaseModel]) -> str:
    return str(model.model_fields["type"].default)


def _reducers() -> frozenset[str]:
    importlib.import_module("projections.evolve")  # the package exports its function
    return frozenset(sys.modules["projections.evolve"]._HANDLERS)


def _handled(ruleset: object) -> set[str]:
    handlers = getattr(ruleset, "handlers", None)
    return set(handlers()) if callable(handlers) else set()
