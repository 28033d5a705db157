"""The HTTP API v1 (DESIGN.md section 8): routes, problems, the live stream, metrics.

Routes only parse, call the services and map the answer to HTTP; `server.app.create_app`
wires everything together.
"""
