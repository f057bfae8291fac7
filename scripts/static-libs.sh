#!/usr/bin/env bash
# Makes .build/static-libs: a folder holding only the static archives of the C
# libraries todomd links (links to the ones the -dev packages install), which
# release builds search before the system's folders (Package.swift). So the
# release binary has them linked in, and a start does not map, relocate and
# resolve the symbols of six shared libraries (about 3 ms of every command on
# this machine). An archive not found is left out: that library is then
# linked as a shared one, as in debug builds.
set -euo pipefail
cd "$(dirname "$0")/.."
swift_bin="$(dirname "$(readlink -f "$(command -v "${SWIFT:-swift}")")")"
clang="$swift_bin/clang"
[ -x "$clang" ] || clang="$(command -v clang || true)"
dir=.build/static-libs
# Made beside it, and put in its place only when it differs: links made again
# (new times) would have every release build link the binary again.
new="$dir.new"
rm -rf "$new"
mkdir -p "$new"
missing=""
for lib in sqlite3 yaml cmark-gfm cmark-gfm-extensions ncursesw tinfo stdc++; do
  path=""
  [ -n "$clang" ] && path="$("$clang" -print-file-name="lib$lib.a" 2>/dev/null || true)"
  if [[ "$path" == /* && -f "$path" ]]; then
    ln -s "$path" "$new/lib$lib.a"
  else
    missing+=" lib$lib.a"
  fi
done
links() { for f in "$1"/*; do [ -L "$f" ] && echo "${f##*/} $(readlink "$f")"; done; true; }
if [ -d "$dir" ] && [ "$(links "$dir")" = "$(links "$new")" ]; then
  rm -rf "$new"
else
  rm -rf "$dir"
  mv "$new" "$dir"
fi
if [ -n "$missing" ]; then
  echo "static-libs: not found (linked as shared libraries instead):$missing" >&2
fi
