"""The two roles the server uses: the owner, who migrates, and the application's role, which
may only read and append (DESIGN section 3, "Trust"; README, "Least privilege").

Production names both: `MIGRATION_DATABASE_URL` (the owner of the schema) and `DATABASE_URL`
(a login role that is `turnledger_app` or a member of it). When only one URL is known (the
embedded default, or `DATABASE_URL` alone), it is the owner's: the server migrates with it,
gives `turnledger_app` a login with a password made once and kept in the data folder, and
connects as `turnledger_app`. Either way it refuses to start when its role could alter the
log: a superuser, an owner (or a member of the owner) of any of its tables, a role with
UPDATE, DELETE, TRUNCATE or TRIGGER on `event_log`, or one that may set
`session_replication_role` (which switches the append-only triggers off).

On a Citus cluster the server may serve from the workers (ops/SCALING.md, "Servers on the
workers"): `DATABASE_URL` names them (a balancer in front of them, or a libpq host list) and
`MIGRATION_DATABASE_URL` the coordinator, where the owner migrates and the role is made; the
role's checks are then asked of the worker the server reached and, through it, of every other.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import tempfile
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, text
from sqlalchemy.engine import make_url

from events import cluster

APP_ROLE = "turnledger_app"
PASSWORD_FILE = "app-role-password"
_ROLE_LOCK = 0x74726F6C  # serialises ALTER ROLE between the processes of one deployment


class RoleTooStrong(Exception):
    """The server's role could alter the log: one line saying how."""


class RoleSetupFailed(Exception):
    """The owner's URL cannot give the application role a login: one line saying why."""


def check_serving_node(engine: Engine, notify_database_url: str | None) -> None:
    """Refuse (RoleSetupFailed) to serve from a Citus worker without a node to meet on.

    Servers wake each other's live streams with NOTIFY, which reaches only the listeners of the
    node it is sent to; servers spread over the workers would each hear only the servers that
    happen to share their node, and streams would fall back on their safety poll (seconds).
    TURNLEDGER_NOTIFY_DATABASE_URL names the one node where all of them meet (the
    coordinator: at most one NOTIFY per server per notifier interval, not one per append)."""
    with engine.connect() as conn:
        on_worker = cluster.is_worker(conn)
    if on_worker and not notify_database_url:
        raise RoleSetupFailed(
            "DATABASE_URL is a Citus worker: set TURNLEDGER_NOTIFY_DATABASE_URL to the"
            " coordinator (one node where every server announces new events and listens)"
        )


def app_password(data_dir: Path) -> str:
    """The application role's password, made once in the data folder (mode 0600)."""
    path = data_dir.expanduser() / PASSWORD_FILE
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, aside = tempfile.mkstemp(dir=path.parent, prefix=".password-")
        try:
            os.fchmod(fd, 0o600)
            with os.fdopen(fd, "w") as out:
                out.write(secrets.token_hex(24))
            with contextlib.suppress(FileExistsError):  # another process made it first
                os.link(aside, path)
        finally:
            os.unlink(aside)
    return path.read_text().strip()


def enable_app_login(owner: Engine, password: str) -> None:
    """Let `turnledger_app` log in with `password` (the owner must be allowed to)."""
    if not password.isalnum():  # spliced into the statement: hex only
        raise RoleSetupFailed("the application role's password must be letters and digits")
    with owner.begin() as conn:
        conn.execute(text(f"SELECT pg_advisory_xact_lock({_ROLE_LOCK})"))
        allowed = conn.execute(
            text("SELECT rolsuper OR rolcreaterole FROM pg_roles WHERE rolname = current_user")
        ).scalar()
        exists = conn.execute(
            text("SELECT 1 FROM pg_roles WHERE rolname = :r"), {"r": APP_ROLE}
        ).first()
        if not allowed or exists is None:
            raise RoleSetupFailed(
                f"cannot give {APP_ROLE} a login from DATABASE_URL's role: set"
                " MIGRATION_DATABASE_URL to the schema's owner and DATABASE_URL to a login role"
                f" that is {APP_ROLE} or a member of it"
            )
        conn.execute(text(f"ALTER ROLE {APP_ROLE} LOGIN PASSWORD '{password}'"))


def app_url(owner_url: str, password: str) -> str:
    """The owner's URL (same host and database) as the application role."""
    url = make_url(owner_url).set(username=APP_ROLE, password=password)
    return url.render_as_string(hide_password=False)


_POWERS = """
SELECT r.rolsuper AS superuser,
       EXISTS (SELECT 1 FROM pg_class c
               WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
                 AND pg_has_role(current_user, c.relowner, 'MEMBER')) AS owner,
       has_table_privilege('event_log', 'UPDATE') AS update,
       has_table_privilege('event_log', 'DELETE') AS delete,
       has_table_privilege('event_log', 'TRUNCATE') AS truncate,
       has_table_privilege('event_log', 'TRIGGER') AS trigger,
       current_setting('server_version_num')::int AS server_version
FROM pg_roles r WHERE r.rolname = current_user
"""


# Asked of every worker of a Citus cluster, as the same role (Citus connects to the workers as
# the coordinator's user): the log's rows live in the shards there, `event_log_<shard id>`.
_WORKER_POWERS = (
    "SELECT concat_ws(',',"
    " CASE WHEN rolsuper THEN 'is a superuser' END,"
    " CASE WHEN EXISTS (SELECT 1 FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace"
    "  AND c.relkind IN ('r', 'p') AND pg_has_role(current_user, c.relowner, 'MEMBER'))"
    "  THEN 'owns a shard' END,"
    " CASE WHEN EXISTS (SELECT 1 FROM pg_class c WHERE c.relname ~ '^event_log_[0-9]+$'"
    "  AND (has_table_privilege(c.oid, 'UPDATE') OR has_table_privilege(c.oid, 'DELETE')"
    "   OR has_table_privilege(c.oid, 'TRUNCATE') OR has_table_privilege(c.oid, 'TRIGGER')))"
    "  THEN 'may alter a shard of event_log' END,"
    " CASE WHEN has_parameter_privilege('session_replication_role', 'SET')"
    "  THEN 'may set session_replication_role' END)"
    " FROM pg_roles WHERE rolname = current_user"
)


def _on_workers(conn: Any) -> list[str]:
    """What the role could do on each Citus worker, when the database is a coordinator."""
    citus = conn.execute(text("SELECT 1 FROM pg_extension WHERE extname = 'citus'")).first()
    if citus is None:
        return []
    rows = conn.execute(
        text("SELECT nodename, nodeport, success, result FROM run_command_on_workers(:c)"),
        {"c": _WORKER_POWERS},
    ).all()
    found = []
    for row in rows:
        if not row.success:
            found.append(f"could not be checked on worker {row.nodename}:{row.nodeport}")
        elif row.result:
            found.extend(
                f"{what} on worker {row.nodename}:{row.nodeport}" for what in row.result.split(",")
            )
    return found


def check_app_role(engine: Engine) -> None:
    """Refuse (RoleTooStrong) a role that could alter the log; see the module docstring.

    On a Citus coordinator the same is asked of every worker, where the shards are."""
    with engine.connect() as conn:
        row = conn.execute(text(_POWERS)).one()
        replication = False
        if row.server_version >= 150000:  # SET on a superuser parameter may be granted
            replication = bool(
                conn.execute(
                    text("SELECT has_parameter_privilege('session_replication_role', 'SET')")
                ).scalar()
            )
        user = conn.execute(text("SELECT current_user")).scalar()
        on_workers = _on_workers(conn)
    powers = [
        ("is a superuser", row.superuser),
        ("owns (or is a member of the owner of) a turnledger table", row.owner),
        ("may UPDATE event_log", row.update),
        ("may DELETE from event_log", row.delete),
        ("may TRUNCATE event_log", row.truncate),
        ("may make triggers on event_log", row.trigger),
        ("may set session_replication_role", replication),
    ]
    found = [what for what, holds in powers if holds] + on_workers
    if found:
        raise RoleTooStrong(
            f"the server's database role {user} could alter the log ({', '.join(found)}):"
            f" connect as a role that may only read and append ({APP_ROLE}; README,"
            " 'Least privilege')"
        )
