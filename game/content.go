package game

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"hedgerow/rules/terrain"
)

// mapsFS and scenariosFS hold the shipped content (set in embedded.go).
var mapsFS, scenariosFS fs.FS

// loadMap finds a map by shipped name or file path.
func loadMap(name string) (*terrain.Map, error) {
	if fileExists(name) {
		return terrain.Load(os.DirFS(filepath.Dir(name)), filepath.Base(name))
	}
	if mapsFS == nil {
		return builtinMap(), nil
	}
	if !strings.HasSuffix(name, ".toml") {
		name += ".toml"
	}
	return terrain.Load(mapsFS, name)
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

func tomlNames(fsys fs.FS) []string {
	if fsys == nil {
		return nil
	}
	names, _ := fs.Glob(fsys, "*.toml")
	sort.Strings(names)
	return names
}

// defaultMap is the map shown on the title: the first shipped map whose
// name says bocage or farm, else any shipped map, else the built-in one.
func defaultMap() *terrain.Map {
	names := tomlNames(mapsFS)
	for _, pref := range []string{"bocage", "farm", ""} {
		for _, n := range names {
			if strings.Contains(n, pref) {
				if m, err := terrain.Load(mapsFS, n); err == nil {
					return m
				}
			}
		}
	}
	return builtinMap()
}
