package cmd

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"hedgerow/maps"
	"hedgerow/rules"
	"hedgerow/rules/all" // so that scenarios are checked against the shipped rule sets
	"hedgerow/rules/safefile"
	"hedgerow/rules/scenario"
	"hedgerow/rules/terrain"
	"hedgerow/scenarios"
)

func init() {
	checkScenario = func(name string, data []byte) error {
		sc, m, err := scenario.Parse(name, data, mapBeside(name))
		if err != nil {
			return err
		}
		if len(sc.ZoneProblems) > 0 {
			// the game would let the players mend these at deployment;
			// a scenario file should not need mending
			return &terrain.LoadError{Problems: sc.ZoneProblems}
		}
		// The game's own start checks, so that check never says ok for
		// a file the game cannot start.
		if rs, ok := all.Get(sc.RuleSet); ok {
			if probs := scenario.StartProblems(sc, m, rs); len(probs) > 0 {
				return &terrain.LoadError{Problems: probs}
			}
		}
		return nil
	}
}

// mapBeside fetches a scenario's map by the one rule every entry point
// uses (scenario.MapFinder): a shipped map by name, else a file in the
// scenario file's folder or below it, never above. Problems name the map
// by its path from here.
func mapBeside(scenarioPath string) func(string) (string, []byte, error) {
	dir, base := splitPath(scenarioPath)
	find := scenario.MapFinder(os.DirFS(dir), base, maps.FS)
	return func(mapName string) (string, []byte, error) {
		name, b, err := find(mapName)
		if _, shipped := fs.Stat(maps.FS, name); shipped != nil {
			name = filepath.Join(dir, filepath.FromSlash(name))
		}
		return name, b, err
	}
}

// splitPath splits a file path into a folder to open as an fs.FS and the
// file's name in it.
func splitPath(p string) (dir, base string) {
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	dir, base = filepath.Split(p)
	if dir == "" {
		dir = "."
	}
	return dir, base
}

// shippedNames lists the shipped scenarios a mistyped name may have
// meant: those of the rule set its first word names ("smle-..."), or
// every one (a play-tester guessed names: help lists none, play-test 8).
func shippedNames(arg string) string {
	files, _ := fs.Glob(scenarios.FS, "*.toml")
	var all, near []string
	prefix, _, _ := strings.Cut(strings.TrimSuffix(filepath.Base(arg), ".toml"), "-")
	for _, f := range files {
		n := strings.TrimSuffix(f, ".toml")
		all = append(all, n)
		if prefix != "" && strings.HasPrefix(n, prefix+"-") {
			near = append(near, n)
		}
	}
	if len(near) > 0 {
		return "the shipped " + prefix + " scenarios: " + strings.Join(near, ", ")
	}
	return "the shipped scenarios: " + strings.Join(all, ", ")
}

// loadScenarioArg loads a scenario named on the command line by the one
// rule the game and every subcommand use: a path that exists is that file
// (even when a shipped scenario has the same name), else it is a shipped
// scenario's name, with or without ".toml".
func loadScenarioArg(arg string) (*rules.Scenario, *terrain.Map, error) {
	if _, err := os.Lstat(arg); err != nil || arg == "" {
		name := arg
		if filepath.Ext(name) != ".toml" {
			name += ".toml"
		}
		if _, err := fs.Stat(scenarios.FS, name); err == nil && fs.ValidPath(name) {
			return scenarios.Load(name)
		}
		return nil, nil, errors.New(safefile.Name(arg) + ": no such file (and no shipped scenario has that name; " + shippedNames(arg) + ")")
	}
	// Load through the scenario's directory so that the name kept in
	// saves is the bare file name.
	dir, base := splitPath(arg)
	sc, m, err := scenario.Load(os.DirFS(dir), base, maps.FS)
	var le *terrain.LoadError
	if errors.As(err, &le) {
		for i := range le.Problems {
			if le.Problems[i].File == base {
				le.Problems[i].File = arg // report the file as it was given
			}
		}
	}
	return sc, m, err
}

// saveScenarios is where an old (format 1) save's scenario is looked for:
// the shipped scenarios first, then the directory given (the save's own,
// usually). Newer saves carry their scenario.
func saveScenarios(dir string) fs.FS { return overlayFS{scenarios.FS, os.DirFS(dir)} }

// overlayFS opens a name from the first file system that has it.
type overlayFS []fs.FS

func (o overlayFS) Open(name string) (fs.File, error) {
	var first error
	for _, f := range o {
		file, err := f.Open(name)
		if err == nil {
			return file, nil
		}
		if first == nil {
			first = err
		}
	}
	return nil, first
}
