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
