"""The battle as the state route shows it: at the head (from the read model, checked), at a
version, or at an instant; and a creature's reach and options, judged on the head as the
one who asks knows it (engine/unseen.py)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import structlog

from engine.results import Refused
from engine.unseen import known_state
from engine.view import battle_view
from projections import REDUCER_VERSION
from server.campaign.catalog import CLOSED_RULE, Closed
from server.errors import NotFound
from server.ports import Ports
from server.queries.options import options_answer
from server.queries.reach import reach_answer
from server.readers.tokens import Principal
from server.state.loader import Loaded

log = structlog.get_logger("turnledger.views")


def view(ports: Ports, battle_id: str, version: int | None = None) -> dict[str, Any]:
    """The battle's view at `version` (None: the head)."""
    if version is None:
        stored = ports.log.read_view(battle_id)
        if stored is not None and stored.reducer_version == REDUCER_VERSION:
            return {**stored.view, "map": stored.map_view, "version": stored.version}
        loaded = ports.states.at_head(battle_id)
        _restore_view(ports, loaded)
    else:
        head = ports.log.head_version(battle_id)
        if head == 0:
            raise NotFound(f"no battle {battle_id!r}")
        if not 1 <= version <= head:
            raise NotFound(f"battle {battle_id!r} has versions 1 to {head}, not {version}")
        loaded = ports.states.at(battle_id, version)
    return render(loaded)


def _restore_view(ports: Ports, loaded: Loaded) -> None:
    """No stored view could serve (none, another reducer's, or one whose seal did not
    check): the one rendered from the log is written back, sealed, so the next read
    finds it. A failure costs only that: this answer came from the log."""
    try:
        projection = ports.writer.read_model.write(loaded.battle_id, None, loaded.state)
        ports.log.restore_view(loaded.battle_id, loaded.version, projection)
    except Exception:
        log.warning("view.restore-failed", battle_id=loaded.battle_id, exc_info=True)


def view_at(ports: Ports, battle_id: str, instant: datetime) -> dict[str, Any]:
    """The battle's view as it stood at `instant`."""
    version = ports.log.version_at(battle_id, instant)
    if version == 0:
        raise NotFound(f"battle {battle_id!r} had no events by {instant.isoformat()}")
    return render(ports.states.at(battle_id, version))


def render(loaded: Loaded) -> dict[str, Any]:
    view = battle_view(loaded.state)
    return {"battle_id": loaded.battle_id, **view, "version": loaded.version}


async def reach(
    ports: Ports, principal: Principal, creature: str, kind: str, mode: str
) -> dict[str, Any]:
    """Every place the creature could end this move, with its cost, judged on the head."""
    loaded = await _as_known(ports, principal)
    return await ports.blocking(
        reach_answer, loaded, creature, kind, mode, ports.budget("this reach")
    )


async def options(ports: Ports, principal: Principal, creature: str) -> dict[str, Any]:
    """What the creature may do now, as `principal` may (server/queries/options.py), judged
    on the head; its searches share one budget, as a reach's do."""
    loaded = await _as_known(ports, principal)
    closed = await ports.blocking(closure_refusal, ports, principal.battle_id)
    return await ports.blocking(
        options_answer, loaded, principal, creature, ports.budget("these options"), closed
    )


async def _as_known(ports: Ports, principal: Principal) -> Loaded:
    """The head as `principal` knows it (engine/unseen.py): a player's ruler and options
    are asked of the battle without the creatures hidden from it."""
    loaded = await ports.writer.fresh(principal.battle_id)
    if principal.is_director:
        return loaded
    hidden = await ports.blocking(ports.readers.hidden, principal)
    if not hidden:
        return loaded
    return Loaded(loaded.battle_id, loaded.version, known_state(loaded.state, hidden))


def closure_refusal(ports: Ports, battle_id: str) -> Refused | None:
    """Why a submission to the battle would be refused before any rule is asked: its
    closure (a 409 to a submission), as a refusal an option can carry."""
    try:
        ports.catalog.refuse_if_closed(battle_id)
    except Closed as exc:
        return Refused(rule=CLOSED_RULE, detail=exc.detail)
    return None
