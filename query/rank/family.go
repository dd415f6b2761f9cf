package rank

import (
	"path"
	"strings"
)

// Family returns the language family of language: languages whose files use each other's
// definitions by name (C and C++ headers, JavaScript and TypeScript modules, the JVM's languages)
// share one; every other language is its own.
func Family(language string) string {
	switch language {
	case "C", "C++":
		return "C"
	case "JavaScript", "TypeScript", "TSX":
		return "JavaScript"
	case "Java", "Kotlin", "Scala":
		return "JVM"
	case "Clojure", "ClojureScript", "CLJC", "EDN":
		return "Clojure"
	}
	return language
}

// testFolders are folder names that hold tests and their data by convention.
var testFolders = map[string]bool{"test": true, "tests": true, "testdata": true, "__tests__": true, "spec": true, "fixtures": true}

// IsTestPath reports whether p (relative, '/' separators) is a test file or lies in a test
// folder by the common conventions: foo_test.go, test_foo.py, foo_test.py, foo.test.ts,
// foo.spec.js, foo_spec.rb, FooTest.java, FooTests.cs, or a folder named test, tests, testdata,
// __tests__, spec or fixtures.
func IsTestPath(p string) bool {
	dir, base := path.Split(p)
	for _, c := range strings.Split(strings.TrimSuffix(dir, "/"), "/") {
		if testFolders[c] {
			return true
		}
	}
	stem := strings.TrimSuffix(base, path.Ext(base))
	return strings.HasSuffix(stem, "_test") || strings.HasPrefix(stem, "test_") || strings.HasSuffix(stem, "_spec") ||
		strings.HasSuffix(stem, ".test") || strings.HasSuffix(stem, ".spec") ||
		strings.HasSuffix(stem, "Test") || strings.HasSuffix(stem, "Tests")
}
