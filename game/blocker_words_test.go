package game

import (
	"strings"
	"testing"

	"hedgerow/rules/terrain"
)

// A shot refused for sight names what stands in the way, the first piece
// crossed that stops sight, not "something" (a play-tester could not
// tell the hill from the wall).
func TestBlockedSightNamesTheBlocker(t *testing.T) {
	_, b := newTestBattle(t)
	m := b.st().Map
	at := -1
	for i, pc := range m.Pieces {
		if k, ok := terrain.KindByName(pc.Kind); ok && k.Props.Sight == terrain.SightBlocks {
			at = i
			break
		}
	}
	if at < 0 {
		t.Fatal("the map has no piece that blocks sight")
	}
	k, _ := terrain.KindByName(m.Pieces[at].Kind)
	b.los = terrain.LOS{Vis: terrain.Blocked, Crossings: []terrain.Crossing{{Piece: at, Sight: terrain.SightHinders}, {Piece: at, Sight: terrain.SightBlocks}}}
	got := b.blockerWords()
	if !strings.HasPrefix(got, "the "+strings.ToLower(k.Label)) || !strings.HasSuffix(got, "stands between them") {
		t.Fatalf("the card says %q; want it to name the %s", got, k.Label)
	}
	b.los = terrain.LOS{Vis: terrain.Blocked}
	if got := b.blockerWords(); got != "something stands between them" {
		t.Fatalf("with no piece crossed the card says %q", got)
	}
}
