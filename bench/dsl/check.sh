#!/usr/bin/env bash
# bench/dsl/check.sh: check `cute eval --as dsl` against the CuTe DSL (nvidia-cutlass-dsl).
#
# For each value of cases.txt (CuTe notation; lines may be expressions), prints it with
# `cute eval --as dsl`, traces that Python inside a generated `@cute.jit` function with the real
# DSL (on the CPU: a trace-time `print` of a static value needs no GPU), and compares what the
# DSL prints (`cute.pretty_str`) with `cute eval`'s CuTe notation mapped to the DSL's printing
# (static `_4` is `4`, a dynamic integer `?`, `Sw<..>` is `S<..>`, a tensor `L+o` is
# `tensor<o o L>`: bench/dsl/check.py says it all); then checks that each DSL form reads back
# (`cute eval --from dsl`) as the same value, static and dynamic integers kept apart. And for
# each DSL call of calls.txt, compares what the DSL prints of its result with `cute eval --from
# dsl` of it (the DSL's argument order, parameter names and static integers). Prints `ok` and
# the counts, or the differences, and fails on any.
#
# Then bench/dsl/eager_check.py: the same Python bodies (the DSL's documented layout examples
# and seeded random layouts and arguments, every function of cute_layout.dsl) traced under
# `@cute.jit` by the DSL and run eagerly by `cute_layout.dsl`; what each prints is compared, and
# every name of the DSL's `cute` namespace must be in the module or listed missing with a reason.
# The eager side runs under CUTE_LAYOUT_PYTHON, a Python with the cute_layout package; without
# it, scripts/test-python's venv (target/test-python-venv, which CI builds first) if it has the
# package, else the package is built into the DSL's venv (pip install crates/cute-python).
#
# The DSL: CUTE_DSL_VENV, a venv with nvidia-cutlass-dsl; without it, one is made under the
# build directory with `pip install nvidia-cutlass-dsl==4.8.1` (the version the mapping was
# checked with).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
WORK="${CARGO_TARGET_DIR:-$ROOT/target}/dsl-check"
mkdir -p "$WORK"
VENV="${CUTE_DSL_VENV:-$WORK/venv}"
if ! "$VENV/bin/python" -c 'import cutlass.cute' 2>/dev/null; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check nvidia-cutlass-dsl==4.8.1
fi
nice -n 10 cargo build --quiet -p cute-cli --bin cute
CUTE="${CARGO_TARGET_DIR:-$ROOT/target}/debug/cute"

cp bench/dsl/cases.txt "$WORK/cases.txt"
"$CUTE" eval < "$WORK/cases.txt" > "$WORK/cute.txt"
"$CUTE" eval --as dsl < "$WORK/cases.txt" > "$WORK/dsl.txt"
"$CUTE" eval --from dsl < "$WORK/dsl.txt" > "$WORK/back.txt"
cp bench/dsl/calls.txt "$WORK/calls.txt"
"$CUTE" eval --from dsl < "$WORK/calls.txt" > "$WORK/calls_cute.txt"
"$VENV/bin/python" bench/dsl/check.py "$WORK"

# cute_layout.dsl against the DSL
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
PY="${CUTE_LAYOUT_PYTHON:-}"
if [[ -z "$PY" ]]; then
  if "$TARGET/test-python-venv/bin/python" -c 'import cute_layout.dsl' 2>/dev/null; then
    PY="$TARGET/test-python-venv/bin/python"
  else
    "$VENV/bin/pip" install --quiet --disable-pip-version-check "$ROOT/crates/cute-python"
    PY="$VENV/bin/python"
  fi
fi
"$VENV/bin/python" bench/dsl/eager_check.py dsl "$WORK/eager"
"$PY" bench/dsl/eager_check.py eager "$WORK/eager"
