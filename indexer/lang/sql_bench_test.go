package lang

import (
	"path/filepath"
	"testing"
)

// BenchmarkSQLMapper maps the SQL scripts of PostgreSQL's extensions (Debian's postgresql
// package), when installed.
func BenchmarkSQLMapper(b *testing.B) {
	paths, _ := filepath.Glob("/usr/share/postgresql/*/extension/*.sql")
	if len(paths) == 0 {
		b.Skip("no /usr/share/postgresql/*/extension/*.sql (apt-get install postgresql)")
	}
	files, total := readBenchFiles(b, paths)
	benchMapper(b, sqlMapper{}, files, total)
}
