package save_test

import (
	"bytes"
	"strings"
	"testing"

	"hedgerow/rules/internal/coingame"
	"hedgerow/rules/save"
)

// A save that stops matching at command N is kept up to command N-1: the
// game comes back after those commands, as if they were all ever played.
func TestSalvageKeepsTheCommandsBeforeTheDivergence(t *testing.T) {
	g, saved := coingame.Play(t, 2)
	sf, err := save.Read(bytes.NewReader(saved))
	if err != nil {
		t.Fatal(err)
	}
	// the whole save: everything kept
	whole, kept, err := save.Salvage(sf, coingame.FS(), nil, coingame.Lookup)
	if err != nil || kept != len(g.Log) || whole.St.Hash() != g.St.Hash() {
		t.Fatalf("a good save: kept %d of %d, %v", kept, len(g.Log), err)
	}
	// command 7 refused: six kept, the state the save recorded after six
	bad := *sf
	bad.Commands = append([]string(nil), sf.Commands...)
	bad.Commands[6] = "shoot F1 F1"
	got, kept, err := save.Salvage(&bad, coingame.FS(), nil, coingame.Lookup)
	if err == nil || !strings.HasPrefix(err.Error(), "command 7: ") {
		t.Fatalf("the divergence should be reported at command 7, got %v", err)
	}
	if got == nil || kept != 6 || len(got.Log) != 6 {
		t.Fatalf("kept %d commands (game %v); want 6", kept, got != nil)
	}
	if got.Hashes[5] != sf.Hashes[5] {
		t.Fatalf("the salvaged game is not the save game after command 6")
	}
	// it goes on like any game, and saves and replays whole
	for _, c := range got.Legal() {
		if _, err := got.Apply(c); err == nil {
			break
		}
	}
	var buf bytes.Buffer
	if err := save.Write(got, &buf); err != nil {
		t.Fatal(err)
	}
	if _, _, err := save.Replay(&buf, coingame.FS(), nil, coingame.Lookup); err != nil {
		t.Fatalf("the salvaged game's own save does not replay: %v", err)
	}
	// a tampered final hash loses only the last command
	bad = *sf
	bad.FinalHash = strings.Repeat("0", 64)
	if got, kept, err := save.Salvage(&bad, coingame.FS(), nil, coingame.Lookup); err == nil || got == nil || kept != len(sf.Commands)-1 {
		t.Fatalf("final hash: kept %d of %d, %v", kept, len(sf.Commands), err)
	}
	// a save that cannot start at all gives no game
	bad = *sf
	bad.Deploy = bad.Deploy[:1]
	if got, _, err := save.Salvage(&bad, coingame.FS(), nil, coingame.Lookup); err == nil || got != nil {
		t.Fatalf("a save placing too few figures: %v", err)
	}
}
