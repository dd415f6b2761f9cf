package lang

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/readmap/readmap/store"
)

// reservedWords are, by language, the words that language reserves: no definition can be named by
// one, so a symbol that is shows a misread. Contextual keywords (Go's "type" in a struct, Kotlin's
// "data", C++'s "final") are names elsewhere and are not listed, nor the keywords that name what
// they declare (Swift's init, deinit and subscript).
var reservedWords = map[string]string{
	"Go":         "break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var",
	"Python":     "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield",
	"C":          "auto break case char const continue default do double else enum extern float for goto if inline int long register restrict return short signed sizeof static struct switch typedef union unsigned void volatile while",
	"C++":        "alignas alignof and asm auto bool break case catch char class const constexpr const_cast continue decltype default delete do double dynamic_cast else enum explicit export extern false float for friend goto if inline int long mutable namespace new noexcept not nullptr operator or private protected public register reinterpret_cast return short signed sizeof static static_assert static_cast struct switch template this throw true try typedef typeid typename union unsigned using virtual void volatile while",
	"Java":       "abstract assert boolean break byte case catch char class const continue default do double else enum extends final finally float for goto if implements import instanceof int interface long native new package private protected public return short static strictfp super switch synchronized this throw throws transient try void volatile while true false null",
	"C#":         "abstract as base bool break byte case catch char checked class const continue decimal default delegate do double else enum event explicit extern false finally fixed float for foreach goto if implicit in int interface internal is lock long namespace new null object operator out override params private protected public readonly ref return sbyte sealed short sizeof stackalloc static string struct switch throw true try typeof uint ulong unchecked unsafe ushort using virtual void volatile while",
	"JavaScript": "break case catch class const continue debugger default delete do else export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with",
	"TypeScript": "break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with",
	"Rust":       "as break const continue crate else enum extern false fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait true type unsafe use where while async await dyn",
	"Ruby":       "BEGIN END alias and begin break case class def defined? do else elsif end ensure false for if in module next nil not or redo rescue retry return self super then true undef unless until when while yield",
	"PHP":        "abstract and array as break callable case catch class clone const continue declare default do echo else elseif empty enddeclare endfor endforeach endif endswitch endwhile extends final finally fn for foreach function global goto if implements include instanceof insteadof interface isset match namespace new or private protected public readonly require return static switch throw trait try unset use var while xor yield",
	"Lua":        "and break do else elseif end false for function goto if in local nil not or repeat return then true until while",
	"Kotlin":     "as break class continue do else false for fun if in interface is null object package return super this throw true try typealias typeof val var when while",
	"Swift":      "associatedtype class enum extension fileprivate func import inout internal let operator private protocol public rethrows static struct typealias var break case continue default defer do else fallthrough for guard if in repeat return switch where while as false is nil self Self super throw throws true try",
	"Scala":      "abstract case catch class def do else extends false final finally for forSome if implicit import lazy match new null object override package private protected return sealed super throw trait try true type val var while with yield",
	"Bash":       "if then else elif fi case esac for select while until do done in function time",
	"Elixir":     "true false nil when and or not in fn do end catch rescue after else",
	"OCaml":      "and as assert begin class constraint do done downto else end exception external false for fun function functor if in include inherit initializer lazy let match method module mutable new nonrec object of open or private rec sig struct then to true try type val virtual when while with",
}

// memberKeywordsAllowed are the languages whose members (methods, fields, properties) may be
// named by reserved words: `delete()` in JavaScript, `def class` in Ruby, `function list()` in PHP.
var memberKeywordsAllowed = map[string]bool{"JavaScript": true, "TypeScript": true, "TSX": true, "Ruby": true, "PHP": true}

// jsExportOrMember reports a JavaScript or TypeScript symbol that a reserved word names by the
// language's own rules: the anonymous default export, whose export name is "default" (`export
// default function () {}`, as TypeScript's parser names it), and a function stored in a property
// (`obj.with = () => ...`), which any word may name.
func jsExportOrMember(lang string, s store.Symbol) bool {
	if !memberKeywordsAllowed[lang] || lang == "Ruby" || lang == "PHP" {
		return false
	}
	if s.Name == "default" && strings.HasPrefix(s.Signature, "export default") {
		return true
	}
	head, _, found := strings.Cut(s.Signature, "=")
	return found && strings.HasSuffix(strings.TrimSpace(head), "."+s.Name)
}

// memberKinds are the kinds of members.
var memberKinds = map[store.Kind]bool{store.KindMethod: true, store.KindField: true, store.KindProperty: true}

// codeKinds are the kinds of definitions in code, whose names are identifiers: headings, keys and
// other kinds of the markup and data formats are named by their text.
var codeKinds = map[store.Kind]bool{
	store.KindFunction: true, store.KindMethod: true, store.KindConstructor: true, store.KindClass: true,
	store.KindStruct: true, store.KindInterface: true, store.KindTrait: true, store.KindEnum: true,
	store.KindEnumMember: true, store.KindUnion: true, store.KindType: true, store.KindConst: true,
	store.KindVar: true, store.KindField: true, store.KindProperty: true, store.KindModule: true,
	store.KindNamespace: true, store.KindMacro: true, store.KindObject: true,
}

// unbalanced reports whether name holds a bracket that is not closed, or a closing one that was
// not opened: a name cut from the middle of code. Balanced brackets are names in some languages
// (Ruby's "[]=", OCaml's "( + )", Rust's impl for "[u8]", C#'s indexer "this[]").
func unbalanced(name string) bool {
	var open []rune
	pairs := map[rune]rune{')': '(', ']': '[', '}': '{'}
	for _, r := range name {
		switch r {
		case '(', '[', '{':
			open = append(open, r)
		case ')', ']', '}':
			if len(open) == 0 || open[len(open)-1] != pairs[r] {
				return true
			}
			open = open[:len(open)-1]
		}
	}
	return len(open) > 0
}

// TestNoKeywordOrBracketNames: over every fixture and committed corpus file, and the real files
// of the ctags corpora that are installed, no definition in code is named by a word its language
// reserves, nor by a name with a stray bracket; and no symbol of any file but an HCL block labelled "" has an empty name.
func TestNoKeywordOrBracketNames(t *testing.T) {
	var files []string
	for _, dir := range []string{"../../testdata/langs", "../../testdata/corpus"} {
		_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				files = append(files, p)
			}
			return nil
		})
	}
	for _, c := range ctagsCorpora {
		if c.zip != "" {
			continue
		}
		for _, g := range c.globs {
			files = append(files, globDeep(g)...)
		}
	}
	reserved := map[string]map[string]bool{}
	for lang, words := range reservedWords {
		reserved[lang] = map[string]bool{}
		for _, w := range strings.Fields(words) {
			reserved[lang][w] = true
		}
	}
	ms := NewMappers(Options{})
	checked, bad := 0, 0
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil || len(src) > 4<<20 {
			continue
		}
		m := ms.Map(context.Background(), path, src)
		checked++
		for _, s := range m.Symbols {
			why := ""
			switch {
			case s.Kind == store.KindLandmark:
				continue
			case strings.TrimSpace(s.Name) == "" && s.Kind != store.KindBlock:
				why = "an empty name" // (an HCL block's labels may be empty strings: `provider "" {`)
			case codeKinds[s.Kind] && reserved[m.Language][s.Name] && !(memberKeywordsAllowed[m.Language] && memberKinds[s.Kind]) &&
				s.Kind != store.KindMacro && !jsExportOrMember(m.Language, s):
				why = "a reserved word of " + m.Language
			case codeKinds[s.Kind] && unbalanced(s.Name):
				why = "a stray bracket"
			default:
				continue
			}
			bad++
			if bad <= 40 {
				t.Errorf("%s:%d: %s %q (%s, %s): %s", path, s.StartLine, s.Kind, s.Name, m.Language, m.MapperName, why)
			}
		}
	}
	if bad > 40 {
		t.Errorf("… %d bad names in all", bad)
	}
	t.Logf("%d files checked", checked)
	if checked == 0 {
		t.Fatal("no file to check")
	}
}
