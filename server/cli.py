"""The `turnledger` command line (typer + rich)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer
from rich.console import Console

from server.settings import Settings

app = typer.Typer(no_args_is_help=True, help="turnledger: an event-sourced tactical combat log.")
console = Console()


def _engine(settings: Settings):  # type: ignore[no-untyped-def]
    from server.database import database_url, make_engine

    return make_engine(database_url(settings), pool_size=settings.pool_size)


@app.command()
def serve(
    host: Annotated[str | None, typer.Option(help="Address to bind.")] = None,
    port: Annotated[int | None, typer.Option(help="Port to bind.")] = None,
) -> None:
    """Migrate the database (starting the embedded one if no DATABASE_URL) and serve HTTP."""
    import uvicorn

    from events.migrate import upgrade
    from server.app import create_app
    from server.logging import configure_logging

    settings = Settings()
    configure_logging(settings)
    engine = _engine(settings)
    upgrade(engine)
    application = create_app(settings, engine)
    uvicorn.run(
        application,
        host=host or settings.host,
        port=port or settings.port,
        log_level=settings.log_level,
    )


@app.command()
def migrate() -> None:
    """Bring the database to the newest schema (Alembic head)."""
    from events.migrate import current, upgrade

    engine = _engine(Settings())
    upgrade(engine)
    console.print(f"database at revision [bold]{current(engine)}[/bold]")


@app.command()
def verify(battle: Annotated[str, typer.Argument(help="The battle id.")]) -> None:
    """Walk a battle's hash chain and say whether it holds."""
    from events.store_postgres import PostgresEventStore
    from server.app import utc_now

    store = PostgresEventStore(_engine(Settings()), utc_now, notify="off")
    result = store.verify(battle)
    if result.checked == 0 and result.ok:
        console.print(f"battle [bold]{battle}[/bold] has no events")
        sys.exit(1)
    if result.ok:
        console.print(f"[green]chain holds[/green]: {result.checked} events of {battle}")
        return
    console.print(
        f"[red]chain broken[/red] at version {result.first_broken_version}: {result.reason}"
        f" ({result.checked} events verified before it)"
    )
    sys.exit(2)


if __name__ == "__main__":
    app()
