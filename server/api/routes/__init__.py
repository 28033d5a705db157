"""The HTTP routes, one module per resource: each parses, calls a handler or a query,
and answers."""
