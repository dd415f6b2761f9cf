//go:build unix

package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/readmap/readmap/query/edit"
)

// The test binary, run as readmap (READMAP_TEST_MAIN=1) with READMAP_TEST_KILL_AT=POINT, kills
// itself with SIGKILL when a write reaches POINT.
func init() {
	if at := os.Getenv("READMAP_TEST_KILL_AT"); at != "" && os.Getenv("READMAP_TEST_MAIN") == "1" {
		edit.Trace = func(point string) {
			if point == at {
				_ = syscall.Kill(os.Getpid(), syscall.SIGKILL)
				time.Sleep(time.Minute) // the signal is on its way
			}
		}
	}
}

// crashFile is a text of about 4 MiB, so a write goes through several points, with one marker.
func crashFile(marker string) []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < 4<<20; i++ {
		if i == 40000 {
			b.WriteString(marker + "\n")
		}
		fmt.Fprintf(&b, "line %d of a log that is long enough to take a while to write\n", i)
	}
	return b.Bytes()
}

// editProcess starts `readmap edit big.txt --old OLD_MARKER --new NEW_MARKER` in root as its own
// process, with env added.
func editProcess(t *testing.T, root string, env ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "edit", "big.txt", "--old", "OLD_MARKER", "--new", "NEW_MARKER", "-q")
	cmd.Dir = root
	cmd.Env = append(append(os.Environ(), "READMAP_TEST_MAIN=1"), env...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd
}

// TestEditSurvivesSIGKILL kills the edit process at every point of its write (after the temporary
// file is made, after each MiB written, after it is synced, after the backup, after the rename,
// after the folder's sync), then at 24 moments spread over a whole edit: the file is always the
// old bytes or the new ones, whole, never missing, never a mix; and an edit after a crash works.
func TestEditSurvivesSIGKILL(t *testing.T) {
	oldBytes, newBytes := crashFile("OLD_MARKER"), crashFile("NEW_MARKER")
	root := repo(t, nil)
	path := filepath.Join(root, "big.txt")
	reset := func() {
		mustWrite(t, path, oldBytes, 0o644)
	}
	check := func(when string) []byte {
		t.Helper()
		got, err := os.ReadFile(path)
		switch {
		case err != nil:
			t.Fatalf("%s: the file is gone: %v", when, err)
		case bytes.Equal(got, oldBytes):
			return oldBytes
		case bytes.Equal(got, newBytes):
			return newBytes
		}
		t.Fatalf("%s: the file is neither the old nor the new one (%d bytes)", when, len(got))
		return nil
	}
	points := []string{"temp-created", "temp-written-1", "temp-written-2", "temp-written-3", "temp-written-4",
		"temp-synced", "backup-kept", "renamed", "folder-synced"}
	for i, point := range points {
		reset()
		cmd := editProcess(t, root, "READMAP_TEST_KILL_AT="+point)
		err := cmd.Wait()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
			t.Fatalf("at %s: the process ended with %v, not SIGKILL", point, err)
		}
		got := check("killed at " + point)
		renamed := i >= 7
		if renamed != bytes.Equal(got, newBytes) {
			t.Errorf("killed at %s: the file is the %s one", point, map[bool]string{true: "new", false: "old"}[bytes.Equal(got, newBytes)])
		}
	}
	// Moments spread over a whole edit, measured first.
	reset()
	started := time.Now()
	if err := editProcess(t, root).Wait(); err != nil {
		t.Fatalf("an edit without a kill: %v", err)
	}
	whole := time.Since(started)
	check("after a whole edit")
	seen := map[string]int{}
	for i := range 24 {
		reset()
		cmd := editProcess(t, root)
		time.Sleep(whole * time.Duration(i) / 20)
		_ = cmd.Process.Signal(syscall.SIGKILL)
		_ = cmd.Wait()
		if bytes.Equal(check(fmt.Sprintf("killed after %v", whole*time.Duration(i)/20)), newBytes) {
			seen["new"]++
		} else {
			seen["old"]++
		}
	}
	t.Logf("a whole edit took %v; of 24 kills spread over it, %d left the old file and %d the new one", whole, seen["old"], seen["new"])
	// Stray temporary files do not stop the next edit.
	reset()
	cmd := exec.Command(os.Args[0], "edit", "big.txt", "--old", "OLD_MARKER", "--new", "NEW_MARKER")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "READMAP_TEST_MAIN=1")
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "[Edited big.txt") {
		t.Fatalf("an edit after the crashes: %v\n%.500s", err, out)
	}
	if !bytes.Equal(check("after a last edit"), newBytes) {
		t.Error("the last edit did not write the new file")
	}
}
