#!/usr/bin/env bash
# bench/triton/check.sh: check the linear layouts of Triton's named layouts against Triton.
#
# Draws the cases of bench/triton/cases.py (blocked, nvidia_mma v2 and v3, dot_op, nvmma_shared,
# swizzled_shared layouts over random shapes), asks Triton 3.9.0 for each one's linear layout
# (Gluon's `to_linear_layout`, on the CPU: no GPU needed), checks that Triton still gives the
# answers recorded in crates/cute-tools/tests/data/triton_layouts.jsonl, and runs the Rust test
# that compares ours with them (crates/cute-tools/tests/oracles/triton.rs) on the fresh file. Fails on any
# difference.
#
# Triton: TRITON_VENV, a venv with triton; without it, one is made under the build directory
# with `pip install triton==3.9.0` (the version the recorded answers come from).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
WORK="${CARGO_TARGET_DIR:-$ROOT/target}/triton-check"
mkdir -p "$WORK"
VENV="${TRITON_VENV:-$WORK/venv}"
if ! "$VENV/bin/python" -c 'import triton.experimental.gluon' 2>/dev/null; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check triton==3.9.0
fi
# Triton's bindings report leaked objects at exit; only the cases file matters.
"$VENV/bin/python" bench/triton/cases.py "$WORK/triton_layouts.jsonl" 2>/dev/null
if ! cmp -s "$WORK/triton_layouts.jsonl" crates/cute-tools/tests/data/triton_layouts.jsonl; then
  echo "Triton's answers differ from the recorded ones (tests/data/triton_layouts.jsonl):" >&2
  diff "$WORK/triton_layouts.jsonl" crates/cute-tools/tests/data/triton_layouts.jsonl | head -20 >&2
  exit 1
fi
TRITON_CASES="$WORK/triton_layouts.jsonl" nice -n 10 cargo test --quiet -p cute-tools --test oracles triton
echo "ok: $(wc -l < "$WORK/triton_layouts.jsonl") Triton layouts"
