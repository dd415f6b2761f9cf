package query

import "fmt"

// Bounds of the parameters of every request, from the command line and the MCP server alike.
// Each keeps what one call can cost (memory above all) bounded by the answer it gives, whatever
// it is asked: an answer of search or sym never takes more than MaxAnswerBytes, and the work
// behind it stays proportional to what it shows.
const (
	// MaxPathBytes bounds a path, as the system's PATH_MAX does.
	MaxPathBytes = 4096
	// MaxArgBytes bounds the other text parameters: a search pattern, a sym query, a symbol name,
	// a kind, a language, a path glob.
	MaxArgBytes = 1024
	// MaxContext bounds search's context lines on each side of a hit.
	MaxContext = 50
	// MaxHits bounds search's --max.
	MaxHits = 1000
	// MaxSearchSkip bounds search's --skip: a fuzzy search keeps the best skip+max hits.
	MaxSearchSkip = 100_000
	// MaxSymLimit bounds sym's --limit.
	MaxSymLimit = 1000
	// MaxSymSkip bounds sym's --skip: a lookup collects skip+limit hits.
	MaxSymSkip = 10_000
	// MaxPageBytes bounds a page's budget (--page-bytes, READMAP_PAGE_BYTES).
	MaxPageBytes = 1 << 20
	// MaxMaxLines bounds a page's lines (--max-lines, READMAP_MAX_LINES).
	MaxMaxLines = 100_000
	// MaxMapBudget bounds a map's budget (--budget, READMAP_MAP_BUDGET).
	MaxMapBudget = 1 << 20
	// MaxFullBytes bounds what the MCP server builds whole before it sends it: a full read, every
	// symbol as JSON. A long-lived server must not hold a file's size several times over for one
	// call; the command line, asked explicitly, prints the whole file however large.
	MaxFullBytes = 1 << 20
)

// atMost refuses the value v of the option named name when it is above most.
func atMost(name string, v, most int) error {
	if v <= most {
		return nil
	}
	return usageError(fmt.Sprintf("--%s %s is above %s", name, Thousands(v), Thousands(most)),
		fmt.Sprintf("pass --%s %s or less", name, Thousands(most)))
}

// within refuses the value v of the option named name when it is outside [least, most].
func within(name string, v, least, most int) error {
	if err := atLeast(name, v, least); err != nil {
		return err
	}
	return atMost(name, v, most)
}

// shortArg refuses the text parameter named name when it is longer than MaxArgBytes.
func shortArg(name, s string) error {
	if len(s) <= MaxArgBytes {
		return nil
	}
	return usageError(fmt.Sprintf("%s of %s bytes is over %s", name, Thousands(len(s)), Thousands(MaxArgBytes)),
		fmt.Sprintf("give a %s of at most %s bytes", name, Thousands(MaxArgBytes)))
}

// ValidatePath refuses a path longer than MaxPathBytes, as a CodeUsage *Error.
func ValidatePath(p string) error {
	if len(p) <= MaxPathBytes {
		return nil
	}
	return usageError(fmt.Sprintf("a path of %s bytes is over %s", Thousands(len(p)), Thousands(MaxPathBytes)),
		"give a shorter path")
}
