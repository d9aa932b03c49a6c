#!/usr/bin/env bash
# Writes OUT/offsets.tsv for tma_swizzle.cu: for each case of cases.tsv and each of its layouts, one
# line `name elem g0 g1 b0 b1 c0 c1 swizzle layout` followed by the layout's offset of every box element
# (row-major over (box outer, box inner)), read from `cute show LAYOUT` (CuTe's print_layout grid).
# Usage: bench/tma/swizzle/gen_offsets.sh [OUT] (default bench/tma/swizzle/generated); CUTE names the binary.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
cute=${CUTE:-}
if [ -z "$cute" ]; then
  for c in "$root/target/release/cute" "$root/target/debug/cute"; do
    [ -x "$c" ] && { cute=$c; break; }
  done
fi
[ -n "$cute" ] || { echo "gen_offsets.sh: build the CLI first (cargo build -p cute-cli) or set CUTE" >&2; exit 1; }
out=${1:-$here/generated}
mkdir -p "$out"
: >"$out/offsets.tsv"
while IFS=$'\t' read -r name elem g0 g1 b0 b1 c0 c1 swz layouts; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  for tag in $layouts; do
    expr=${tag#expect-miss:}
    # the grid's rows `  r  | o | o | ... |`: the offsets of row r, columns 0..
    offsets=$("$cute" show "$expr" | awk -F'|' '/^ *[0-9]+ +\|/ { for (i = 2; i < NF; ++i) printf " %d", $i }')
    count=$(wc -w <<<"$offsets")
    [ "$count" -eq $((b0 * b1)) ] || { echo "gen_offsets.sh: $expr has $count cells, the box $((b0 * b1))" >&2; exit 1; }
    printf '%s %s %s %s %s %s %s %s %s %s%s\n' "$name" "$elem" "$g0" "$g1" "$b0" "$b1" "$c0" "$c1" "$swz" "$tag" "$offsets" >>"$out/offsets.tsv"
  done
done <"$here/cases.tsv"
echo "gen_offsets.sh: $(wc -l <"$out/offsets.tsv") layouts in $out/offsets.tsv" >&2
