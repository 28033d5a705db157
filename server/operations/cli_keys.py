"""`turnledger keys create|list|revoke`: the API keys, kept in the key store's folder
(server/trust/api_keys.py), and the first key a default server makes at its first start."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from server.operations.cli_guard import Stop, polite
from server.operations.settings import Settings
from server.trust.api_keys import ApiKeyError, KeyFile, keys_path

keys = typer.Typer(
    no_args_is_help=True,
    help="API keys: each owns the battles it creates, lists them and follows their feed.",
)
console = Console(soft_wrap=True)


def key_file(settings: Settings) -> KeyFile:
    return KeyFile(keys_path(settings.data_dir, settings.api_keys_file))


@keys.command("create")
@polite
def create(name: Annotated[str, typer.Argument(help="A name for the key (its holder).")]) -> None:
    """Make a key and print it, once: the server keeps only its hash."""
    file = key_file(Settings())
    try:
        made, secret = file.create(name, datetime.now(UTC))
    except ApiKeyError as exc:
        raise Stop(str(exc)) from None
    console.print(f"API key [bold]{made.name}[/bold] (shown once, keep it): {secret}")


@keys.command("list")
@polite
def listed() -> None:
    """The keys: name, when made, when revoked (never the key itself)."""
    file = key_file(Settings())
    try:
        found = file.read()
    except ApiKeyError as exc:
        raise Stop(str(exc)) from None
    table = Table("name", "created", "revoked", "scope")
    for key in found:
        table.add_row(key.name, key.created_at, key.revoked_at or "", key.scope)
    console.print(table)
    if not found:
        console.print(f"no API keys in {file.path}")


@keys.command("revoke")
@polite
def revoke(name: Annotated[str, typer.Argument(help="The key's name.")]) -> None:
    """The key opens nothing from now on, on every server that reads this file; the battles
    it created stay, each still opened by its own tokens."""
    file = key_file(Settings())
    try:
        revoked = file.revoke(name, datetime.now(UTC))
    except ApiKeyError as exc:
        raise Stop(str(exc)) from None
    console.print(f"API key [bold]{revoked.name}[/bold] revoked at {revoked.revoked_at}")


def first_key(settings: Settings) -> None:
    """A default server's first start: with no `TURNLEDGER_API_KEY` and no key file yet, make
    a key named `first` and print it, once."""
    if settings.api_key:
        return
    try:
        secret = key_file(settings).create_first(datetime.now(UTC))
    except (ApiKeyError, OSError) as exc:
        raise Stop(f"cannot make the first API key: {exc}") from None
    if secret is not None:
        console.print(
            f"[bold]first API key[/bold] (shown once, keep it; `turnledger keys` makes more):"
            f" {secret}"
        )
