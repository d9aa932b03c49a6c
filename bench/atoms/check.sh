#!/usr/bin/env bash
# bench/atoms/check.sh: check the atom catalogue and the tiled MMA/copy algebra against CuTe C++.
#
#   bench/atoms/check.sh            compile the C++ oracle, compare with bench/atoms/expected.txt
#   bench/atoms/check.sh --update   rewrite bench/atoms/expected.txt from the C++ output
#
# 1. lists every catalogued atom (`cute atoms`) as a case (`mma NAME`, `copy OP T`) and adds
#    the hand-written cases of bench/atoms/cases.txt (tiled MMAs, TV layouts, partitions,
#    tiled copies, and `eval EXPR`: `cute eval` expressions of the atom operations, which
#    gen_cpp.py translates to C++);
# 2. generates ONE C++ translation unit printing each case (bench/atoms/gen_cpp.py) and
#    compiles it host-only with g++ -std=c++17 against the CuTe headers of PyPI's
#    nvidia-cutlass (no nvcc, no GPU: the traits are plain types and print() is host code);
# 3. runs it; its output is the oracle, `## CASE` then what C++ printed (the print_latex cases,
#    `## latex_...`, go to bench/atoms/expected_latex.txt, the others to expected.txt);
# 4. compiles `print(MMA_Atom<NAME>{})` for each name of bench/atoms/refused.txt and fails if
#    C++ accepts one (crates/cute-tools/tests/oracles/atoms.rs checks that the library refuses
#    them too).
# The Rust test crates/cute-tools/tests/oracles/atoms.rs recomputes every case with the library
# and compares it byte for byte with expected.txt; it also fails when a catalogued atom is
# missing from expected.txt (rerun this script with --update after changing the catalogue);
# crates/cute-tools/tests/oracles/atoms_latex.rs does the same for expected_latex.txt.
#
# Headers: CUTE_VENV (a venv with nvidia-cutlass==4.2.0.0 nvidia-cuda-cccl-cu12
# nvidia-cuda-runtime-cu12 nvidia-cuda-nvcc-cu12), default /work/cutlass-venv, else the
# bench/compare cache target/bench/venv (run bench/compare once to create it).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
HERE=bench/atoms
WORK="${CARGO_TARGET_DIR:-$ROOT/target}/atoms-check"
mkdir -p "$WORK"
die() { echo "check.sh: $*" >&2; exit 1; }

# shellcheck source=bench/cute-includes.sh
source "$ROOT/bench/cute-includes.sh"

nice -n 10 cargo build --quiet -p cute-cli --bin cute
CUTE="${CARGO_TARGET_DIR:-$ROOT/target}/debug/cute"

{
  "$CUTE" atoms --mma | sed 's/^/mma /'
  # Copy_Atom<OP, T>: T = the operation's own 8-bit type, else half_t.
  "$CUTE" atoms --copy | while read -r op; do
    case "$op" in
      *'<T>') for t in half_t bfloat16_t float uint8_t double; do echo "smem ${op%<T>}<$t>"; done ;;
      *uint8_t*) echo "copy $op uint8_t" ;;
      *) echo "copy $op half_t" ;;
    esac
  done
  grep -v '^#' "$HERE/cases.txt" | grep -v '^\s*$'
} >"$WORK/cases.txt"
echo "check.sh: $(wc -l <"$WORK/cases.txt") cases" >&2

python3 "$HERE/gen_cpp.py" <"$WORK/cases.txt" >"$WORK/atoms.cpp"
echo "check.sh: compiling $WORK/atoms.cpp (g++ -std=c++17, host only)" >&2
nice -n 10 g++ -std=c++17 -O0 "${INCLUDES[@]}" "$WORK/atoms.cpp" -o "$WORK/atoms"
# make_gmma_desc reads the shared-memory address, which host code cannot: CuTe prints a notice.
"$WORK/atoms" | grep -v '^ERROR: cast_smem_ptr_to_uint not supported' |
  awk -v E="$WORK/expected.txt" -v L="$WORK/expected_latex.txt" \
    '/^## /{out = ($2 ~ /^latex_/) ? L : E} {print > out}'

# 4. the names of bench/atoms/refused.txt: C++ must refuse each (a static_assert, an unknown
#    type); the Rust test checks that the library does too.
accepted=()
while read -r name; do
  printf '#include <cute/tensor.hpp>\n#include <cute/atom/mma_atom.hpp>\n#include <cute/atom/mma_traits_sm100.hpp>\nusing namespace cute;\nvoid f() { print(MMA_Atom<%s>{}); }\n' "$name" |
    nice -n 10 g++ -std=c++17 -fsyntax-only "${INCLUDES[@]}" -x c++ - 2>/dev/null && accepted+=("$name")
done < <(grep -v '^#' "$HERE/refused.txt" | grep -v '^\s*$')
[ "${#accepted[@]}" -eq 0 ] || die "C++ compiles names of $HERE/refused.txt: ${accepted[*]}"
echo "check.sh: C++ refuses every name of $HERE/refused.txt" >&2

for f in expected.txt expected_latex.txt; do
  expect_unchanged "$f" "${1:-}"
done
nice -n 10 cargo test --quiet -p cute-tools --test oracles atoms
