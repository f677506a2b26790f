# Zócalo: `make run` for the demo, `make test` for every test.
GO      ?= go
NPM     ?= npm
BIN     := bin/zocalo
WEB     := web
# Tests that own their rig run in parallel (-parallel): most wait on sockets, fakes and the
# database rather than the CPU. docs/testing.md says which run has the race detector.
GOFLAGS_TEST ?= -count=1 -timeout 20m -parallel 8
# Go packages of the project; web/node_modules may ship Go files of its own.
GOPKGS   = $(shell $(GO) list ./... | grep -v /node_modules/)

.PHONY: all build web go run test lint go-lint web-lint go-test go-test-sqlite go-test-postgres go-test-race-sqlite web-test e2e web-deps bench bench-web bench-web-run fuzz test-faults test-faults-run clean

all: build

## build: the web app, then the binary that embeds it
build: web go

web-deps: $(WEB)/node_modules/.package-lock.json

$(WEB)/node_modules/.package-lock.json: $(WEB)/package-lock.json $(WEB)/package.json
	cd $(WEB) && $(NPM) ci --no-audit --no-fund

web: web-deps
	cd $(WEB) && $(NPM) run build

go:
	$(GO) build -o $(BIN) .

## run: the portal in demo mode on http://127.0.0.1:8080 with SQLite, no Discord account needed
run: build
	ZOCALO_DEMO=true ./$(BIN) all

## test: every test, phase by phase, ending with the seconds each took: the build, lint,
## Go on SQLite, Go on PostgreSQL under -race when ZOCALO_TEST_DATABASE_URL is set (else
## the goroutine-heavy packages under -race on SQLite), the web's unit tests, the
## end-to-end suite in Chromium against the built binary, and the faults.
test:
	@tools/test-phases.sh build lint go-test-sqlite $(GO_RACE_PHASE) web-test e2e test-faults-run

# The run with the race detector: every package on PostgreSQL when there is one.
GO_RACE_PHASE = $(if $(ZOCALO_TEST_DATABASE_URL),go-test-postgres,go-test-race-sqlite)
# Without PostgreSQL, the packages whose goroutines meet (the bot, the live hub, the
# relay's store, the database's notices, the fake Discord, the race gates) still run once
# under -race, on SQLite.
RACE_PKGS = ./bot/ ./core/db/ ./core/live/ ./core/outbox/ ./internal/discordfake/ ./internal/testenv/

lint: go-lint web-lint

go-lint:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { echo "gofmt needed:"; gofmt -l $$(git ls-files '*.go'); exit 1; }
	$(GO) mod tidy -diff
	$(GO) vet $(GOPKGS)
	$(GO) tool staticcheck $(GOPKGS)

web-lint: web-deps
	cd $(WEB) && $(NPM) run typecheck && $(NPM) run lint && $(NPM) run check:api && $(NPM) run check:routes && $(NPM) run check:consts

## go-test: the Go tests as make test runs them.
go-test: go-test-sqlite $(GO_RACE_PHASE)

# Every package on SQLite, without the race detector: it instruments the pure-Go SQLite
# engine itself, which made a migration take seconds instead of 20 ms.
go-test-sqlite:
	ZOCALO_TEST_ENGINES=sqlite $(GO) test $(GOFLAGS_TEST) $(GOPKGS)

# Every package on PostgreSQL, under the race detector.
go-test-postgres:
	@test -n "$(ZOCALO_TEST_DATABASE_URL)" || { echo "go-test-postgres needs ZOCALO_TEST_DATABASE_URL"; exit 1; }
	ZOCALO_TEST_ENGINES=postgres $(GO) test -race $(GOFLAGS_TEST) $(GOPKGS)

go-test-race-sqlite:
	ZOCALO_TEST_ENGINES=sqlite $(GO) test -race $(GOFLAGS_TEST) $(RACE_PKGS)

web-test: web-deps
	cd $(WEB) && $(NPM) test

e2e: web-deps
	cd $(WEB) && CI=$${CI:-} $(NPM) run e2e

## bench: the Go benchmarks, then the load benchmark: a seeded community, the real binary in
## production mode, 32 connections per endpoint, on SQLite and (with ZOCALO_TEST_DATABASE_URL)
## PostgreSQL at 1x and 10x from two servers in the same run (each read's p50 at 10x at most
## twice 1x's; latency budgets scaled by the machine's speed that run); then (PostgreSQL
## only) `serve` and `bot` as two processes against a fake
## Discord, timing each write's post from the write's answer (p95 <= 300 ms); then (PostgreSQL
## only) two `serve` replicas: 1,000 open streams (<= 50 MB RSS) and a reply reaching a stream
## on the other replica (p95 <= 500 ms); then SQLite at 0.5x, 1x, 2x and 5x in turn, to say
## the largest community it serves within every budget (informative, -ceiling picks the sizes).
## Then bench-web, whatever the load benchmark found;
## exits non-zero when any budget (docs/performance.md) was missed.
## BENCH_FLAGS passes options, e.g. BENCH_FLAGS='-scale 0.1 -duration 2s' for a quick look,
## BENCH_FLAGS='-growth 0' for one PostgreSQL community, or BENCH_FLAGS='-parts delivery'.
BENCH_FLAGS ?=
bench: build
	$(GO) test -run '^$$' -bench . -benchtime 3x $(GOPKGS)
	status=0; $(GO) run ./tools/bench -bin bin/zocalo $(BENCH_FLAGS) || status=$$?; \
	$(MAKE) --no-print-directory bench-web-run || status=$$?; exit $$status

## bench-web: Lighthouse 12.2.3's mobile preset (simulated slow 4G, CPU x4), BENCH_WEB_RUNS
## runs each, cold cache: /, /news, /news/{id}, /shop and /diario-oficial as a visitor, then
## signed in /support (jugador), /records, /documents, /dashboard (moderador), /admin/support
## (soporte), and a repeat visit of /support; prints the medians against the budgets of
## docs/performance.md with the load average, and exits non-zero on a miss.
## BENCH_WEB_FLAGS: --only /support,/dashboard  --out DIR (reports, traces)  --verbose
BENCH_WEB_RUNS ?= 3
BENCH_WEB_PORT ?= 18490
BENCH_WEB_FLAGS ?=
bench-web: build bench-web-run

bench-web-run: web-deps
	cd $(WEB) && node scripts/bench-web.mjs --bin ../$(BIN) --port $(BENCH_WEB_PORT) --runs $(BENCH_WEB_RUNS) $(BENCH_WEB_FLAGS)

## test-faults: the real binary killed mid-write on SQLite and (with
## ZOCALO_TEST_DATABASE_URL) PostgreSQL; every acknowledged write must survive, and every
## outbox event a killed bot was delivering must reach Discord exactly once
test-faults: build test-faults-run

test-faults-run:
	$(GO) test -tags faults -count=1 -v ./internal/faults/

## fuzz: each fuzz target for FUZZTIME (30s), then the inputs that reached new code are
## added to webapi/testdata/fuzz (committed: every `go test` replays them); failing
## inputs land there too
FUZZTIME ?= 30s
FUZZ_CACHE = $(shell $(GO) env GOCACHE)/fuzz/zocalo/webapi
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzJSONBodies$$' -fuzztime $(FUZZTIME) ./webapi/
	$(GO) test -run '^$$' -fuzz '^FuzzMultipart$$' -fuzztime $(FUZZTIME) ./webapi/
	for target in FuzzJSONBodies FuzzMultipart; do \
		mkdir -p webapi/testdata/fuzz/$$target; \
		if [ -d "$(FUZZ_CACHE)/$$target" ]; then cp -n "$(FUZZ_CACHE)/$$target"/* webapi/testdata/fuzz/$$target/; fi; \
	done

clean:
	rm -rf bin $(WEB)/dist
