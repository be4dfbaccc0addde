package scenario

import "hedgerow/rules/tomlpos"

// keyPos is a 1-based line and column in a scenario file.
type keyPos struct{ line, col int }

// keyPositions maps a key path to where it is written, so that problems
// found after decoding can name a line. It is the scanner the map loader
// uses too (package tomlpos); paths look like
//
//	"name"                      a top-level key
//	"victory"                   the [victory] header; "victory.losses" its key
//	"side#2"                    the second [[side]] header (1-based)
//	"side#2.unit#1.figure#3.pos"
//
// [[side.unit]] and [[side.unit.figure]] headers are numbered through the
// whole file, not per side. Keys inside inline tables are not recorded;
// lookups fall back to the enclosing path.
type keyPositions struct{ ix *tomlpos.Index }

func (kp keyPositions) find(path string) keyPos {
	p := kp.ix.Find(path)
	return keyPos{p.Line, p.Col}
}
