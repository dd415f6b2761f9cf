package lang

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The SQL mapper steps over statements that map nothing without making tokens (skipStatement),
// which must find the same ";" as the tokens do: these tests map scripts both ways and want the
// same maps.

// sqlSkipSeeds are scripts where a stop byte may or may not start a token of its own.
var sqlSkipSeeds = []string{
	"SELECT a$b; CREATE TABLE t (a int);",
	"SELECT a.$$;$$; CREATE TABLE t (a int);",
	"SELECT 1.$$;$$; CREATE TABLE t (a int);",
	"SELECT 1E'\\';' ; CREATE TABLE t (a int);",
	"SELECT x.E'\\';' ; CREATE TABLE t (a int);",
	"SELECT $$x$$E'\\';'; CREATE TABLE t (a int);",
	"SELECT $a$x$a$$b$;$b$; CREATE TABLE t (a int);",
	"GRANT /* ; /* ; */ ; */ x; -- ;\nCREATE VIEW v AS SELECT 1;",
	"INSERT INTO `t` VALUES ('a\\';'); CREATE TABLE u (a int);",
	"CREATE OPERATOR === (PROCEDURE = f); CREATE TABLE t (a int);",
	"CREATE OR REPLACE EVENT e BEGIN SELECT 1; END; CREATE TABLE t (a int);",
	"CREATE DEFINER = a @ b CAST (x AS y); CREATE TABLE t (a int);",
	"CREATE OR BEGIN; SELECT 1; END; CREATE TABLE t (a int);",
	"ALTER FUNCTION f() OWNER TO x; ALTER TABLE t ADD COLUMN c int;",
	"COPY t FROM stdin;\n1\n\\.\nSELECT 'x",
	"DELIMITER //\nSELECT 1; CREATE TABLE t (a int) //\nDELIMITER ;\nSELECT \"a;",
	"SELECT \u212aEY; CREATE TABLE t (\u212aEY int, \u017fET int);",
}

// TestSQLSkip maps the seeds, the SQL scripts of the fixtures and of PostgreSQL (when
// installed), their prefixes and copies with one quote, "$", "*", "-" or ";" deleted, both ways.
func TestSQLSkip(t *testing.T) {
	for _, seed := range sqlSkipSeeds {
		checkSQLSkip(t, "seed", []byte(seed))
	}
	files := 0
	for _, root := range []string{"../../testdata/langs", "/usr/share/postgresql", "/usr/share/postgresql-common"} {
		_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".sql") {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			files++
			for name, in := range sqlSkipInputs(path, src) {
				checkSQLSkip(t, name, in)
			}
			return nil
		})
	}
	t.Logf("%d files, their prefixes and broken copies mapped equally", files)
}

// FuzzSQLSkip maps random scripts both ways.
func FuzzSQLSkip(f *testing.F) {
	for _, seed := range sqlSkipSeeds {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) { checkSQLSkip(t, "fuzz", src) })
}

// sqlSkipInputs yields src, five prefixes of it (where strings, comments and dollar bodies are
// left open) and eight copies with one of the bytes '"`$*-; deleted, each under a name.
func sqlSkipInputs(name string, src []byte) func(yield func(string, []byte) bool) {
	return func(yield func(string, []byte) bool) {
		if !yield(name, src) {
			return
		}
		for k := 1; k <= 5; k++ {
			if !yield(name+" prefix", src[:len(src)*k/6]) {
				return
			}
		}
		var at []int
		for i, c := range src {
			if strings.IndexByte("'\"`$*-;", c) >= 0 {
				at = append(at, i)
			}
		}
		for k := 0; k < 8 && len(at) > 0; k++ {
			i := at[len(at)*(2*k+1)/16]
			if !yield(name+" broken", append(append([]byte(nil), src[:i]...), src[i+1:]...)) {
				return
			}
		}
	}
}

// checkSQLSkip fails t when src, named name, maps differently with skip and without.
func checkSQLSkip(t *testing.T, name string, src []byte) {
	t.Helper()
	want, wantErr := sqlMap(context.Background(), src, false)
	got, gotErr := sqlMap(context.Background(), src, true)
	if wantErr != nil || gotErr != nil {
		t.Fatalf("%s (%d bytes): errors %v with skip, %v without", name, len(src), gotErr, wantErr)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%s (%d bytes): map (-without +with):\n%s", name, len(src), diff)
	}
}
