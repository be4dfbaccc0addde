package game

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// heliOffer is a Helicopter Drop game played at random until the outpost
// is first offered a chance to fire at the helicopter; differ asks for an
// offer the two sides see differently (a figure of one side unseen).
func heliOffer(t *testing.T, differ bool) *rules.Game {
	t.Helper()
	for seed := uint64(1); seed < 40; seed++ {
		g := shippedGame(t, "smle-heli-drop.toml", seed)
		r := rand.New(rand.NewPCG(seed, 7))
		for i := 0; i < 600 && !g.St.Over; i++ {
			if st := g.St; st.Phase == "opportunity" && st.Decider != st.Active {
				_, b := deciderTable(g)
				b.shown = st.Active
				if b.viewsDiffer() == differ {
					return g
				}
				break
			}
			c, ok := rules.RandomCommand(g, r)
			if !ok {
				break
			}
			if _, err := g.Apply(c); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatalf("no seed offered the outpost a shot (views differing: %v)", differ)
	return nil
}

func barLabels(b *battle) string {
	var ls []string
	for _, bt := range b.buttons {
		ls = append(ls, bt.label)
	}
	return strings.Join(ls, " | ")
}

// A battle saved while the outpost may fire at the landing helicopter
// resumes with the same choices it had: the offer asked on the mover's
// table, with the standing orders. Resumed, the table went to the
// outpost's side with only "Let it pass" on its bar (play-test 6).
func TestResumedOfferKeepsItsChoices(t *testing.T) {
	g := heliOffer(t, false)
	a, b := resumedFromSave(t, g)
	b.tl.SkipAll()
	for i := 0; i < 3; i++ {
		if err := b.Update(a, 1.0/60); err != nil {
			t.Fatal(err)
		}
	}
	st := b.st()
	if b.curtain || b.shown != st.Active {
		t.Fatalf("resumed: curtain %v, table shown to side %d; the mover is side %d", b.curtain, b.shown, st.Active)
	}
	if !b.deskInterrupt() {
		t.Fatal("resumed: the outpost's offer is not asked on the table")
	}
	b.layoutButtons(a)
	slots := map[string]bool{}
	for _, bt := range b.buttons {
		slots[bt.slot] = true
	}
	for _, want := range []string{"hold all round", "fire all round"} {
		if !slots[want] {
			t.Errorf("resumed bar %q lacks the standing order %q", barLabels(b), want)
		}
	}
	if !strings.Contains(barLabels(b), "Let it pass") {
		t.Errorf("resumed bar %q lacks Let it pass", barLabels(b))
	}
}

// Handed to the side that may fire (the two sides see the table
// differently, so a curtain came down), the bar offers the team's fire at
// the helicopter, not only "Let it pass".
func TestOfferAtAVehicleHasAButton(t *testing.T) {
	g := heliOffer(t, true)
	a, b := deciderTable(g)
	b.legal = g.Legal()
	b.layoutButtons(a)
	bar := barLabels(b)
	u := ""
	for _, c := range b.legal {
		if c.Unit != 0 && c.Fig == 0 && b.action(c).Kind == rules.ActAim {
			u = b.st().UnitOf(c.Unit).Name
		}
	}
	if u == "" {
		t.Fatalf("no team is offered a shot: %v", b.legal)
	}
	if !strings.Contains(bar, u) || strings.Count(bar, u) != 1 {
		t.Errorf("bar %q: want one button for %s's fire", bar, u)
	}
}

// Resumed while the Germans could fire at the Sherman that had just
// driven, the offer's plate stood in the table's top-left corner, far
// from the tank (play-test 9: the drive's path is not drawn after a
// resume): it stands by the vehicle the offer names.
func TestResumedOfferAtAVehicleStandsByIt(t *testing.T) {
	g := shippedGame(t, "maxim-armour-crossroads.toml", 1)
	v := &g.St.Vehicles[0]
	drive := rules.Command{Verb: "drive", Unit: v.Unit, Path: []geom.Pt{{X: v.Pos.X + geom.In(3), Y: v.Pos.Y}}, Arg: rules.VehicleArg{ID: v.ID}.String()}
	if _, err := g.Apply(drive); err != nil {
		t.Fatal(err)
	}
	a, b := resumedFromSave(t, g)
	b.tl.SkipAll()
	for i := 0; i < 3; i++ {
		if b.curtain {
			b.liftCurtain()
		}
		if err := b.Update(a, 1.0/60); err != nil {
			t.Fatal(err)
		}
	}
	b.offerBox = [4]float64{}
	render(a, b)
	box := b.offerBox
	if box == [4]float64{} {
		t.Fatal("no offer drawn on the table")
	}
	p := b.tv.scr(g.St.Veh(v.ID).Pos)
	if d := math.Hypot(box[0]+box[2]/2-p.X, box[1]+box[3]/2-p.Y); d > box[2]/2+80 {
		t.Errorf("the offer's plate at %.0f,%.0f stands %.0f px from %s at %.0f,%.0f", box[0], box[1], d, v.Name, p.X, p.Y)
	}
}
