//go:build !race

package query_test

// raceDetector tells a test that it runs under the race detector (see race_on_test.go).
const raceDetector = false
