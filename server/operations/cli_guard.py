"""What keeps the command line polite: it never creates a database by reading, it says in
one line what is wrong (no traceback), and it names the setting that fixes it.
"""

from __future__ import annotations

import errno
import functools
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import typer
from pydantic import ValidationError
from rich.console import Console
from rich.markup import escape
from sqlalchemy import Engine, inspect
from sqlalchemy.engine import make_url

from server.operations.cli_progress import step
from server.operations.settings import Settings, sqlalchemy_url

F = TypeVar("F", bound=Callable[..., Any])
err = Console(stderr=True)


class Stop(Exception):
    """A command cannot go on; its message is the one line shown."""


def fail(message: str) -> NoReturn:
    raise Stop(message)


def where(settings: Settings) -> str:
    """The database a command uses, as a reader can find it (no password)."""
    if settings.database_url:
        url = make_url(sqlalchemy_url(settings.database_url))
        return f"DATABASE_URL={url.render_as_string(hide_password=True)}"
    return f"the data folder {data_folder(settings)} (TURNLEDGER_DATA_DIR)"


def data_folder(settings: Settings) -> Path:
    return settings.data_dir.expanduser().resolve()


def open_database(settings: Settings, *, create: bool) -> Engine:
    """The command's database. Without `create`, a missing embedded one is an error, not a
    new 45 MB folder in whatever directory the command was run from."""
    from server.operations.database import maintenance_engine

    if not settings.database_url and not settings.migration_database_url and not create:
        folder = data_folder(settings)
        if not (folder / "pgdata").is_dir():
            fail(
                f"no turnledger database in {folder}: run this where `turnledger serve` ran, "
                "or set TURNLEDGER_DATA_DIR (or DATABASE_URL) to the one it used"
            )
    # a tool's timeouts: a migration on a large log must not be cut short like a request
    return maintenance_engine(start_database(settings), settings)


def require_schema(engine: Engine, settings: Settings) -> None:
    """Refuse to read a database that was never migrated (it has no event log)."""
    if not inspect(engine).has_table("event_log"):
        fail(f"{where(settings)} has no turnledger tables yet: run `turnledger migrate` first")


def port_free(host: str, port: int) -> bool:
    """Whether a server could listen on host:port now (as uvicorn binds: SO_REUSEADDR)."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                return False
            raise
    return True


def check_port(host: str, port: int) -> None:
    if not port_free(host, port):
        fail(
            f"port {port} on {host} is already in use (another turnledger?): choose another "
            "with --port or TURNLEDGER_PORT"
        )


def _first_line(exc: BaseException) -> str:
    text = str(getattr(exc, "orig", None) or exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _letting_go(command: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    try:
        return command(*args, **kwargs)
    finally:
        let_go_of_database()


def settings_problems(invalid: ValidationError) -> str:
    """A settings error in one line, each problem under the variable that sets it."""
    problems = []
    for error in invalid.errors():
        field = str(error["loc"][0]) if error["loc"] else "?"
        name = field if field.isupper() else f"TURNLEDGER_{field.upper()}"
        problems.append(f"{name}: {error['msg'].removeprefix('Value error, ')}")
    return "; ".join(problems)


def polite(command: F) -> F:
    """Run a command; a `Stop` or a database error becomes one line on stderr and exit 1."""
    import psycopg
    from sqlalchemy.exc import SQLAlchemyError

    from events.migrate import NotTheCoordinator
    from server.trust.keyring import KeyringError

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return _letting_go(command, *args, **kwargs)
        except (Stop, KeyringError, NotTheCoordinator) as stop:
            err.print(
                f"[red]turnledger:[/red] {escape(str(stop))}", highlight=False, soft_wrap=True
            )
        except ValidationError as invalid:
            err.print(
                f"[red]turnledger:[/red] {escape(settings_problems(invalid))}",
                highlight=False,
                soft_wrap=True,
            )
        except (SQLAlchemyError, psycopg.Error) as exc:
            where_ = where(Settings())
            err.print(
                f"[red]turnledger:[/red] database error ({where_}): {_first_line(exc)}",
                highlight=False,
                soft_wrap=True,
            )
        raise typer.Exit(1)

    return run  # type: ignore[return-value]


def start_database(settings: Settings) -> str:
    """The database's URL; the embedded PostgreSQL is started (or joined) first, saying so
    when it starts (a running one is joined at once)."""
    from server.operations import embedded_postgres
    from server.operations.database import owner_database_url

    if settings.database_url or settings.migration_database_url:
        return owner_database_url(settings)
    if not embedded_postgres.installed():
        fail(embedded_postgres.MISSING)
    pgdata = data_folder(settings) / "pgdata"
    if (pgdata / "postmaster.pid").exists():
        return owner_database_url(settings)
    about = "about 3 s" if pgdata.is_dir() else "first start ~10 s: it makes its data folder"
    with step(f"starting PostgreSQL in {pgdata.parent}", about):
        return owner_database_url(settings)


def let_go_of_database() -> None:
    """Let go of the embedded PostgreSQL this command started or joined, saying so: the last
    process using it stops it, which takes seconds."""
    from server.operations import embedded_postgres

    if embedded_postgres.holding():
        with step("stopping PostgreSQL unless another turnledger uses it", "about 3 s"):
            embedded_postgres.release()
