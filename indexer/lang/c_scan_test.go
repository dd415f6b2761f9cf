package lang

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// cMapLines maps src as a C file with the scanner, rendered as scannerLines renders it.
func cMapLines(t *testing.T, src string) []string { return scannerLines(t, &cMapper{}, src) }

// TestCScanner covers what the grammar alone cannot read: the kernel's and glibc's macros, old
// C, and preprocessor conditionals that cut through declarations. Each case is a regression test.
func TestCScanner(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"declarations made and defined by macros, macro calls", `static DEFINE_MUTEX(sched_core_mutex);
EXPORT_SYMBOL(sched_core_mutex);
static DEFINE_PER_CPU(struct rq, runqueues);
static __cacheline_aligned_in_smp DEFINE_SPINLOCK(hash_lock);
SYSCALL_DEFINE3(read, unsigned int, fd, char __user *, buf, size_t, count)
{
	return ksys_read(fd, buf, count);
}
BPF_CALL_0(bpf_jiffies64)
{
	return get_jiffies_64();
}
late_initcall(sched_init_debug);
`, []string{
			"var sched_core_mutex [1-1] static DEFINE_MUTEX(sched_core_mutex)",
			"var DEFINE_PER_CPU [3-3] static DEFINE_PER_CPU(struct rq, runqueues)",
			"var hash_lock [4-4] static __cacheline_aligned_in_smp DEFINE_SPINLOCK(hash_lock)",
			"function read [5-8] SYSCALL_DEFINE3(read, unsigned int, fd, char __user *, buf, size_t, count)",
			"function bpf_jiffies64 [9-12] BPF_CALL_0(bpf_jiffies64)",
		}},
		{"a #define inside a body or an initializer is the function's or the variable's", `static struct unix_syscall {
	const char *zName;
} aSyscall[] = {
	{ "open", 0 },
#define osOpen ((int(*)(const char*,int,int))aSyscall[0].pCurrent)
#if defined(USE_PREAD)
	{ "pread", 0 },
#define osPread(a, b) \
	aSyscall[1].pCurrent(a, b)
#endif
};
int f(void)
{
#define LOCAL_MAX 10
	return LOCAL_MAX;
#include "body.h"
}
`, []string{
			"struct unix_syscall [1-3] struct unix_syscall",
			"  field unix_syscall.zName [2-2] const char *zName",
			"var aSyscall [1-11] static struct unix_syscall {…} aSyscall[]",
			"  macro aSyscall.osOpen [5-5] #define osOpen ((int(*)(const char*,int,int))aSyscall[0].pCurrent)",
			"  macro aSyscall.osPread [8-9] #define osPread(a, b)",
			"function f [12-17] int f(void)",
			"  macro f.LOCAL_MAX [14-14] #define LOCAL_MAX 10",
		}},
		{"annotation macros around names", `static int __init foo_init(void)
{
	return 0;
}
__printf(1, 2) void panic(const char *fmt, ...);
void __weak (*pm_power_off)(void);
__read_mostly u64 __sched_clock_offset;
struct task_group root_task_group __cacheline_aligned;
void __iomem *base;
static void __ext4_error(const char *fmt, ...) __releases(bitlock) __acquires(bitlock)
{
}
int __section(".x") __used keep(void);
`, []string{
			"function foo_init [1-4] static int __init foo_init(void)",
			"function panic [5-5] __printf(1, 2) void panic(const char *fmt, ...)",
			"var pm_power_off [6-6] void __weak (*pm_power_off)(void)",
			"var __sched_clock_offset [7-7] __read_mostly u64 __sched_clock_offset",
			"var root_task_group [8-8] struct task_group root_task_group",
			"var base [9-9] void __iomem *base",
			"function __ext4_error [10-12] static void __ext4_error(const char *fmt, ...) __releases(bitlock) __acquires(bitlock)",
			"function keep [13-13] int __section(\".x\") __used keep(void)",
		}},
		{"macros that need no semicolon", `BTF_ID_LIST_SINGLE(btf_ids, struct, bpf_arena)
const struct bpf_map_ops arena_map_ops = {
	.map_alloc = arena_map_alloc,
};
G_BEGIN_DECLS

GType g_thing_get_type(void);
OSSL_DEPRECATEDIN_3_0
unsigned long ERR_get_error_line(const char **file, int *line);
`, []string{
			"const arena_map_ops [2-4] const struct bpf_map_ops arena_map_ops",
			"function g_thing_get_type [7-7] GType g_thing_get_type(void)",
			"function ERR_get_error_line [8-9] OSSL_DEPRECATEDIN_3_0 unsigned long ERR_get_error_line(const char **file, int *line)",
		}},
		{"glibc's reserved macros", `__BEGIN_DECLS
extern int fclose (FILE *__stream) __nonnull ((1));
extern __FILE *open_wmemstream (wchar_t **__bufloc, size_t *__sizeloc) __THROW;
typedef struct _IO_FILE FILE;
struct _IO_FILE { int _flags; };
__END_DECLS
`, []string{
			"function fclose [2-2] extern int fclose (FILE *__stream)",
			"function open_wmemstream [3-3] extern __FILE *open_wmemstream (wchar_t **__bufloc, size_t *__sizeloc)",
			"type FILE [4-4] typedef struct _IO_FILE FILE",
			"struct _IO_FILE [5-5] struct _IO_FILE",
			"  field _IO_FILE._flags [5-5] int _flags",
		}},
		{"old-style definitions", `int
old(a, b)
	int a;
	char *b;
{
	return a;
}
main()
{
}
`, []string{
			"function old [1-7] int old(a, b) int a; char *b",
			"function main [8-10] main()",
		}},
		{"a brace opened in both branches keeps the first", `#ifdef CONFIG_X
int f(int a) {
#else
int f(void) {
#endif
	return 0;
}
int after;
`, []string{
			"function f [2-7] int f(int a)",
			"var after [8-8] int after",
		}},
		{"declarations in every branch, a head split across branches", `#ifdef A
static int g(void)
#else
static int g(int x)
#endif
{
	return 0;
}
static int
#ifdef A
h(void)
#else
h(int x)
#endif
{
	return 0;
}
#if defined(__cplusplus)
extern "C" {
#endif
int in_c(void);
#ifdef __cplusplus
}
#endif
`, []string{
			"function g [2-2] static int g(void)",
			"function g [4-8] static int g(int x)",
			"function h [9-17] static int h(void)",
			"function in_c [21-21] int in_c(void)",
		}},
		{"enumerators without a comma before a directive", `enum abi {
	ABI_FIRST = 0,
#ifdef X
	ABI_DEFAULT = ABI_FIRST
#else
	ABI_DEFAULT = 1
#endif
#define ABI_COUNT 2
};
`, []string{
			"enum abi [1-9] enum abi",
			"  enum_member abi.ABI_FIRST [2-2] ABI_FIRST = 0",
			"  enum_member abi.ABI_DEFAULT [4-4] ABI_DEFAULT = ABI_FIRST",
			"  enum_member abi.ABI_DEFAULT [6-6] ABI_DEFAULT = 1",
			"  macro abi.ABI_COUNT [8-8] #define ABI_COUNT 2",
		}},
		{"struct bodies: directives, includes, nested and anonymous types", `struct stat {
#define st_atime st_atim.tv_sec
#include <bits/stat_helper.h>
	union { int a; long b; };
	struct inner { int q; } in;
	int bits : 3, more : 5;
	int (*op)(int);
} __attribute__((packed));
typedef struct pagenode { short pmin; } _PAGE;
`, []string{
			"struct stat [1-8] struct stat",
			"  macro stat.st_atime [2-2] #define st_atime st_atim.tv_sec",
			"  field stat.a [4-4] int a",
			"  field stat.b [4-4] long b",
			"  struct stat.inner [5-5] struct inner",
			"    field stat.inner.q [5-5] int q",
			"  field stat.in [5-5] struct inner {…} in",
			"  field stat.bits [6-6] int bits",
			"  field stat.more [6-6] int more",
			"  field stat.op [7-7] int (*op)(int)",
			"struct pagenode [9-9] struct pagenode",
			"  field pagenode.pmin [9-9] short pmin",
			"type _PAGE [9-9] typedef struct pagenode {…} _PAGE",
			"import <bits/stat_helper.h>",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := cMapLines(t, tc.src)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Map(%q) (-want +got):\n%s", tc.src, diff)
			}
			// CRLF line ends give the same maps.
			crlf := cMapLines(t, strings.ReplaceAll(tc.src, "\n", "\r\n"))
			if diff := cmp.Diff(got, crlf); diff != "" {
				t.Errorf("Map with CRLF differs (-LF +CRLF):\n%s", diff)
			}
		})
	}
}

// cBenchFiles returns the C files of a corpus of the differential test, read, and their size:
// of /usr/include only the top folder's, which tree-sitter maps in seconds rather than a minute.
func cBenchFiles(b *testing.B, corpus string) ([][]byte, int64) {
	b.Helper()
	for _, c := range cDiffCorpora() {
		if c.name != corpus {
			continue
		}
		if c.skip != "" {
			b.Skipf("SKIP: %s", c.skip)
		}
		if corpus == "usr-include" {
			c.roots, _ = filepath.Glob("/usr/include/*.h")
		}
		var files [][]byte
		var total int64
		for _, p := range c.files(b) {
			if src, err := os.ReadFile(p); err == nil {
				files = append(files, src)
				total += int64(len(src))
			}
		}
		return files, total
	}
	b.Fatalf("no corpus %s", corpus)
	return nil, 0
}

// BenchmarkCMapper maps the C headers of /usr/include and, when a Linux tree is found, the C
// files of its kernel/ folder with the scanner and with the tree-sitter mapper it replaced, and
// reports MB/s and files/s:
//
//	go test ./indexer/lang -run '^$' -bench CMapper -benchtime 3x
func BenchmarkCMapper(b *testing.B) {
	for _, corpus := range []string{"usr-include", "linux-kernel"} {
		for _, m := range []struct {
			name string
			new  func() Mapper
		}{{"scanner", func() Mapper { return &cMapper{} }}, {"tree-sitter", func() Mapper { return newTSMapper(cTable) }}} {
			b.Run(filepath.Base(corpus)+"/"+m.name, func(b *testing.B) {
				files, total := cBenchFiles(b, corpus)
				benchMapper(b, m.new(), files, total)
			})
		}
	}
}

// cPathological are sources built to be the scanner's worst case: deep nesting of every kind it
// enters or skips, long runs of what it reads again, and input that never closes.
var cPathological = map[string]func(n int) string{
	"structs in structs":        func(n int) string { return strings.Repeat("struct a {\n", n) + strings.Repeat("};\n", n) },
	"extern blocks":             func(n int) string { return strings.Repeat("extern \"C\" {\n", n) + strings.Repeat("}\n", n) },
	"parentheses":               func(n int) string { return "int x = " + strings.Repeat("(", n) + strings.Repeat(")", n) + ";\n" },
	"declarators":               func(n int) string { return "int " + strings.Repeat("(*", n) + "f" + strings.Repeat(")", n) + ";\n" },
	"braces in a body":          func(n int) string { return "void f(void) " + strings.Repeat("{", n) + strings.Repeat("}", n) + "\n" },
	"old-style declarations":    func(n int) string { return "int f(a, b)\n" + strings.Repeat("int a;\n", n) + "{}\n" },
	"macro lines":               func(n int) string { return "FOO\n" + strings.Repeat("BAR(x)\n", n) + "int y;\n" },
	"directives in a statement": func(n int) string { return "int\n" + strings.Repeat("#if X\n#endif\n", n) + "f(void);\n" },
	"conditionals": func(n int) string {
		return strings.Repeat("#if A\n", n) + "int x;\n" + strings.Repeat("#else\nint y;\n#endif\n", n)
	},
	"enumerators": func(n int) string {
		return "enum e {\n" + strings.Repeat("A = (1\n#if X\n+ 1\n#endif\n),\n", n) + "};\n"
	},
	"unclosed":      func(n int) string { return "struct s {\n" + strings.Repeat("int a[(", n) },
	"one long line": func(n int) string { return strings.Repeat("int a, *b = {1, 2}, c[3]; ", n) },
}

// TestCScannerPathological: the worst cases finish quickly, and their maps keep the invariants.
func TestCScannerPathological(t *testing.T) {
	checkScannerPathological(t, func() Mapper { return (&cMapper{}) }, cPathological)
}

// FuzzCScanner feeds the scanner random sources: it must not panic or run on, must keep every
// range inside the file and every member inside its parent, and must map a file the same with a
// fresh mapper and with one that mapped other files before (it keeps its buffers).
func FuzzCScanner(f *testing.F) {
	for _, seed := range []string{
		"static DEFINE_MUTEX(m);\nSYSCALL_DEFINE1(f, int, a)\n{\n}\n",
		"#ifdef A\nint f(int a) {\n#else\nint f(void) {\n#endif\n}\n",
		"typedef struct { int a; union { int b; }; } T, *P;\nenum { X = 1 << 2, Y };\n",
		"int old(a, b) int a; char *b; { }\n",
		"#define A(x) \\\n  ((x) + 1)\n#include <a.h>\nstruct s {\n#define F 1\n  int a : 3;\n};\n",
		"extern \"C\" {\nint f(void) __attribute__((x)) __THROW;\n}\n",
		"/* unclosed", "\"unclosed", "'", "#if\n#else\n#elif\n#endif\n#endif\n", "}}}{{{((()))",
		"struct a { struct b { struct c {", "int (*(*f)(int))[3];", "\x00\xff\xfe#\\\n",
	} {
		f.Add([]byte(seed))
	}
	reused := &cMapper{}
	f.Fuzz(func(t *testing.T, src []byte) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		fresh, err := (&cMapper{}).Map(ctx, src)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckSymbols(fresh.Symbols, CountLines(src)); err != nil {
			t.Fatal(err)
		}
		again, err := reused.Map(ctx, src)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(fresh, again) {
			t.Fatalf("a mapper that mapped other files maps otherwise:\n%+v\n%+v", fresh, again)
		}
	})
}
