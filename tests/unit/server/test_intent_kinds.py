"""The intent-kinds table (server/commands/intent_kinds.py) against the code it names: a new
intent type missing a piece fails here, and the server refuses to start without it."""

from __future__ import annotations

import pytest

import engine.narration
from engine import Context, create_battle, decide
from engine.intents import parse_intent
from engine.results import Refused
from projections import fold
from server.api.answers.examples import CREATE, INTENTS, Example
from server.commands import intent_kinds as kinds
from server.readers.authorisation import authorise
from server.readers.tokens import Principal


def test_the_table_and_the_code_agree() -> None:
    assert kinds.check_intent_kinds() == []


def test_an_intent_type_left_out_of_the_table_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    table = dict(kinds.INTENT_KINDS)
    del table["stow"]
    monkeypatch.setattr(kinds, "INTENT_KINDS", table)
    assert kinds.check_intent_kinds() == ["intent 'stow' has no entry in INTENT_KINDS"]


def test_an_event_without_words_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    sentences = dict(engine.narration.SENTENCES)
    del sentences["HandsChanged"]
    monkeypatch.setattr(kinds, "SENTENCES", sentences)
    assert kinds.check_intent_kinds() == [
        "event 'HandsChanged' has no words in engine/narration.py"
    ]


def test_an_intent_said_to_be_offered_that_options_never_offers_is_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = dict(kinds.INTENT_KINDS)
    table["stow"] = kinds.IntentKind(table["stow"].model, ("HandsChanged",), "seat", offered=True)
    monkeypatch.setattr(kinds, "INTENT_KINDS", table)
    assert kinds.check_intent_kinds() == ["'stow': offered=True, engine/options.py disagrees"]


def test_who_may_send_each_intent_is_the_tables() -> None:
    """A player's seat is refused exactly the director's intents, by that rule."""
    state = fold(create_battle(CREATE[0].body, Context(actor="director")).events)
    player = Principal("b", "player", "s", frozenset({"hero"}))
    for example in INTENTS:
        intent = parse_intent(example.body)
        refused = authorise(player, intent, state)
        director_only = kinds.INTENT_KINDS[intent.type].sent_by == "director"
        assert (refused is not None and refused.rule == "auth/director-only") == director_only


def test_every_intent_type_has_an_example_in_the_contract() -> None:
    shown = {example.body["type"] for example in INTENTS}
    assert shown >= kinds.INTENT_KINDS.keys()


@pytest.mark.parametrize("example", INTENTS, ids=lambda e: e.name)
def test_each_example_appends_only_what_its_type_declares(example: Example) -> None:
    """Each OpenAPI example, judged on its battle: its events are its type's own, or the
    rules' consequences, never an event the table does not know it appends."""
    setup = next(c for c in CREATE if c.body["ruleset"] == example.ruleset)
    ctx = Context(actor="director")
    state = fold(create_battle(setup.body, ctx).events)
    for earlier in example.before:
        done = decide(parse_intent(earlier), state, ctx)
        assert not isinstance(done, Refused), done
        state = fold(done.events, state)
    intent = parse_intent(example.body)
    decision = decide(intent, state, ctx)
    if isinstance(decision, Refused):
        assert example.status == 422
        return
    allowed = set(kinds.INTENT_KINDS[intent.type].events) | kinds.CONSEQUENCES
    assert {e.type for e in decision.events} <= allowed
