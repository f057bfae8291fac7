# todomd: `make run` opens the app on a demo vault; `make test` runs every test.
SHELL := /bin/bash
SWIFT ?= swift
DEMO ?= .demo/todo.md
# The -dev packages the build needs. The tests' tools (TEST_TOOLS) are checked apart: tmux (the terminal tests),
# zsh and fish (the installed completions load in them), lintian and man (the package and the man pages), binutils (strip).
DEV_PACKAGES = libncurses-dev libsqlite3-dev libyaml-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libmimalloc-dev

.PHONY: deps test-deps build release run test conformance themes keys install uninstall deb bench clean

# Installs what the build needs (deps) and what the tests need besides
# (test-deps), only when missing: `make run` never installs the test tools.
# A tool is named by its command, with its package after a colon when they differ.
TEST_TOOLS = tmux zsh fish lintian man:man-db objdump:binutils
define install_missing
	@missing=""; \
	for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	for t in $(2); do command -v $${t%%:*} >/dev/null 2>&1 || missing="$$missing $${t##*:}"; done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		SUDO=""; [ "$$(id -u)" = 0 ] || SUDO="sudo"; \
		$$SUDO apt-get update && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	fi
endef

deps:
	$(call install_missing,$(DEV_PACKAGES),)

test-deps:
	$(call install_missing,,$(TEST_TOOLS))

build: deps
	$(SWIFT) build

# Static Swift libraries, and the C libraries' archives linked in as well
# (scripts/static-libs.sh; see Package.swift's releaseLinkFlags): the tool
# starts without loading a shared library beyond libc, libm, libgcc_s and
# mimalloc, which matters for a command run all day. Generic types' metadata
# is made at compile time where the compiler can, and otherwise asked for
# with the protocol conformances it needs in hand, rather than made by the
# runtime from mangled names at each start, demangling them and scanning
# every conformance in the binary for the ones they need (a large part of a
# command on an empty vault).
RELEASE_FLAGS = -c release --static-swift-stdlib $(START_FLAGS)
START_FLAGS = -Xswiftc -Xfrontend -Xswiftc -prespecialize-generic-metadata \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
release: deps
	@SWIFT="$(SWIFT)" ./scripts/static-libs.sh
	$(SWIFT) build $(RELEASE_FLAGS) --product todomd
	$(SWIFT) build $(RELEASE_FLAGS) --product todomd-tasknotes-bridge

run: release
	@if [ ! -d "$(DEMO)" ]; then .build/release/todomd demo "$(DEMO)" --count 300; fi
	.build/release/todomd --vault "$(DEMO)"

test: deps test-deps
	$(SWIFT) build --build-tests
	@# (the man page generator scripts/install.sh runs; the install tests use it)
	$(SWIFT) build --product generate-manual
	@# XCTest only (no Swift Testing suites): the end-to-end tests beside the rest, in two processes.
	SWIFT="$(SWIFT)" ./scripts/run-tests.sh

# Installs the stripped release binaries, man pages, shell completions and themes
# under PREFIX (default /usr/local), inside DESTDIR when given (scripts/install.sh).
PREFIX ?= /usr/local
DESTDIR ?=
# (Under sudo, swift is often not on PATH: a release built before is installed as it is.)
install:
	@if command -v $(SWIFT) >/dev/null 2>&1; then $(MAKE) --no-print-directory release; \
	elif [ ! -x .build/release/todomd ]; then echo "install: $(SWIFT) is not on PATH (under sudo?): run make release as yourself first" >&2; exit 2; fi
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" SWIFT="$(SWIFT)" ./scripts/install.sh install

# Removes exactly what `make install` wrote (the same PREFIX and DESTDIR).
uninstall:
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" ./scripts/install.sh uninstall

# A Debian package of the release build (todomd_VERSION_ARCH.deb, made with dpkg-deb): `apt install ./todomd_*.deb`.
# BUILT=DIR packages binaries built elsewhere as they are (the tests package their own build; CI
# has no time for a second, release build) and DEB_OUT=DIR is where the package goes.
BUILT ?=
DEB_OUT ?= .
deb:
	@if [ -z "$(BUILT)" ]; then $(MAKE) --no-print-directory release; fi
	BUILT="$(or $(BUILT),.build/release)" ./scripts/deb.sh "$(DEB_OUT)"

# The tasknotes-spec fixtures through the bridge, with a pass/fail line per fixture file.
conformance: deps
	$(SWIFT) build --build-tests
	TODOMD_BIN="$$($(SWIFT) build --show-bin-path)/todomd" $(SWIFT) test --skip-build --disable-swift-testing --filter ConformanceTests 2>&1 | grep -E "^conformance|error:|Executed"

# Compiles themes/*.yaml into the binary (Sources/TUI/Theme/BuiltinThemes.swift).
themes:
	./scripts/embed-themes.sh

# Writes docs/keys.md again from the keymap (a test fails while it differs).
keys: deps
	$(SWIFT) build --build-tests
	TODOMD_RECORD_KEYS=1 $(SWIFT) test --skip-build --disable-swift-testing --filter KeyReferenceTests

# Engine benchmarks (ordo-one/benchmark, its own package), then whole-process timings.
bench: release
	@# SwiftPM can keep a stale plan of the path dependency's files: re-plan.
	rm -f Benchmarks/.build/release.yaml Benchmarks/.build/release/description.json
	@# (InteractiveBench and ReadFloor are plain programs, run by the scripts below, not by the plugin.)
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark --skip-target InteractiveBench --skip-target ReadFloor --format markdown
	@./scripts/bench.sh
	@./scripts/bench-targets.sh
	@./scripts/bench-idle.sh

clean:
	rm -rf .build .demo Benchmarks/.build Benchmarks/.build-static
