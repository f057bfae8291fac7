# todomd: `make run` opens the app on a demo vault; `make test` runs every test.
SWIFT ?= swift
DEMO ?= .demo/todo.md
APT_PACKAGES = libncurses-dev tmux

.PHONY: deps build release run test bench clean

# Installs what the build and the tests need, only when missing.
deps:
	@missing=""; \
	dpkg -s libncurses-dev >/dev/null 2>&1 || missing="$$missing libncurses-dev"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		SUDO=""; [ "$$(id -u)" = 0 ] || SUDO="sudo"; \
		$$SUDO apt-get update && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product todomd

run: release
	@if [ ! -d "$(DEMO)" ]; then .build/release/todomd demo "$(DEMO)" --count 300; fi
	.build/release/todomd --vault "$(DEMO)"

test: deps
	$(SWIFT) build --build-tests
	TODOMD_BIN="$$(swift build --show-bin-path)/todomd" $(SWIFT) test --skip-build

# Engine benchmarks (ordo-one/benchmark, its own package), then whole-process timings.
bench: release
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark --format markdown
	@./scripts/bench.sh

clean:
	rm -rf .build .demo Benchmarks/.build
