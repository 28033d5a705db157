"""python -m ops.soak: the soak run; see ops/soak/README.md. Exits 1 on any loss."""

from __future__ import annotations

import asyncio
import random
import sys
import threading
import time
from typing import Annotated

import httpx
import typer
from rich.console import Console
from rich.table import Table

from ops.soak.abuse import AbuseReport, abuse_loop
from ops.soak.audit import audit
from ops.soak.clients import Battle, Ledger, Subscriber, create_battle, play
from ops.soak.cluster import Cluster

console = Console()
app = typer.Typer(add_completion=False)


def fault_loop(cluster: Cluster, every: dict[str, float], stop: threading.Event) -> None:
    """Inject each enabled fault on its own period, one at a time."""
    due = {name: time.monotonic() + period for name, period in every.items() if period > 0}
    while not stop.is_set() and due:
        name = min(due, key=lambda n: due[n])
        if stop.wait(max(0.0, due[name] - time.monotonic())):
            return
        try:
            if name == "kill-server":
                cluster.kill_server()
            elif name == "stop-postgres":
                cluster.stop_postgres()
            elif name == "terminate-connections":
                cluster.terminate_connections()
        except Exception as exc:  # a fault that failed is reported, the run goes on
            console.print(f"[yellow]fault {name} failed: {exc}[/yellow]")
        due[name] = time.monotonic() + every[name]


async def run(
    cluster: Cluster,
    clients: int,
    hot: int,
    seconds: float,
    force_timeouts: bool,
    abuse: float = 0.0,
    report: AbuseReport | None = None,
) -> tuple[Ledger, list[Subscriber]]:
    ledger = Ledger()
    async with httpx.AsyncClient(base_url=cluster.base_url) as http:
        hot_battles = [await create_battle(http, 8) for _ in range(hot)]
        own = [await create_battle(http, 1) for _ in range(max(0, clients - hot * 4))]
        subscribers = [Subscriber(b) for b in hot_battles + own[:4]]
        stop = asyncio.Event()
        streams = [asyncio.create_task(s.run(cluster.base_url, stop)) for s in subscribers]
        until = time.monotonic() + seconds
        players = []
        for i in range(clients):
            if i < hot * 4:
                battle: Battle = hot_battles[i % hot]
                creature = f"c{(i // hot) % 8}"
            else:
                battle, creature = own[i - hot * 4], "c0"
            players.append(
                play(
                    http,
                    battle,
                    creature,
                    ledger,
                    until=until,
                    force_timeouts=force_timeouts,
                    retry_window=90.0,
                )
            )
        if abuse > 0 and report is not None:
            players.append(abuse_loop(cluster.base_url, abuse, until, hot_battles, report))
        await asyncio.gather(*players)
        await asyncio.sleep(3)  # let streams catch up on the last events
        stop.set()
        await asyncio.wait(streams, timeout=10)
        for task in streams:
            task.cancel()
    return ledger, subscribers


@app.command()
def main(
    clients: Annotated[int, typer.Option(help="Concurrent clients.")] = 32,
    seconds: Annotated[float, typer.Option(help="How long clients keep sending.")] = 60,
    hot: Annotated[int, typer.Option(help="Shared battles that 4 clients each play.")] = 3,
    kill_server: Annotated[float, typer.Option(help="kill -9 the server every S seconds.")] = 0,
    stop_postgres: Annotated[
        float, typer.Option(help="Immediate PostgreSQL shutdown + restart every S seconds.")
    ] = 0,
    terminate_connections: Annotated[
        float, typer.Option(help="pg_terminate_backend every server connection every S seconds.")
    ] = 0,
    retry_same_key: Annotated[
        bool, typer.Option(help="Clients time out early on 10% of requests and retry.")
    ] = False,
    seed: Annotated[int, typer.Option(help="Random seed for the clients.")] = 1,
    abuse: Annotated[
        float, typer.Option(help="Send the abusive requests (ops/soak/abuse.py) every S seconds.")
    ] = 0,
) -> None:
    """Run the soak and print what the end-of-run audit found."""
    random.seed(seed)
    cluster = Cluster()
    try:
        cluster.start_server()
        stop = threading.Event()
        faults = threading.Thread(
            target=fault_loop,
            args=(
                cluster,
                {
                    "kill-server": kill_server,
                    "stop-postgres": stop_postgres,
                    "terminate-connections": terminate_connections,
                },
                stop,
            ),
            daemon=True,
        )
        faults.start()
        started = time.monotonic()
        report = AbuseReport()
        ledger, subscribers = asyncio.run(
            run(cluster, clients, hot, seconds, retry_same_key, abuse, report)
        )
        stop.set()
        faults.join(timeout=60)
        elapsed = time.monotonic() - started
        result = audit(cluster.uri, ledger, subscribers)
    finally:
        cluster.close()
    table = Table(title=f"Soak: {clients} clients, {elapsed:.0f} s", title_justify="left")
    table.add_column("measure")
    table.add_column("count", justify="right")
    for name, count in {
        **result.counts,
        **{f"fault: {k}": v for k, v in cluster.faults.items()},
        **{f"abuse: {name} -> {code}": n for (name, code), n in sorted(report.answered.items())},
    }.items():
        table.add_row(name, f"{count:,}")
    if abuse:
        table.add_row("abuse: slowest answer (s)", f"{report.slowest:.1f}")
    console.print(table)
    problems = [*result.problems, *(f"abuse: {p}" for p in report.problems)]
    if problems:
        for problem in problems[:30]:
            console.print(f"[red]{problem}[/red]")
        sys.exit(1)
    console.print("[green]nothing lost, nothing duplicated, every chain holds[/green]")


if __name__ == "__main__":
    app()
