"""Running the server: the command line, settings, the database and the embedded PostgreSQL."""
