#!/usr/bin/env bash
# Whole-process timings of the release binary on generated vaults (best of 5;
# cold runs best of 3): `count`, and launch to first screen of the TUI in a
# pseudo-terminal (`script`), cold (no cache) and warm (the task cache
# filled), and peak resident memory. Run by `make bench`.
set -euo pipefail
BIN=${BIN:-.build/release/todomd}
SIZES=${SIZES:-"500 1000 5000 50000"}
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
export XDG_CACHE_HOME="$DIR/cache" XDG_CONFIG_HOME="$DIR/config" TERM=xterm-256color
P="Work — Available Now"
# Bash's own clock: forking `date` around each run would add milliseconds.
ms() { local s e; s=${EPOCHREALTIME/./}; "$@" >/dev/null 2>&1; e=${EPOCHREALTIME/./}; echo $(( (10#$e - 10#$s) / 1000 )); }
best() { local n=$1 b=999999 t; shift; for _ in $(seq "$n"); do t=$("$@"); (( t < b )) && b=$t; done; echo "$b"; }
cold() { rm -rf "$XDG_CACHE_HOME"; ms "$@"; }
screen() { TODOMD_EXIT_AFTER_FIRST_SCREEN=1 script -qc "$BIN --vault $1" /dev/null; }
peak() { /usr/bin/time -f "%M" -o "$DIR/mem" "$@" >/dev/null 2>&1; echo $(( $(tail -1 "$DIR/mem") / 1024 )); }
pty=$(best 5 ms script -qc true /dev/null)
echo "(a pseudo-terminal's own start, included in the first-screen figures: $pty ms)"
echo
printf '| tasks | count, cold | count, warm | count --perspective "%s", warm | the same after one file changed | first screen, cold | first screen, warm | peak memory, TUI | peak memory, count |\n' "$P"
printf '|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n'
for n in $SIZES; do
  v="$DIR/v$n"
  "$BIN" demo "$v" --count "$n" --seed 1 >/dev/null
  c=$(best 3 cold "$BIN" count --vault "$v")
  "$BIN" count --vault "$v" >/dev/null
  w=$(best 5 ms "$BIN" count --vault "$v")
  p=$(best 5 ms "$BIN" count --vault "$v" --perspective "$P")
  one=$(find "$v" -name '*.md' -print -quit)
  changed() { touch "$one"; ms "$BIN" count --vault "$v" --perspective "$P"; }
  pc=$(best 5 changed)
  sc=$(best 3 cold screen "$v")
  "$BIN" count --vault "$v" >/dev/null
  sw=$(best 5 ms screen "$v")
  TODOMD_EXIT_AFTER_FIRST_SCREEN=1 script -qc "/usr/bin/time -f %M -o $DIR/tmem $BIN --vault $v" /dev/null >/dev/null 2>&1
  mt=$(( $(tail -1 "$DIR/tmem") / 1024 ))
  mc=$(peak "$BIN" count --vault "$v" --perspective "$P")
  echo "| $n | $c ms | $w ms | $p ms | $pc ms | $sc ms | $sw ms | $mt MB | $mc MB |"
done
