// Package scenarios holds the scenarios shipped with Hedgerow, one TOML
// file per scenario (the format is described in rules/scenario/load.go).
package scenarios

import (
	"embed"
	"io/fs"
	"sort"
	"strings"

	"hedgerow/maps"
	"hedgerow/rules"
	"hedgerow/rules/scenario"
	"hedgerow/rules/terrain"
)

// FS holds every shipped scenario file, named NAME.toml.
//
//go:embed *.toml
var FS embed.FS

// Names lists the shipped scenarios by file name (with ".toml"), sorted.
func Names() []string {
	ents, err := fs.ReadDir(FS, ".")
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".toml") {
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return out
}

// Load loads a shipped scenario (the ".toml" may be left off) with its
// map from the shipped maps.
func Load(name string) (*rules.Scenario, *terrain.Map, error) {
	if !strings.HasSuffix(name, ".toml") {
		name += ".toml"
	}
	return scenario.Load(FS, name, maps.FS)
}
