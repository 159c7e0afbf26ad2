# The two commands of the quick start:
#   make run    set everything up and serve the app on http://localhost:8501
#   make test   set everything up and run the whole test suite (lint, unit, app and browser tests)
#   make test-fast   the same without the library cross-checks and the browser tests
#   make serve  several app processes behind nginx on http://localhost:8080 (deploy/serve.py)
# Everything installs into .venv; the browser tests use Debian's chromium and nginx, the
# classroom's storage tests Debian's postgresql (apt).

VENV   ?= .venv
PYTHON ?= python3
PY     := $(VENV)/bin/python
PORT   ?= 8501
# make serve: nginx's port and the number of app processes (default: one per core)
PROXY_PORT ?= 8080
PROCESSES  ?= $(shell nproc 2>/dev/null || echo 2)

# The suite on every core (pytest-xdist); each worker starts its own app servers. Work is
# handed out as workers free up, so the long browser tests do not queue behind one worker.
PARALLEL ?= -n auto --dist worksteal
# Python's bytecode (and pytest's rewritten test modules) kept in __pycache__ during a test run,
# even where the environment sets PYTHONDONTWRITEBYTECODE (this machine does): every app server,
# file reader and command-line run a test starts would otherwise compile the app's modules again,
# and each pytest worker its tests (bench/README.md, "Bytecode kept during the tests").
KEEP_BYTECODE := PYTHONDONTWRITEBYTECODE=

.PHONY: run serve test test-fast durations messages lint bench clean postgresql

# ranx does not install beside pandas 3 and torchmetrics needs torch: each gets a venv of its own,
# which the cross-check tests call. If one cannot be installed, its tests say so and skip.
OTHER_LIBS := NDCG_RANX_PYTHON=$(CURDIR)/.venv-ranx/bin/python \
              NDCG_TORCHMETRICS_PYTHON=$(CURDIR)/.venv-torchmetrics/bin/python

$(VENV)/.runtime: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.testing: $(VENV)/.runtime requirements-test.txt package-lock.json
	$(PY) -m pip install --quiet -r requirements-test.txt
	npm ci --no-audit --no-fund --silent
	touch $@

# Installed, ranx runs once each metric the tests ask for, on document ids of every length they
# use: numba compiles ranx's functions once per type of their arguments (an id's length is part
# of it) and caches them beside ranx, so the tests do not pay the compile (3-4 minutes of CPU).
.venv-ranx/.ready:
	$(PYTHON) -m venv .venv-ranx
	.venv-ranx/bin/pip install --quiet "ranx>=0.3.20" "pandas<3" \
	  && .venv-ranx/bin/python tests/crosscheck/library_runner.py warm-ranx \
	  && touch $@ || echo "ranx could not be installed here: its cross-checks will skip"

.venv-torchmetrics/.ready:
	$(PYTHON) -m venv .venv-torchmetrics
	.venv-torchmetrics/bin/pip install --quiet "torch==2.13.0" "torchmetrics>=1.4" \
	  && touch $@ || echo "torchmetrics could not be installed here: its cross-checks will skip"

/usr/bin/chromium:
	@if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium fonts-noto-color-emoji; \
	else sudo apt-get update -qq && sudo apt-get install -y -qq chromium fonts-noto-color-emoji; fi

# Debian's nginx, for `make serve` and the deployment's browser test (which skips, saying so, if
# it cannot be installed). Where the package starts a system-wide nginx on port 80 (no
# policy-rc.d), that one is stopped again: deploy/serve.py runs its own.
/usr/sbin/nginx:
	@if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	{ $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq nginx \
	  && { [ ! -s /run/nginx.pid ] || $$SUDO /usr/sbin/nginx -s quit; }; } \
	|| echo "nginx could not be installed here: the deployment tests will skip"

# Debian's PostgreSQL server, for the classroom's storage tests: they start a throwaway cluster of
# their own (a temporary folder, a free loopback port) and skip, saying so, if it cannot be
# installed. Where the package starts the system-wide cluster (no policy-rc.d), it is stopped.
postgresql:
	@if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	{ $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq postgresql \
	  && { $$SUDO service postgresql stop >/dev/null 2>&1 || true; }; } \
	|| echo "postgresql could not be installed here: the classroom's PostgreSQL tests will skip"

run: $(VENV)/.runtime
	$(PY) -m streamlit run app.py --server.port $(PORT)

serve: $(VENV)/.runtime /usr/sbin/nginx
	$(PY) deploy/serve.py --processes $(PROCESSES) --listen $(PROXY_PORT)

lint: $(VENV)/.testing
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

# HYPOTHESIS_PROFILE picks how many examples each property test tries (conftest.py): `ci`, the
# same 100 every run; `dev`, 50 drawn afresh.
test: $(VENV)/.testing .venv-ranx/.ready .venv-torchmetrics/.ready /usr/bin/chromium /usr/sbin/nginx postgresql lint
	$(KEEP_BYTECODE) HYPOTHESIS_PROFILE=ci $(OTHER_LIBS) $(PY) -m pytest $(PARALLEL)

# For everyday work: everything but the real-library cross-checks, the browser tests and the
# exploration of every control (a few minutes instead of ten), with fewer examples per property. `make test` above is still
# the one that counts. Their folders are not even collected: each worker would import
# scikit-learn, pytrec_eval, scipy and Playwright only to leave the tests out, and a missing
# library would fail the collection.
test-fast: $(VENV)/.testing postgresql lint
	$(KEEP_BYTECODE) HYPOTHESIS_PROFILE=dev $(PY) -m pytest $(PARALLEL) -m "not crosscheck and not browser and not explore" \
	  --ignore=tests/crosscheck --ignore=tests/browser

# The suite once more, keeping each test's time in tests/durations.json (commit it): the order
# in which the tests are handed to the workers comes from that file (conftest.py), so a fresh
# clone and CI balance the workers as well as a machine that has run the suite before.
durations: $(VENV)/.testing .venv-ranx/.ready .venv-torchmetrics/.ready /usr/bin/chromium /usr/sbin/nginx postgresql
	$(KEEP_BYTECODE) HYPOTHESIS_PROFILE=ci $(OTHER_LIBS) $(PY) -m pytest $(PARALLEL) --record-durations

# The message catalogues: every text the code marks (tr, trn, N_) extracted to i18n/messages.pot,
# and each language's i18n/locales/<lang>/LC_MESSAGES/messages.po brought in step with it.
messages: $(VENV)/.runtime
	$(PY) -m devtools.messages update

bench: $(VENV)/.testing /usr/sbin/nginx
	@for script in bench/bench_*.py; do echo "== $$script"; PYTHONPATH=. $(PY) $$script || exit 1; done

clean:
	rm -rf $(VENV) .venv-ranx .venv-torchmetrics node_modules .pytest_cache test-artifacts
