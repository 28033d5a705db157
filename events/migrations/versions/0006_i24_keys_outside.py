"""Keys outside the database: the sealing secret leaves `server_secrets`, and verified heads.

The secret that sealed retried creations' director tokens was kept in `server_secrets`, beside
the sealed tokens, so a copy of the database unsealed them all. It now lives in the server's
key store (server/trust/keyring.py). This revision forgets it: the row is deleted and the
application role loses the table (kept, empty, because the `citus` branch's c002 names it);
the creation claims sealed under it are deleted too, since nothing can unseal them any more.
A creation retried across the upgrade therefore makes a new battle (claims only serve retries
of a creation, within moments of it).

Least privilege: the application role loses what it never uses: UPDATE on `idempotency_keys`
(claimed by INSERT ... ON CONFLICT DO NOTHING) and UPDATE on `snapshots` (inserted, never
changed). What it keeps beyond SELECT and INSERT: UPDATE and DELETE on `battle_views` and
`creature_views` (the read model the append rewrites, 0005_i25), DELETE on `snapshots` (a
rebuild replaces a battle's snapshots), DELETE on `battles` and `creation_keys` (a failed
creation removes its row and its claim). `event_log` stays SELECT
and INSERT only; the server refuses to start with more (server/trust/roles.py).

`verified_heads` keeps, per battle, versions whose chain was verified and the hash there, each
with an HMAC under the chain key, so `verify` resumes from the latest instead of walking the
whole log again, and a row forged in the database is ignored. The application may only
SELECT and INSERT it.

Revision ID: 0006_i24
Revises: 0005_i28
Create Date: 2026-11-26
"""

from alembic import op

revision = "0006_i24"
down_revision = "0005_i28"
branch_labels = None
depends_on = None

APP_ROLE = "turnledger_app"


def upgrade() -> None:
    op.execute("DELETE FROM server_secrets")
    op.execute("DELETE FROM creation_keys")
    op.execute(
        """
        CREATE TABLE verified_heads (
            battle_id    varchar(64)  NOT NULL,
            version      integer      NOT NULL,
            hash         bytea        NOT NULL,
            keyed        boolean      NOT NULL,
            mac          bytea        NOT NULL,
            verified_at  timestamptz  NOT NULL,
            CONSTRAINT verified_heads_pkey PRIMARY KEY (battle_id, version)
        )
        """
    )
    op.execute(
        f"""
        DO $$
        BEGIN
            IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
                REVOKE ALL ON server_secrets FROM {APP_ROLE};
                REVOKE UPDATE ON idempotency_keys FROM {APP_ROLE};
                REVOKE UPDATE ON snapshots FROM {APP_ROLE};
                GRANT SELECT, INSERT ON verified_heads TO {APP_ROLE};
            END IF;
        END
        $$
        """
    )


def downgrade() -> None:
    op.execute("DROP TABLE verified_heads")
    op.execute(
        f"""
        DO $$
        BEGIN
            IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
                GRANT SELECT, INSERT ON server_secrets TO {APP_ROLE};
                GRANT UPDATE ON idempotency_keys, snapshots TO {APP_ROLE};
            END IF;
        END
        $$
        """
    )
