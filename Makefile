PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: test check lint lock play bench coverage clean web itch serve test-web bench-wasm catalogs sim determinism

# The tests run in parallel (pytest-xdist), one worker per core; `make test JOBS=1` runs them in
# one process.  Tests that share an expensive fixture run in one worker (loadgroup, tests/scheduling.py).
JOBS ?= auto
PYTEST = $(PY) -m pytest -n $(JOBS) --dist loadgroup

# pygbag's simulator environment (see `sim` below), made by `make test` where a Python 3.12 is found
SIM_VENV := .venv-sim
PYTHON312 ?= $(shell for p in python3.12 $(HOME)/.pyenv/versions/3.12*/bin/python3.12 /usr/local/bin/python3.12 /usr/bin/python3.12; do \
	"$$p" -c 'import sys; assert sys.version_info[:2] == (3, 12)' 2>/dev/null && { echo "$$p"; break; }; done)
SIM_STAMP := $(if $(PYTHON312),$(SIM_VENV)/.installed)
# ---- the web version (issue 6): pygbag, Playwright, Debian's chromium and Pyodide --------------
WEB_STAMP := $(VENV)/.web-installed
WEB_TEST_STAMP := $(VENV)/.web-test-installed
NPM_PREFIX := build/web-cache/npm
NPM_STAMP := $(NPM_PREFIX)/node_modules/.package-lock.json
CDN ?=
PKG_INDEX ?=
EMBED_ORIGINS ?=
GAME_ORIGINS ?=
SELF_HOST ?=
PORT ?= 4280

# What .venv holds is pinned: requirements.lock (the game, Babel, the test tools and ruff) and
# requirements-web.lock (pygbag, Playwright), both made by `make lock` from pyproject.toml and the
# web requirements; the project itself goes in editable, without its dependencies.
LOCK := requirements.lock
WEB_LOCK := requirements-web.lock
UV := uv==0.13.8

$(STAMP): pyproject.toml $(LOCK)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet -r $(LOCK)
	$(PY) -m pip install --quiet --no-deps -e .
	touch $(STAMP)

# After editing the dependencies in pyproject.toml, tools/requirements-web.txt or
# tests/web/requirements.txt: `make lock` pins what they add and keeps the other pins;
# `make lock UPGRADE=1` moves every pin to the newest release.  One lock for Python 3.11 and up
# (uv's universal resolution: a pin that differs by version carries its marker).  Commit both.
lock:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet $(UV)
	$(PY) -m uv pip compile --quiet --universal --python-version 3.11 $(if $(UPGRADE),--upgrade) \
		pyproject.toml --extra test -o $(LOCK)
	$(PY) -m uv pip compile --quiet --universal --python-version 3.11 $(if $(UPGRADE),--upgrade) \
		tools/requirements-web.txt tests/web/requirements.txt -c $(LOCK) -o $(WEB_LOCK)

# The compiled catalogs the game reads (git ignores them), by Babel from each translated .po
CATALOGS := $(patsubst %.po,%.mo,$(filter-out game/i18n/en.po,$(wildcard game/i18n/*.po)))

game/i18n/%.mo: game/i18n/%.po $(STAMP)
	$(PY) -m game.i18n compile game/i18n $*

catalogs: $(CATALOGS)

# Everything: engine, AI, table, and the web tests (Chromium, Playwright, Pyodide installed here).
test: $(WEB_TEST_STAMP) $(NPM_STAMP) $(CATALOGS) $(SIM_STAMP)
	sh tools/install_test_tools.sh
	$(PY) -m ruff check .
	TRICK_TABLE_WEB_TESTS=1 $(PYTEST)

# ruff, as pyproject.toml configures it (`make test` runs it first); it never reformats
lint: $(STAMP)
	$(PY) -m ruff check .

# The edit-test loop (110 s of CPU, about a minute on two cores): the engine, the AI's rules and the
# UI's logic; no browser, none of the tests marked slow (long AI runs, whole matches at the table).
check: $(STAMP) $(CATALOGS)
	$(PYTEST) -m "not slow" --ignore=tests/web

# Whether any test's outcome depends on the machine's load or the order of the tests: the suite
# RUNS times with a busy loop on every core and RUNS times idle, in a shuffled order
# (tools/determinism_check.py --help; ARGS="tests/test_ai.py" checks a part).
RUNS ?= 2
determinism: $(WEB_TEST_STAMP) $(NPM_STAMP) $(CATALOGS)
	sh tools/install_test_tools.sh
	TRICK_TABLE_WEB_TESTS=1 $(PY) tools/determinism_check.py --loaded $(RUNS) --idle $(RUNS) $(ARGS)

play: $(STAMP) $(CATALOGS)
	$(PY) main.py

bench: $(STAMP)
	$(PY) benchmarks/engine.py

# Which lines of game/ and main.py no test runs (the suite as `make test` runs it, some 10 minutes
# under coverage); files under 95 % are listed with their lines
coverage: $(WEB_TEST_STAMP) $(NPM_STAMP) $(CATALOGS)
	sh tools/install_test_tools.sh
	TRICK_TABLE_WEB_TESTS=1 $(PY) -m coverage run --data-file=build/.coverage --source=game,main -m pytest -q
	$(PY) -m coverage report --data-file=build/.coverage --include='$(CURDIR)/game/*,$(CURDIR)/main.py' --skip-covered --sort=cover --show-missing --fail-under=0 \
		| awk 'NR <= 2 || /TOTAL/ || $$4 + 0 < 95'

clean:
	rm -rf $(VENV) $(SIM_VENV) .pytest_cache .hypothesis build/web build/stage build/web-cache $(CATALOGS)

# pygbag (make web) and Playwright (the browser tests), from the web lock
$(WEB_STAMP): $(STAMP) $(WEB_LOCK)
	$(PY) -m pip install --quiet -r $(WEB_LOCK)
	touch $@

$(WEB_TEST_STAMP): $(WEB_STAMP)
	touch $@

# Pyodide from npm, installed under build/ (ignored by git), from our package-lock.json
$(NPM_STAMP): package.json package-lock.json
	sh tools/install_test_tools.sh
	mkdir -p $(NPM_PREFIX)
	cp package.json package-lock.json $(NPM_PREFIX)/
	npm ci --prefix $(NPM_PREFIX) --no-audit --no-fund --loglevel=error

# build/web, offline: `make web CDN=https://host/pygbag/0.9.3/ PKG_INDEX=https://host/pygbag/`, or
# `make web SELF_HOST=DIR` (DIR laid out as pygbag's CDN: the runtime goes into the site, nothing
# from another host); EMBED_ORIGINS="https://rules.example https://other.example" lets those pages
# send the game commands; GAME_ORIGINS lists other sites whose game examples/embed.html may show
WEB_ARGS = $(if $(CDN),--cdn $(CDN)) $(if $(PKG_INDEX),--pkg-index $(PKG_INDEX)) $(if $(SELF_HOST),--self-host $(SELF_HOST)) \
	--embed-origins "$(EMBED_ORIGINS)" --game-origins "$(GAME_ORIGINS)"
web: $(WEB_STAMP)
	$(PY) tools/web_build.py $(WEB_ARGS)

# itch.io: build/web-itch/ with the .apk its page opens, zipped as build/tricktable-itch.zip
itch: $(WEB_STAMP)
	$(PY) tools/web_build.py $(WEB_ARGS) --itch --out build/web-itch --stage build/stage-itch

# pygbag's simulator (python -m pygbag --sim) runs main.py natively: a Python 3.12 (the runtime's
# version) beside the project with the pinned pygbag, pygame-ce and what the runtime's
# aio/pep0723.py imports.  `make test` makes it when this machine has a Python 3.12 (on the PATH or
# pyenv's); PYTHON312=/path/to/python3.12 names one.  tests/web/test_web_sim.py skips without it.
$(SIM_VENV)/.installed: tools/requirements-web.txt
	$(PYTHON312) -m venv $(SIM_VENV)
	$(SIM_VENV)/bin/python -m pip install --quiet pygbag==0.9.3 pygame-ce==2.5.8 installer==1.1.0 \
		pyparsing==3.3.3 packaging==26.4 platform-wasm==0.1.5
	touch $@

sim: $(SIM_VENV)/.installed
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(SIM_VENV)/bin/python tools/pygbag_sim.py

serve: web
	$(PY) tools/web_serve.py --port $(PORT)

test-web: $(WEB_TEST_STAMP) $(NPM_STAMP) $(CATALOGS)
	sh tools/install_test_tools.sh
	TRICK_TABLE_WEB_TESTS=1 $(PYTEST) tests/web

bench-wasm: $(WEB_TEST_STAMP) $(NPM_STAMP)
	sh tools/install_test_tools.sh
	$(PY) benchmarks/wasm.py
