# Set-up is part of every target: a fresh machine needs only python3 and make.
VENV ?= .venv
PYTHON := $(VENV)/bin/python
INSTALLED := $(VENV)/.installed

.PHONY: serve test build check browser-deps

$(INSTALLED): pyproject.toml
	python3 -m venv $(VENV)
	$(PYTHON) -m pip install --quiet --upgrade pip
	$(PYTHON) -m pip install --quiet -e '.[test]'
	touch $@

serve: $(INSTALLED)
	$(VENV)/bin/mkdocs serve

build: $(INSTALLED)
	$(VENV)/bin/mkdocs build --strict

check: $(INSTALLED)
	$(PYTHON) -m generator check

test: $(INSTALLED)
	$(PYTHON) -m pytest $(PYTEST_ARGS)
