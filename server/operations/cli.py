"""The `turnledger` command line (typer + rich)."""

from __future__ import annotations

import datetime
import os
import signal
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from server.operations.cli_guard import Stop, check_port, open_database, polite, require_schema
from server.operations.cli_keys import first_key, keys
from server.operations.cli_progress import migrate as migrate_database
from server.operations.settings import Settings, sqlalchemy_url

if TYPE_CHECKING:  # the store is imported when a command needs it, to keep start-up quick
    from sqlalchemy import Engine

    from events.envelope import Envelope
    from events.store_postgres import PostgresEventStore

app = typer.Typer(
    no_args_is_help=True,
    help="turnledger: an event-sourced tactical combat log.",
    pretty_exceptions_enable=False,
)
console = Console(soft_wrap=True)  # ids, tokens and addresses stay whole for copying
app.add_typer(keys, name="keys")


def _engine(settings: Settings, *, create: bool = True):  # type: ignore[no-untyped-def]
    """The database (with maintenance timeouts: a migration may take long); commands that only
    read pass `create=False` (and need it migrated)."""
    engine = open_database(settings, create=create)
    if not create:
        require_schema(engine, settings)
    return engine


@app.command()
@polite
def serve(
    host: Annotated[str | None, typer.Option(help="Address to bind.")] = None,
    port: Annotated[int | None, typer.Option(help="Port to bind.")] = None,
    workers: Annotated[
        int,
        typer.Option(
            min=1,
            max=64,
            help="Worker processes. One Python process judges on one core at a time; more "
            "workers use more cores (every battle's log stays consistent: the store's "
            "version check and hash chain hold across processes).",
        ),
    ] = 1,
) -> None:
    """Migrate the database (starting the embedded one if no DATABASE_URL) and serve HTTP."""
    import uvicorn

    from server.api.edge import EdgeGuard, EdgeLimits, uvicorn_options
    from server.app import create_app, tune_interpreter
    from server.operations.logging import configure_logging

    tune_interpreter()
    settings = Settings()
    check_port(host or settings.host, port or settings.port)
    configure_logging(settings)
    engine = _engine(settings)
    migrate_database(engine)
    first_key(settings)
    from server.operations import embedded_postgres
    from server.operations.database import app_database_url, server_engine
    from server.trust.roles import (
        RoleSetupFailed,
        RoleTooStrong,
        check_app_role,
        check_serving_node,
    )

    if settings.database_url and settings.migration_database_url:
        # serving apart from the owner: perhaps from a Citus worker (ops/SCALING.md)
        probe = server_engine(sqlalchemy_url(settings.database_url), settings)
        try:
            check_serving_node(probe, settings.notify_database_url)
        except RoleSetupFailed as exc:
            raise Stop(str(exc)) from None
        finally:
            probe.dispose()
    if workers > 1:
        # Each worker builds its app from the environment; they share the database this
        # process chose (the embedded one it started, which it stops when they are done).
        if not settings.migration_database_url:
            os.environ["DATABASE_URL"] = engine.url.render_as_string(hide_password=False)
        engine.dispose()
        embedded_postgres.watch()
        try:
            uvicorn.run(
                "server.app:app_from_env",
                factory=True,
                workers=workers,
                host=host or settings.host,
                port=port or settings.port,
                log_level=settings.log_level,
                **uvicorn_options(settings),  # each worker reads its limits from the environment
            )
        finally:
            embedded_postgres.release()
        return
    owner_url = engine.url.render_as_string(hide_password=False)
    engine.dispose()
    try:
        serving = server_engine(app_database_url(settings, owner_url), settings)
        check_app_role(serving)
    except (RoleTooStrong, RoleSetupFailed) as exc:
        raise Stop(str(exc)) from None
    application = create_app(settings, serving)
    embedded_postgres.release_on_exit_signals()
    embedded_postgres.watch()
    uvicorn.run(
        application,
        host=host or settings.host,
        port=port or settings.port,
        log_level=settings.log_level,
        **uvicorn_options(settings, EdgeGuard(EdgeLimits.of(settings))),
    )


@app.command()
@polite
def migrate() -> None:
    """Bring the database to the newest schema (Alembic head)."""
    from events.migrate import current

    engine = _engine(Settings())
    migrate_database(engine)
    console.print(f"database at revision [bold]{current(engine)}[/bold]")


@app.command()
@polite
def verify(
    battle: Annotated[str, typer.Argument(help="The battle id.")],
    receipts: Annotated[
        Path | None,
        typer.Option(
            "--receipts", help='A JSON file of receipts (a list, or {"receipts": [...]}).'
        ),
    ] = None,
) -> None:
    """Walk a battle's whole hash chain and say whether it holds; with --receipts, also
    whether the log agrees with every receipt (and whether two prove a rewrite)."""
    import orjson

    from server.trust.verification import against_records

    store = _store(keyed=True)
    result = store.verify(battle)
    if result.ok:
        result = against_records(store, result)
    if result.checked == 0 and result.ok:
        console.print(f"battle [bold]{battle}[/bold] has no events")
        sys.exit(1)
    if result.ok:
        console.print(f"[green]chain holds[/green]: {result.checked} events of {battle}")
    else:
        console.print(
            f"[red]chain broken[/red] at version {result.first_broken_version}: {result.reason}"
            f" ({result.checked} events verified before it)"
        )
    if receipts is not None and not _receipts_agree(
        store, battle, orjson.loads(receipts.read_bytes())
    ):
        sys.exit(3)
    if not result.ok:
        sys.exit(2)


def _receipts_agree(store, battle: str, given: object) -> bool:  # type: ignore[no-untyped-def]
    from server.trust.receipts import check_receipts
    from server.wiring import keyring_of

    found = given.get("receipts", []) if isinstance(given, dict) else given
    if not isinstance(found, list) or not all(isinstance(r, dict) for r in found):
        raise Stop("the receipts file holds no list of receipts")
    keyring = keyring_of(Settings(), create=False)

    def hashes_at(versions: list[int]) -> dict[int, bytes]:
        wanted = set(versions)
        return {e.version: e.hash for e in store.read_stream(battle) if e.version in wanted}

    def recorded_at(versions: list[int]) -> dict[int, datetime.datetime]:
        wanted = set(versions)
        return {e.version: e.recorded_at for e in store.read_stream(battle) if e.version in wanted}

    try:
        checked = check_receipts(keyring, battle, found, hashes_at, recorded_at)
    except (KeyError, TypeError) as exc:
        raise Stop(f"a receipt lacks a field: {exc}") from None
    for conflict in checked.conflicts:
        console.print(
            f"[red]history rewritten[/red]: version {conflict['version']} was signed with"
            f" {len(conflict['hashes'])} different hashes"
        )
    for bad in checked.invalid:
        console.print(f"receipt {bad['index']} proves nothing: {bad['reason']}")
    if checked.agree:
        console.print(f"[green]receipts agree[/green]: {checked.checked} checked")
        return True
    first = checked.first_disagreeing_version
    console.print(f"[red]receipts disagree[/red] from version {first}")
    return False


@app.command("rotate-keys")
@polite
def rotate_keys() -> None:
    """Make a new receipt signing key; the old one stays published (retired) at GET /keys.

    Restart the servers to sign with the new key. The key store must be a file (the data
    folder's, or TURNLEDGER_KEYRING_FILE)."""
    from datetime import UTC

    from server.trust.keyring import keyring_path, load, replace_file

    settings = Settings()
    if settings.keyring:
        raise Stop("TURNLEDGER_KEYRING is set: rotate the key store where it is kept")
    # loaded as stored: TURNLEDGER_SECRET must not be written into the file
    old = load(settings.data_dir, configured_file=settings.keyring_file, create=False)
    rotated = old.rotated(datetime.datetime.now(UTC))
    replace_file(keyring_path(settings.data_dir, settings.keyring_file), rotated)
    console.print(f"signing with {rotated.current.kid}; {old.current.kid} retired")


def _store(*, create: bool = False, keyed: bool = False) -> PostgresEventStore:
    """The log; `keyed` (verify, import, rebuild) also reads the key store, which checking a
    chain and sealing derived rows need: reading and exporting work without it."""
    from events.store_postgres import PostgresEventStore
    from server.wiring import keyring_of, recorded_legacy, utc_now

    settings = Settings()
    engine = _engine(settings, create=create)
    chain_key = (
        recorded_legacy(keyring_of(settings, create=create), engine).chain_key if keyed else None
    )
    return PostgresEventStore(engine, utc_now, notify="off", chain_key=chain_key)


@app.command()
@polite
def replay(
    battle: Annotated[str, typer.Argument(help="The battle id.")],
    first: Annotated[int | None, typer.Option("--from", help="First version.")] = None,
    last: Annotated[int | None, typer.Option("--to", help="Last version.")] = None,
) -> None:
    """Print a readable, turn-by-turn account of a battle from its log."""
    from server.campaign.directory import BattleDirectory
    from server.queries.account import account

    store = _store()
    # from the start: the names and reaction windows of later events are learnt there
    envelopes = store.read_stream(battle, after=0, up_to=last)
    if not any(e.version >= (first or 1) for e in envelopes):
        console.print(f"battle [bold]{battle}[/bold] has no events there")
        sys.exit(1)
    seats = BattleDirectory(store.engine).seat_names(battle)
    for line in account(envelopes, seats, first or 1):
        console.print(line)


@app.command()
@polite
def rejudge(
    battle: Annotated[str, typer.Argument(help="The battle id.")],
    page: Annotated[int, typer.Option(min=1, max=200, help="Actions judged per page.")] = 50,
) -> None:
    """Judge every action of a battle again under today's rules and list those whose events
    would differ (the rule that refuses one now, and what changes); exit 4 when any does."""
    from engine.results import Refused
    from server.queries.rejudgement import rejudge as rejudge_page
    from server.readers.tokens import Principal
    from server.wiring import keyring_of, wire_services

    settings = Settings()
    engine = _engine(settings, create=False)
    wired = wire_services(
        settings, engine, notify="off", keyring=keyring_of(settings, create=False)
    )
    if wired.store.head_version(battle) == 0:
        raise Stop(f"battle {battle} has no events")
    director = Principal(battle, "director", "director")
    after: int | None = 0
    checked = differing = 0
    while after is not None:
        found = rejudge_page(wired.ports, director, after, page)
        if isinstance(found, Refused):
            raise Stop(f"{found.rule}: {found.detail} (try a smaller --page)")
        checked += found.checked
        for action in found.differing:
            differing += 1
            first, last = action["versions"]
            why = f" now refused: {action['rule']}" if action["rule"] else ""
            console.print(
                f"v{first}-{last} {action['intent'].get('type')} by {action['actor']}"
                f" ({action['rules_version_then']} -> {action['rules_version_now']}){why}"
            )
            for words in action["differences"]:
                console.print(f"  {words}")
        after = found.next_after
    wired.store.close()
    console.print(f"{checked} actions judged again; {differing} would differ today")
    if differing:
        sys.exit(4)


@app.command("export")
@polite
def export_battle(
    battle: Annotated[str, typer.Argument(help="The battle id.")],
    out: Annotated[Path | None, typer.Option(help="Write here instead of stdout.")] = None,
    bundle: Annotated[
        bool,
        typer.Option(
            "--bundle", help="Write the director's signed bundle (verifiable offline) instead."
        ),
    ] = False,
) -> None:
    """Write a battle's log as JSON Lines of envelopes (hashes in hex), or as a bundle."""
    from server.trust.transfer import export_lines

    store = _store(keyed=bundle)
    envelopes = store.read_stream(battle)
    if not envelopes:
        console.print(f"battle [bold]{battle}[/bold] has no events", style="red")
        sys.exit(1)
    lines = export_lines(envelopes) if not bundle else iter([_bundle_of(envelopes)])
    target = out.open("wb") if out else sys.stdout.buffer
    for line in lines:
        target.write(line)
    target.flush()
    if out:
        target.close()
        console.print(f"{len(envelopes)} events of {battle} written to {out}")


@app.command("import")
@polite
def import_file(
    file: Annotated[Path, typer.Argument(help="JSON Lines written by `export`.", exists=True)],
) -> None:
    """Load exported battles: each chain is verified first; prints new director tokens.

    A bundle (`export --bundle`, or `GET /battles/{id}/export`) is verified as a third party
    would and made a battle anew under a new id, as `POST /battles/import` does. The database
    is migrated first (and the embedded one created if there is none)."""
    from server.campaign.directory import BattleDirectory
    from server.readers.tokens import new_token, token_hash
    from server.trust.transfer import ImportRefused, import_envelopes, parse_lines
    from server.wiring import utc_now

    engine = _engine(Settings())
    migrate_database(engine)
    if _is_bundle(file):
        _import_bundle(engine, file)
        return
    try:
        with file.open("rb") as lines:
            envelopes = parse_lines(lines)
        counts = import_envelopes(engine, envelopes, _store(create=True, keyed=True).chain_key)
    except ImportRefused as exc:
        console.print(f"[red]refused[/red]: {exc}")
        sys.exit(2)
    directory = BattleDirectory(engine)
    for battle_id, count in counts.items():
        token = new_token("dir")
        ruleset = next(e for e in envelopes if e.battle_id == battle_id).data.get("ruleset", "")
        directory.create(battle_id, str(ruleset), token_hash(token), utc_now())
        console.print(f"imported {count} events of [bold]{battle_id}[/bold]; director {token}")
    _rebuild(list(counts))


def _bundle_of(envelopes: list[Envelope]) -> bytes:
    import orjson

    from server.readers.redaction import Reader
    from server.trust.bundle.exporting import build_bundle
    from server.wiring import keyring_of, utc_now

    keyring = keyring_of(Settings(), create=False)
    return orjson.dumps(build_bundle(envelopes, keyring, Reader(True), "director", utc_now()))


def _is_bundle(file: Path) -> bool:
    with file.open("rb") as head:
        return head.read(64).lstrip().startswith(b'{"format":"turnledger-bundle-v1"')


def _import_bundle(engine: Engine, file: Path) -> None:

    import orjson

    from server.campaign.directory import BattleDirectory
    from server.ports import time_ordered_ids
    from server.trust.bundle.checking import BundleRefused, check_bundle
    from server.trust.bundle.importing import import_checked
    from server.trust.transfer import ImportRefused
    from server.wiring import keyring_of, utc_now

    new_id = time_ordered_ids(utc_now)

    chain_key = keyring_of(Settings()).chain_key
    try:
        checked = check_bundle(orjson.loads(file.read_bytes()))
        made = import_checked(
            checked,
            engine=engine,
            directory=BattleDirectory(engine),
            chain_key=chain_key,
            new_id=new_id,
            now=utc_now(),
            created_by=None,
        )
    except (BundleRefused, ImportRefused, orjson.JSONDecodeError) as exc:
        console.print(f"[red]refused[/red]: {exc}")
        sys.exit(2)
    console.print(
        f"imported {made.version} events of {checked.battle_id} (signed by {checked.key_id})"
        f" as [bold]{made.battle_id}[/bold]; director {made.director_token}"
    )
    _rebuild([made.battle_id])


def _rebuild(battles: list[str] | None) -> dict[str, str]:
    from rich.progress import Progress

    from server.state.rebuild import rebuild_projections

    store = _store(keyed=True)
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task("rebuilding projections", total=None)

        def report(battle_id: str, done: int, total: int) -> None:
            progress.update(task, completed=done, total=total, description=battle_id)

        return rebuild_projections(store, battles, Settings().snapshot_every, report)


@app.command()
@polite
def rebuild(
    battles: Annotated[list[str] | None, typer.Argument(help="Battle ids; all when none.")] = None,
) -> None:
    """Rebuild read models and snapshots from the log (all battles, or the ones named)."""
    results = _rebuild(battles or None)
    for battle_id, outcome in results.items():
        console.print(f"{battle_id}: {outcome}")
    console.print(f"[green]{len(results)} battle(s) rebuilt[/green]")


@app.command()
@polite
def demo(
    url: Annotated[str | None, typer.Option(help="A running server; else in-process.")] = None,
    keep_open: Annotated[
        bool,
        typer.Option(help="In-process: keep serving after the script, to watch it (Ctrl-C ends)."),
    ] = False,
    port: Annotated[
        int, typer.Option(help="In-process: the port to serve on (0: any free one).")
    ] = 0,
) -> None:
    """Play a short scripted Draw Steel skirmish, printing the board after each action, and
    the viewer's address (with the director's token) to watch the battle in a browser."""
    import httpx

    from server.operations.demo import run, viewer_url
    from server.operations.logging import configure_logging

    settings = Settings()
    configure_logging(settings.model_copy(update={"log_level": "warning"}))
    if url:
        with httpx.Client(base_url=url, timeout=30) as http:
            played = run(http, console, settings.api_key)
        console.print(f"watch the battle: {viewer_url(url, *played)}", soft_wrap=True)
        return
    from server.operations.local_server import local_server

    if port:
        check_port("127.0.0.1", port)
    with local_server(settings, port) as base, httpx.Client(base_url=base, timeout=30) as http:
        played = run(http, console, settings.api_key)
        console.print(f"watch the battle: {viewer_url(base, *played)}", soft_wrap=True)
        if not keep_open:
            console.print("the demo's server stops now; `--keep-open` leaves it serving")
        else:
            console.print("serving until Ctrl-C")
            # Our own handlers, not the inherited disposition: a process started in the
            # background (or by a test runner) may have SIGINT ignored, and would never stop.
            stop = threading.Event()
            for signum in (signal.SIGINT, signal.SIGTERM):
                signal.signal(signum, lambda *_: stop.set())
            while not stop.wait(0.5):
                pass
            console.print("stopped")


if __name__ == "__main__":
    app()
