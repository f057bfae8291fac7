#!/usr/bin/env bash
# `make install` / `make uninstall`: the stripped binaries, man pages and
# shell completions (both generated from swift-argument-parser's own
# definitions, so they cannot drift from the options), and the themes where
# the binary looks for them (PREFIX/share/todomd/themes).
#   scripts/install.sh install|uninstall|files
# Environment: PREFIX (default /usr/local), DESTDIR (default empty), BUILT (the
# folder holding the built todomd and todomd-tasknotes-bridge; default
# .build/release), GENERATE_MANUAL (swift-argument-parser's generate-manual).
# `uninstall` removes exactly the files `install` writes (`files` lists them:
# the man pages are todomd.1 and todomd.SUBCOMMAND.1), then the folders it
# made that are left empty.
set -euo pipefail
cd "$(dirname "$0")/.."
PREFIX=${PREFIX:-/usr/local}
DESTDIR=${DESTDIR:-}
BUILT=${BUILT:-.build/release}
ROOT="$DESTDIR$PREFIX"
BIN=bin
MAN=share/man/man1
BASH_DIR=share/bash-completion/completions   # bash-completion loads completions/NAME on first use
ZSH_DIR=share/zsh/site-functions               # in zsh's default $fpath for /usr and /usr/local
FISH_DIR=share/fish/vendor_completions.d       # fish reads vendor_completions.d of its data dirs
THEME_DIR=share/todomd/themes

# Every file install writes, relative to PREFIX.
files() {
  echo "$BIN/todomd"
  echo "$MAN/todomd.1.gz"
  echo "$BIN/todomd-tasknotes-bridge"
  echo "$MAN/todomd-tasknotes-bridge.1.gz"
  # A page a subcommand (todomd.list.1, ...): after an install, the ones there.
  (cd "$ROOT/$MAN" 2>/dev/null && ls todomd.*.1.gz 2>/dev/null | sed "s|^|$MAN/|") || true
  echo "$BASH_DIR/todomd"
  echo "$ZSH_DIR/_todomd"
  echo "$FISH_DIR/todomd.fish"
  for t in themes/*.yaml; do echo "$THEME_DIR/$(basename "$t")"; done
}

install_all() {
  for b in todomd todomd-tasknotes-bridge; do
    [ -x "$BUILT/$b" ] || { echo "install: $BUILT/$b is missing: run make release first" >&2; exit 2; }
  done
  local gen=${GENERATE_MANUAL:-}
  if [ -z "$gen" ]; then
    swift build --product generate-manual >/dev/null
    gen="$(swift build --show-bin-path)/generate-manual"
  fi
  tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
  mkdir -p "$tmp/man"
  # The pages' date: the commit's, so a rebuild of the same source writes the same pages.
  local date; date=$(git log -1 --format=%cs 2>/dev/null || date +%F)
  "$gen" "$BUILT/todomd" --multi-page --date "$date" --output-directory "$tmp/man" >/dev/null
  for d in "$BIN" "$MAN" "$BASH_DIR" "$ZSH_DIR" "$FISH_DIR" "$THEME_DIR"; do mkdir -p "$ROOT/$d"; done
  for b in todomd todomd-tasknotes-bridge; do
    install -m 755 "$BUILT/$b" "$ROOT/$BIN/$b"
    strip --strip-unneeded "$ROOT/$BIN/$b"
  done
  cp packaging/todomd-tasknotes-bridge.1 "$tmp/man/"
  local page
  for page in "$tmp"/man/todomd*.1; do
    gzip -9n < "$page" > "$ROOT/$MAN/$(basename "$page").gz"
    chmod 644 "$ROOT/$MAN/$(basename "$page").gz"
  done
  # (bash-completion sources the file: a #! line in it means nothing)
  "$BUILT/todomd" --generate-completion-script bash | sed '1{/^#!/d}' > "$tmp/bash"
  "$BUILT/todomd" --generate-completion-script zsh > "$tmp/zsh"
  "$BUILT/todomd" --generate-completion-script fish > "$tmp/fish"
  install -m 644 "$tmp/bash" "$ROOT/$BASH_DIR/todomd"
  install -m 644 "$tmp/zsh" "$ROOT/$ZSH_DIR/_todomd"
  install -m 644 "$tmp/fish" "$ROOT/$FISH_DIR/todomd.fish"
  for t in themes/*.yaml; do install -m 644 "$t" "$ROOT/$THEME_DIR/"; done
  echo "Installed todomd $("$ROOT/$BIN/todomd" --version) in $ROOT"
}

uninstall_all() {
  local f
  while read -r f; do rm -f "$ROOT/$f"; done < <(files)
  # The folders install made, deepest first, only where nothing else is left in them.
  for d in "$THEME_DIR" share/todomd "$FISH_DIR" share/fish "$ZSH_DIR" share/zsh "$BASH_DIR" share/bash-completion \
           "$MAN" share/man share "$BIN"; do
    rmdir "$ROOT/$d" 2>/dev/null || true
  done
  # Under a DESTDIR, PREFIX's own folders were made by install too (the DESTDIR itself stays).
  if [ -n "$DESTDIR" ]; then
    local p=$PREFIX
    while [ "$p" != / ] && [ -n "$p" ]; do rmdir "$DESTDIR$p" 2>/dev/null || break; p=$(dirname "$p"); done
  fi
  echo "Removed todomd from $ROOT"
}

case "${1:-}" in
  install) install_all ;;
  uninstall) uninstall_all ;;
  files) files ;;
  *) echo "usage: $0 install|uninstall|files" >&2; exit 2 ;;
esac
