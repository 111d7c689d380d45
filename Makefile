# Set-up is part of every target: a fresh machine needs only python3 and make.
# Installs come from requirements.lock: the exact versions the tests passed with, each file
# checked against its hash. pyproject.toml keeps the ranges; `make lock` and `make upgrade`
# write the lock from them (see docs/dependencies.md).
VENV ?= .venv
PYTHON := $(VENV)/bin/python
INSTALLED := $(VENV)/.installed
LOCK := requirements.lock
LOCK_WITH := --extra test --extra dev --universal --python-version 3.11 --generate-hashes --quiet

# Material's end-of-life notice and MkDocs 2.0's notice, silenced with the switch Material
# documents; docs/dependencies.md ("Engines") says what they announce and what the project plans.
export NO_MKDOCS_2_WARNING := 1
export DISABLE_MKDOCS_2_WARNING := true

.PHONY: serve test test-browser build check browser-deps lock upgrade

# uv, pinned in the lock, installs it: its downloads run side by side, a fresh install takes
# about 30 s instead of 75 s with pip. Where uv cannot run, pip takes the same lock.
$(INSTALLED): pyproject.toml $(LOCK)
	python3 -m venv $(VENV)
	awk '/^uv==/ {on = 1} on {print} on && !/\\$$/ {exit}' $(LOCK) > $(VENV)/uv.lock.txt
	$(PYTHON) -m pip install --quiet --require-hashes --no-deps -r $(VENV)/uv.lock.txt
	$(PYTHON) -m uv pip install --quiet --python $(PYTHON) --require-hashes --no-deps --compile-bytecode -r $(LOCK) \
	  || $(PYTHON) -m pip install --quiet --require-hashes --no-deps -r $(LOCK)
	$(PYTHON) -m pip install --quiet --no-deps -e .
	$(PYTHON) -m pip check
	touch $@

# The lock from pyproject.toml, keeping every pin that still fits its range.
lock: $(INSTALLED)
	$(PYTHON) -m uv pip compile pyproject.toml $(LOCK_WITH) -o $(LOCK)

# The newest versions that pyproject.toml allows; then `make test` tells whether they work.
upgrade: $(INSTALLED)
	$(PYTHON) -m uv pip compile pyproject.toml $(LOCK_WITH) --upgrade -o $(LOCK)

# --dirty: a saved paper file is previewed in seconds, whatever the list's size: the
# reading-list plugin generates and MkDocs rebuilds only what the file changed.
serve: $(INSTALLED)
	$(VENV)/bin/mkdocs serve --dirty

build: $(INSTALLED)
	$(VENV)/bin/mkdocs build --strict

check: $(INSTALLED)
	$(PYTHON) -m generator check

# One worker per core (pytest-xdist), each taking a whole test file at a time so that a file's
# built site is built once; `make test WORKERS=0` runs in one process. (Three workers on two cores
# were tried on 2026-11-28: a fresh-clone run took 884 s of tests, as two did, 885 s.)
WORKERS ?= auto
test: $(INSTALLED) browser-deps
	$(PYTHON) -m pytest -n $(WORKERS) --dist loadfile $(PYTEST_ARGS)

# Only the end-to-end tests in headless Chromium (tests/browser/).
test-browser: $(INSTALLED) browser-deps
	$(PYTHON) -m pytest -m browser tests/browser $(PYTEST_ARGS)

# What the browser tests need besides Python: Debian's chromium (installed
# when running as root, as CI does) and axe-core from npm. Quick when present;
# without them the browser tests skip locally and fail under CI=true.
CHROMIUM ?= /usr/bin/chromium
browser-deps:
	@if [ ! -x $(CHROMIUM) ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium fonts-liberation; \
	  else \
	    echo "note: no $(CHROMIUM); browser tests will skip (install it: sudo apt-get install chromium)"; \
	  fi; \
	fi
	@if [ ! -f node_modules/axe-core/axe.min.js ]; then \
	  if command -v npm >/dev/null; then \
	    npm ci --no-audit --no-fund; \
	  else \
	    echo "note: no npm; the accessibility tests will skip (install Node.js and npm, then npm ci)"; \
	  fi; \
	fi
