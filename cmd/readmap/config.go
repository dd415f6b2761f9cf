package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/agnivade/levenshtein"
	"github.com/readmap/readmap/indexer/lang"
	"github.com/readmap/readmap/query"
	"github.com/spf13/pflag"
)

// config holds the settings of one invocation, resolved once by resolveConfig: a flag given on the
// command line wins over the environment, and the environment over the default. resolveConfig is
// the only code that reads readmap's environment.
type config struct {
	db        string // the store file, absolute; "" means ROOT/.readmap/index.db
	pageBytes int
	maxLines  int
	mapBudget int
	jobs      int      // mapper workers; 0 means one per core
	disabled  []string // languages not to map
}

// layout is the page layout the settings give.
func (c config) layout() query.Layout {
	return query.Layout{PageBytes: c.pageBytes, MaxLines: c.maxLines}
}

// intSetting is a whole-number setting: the flag that sets it on the commands that have one, its
// environment variable, its default, and its smallest and largest accepted values.
type intSetting struct {
	flag, env        string
	def, least, most int
	// checkFlag says the flag's value is checked here. The other flags' values go into requests
	// whose Validate methods check them, so that the command line and the MCP tools refuse the
	// same values with the same error.
	checkFlag bool
	field     func(*config) *int
}

// maxJobs bounds the mapper workers of an index run (--jobs, READMAP_JOBS).
const maxJobs = 1024

var intSettings = []intSetting{
	{flag: "page-bytes", env: "READMAP_PAGE_BYTES", def: query.DefaultPageBytes, least: query.MinPageBytes,
		most: query.MaxPageBytes, field: func(c *config) *int { return &c.pageBytes }},
	{flag: "max-lines", env: "READMAP_MAX_LINES", def: query.DefaultMaxLines, least: query.MinMaxLines,
		most: query.MaxMaxLines, field: func(c *config) *int { return &c.maxLines }},
	{flag: "budget", env: "READMAP_MAP_BUDGET", def: query.DefaultMapBudget, least: query.MinMapBudget,
		most: query.MaxMapBudget, field: func(c *config) *int { return &c.mapBudget }},
	{flag: "jobs", env: "READMAP_JOBS", def: 0, least: 1, most: maxJobs, checkFlag: true,
		field: func(c *config) *int { return &c.jobs }},
}

// resolveConfig resolves every setting from flags (those of the command being run; nil for none)
// and getenv. A value in the environment that is not a whole number, is below the smallest useful
// value or names an unknown language is a usage error naming the variable and its value: a bad
// setting is never silently replaced by the default.
func resolveConfig(flags *pflag.FlagSet, getenv func(string) string) (config, error) {
	var c config
	for _, s := range intSettings {
		v, err := s.resolve(flags, getenv)
		if err != nil {
			return config{}, err
		}
		*s.field(&c) = v
	}
	db := getenv("READMAP_DB")
	if f := givenFlag(flags, "db"); f != nil {
		db = f.Value.String()
	}
	if db != "" {
		abs, err := filepath.Abs(db)
		if err != nil {
			return config{}, failure(query.CodeRoot, db, err, "pass an absolute --db FILE")
		}
		c.db = abs
	}
	disabled, err := parseDisabled(getenv("READMAP_DISABLE"))
	if err != nil {
		return config{}, err
	}
	c.disabled = disabled
	return c, nil
}

// givenFlag returns the flag named name when it was given on the command line.
func givenFlag(flags *pflag.FlagSet, name string) *pflag.Flag {
	if flags == nil {
		return nil
	}
	if f := flags.Lookup(name); f != nil && f.Changed {
		return f
	}
	return nil
}

func (s intSetting) resolve(flags *pflag.FlagSet, getenv func(string) string) (int, error) {
	if f := givenFlag(flags, s.flag); f != nil {
		v, err := flags.GetInt(s.flag)
		if err != nil { // a command declared the flag with another type
			return 0, failure(query.CodeFailed, "--"+s.flag, err, "")
		}
		if s.checkFlag && v < s.least {
			return 0, usageError(fmt.Errorf("--%s %d is below %d", s.flag, v, s.least),
				fmt.Sprintf("pass --%s %d or more, or leave it out for the default", s.flag, s.least))
		}
		if s.checkFlag && v > s.most {
			return 0, usageError(fmt.Errorf("--%s %d is above %d", s.flag, v, s.most),
				fmt.Sprintf("pass --%s %d or less, or leave it out for the default", s.flag, s.most))
		}
		return v, nil
	}
	raw := strings.TrimSpace(getenv(s.env))
	if raw == "" {
		return s.def, nil
	}
	hint := fmt.Sprintf("set %s to a whole number from %d to %d, or unset it for the default", s.env, s.least, s.most)
	v, err := strconv.Atoi(raw)
	if err != nil {
		return 0, usageError(fmt.Errorf("%s=%q: not a whole number", s.env, raw), hint)
	}
	if v < s.least {
		return 0, usageError(fmt.Errorf("%s=%d is below %d", s.env, v, s.least), hint)
	}
	if v > s.most {
		return 0, usageError(fmt.Errorf("%s=%d is above %d", s.env, v, s.most), hint)
	}
	return v, nil
}

// parseDisabled reads READMAP_DISABLE: language names separated by commas, each one readmap maps.
func parseDisabled(raw string) ([]string, error) {
	var names []string
	for name := range strings.SplitSeq(raw, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		if lang.ByName(name) == nil {
			return nil, usageError(fmt.Errorf("READMAP_DISABLE=%q: unknown language %s", raw, name), languageHint(name))
		}
		names = append(names, name)
	}
	return names, nil
}

// languageHint suggests the language name closest to name (within two edits, ignoring case), and
// lists them all.
func languageHint(name string) string {
	var names []string
	best, bestDist := "", 3
	for _, l := range lang.Languages() {
		if slices.Contains(names, l.Name) {
			continue
		}
		names = append(names, l.Name)
		if d := levenshtein.ComputeDistance(strings.ToLower(name), strings.ToLower(l.Name)); d < bestDist {
			best, bestDist = l.Name, d
		}
	}
	hint := "languages: " + strings.Join(names, ", ")
	if best != "" {
		hint = "did you mean " + best + "? " + hint
	}
	return hint
}
