#!/usr/bin/env bash
# Regenerates one PNG per figure of CuTe's layout-algebra documentation (listed in figures.txt)
# with the release `cute` binary. With --check, compares them byte for byte with the committed
# PNGs instead of replacing them (exit status 1 on any difference).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cargo build --release --quiet -p cute-cli --manifest-path "$root/Cargo.toml"
target=${CARGO_TARGET_DIR:-$root/target}
cute="$target/release/cute"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
while IFS=$'\t' read -r name expr; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  "$cute" svg "$expr" --color tile -o "$tmp/$name.png"
done < "$here/figures.txt"
if [[ "${1:-}" == "--check" ]]; then
  status=0
  for f in "$tmp"/*.png; do
    name=$(basename "$f")
    if ! cmp -s "$f" "$here/$name"; then
      echo "docs/figures/$name differs from what \`cute\` draws; run docs/figures/generate.sh" >&2
      status=1
    fi
  done
  [[ $status == 0 ]] && echo "docs/figures: $(ls "$tmp" | wc -l) figures match"
  exit $status
fi
cp "$tmp"/*.png "$here/"
echo "docs/figures: wrote $(ls "$tmp" | wc -l) figures"
