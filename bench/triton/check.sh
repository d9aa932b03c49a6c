#!/usr/bin/env bash
# bench/triton/check.sh: check the linear layouts of Triton's named layouts against Triton.
#
# Draws the cases of bench/triton/cases.py (blocked, nvidia_mma v2 and v3, dot_op, nvmma_shared,
# swizzled_shared layouts over random shapes) and of bench/triton/cases_cga.py (the same layouts
# over several CTAs, and dot_op of a wgmma parent), asks Triton 3.9.0 for each one's linear layout
# (Gluon's `to_linear_layout`, on the CPU: no GPU needed), checks that Triton still gives the
# answers recorded in crates/cute-tools/tests/data/triton_layouts.jsonl and
# triton_layouts_cga.jsonl, and runs the Rust tests that compare ours with them
# (crates/cute-tools/tests/oracles/triton.rs and triton_cga.rs) on the fresh files. Fails on any
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
(cd bench/triton && "$VENV/bin/python" cases_cga.py "$WORK/triton_layouts_cga.jsonl" 2>/dev/null)
for f in triton_layouts.jsonl triton_layouts_cga.jsonl; do
  if ! cmp -s "$WORK/$f" "crates/cute-tools/tests/data/$f"; then
    echo "Triton's answers differ from the recorded ones (tests/data/$f):" >&2
    diff "$WORK/$f" "crates/cute-tools/tests/data/$f" | head -20 >&2
    exit 1
  fi
done
TRITON_CASES="$WORK/triton_layouts.jsonl" TRITON_CGA_CASES="$WORK/triton_layouts_cga.jsonl" \
  nice -n 10 cargo test --quiet -p cute-tools --test oracles triton
echo "ok: $(cat "$WORK/triton_layouts.jsonl" "$WORK/triton_layouts_cga.jsonl" | wc -l) Triton layouts"
