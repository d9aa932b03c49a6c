#!/usr/bin/env bash
# One batch on a CUDA machine (the H200 of 2026-12-02): the bank-conflict kernels of cases.tsv
# (bench/gpu/run.sh over bench/gpu/generated, made by gen.sh) and the swizzled TMA loads
# (bench/tma/swizzle: tma_swizzle.cu over the offsets gen_offsets.sh wrote). Results to $RESULTS
# (default bench/gpu/results/batch): table.md, ncu.csv, versions.txt, sass-summary.txt,
# tma-swizzle.txt, tma-swizzle-dump.txt.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
res=${RESULTS:-$here/results/batch}
mkdir -p "$res"
work=$(mktemp -d)
# the swizzled TMA loads first (seconds)
if nvcc -std=c++17 -O2 -arch=sm_90a -o "$work/tma_swizzle" "$root/bench/tma/swizzle/tma_swizzle.cu" -lcuda 2>"$work/tma.nvcc"; then
  "$work/tma_swizzle" "$root/bench/tma/swizzle/generated/offsets.tsv" "$res/tma-swizzle-dump.txt" | tee "$res/tma-swizzle.txt"
else
  cat "$work/tma.nvcc" | tee "$res/tma-swizzle.txt"
fi
# the bank-conflict kernels under Nsight Compute
OUT=$work/gpu "$here/run.sh" "$here/generated" >"$work/run.log" 2>&1
tail -n 5 "$work/run.log"
for f in table.md ncu.csv versions.txt; do cp "$work/gpu/$f" "$res/" 2>/dev/null; done
grep -oE '(LDS|STS|LDSM|STSM)[.A-Z0-9]* [^;]*' "$work/gpu/bench.sass" | sort | uniq -c >"$res/sass-summary.txt" 2>/dev/null
grep -c . "$res/table.md" 2>/dev/null
