// Package content finds the maps and scenarios the table offers: the ones
// shipped inside the binary (MapsFS and ScenariosFS, from the maps and
// scenarios folders) and files the player names on disk, plus a small
// built-in map for when there is none. It never imports Ebiten.
package content

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"hedgerow/rules/terrain"
)

// MapsFS and ScenariosFS hold the shipped content (set in embedded.go).
var MapsFS, ScenariosFS fs.FS

// LoadMap finds a map by shipped name or file path.
func LoadMap(name string) (*terrain.Map, error) {
	if FileExists(name) {
		return terrain.Load(os.DirFS(filepath.Dir(name)), filepath.Base(name))
	}
	if MapsFS == nil {
		return BuiltinMap(), nil
	}
	if !strings.HasSuffix(name, ".toml") {
		name += ".toml"
	}
	return terrain.Load(MapsFS, name)
}

// FileExists reports whether p names a file on disk.
func FileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

// TomlNames lists the .toml files at the top of fsys, sorted.
func TomlNames(fsys fs.FS) []string {
	if fsys == nil {
		return nil
	}
	names, _ := fs.Glob(fsys, "*.toml")
	sort.Strings(names)
	return names
}

// DefaultMap is the map shown on the title: the first shipped map whose
// name says bocage or farm, else any shipped map, else the built-in one.
func DefaultMap() *terrain.Map {
	names := TomlNames(MapsFS)
	for _, pref := range []string{"bocage", "farm", ""} {
		for _, n := range names {
			if strings.Contains(n, pref) {
				if m, err := terrain.Load(MapsFS, n); err == nil {
					return m
				}
			}
		}
	}
	return BuiltinMap()
}
