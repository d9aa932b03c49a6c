#!/usr/bin/env bash
# bench/test-time.sh OLD NEW [DIR]: the README's test command (scripts/test-all) of two commits,
# like for like: each from a fresh clone of this repository with a fresh target directory, both
# started at the same time at nice 10 (so both run under the same load), timed by /usr/bin/time
# (CPU user + sys, and wall). Writes DIR/{old,new}.log and prints DIR/{old,new}.time.
# Needs ../shared beside DIR's clones where the tests read it (a link is made to this
# checkout's). docs/dev/testing.md reports a run.
set -u
old=${1:?old commit}; new=${2:?new commit}; dir=${3:-$(mktemp -d)}
repo=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$dir" && cd "$dir" || exit 1
[ -e "$repo/../shared" ] && ln -sfn "$repo/../shared" "$dir/shared"
for pair in "old:$old" "new:$new"; do
  name=${pair%%:*}; rev=${pair#*:}
  rm -rf "$name" "$name-target"
  git clone -q "$repo" "$name" && git -C "$name" checkout -q "$rev" || exit 1
  ( cd "$name" && CARGO_TARGET_DIR="$dir/$name-target" nice -n 10 /usr/bin/time \
      -f "$name $rev wall=%e s user=%U s sys=%S s maxrss=%M KB exit=%x" -o "$dir/$name.time" \
      scripts/test-all > "$dir/$name.log" 2>&1 ) &
done
wait
cat "$dir/old.time" "$dir/new.time"
