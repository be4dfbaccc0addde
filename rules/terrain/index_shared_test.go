package terrain

import (
	"testing"

	"hedgerow/rules/geom"
)

// Every game on one map gets the same index (its sight answers serve them
// all); a map with a piece added, or another map, gets its own.
func TestSharedIndexPerMap(t *testing.T) {
	m := &Map{Width: 48 * geom.PerInch, Height: 48 * geom.PerInch}
	m.Pieces = append(make([]Piece, 0, 4), Piece{ID: 0, Kind: "building", Poly: geom.Polygon{geom.P(1, 1), geom.P(5, 1), geom.P(5, 5), geom.P(1, 5)}})
	a := SharedIndex(m)
	if SharedIndex(m) != a {
		t.Fatal("the same map got a second index")
	}
	if a.Map != m || a.PieceBounds(0) != m.Pieces[0].Bounds() {
		t.Fatalf("the shared index is not the map's: bounds %v", a.PieceBounds(0))
	}
	m.Pieces = append(m.Pieces, Piece{ID: 1, Kind: "building", Poly: geom.Polygon{geom.P(10, 10), geom.P(12, 10), geom.P(12, 12)}})
	b := SharedIndex(m)
	if b == a || len(b.bounds) != 2 {
		t.Fatal("a map with a piece added kept its old index")
	}
	other := &Map{Width: m.Width, Height: m.Height, Pieces: m.Pieces}
	if SharedIndex(other) == b {
		t.Fatal("another map got this map's index")
	}
}
