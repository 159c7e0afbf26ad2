# The two commands of the quick start:
#   make run    set everything up and serve the app on http://localhost:8501
#   make test   set everything up and run the whole test suite (lint, unit, app and browser tests)
# Everything installs into .venv; the browser tests use Debian's chromium (installed with apt).

VENV   ?= .venv
PYTHON ?= python3
PY     := $(VENV)/bin/python
PORT   ?= 8501

.PHONY: run test lint bench clean

$(VENV)/.runtime: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.testing: $(VENV)/.runtime requirements-test.txt package-lock.json
	$(PY) -m pip install --quiet -r requirements-test.txt
	npm ci --no-audit --no-fund --silent
	touch $@

/usr/bin/chromium:
	@if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium fonts-noto-color-emoji; \
	else sudo apt-get update -qq && sudo apt-get install -y -qq chromium fonts-noto-color-emoji; fi

run: $(VENV)/.runtime
	$(PY) -m streamlit run app.py --server.port $(PORT)

lint: $(VENV)/.testing
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

test: $(VENV)/.testing /usr/bin/chromium lint
	$(PY) -m pytest

bench: $(VENV)/.testing
	@for script in bench/bench_*.py; do echo "== $$script"; PYTHONPATH=. $(PY) $$script || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache test-artifacts
