package lang

import (
	"sync"

	"github.com/smacker/go-tree-sitter/javascript"
	"github.com/smacker/go-tree-sitter/typescript/tsx"
	"github.com/smacker/go-tree-sitter/typescript/typescript"
)

// table lists every language and format readmap maps: how its files are recognised, which mapper
// maps them and the version of what that mapper makes of a file. Detect reads it in order, so an
// entry's place matters where two claim the same file: a Sniff that says yes wins over an entry
// without one, and otherwise the first entry wins.
var table = []*Language{
	{Name: "Bash", Version: 3, MapperName: bashScanMapperName, NewMapper: func() Mapper { return bashScanner{} },
		Extensions: []string{".sh", ".bash", ".zsh", ".ksh", ".bats"},
		Filenames: []string{".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".profile",
			".zshrc", ".zprofile", ".zshenv", ".zlogin", "PKGBUILD", "APKBUILD"},
		Interpreters: []string{"bash", "sh", "zsh", "ksh", "dash", "ash", "mksh", "bats"}},
	{Name: "C", Version: 4, MapperName: "c-scanner", NewMapper: func() Mapper { return &cMapper{} },
		Extensions: []string{".c", ".h"}},
	{Name: "C++", Version: 4, MapperName: "cpp-scanner", NewMapper: func() Mapper { return &cppMapper{} },
		Extensions: []string{".cpp", ".cc", ".cxx", ".c++", ".hpp", ".hh", ".hxx", ".h++", ".ipp", ".tpp", ".inl"}},
	// A ".h" file is C unless its head looks like C++. Sniff decides for every extension of its
	// entry, so C++ headers have an entry of their own.
	{Name: "C++", Version: 4, MapperName: "cpp-scanner", NewMapper: func() Mapper { return &cppMapper{} },
		Extensions: []string{".h"}, Sniff: looksLikeCPP},
	{Name: "C#", Version: 2, MapperName: csMapperName, NewMapper: func() Mapper { return csMapper{} },
		Extensions: []string{".cs", ".csx"}},
	// The Lisp family (clojure.go): one reader, a definitions walk for code, a key tree for EDN.
	{Name: "Clojure", Version: 1, MapperName: "clojure-reader", NewMapper: func() Mapper { return &cljMapper{} },
		Extensions:   []string{".clj", ".bb", ".boot"},
		Filenames:    []string{"build.boot"},
		Interpreters: []string{"bb", "clojure", "clj"}},
	{Name: "ClojureScript", Version: 1, MapperName: "clojure-reader", NewMapper: func() Mapper { return &cljMapper{} },
		Extensions: []string{".cljs"}},
	{Name: "CLJC", Version: 1, MapperName: "clojure-reader", NewMapper: func() Mapper { return &cljMapper{} },
		Extensions: []string{".cljc"}},
	{Name: "EDN", Version: 1, MapperName: "edn-reader", NewMapper: func() Mapper { return &ednMapper{} },
		Extensions: []string{".edn"}},
	{Name: "CSS", Version: 1, MapperName: "css", NewMapper: func() Mapper { return cssMapper{} },
		Extensions: []string{".css"}},
	{Name: "SCSS", Version: 1, MapperName: "css", NewMapper: func() Mapper { return cssMapper{lineComments: true} },
		Extensions: []string{".scss"}},
	{Name: "Less", Version: 1, MapperName: "css", NewMapper: func() Mapper { return cssMapper{lineComments: true} },
		Extensions: []string{".less"}},
	{Name: "CSV", Version: 2, MapperName: "csv-scanner", NewMapper: func() Mapper { return csvMapper{delim: ','} },
		Extensions: []string{".csv", ".psv"}},
	{Name: "TSV", Version: 2, MapperName: "csv-scanner", NewMapper: func() Mapper { return csvMapper{delim: '\t'} },
		Extensions: []string{".tsv", ".tab"}},
	{Name: "Dockerfile", Version: 1, MapperName: "dockerfile", NewMapper: func() Mapper { return dockerfileMapper{} },
		Extensions: []string{".dockerfile", ".containerfile"},
		Filenames:  []string{"Dockerfile", "Containerfile", "dockerfile", "Dockerfile.*", "Containerfile.*"}},
	{Name: "Elixir", Version: 2, MapperName: exMapperName, NewMapper: func() Mapper { return exMapper{} },
		Extensions:   []string{".ex", ".exs"},
		Interpreters: []string{"elixir", "iex"}},
	{Name: "Go", Version: 2, MapperName: "go-scanner", NewMapper: func() Mapper { return goMapper{} },
		Extensions: []string{".go"}},
	{Name: "HCL", Version: 2, MapperName: hclScanMapperName, NewMapper: func() Mapper { return hclScanner{} },
		Extensions: []string{".tf", ".tfvars", ".hcl", ".nomad"}},
	{Name: "HTML", Version: 1, MapperName: "html", NewMapper: func() Mapper { return htmlMapper{} },
		Extensions: []string{".html", ".htm", ".xhtml", ".shtml"}},
	{Name: "Java", Version: 2, MapperName: jvMapperName, NewMapper: func() Mapper { return jvMapper{} },
		Extensions: []string{".java"}},
	{Name: "JavaScript", Version: 5, MapperName: jsMapperName, NewMapper: lazily(func() func() Mapper { return jsScanner(javascript.GetLanguage) }),
		Extensions:   []string{".js", ".mjs", ".cjs", ".jsx"},
		Interpreters: []string{"node", "nodejs"}},
	{Name: "TypeScript", Version: 5, MapperName: tsScanMapperName, NewMapper: lazily(func() func() Mapper { return tsScanner(typescript.GetLanguage, jsDialectTS) }),
		Extensions:   []string{".ts", ".mts", ".cts"},
		Interpreters: []string{"ts-node", "deno", "bun", "tsx"}},
	{Name: "TSX", Version: 5, MapperName: tsScanMapperName, NewMapper: lazily(func() func() Mapper { return tsScanner(tsx.GetLanguage, jsDialectTSX) }),
		Extensions: []string{".tsx"}},
	// JSON Version 3: .ipynb files left JSON for the notebook view; raising it maps their rows again.
	{Name: "JSON", Version: 3, MapperName: "json-scanner", NewMapper: func() Mapper { return jsonMapper{} },
		Extensions: []string{".json", ".jsonc", ".geojson", ".topojson", ".har", ".webmanifest"},
		Filenames:  []string{".babelrc", ".jshintrc", ".watchmanconfig", "composer.lock", "Pipfile.lock", "flake.lock"}},
	{Name: "pi session", Version: 1, MapperName: "session-scanner", Extensions: []string{".jsonl"}, Sniff: looksLikePiSession,
		NewMapper: func() Mapper { return sessionMapper{agent: "pi", decode: piSession} }},
	{Name: "Claude Code session", Version: 1, MapperName: "session-scanner", Extensions: []string{".jsonl"}, Sniff: looksLikeClaudeSession,
		NewMapper: func() Mapper { return sessionMapper{agent: "Claude Code", decode: claudeSession} }},
	{Name: "Codex session", Version: 1, MapperName: "session-scanner", Extensions: []string{".jsonl"}, Sniff: looksLikeCodexSession,
		NewMapper: func() Mapper { return sessionMapper{agent: "Codex", decode: codexSession} }},
	{Name: NotebookLanguage, Version: 1, MapperName: "notebook-cells", NewMapper: func() Mapper { return notebookMapper{} },
		Extensions: []string{".ipynb"}},
	{Name: "JSONL", Version: 2, MapperName: "jsonl-sampler", NewMapper: func() Mapper { return jsonlMapper{} },
		Extensions: []string{".jsonl", ".ndjson", ".jsonlines"}},
	{Name: "Kotlin", Version: 1, MapperName: tsMapperName, NewMapper: lazily(func() func() Mapper { return treeSitter(kotlinGrammar()) }),
		Extensions:   []string{".kt", ".kts"},
		Interpreters: []string{"kotlin"}},
	{Name: "Lua", Version: 4, MapperName: "lua-scanner", NewMapper: newLuaMapper,
		Extensions:   []string{".lua"},
		Interpreters: []string{"lua", "luajit", "lua5.1", "lua5.2", "lua5.3", "lua5.4"}},
	{Name: "Markdown", Version: 1, MapperName: "markdown", NewMapper: func() Mapper { return markdownMapper{} },
		Extensions: []string{".md", ".markdown", ".mdown", ".mkd", ".mkdn"}},
	{Name: "MDX", Version: 1, MapperName: "markdown", NewMapper: func() Mapper { return markdownMapper{mdx: true} },
		Extensions: []string{".mdx"}},
	{Name: "OCaml", Version: 3, MapperName: mlMapperName, NewMapper: func() Mapper { return mlMapper{} },
		Extensions:   []string{".ml", ".mli"},
		Interpreters: []string{"ocaml"}},
	{Name: "PHP", Version: 2, MapperName: phpMapperName, NewMapper: func() Mapper { return &phpMapper{} },
		Extensions:   []string{".php", ".phtml", ".php3", ".php4", ".php5", ".php7", ".phps"},
		Interpreters: []string{"php"}},
	{Name: "Protobuf", Version: 2, MapperName: protoScanMapperName, NewMapper: lazily(func() func() Mapper { return protoScanner(protobufGrammar()) }),
		Extensions: []string{".proto"}},
	{Name: "Python", Version: 1, MapperName: "python-scanner", NewMapper: func() Mapper { return &pyMapper{} },
		Extensions:   []string{".py", ".pyi", ".pyw"},
		Interpreters: pythonInterpreters()},
	{Name: "Ruby", Version: 2, MapperName: rbMapperName, NewMapper: func() Mapper { return rbMapper{} },
		Extensions:   []string{".rb", ".rake", ".gemspec", ".ru"},
		Filenames:    []string{"Rakefile", "Gemfile", "Guardfile", "Vagrantfile", "Podfile", "Fastfile", "Brewfile"},
		Interpreters: []string{"ruby", "jruby", "rake"}},
	{Name: "Rust", Version: 3, MapperName: rsMapperName, NewMapper: func() Mapper { return rsMapper{} },
		Extensions: []string{".rs"}},
	{Name: "Scala", Version: 2, MapperName: scalaScannerName, NewMapper: newScalaScanner,
		Extensions:   []string{".scala", ".sc"},
		Interpreters: []string{"scala"}},
	{Name: "SQL", Version: 2, MapperName: "sql", NewMapper: func() Mapper { return sqlMapper{} },
		Extensions: []string{".sql", ".psql", ".pgsql", ".mysql"}},
	{Name: "Swift", Version: 2, MapperName: swMapperName, NewMapper: func() Mapper { return swMapper{} },
		Extensions:   []string{".swift"},
		Interpreters: []string{"swift"}},
	{Name: "TOML", Version: 1, MapperName: "toml", NewMapper: func() Mapper { return tomlMapper{} },
		Extensions: []string{".toml"},
		Filenames:  []string{"Cargo.lock", "Pipfile", "poetry.lock", "uv.lock"}},
	{Name: "YAML", Version: 1, MapperName: "yaml", NewMapper: func() Mapper { return yamlMapper{} },
		Extensions: []string{".yaml", ".yml"}},
}

// lazily returns a constructor of mappers that calls build, which builds a grammar's tables and
// returns the constructor proper, on first use: built at start-up, the tables of five grammars
// cost every command, most of which never map a file of theirs.
func lazily(build func() func() Mapper) func() Mapper {
	constructor := sync.OnceValue(build)
	return func() Mapper { return constructor()() }
}
