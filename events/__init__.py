"""The vocabulary of turnledger (value types, event types, the envelope) and its event store.

Only the vocabulary is pure; the PostgreSQL store lives in `events.store` and is wired to the
rest of the system by `server` alone.
"""
