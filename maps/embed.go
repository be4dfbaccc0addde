// Package maps holds the tables shipped with Hedgerow, one TOML file per
// map (the format is described in the README and checked by
// rules/terrain.Parse).
package maps

import (
	"embed"
	"io/fs"
	"sort"
	"strings"

	"hedgerow/rules/terrain"
)

// FS holds every shipped map file, named NAME.toml.
//
//go:embed *.toml
var FS embed.FS

// Names lists the shipped maps by name (the file name without ".toml"),
// sorted.
func Names() []string {
	ents, err := fs.ReadDir(FS, ".")
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		if n, ok := strings.CutSuffix(e.Name(), ".toml"); ok && !e.IsDir() {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// Load loads a shipped map by name; the ".toml" may be left off.
func Load(name string) (*terrain.Map, error) {
	if !strings.HasSuffix(name, ".toml") {
		name += ".toml"
	}
	return terrain.Load(FS, name)
}
