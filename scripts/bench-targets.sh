#!/usr/bin/env bash
# The performance targets' table (README, "Performance"): at 5,000, 50,000 and
# 100,000 generated tasks, the interactive rows through the headless runtime
# (Benchmarks' InteractiveBench), the CLI beside taskwarrior on the same tasks,
# the first screen in a pseudo-terminal, and once through tmux. Run by
# `make bench` after the release build.
set -euo pipefail
BIN=${BIN:-.build/release/todomd}
SIZES=${TARGET_SIZES:-"5000 50000 100000"}
DIR=$(mktemp -d)
trap 'tmux -L todomd-bench kill-server 2>/dev/null || true; rm -rf "$DIR"' EXIT
export XDG_CACHE_HOME="$DIR/cache" XDG_CONFIG_HOME="$DIR/config" XDG_STATE_HOME="$DIR/state" TERM=xterm-256color
P="Work — Available Now"
ms() { local s e; s=${EPOCHREALTIME/./}; "$@" >/dev/null 2>&1; e=${EPOCHREALTIME/./}; echo $(( (10#$e - 10#$s) / 1000 )); }
best() { local n=$1 b=999999 t; shift; for _ in $(seq "$n"); do t=$("$@"); (( t < b )) && b=$t; done; echo "$b"; }
# A command's CPU time (user and system, every thread), in ms.
cpu() { local TIMEFORMAT='%3U %3S' t; t=$( { time "$@" >/dev/null 2>&1; } 2>&1 ); awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%d", (a[1] + a[2]) * 1000 + 0.5 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f×", a / b; else printf "n/a" }'; }

# taskwarrior, for the comparisons (bench only; never needed by the tests).
if ! command -v task >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  (apt-get install -y taskwarrior >/dev/null 2>&1 || (apt-get update >/dev/null 2>&1 && apt-get install -y taskwarrior >/dev/null 2>&1)) || true
fi
# The headless runtime built and linked as the app is (`make release`: its compiler flags, the Swift runtime and
# Foundation inside the binary), so that its memory is the app's: linked against the
# shared libraries it held about 8 MB more of their pages at 100,000 tasks. Its own
# build folder: the other benchmarks keep theirs.
# (SwiftPM can keep a stale plan of the path dependency's files: re-plan, as `make bench` does.)
rm -f Benchmarks/.build-static/release.yaml Benchmarks/.build-static/release/description.json
(cd Benchmarks && swift build -c release --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -prespecialize-generic-metadata -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors --scratch-path .build-static --product InteractiveBench >/dev/null)
IB=Benchmarks/.build-static/release/InteractiveBench
# The floor under a cold count, in C (Benchmarks' ReadFloor): listing and reading every file,
# and libyaml's events over each frontmatter, on every core; nothing else.
(cd Benchmarks && swift build -c release --scratch-path .build-static --product ReadFloor >/dev/null)
RF=Benchmarks/.build-static/release/ReadFloor
# todomd's own start: the same commands on a vault with the same perspectives and no task.
mkdir -p "$DIR/empty"
floors="" cpus=""

echo "| tasks | rule editor key (toggle a rule), median | Space: screen / CPU | one file changed outside → on screen / CPU | count, cold (taskwarrior: count) | list --json --perspective, warm (taskwarrior: export) | memory after use (VmHWM) | first screen, warm (vault checked) | finder key, median | Forecast day key, median | quick add (Enter), median | delete (y) / undo (u), median |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for n in $SIZES; do
  v="$DIR/v$n"
  "$BIN" demo "$v" --count "$n" --seed 1 >/dev/null
  # The headless runtime, on a copy (it edits tasks as it goes).
  cp -r "$v" "$DIR/i$n"
  row=$(TMPDIR="$DIR/" "$IB" "$n" "$DIR/i$n" | tail -1)
  rm -rf "$DIR/i$n"
  IFS='|' read -r _ _ rule space outside mem finder forecast add delete _ <<<"$row"
  # Page cache warm, todomd's cache cold: the vault is read again before each try
  # (a machine may give idle page cache back between them).
  cold() {
    rm -rf "$XDG_CACHE_HOME"
    find "$v" -name '*.md' -print0 | xargs -0 cat >/dev/null
    ms "$BIN" count --vault "$v"
  }
  tw=false
  if command -v task >/dev/null 2>&1; then
    "$BIN" list --vault "$v" --json | python3 scripts/taskwarrior-data.py "$DIR/tw$n"
    printf 'data.location=%s\nconfirmation=off\nverbose=nothing\ngc=off\n' "$DIR/tw$n" > "$DIR/tw$n.rc"
    tw=true
  fi
  # todomd and taskwarrior take turns, best of 5 each: this machine's noise
  # comes in spells, and tries in turns share them (a best of 3 of one, then
  # of the other, swung a ratio by a fifth).
  c=999999 tc=999999 lj=999999 te=999999
  for _ in 1 2 3 4 5; do
    t=$(cold); (( t < c )) && c=$t
    if $tw; then t=$(TASKRC="$DIR/tw$n.rc" ms task count); (( t < tc )) && tc=$t; fi
  done
  "$BIN" count --vault "$v" >/dev/null
  for _ in 1 2 3 4 5; do
    t=$(ms "$BIN" list --vault "$v" --json --perspective "$P"); (( t < lj )) && lj=$t
    if $tw; then t=$(TASKRC="$DIR/tw$n.rc" ms task export); (( t < te )) && te=$t; fi
  done
  sw=$(best 5 ms script -qc "env TODOMD_EXIT_AFTER_FIRST_SCREEN=1 $BIN --vault $v" /dev/null)
  # The first screen comes from the cache; "checked" is when the vault was listed and the screen redrawn.
  sc=$(best 5 ms script -qc "env TODOMD_EXIT_AFTER_START_CHECK=1 $BIN --vault $v" /dev/null)
  tw_count="n/a"; tw_export="n/a"
  if $tw; then
    tw_count="$tc ms, $(ratio "$c" "$tc")"; tw_export="$te ms, $(ratio "$lj" "$te")"
  else
    tc="" te=""
  fi
  echo "| $n |$rule|$space|$outside| $c ms ($tw_count) | $lj ms ($tw_export) |$mem| $sw ms (checked: $sc ms) |$finder|$forecast|$add|$delete|"
  # The floor row: each part timed as a whole process, best of 3, the vault read again before each.
  cp "$v/.perspectives.json" "$DIR/empty/"
  warm() { find "$v" -name '*.md' -print0 | xargs -0 cat >/dev/null; }
  warmed() { warm; ms "$@"; }
  warmedcpu() { warm; cpu "$@"; }
  fs=$(best 3 warmed "$RF" "$v" stat)
  fr=$(best 3 warmed "$RF" "$v" read)
  fp=$(best 3 warmed "$RF" "$v")
  emptycount() { rm -rf "$XDG_CACHE_HOME"; ms "$BIN" count --vault "$DIR/empty"; }
  es=$(best 3 emptycount)
  "$BIN" list --vault "$DIR/empty" --json >/dev/null
  el=$(best 5 ms "$BIN" list --vault "$DIR/empty" --json --perspective "$P")
  # The same parts' CPU time (best of 3): what the two cores share, against taskwarrior's one.
  fpc=$(best 3 warmedcpu "$RF" "$v")
  frc=$(best 3 warmedcpu "$RF" "$v" read)
  emptycpu() { rm -rf "$XDG_CACHE_HOME"; cpu "$BIN" count --vault "$DIR/empty"; }
  esc=$(best 3 emptycpu)
  coldcpu() { rm -rf "$XDG_CACHE_HOME"; warmedcpu "$BIN" count --vault "$v"; }
  cc=$(best 3 coldcpu)
  tcc=$($tw && TASKRC="$DIR/tw$n.rc" best 3 cpu task count || echo "")
  cpus+="| $n | $frc ms | $fpc ms | $esc ms | $((fpc + esc)) ms | $cc ms | ${tcc:-n/a}${tcc:+ ms} |"$'\n'
  floors+="| $n | $fs ms | $fr ms | $fp ms | $es ms | $el ms | $((fp + es)) ms${tc:+ ($(ratio $((fp + es)) "$tc"))} | $c ms${tc:+ ($(ratio "$c" "$tc"))} | $((fs + el)) ms${te:+ ($(ratio $((fs + el)) "$te"))} | $lj ms${te:+ ($(ratio "$lj" "$te"))} |"$'\n'
done

echo
echo "Floors, each part a whole process, best of 3 (the vault read before each try). In C (Benchmarks' ReadFloor), on every core: listing the vault and taking each file's stamp; listing and reading every file; the same with libyaml's events over each frontmatter. todomd on a vault with the same perspectives and no task: its own start. The floor of a cold count is the C parse plus todomd's start; of a warm list, the C stamps plus todomd's start. Ratios to taskwarrior's count and export."
echo
echo "| tasks | C: list, stat | C: list, read | C: list, read, libyaml | todomd, no task: count, cold | todomd, no task: list --json, warm | floor: count, cold | todomd: count, cold | floor: list --json, warm | todomd: list --json, warm |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
printf '%s' "$floors"
echo
echo "CPU time of the same runs (user and system, every thread; best of 3). todomd works on both cores, taskwarrior on one: a cold count's wall time is about its start plus the rest of its CPU time shared by the cores."
echo
echo "| tasks | C: list, read | C: list, read, libyaml | todomd, no task: count, cold | floor: count, cold | todomd: count, cold | taskwarrior: count |"
echo "|---:|---:|---:|---:|---:|---:|---:|"
printf '%s' "$cpus"

# Once through tmux, the real binary at the largest size: Space on the first
# task of "Work — Available Now" until the screen shows it, and the memory
# after a walk through every perspective.
n=${SIZES##* }
v="$DIR/v$n"
"$BIN" count --vault "$v" >/dev/null
tmux -L todomd-bench new-session -d -x 120 -y 40 "$BIN --vault $v"
until tmux -L todomd-bench capture-pane -p | grep -q "Perspectives"; do sleep 0.05; done
pid=$(tmux -L todomd-bench list-panes -F '#{pane_pid}')
tmux -L todomd-bench send-keys z G k l j
sleep 0.5
before=$(tmux -L todomd-bench capture-pane -p | md5sum)
s=${EPOCHREALTIME/./}
tmux -L todomd-bench send-keys Space
until [ "$(tmux -L todomd-bench capture-pane -p | md5sum)" != "$before" ]; do :; done
e=${EPOCHREALTIME/./}
for _ in $(seq 8); do tmux -L todomd-bench send-keys h k; sleep 0.2; done
hwm=$(awk '/VmHWM/ { print int($2 / 1024) }' /proc/"$pid"/status)
tmux -L todomd-bench send-keys u q
echo
echo "Through tmux at $n tasks: Space to a changed screen $(( (10#$e - 10#$s) / 1000 )) ms (tmux's own round trips included); memory after use $hwm MB."
