"""The service shell: load, decide, append, project; HTTP API, live stream, auth, CLI."""
