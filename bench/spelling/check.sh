#!/usr/bin/env bash
# bench/spelling/check.sh: check `cute eval --as cpp` against CuTe C++.
#
# For each value of cases.txt (CuTe notation), prints it with `cute eval --as cpp`, compiles
# one C++ program that builds every printed expression and `print`s it (host-only g++
# -std=c++17 against the CuTe headers), and compares what C++ prints with `cute eval`'s CuTe
# notation (C++ prints a tile as a tuple: a tiler `<...>` is compared as `(...)`; a tensor `L+o`,
# printed in C++ as the counting tensor `make_tensor(make_inttuple_iter(o), L)`, is compared as
# C++ prints that tensor, `ArithTupleo o L`: an integer start unparenthesised; scaled-basis
# layouts and identity tensors, `make_layout(..,make_stride(E<0>{}*Int<2>{},..))`, print in C++
# as in CuTe notation). Lines of cases.txt may be expressions. Prints `ok N` or
# the differences, and fails on any. Then checks that the C++ text reads back as the value
# (`cute eval` of it). Headers: CUTE_VENV, default /work/cutlass-venv.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
WORK="${CARGO_TARGET_DIR:-$ROOT/target}/spelling-check"
mkdir -p "$WORK"
VENV="${CUTE_VENV:-/work/cutlass-venv}"
SITE="$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
INCLUDES=()
for d in cutlass_library/source/include nvidia/cuda_cccl/include nvidia/cuda_runtime/include nvidia/cuda_nvcc/include; do
  INCLUDES+=("-I$SITE/$d")
done
nice -n 10 cargo build --quiet -p cute-cli --bin cute
CUTE="${CARGO_TARGET_DIR:-$ROOT/target}/debug/cute"

{
  echo '#include <cute/tensor.hpp>'
  echo '#include <cstdio>'
  echo 'using namespace cute;'
  echo 'int main() {'
  while IFS= read -r value; do
    cpp="$("$CUTE" eval --as cpp "$value")"
    # the C++ text must read back as the same value
    back="$("$CUTE" eval "$cpp")"
    [ "$back" = "$("$CUTE" eval "$value")" ] || { echo "read back: $value -> $cpp -> $back" >&2; exit 1; }
    echo "  { auto v = $cpp; print(v); printf(\"\\n\"); }"
  done < bench/spelling/cases.txt
  echo '}'
} > "$WORK/spelling.cpp"
g++ -std=c++17 -w "${INCLUDES[@]}" "$WORK/spelling.cpp" -o "$WORK/spelling"
"$WORK/spelling" > "$WORK/cpp.txt"
while IFS= read -r value; do
  "$CUTE" eval "$value" | sed -E '/^</ y/<>/()/; s/^([^ ]*:[^ ]*)\+(_?-?[0-9]+)$/ArithTuple\2 o \1/'
done < bench/spelling/cases.txt > "$WORK/rust.txt"
diff "$WORK/rust.txt" "$WORK/cpp.txt"
echo "ok $(wc -l < bench/spelling/cases.txt)"
