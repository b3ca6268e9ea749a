# The two set-up commands of the README: `make build` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: build test engine clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
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

clean:
	rm -rf build
