# Hedgerow: the two commands a new player needs.
#   make play   install what the game needs, then open it on the default scenario
#   make test   install what the tests need, then run every test
SHELL := /bin/bash
GO ?= go
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BUILD_PKGS := gcc libc6-dev libgl1-mesa-dev libxcursor-dev libxi-dev libxinerama-dev \
	libxrandr-dev libxxf86vm-dev libasound2-dev pkg-config
TEST_PKGS := $(BUILD_PKGS) xvfb xauth xdotool imagemagick x11-utils qemu-user-static

.PHONY: play test deps test-deps build check-fmt vet test-headless test-display test-cross test-fuzz bench soak-ai test-e2e test-rest

# Install only the Debian packages that are missing; say so when we do.
define apt_install
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		if ! command -v apt-get >/dev/null; then echo "Please install:$$missing"; exit 1; fi; \
		echo "Installing system packages:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi
endef

deps:
	$(call apt_install,$(BUILD_PKGS))

test-deps:
	$(call apt_install,$(TEST_PKGS))

build: deps
	$(GO) build -o hedgerow .

play: build
	./hedgerow

check-fmt:
	@bad=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$bad" ]; then echo "gofmt needed on: $$bad"; exit 1; fi

vet: test-deps
	$(GO) vet ./...

# Packages that never import Ebiten run with no display at all.
# Packages that need a display (they import Ebiten) run under Xvfb.
PKG_DEPS = $(GO) list -f '{{.ImportPath}} {{join .Deps " "}}' ./...
HEADLESS = $(shell $(PKG_DEPS) | grep -v 'hajimehoshi/ebiten' | cut -d' ' -f1)
WINDOWED = $(shell $(PKG_DEPS) | grep 'hajimehoshi/ebiten' | cut -d' ' -f1)

test-headless: test-deps
	env -u DISPLAY $(GO) test -count=1 -timeout 45m $(HEADLESS)

# make test runs the end-to-end window tests (game/e2e, most of its time:
# they wait on a real window as a player would, and leave a core idle
# much of it) beside everything else, which runs in turn.
E2E := hedgerow/game/e2e
test-e2e: test-deps
	env -u DISPLAY $(GO) test -count=1 -timeout 45m $(E2E)

test-rest: test-deps
	env -u DISPLAY $(GO) test -count=1 -timeout 45m $(filter-out $(E2E),$(HEADLESS))
	$(MAKE) --no-print-directory test-cross
	$(MAKE) --no-print-directory test-fuzz
	$(MAKE) --no-print-directory test-display

test-display: test-deps build
	xvfb-run -a -s '-screen 0 1280x800x24' $(GO) test -count=1 -timeout 20m $(WINDOWED)

# Replays must be identical on every machine. The golden determinism tests
# (random games on every shipped scenario and a sample save per scenario,
# with state hashes recorded on amd64; every rule set's golden replays and
# saved-game replays; the circle-outline and bearing cases)
# also run for arm64 and for 386 (with SSE2 and with soft float) under
# qemu's user-mode emulators: a kernel built without 32-bit support (as
# some CI machines are) cannot run a 386 binary natively, and a 386 Go
# program under qemu-i386 dies of its own preemption signals ("bad g in
# signal handler") unless asynchronous preemption is off. The computer's
# golden choices (rules/ai) run for arm64, whose compiler may fuse a
# multiply-add in its scores. Only headless packages, with cgo off. About
# a minute and a half.
CROSS_PKGS := ./rules/geom ./rules/terrain ./rules ./rules/save ./rules/scenario ./scenarios ./cmd \
	./rules/ssg ./rules/smle ./rules/firefight ./rules/maxim ./rules/skirmish35 ./rules/all
CROSS_RUN := Golden|Circle|Bearing|HalfDegree|SaveReplay|TamperedSave|EveryScenarioLoads|ReplayCommand|SampleSave|^TestReplay$$|OffTheTable|LargestTable

test-cross: test-deps
	CGO_ENABLED=0 GOARCH=arm64 $(GO) test -count=1 -exec qemu-aarch64-static -run '$(CROSS_RUN)' $(CROSS_PKGS)
	CGO_ENABLED=0 GOARCH=arm64 $(GO) test -count=1 -exec qemu-aarch64-static -run 'GoldenChoices' ./rules/ai
	CGO_ENABLED=0 GOARCH=386 GODEBUG=asyncpreemptoff=1 $(GO) test -count=1 -exec qemu-i386-static -run '$(CROSS_RUN)' $(CROSS_PKGS)
	CGO_ENABLED=0 GOARCH=386 GO386=softfloat GODEBUG=asyncpreemptoff=1 $(GO) test -count=1 -exec qemu-i386-static -run 'Golden|Circle' ./rules/terrain ./scenarios

# Every loader's fuzz target (map, scenario, save, command notation, the
# TOML shape scanner) runs for a few seconds' worth of inputs, minimising
# bounded too. The budgets are counts, not durations: Go 1.26's fuzzing
# coordinator can report a bare "context deadline exceeded" when a
# -fuzztime duration runs out on a loaded machine (go.dev/issue/75804),
# failing a run that found nothing; a count has no deadline to race. Each
# count is about 1.5 s of inputs here (2 cores).
FUZZ_SCALE ?= 1
fuzz = env -u DISPLAY $(GO) test -run '^$$' -fuzz '^$(1)$$' -fuzztime $$(( $(2) * $(FUZZ_SCALE) ))x -fuzzminimizetime 500x $(3)

test-fuzz: test-deps
	$(call fuzz,FuzzParseMap,25000,./rules/terrain)
	$(call fuzz,FuzzLoadScenario,9000,./rules/scenario)
	$(call fuzz,FuzzReadSave,5000,./rules/save)
	$(call fuzz,FuzzParseCommand,40000,./rules)
	$(call fuzz,FuzzScan,75000,./rules/tomlpos)
	$(call fuzz,FuzzDecodeMsg,20000,./game/netplay)

test: test-deps check-fmt vet
	$(MAKE) --no-print-directory -j2 test-e2e test-rest

bench: test-deps
	env -u DISPLAY $(GO) test -run '^$$' -bench . -benchmem ./rules/...

# The computer's soak (opt-in, not part of make test): 1,000 games of the
# computer against itself, 40 on each of the 25 shipped scenarios (Normal
# against Normal in 32, Hard against Normal in 8), failing on any command
# the game refused ("illegal") or any game that did not end (stopped, or
# not over after the duel's 4,000 commands). Every game's line goes to
# SOAK_LOG as it ends. Hours on 2 cores; a lean version (one whole game a
# rule set) runs in go test ./rules/ai.
SOAK_GAMES ?= 40
SOAK_LOG ?= /tmp/hedgerow-soak-ai.log
soak-ai: build
	@: > $(SOAK_LOG); for s in scenarios/*.toml; do \
		for a in computer computer:hard; do \
			n=$$(( $(SOAK_GAMES) * 4 / 5 )); [ $$a = computer ] || n=$$(( $(SOAK_GAMES) - n )); \
			./hedgerow duel --scenario $$s --a $$a --b computer --games $$n --seed 1 | tee -a $(SOAK_LOG) | grep -E 'stopped|not over|"illegal"'; \
		done; \
	done; \
	games=$$(grep -c '^game ' $(SOAK_LOG)); hangs=$$(grep -cE 'stopped|not over' $(SOAK_LOG)); \
	illegal=$$(grep -o '"illegal":[0-9]*' $(SOAK_LOG) | awk -F: '{s += $$2} END {print s + 0}'); \
	echo "soak: $$games games, $$illegal illegal commands, $$hangs games that did not end"; \
	[ "$$illegal" = 0 ] && [ "$$hangs" = 0 ]
