"""Hidden creatures reach a player as nothing (server/readers/redaction.py): for random Draw Steel
battles with a hidden creature that moves, and every creature acting at random, nothing a
player reads of the log or the state names the hidden creature, except a reaction it takes
against a seen creature (from "an unseen creature"); versions stay contiguous; the director
reads everything; revealing shows it from then on, and its past only with `history`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson
from hypothesis import assume, given, note
from hypothesis import strategies as st

from engine import Accepted, create_battle, decide
from engine.view import battle_view
from projections import BattleState, evolve, fold
from server.readers.redaction import (
    PLACEHOLDER,
    UNSEEN,
    Reader,
    Visibility,
    redact_event,
    redact_view,
)
from tests.unit.battle_map import setup_for
from tests.unit.rulesets.properties import SETTINGS, Profile, intents, maps

P = Profile("draw-steel", 5, ("advance",), extra=("shift",))
LURKER = "lurker7"
PLAYER = Reader(False, frozenset({"A"}), frozenset({"heroes"}))
REASONS = ("the table agreed", "so A goes on")
"""The director's reasons are its own words, shown as written (docs/hidden-creatures.md)."""


@dataclass(frozen=True)
class Env:
    version: int
    type: str
    data: dict[str, Any]
    intent_id: str | None


def logged(events: Any, log: list[Env], intent: dict[str, Any], trace: Any) -> None:
    iid = f"i{len(log)}"
    log.append(Env(len(log) + 1, "IntentAccepted", {"intent": intent, "trace": trace}, iid))
    for e in events:
        data = e.model_dump(mode="json")
        log.append(Env(len(log) + 1, data.pop("type"), data, iid))


def hidden_battle(rows: str, at: list[int]) -> tuple[BattleState, list[Env]] | None:
    setup = setup_for(rows, options={"turns": False, "opportunity_attacks": "always"})
    lurker = {
        "id": LURKER,
        "name": "Lurker",
        "side": "monsters",
        "at": at,
        "hidden": True,
        "speeds": {"walk": 5},
    }
    created = create_battle({**setup, "creatures": [*setup["creatures"], lurker]})
    if not isinstance(created, Accepted):
        return None
    log: list[Env] = []
    logged(created.events, log, {"type": "create_battle"}, [])
    return fold(created.events), log


def player_reads(log: list[Env], state: BattleState, reader: Reader) -> str:
    seen = Visibility.of(log)
    shown = [redact_event(e.type, e.data, e.version, reader, seen) for e in log]
    view = redact_view(battle_view(state), reader, seen)
    return orjson.dumps({"events": shown, "view": view}).decode()


@SETTINGS
@given(data=st.data(), rows=maps(tiles="......~#"), x=st.integers(0, 6), y=st.integers(0, 4))
def test_nothing_a_player_reads_names_a_hidden_creature(
    data: st.DataObject, rows: str, x: int, y: int
) -> None:
    made = hidden_battle(rows, [x, y])
    assume(made is not None)
    assert made is not None
    state, log = made
    note(f"map:\n{rows}\nlurker at {[x, y]}")
    for _ in range(data.draw(st.integers(1, 8))):
        intent = data.draw(intents(P, state))
        if data.draw(st.booleans()) and intent.get("creature") in state.creatures:
            intent = {**intent, "creature": LURKER} if intent["type"] == "move" else intent
        if data.draw(st.booleans()):  # the director rules: a refusal's sentence is logged
            intent = {**intent, "overrule": {"reason": data.draw(st.sampled_from(REASONS))}}
        decision = decide(intent, state)
        note(f"{intent} -> {type(decision).__name__}")
        if isinstance(decision, Accepted):
            logged(decision.events, log, intent, [t.to_json() for t in decision.trace])
            for event in decision.events:
                state = evolve(state, event)
    read = player_reads(log, state, PLAYER)
    assert LURKER not in read.replace(UNSEEN, ""), read
    assert "Lurker" not in read
    shown = orjson.loads(read)["events"]
    assert len(shown) == len(log)  # one answer per version, placeholders included
    for (kind, body), e in zip(shown, log, strict=True):
        assert kind in (e.type, PLACEHOLDER)
        assert kind != PLACEHOLDER or body == {}
    assert LURKER in player_reads(log, state, Reader(True))


def test_a_reveal_shows_the_creature_from_then_on_and_its_past_only_with_history() -> None:
    made = hidden_battle("A....\n.....\n....b", [4, 0])
    assert made is not None
    state, log = made
    moved = {"type": "move", "creature": LURKER, "to": [3, 1]}
    for intent in (moved, {"type": "reveal", "creature": LURKER}):
        decision = decide(intent, state)
        assert isinstance(decision, Accepted), decision
        logged(decision.events, log, intent, [])
        state = fold(decision.events, state)
    seen = Visibility.of(log)
    kinds = [redact_event(e.type, e.data, e.version, PLAYER, seen)[0] for e in log]
    assert PLACEHOLDER in kinds and kinds[-1] == "CreatureRevealed"
    assert LURKER in redact_view(battle_view(state), PLAYER, seen)["creatures"]
    decision = decide({"type": "reveal", "creature": LURKER, "history": True}, state)
    assert isinstance(decision, Accepted)
    logged(decision.events, log, {"type": "reveal", "creature": LURKER, "history": True}, [])
    seen = Visibility.of(log)
    kinds = [redact_event(e.type, e.data, e.version, PLAYER, seen)[0] for e in log]
    assert PLACEHOLDER not in kinds


def test_a_side_it_is_visible_to_sees_it() -> None:
    made = hidden_battle("A....\n.....\n....b", [4, 0])
    assert made is not None
    state, log = made
    decision = decide({"type": "hide", "creature": LURKER, "visible_to": ["heroes"]}, state)
    assert isinstance(decision, Accepted)
    logged(decision.events, log, {"type": "hide", "creature": LURKER}, [])
    seen = Visibility.of(log)
    assert LURKER in redact_view(battle_view(state), PLAYER, seen)["creatures"]
    other = Reader(False, frozenset({"b"}), frozenset({"villains"}))
    assert LURKER not in redact_view(battle_view(state), other, seen)["creatures"]


def test_a_ruling_whose_words_speak_of_a_hidden_creature_is_a_placeholder() -> None:
    made = hidden_battle("A....\n.....\n....b", [4, 0])
    assert made is not None
    _, log = made
    seen = Visibility.of(log)
    ruling = {"rule": "map/occupied", "step": 1, "reason": "so ruled", "creature": "A"}
    told = {**ruling, "detail": f"can't end in {LURKER}'s space", "about": [LURKER]}
    other = {**ruling, "detail": "can't end in b's space", "about": ["b"]}
    version = len(log) + 1
    assert redact_event("RuleOverruled", told, version, PLAYER, seen) == (PLACEHOLDER, {})
    assert redact_event("RuleOverruled", other, version, PLAYER, seen)[0] == "RuleOverruled"
    assert redact_event("RuleOverruled", told, version, Reader(True), seen)[1] == told
    intent = {"intent": {"type": "force_move", "source": "A", "target": [LURKER], "kind": "push"}}
    assert redact_event("IntentAccepted", intent, version, PLAYER, seen)[0] == PLACEHOLDER


def test_the_engine_marks_a_ruling_on_a_hidden_creatures_space_as_about_it() -> None:
    made = hidden_battle("A....\n.....\n....b", [1, 0])
    assert made is not None
    state, _ = made
    ruled = {"type": "move", "creature": "A", "path": [[1, 0]], "overrule": {"reason": "ok"}}
    decision = decide(ruled, state)
    assert isinstance(decision, Accepted), decision
    overruled = [e for e in decision.events if e.type == "RuleOverruled"]
    assert overruled and overruled[0].model_dump()["about"] == [LURKER]


def hidden_called(cid: str) -> tuple[list[Env], Visibility]:
    log = [
        Env(1, "CreatureHidden", {"creature": cid, "visible_to": []}, "i0"),
        Env(2, "IntentAccepted", {"intent": {"type": "move", "creature": "A"}}, "i1"),
    ]
    return log, Visibility.of(log)


def test_a_hidden_creature_called_like_a_word_hides_only_where_a_field_names_it() -> None:
    for cid in ("walk", "move", "heroes", "1", "advance"):
        _, seen = hidden_called(cid)
        moved = {
            "creature": "A",
            "path": [[1, 1, 0]],
            "cost": 1,
            "mode": "walk",
            "action": "advance",
            "movement_left": 4,
        }
        assert redact_event("Moved", moved, 3, PLAYER, seen) == ("Moved", moved)
        trace = [
            {"kind": "step", "at": [1, 1, 0], "cost": 1, "reasons": [f"{cid} 1 walk"]},
            {"kind": "trigger", "at": [1, 1, 0], "reasons": ["x"], "about": [cid]},
        ]
        opened = {"intent": {"type": "move", "creature": "A", "mode": "walk"}, "trace": trace}
        kind, data = redact_event("IntentAccepted", opened, 3, PLAYER, seen)
        assert kind == "IntentAccepted" and data["trace"] == trace[:1]
        assert data["intent"] == opened["intent"]
        theirs = {**moved, "creature": cid}
        assert redact_event("Moved", theirs, 3, PLAYER, seen) == (PLACEHOLDER, {})


def test_a_move_that_met_an_unseen_creature_tells_its_player_where_not_what() -> None:
    _, seen = hidden_called(LURKER)
    met = {"creature": "A", "at": [2, 0, 0], "unseen": LURKER, "rule": "draw-steel/x"}
    kind, data = redact_event("UnseenCreatureMet", met, 3, PLAYER, seen)
    assert kind == "UnseenCreatureMet" and data == {**met, "unseen": UNSEEN}
    assert redact_event("UnseenCreatureMet", met, 3, Reader(True), seen)[1] == met


def test_the_creatures_an_actor_could_not_see_are_left_out_for_a_reader_who_cannot_either() -> None:
    _, seen = hidden_called(LURKER)
    opened = {"intent": {"type": "move", "creature": "A"}, "unseen": [LURKER]}
    assert redact_event("IntentAccepted", opened, 3, PLAYER, seen) == (
        "IntentAccepted",
        {"intent": {"type": "move", "creature": "A"}},
    )
    assert redact_event("IntentAccepted", opened, 3, Reader(True), seen)[1] == opened
