#!/usr/bin/env bash
# The Python package's tests: creates a virtual environment under target/venv (once),
# installs the pinned test requirements, builds the grundy wheel with maturin, installs it
# and runs pytest. Nothing is skipped: a missing package or a failed build fails the run.
#
#   bash .ci/python-tests.sh [PYTEST ARGS...]   # the release wheel (what the benchmarks need)
#   WHEEL_PROFILE=test-build bash .ci/python-tests.sh
#       the wheel built with the tests' optimisation (the dev profile at opt-level 2, which is
#       the test profile's setting), so that the build reuses what `cargo test --workspace`
#       compiled; .ci/run uses it
#   PYTHON_SETUP_ONLY=1 bash .ci/python-tests.sh  # the virtual environment only, then exit
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
if [ -n "${PYTHON_SETUP_ONLY:-}" ]; then
    echo "== python: $VENV is ready"
    exit 0
fi

echo "== python: build and install the wheel"
rm -rf target/wheels
case "${WHEEL_PROFILE:-release}" in
    release) profile=(--release) ;;
    test-build)
        # maturin's `--profile test` would build the test harness; the dev profile with the
        # test profile's one difference (Cargo.toml) shares its artifacts instead.
        export CARGO_PROFILE_DEV_OPT_LEVEL=2
        profile=(--profile dev) ;;
    *) echo "python-tests: WHEEL_PROFILE must be release or test-build, not '$WHEEL_PROFILE'" >&2
       exit 2 ;;
esac
"$VENV/bin/maturin" build "${profile[@]}" --quiet --manifest-path python/Cargo.toml \
    --interpreter "$VENV/bin/python" --out target/wheels
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    --force-reinstall --no-deps target/wheels/grundy-*.whl

echo "== python: pytest"
# From the repository root, so that `import grundy` finds the installed package and not
# the sources in python/grundy (which lack the native module).
"$VENV/bin/python" -I -m pytest -p no:cacheprovider python/tests "$@"
