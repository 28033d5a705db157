"""The events of a battle in plain words: the one place their wording lives.

The API (`GET .../events?narrate=true`), the viewer's log (which reads that) and the CLI's
`turnledger replay` all narrate through `Narrator`, so the words cannot drift between them.
A narrator follows the log: it learns the creatures' names, the reaction windows and each
action's trace as it reads, and speaks distances in the battle's ruleset's unit.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.catalog import builtin_rulesets
from engine.rulesets.registry import RulesetRegistry
from engine.unseen import UNSEEN
from engine.words import at, counted, number

Data = Mapping[str, Any]

MOVED = {"walk": "moved", "climb": "climbed", "swim": "swam", "fly": "flew", "burrow": "burrowed"}
FORCED = {"push": "pushed", "pull": "pulled", "slide": "slid"}
SILENT = frozenset({"ActionUsed", "Tallied", "IntentAccepted"})
"""Bookkeeping: what it spent shows in the state, and the intent in the action's heading."""


def inches(v: Any) -> str:
    """Inches to one decimal, as a tape measure reads them: 3.49 -> 3.5", 2 -> 2"."""
    rounded = math.floor(float(v) * 10 + 0.5) / 10
    return f'{rounded:g}"'


@dataclass
class Narrator:
    """Words for events, in the order the log holds them (see `narrate`)."""

    ruleset: str = ""
    names: dict[str, str] = field(default_factory=dict)
    reactions: dict[str, str] = field(default_factory=dict)
    """Reaction window id -> the reactor's id."""
    seats: dict[str, str] = field(default_factory=dict)
    """Actor (`seat:<id>`) -> the seat's name, for who undid or redid."""
    trace: list[Data] = field(default_factory=list)
    """The trace of the action being read."""
    rulesets: RulesetRegistry = field(default_factory=builtin_rulesets)
    """Where the battle's ruleset (its unit of distance) is looked up."""

    @classmethod
    def from_state(cls, view: Data, seats: Mapping[str, str] | None = None) -> Narrator:
        """A narrator that starts reading the log after the version `view` (a state) shows."""
        creatures = view.get("creatures") or {}
        return cls(
            ruleset=str(view.get("ruleset") or ""),
            names={cid: str(c.get("name") or cid) for cid, c in creatures.items()},
            reactions={p["id"]: p["reactor"] for p in view.get("pending_reactions") or []},
            seats=dict(seats or {}),
        )

    # -- who and how far ------------------------------------------------------------------

    def name(self, cid: Any) -> str:
        return "?" if cid is None else self.names.get(str(cid), str(cid))

    def actor(self, actor: str | None) -> str:
        """Who acted, as a reader knows them: the director, or the seat's player."""
        if actor is None or actor == "director":
            return "the director"
        return self.seats.get(actor) or "a player"

    def amount(self, n: Any) -> str:
        """A distance in the ruleset's unit: `3 squares`, `15 feet`, `2.5 inches`."""
        rs = self.rulesets.get(self.ruleset)
        one, many, _ = rs.unit if rs is not None else ("square", "squares", 1)
        return f"{number(n)} {one if n == 1 else many}"

    def squares(self, n: int) -> str:
        """A count of squares, in the ruleset's unit (Epic Path: 5 feet a square)."""
        rs = self.rulesets.get(self.ruleset)
        return self.amount(n * (rs.unit[2] if rs is not None else 1))

    # -- reading --------------------------------------------------------------------------

    def observe(self, kind: str, d: Data) -> None:
        """Learn what later events need: names, the ruleset, reaction windows, the trace."""
        if kind == "BattleCreated":
            self.ruleset = str(d.get("ruleset", ""))
            for c in d.get("creatures", []):
                self.names[c["id"]] = c.get("name") or c["id"]
        elif kind == "CreaturePlaced":
            c = d["creature"]
            self.names[c["id"]] = c.get("name") or c["id"]
        elif kind == "OpportunityAttackTriggered":
            self.reactions[d["reaction"]] = d["reactor"]
        elif kind == "IntentAccepted":
            self.trace = list(d.get("trace") or [])

    def narrate(self, kind: str, d: Data, actor: str | None = None) -> str | None:
        """The event in words (None for bookkeeping); call in log order."""
        self.observe(kind, d)
        return self.sentence(kind, d, actor)

    def sentence(self, kind: str, d: Data, actor: str | None = None) -> str | None:
        """The event in words, from what this narrator knows now."""
        if kind in SILENT:
            return None
        words = SENTENCES.get(kind)
        text = words(self, d, actor) if words is not None else kind
        return text[:1].upper() + text[1:]

    def intent_line(self, d: Data, actor: str | None) -> str:
        """An action's heading from its `IntentAccepted`: who asked for what."""
        intent = d.get("intent") or {}
        kind = str(intent.get("type", "?")).replace("_", " ")
        subject = intent.get("creature") or intent.get("source") or ""
        who = self.actor(actor)
        if isinstance(subject, str) and subject:
            return f"{who[:1].upper()}{who[1:]}: {kind} {self.name(subject)}"
        return f"{who[:1].upper()}{who[1:]}: {kind}"

    def difficult_steps(self) -> int:
        return sum(
            1
            for step in self.trace
            if any("difficult" in str(r).lower() for r in step.get("reasons") or [])
        )


def _moved(n: Narrator, d: Data, _: str | None) -> str:
    text = f"{n.name(d['creature'])} {MOVED.get(d.get('mode', ''), 'moved')}"
    text += f" {n.amount(d['cost'])} to {at(d['path'][-1] if d['path'] else None)}"
    difficult = n.difficult_steps()
    return text + (f", {difficult} through difficult terrain" if difficult else "")


def _forced(n: Narrator, d: Data, _: str | None) -> str:
    path = d.get("path") or []
    verb = FORCED.get(d.get("kind", ""), "moved")
    where = at(path[-1]) if path else "nowhere"
    return f"{n.name(d['source'])} {verb} {n.name(d['target'])} {n.squares(len(path))} to {where}"


def _resolved(n: Narrator, d: Data, _: str | None) -> str:
    reactor = n.reactions.get(d["reaction"])
    who = n.name(reactor) if reactor else "the reactor"
    if d.get("decision") == "decline":
        return f"{who} declined the opportunity attack"
    if d.get("damage"):
        return f"{who}'s opportunity attack hit for {d['damage']}"
    return f"{who}'s opportunity attack dealt no damage"


def _moved_inches(n: Narrator, d: Data, _: str | None) -> str:
    kinds = ["move" if leg["kind"] == "normal" else leg["kind"] for leg in d["legs"]]
    legs = kinds[0] if len(kinds) == 1 else f"{len(kinds)} legs: {', '.join(kinds)}"
    climbing = ", still climbing" if d.get("climbing") else ""
    end = at(d["path"][-1] if d["path"] else None)
    return f"{n.name(d['creature'])} moved {inches(d['cost'])} ({legs}) to {end}{climbing}"


def _fell_inches(n: Narrator, d: Data, _: str | None) -> str:
    who = n.name(d["creature"])
    if d.get("chosen_by") == "stays":
        return f"{who} fell but stayed at {at(d['landing'])}"
    chooser = ", the opposing player chose where" if d.get("chosen_by") == "opponent" else ""
    return f"{who} fell {inches(d['height'])} to {at(d['landing'])}{chooser}"


def _overruled(n: Narrator, d: Data, _: str | None) -> str:
    """DESIGN section 7, Rulings: the rule set aside, in the words a table uses."""
    step = f" at step {d['step'] + 1}" if d.get("step") is not None else ""
    who = f" for {n.name(d['creature'])}" if d.get("creature") else ""
    return f"rule {d['rule']} set aside{step}{who}, overruled by the director: {d['reason']}"


def _history(verb: str) -> Callable[[Narrator, Data, str | None], str]:
    def words(n: Narrator, d: Data, actor: str | None) -> str:
        versions = f"{d['first_version']}-{d['last_version']}"
        rewind = f" (rewinding to version {d['rewind_to']})" if d.get("rewind_to") else ""
        return f"{n.actor(actor)} {verb} the action at versions {versions}{rewind}"

    return words


def _cells(d: Data) -> str:
    count = len(d.get("cells") or []) + sum(
        (x1 - x0 + 1) * (y1 - y0 + 1) for x0, y0, x1, y1 in d.get("rects") or []
    )
    return f"{count} square{'' if count == 1 else 's'}"


def _dice(n: Narrator, d: Data, _: str | None) -> str:
    rolls = ", ".join(str(r) for r in d.get("rolls") or [])
    return f"{n.name(d['creature'])} rolled {d['dice']} for {d['purpose']}: {rolls} = {d['total']}"


def _impact(n: Narrator, d: Data, _: str | None) -> str:
    hurt = f"{d['damage']} damage" if d.get("damage") else "no damage"
    return (
        f"{n.name(d['creature'])} rolled {d['roll']} for impact after dropping"
        f" {inches(d['height'])}: {hurt}"
    )


def _surf_ended(n: Narrator, d: Data, _: str | None) -> str:
    who = n.name(d["creature"])
    if d.get("forced"):
        return f"{who} was thrown off the shield ({d.get('reason')}) and knocked prone"
    return f"{who} stopped shield surfing"


def _met_unseen(n: Narrator, d: Data, _: str | None) -> str:
    """A real move ran into a creature its mover could not see (engine/unseen.py): named to
    a reader who sees it, "something unseen" to one who does not."""
    unseen = d.get("unseen")
    what = "something unseen" if unseen in (None, UNSEEN) else f"{n.name(unseen)}, unseen,"
    then = "and stopped" if d.get("rule") else "and went on through its space"
    return f"{n.name(d['creature'])} ran into {what} at {at(d['at'])} {then}"


def _placed(n: Narrator, d: Data, _: str | None) -> str:
    c = d["creature"]
    return f"{c.get('name') or c['id']} was placed at {at(c.get('at'))}"


def _collided(n: Narrator, d: Data, _: str | None) -> str:
    other = d.get("other_creature")
    what = n.name(other) if other else d.get("obstacle") or "something"
    return f"{n.name(d['creature'])} collided with {what}"


def _order_set(n: Narrator, d: Data, _: str | None) -> str:
    if d.get("sides"):
        order = f"the sides take turns: {', '.join(d['sides'])}"
    else:
        order = f"turn order: {', '.join(n.name(c) for c in d.get('creatures') or [])}"
    return order + (f" ({d['reason']})" if d.get("reason") else "")


def _adjusted(n: Narrator, d: Data, _: str | None) -> str:
    """The director's `adjust`: each change with what it was, then the reason."""
    changes = []
    if d.get("hp") is not None:
        changes.append(f"stamina {d['hp']} (was {d.get('hp_before')})")
    changes += [f"now {c}" for c in d.get("conditions_on") or []]
    changes += [f"no longer {c}" for c in d.get("conditions_off") or []]
    before = d.get("stats_before") or {}
    for name, value in (d.get("stats") or {}).items():
        was = f" (was {before[name]})" if name in before else ""
        changes.append(f"{name} {value}{was}")
    for mode, value in (d.get("speeds") or {}).items():
        changes.append(f"{mode} speed {value}")
    if d.get("stability") is not None:
        changes.append(f"stability {d['stability']}")
    return f"the director adjusted {n.name(d['creature'])}: {', '.join(changes)} ({d['reason']})"


SENTENCES: dict[str, Callable[[Narrator, Data, str | None], str]] = {
    "BattleCreated": lambda n, d, _: (
        f"battle created: {d['ruleset']}, {counted(len(d.get('creatures') or []), 'creature')}"
    ),
    "Moved": _moved,
    "Shifted": lambda n, d, _: (
        f"{n.name(d['creature'])} shifted {n.amount(d['cost'])} to"
        f" {at(d['path'][-1] if d['path'] else None)}"
    ),
    "Teleported": lambda n, d, _: (
        f"{n.name(d['creature'])} teleported {n.amount(d['distance'])} to {at(d['to'])}"
    ),
    "ForceMoved": _forced,
    "Collided": _collided,
    "HurledThrough": lambda n, d, _: f"{n.name(d['creature'])} was hurled through {d['material']}",
    "DamageTaken": lambda n, d, _: (
        f"{n.name(d['creature'])} took {d['amount']} damage ({d['cause']})"
    ),
    "Fell": lambda n, d, _: (
        f"{n.name(d['creature'])} fell {n.squares(d['height'])} to {at(d['landing'])}"
    ),
    "KnockedProne": lambda n, d, _: (
        f"{n.name(d['creature'])} dropped prone"
        if d.get("voluntary")
        else f"{n.name(d['creature'])} was knocked prone"
    ),
    "StoodUp": lambda n, d, _: (
        f"{n.name(d['creature'])} stood up"
        + (f" with {n.name(d['by'])}'s help" if d.get("by") else "")
    ),
    "OpportunityAttackTriggered": lambda n, d, _: (
        f"{n.name(d['target'])} provoked an opportunity attack from {n.name(d['reactor'])}"
        f" at {at(d['at'])}"
    ),
    "ReactionResolved": _resolved,
    "TurnStarted": lambda n, d, _: f"round {d['round']}: {n.name(d['creature'])}'s turn began",
    "TurnEnded": lambda n, d, _: f"{n.name(d['creature'])} ended the turn",
    "ActionConverted": lambda n, d, _: (
        f"{n.name(d['creature'])} spent the main action as a {d['into']}"
    ),
    "JumpTested": lambda n, d, _: f"{n.name(d['creature'])} tested a jump ({d['total']})",
    "PowerRolled": lambda n, d, _: (
        f"{n.name(d['creature'])} rolled {d['total']} ({d['test']}, tier {d['tier']})"
    ),
    "CreaturePlaced": _placed,
    "CreatureRemoved": lambda n, d, _: f"{n.name(d['creature'])} was removed",
    "CreatureHidden": lambda n, d, _: (
        f"{n.name(d['creature'])} was hidden"
        + (f" (seen by {', '.join(d['visible_to'])})" if d.get("visible_to") else "")
    ),
    "UnseenCreatureMet": _met_unseen,
    "CreatureRevealed": lambda n, d, _: (
        f"{n.name(d['creature'])} was revealed" + (" with its past" if d.get("history") else "")
    ),
    "TerrainSet": lambda n, d, _: f"terrain set to {d['kind']} on {_cells(d)}",
    "ConditionSet": lambda n, d, _: (
        f"{n.name(d['creature'])} is {'now' if d['on'] else 'no longer'} {d['condition']}"
    ),
    "DiceRolled": _dice,
    "ShieldSurfStarted": lambda n, d, _: (
        f"{n.name(d['creature'])} began shield surfing at {at(d['at'])}"
    ),
    "ShieldWorn": lambda n, d, _: (
        f"{n.name(d['creature'])}'s shield took {d['amount']} wear ({d['left']} left)"
    ),
    "ShieldSurfEnded": _surf_ended,
    "HandsChanged": lambda n, d, _: (
        f"{n.name(d['creature'])} "
        + (f"drew {d['items']}" if d["items"] > 0 else f"stowed {-d['items']}")
        + f" item(s) ({d['held']} in hand)"
    ),
    "MovedInches": _moved_inches,
    "DroppedDown": lambda n, d, _: (
        f"{n.name(d['creature'])} dropped {inches(d['height'])} to {at(d['to'])}"
    ),
    "FellInches": _fell_inches,
    "ImpactRolled": _impact,
    "TakenDown": lambda n, d, _: f"{n.name(d['creature'])} was taken down ({d['cause']})",
    "FighterPlaced": lambda n, d, _: (
        f"{n.name(d['creature'])} was placed at {at(d['fighter']['at'])} on a"
        f" {inches(d['fighter'].get('base', 1))} base"
    ),
    "RuleOverruled": _overruled,
    "OrderSet": _order_set,
    "Adjusted": _adjusted,
    "ActionUndone": _history("undid"),
    "ActionRedone": _history("redid"),
}
"""Each event type's words; `SILENT` types have none."""
