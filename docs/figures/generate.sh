#!/usr/bin/env bash
# Regenerates one PNG per figure of CuTe's layout-algebra documentation (listed in figures.txt,
# also the playground's gallery) and of the user guide (guide-figures.txt) with the release
# `cute` binary. Each line is a name, a tab, an expression and, optionally, a tab and the
# options of `cute svg` (by default `--color tile`). With --check, compares them byte for byte
# with the committed PNGs instead of replacing them (exit status 1 on any difference).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cargo build --release --quiet -p cute-cli --manifest-path "$root/Cargo.toml"
target=${CARGO_TARGET_DIR:-$root/target}
cute="$target/release/cute"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
while IFS=$'\t' read -r name expr opts; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  # the options are words without quotes (e.g. --color bank --elem-bytes 2)
  read -r -a opts <<<"${opts:---color tile}"
  "$cute" svg "$expr" "${opts[@]}" -o "$tmp/$name.png"
done < <(cat "$here/figures.txt" "$here/guide-figures.txt")
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
