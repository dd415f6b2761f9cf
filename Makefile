# readmap: `make help` lists the targets.
SHELL := /bin/bash
GO ?= go
export CGO_ENABLED := 1
BIN := bin/readmap
FUZZTIME ?= 30s
# FUZZTIME_TEST is the short run of the MCP server's fuzz test that make test ends with: a count
# of inputs, not a duration, whose deadline Go 1.26's fuzzing races on a loaded machine (a bare
# "context deadline exceeded" with no failing input: golang/go#75804, fixed in Go 1.27).
FUZZTIME_TEST ?= 5000x
STATICCHECK_VERSION := v0.8.2
GOBIN := $(shell $(GO) env GOPATH)/bin

.PHONY: build index test lint bench fuzz golden clean help

build: ## build bin/readmap
	$(GO) build -o $(BIN) ./cmd/readmap

index: build ## build readmap and index this repository (.readmap/index.db)
	./$(BIN) index

test: ## run every test with the race detector, the GOROOT-wide ones again without it, then fuzz the MCP server for FUZZTIME_TEST
	$(GO) test -race -count=1 -timeout 40m ./...
	$(GO) test -count=1 -run 'RepoMapOfGOROOT' ./query
	$(GO) test -run '^$$' -fuzz '^FuzzMCPServer$$' -fuzztime $(FUZZTIME_TEST) ./cmd/readmap

lint: ## gofmt, go vet and staticcheck
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt would change: $$out"; exit 1; fi
	$(GO) vet ./...
	@test -x $(GOBIN)/staticcheck || $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)
	$(GOBIN)/staticcheck ./...

bench: build ## benchmarks (index, read and edit latency, context economy), then readmap vs universal-ctags per language and the kernel figures (BENCH_KERNEL=0 skips it)
	$(GO) test -run '^$$' -bench 'IndexGOROOT|ReindexUnchanged|CtagsGOROOT' -benchtime 3x ./indexer
	$(GO) test -run '^$$' -bench Mapper -benchtime 3x ./indexer/lang
	$(GO) test -run '^$$' -bench 'Read|EditSymbol|RefsGOROOT|RepoMapGOROOT' -benchtime 20x ./cmd/readmap
	$(GO) test -run '^$$' -bench 'BenchmarkSym$$' -benchtime 20x ./query
	$(GO) test -run '^$$' -bench 'ContextEconomy' -benchtime 1x ./query
	testdata/bench/trees.sh $(BIN)

fuzz: ## run each fuzz test for FUZZTIME (default 30s)
	@for pkg in $$($(GO) list ./...); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "== $$pkg $$f"; $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
	  done; \
	done

golden: ## rewrite the golden maps under testdata/golden, and record the maps the mappers' versions stand for
	$(GO) test ./query -run TestGolden -update
	$(GO) test ./indexer/lang -run TestMappersVersion -update

clean: ## remove the binary and this repository's store
	rm -rf bin .readmap

help: ## list the targets
	@grep -E '^[a-z]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-8s %s\n", $$1, $$2}'
