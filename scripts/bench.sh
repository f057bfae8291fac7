#!/usr/bin/env bash
# Benchmarks: whole-process timings of the release binary on generated vaults.
set -euo pipefail
BIN=.build/release/todomd
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
for n in 500 1000 5000 50000; do
  "$BIN" demo "$DIR/v$n" --count "$n" --seed 1 >/dev/null
  start=$(date +%s%N)
  "$BIN" count --vault "$DIR/v$n" >/dev/null
  end=$(date +%s%N)
  echo "count, $n tasks, cold load: $(( (end - start) / 1000000 )) ms"
done
