# Set-up is part of every target: a fresh machine needs only python3 and make.
VENV ?= .venv
PYTHON := $(VENV)/bin/python
INSTALLED := $(VENV)/.installed

.PHONY: serve test test-browser build check browser-deps

$(INSTALLED): pyproject.toml
	python3 -m venv $(VENV)
	$(PYTHON) -m pip install --quiet --upgrade pip
	$(PYTHON) -m pip install --quiet -e '.[test]'
	touch $@

# --dirty: a saved paper file is previewed in seconds, whatever the list's size: the
# reading-list plugin generates and MkDocs rebuilds only what the file changed.
serve: $(INSTALLED)
	$(VENV)/bin/mkdocs serve --dirty

build: $(INSTALLED)
	$(VENV)/bin/mkdocs build --strict

check: $(INSTALLED)
	$(PYTHON) -m generator check

test: $(INSTALLED) browser-deps
	$(PYTHON) -m pytest $(PYTEST_ARGS)

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
