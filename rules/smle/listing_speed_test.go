package smle

import (
	"testing"

	"hedgerow/rules"
)

// The listing's shortcuts give the answers the plain questions give: in
// every state of random games, aimed fire is offered at exactly the enemy
// leaders anyFirer says a shooter sees (the listing takes most answers
// from its target teams' search), and each team's opportunity fire at a
// mover (sight asked before the band) is what the band and sight say.
func TestListingShortcutsAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("plays random games")
	}
	r := New().(SMLE)
	leaders, opps := 0, 0
	for _, name := range []string{"smle-platoon-attack.toml", "smle-skirmish.toml", "smle-ambush.toml"} {
		sc, m := loadNamed(t, name)
		for seed := uint64(1); seed <= 2; seed++ {
			played, err := rules.PlayRandom(r, sc, m, seed, 5000)
			if err != nil {
				t.Fatalf("%s seed %d: %v", name, seed, err)
			}
			g, _, err := rules.NewGame(r, sc, m, seed)
			if err != nil {
				t.Fatal(err)
			}
			for i, c := range played.Log {
				s := g.St
				leaders += checkLeaders(t, r, s)
				opps += checkOpp(t, r, s)
				if t.Failed() {
					t.Fatalf("%s seed %d, before command %d (%s)", name, seed, i, c)
				}
				if _, err := g.Apply(c); err != nil {
					t.Fatalf("%s seed %d: replay of %s: %v", name, seed, c, err)
				}
			}
		}
	}
	if leaders == 0 || opps == 0 {
		t.Errorf("the games never asked: %d leader answers, %d opportunity answers", leaders, opps)
	}
}

// checkLeaders compares the aimed fire Legal offers with anyFirer asked
// of every enemy leader; it returns how many leaders were asked.
func checkLeaders(t *testing.T, r SMLE, s *rules.State) int {
	t.Helper()
	if s.Over || s.Phase != PhaseActivate {
		return 0
	}
	u := s.UnitOf(rules.UnitID(s.Var(vCur)))
	if u == nil {
		return 0
	}
	b := r.d.Bands[uget(u, vBand)]
	if r.fireKind(b) != FireDirect || uget(u, vFired) != 0 || uget(u, vOpp) != 0 || uget(u, vRunning) != 0 {
		return 0
	}
	offered := map[rules.FigID]bool{}
	for _, c := range r.Legal(s) {
		if c.Verb == "fire" && c.Arg == FireAimed {
			offered[c.Targets[0]] = true
		}
	}
	sh := r.shooters(s, u)
	n := 0
	for i := range s.Figures {
		e := &s.Figures[i]
		if e.Side != 1-u.Side || e.Removed || !e.Leader {
			continue
		}
		n++
		if want := r.anyFirer(s, sh, e, false); offered[e.ID] != want {
			t.Errorf("aimed fire at %s offered %v, anyFirer says %v", e.Name, offered[e.ID], want)
		}
	}
	return n
}

// checkOpp asks, for a figure of the active team, every enemy team's
// opportunity fire both ways; it returns how many teams were asked.
func checkOpp(t *testing.T, r SMLE, s *rules.State) int {
	t.Helper()
	if s.Over || s.Phase != PhaseActivate {
		return 0
	}
	n := 0
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Removed || int(f.Unit) != s.Var(vCur) {
			continue
		}
		for j := range s.Units {
			u := &s.Units[j]
			if u.Side == f.Side || uget(u, vFired) != 0 || uget(u, vOpp) != 0 {
				continue
			}
			sh := r.shootersAt(s, u, f, nil)
			b := r.d.Bands[r.currentBand(s, u)]
			want := len(sh) > 0 && (b.Combat == "opportunity" || b.Combat == "direct" || b.Combat == "assault") && r.anyFirer(s, sh, f, false)
			if got := r.oppTeamMay(s, u, f, nil); got != want {
				t.Errorf("%s at %s: oppTeamMay %v, band and sight say %v", u.Name, f.Name, got, want)
			}
			n++
		}
		break
	}
	return n
}
