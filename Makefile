# make run   set up a virtual environment, load the demo tournament, serve it on :8000
# make test  set up (Python packages, Debian's chromium and redis-server) and run all tests
# make messages  gather the marked text into locale/*/django.po and compile the .mo files
# make browser-gate  the browser tests RUNS times (3) in a row with one core kept busy
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
HOST   ?= 127.0.0.1:8000

.PHONY: run test venv dev-venv system-deps lint format bench clean messages browser-gate

$(VENV)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.txt
	touch $@

$(VENV)/.dev-installed: $(VENV)/.installed requirements-dev.txt
	$(PY) -m pip install -q -r requirements-dev.txt
	touch $@

venv: $(VENV)/.installed
dev-venv: $(VENV)/.dev-installed

system-deps:
	./scripts/system-deps.sh

run: venv
	DEBUG=1 $(PY) manage.py migrate --noinput -v0
	DEBUG=1 $(PY) manage.py load_demo
	@echo "Serving the demo tournament at http://$(HOST)/  (Ctrl-C to stop)"
	DEBUG=1 $(PY) manage.py runserver $(HOST)

test: dev-venv system-deps
	$(PY) -m pytest $(PYTEST_ARGS)

# The flakiness gate (scripts/browser-gate.sh): the browser suite RUNS times in a row while
# another process keeps one core busy, stopping at the first failure. WORKERS=2 runs it as CI
# does (pytest-xdist -n 2); WORKERS=0 in one process.
RUNS    ?= 3
WORKERS ?= 2
browser-gate: dev-venv system-deps
	RUNS=$(RUNS) WORKERS=$(WORKERS) ./scripts/browser-gate.sh

# The catalogues of the five languages: after marking new text, translate the new entries of each
# locale/<lang>/LC_MESSAGES/django.po, then compile. The .mo files are committed, so that
# `make run` needs no gettext. tests/i18n fails while a catalogue misses a message.
LANGS := de fr it nl pl
messages: dev-venv system-deps
	for domain in django djangojs; do \
	  DEBUG=1 $(PY) manage.py makemessages -d $$domain $(addprefix -l ,$(LANGS)) --no-obsolete \
	    --ignore='.venv/*' --ignore='tests/*' --ignore='benchmarks/*' --ignore='staticfiles/*' \
	    --ignore='docs/*' --ignore='deploy/*' || exit 1; \
	done
	DEBUG=1 $(PY) manage.py compilemessages --ignore='.venv/*'

lint: dev-venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy --strict scoring/rules tournament/seating/core

format: dev-venv
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

bench: dev-venv
	$(PY) benchmarks/bench_rules.py
	$(PY) benchmarks/bench_seating.py
	$(PY) benchmarks/bench_standings.py

clean:
	rm -rf $(VENV) staticfiles .pytest_cache
