package ssg

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"hedgerow/rules"
)

// AppendLegal after commands already in the list appends exactly what
// Legal lists (the random player lists into a reused list), fire
// commands' targets included, through whole games and every phase.
func TestAppendLegalIsLegal(t *testing.T) {
	sc, m := loadScenario(t, "ssg-woods-sections.toml")
	prefix := []rules.Command{{Verb: "end"}, {Verb: "fire", Fig: 1, Targets: []rules.FigID{2}}}
	phases := map[string]int{}
	for seed := uint64(1); seed <= 3; seed++ {
		g, _, err := rules.NewGame(New(), sc, m, seed)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 7))
		for !g.St.Over && len(g.Log) < 2000 {
			want := SSG{}.Legal(g.St)
			got := SSG{}.AppendLegal(append([]rules.Command(nil), prefix...), g.St)
			if !reflect.DeepEqual(got[:len(prefix)], prefix) || !reflect.DeepEqual(got[len(prefix):], want) {
				t.Fatalf("seed %d, %s phase: appended %v, Legal lists %v", seed, g.St.Phase, got[len(prefix):], want)
			}
			phases[g.St.Phase] += len(want)
			c, ok := rules.RandomCommand(g, r)
			if !ok {
				t.Fatalf("seed %d: nothing to do", seed)
			}
			if _, err := g.Apply(c); err != nil {
				t.Fatalf("seed %d: %s: %v", seed, c, err)
			}
		}
	}
	if phases[PhaseShoot] == 0 || phases[PhaseMove] == 0 {
		t.Fatalf("the games never listed both moves and shots: %v", phases)
	}
}
