#!/usr/bin/env bash
# bench/tma/driver.sh: every TMA atom of bench/tma/cases.txt (and driver-cases.txt) encoded by
# the CUDA driver, compared with what cute-layout accepts. NOT RUN YET: it needs an H200 (or any
# sm_90 GPU) with its driver, nvcc and the CuTe headers; no GPU was lent on 2026-12-01.
#
#   bench/tma/driver.sh [OUT]      (default OUT: target/tma-driver)
#
# For each `tma_atom` / `tma_copy` case, gen_cpp.py writes the C++ program of that case alone; it
# is compiled with nvcc (host code: with __CUDACC_VER_MAJOR__ >= 12, CuTe's make_tma_copy_desc
# calls cuTensorMapEncodeTiled and assert(false)s, printing "Failed to initialize the TMA
# descriptor", when the driver rejects it) and run on the GPU machine. The driver's verdict
# (accepted / rejected) is compared with `cute eval make_tma_atom(...)` (built / refused): a case
# the driver rejects must be refused by cute-layout with the driver's rule (rule 3), and every
# case the driver accepts must be built. Writes OUT/driver.tsv (case, driver, cute, match).
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
HERE=bench/tma
OUT="${1:-${CARGO_TARGET_DIR:-$ROOT/target}/tma-driver}"
CUTE="${CUTE:-target/release/cute}"
mkdir -p "$OUT"
# shellcheck source=bench/cute-includes.sh
source "$ROOT/bench/cute-includes.sh"
printf 'case\tdriver\tcute\tmatch\n' >"$OUT/driver.tsv"
bad=0
n=0
while IFS= read -r line; do
  case "$line" in tma_atom\ *|tma_copy\ *) ;; *) continue ;; esac
  n=$((n + 1))
  read -r kind op t gmem smem tiler mult _ <<<"$line"
  printf '%s\n' "tma_atom $op $t $gmem $smem $tiler ${mult:-1}" | python3 "$HERE/gen_cpp.py" >"$OUT/case$n.cu"
  if nvcc -std=c++17 -arch=sm_90 -x cu "${INCLUDES[@]}" "$OUT/case$n.cu" -o "$OUT/case$n" -lcuda 2>"$OUT/case$n.nvcc"; then
    if "$OUT/case$n" >"$OUT/case$n.out" 2>"$OUT/case$n.err"; then driver=accepted; else
      driver="rejected($(grep -o 'Failed to initialize the TMA descriptor.*' "$OUT/case$n.err" | head -n 1))"; fi
  else
    driver="nvcc-failed"
  fi
  sw=${smem//o/ o }
  expr="make_tma_atom(Copy_Atom<$op,$t>,$gmem,$sw,$tiler,${mult:-1})"
  if "$CUTE" eval "$expr" >/dev/null 2>"$OUT/case$n.cute"; then ours=built; else ours="refused($(head -c 200 "$OUT/case$n.cute"))"; fi
  case "$driver:$ours" in
    accepted:built | rejected*:refused*) ok=yes ;;
    *) ok=NO; bad=$((bad + 1)) ;;
  esac
  printf '%s\t%s\t%s\t%s\n' "$line" "$driver" "$ours" "$ok" >>"$OUT/driver.tsv"
done < <(cat "$HERE/cases.txt" "$HERE/driver-cases.txt")
cat "$OUT/driver.tsv"
echo "driver.sh: $bad disagreement(s) over $n TMA atoms"
[ "$bad" -eq 0 ]
