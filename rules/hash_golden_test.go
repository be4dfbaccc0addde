package rules

import (
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"testing"
)

// The state hash is a fixed encoding: these values were computed by the
// field-by-field SHA-256 writer before Hash built one buffer, so they
// prove the bytes (hence every saved hash) did not change, vehicles,
// equipment, forced dice and zero-valued variables included.
func TestHashEncodingUnchanged(t *testing.T) {
	s := &State{RuleSet: "x", Scenario: "y", BaseR: 500, Round: 2, Phase: "p", Vars: map[string]int{"a": 1, "b": 0, "c": -4}}
	s.RNG = *rand.NewPCG(3, 4)
	s.Figures = []Figure{{ID: 1, Name: "A", Weapons: []string{"w", "v"}, Vars: map[string]int{"z": 2, "y": 3}}}
	s.Units = []Unit{{ID: 1, Name: "U", Armour: "ar", Vars: map[string]int{"m": 1}}}
	s.Vehicles = []Vehicle{{ID: 1, Name: "T", Type: "tank", Crew: []FigID{1}, Passengers: []FigID{2, 3}, HatchesOpen: true, Vars: map[string]int{"speed": 4, "ammo": 9}}}
	s.Forced = []int{1, 2}
	if got, want := s.Hash(), "9532358bbd3fbdfa890147377926bde750e22657d0fe348b7e8c33247ce28811"; got != want {
		t.Errorf("with a vehicle: hash %s, want %s", got, want)
	}
	s.Vehicles = nil
	if got, want := s.Hash(), "5b6a2fa2b470808d3543bd5faa4b5920a08048dc1414e5c10459f5db0de3f7dc"; got != want {
		t.Errorf("without: hash %s, want %s", got, want)
	}
}

// More variables than hVars sorts on the stack (forty door states, one of
// them zero), against the old writer's hash.
func TestHashManyVarsUnchanged(t *testing.T) {
	s := &State{RuleSet: "x"}
	s.RNG = *rand.NewPCG(1, 2)
	s.Vars = map[string]int{}
	for i := 0; i < 40; i++ {
		s.Vars[fmt.Sprintf("door.%d.%d", i*7%13, i)] = i - 20
	}
	if got, want := s.Hash(), "9d53c9f202f655e2940b1d1e8eac638a3ea640f4ab0d5c5394d1fbc318909389"; got != want {
		t.Errorf("hash %s, want %s", got, want)
	}
}

// The resumed SHA-256 of the random player's game gives sha256.Sum256's
// sum for encodings that share a beginning, differ anywhere, shrink and
// grow across chunk boundaries.
func TestSHAResumeIsSHA256(t *testing.T) {
	var r shaResume
	b := make([]byte, 5000)
	for i := range b {
		b[i] = byte(i * 7)
	}
	cuts := []struct{ n, at int }{{5000, -1}, {5000, 4999}, {5000, 10}, {5000, 2048}, {3000, 2047}, {1024, -1}, {1023, 5}, {4096, 4095}, {4096, -1}, {0, -1}, {5000, 3072}}
	for i, c := range cuts {
		if c.at >= 0 {
			b[c.at]++
		}
		got, want := r.sum(b[:c.n]), sha256.Sum256(b[:c.n])
		if got != want {
			t.Fatalf("step %d (%d bytes, changed at %d): the resumed sum differs from SHA-256", i, c.n, c.at)
		}
	}
}
