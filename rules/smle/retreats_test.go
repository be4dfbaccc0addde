package smle

import (
	"testing"

	"hedgerow/rules"
)

// Retreats gives the fall back and break bands of a team's next
// activation as it would roll once the enemy has fired at it, each with
// its chance and the figure's distance for it (half, full and twice its
// full move). The farmhouse rearguard's green, reluctant rifle squad,
// fired at and out of cover: 1D6+2 shifted a band down.
func TestRetreatsAreTheForcedBandsUnderFire(t *testing.T) {
	sc, m := loadNamed(t, "smle-farmhouse-rearguard.toml")
	r := SMLE{d: Std()}
	g, _, err := rules.NewGame(r, sc, m, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := g.St
	var f *rules.Figure
	for i := range s.Figures {
		if s.Figures[i].Name == "Pvt Cerny" {
			f = &s.Figures[i]
		}
	}
	if f == nil {
		t.Fatal("no Pvt Cerny")
	}
	full := r.baseMove(s, f)
	o, err := r.Odds(s.Clone(), rules.Command{Verb: "activate", Unit: f.Unit})
	if err != nil {
		t.Fatal(err)
	}
	got := r.Retreats(s, f.ID)
	want := map[int64]bool{full / 2: true, full: true, 2 * full: true}
	sum := 0
	for _, x := range got {
		if !want[x.Dist] || x.Chance <= 0 || x.Chance > 1000 {
			t.Errorf("retreat %+v: not a fall back or break of F%d (full move %d) with a chance", x, f.ID, full)
		}
		sum += x.Chance
	}
	// fired at, it is worse off than as things stand, and a retreat is
	// on the cards
	now := 0
	for _, x := range o.Outcomes {
		if x.Name == "break" || x.Name == "fall-back-full" || x.Name == "fall-back-half" {
			now += int(x.P * 1000)
		}
	}
	t.Logf("retreats %v (as things stand %d in 1000)", got, now)
	if sum == 0 || sum < now {
		t.Errorf("retreat chances %v add up to %d, less than %d as things stand", got, sum, now)
	}
}
