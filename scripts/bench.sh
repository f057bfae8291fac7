#!/usr/bin/env bash
# Whole-process timings of the release binary on generated vaults (best of 5).
set -euo pipefail
BIN=.build/release/todomd
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
export XDG_CACHE_HOME="$DIR/cache"
best() {  # best wall time in ms of 5 runs of "$@"
  local best=999999
  for _ in 1 2 3 4 5; do
    local s e
    s=$(date +%s%N); "$@" >/dev/null; e=$(date +%s%N)
    local ms=$(( (e - s) / 1000000 ))
    (( ms < best )) && best=$ms
  done
  echo "$best"
}
printf "| tasks | todomd count | count --perspective \"Work — Available Now\" |\n|---:|---:|---:|\n"
for n in 500 1000 5000 50000; do
  "$BIN" demo "$DIR/v$n" --count "$n" --seed 1 >/dev/null
  a=$(best "$BIN" count --vault "$DIR/v$n")
  b=$(best "$BIN" count --vault "$DIR/v$n" --perspective "Work — Available Now")
  echo "| $n | $a ms | $b ms |"
done
