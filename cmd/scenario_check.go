package cmd

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"hedgerow/maps"
	"hedgerow/rules"
	_ "hedgerow/rules/all" // so that scenarios are checked against the shipped rule sets
	"hedgerow/rules/terrain"
	"hedgerow/scenarios"
)

func init() {
	checkScenario = func(name string, data []byte) error {
		_, _, err := rules.ParseScenario(name, data, mapBeside(name))
		return err
	}
}

// mapBeside fetches a scenario's map: a shipped map by name, else a file
// relative to the scenario file's directory.
func mapBeside(scenarioPath string) func(string) (string, []byte, error) {
	return func(mapName string) (string, []byte, error) {
		if b, err := fs.ReadFile(maps.FS, mapName); err == nil {
			return mapName, b, nil
		}
		p := filepath.Join(filepath.Dir(scenarioPath), filepath.FromSlash(mapName))
		b, err := readLimited(p)
		if err != nil {
			return p, nil, errors.New("there is no shipped map by that name, and " + p + ": " + err.Error())
		}
		return p, b, nil
	}
}

// loadScenarioArg loads a scenario named on the command line: a shipped
// scenario (with or without ".toml"), else a file path.
func loadScenarioArg(arg string) (*rules.Scenario, *terrain.Map, error) {
	name := arg
	if filepath.Ext(name) != ".toml" {
		name += ".toml"
	}
	if _, err := fs.Stat(scenarios.FS, name); err == nil {
		return scenarios.Load(name)
	}
	if _, err := readLimited(arg); err != nil {
		return nil, nil, errors.New(arg + ": " + err.Error() + " (and no shipped scenario has that name)")
	}
	// Load through the scenario's directory so that the name kept in
	// saves is the bare file name, found again beside the save or with
	// replay --scenario.
	dir, base := filepath.Split(arg)
	if dir == "" {
		dir = "."
	}
	return rules.LoadScenario(os.DirFS(dir), base, maps.FS)
}

// saveScenarios is where a save's scenario is looked for: the shipped
// scenarios first, then the directory given (the save's own, usually).
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
