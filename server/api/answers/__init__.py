"""The HTTP API's request and answer models, so `/openapi.json` says what each route
takes and sends."""
