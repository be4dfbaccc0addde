package smle

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/oddscheck"
)

var severity = map[string]int{Miss: 0, NearMiss: 1, Light: 2, Serious: 3, Kill: 4}

// fireClass names what a fire command did to the target team, in the
// odds' words: the worst result any hit had (a wound on a wounded man
// counting as the worse wound it makes), or "pinned down" for panic fire.
func fireClass(_, _ *rules.State, evs []rules.Event) string {
	worst := Miss
	up := func(x string) {
		if severity[x] > severity[worst] {
			worst = x
		}
	}
	for _, e := range evs {
		switch {
		case e.Kind == "pinned":
			return "pinned down"
		case e.Kind == "removed":
			up(Kill)
		case e.Kind == "wounded" && strings.Contains(e.Text, "serious"):
			up(Serious)
		case e.Kind == "wounded":
			up(Light)
		case e.Roll != nil && (strings.HasPrefix(e.Roll.What, "Effect of") || strings.HasPrefix(e.Roll.What, "Burst of")):
			up(NearMiss)
		}
	}
	return worst
}

// active makes unit 1 (side 0) the acting team at the given band, after
// the opening rolls gave unit 2 the first go and it ended.
func active(t *testing.T, units []tunit, band string) *rules.State {
	t.Helper()
	s, _ := newState(t, units, 6, 1)
	apply(t, s, rules.Command{Verb: "end"})
	if s.Var(vCur) != 1 {
		t.Fatalf("unit 1 should be active")
	}
	uset(s.UnitOf(1), vBand, Std().BandIndex(band))
	return s
}

func smgs(n int, x, y float64) []tfig {
	var out []tfig
	for i := 0; i < n; i++ {
		out = append(out, tfig{x: x + 2*float64(i), y: y, weapons: []string{"smg"}})
	}
	return out
}

// Odds must be the engine's exact distribution, for every kind of fire,
// from varied states (see package oddscheck for the bound).
func TestFireOddsMatchEngineSampling(t *testing.T) {
	if testing.Short() {
		t.Skip("sampling")
	}
	cases := []struct {
		name  string
		state func() *rules.State
		cmd   rules.Command
	}{
		{"SMG volley at a lone man (second serious wound kills)", func() *rules.State {
			return active(t, []tunit{{0, "trained", "", smgs(1, 10, 10)}, {1, "trained", "", rifles(1, 10, 13)}}, "double")
		}, rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{2}, Arg: FireDirect}},
		{"three SMGs at two men, one already lightly wounded", func() *rules.State {
			s := active(t, []tunit{{0, "veteran", "", smgs(3, 10, 10)}, {1, "trained", "", rifles(2, 10, 14)}}, "double")
			s.Fig(5).Markers |= rules.Wounded
			return s
		}, rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{4}, Arg: FireDirect}},
		{"rifles and an LMG at a team of three, one prone, one seriously wounded", func() *rules.State {
			s := active(t, []tunit{{0, "trained", "", append(rifles(2, 10, 5), tfig{x: 16, y: 5, weapons: []string{"lmg"}})},
				{1, "green", "", rifles(3, 10, 30)}}, "advance-8")
			s.Fig(4).Posture = rules.Prone
			s.Fig(6).Markers |= rules.BadlyWounded
			return s
		}, rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{4}, Arg: FireDirect}},
		{"aimed fire at one figure", func() *rules.State {
			return active(t, []tunit{{0, "veteran", "", rifles(3, 10, 10)}, {1, "trained", "", rifles(3, 10, 20)}}, "advance-8")
		}, rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{5}, Arg: FireAimed}},
		{"return fire", func() *rules.State {
			s := active(t, []tunit{{0, "trained", "", smgs(2, 10, 10)}, {1, "trained", "", rifles(2, 10, 14)}}, "pinned")
			uset(s.UnitOf(1), firedByKey(2), s.Round)
			return s
		}, rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{3}, Arg: FireReturn}},
		{"panic fire", func() *rules.State {
			return active(t, []tunit{{0, "green", "", rifles(2, 10, 10)}, {1, "trained", "", rifles(2, 10, 20)}}, "fall-back-half")
		}, rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{3}, Arg: FirePanic}},
	}
	for _, c := range cases {
		res := oddscheck.Run(New(), c.state(), c.cmd, fireClass, 20000, 11)
		if err := res.Err(); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		t.Logf("%s: %s", c.name, res)
	}
}
