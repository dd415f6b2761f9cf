package lang

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSQLMapper(t *testing.T) {
	runMarkupCases(t, "schema.sql", []markupCase{
		{"tables with columns, constraints left out", "CREATE TABLE users (\n  id bigint PRIMARY KEY,\n  -- comment, with comma\n  name text NOT NULL,\n  price numeric(10,\n    2),\n  CONSTRAINT u UNIQUE (name),\n  PRIMARY KEY (id)\n);\n", []string{
			"table users [1-9]",
			"  column id [2-2]",
			"  column name [4-4]",
			"  column price [5-6]",
		}},
		{"case, IF NOT EXISTS, quoted and qualified names", "create temp table if not exists \"My Schema\".\"T\"\"x\" (\"Col\" int);\n", []string{
			"table T\"x [1-1]",
			"  column Col [1-1]",
		}},
		{"strings and comments hide semicolons", "CREATE VIEW v AS SELECT 'a;b', E'c\\';', \"x;y\" /* ; */ FROM t -- ;\n  WHERE 1;\nCREATE SEQUENCE s;\n", []string{
			"view v [1-2]",
			"sequence s [3-3]",
		}},
		{"dollar-quoted bodies", "CREATE OR REPLACE FUNCTION f(a int, b text DEFAULT 'x;')\nRETURNS TABLE (n int)\nLANGUAGE plpgsql AS $fn$\nBEGIN\n  RETURN QUERY SELECT $$;$$;\nEND;\n$fn$;\nCREATE INDEX i ON t (a);\n", []string{
			"function f [1-7]",
			"index i [8-8]",
		}},
		{"an unterminated last statement runs to its end", "CREATE FUNCTION g() RETURNS int AS $$\nselect 1;\n$$ LANGUAGE sql\n\n", []string{
			"function g [1-3]",
		}},
		{"BEGIN ATOMIC bodies and SQLite triggers", "CREATE PROCEDURE p() BEGIN ATOMIC\n  SELECT 1;\n  SELECT CASE WHEN 1 THEN 2 END;\nEND;\nCREATE TRIGGER tr AFTER INSERT ON t BEGIN\n  UPDATE t SET a = 1;\nEND;\n", []string{
			"procedure p [1-4]",
			"trigger tr [5-7]",
		}},
		{"MySQL delimiters and procedures", "DELIMITER //\nCREATE DEFINER=`root`@`localhost` PROCEDURE `p`(IN a INT)\nBEGIN\n  IF a THEN SELECT 1; END IF;\nEND //\nDELIMITER ;\nCREATE TABLE `t` (`id` int) ENGINE=InnoDB;\n", []string{
			"procedure p [2-5]",
			"table t [7-7]",
			"  column id [7-7]",
		}},
		{"MySQL backslash escapes", "INSERT INTO `t` VALUES ('it\\'s;');\nCREATE TABLE u (a int);\n", []string{
			"table u [2-2]",
			"  column a [2-2]",
		}},
		{"indexes, types, schemas, triggers", "CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS ix ON t (lower(a));\nCREATE INDEX ON s.t (b);\nCREATE TYPE mood AS ENUM ('a', 'b');\nCREATE TYPE pair AS (x int, y int);\nCREATE DOMAIN d AS int;\nCREATE SCHEMA app;\nCREATE TRIGGER tg BEFORE UPDATE ON t FOR EACH ROW EXECUTE FUNCTION f();\n", []string{
			"index ix [1-1]",
			"index ON t [2-2]",
			"type mood [3-3]",
			"type pair [4-4]",
			"  column x [4-4]",
			"  column y [4-4]",
			"type d [5-5]",
			"schema app [6-6]",
			"trigger tg [7-7]",
		}},
		{"ALTER TABLE adds columns; ownership is left out", "ALTER TABLE ONLY public.t\n  ADD COLUMN IF NOT EXISTS c int,\n  ADD CONSTRAINT k CHECK (c > 0);\nALTER TABLE t OWNER TO me;\n", []string{
			"table t [1-3]",
			"  column c [2-2]",
		}},
		{"psql meta-commands and COPY data", "\\set x 1\nCOPY t (a) FROM stdin;\n1\tCREATE TABLE no (a int);\n\\.\nCREATE TABLE yes (a int);\n", []string{
			"table yes [5-5]",
			"  column a [5-5]",
		}},
		{"nested block comments", "/* a /* b */ CREATE TABLE no (a int); */\nCREATE VIEW v AS SELECT 1;\n", []string{
			"view v [2-2]",
		}},
		{"nothing created", "SELECT 1;\nINSERT INTO t VALUES (1);\n", nil},
		{"backquotes and ENGINE= in comments and strings leave a script PostgreSQL's", "-- run it with `psql`, not ENGINE=x\n/* or `this` */\nCREATE FUNCTION f() RETURNS text AS $$\nSELECT 'a `b`';\nCREATE TABLE no (x int);\n$$ LANGUAGE sql;\n", []string{
			"function f [3-6]",
		}},
		{"backquotes in code make it MySQL's", "-- a MySQL dump\nCREATE TABLE t (a text DEFAULT 'x\\';');\nINSERT INTO `t` VALUES ('$$');\nCREATE TABLE u (b int);\n", []string{
			"table t [2-2]",
			"  column a [2-2]",
			"table u [4-4]",
			"  column b [4-4]",
		}},
	})
}

func TestSQLSignaturesAndImports(t *testing.T) {
	src := "CREATE EXTENSION IF NOT EXISTS pgcrypto;\nCREATE OR REPLACE FUNCTION app.touch(p_id bigint, -- id\n  p_at timestamptz DEFAULT now())\nRETURNS SETOF app.users\nLANGUAGE sql STABLE AS $$ SELECT 1 $$;\nCREATE TABLE app.users (id int);\n"
	f := Map(context.Background(), "fn.sql", []byte(src), Options{})
	if want := []string{"pgcrypto"}; !cmp.Equal(f.Imports, want) {
		t.Errorf("imports = %q, want %q", f.Imports, want)
	}
	var got []string
	for _, s := range f.Symbols {
		got = append(got, s.Qualname+" | "+s.Signature)
	}
	want := []string{
		"app.touch | CREATE OR REPLACE FUNCTION app.touch(p_id bigint, p_at timestamptz DEFAULT now()) RETURNS SETOF app.users",
		"app.users | CREATE TABLE app.users",
		"app.users.id | id int",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestSQLHugeStatement: a multi-megabyte INSERT costs no memory per token and no time.
func TestSQLHugeStatement(t *testing.T) {
	src := "INSERT INTO t VALUES " + strings.Repeat("(1, 'a;b'),", 300000) + "(2, 'c');\nCREATE TABLE t (a int);\n"
	got := markupOutline(t, "dump.sql", src)
	if want := []string{"table t [2-2]", "  column a [2-2]"}; !cmp.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestMarkupIndexFold(t *testing.T) {
	for _, tc := range []struct {
		s, sub string
		want   int
	}{
		{"x engine=InnoDB", "ENGINE=", 2},
		{"ab</SCRIPT>", "</script", 2},
		{"</scrip", "</script", -1},
		{"--> a", "-->", 0},
		{"", "-->", -1},
		{"EEngine=", "engine=", 1},
	} {
		if got := markupIndexFold([]byte(tc.s), tc.sub); got != tc.want {
			t.Errorf("markupIndexFold(%q, %q) = %d, want %d", tc.s, tc.sub, got, tc.want)
		}
	}
}
