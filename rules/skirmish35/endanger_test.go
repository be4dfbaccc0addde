package skirmish35

import (
	"math/rand/v2"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// The danger the end of a go may bring (rules.EndDangerer) is worked from
// what the side may know: the same on the side's own copy as on the
// game's state, wherever the enemy's round is really aimed; it is felt
// where the side's unmoved men stand and not far from them, and not at all
// once the enemy has no mortar in the fight.
func TestEndDangerKnowsNoAimPoint(t *testing.T) {
	r := New().(Skirmish)
	sc, m := loadNamed(t, "skirmish35-inn.toml")
	found := 0
	for seed := uint64(1); seed <= 20 && found < 3; seed++ {
		g, _, err := rules.NewGame(r, sc, m, seed)
		if err != nil {
			t.Fatal(err)
		}
		rnd := rand.New(rand.NewPCG(seed, 3))
		for step := 0; step < 600 && !g.St.Over; step++ {
			s := g.St
			rounds := Rounds(s)
			if s.Active == 0 && s.Decider == 0 && len(rounds) > 0 && rounds[0].Side == 1 {
				found++
				checkEndDanger(t, r, g)
				break
			}
			if c, ok := rules.RandomCommand(g, rnd); ok {
				g.Apply(c)
			}
		}
	}
	t.Logf("%d German goes under a plotted American round", found)
	if found == 0 {
		t.Fatal("no German go under a plotted American round in 20 random games")
	}
}

func checkEndDanger(t *testing.T, r Skirmish, g *rules.Game) {
	t.Helper()
	s := g.St
	own := s.Clone()
	rules.ViewOf(r, s, 0).Forget(own)
	if len(Rounds(own)) != 0 {
		t.Fatal("the side's copy holds the enemy's round")
	}
	moved := s.Clone()
	rd := Rounds(moved)
	rd[0].At = geom.Pt{X: rd[0].At.X + 9*geom.PerInch, Y: rd[0].At.Y - 7*geom.PerInch}
	setRounds(moved, rd)
	d := r.EndDanger(s, 0)
	if d == nil {
		t.Fatal("no danger feared under an enemy mortar")
	}
	dOwn, dMoved := r.EndDanger(own, 0), r.EndDanger(moved, 0)
	var pts []geom.Pt
	for i := range s.Figures {
		if f := &s.Figures[i]; !f.Removed {
			pts = append(pts, f.Pos)
		}
	}
	pts = append(pts, Rounds(s)[0].At, rd[0].At)
	for _, p := range pts {
		if a, b, c := d(p), dOwn(p), dMoved(p); a != b || a != c {
			t.Errorf("danger at %v: %v on the game, %v on the side's copy, %v with the aim moved", p, a, b, c)
		}
	}
	unmoved := 0
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Side != 0 || f.Removed || f.Var(fMoved) != 0 || f.Markers.Has(rules.Hidden) {
			continue
		}
		unmoved++
		if d(f.Pos) <= 0 {
			t.Errorf("%s stands where the enemy could aim and fears nothing", f.Name)
		}
		if far := (geom.Pt{X: f.Pos.X + 40*geom.PerInch, Y: f.Pos.Y}); d(far) > 0 {
			nearOther := false
			for j := range s.Figures {
				if o := &s.Figures[j]; o.Side == 0 && !o.Removed && geom.WithinDist(o.Pos, far, 12*geom.PerInch) {
					nearOther = true
				}
			}
			if !nearOther {
				t.Errorf("danger 40\" from %s, 12\" from every German", f.Name)
			}
		}
	}
	if unmoved == 0 {
		t.Log("no unmoved German in sight of the enemy")
	}
	gone := s.Clone()
	for i := range gone.Figures {
		if f := &gone.Figures[i]; f.Side == 1 && r.carries(f, "mortar") {
			f.Removed = true
		}
	}
	if r.EndDanger(gone, 0) != nil {
		t.Error("danger feared with the enemy's mortar out of the fight")
	}
	if r.EndDanger(s, 1) != nil {
		t.Error("danger feared by the side not on its go")
	}
}
