"""Idempotent battle creation: the first answer under each client's key, and the server secret
that seals the director token it showed, so that a retried creation gets the same battle and
the same token without any token being stored in the clear.

`creation_keys` is keyed by the client's scope (its API key's hash, or its address) and the
`Idempotency-Key` it sent; a battle has no id yet when its creation is asked for, so the key
cannot live beside the battle's own idempotency keys. Failed creations remove their battle row
and their key (the application role may DELETE both for that, nothing else).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24
"""

from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

APP_ROLE = "turnledger_app"


def upgrade() -> None:
    op.execute(
        """
        CREATE TABLE creation_keys (
            scope         varchar(64)  NOT NULL,
            key           varchar(200) NOT NULL,
            request_hash  bytea        NOT NULL,
            battle_id     varchar(64)  NOT NULL,
            sealed_token  bytea        NOT NULL,
            recorded_at   timestamptz  NOT NULL,
            CONSTRAINT creation_keys_pkey PRIMARY KEY (scope, key)
        )
        """
    )
    op.execute(
        """
        CREATE TABLE server_secrets (
            name   varchar(64) NOT NULL,
            value  bytea       NOT NULL,
            CONSTRAINT server_secrets_pkey PRIMARY KEY (name)
        )
        """
    )
    op.execute(
        f"""
        DO $$
        BEGIN
            IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
                GRANT SELECT, INSERT, DELETE ON creation_keys TO {APP_ROLE};
                GRANT SELECT, INSERT ON server_secrets TO {APP_ROLE};
                GRANT DELETE ON battles TO {APP_ROLE};
            END IF;
        END
        $$
        """
    )


def downgrade() -> None:
    op.execute(
        f"""
        DO $$
        BEGIN
            IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
                REVOKE DELETE ON battles FROM {APP_ROLE};
            END IF;
        END
        $$
        """
    )
    op.execute("DROP TABLE server_secrets")
    op.execute("DROP TABLE creation_keys")
