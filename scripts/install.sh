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
# the man pages are todomd.1 and todomd.SUBCOMMAND.1), then the folders install
# made itself (kept in PREFIX/share/todomd/installed-folders), where they are
# empty: a folder that was there before (/usr/local/share/man) stays.
set -euo pipefail
cd "$(dirname "$0")/.."
PREFIX=${PREFIX:-/usr/local}
DESTDIR=${DESTDIR:-}
BUILT=${BUILT:-.build/release}
ROOT="$DESTDIR$PREFIX"
BIN=bin
MAN=share/man/man1
BASH_DIR=share/bash-completion/completions   # bash-completion loads completions/NAME on first use
# zsh: Debian's zsh looks in /usr/share/zsh/vendor-completions for packages and
# in /usr/local/share/zsh/site-functions for local installs.
if [ "$PREFIX" = /usr ]; then ZSH_DIR=share/zsh/vendor-completions; else ZSH_DIR=share/zsh/site-functions; fi
FISH_DIR=share/fish/vendor_completions.d       # fish reads vendor_completions.d of its data dirs
THEME_DIR=share/todomd/themes
FOLDERS=share/todomd/installed-folders

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
  echo "$FOLDERS"
}

# Makes PREFIX/$1 and every folder above it that is missing, noting each one made (as a path
# without DESTDIR) in $made, so uninstall removes those and no other.
made=""
make_folder() {
  local p="" part
  IFS=/ read -r -a parts <<< "${PREFIX#/}/$1"
  for part in "${parts[@]}"; do
    [ -n "$part" ] || continue
    p="$p/$part"
    if [ ! -d "$DESTDIR$p" ]; then mkdir "$DESTDIR$p"; made="$made$p"$'\n'; fi
  done
}

install_all() {
  for b in todomd todomd-tasknotes-bridge; do
    [ -x "$BUILT/$b" ] || { echo "install: $BUILT/$b is missing: run make release first" >&2; exit 2; }
  done
  local gen=${GENERATE_MANUAL:-} swift=${SWIFT:-swift}
  if [ -z "$gen" ] && command -v "$swift" >/dev/null; then
    "$swift" build --product generate-manual >/dev/null
    gen="$("$swift" build --show-bin-path)/generate-manual"
  fi
  # (under sudo, swift is often not on PATH: a generator built before does as well)
  [ -n "$gen" ] || gen=$(ls .build/*/generate-manual .build/*/*/generate-manual 2>/dev/null | head -1)
  [ -x "$gen" ] || { echo "install: swift-argument-parser's generate-manual is missing: run make install as yourself, or make release first" >&2; exit 2; }
  tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
  mkdir -p "$tmp/man"
  # The pages' date: the commit's, so a rebuild of the same source writes the same pages.
  local date; date=$(git log -1 --format=%cs 2>/dev/null || date +%F)
  "$gen" "$BUILT/todomd" --multi-page --date "$date" --output-directory "$tmp/man" >/dev/null
  [ -z "$DESTDIR" ] || mkdir -p "$DESTDIR"  # (a staging folder is the caller's, not install's to remove)
  for d in "$BIN" "$MAN" "$BASH_DIR" "$ZSH_DIR" "$FISH_DIR" "$THEME_DIR"; do make_folder "$d"; done
  # Folders an earlier install made are still install's to remove.
  { cat "$ROOT/$FOLDERS" 2>/dev/null || true; printf '%s' "$made"; } | sort -u | sed '/^$/d' > "$tmp/folders"
  install -m 644 "$tmp/folders" "$ROOT/$FOLDERS"
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
  local f folders
  folders=$(cat "$ROOT/$FOLDERS" 2>/dev/null || true)
  while read -r f; do rm -f "$ROOT/$f"; done < <(files)
  # The folders install made, deepest first, only where nothing else is left in them.
  while read -r f; do
    [ -n "$f" ] && rmdir "$DESTDIR$f" 2>/dev/null || true
  done < <(printf '%s\n' "$folders" | awk '{ print length($0) "\t" $0 }' | sort -rn | cut -f2-)
  echo "Removed todomd from $ROOT"
}

case "${1:-}" in
  install) install_all ;;
  uninstall) uninstall_all ;;
  files) files ;;
  *) echo "usage: $0 install|uninstall|files" >&2; exit 2 ;;
esac
