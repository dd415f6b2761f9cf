package lang

import "sync"

// MappersVersion numbers what every file's map shares: detection, the fallback map, landmarks and
// the normalisation of symbols. Each language's Version numbers what its own mapper makes.
//
// Every row records RowVersion of its language, and a row of an older version is mapped again by
// the next query or index run even when its file is unchanged: after an upgrade, no map comes
// from older mappers, and a change to one mapper re-maps only that language's files.
//
// Raise a language's Version (languages.go) with any change to what its mapper returns; raise
// fallbackVersion when the fallback map or detection changes what becomes of files no language
// claims (a new language takes files from it); raise MappersVersion when the shared parts change,
// or when a language is renamed or removed. TestMappersVersion enforces this for the files under
// testdata: it keeps a digest of each one's map beside the versions that made them
// (testdata/golden/mappers-version.txt), and fails when a map changes under the same version. A
// fix that changes the maps of other files alone (found on system headers, say) needs the raise
// by hand.
const MappersVersion = 12

// fallbackVersion numbers what becomes of files that no language claims, and of binary files.
// 3: a file may be claimed by its editor mode line (modeline.go), so rows of files no language
// claimed are mapped again.
const fallbackVersion = 3

// RowVersion returns the version recorded with a file mapped as the language named language (""
// for a file no language claims): MappersVersion in the thousands, the language's Version below.
// A name that is not in the table gets MappersVersion's thousands alone.
func RowVersion(language string) int {
	return MappersVersion*1000 + languageVersions()[language]
}

// CurrentVersions returns RowVersion of every language of the table and of "", by name: rows
// below these were made by older mappers.
func CurrentVersions() map[string]int {
	versions := map[string]int{}
	for name, v := range languageVersions() {
		versions[name] = MappersVersion*1000 + v
	}
	return versions
}

// languageVersions returns each language's Version by name, and fallbackVersion for "".
var languageVersions = sync.OnceValue(func() map[string]int {
	versions := map[string]int{"": fallbackVersion}
	for _, l := range table {
		versions[l.Name] = l.Version
	}
	return versions
})
