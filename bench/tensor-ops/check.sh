#!/usr/bin/env bash
# bench/tensor-ops/check.sh: check the operations on tensors `LAYOUT+OFFSET` (the offset kept,
# added to, or the layout's answer; see TensorForm in crates/cute-tools/src/registry/tensor.rs)
# against CuTe C++.
#
#   bench/tensor-ops/check.sh            compile the C++ oracle, compare with expected.txt
#   bench/tensor-ops/check.sh --update   rewrite bench/tensor-ops/expected.txt from the C++ output
#
# 1. gen_cpp.py turns the `cute eval` expressions of cases.txt into ONE C++ program (a tensor
#    `L+o` is make_tensor(&mem[o], L) over a float array, printed as `L+o` with o its pointer
#    minus &mem[0]), compiled host-only with g++ -std=c++17 against the CuTe headers of PyPI's
#    nvidia-cutlass; its output, `## EXPR` then what C++ printed, is the oracle (expected.txt);
# 2. compiles each expression of refused.txt alone and fails if C++ accepts one (no tensor form);
# 3. runs crates/cute-tools/tests/oracles/tensor_offsets.rs, which evaluates every case with the library
#    (as `cute eval` does) and compares byte for byte, and checks that it refuses refused.txt.
# Headers: CUTE_VENV as for bench/atoms/check.sh (default /work/cutlass-venv).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
HERE=bench/tensor-ops
WORK="${CARGO_TARGET_DIR:-$ROOT/target}/tensor-ops-check"
mkdir -p "$WORK"
die() { echo "check.sh: $*" >&2; exit 1; }
# shellcheck source=bench/cute-includes.sh
source "$ROOT/bench/cute-includes.sh"

python3 "$HERE/gen_cpp.py" <"$HERE/cases.txt" >"$WORK/cases.cpp"
echo "check.sh: compiling $WORK/cases.cpp ($(grep -c '^## \|out(' "$WORK/cases.cpp") lines of cases; g++ -std=c++17, host only)" >&2
nice -n 10 g++ -std=c++17 -O0 "${INCLUDES[@]}" "$WORK/cases.cpp" -o "$WORK/cases"
"$WORK/cases" >"$WORK/expected.txt"
expect_unchanged expected.txt "${1:-}"

# each refused expression alone: C++ must not compile it
grep -v '^#' "$HERE/refused.txt" | grep -v '^\s*$' >"$WORK/refused.txt"
n=0
while read -r expr; do
  n=$((n + 1))
  python3 "$HERE/gen_cpp.py" --one "$expr" >"$WORK/refused$n.cpp"
done <"$WORK/refused.txt"
seq "$n" | xargs -P 2 -I{} sh -c 'nice -n 10 g++ -std=c++17 -fsyntax-only "$@" "$0" 2>/dev/null && echo "line {} of refused cases"; true' "$WORK/refused{}.cpp" "${INCLUDES[@]}" >"$WORK/accepted.txt"
[ -s "$WORK/accepted.txt" ] && die "C++ compiles $(cat "$WORK/accepted.txt") ($WORK/refused.txt)"
echo "check.sh: C++ refuses all $n expressions of refused.txt" >&2

nice -n 10 cargo test --quiet -p cute-tools --test oracles tensor_offsets
