#!/usr/bin/env python3
"""Tabulates predicted vs measured shared-memory bank conflicts.

Usage: tabulate.py GENERATED_DIR NCU_CSV. The prediction of each case is the
`// cute-predicted:` line of GENERATED_DIR/cases/NAME.cu (written by `cute analyze --cuda`);
the measurement is Nsight Compute's CSV (`ncu --csv --metrics ...`), one kernel per case.
"""
import csv
import re
import sys
from pathlib import Path

# Compared: the metrics of the case's operation (ldmatrix counts as op_ld, stmatrix as op_st).
# The totals over all shared-memory operations count one wavefront more in every kernel (a
# wavefront that is no ld/st operation of the kernel); they are only a fallback.
OP_CONFLICTS = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{op}.sum"
OP_WAVEFRONTS = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{op}.sum"
EXECUTED = ["shared_ld", "shared_st", "ldsm"]
TOTAL_CONFLICTS = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum"
TOTAL_WAVEFRONTS = "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum"


def predictions(gen):
    cases = []
    for name in (gen / "cases.txt").read_text().split():
        text = (gen / "cases" / f"{name}.cu").read_text()
        pred = dict(re.findall(r"(\w+)=(\w+)", re.search(r"^// cute-predicted: .*$", text, re.M).group(0)))
        layout = re.search(r"^// cute analyze '(.*)' \((\d+)-byte", text, re.M)
        access = re.search(r"^// access: (.*)$", text, re.M).group(1)
        cases.append((name, layout.group(1), int(layout.group(2)), access, pred))
    return cases


def measurements(path):
    lines = Path(path).read_text().splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith('"ID"'))
    got = {}
    for row in csv.DictReader(lines[start:]):
        kernel = row["Kernel Name"].split("(")[0]
        value = row["Metric Value"].replace(",", "")
        got.setdefault(kernel, {})[row["Metric Name"]] = int(float(value)) if value else None
    return got


def main():
    gen, csv_path = Path(sys.argv[1]), sys.argv[2]
    got = measurements(csv_path)
    print("| case | layout | elem bytes | access | instructions | executed | predicted wavefronts | measured wavefronts | predicted conflicts | measured conflicts | match |")
    print("|---|---|---:|---|---:|---:|---:|---:|---:|---:|:---:|")
    bad = 0
    rows = predictions(gen)
    # the hand-written kernel of a case (handwritten.py) is held to the same prediction
    hand_file = gen / "hand.txt"
    hand = set(hand_file.read_text().split()) if hand_file.exists() else set()
    rows += [(f"hand_{n}", l, e, a, p) for n, l, e, a, p in list(rows) if n in hand]
    for name, layout, elem, access, pred in rows:
        m = got.get(name, {})
        op = pred["op"]
        conflicts = m.get(OP_CONFLICTS.format(op=op), m.get(TOTAL_CONFLICTS))
        wavefronts = m.get(OP_WAVEFRONTS.format(op=op), m.get(TOTAL_WAVEFRONTS))
        executed = sum(m.get(f"smsp__inst_executed_op_{k}.sum") or 0 for k in EXECUTED)
        if "stmatrix" in access:
            executed = "n/a"  # no stmatrix counter among smsp__inst_executed_op_*
        ok = conflicts == int(pred["conflicts"]) and wavefronts in (None, int(pred["wavefronts"]))
        bad += not ok
        print(f"| {name} | `{layout}` | {elem} | {access} | {pred['instructions']} | {executed} | {pred['wavefronts']} | {wavefronts} | {pred['conflicts']} | {conflicts} | {'yes' if ok else '**NO**'} |")
    print(f"\n{bad} disagreement(s) over {len(rows)} kernels ({len(rows) - len(hand)} generated, {len(hand)} hand-written).")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
