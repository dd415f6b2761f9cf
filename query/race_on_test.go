//go:build race

package query_test

// raceDetector tells a test that it runs under the race detector, where indexing all of
// GOROOT/src takes minutes: make test runs such a test again without it.
const raceDetector = true
