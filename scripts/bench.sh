#!/usr/bin/env bash
# Whole-process timings of the release binary on generated vaults (best of 5),
# cold (no cache) and warm (the parsed-task cache filled), and peak memory.
set -euo pipefail
BIN=.build/release/todomd
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
export XDG_CACHE_HOME="$DIR/cache"
ms() { local s e; s=$(date +%s%N); "$@" >/dev/null; e=$(date +%s%N); echo $(( (e - s) / 1000000 )); }
best() { local b=999999 t; for _ in 1 2 3 4 5; do t=$("$@"); (( t < b )) && b=$t; done; echo "$b"; }
cold() { rm -rf "$XDG_CACHE_HOME"; ms "$@"; }
printf '| tasks | count, cold | count, warm | count --perspective "Work — Available Now", warm | peak memory (count, warm) |\n|---:|---:|---:|---:|---:|\n'
for n in 500 1000 5000 50000; do
  "$BIN" demo "$DIR/v$n" --count "$n" --seed 1 >/dev/null
  c=$(best cold "$BIN" count --vault "$DIR/v$n")
  "$BIN" count --vault "$DIR/v$n" >/dev/null
  w=$(best ms "$BIN" count --vault "$DIR/v$n")
  p=$(best ms "$BIN" count --vault "$DIR/v$n" --perspective "Work — Available Now")
  mem=$( { /usr/bin/time -f "%M" "$BIN" count --vault "$DIR/v$n" >/dev/null; } 2>&1 | tail -1)
  echo "| $n | $c ms | $w ms | $p ms | $((mem / 1024)) MB |"
done
