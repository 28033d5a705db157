"""Narrating a page of a battle's log for the API (`GET .../events?narrate=true`).

The words are the engine's (`engine.narration`); this gathers what a page needs to be told
well when it does not start at the battle's beginning: the names and open reaction windows
of the state just before it, the players' seat names, and the trace of an action the page
starts in the middle of.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.narration import Narrator
from events.envelope import Envelope
from server.battle_service import BattleService
from server.redaction import PLACEHOLDER, Reader, Visibility, redact_event, redact_view

Seen = tuple[Reader, Visibility]


def narrator_before(
    battles: BattleService, battle_id: str, after: int, seen: Seen | None = None
) -> Narrator:
    """A narrator that knows the battle as it stood at version `after`, as the reader of
    `seen` may (server/redaction.py: it never learns a creature hidden from that reader)."""
    reader, visibility = seen or (Reader(True), Visibility())
    seats = battles.directory.seat_names(battle_id)
    if after < 1:
        return Narrator(seats=seats)
    view = redact_view(battles.view(battle_id, after), reader, visibility, after)
    narrator = Narrator.from_state(view, seats)
    # names of creatures removed before `after` (a later undo can bring them back)
    for created in battles.events(battle_id, 0, 1):
        kind, data = redact_event(created.type, created.data, created.version, reader, visibility)
        narrator.observe(kind, data)
    return narrator


def narrate_page(
    battles: BattleService,
    battle_id: str,
    after: int,
    page: Sequence[Envelope],
    seen: Seen | None = None,
) -> list[str | None]:
    """Each envelope of `page` (the log after `after`) in words, as `seen`'s reader may read
    it: a placeholder has none."""
    reader, visibility = seen or (Reader(True), Visibility())
    narrator = narrator_before(battles, battle_id, after, seen)

    def shown(env: Envelope) -> tuple[str, dict[str, Any]]:
        return redact_event(env.type, env.data, env.version, reader, visibility)

    if page and page[0].type != "IntentAccepted" and page[0].intent_id:
        opening = battles.store.find_action(battle_id, page[0].intent_id)[:1]
        for env in opening:
            narrator.observe(*shown(env))
    words: list[str | None] = []
    for env in page:
        kind, data = shown(env)
        words.append(None if kind == PLACEHOLDER else _told(narrator, kind, data, env.actor))
    return words


def _told(narrator: Narrator, kind: str, data: dict[str, Any], actor: str | None) -> str | None:
    """An event in words; an action's opening `IntentAccepted`, silent in a running account,
    is told as the action's heading (who asked for what), as `turnledger replay` prints it."""
    words = narrator.narrate(kind, data, actor)
    if kind == "IntentAccepted":
        return narrator.intent_line(data, actor)
    return words


def with_narration(body: dict[str, Any], narrations: list[str | None]) -> dict[str, Any]:
    """An events page with each event's `narration` added."""
    for event, words in zip(body["events"], narrations, strict=True):
        event["narration"] = words
    return body


def narrate_what_if(
    battles: BattleService,
    battle_id: str,
    version: int,
    found: dict[str, Any],
    seen: Seen | None = None,
) -> dict[str, Any]:
    """A what-if answer with each tried event's `narration` (told from `version` on); its
    events are already as `seen`'s reader may read them."""
    narrator = narrator_before(battles, battle_id, version, seen)
    for step in found.get("steps", []):
        narrator.trace = list(step.get("trace") or [])
        for event in step.get("events") or []:
            kind = event["type"]
            event["narration"] = (
                None if kind == PLACEHOLDER else narrator.narrate(kind, event["data"])
            )
    return found
