"""Tokens that can be revoked and rotated: `revoked_tokens` and `director_tokens`.

A leaked token must stop working. Tokens are stored hashed in `battles` and `battle_seats`,
which the application role may not update (README, "Least privilege"), so a revocation is a
row of its own: `revoked_tokens` names the battle, the token's hash, when it was revoked and
what it was (`director`, `seat:<id>`). A rotated director token is the old hash revoked and a
new hash in `director_tokens`; a battle's director is any hash in `battles` or there that is
not revoked. The application role may only SELECT and INSERT both: a revocation cannot be
taken back, and a token once revoked stays revoked.

Revision ID: 0009_i38
Revises: 0008_i36
Create Date: 2026-11-28
"""

from alembic import op

revision = "0009_i38"
down_revision = "0008_i36"
branch_labels = None
depends_on = None

APP_ROLE = "turnledger_app"


def upgrade() -> None:
    op.execute(
        """
        CREATE TABLE revoked_tokens (
            battle_id   varchar(64)  NOT NULL,
            token_hash  bytea        NOT NULL,
            revoked_at  timestamptz  NOT NULL,
            what        varchar(80)  NOT NULL,
            CONSTRAINT revoked_tokens_pkey PRIMARY KEY (battle_id, token_hash)
        )
        """
    )
    op.execute(
        """
        CREATE TABLE director_tokens (
            battle_id   varchar(64)  NOT NULL,
            token_hash  bytea        NOT NULL,
            created_at  timestamptz  NOT NULL,
            CONSTRAINT director_tokens_pkey PRIMARY KEY (battle_id, token_hash)
        )
        """
    )
    op.execute(
        f"""
        DO $$
        BEGIN
            IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
                GRANT SELECT, INSERT ON revoked_tokens, director_tokens TO {APP_ROLE};
            END IF;
        END
        $$
        """
    )


def downgrade() -> None:
    op.execute("DROP TABLE director_tokens")
    op.execute("DROP TABLE revoked_tokens")
