"""What the command line says while it waits: one line per step that can take seconds,
naming the step and roughly how long it takes (a spinner beside it on a terminal, then the
time it took); quick steps say nothing.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from sqlalchemy import Engine

err = Console(stderr=True, soft_wrap=True)  # stdout stays the command's answer (export)


@contextmanager
def step(what: str, about: str) -> Iterator[None]:
    """Say `what` is being done and `about` how long it takes, for the duration of the block."""
    line = f"{what} ({about})"
    if not err.is_terminal:
        err.print(line, highlight=False, markup=False)
        yield
        return
    started = time.monotonic()
    spinning = line
    if len(line) + 2 > err.size.width:
        # a live line wider than the terminal is cut at its edge: say it whole, wrapped, and
        # spin beside the step's name alone (or nothing) under it
        err.print(line, highlight=False, markup=False)
        spinning = what if len(what) + 2 <= err.size.width else ""
    with err.status(spinning):
        yield
    err.print(f"{what}: done in {time.monotonic() - started:.1f} s", highlight=False)


def migrate(engine: Engine) -> None:
    """Bring the database to the newest schema, saying so when there is something to do."""
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

    from events.migrate import MAIN_HEAD, alembic_config, upgrade

    head = ScriptDirectory.from_config(alembic_config(engine)).get_revision(MAIN_HEAD)
    with engine.connect() as conn:
        at = MigrationContext.configure(conn).get_current_heads()
    if head is not None and head.revision in at:
        upgrade(engine)  # the Citus branch, if any, is checked there (quick when at head)
        return
    about = "about 1 s" if not at else "seconds; longer on a large log"
    with step("migrating the database to the newest schema", about):
        upgrade(engine)
