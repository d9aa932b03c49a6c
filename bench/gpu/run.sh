#!/usr/bin/env bash
# Builds the generated kernels (nvcc -arch=sm_90), runs each under Nsight Compute and tabulates
# case / predicted / measured shared-memory bank conflicts and wavefronts.
# Usage: bench/gpu/run.sh [GENERATED_DIR] (default: bench/gpu/generated, made by gen.sh).
# Results go to $OUT (default bench/gpu/results): table.md, ncu.csv, bench.sass, versions.txt.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
gen=${1:-$here/generated}
out=${OUT:-$here/results}
mkdir -p "$out"
{ nvidia-smi -L; nvcc --version | tail -n 2; ncu --version | tail -n 1; } >"$out/versions.txt" 2>&1
cat "$out/versions.txt"
bin=$(mktemp -d)/bench
nvcc -O2 -arch=sm_90 -o "$bin" "$gen/main.cu" 2>"$out/nvcc.log" || { cat "$out/nvcc.log"; exit 1; }
# the SASS, to check that each case compiled to exactly one LDS/STS/LDSM/STSM per access
cuobjdump -sass "$bin" >"$out/bench.sass" 2>&1
"$bin" || { echo "run.sh: the kernels failed"; exit 1; }
# the metrics this ncu knows, of those wanted (ld/st conflicts and wavefronts, and the totals)
wanted="l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st
l1tex__data_bank_conflicts_pipe_lsu_mem_shared l1tex__data_pipe_lsu_wavefronts_mem_shared
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ldsm l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldsm
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_stsm l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_stsm
smsp__inst_executed_op_shared_ld smsp__inst_executed_op_shared_st smsp__inst_executed_op_ldsm smsp__inst_executed_op_stsm"
ncu --query-metrics >"$out/metrics.txt" 2>&1
metrics=""
for m in $wanted; do
  if grep -q "^$m " "$out/metrics.txt"; then metrics="$metrics${metrics:+,}$m.sum"; fi
done
[ -n "$metrics" ] || metrics=l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
echo "metrics: $metrics"
ncu --clock-control none --csv --metrics "$metrics" "$bin" >"$out/ncu.csv" 2>"$out/ncu.err" || { cat "$out/ncu.err"; exit 1; }
if command -v python3 >/dev/null; then
  python3 "$here/tabulate.py" "$gen" "$out/ncu.csv" | tee "$out/table.md"
else
  echo "run.sh: no python3 here; tabulate with: python3 bench/gpu/tabulate.py $gen $out/ncu.csv"
fi
