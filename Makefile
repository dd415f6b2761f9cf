# readmap: `make help` lists the targets.
SHELL := /bin/bash
GO ?= go
export CGO_ENABLED := 1
BIN := bin/readmap
FUZZTIME ?= 30s
STATICCHECK_VERSION := v0.8.2
GOBIN := $(shell $(GO) env GOPATH)/bin

.PHONY: build index test lint bench fuzz golden clean help

build: ## build bin/readmap
	$(GO) build -o $(BIN) ./cmd/readmap

index: build ## build readmap and index this repository (.readmap/index.db)
	./$(BIN) index

test: ## run every test with the race detector
	$(GO) test -race -count=1 ./...

lint: ## gofmt, go vet and staticcheck
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt would change: $$out"; exit 1; fi
	$(GO) vet ./...
	@test -x $(GOBIN)/staticcheck || $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)
	$(GOBIN)/staticcheck ./...

bench: build ## benchmarks on GOROOT/src, then readmap against universal-ctags side by side
	$(GO) test -run '^$$' -bench . -benchtime 3x ./indexer ./query ./store
	./scripts/bench-vs-ctags.sh

fuzz: ## run each fuzz test for FUZZTIME (default 30s)
	@for pkg in $$($(GO) list ./...); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "== $$pkg $$f"; $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
	  done; \
	done

golden: ## rewrite the golden maps under testdata/golden
	$(GO) test ./query -run TestGolden -update

clean: ## remove the binary and this repository's store
	rm -rf bin .readmap

help: ## list the targets
	@grep -E '^[a-z]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-8s %s\n", $$1, $$2}'
