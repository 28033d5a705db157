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
from server.readers.redaction import PLACEHOLDER
from server.readers.view import ReaderView, director_view


def narrator_before(
    battles: BattleService, battle_id: str, after: int, seen: ReaderView | None = None
) -> Narrator:
    """A narrator that knows the battle as it stood at version `after`, as the reader of
    `seen` may (server/readers/view.py: it never learns a creature hidden from that reader)."""
    view = seen or director_view()
    seats = battles.directory.seat_names(battle_id)
    if after < 1:
        return Narrator(seats=seats)
    narrator = Narrator.from_state(view.state(battles.view(battle_id, after), after), seats)
    # names of creatures removed before `after` (a later undo can bring them back)
    for created in battles.events(battle_id, 0, 1):
        narrator.observe(*view.event(created.type, created.data, created.version))
    return narrator


def narrate_page(
    battles: BattleService,
    battle_id: str,
    after: int,
    page: Sequence[Envelope],
    seen: ReaderView | None = None,
) -> list[str | None]:
    """Each envelope of `page` (the log after `after`) in words, as `seen`'s reader may read
    it: a placeholder has none. Each is told as the whole log tells it (the names, reaction
    windows and trace of the events before it), so a filtered page (by creature, type,
    round or turn), which skips events, says the same words as the whole log."""
    view = seen or director_view()

    def shown(env: Envelope) -> tuple[str, dict[str, Any]]:
        kind, data = view.event(env.type, env.data, env.version)
        return kind, data

    words: list[str | None] = []
    narrator: Narrator | None = None
    read_to = after
    for env in page:
        if narrator is None or env.version - read_to > CATCH_UP:
            narrator = _narrator_at(battles, battle_id, env, seen, shown)
        elif env.version > read_to + 1:  # a filter skipped some: read them as the log has them
            for skipped in battles.events(battle_id, read_to, env.version - read_to - 1):
                narrator.observe(*shown(skipped))
        read_to = env.version
        kind, data = shown(env)
        words.append(None if kind == PLACEHOLDER else _told(narrator, kind, data, env.actor))
    return words


CATCH_UP = 500
"""A filtered page reads the events its filter skipped up to this many at a time; past it,
the narrator is built again from the state before the next event's action."""


def _narrator_at(
    battles: BattleService,
    battle_id: str,
    env: Envelope,
    seen: ReaderView | None,
    shown: Any,
) -> Narrator:
    """The narrator the whole log has just before `env`: from the state before its action,
    with the action's earlier events read."""
    action = battles.store.find_action(battle_id, env.intent_id) if env.intent_id else []
    start = min([env.version, *(e.version for e in action)])
    narrator = narrator_before(battles, battle_id, start - 1, seen)
    for prior in action:
        if prior.version < env.version:
            narrator.observe(*shown(prior))
    return narrator


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
    seen: ReaderView | None = None,
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
