#!/usr/bin/env bash
# bench/tma/check.sh: check the TMA algebra (coalesce_256, basis layouts, construct_tma_gbasis,
# make_tma_atom) against CuTe C++.
#
#   bench/tma/check.sh            compile the C++ oracle, compare with bench/tma/expected.txt
#   bench/tma/check.sh --update   rewrite bench/tma/expected.txt from the C++ output
#
# gen_cpp.py turns bench/tma/cases.txt into one C++ program (host only: construct_tma_gbasis
# and make_tma_atom are host code; the TMA descriptor is not encoded without a CUDA driver),
# compiled with g++ -std=c++17 against the CuTe headers of PyPI's nvidia-cutlass. Its output,
# `## CASE` then what C++ printed, is the oracle; crates/cute-tools/tests/oracles/tma.rs
# recomputes every case with the library and compares byte for byte.
# Headers: CUTE_VENV as for bench/atoms/check.sh (default /work/cutlass-venv).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
HERE=bench/tma
WORK="${CARGO_TARGET_DIR:-$ROOT/target}/tma-check"
mkdir -p "$WORK"
die() { echo "check.sh: $*" >&2; exit 1; }
# shellcheck source=bench/cute-includes.sh
source "$ROOT/bench/cute-includes.sh"
python3 "$HERE/gen_cpp.py" <"$HERE/cases.txt" >"$WORK/tma.cpp"
echo "check.sh: compiling $WORK/tma.cpp (g++ -std=c++17, host only)" >&2
nice -n 10 g++ -std=c++17 -O0 "${INCLUDES[@]}" "$WORK/tma.cpp" -o "$WORK/tma"
"$WORK/tma" >"$WORK/expected.txt"
expect_unchanged expected.txt "${1:-}"
nice -n 10 cargo test --quiet -p cute-tools --test oracles tma::
