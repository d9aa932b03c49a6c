#!/usr/bin/env bash
# bench/spelling/cpp_spellings.sh: check the table of C++ spellings against CuTe C++.
#
# crates/cute-tools/tests/data/cpp_spellings.tsv lists C++ as CUTLASS's examples and the CuTe
# docs write it, with what `cute eval` prints for it (crates/cute-tools/tests/language/cpp_spellings.rs checks that). Here
# every row read as a value whose `cpp` column is not `-` is compiled into one C++ program
# (host-only g++ -std=c++17 against the CuTe headers) that `print`s it; what C++ prints must be
# the `cpp` column, or for `=` the expected value (a tiler `<..>` compared as `(..)`, a tensor
# `L+o` as C++ prints a counting tensor, `ArithTupleo o L`); the rows of atoms (`-`) are compiled
# too, so C++ accepts every spelling read. Prints `ok N` or the differences,
# and fails on any. Headers: CUTE_VENV, default /work/cutlass-venv (pip install nvidia-cutlass
# nvidia-cuda-runtime-cu12 nvidia-cuda-cccl-cu12 nvidia-cuda-nvcc-cu12).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
WORK="${CARGO_TARGET_DIR:-$ROOT/target}/cpp-spellings"
mkdir -p "$WORK"
VENV="${CUTE_VENV:-/work/cutlass-venv}"
SITE="$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
INCLUDES=()
for d in cutlass_library/source/include nvidia/cuda_cccl/include nvidia/cuda_runtime/include nvidia/cuda_nvcc/include; do
  INCLUDES+=("-I$SITE/$d")
done
TABLE=crates/cute-tools/tests/data/cpp_spellings.tsv
rows="$WORK/rows.tsv"
grep -v '^#' "$TABLE" | awk -F'\t' '$2 == "read" && $4 != "-"' > "$rows"
{
  echo '#include <cute/tensor.hpp>'
  echo '#include <cute/atom/mma_atom.hpp>'
  echo '#include <cute/atom/copy_atom.hpp>'
  echo '#include <cute/atom/mma_traits_sm90_gmma.hpp>'
  echo '#include <cstdio>'
  echo 'using namespace cute;'
  echo 'int main() {'
  while IFS=$'\t' read -r spelling _ _ _ _; do
    echo "  { auto v = $spelling; print(v); printf(\"\\n\"); }"
  done < "$rows"
  # the atoms (`-`): C++ must accept the spelling too
  grep -v '^#' "$TABLE" | awk -F'\t' '$2 == "read" && $4 == "-"' | while IFS=$'\t' read -r spelling _ _ _ _; do
    echo "  { auto v = $spelling; (void)v; }"
  done
  echo '}'
} > "$WORK/spellings.cpp"
nice -n 10 g++ -std=c++17 -w "${INCLUDES[@]}" "$WORK/spellings.cpp" -o "$WORK/spellings"
"$WORK/spellings" > "$WORK/cpp.txt"
while IFS=$'\t' read -r _ _ expected cpp _; do
  if [ "$cpp" = "=" ]; then
    printf '%s\n' "$expected" | sed -E '/^</ y/<>/()/; s/^([^ ]*:[^ ]*)\+(_?-?[0-9]+)$/ArithTuple\2 o \1/'
  else
    printf '%s\n' "$cpp"
  fi
done < "$rows" > "$WORK/expected.txt"
diff "$WORK/expected.txt" "$WORK/cpp.txt"
echo "ok $(wc -l < "$rows")"
