"""For random battles and random questions, a player's answers do not depend on where a
creature hidden from it stands (DESIGN section 3, what a reader knows).

Two battles differ only in the hidden creature's square (and its id is drawn among common
words). The player's questions are asked as the server asks them (engine/unseen.py's
`known_state`; server/readers/redaction.py for what it reads): dry runs of random intents, reach,
options, and its view of the log and the state. Every answer is the same in both battles.
"""

from __future__ import annotations

from typing import Any

import orjson
from hypothesis import assume, given, note
from hypothesis import strategies as st

from engine import Accepted, create_battle, decide
from engine.unseen import known_state
from engine.view import battle_view
from projections import BattleState, fold
from server.queries.options import options_answer
from server.queries.reach import reach_answer
from server.readers.redaction import Reader, Visibility, redact_event, redact_view, shown_trace
from server.readers.tokens import Principal
from server.state.loader import Loaded
from tests.unit.battle_map import setup_for
from tests.unit.rulesets.epic_path.test_properties import P as EPIC
from tests.unit.rulesets.properties import SETTINGS, Profile, intents, maps

DRAW_STEEL = Profile("draw-steel", 5, ("advance",), extra=("shift", "teleport"))
IDS = ("lurker7", "walk", "move", "heroes", "1", "A1")
PLAYER = Principal("b", "player", "s", frozenset({"A"}))
READER = Reader(False, frozenset({"A"}), frozenset({"heroes"}))


def hidden_at(p: Profile, rows: str, cid: str, at: tuple[int, int]) -> tuple[BattleState, Any]:
    setup = setup_for(rows, options={"turns": False, "opportunity_attacks": "ask"})
    creatures = [{**c, "speeds": {"walk": p.walk, **p.speeds}} for c in setup["creatures"]]
    hidden = {"id": cid, "name": "Lurker", "side": "monsters", "at": list(at), "hidden": True}
    body = {
        **setup,
        "ruleset": p.ruleset,
        "creatures": [*creatures, {**hidden, "speeds": {"walk": p.walk}}],
    }
    created = create_battle(body)
    assert isinstance(created, Accepted), created
    return fold(created.events), created.events


def answers(p: Profile, state: BattleState, events: Any, cid: str, asked: list[Any]) -> str:
    """Everything the player reads, asked as the server asks it."""
    known = Loaded("b", 9, known_state(state, {cid}))
    log = [
        type(
            "Env", (), {"version": n + 1, "type": e.type, "data": e.model_dump(), "intent_id": "i"}
        )
        for n, e in enumerate(events)
    ]
    seen = Visibility.of(log)
    read: dict[str, Any] = {
        "log": [redact_event(e.type, e.data, e.version, READER, seen) for e in log],
        "view": redact_view(battle_view(state), READER, seen),
        "reach": [reach_answer(known, "A", kind, "walk") for kind in ("move", "shift")],
        "options": options_answer(known, PLAYER, "A"),
        "asked": [],
    }
    for intent in asked:
        decision = decide(intent, known.state)
        if isinstance(decision, Accepted):
            shown = [e.model_dump(mode="json") for e in decision.events]
            trace = shown_trace([s.to_json() for s in decision.trace], {cid})
            read["asked"].append({"events": shown, "trace": trace})
        else:
            read["asked"].append(decision.model_dump())
    return orjson.dumps(read, default=str).decode()


@st.composite
def two_squares(draw: st.DrawFn, rows: str) -> tuple[tuple[int, int], tuple[int, int]]:
    free = [
        (x, y) for y, line in enumerate(rows.splitlines()) for x, ch in enumerate(line) if ch == "."
    ]
    assume(len(free) >= 2)
    found = draw(st.lists(st.sampled_from(free), min_size=2, max_size=2, unique=True))
    return found[0], found[1]


@SETTINGS
@given(
    data=st.data(),
    p=st.sampled_from([DRAW_STEEL, EPIC]),
    rows=maps(tiles="......~#o"),
    cid=st.sampled_from(IDS),
)
def test_a_players_answers_do_not_depend_on_where_a_hidden_creature_stands(
    data: st.DataObject, p: Profile, rows: str, cid: str
) -> None:
    first, second = data.draw(two_squares(rows))
    note(f"{p.ruleset}\n{rows}\n{cid} at {first} or {second}")
    one, events_one = hidden_at(p, rows, cid, first)
    other, events_other = hidden_at(p, rows, cid, second)
    assert known_state(one, {cid}) == known_state(other, {cid})
    asked = []
    for _ in range(data.draw(st.integers(1, 6))):
        intent = data.draw(intents(p, known_state(one, {cid})))
        if "creature" in intent and intent["type"] != "force_move":
            intent = {**intent, "creature": data.draw(st.sampled_from(["A", "A", cid]))}
        asked.append(intent)
    note(f"asked: {asked}")
    read = answers(p, one, events_one, cid, asked)
    assert read == answers(p, other, events_other, cid, asked)
    unasked = orjson.dumps({k: v for k, v in orjson.loads(read).items() if k != "asked"})
    assert b"Lurker" not in unasked
    assert cid != "lurker7" or b"lurker7" not in unasked  # a common word is itself elsewhere
