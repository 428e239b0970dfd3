#!/usr/bin/env bash
# The Python package's tests: creates a virtual environment under target/venv (once),
# installs the pinned test requirements, builds the grundy wheel with maturin, installs it
# and runs pytest. Nothing is skipped: a missing package or a failed build fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
VENV=target/venv

echo "== python: virtual environment $VENV"
if [ ! -x "$VENV/bin/python" ]; then
    "$PYTHON" -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    -r python/requirements-test.txt

echo "== python: build and install the wheel"
rm -rf target/wheels
"$VENV/bin/maturin" build --release --quiet --manifest-path python/Cargo.toml \
    --interpreter "$VENV/bin/python" --out target/wheels
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    --force-reinstall --no-deps target/wheels/grundy-*.whl

echo "== python: pytest"
# From the repository root, so that `import grundy` finds the installed package and not
# the sources in python/grundy (which lack the native module).
"$VENV/bin/python" -I -m pytest -p no:cacheprovider python/tests "$@"
