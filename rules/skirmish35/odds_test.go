package skirmish35

import (
	"fmt"
	"hedgerow/rules/terrain"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// outcomeOf names what Apply did with a command, in the words Odds uses.
func outcomeOf(before, after *rules.State, c rules.Command, evs []rules.Event) string {
	find := func(pred func(l *rules.Ledger) bool) *rules.Ledger {
		for _, e := range evs {
			if e.Roll != nil && pred(e.Roll) {
				return e.Roll
			}
		}
		return nil
	}
	switch c.Verb {
	case "fire", "oppfire":
		t0, t1 := before.Fig(c.Targets[0]), after.Fig(c.Targets[0])
		if t1.Removed {
			for _, e := range evs {
				if e.Kind == "removed" && e.Fig == t1.ID && strings.Contains(e.Text, "broken") {
					return "broken"
				}
			}
			return "killed"
		}
		if d := levelOf(t1) - levelOf(t0); d > 0 {
			return fmt.Sprintf("morale -%d", d)
		}
		return "no effect"
	case "acquire":
		if acquiredNow(after, after.Fig(c.Fig), c.Targets[0]) {
			return "acquired"
		}
		return "not seen"
	case "door":
		return find(func(l *rules.Ledger) bool { return strings.HasPrefix(l.What, "Forcing") }).Outcome
	case "climb":
		return find(func(l *rules.Ledger) bool { return strings.HasPrefix(l.What, "Climbing") }).Outcome
	case "at":
		return find(func(l *rules.Ledger) bool { return strings.HasPrefix(l.What, "Anti-tank") }).Outcome
	case "oppsup":
		for _, e := range evs {
			if e.Kind == "morale" && e.Fig == c.Targets[0] {
				return "stopped"
			}
		}
		return "not stopped"
	case "throwback":
		if l := find(func(l *rules.Ledger) bool { return strings.HasPrefix(l.What, "Throwing back") }); l.Outcome == "goes off in hand" {
			return l.Outcome
		}
		c.Verb = "grenade"
		return outcomeOf(before, after, c, evs)
	case "grenade", "plot":
		if l := find(func(l *rules.Ledger) bool { return strings.HasPrefix(l.What, "Radio") }); l != nil && c.Verb == "plot" {
			return l.Outcome
		}
		if c.Verb == "plot" {
			burst := false
			for _, e := range evs {
				burst = burst || e.Kind == "burst"
			}
			if !burst {
				return "through"
			}
		}
		if l := find(func(l *rules.Ledger) bool { return l.What == "Grenade fuse die" }); l != nil && (l.Outcome == "dud" || l.Outcome == "goes off later") {
			return l.Outcome
		}
		if c.Arg == "smoke" {
			for _, e := range evs {
				if e.Kind == "smoke" && e.Area != nil {
					p, _, _ := aimOf(before, c)
					if e.Area.C == p {
						return "smoke on target"
					}
					return "smoke off target"
				}
			}
		}
		if len(c.Targets) == 0 {
			p := c.Path[0]
			for _, e := range evs {
				if e.Kind == "burst" {
					if e.Area.C == p {
						return "bursts on the aim point"
					}
					return "bursts off the aim point"
				}
			}
		}
		name := before.Fig(c.Targets[0]).Name
		if l := find(func(l *rules.Ledger) bool { return strings.Contains(l.What, "effect on "+name+" (") }); l != nil {
			return l.Outcome
		}
		return "no effect"
	case "melee":
		return find(func(l *rules.Ledger) bool { return strings.HasPrefix(l.What, "Hand to hand") }).Outcome
	case "surrender":
		return find(func(l *rules.Ledger) bool { return strings.HasPrefix(l.What, "Surrender") }).Outcome
	case "rally":
		if levelOf(after.Fig(c.Fig)) < levelOf(before.Fig(c.Fig)) {
			return "rallies"
		}
		return "fails"
	case "move":
		for _, e := range evs {
			if e.Kind == "move" {
				switch {
				case strings.Contains(e.Text, "suppressive fire"):
					return "stopped by suppressive fire"
				case strings.Contains(e.Text, "obstacle"):
					return "halted at an obstacle"
				}
			}
		}
		return "moves"
	}
	return "certain"
}

// withDice lists the commands with dice a state offers, a path filled in
// for moves (towards the nearest enemy, as far as allowed).
func withDice(s *rules.State) []rules.Command {
	r := New().(Skirmish)
	var out []rules.Command
	for _, c := range r.Legal(s) {
		switch c.Verb {
		case "fire", "oppfire", "oppsup", "throwback", "grenade", "plot", "melee", "surrender", "rally", "at", "climb":
			out = append(out, c)
		case "door":
			if c.Arg == "force" {
				out = append(out, c)
			}
		case "acquire":
			if len(c.Targets) == 1 {
				out = append(out, c)
			}
		case "move":
			f := s.Fig(c.Fig)
			if e := nearest(s, f.Pos, s.Alive(1-f.Side)); e != nil {
				p := towards(f.Pos, e.Pos, min(r.allowance(f), dist(f.Pos, e.Pos)-3*s.BaseR))
				c.Path = []geom.Pt{p}
				if o, err := r.Odds(s, c); err == nil && len(o.Outcomes) > 1 {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// The odds agree with what Apply does: every command with dice from a
// spread of states in random games, sampled many times with fresh
// dice, lands on each outcome within a bound that a real difference
// would break but chance would not (4.5 standard errors plus a count).
func TestOddsMatchApply(t *testing.T) {
	r := New().(Skirmish)
	trials := 1500
	if testing.Short() {
		trials = 400
	}
	sc, m := loadNamed(t, "skirmish35-ford.toml")
	checked := map[string]int{}
	budget := 40
	for seed := uint64(1); seed <= 60 && budget > 0; seed++ {
		g, _, err := rules.NewGame(r, sc, m, seed)
		if err != nil {
			t.Fatal(err)
		}
		pick := rand.New(rand.NewPCG(seed, 99))
		for step := 0; step < 400 && !g.St.Over && budget > 0; step++ {
			if step%7 == 3 {
				cs := withDice(g.St)
				if len(cs) > 0 {
					c := cs[pick.IntN(len(cs))]
					if checked[c.Verb+c.Arg] < 6 {
						checked[c.Verb+c.Arg]++
						budget--
						sampleOne(t, r, g.St, c, trials)
					}
				}
			}
			c, ok := rules.RandomCommand(g, pick)
			if !ok {
				break
			}
			g.Apply(c)
		}
	}
	t.Logf("checked %v; %d commands sampled so far, worst gap %.2f standard errors", checked, sampled, worstZ)
	for _, v := range []string{"fireunaimed", "acquire"} {
		if checked[v] == 0 {
			t.Errorf("no %s command was checked", v)
		}
	}
}

// worstZ is the largest gap seen between sampled and exact odds, in
// standard errors; sampled counts the commands sampled.
var (
	worstZ  float64
	sampled int
)

func sampleOne(t *testing.T, r Skirmish, s *rules.State, c rules.Command, n int) {
	t.Helper()
	o, err := r.Odds(s.Clone(), c)
	if err != nil {
		t.Fatalf("%s: odds: %v", c, err)
	}
	sum := 0.0
	want := map[string]float64{}
	for _, x := range o.Outcomes {
		sum += x.P
		want[x.Name] = x.P
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Fatalf("%s: odds sum to %v", c, sum)
	}
	got := map[string]int{}
	for i := 0; i < n; i++ {
		st := s.Clone()
		st.RNG = *rand.NewPCG(uint64(i)*7919+1, 12345)
		evs, err := r.Apply(st, c)
		if err != nil {
			t.Fatalf("%s: listed but refused: %v", c, err)
		}
		got[outcomeOf(s, st, c, evs)]++
	}
	for name, k := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s: Apply gave %q (%d times) which the odds %v do not list", c, name, k, o.Outcomes)
		}
	}
	sampled++
	for name, p := range want {
		k := got[name]
		se := math.Sqrt(p * (1 - p) / float64(n))
		if se > 0 {
			worstZ = max(worstZ, math.Abs(float64(k)/float64(n)-p)/se)
		}
		if d := math.Abs(float64(k)/float64(n) - p); d > 4.5*se+2/float64(n) {
			t.Errorf("%s: %q came up %d/%d, odds say %.4f", c, name, k, n, p)
		}
	}
}

// The rarer commands, from states built for them.
func TestOddsMatchApplyCrafted(t *testing.T) {
	r := New().(Skirmish)
	n := 1500
	if testing.Short() {
		n = 400
	}
	// a grenade thrown 9" (deviation) at a figure with a friend beside it
	s := newState(t, nil,
		tfig{side: 0, x: 36, y: 10, weapons: []string{"rifle", "grenade", "smoke-grenade"}, facing: 180},
		tfig{side: 1, x: 36, y: 19, weapons: []string{"rifle"}},
		tfig{side: 1, x: 37.5, y: 19.5, weapons: []string{"rifle"}},
		tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}})
	apply(t, s, "acquire F1 F2", 3, 3)
	sampleOne(t, r, s, rules.Command{Verb: "grenade", Fig: 1, Targets: []rules.FigID{3}}, n)
	sampleOne(t, r, s, rules.Command{Verb: "grenade", Fig: 1, Path: []geom.Pt{geom.P(36, 22)}}, n)
	sampleOne(t, r, s, rules.Command{Verb: "grenade", Fig: 1, Targets: []rules.FigID{2}, Arg: "smoke"}, n)
	// a machine gun without a loader: bursts end on doubles; a shaken
	// target breaks on any hit it saves
	s = duel(t, []terrain.Piece{piece("low-wall", 33, 24.5, 39, 24.5)}, []string{"lmg"}, []string{"rifle"})
	apply(t, s, "acquire F1 F2", 3, 3)
	sampleOne(t, r, s, rules.Command{Verb: "fire", Fig: 1, Targets: []rules.FigID{2}, Arg: "unaimed"}, n)
	setLevel(s.Fig(2), Suppressed)
	sampleOne(t, r, s, rules.Command{Verb: "fire", Fig: 1, Targets: []rules.FigID{2}, Arg: "unaimed"}, n)
	// two against one in hand to hand
	s = newState(t, nil,
		tfig{side: 0, x: 36, y: 20, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 0, x: 37.5, y: 21.5, weapons: []string{"smg"}, facing: 180},
		tfig{side: 1, x: 36, y: 21.5, weapons: []string{"smg"}, facing: 0},
		tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}})
	sampleOne(t, r, s, rules.Command{Verb: "melee", Fig: 1, Targets: []rules.FigID{3}}, n)
	// a crossing of two lines of fire
	s = newState(t, nil,
		tfig{side: 0, x: 30, y: 10, weapons: []string{"lmg"}, facing: 180},
		tfig{side: 0, x: 42, y: 10, weapons: []string{"smg"}, facing: 180},
		tfig{side: 1, x: 36, y: 30, weapons: []string{"rifle"}, facing: 0})
	apply(t, s, "suppress F1 33,25 39,25")
	apply(t, s, "suppress F2 33,23 39,23")
	apply(t, s, "end")
	sampleOne(t, r, s, rules.Command{Verb: "move", Fig: 3, Path: []geom.Pt{geom.P(36, 21)}}, n)
	// a late grenade thrown back; suppressive opportunity fire
	s = newState(t, nil,
		tfig{side: 0, x: 36, y: 20, weapons: []string{"rifle", "grenade"}, facing: 180},
		tfig{side: 0, x: 40, y: 20, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 1, x: 36, y: 24, weapons: []string{"rifle"}, facing: 0},
		tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}})
	apply(t, s, "acquire F1 F3", 3, 3)
	apply(t, s, "grenade F1 F3", 5)
	apply(t, s, "end")
	sampleOne(t, r, s, rules.Command{Verb: "throwback", Fig: 3, Targets: []rules.FigID{2}}, n)
	s = newState(t, nil,
		tfig{side: 0, x: 36, y: 10, weapons: []string{"bren"}, facing: 180},
		tfig{side: 1, x: 36, y: 30, weapons: []string{"rifle"}, facing: 0},
		tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}})
	apply(t, s, "opp F1")
	apply(t, s, "end")
	apply(t, s, "move F2 36,26")
	sampleOne(t, r, s, rules.Command{Verb: "oppsup", Fig: 1, Targets: []rules.FigID{2}}, n)
	// a throw over a wall, some deviations hitting it
	s = newState(t, []terrain.Piece{piece("low-wall", 30, 14, 42, 14)},
		tfig{side: 0, x: 36, y: 10, weapons: []string{"rifle", "grenade"}, facing: 180},
		tfig{side: 1, x: 36, y: 16, weapons: []string{"rifle"}},
		tfig{side: 1, x: 37.5, y: 13, weapons: []string{"rifle"}},
		tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}})
	apply(t, s, "acquire F1 F2", 3, 3)
	sampleOne(t, r, s, rules.Command{Verb: "grenade", Fig: 1, Targets: []rules.FigID{3}}, n)
	sampleOne(t, r, s, rules.Command{Verb: "grenade", Fig: 1, Path: []geom.Pt{geom.P(36, 16)}}, n)
	// a grenade through a window, anti-tank fire at the house
	s = newState(t, []terrain.Piece{house()},
		tfig{side: 0, x: 43, y: 23, weapons: []string{"rifle"}, facing: 270},
		tfig{side: 0, x: 44.5, y: 24, weapons: []string{"rifle"}, facing: 270},
		tfig{side: 1, x: 38.8, y: 23, weapons: []string{"rifle", "grenade"}, facing: 90},
		tfig{side: 1, x: 30, y: 23, weapons: []string{"piat"}, facing: 90},
		tfig{side: 1, x: 60, y: 45, weapons: []string{"rifle"}, facing: 90})
	apply(t, s, "end")
	apply(t, s, "acquire F3 F1", 3, 3)
	sampleOne(t, r, s, rules.Command{Verb: "grenade", Fig: 3, Targets: []rules.FigID{2}}, n)
	sampleOne(t, r, s, rules.Command{Verb: "at", Fig: 4, Path: []geom.Pt{geom.P(43, 23)}}, n)
	// a mortar over open sights
	s = newState(t, nil,
		tfig{side: 0, x: 36, y: 2, weapons: []string{"mortar"}, facing: 180},
		tfig{side: 1, x: 36, y: 30, weapons: []string{"rifle"}},
		tfig{side: 1, x: 39, y: 31, weapons: []string{"rifle"}})
	sampleOne(t, r, s, rules.Command{Verb: "plot", Fig: 1, Targets: []rules.FigID{2}}, n)
	// a hidden sniper's aimed shot at a figure in soft cover, 29.7" off
	s = newState(t, []terrain.Piece{piece("field", 30, 40.5, 42, 40.5, 42, 43, 30, 43)},
		tfig{side: 0, quality: "elite", x: 36, y: 10.3, weapons: []string{"sniper-rifle"}, facing: 180},
		tfig{side: 1, x: 36, y: 41, weapons: []string{"rifle"}, facing: 0},
		tfig{side: 1, x: 70, y: 46, weapons: []string{"rifle"}},
		tfig{side: 1, x: 68, y: 46, weapons: []string{"rifle"}})
	s.Fig(1).Markers |= rules.Hidden
	apply(t, s, "acquire F1 F2", 6, 6)
	apply(t, s, "end")
	apply(t, s, "end")
	apply(t, s, "acquire F1 F2", 6, 6)
	sampleOne(t, r, s, rules.Command{Verb: "fire", Fig: 1, Targets: []rules.FigID{2}, Arg: "aimed"}, n)
	t.Logf("%d commands sampled so far, worst gap %.2f standard errors", sampled, worstZ)
}
