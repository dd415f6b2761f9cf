package query_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

// gorootSrc is $(go env GOROOT)/src, the large real corpus every Go machine has, or "" when the go
// command cannot say.
var gorootSrc = sync.OnceValue(func() string {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil || strings.TrimSpace(string(out)) == "" {
		return ""
	}
	return filepath.Join(strings.TrimSpace(string(out)), "src")
})
