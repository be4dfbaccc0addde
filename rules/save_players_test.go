package rules

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// Who played each side (the table's choice of a player or the computer)
// is written in the save only when set, and no replay or hash reads it:
// the same game saved with and without it replays to the same state, and
// a save without it is byte for byte what it was before the field.
func TestSavePlayersIgnoredByReplay(t *testing.T) {
	g, plain := playCoin(t, 2)
	if bytes.Contains(plain, []byte("players")) {
		t.Fatalf("a save with no players names them:\n%s", plain)
	}
	g.Players = []string{"player", "computer:hard"}
	var buf bytes.Buffer
	if err := g.Save(&buf); err != nil {
		t.Fatal(err)
	}
	with := buf.Bytes()
	if !strings.Contains(string(with), `"players": [`) {
		t.Fatalf("the save does not say who played:\n%s", with)
	}
	sf, err := ReadSave(bytes.NewReader(with))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(sf.Players, g.Players) {
		t.Errorf("players read back as %q, want %q", sf.Players, g.Players)
	}
	a, _, err := Replay(bytes.NewReader(with), testFS(), nil, coinLookup)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := Replay(bytes.NewReader(plain), testFS(), nil, coinLookup)
	if err != nil {
		t.Fatal(err)
	}
	if a.St.Hash() != b.St.Hash() || !slices.Equal(a.Hashes, b.Hashes) || a.St.Hash() != g.St.Hash() {
		t.Errorf("the players changed the replay: %s / %s, want %s", a.St.Hash(), b.St.Hash(), g.St.Hash())
	}
}
