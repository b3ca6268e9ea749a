# The two set-up commands of the README: `make build` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# The venv remembers the Python that made it: another Python (or a failed first try with an old one)
# gets a fresh venv instead of one that fails forever.
PY_ID := $(shell $(PYTHON) -c 'import sys; print("%d.%d.%d" % sys.version_info[:3])' 2>/dev/null)
PY_MARK := $(VENV)/.made-by-python-$(PY_ID)

.PHONY: build test engine pictures engine-pictures clean

$(PY_MARK):
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "modgen needs Python 3.11 or newer; $(PYTHON) is %d.%d (run: make PYTHON=python3.11 ...)" % sys.version_info[:2])'
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV)
	touch $@

$(STAMP): pyproject.toml $(PY_MARK)
	$(PY) -m pip install --quiet --disable-pip-version-check -e ".[test]"
	touch $(STAMP)

# Every game's module into build/, then the shipped sample saves checked against their module.
build: $(STAMP)
	$(PY) -m modgen build --out build
	@if [ -d samples ]; then $(PY) -m modgen check-samples; fi

# The real VASSAL engine (Debian Java libraries, Xvfb, the engine jar) for the conformance tests.
engine:
	bash conformance/install-engine.sh

test: $(STAMP) engine
	$(PY) -m pytest

# The README's pictures, drawn again from the current data (never edited by hand).
pictures: build
	$(PY) tools/readme_pictures.py build docs/images

# The README's pictures of each map window in play, drawn by the real VASSAL engine (needs `make engine`).
engine-pictures: build
	$(PY) tools/engine_pictures.py build docs/images

clean:
	rm -rf build
