#!/usr/bin/env bash
# An idle app stays idle: the release binary in tmux on a generated vault
# (100,000 tasks), left alone for IDLE_SECONDS (60) with no timer running,
# then as long with one running (its row and status line tick once a minute).
# The figure is the app's CPU time over that span (user and system, every
# thread, from /proc/PID/stat) as a share of one core. Run by `make bench`.
set -euo pipefail
BIN=${BIN:-.build/release/todomd}
N=${IDLE_SIZE:-100000}
SECS=${IDLE_SECONDS:-60}
DIR=$(mktemp -d)
SOCK=todomd-bench-idle-$$
trap 'tmux -L "$SOCK" kill-server 2>/dev/null || true; rm -rf "$DIR"' EXIT
export XDG_CACHE_HOME="$DIR/cache" XDG_CONFIG_HOME="$DIR/config" XDG_STATE_HOME="$DIR/state" TERM=xterm-256color
v="$DIR/v"
"$BIN" demo "$v" --count "$N" --seed 1 >/dev/null
"$BIN" count --vault "$v" >/dev/null  # (the task cache filled: the app starts as it does every day)
tmux -L "$SOCK" new-session -d -x 120 -y 40 "$BIN --vault $v"
until tmux -L "$SOCK" capture-pane -p | grep -q "Perspectives"; do sleep 0.1; done
pid=$(tmux -L "$SOCK" list-panes -F '#{pane_pid}')
hz=$(getconf CLK_TCK)
# utime + stime of the process (fields 14 and 15; the name in field 2 may hold spaces, so counted after its ")").
ticks() { sed 's/.*) //' /proc/"$pid"/stat | awk '{ print $12 + $13 }'; }
# The share of one core the app took over SECS seconds of being left alone.
idle() {
  local a b
  a=$(ticks); sleep "$SECS"; b=$(ticks)
  awk -v d=$((b - a)) -v hz="$hz" -v s="$SECS" 'BEGIN { printf "%.2f%% (%d ms of CPU in %d s)", 100 * d / hz / s, 1000 * d / hz + 0.5, s }'
}
sleep 10  # (the start's check of the vault, the watcher's setup and the cache's writes are done by then)
none=$(idle)
# A timer on the list's first task (the key as a user presses it), then left alone again.
tmux -L "$SOCK" send-keys l g t
sleep 2
if tmux -L "$SOCK" capture-pane -p | grep -q "⏱"; then running=$(idle); else running="n/a (no timer shown: this binary has no timer key)"; fi
tmux -L "$SOCK" send-keys t q
echo
echo "Idle at $N tasks, left alone for $SECS s (CPU time as a share of one core): no timer running $none; a timer running $running."
