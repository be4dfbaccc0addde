package save_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"hedgerow/rules/internal/coingame"
	"hedgerow/rules/save"
)

// Who played each side (the table's choice of a player or the computer)
// is written in the save only when set, and no replay or hash reads it:
// the same game saved with and without it replays to the same state, and
// a save without it is byte for byte what it was before the field.
func TestSavePlayersIgnoredByReplay(t *testing.T) {
	g, plain := coingame.Play(t, 2)
	if bytes.Contains(plain, []byte("players")) {
		t.Fatalf("a save with no players names them:\n%s", plain)
	}
	g.Players = []string{"player", "computer:hard"}
	var buf bytes.Buffer
	if err := save.Write(g, &buf); err != nil {
		t.Fatal(err)
	}
	with := buf.Bytes()
	if !strings.Contains(string(with), `"players": [`) {
		t.Fatalf("the save does not say who played:\n%s", with)
	}
	sf, err := save.Read(bytes.NewReader(with))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(sf.Players, g.Players) {
		t.Errorf("players read back as %q, want %q", sf.Players, g.Players)
	}
	a, _, err := save.Replay(bytes.NewReader(with), coingame.FS(), nil, coingame.Lookup)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := save.Replay(bytes.NewReader(plain), coingame.FS(), nil, coingame.Lookup)
	if err != nil {
		t.Fatal(err)
	}
	if a.St.Hash() != b.St.Hash() || !slices.Equal(a.Hashes, b.Hashes) || a.St.Hash() != g.St.Hash() {
		t.Errorf("the players changed the replay: %s / %s, want %s", a.St.Hash(), b.St.Hash(), g.St.Hash())
	}
}
