#!/usr/bin/env bash
# `make deb`: a Debian package of the built binaries, made with Debian's own
# dpkg-deb. Files go where `make install PREFIX=/usr` puts them; Depends is
# read off the binaries (each shared library they need, and the package that
# holds it), with glibc at 2.36 or later (the release build's packed
# relocations need it).
#   scripts/deb.sh [OUTPUT_DIR]      (BUILT: the built binaries, default .build/release)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILT=${BUILT:-.build/release}
OUT=${1:-.}
# Who the package names as its maintainer (set DEB_MAINTAINER_EMAIL to yours).
MAINTAINER_EMAIL=${DEB_MAINTAINER_EMAIL:-todomd@example.org}
VERSION=$(sed -n 's/.*static let number = "\(.*\)".*/\1/p' Sources/TaskEngine/Support/TodomdVersion.swift)
ARCH=$(dpkg --print-architecture)
STAGE=$(mktemp -d); trap 'rm -rf "$STAGE"' EXIT
chmod 755 "$STAGE"

DESTDIR="$STAGE" PREFIX=/usr BUILT="$BUILT" ./scripts/install.sh install >/dev/null
# (dpkg itself knows what a package put where: install's own list of the folders it made is not shipped)
rm "$STAGE/usr/share/todomd/installed-folders"

# The packages that hold the shared libraries the binaries need (a library no
# package holds, such as a toolchain's own, is left out and said).
depends() {
  local lib path pkg
  for lib in $(objdump -p "$STAGE"/usr/bin/* | awk '/NEEDED/ { print $2 }' | sort -u); do
    path=$(ldconfig -p | awk -v l="$lib" '$1 == l && /x86-64|x32|AArch64|64bit/ { print $NF; exit }')
    [ -n "$path" ] || path=$(ldconfig -p | awk -v l="$lib" '$1 == l { print $NF; exit }')
    pkg=$( { dpkg -S "$path" 2>/dev/null || dpkg -S "$(readlink -f "$path")" 2>/dev/null; } | head -1 | cut -d: -f1) || true
    if [ -z "$pkg" ]; then echo "deb: $lib is in no Debian package; not in Depends" >&2; continue; fi
    echo "$pkg"
  done | sort -u | sed 's/^libc6$/libc6 (>= 2.36)/' | paste -sd, | sed 's/,/, /g'
}

DOC="$STAGE/usr/share/doc/todomd"
mkdir -p "$DOC" "$STAGE/DEBIAN"
install -m 644 packaging/copyright "$DOC/copyright"
mkdir -p "$STAGE/usr/share/lintian/overrides"
install -m 644 packaging/lintian-overrides "$STAGE/usr/share/lintian/overrides/todomd"
{
  echo "todomd ($VERSION) unstable; urgency=medium"
  echo
  echo "  * Release $VERSION$(git rev-parse --short=12 HEAD 2>/dev/null | sed 's/^/ (commit /; s/$/)/')."
  echo
  echo " -- The todomd authors <$MAINTAINER_EMAIL>  $(date -R -d "$(git log -1 --format=%cI 2>/dev/null || date -R)")"
} | gzip -9n > "$DOC/changelog.gz"
chmod 644 "$DOC/changelog.gz"
find "$STAGE/usr" -type d -exec chmod 755 {} +

cat > "$STAGE/DEBIAN/control" <<CONTROL
Package: todomd
Version: $VERSION
Architecture: $ARCH
Maintainer: The todomd authors <$MAINTAINER_EMAIL>
Installed-Size: $(du -sk "$STAGE/usr" | cut -f1)
Depends: $(depends)
Section: utils
Priority: optional
Description: keyboard-driven terminal task manager for markdown task files
 todomd is a full-screen terminal task manager for a folder of markdown task
 files, one task a file with YAML frontmatter. Saved views ("perspectives")
 are built from nested All/Any/None rules in a half-pane rule editor, while
 the task list and every count re-filter as you type. It reads and writes
 vaults of TaskNotes (Obsidian) and Backlog.md in their own words, never
 overwrites a file changed by another program, and ships a command line
 (list, count, add, done, modify) for scripts and prompts.
CONTROL

mkdir -p "$OUT"
FILE="$OUT/todomd_${VERSION}_${ARCH}.deb"
dpkg-deb --root-owner-group -Zxz --build "$STAGE" "$FILE" >/dev/null
echo "$FILE"
