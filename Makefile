# turnledger: `make run` serves on an embedded PostgreSQL; `make test` runs every check.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
RUN    := $(VENV)/.installed-run
DEV    := $(VENV)/.installed-dev

.PHONY: install run demo test lint typecheck pytest browser node citus balancer bench clean

# `make run` installs what serving needs, with the embedded PostgreSQL (the `embedded` extra);
# the development extras (pytest, playwright, mypy, schemathesis, the Python client) come
# with `make install` / `make test`.
# Each step that takes more than a few seconds says what it does and about how long, first.
$(RUN): pyproject.toml
	@echo "make: creating $(VENV) and installing the server's dependencies with pip (about a minute the first time, seconds from pip's cache)"
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[embedded]'
	touch $(RUN)

$(DEV): $(RUN) pyproject.toml clients/python/pyproject.toml
	@echo "make: installing the development extras and the Python client with pip (about a minute the first time)"
	$(BIN)/python -m pip install --quiet -e '.[dev]' -e clients/python
	touch $(DEV)

install: $(DEV)

# Ctrl-C is how a server is stopped: turnledger then exits 130 (128 + SIGINT) once it has
# stopped cleanly, which is not make's error to report.
run: $(RUN)
	@trap : INT; $(BIN)/turnledger serve || [ $$? -eq 130 ]

demo: $(RUN)
	@trap : INT; $(BIN)/turnledger demo --keep-open || [ $$? -eq 130 ]

test: install lint typecheck pytest

lint: install
	@echo "make: ruff, the linter and the formatter's check (about 10 s)"
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# Every package strict (pyproject.toml): the layers, the server and the Python client.
typecheck: install
	@echo "make: mypy, strict on events, projections, engine, server and the client (about a minute cold, seconds from its cache)"
	$(BIN)/mypy events projections engine server clients/python/turnledger_client

# The viewer's browser tests drive Debian's chromium (Playwright cannot download browsers here).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "make: apt-get installing chromium for the viewer's browser tests (about a minute)"; \
	  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } >/dev/null 2>&1 \
	    || { echo "make: apt-get could not install chromium (as root, on Debian or Ubuntu)" >&2; exit 1; }; }

# Node.js and npm for the TypeScript client's tests and the generated-client check (Debian's).
node:
	@command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || { \
	  echo "make: apt-get installing nodejs and npm for the TypeScript tests (about a minute)"; \
	  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm; } >/dev/null 2>&1 \
	    || { echo "make: apt-get could not install nodejs and npm (as root, on Debian or Ubuntu)" >&2; exit 1; }; }

# Citus, for the cluster tests and benchmarks: the release vendored in third_party/citus (source,
# licence, our build script), built into the virtualenv's pgserver once (about a minute; the
# script does nothing when citus.so is already there).
citus: install
	@bash third_party/citus/build.sh $(BIN)/python

# The load balancer in front of two servers in the cluster tests (Debian's HAProxy).
balancer:
	@command -v haproxy >/dev/null 2>&1 || { \
	  echo "make: apt-get installing haproxy for the cluster tests (about 20 s)"; \
	  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy; } >/dev/null 2>&1 \
	    || { echo "make: apt-get could not install haproxy (as root, on Debian or Ubuntu)" >&2; exit 1; }; }

# In parallel, one worker per core (TEST_WORKERS=1 for one process), each worker on its own
# embedded PostgreSQL; a file's tests share a worker (see tests/conftest.py).
TEST_WORKERS ?= auto
pytest: install browser node citus balancer
	@echo "make: pytest on $(TEST_WORKERS) workers (about 10 minutes on 2 idle cores)"
	@echo "make: pytest first collects the tests and starts each worker's PostgreSQL (about 30 s before the first result)"
	$(BIN)/pytest -n $(TEST_WORKERS) --dist loadfile --durations=25

bench: install citus balancer
	$(BIN)/python -m ops.bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
