package scenarios

import (
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/terrain"
)

// startGame loads a shipped scenario and starts a game of it with the
// given dice seed, under its own rule set.
func startGame(t *testing.T, file string, seed uint64) (rules.RuleSet, *rules.Game, *terrain.Map) {
	t.Helper()
	sc, m, err := Load(file)
	if err != nil {
		t.Fatal(err)
	}
	rs, ok := all.Get(sc.RuleSet)
	if !ok {
		t.Fatalf("%s: rule set %q is not shipped", file, sc.RuleSet)
	}
	g, _, err := rules.NewGame(rs, sc, m, seed)
	if err != nil {
		t.Fatal(err)
	}
	return rs, g, m
}
