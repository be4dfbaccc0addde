package netplay

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

var (
	ptRE   = regexp.MustCompile(`"X":(-?\d+),"Y":(-?\d+)`)
	varsRE = regexp.MustCompile(`"vars":\{[^{}]*\}`)
)

// secretsAt is where side's enemies stood unseen, up to command k, for
// the states of a replayed battle (states[k] is the state after k
// commands): every place an enemy figure held while the side could not
// see it, unless the side saw it standing there at some time up to k.
func secretsAt(rs rules.RuleSet, states []*rules.State, k, side int) map[geom.Pt]string {
	type key struct {
		f  rules.FigID
		at geom.Pt
	}
	hidden, seen := map[key]string{}, map[key]bool{}
	for i := 0; i <= k; i++ {
		v := rules.ViewOf(rs, states[i], side)
		for j := range states[i].Figures {
			f := &states[i].Figures[j]
			if f.Side == side {
				continue
			}
			if v.Figure(f.ID) {
				seen[key{f.ID, f.Pos}] = true
			} else {
				hidden[key{f.ID, f.Pos}] = fmt.Sprintf("%s (unseen there after command %d)", f.Name, i)
			}
		}
	}
	out := map[geom.Pt]string{}
	for kk, who := range hidden {
		if !seen[kk] {
			out[kk.at] = who
		}
	}
	return out
}

// leak is the first secret place a message shows: as a point in JSON, as
// both numbers of a point among a rule set's variables, or as a place in
// inches in its words.
func leak(msg string, secrets map[geom.Pt]string) string {
	for _, m := range ptRE.FindAllStringSubmatch(msg, -1) {
		x, _ := strconv.ParseInt(m[1], 10, 64)
		y, _ := strconv.ParseInt(m[2], 10, 64)
		if who, ok := secrets[geom.Pt{X: x, Y: y}]; ok {
			return fmt.Sprintf("%s at %s", who, m[0])
		}
	}
	// a rule set's variables holding both numbers of a place
	for _, v := range varsRE.FindAllString(msg, -1) {
		var m map[string]map[string]int64
		if json.Unmarshal([]byte("{"+v+"}"), &m) != nil {
			continue
		}
		have := map[int64]bool{}
		for _, n := range m["vars"] {
			have[n] = true
		}
		for p, who := range secrets {
			if have[p.X] && have[p.Y] {
				return fmt.Sprintf("%s in the variables %s", who, v)
			}
		}
	}
	for p, who := range secrets {
		for _, form := range []string{rules.FormatInches(p.X) + "," + rules.FormatInches(p.Y), rules.FormatInches(p.X) + "\", " + rules.FormatInches(p.Y) + "\""} {
			if strings.Contains(msg, form) {
				return fmt.Sprintf("%s as %q", who, form)
			}
		}
	}
	return ""
}

// TestWireKeepsHiddenSetUpHidden plays each shipped scenario with a side
// set up hidden and kept unseen in battle (S.M.L.E.'s and 1/35th's
// ambushes; Maxim's trench raid hides its raiders only while deploying,
// which the host does, and shows every figure once battle starts),
// the host playing the hidden side, records every message that reached
// the joiner, replays the battle from the host's log, and fails if any
// message shows where a hidden-side figure stood while the joiner's side
// could not see it. It first proves the check finds a leak: the hidden
// side's own snapshot, sent to the joiner, would fail it.
func TestWireKeepsHiddenSetUpHidden(t *testing.T) {
	for _, name := range []string{"smle-ambush", "skirmish35-ambush"} {
		t.Run(name, func(t *testing.T) { wireHidden(t, name) })
	}
}

// intoZone is side's placing on sc with its figures that the scenario
// does not place moved to free places inside its set-up zone.
func intoZone(sc *rules.Scenario, m *terrain.Map, side int) []string {
	ar, err := rules.DeployArea(sc, m, side)
	if err != nil {
		return PlaceLines(sc, side)
	}
	box := ar.Poly.Bounds()
	r := sc.BaseR
	if r <= 0 {
		r = rules.DefaultBaseR
	}
	var taken []geom.Pt
	sc.EachFigure(func(s, _, _ int, f *rules.ScenarioFigure) {
		if s != side || f.Placed || f.Aboard {
			taken = append(taken, f.Pos)
		}
	})
	free := func(p geom.Pt) bool {
		for _, q := range taken {
			if (geom.Circle{C: p, R: r}).Overlaps(geom.Circle{C: q, R: r}) {
				return false
			}
		}
		return ar.Poly.CircleInside(geom.Circle{C: p, R: r}) && rules.StartProblem(sc, m, p) == ""
	}
	sc.EachFigure(func(s, _, _ int, f *rules.ScenarioFigure) {
		if s != side || f.Placed || f.Aboard {
			return
		}
		for x := box.Min.X + 1000; x < box.Max.X; x += 1300 {
			for y := box.Min.Y + 1000; y < box.Max.Y; y += 1300 {
				if p := (geom.Pt{X: x, Y: y}); free(p) {
					f.Pos = p
					taken = append(taken, p)
					return
				}
			}
		}
	})
	return PlaceLines(sc, side)
}

// mustStart is the opening state of b's battle as deployed.
func mustStart(t *testing.T, b *Battle) *rules.State {
	t.Helper()
	g, _, err := rules.NewGame(b.G.RS, b.G.Scenario, b.G.St.Map, b.G.Seed)
	if err != nil {
		t.Fatal(err)
	}
	return g.St
}

func wireHidden(t *testing.T, name string) {
	sc, _, err := load(name)
	if err != nil {
		t.Fatal(err)
	}
	hid := -1
	for i := range sc.Sides {
		if sc.Sides[i].Hidden {
			hid = i
		}
	}
	if hid < 0 {
		t.Fatalf("%s no longer has a side set up hidden", name)
	}
	seer := 1 - hid
	b := newBattle(t, name, 7, hid)
	rs := b.G.RS
	start := b.G.St.Clone()
	own, _ := json.Marshal(SnapshotOf(rs, start, hid))
	sec0 := secretsAt(rs, []*rules.State{start}, 0, seer)
	if leak(string(own), sec0) == "" {
		t.Fatal("the check finds nothing in the hidden side's own snapshot, which shows all its figures")
	}
	for p := range sec0 {
		for _, msg := range []string{
			fmt.Sprintf(`{"figures":[{"id":3,"vars":{"a":1,"sx":%d,"sy":%d}}]}`, p.X, p.Y),
			fmt.Sprintf(`{"text":"something moves at %s,%s"}`, rules.FormatInches(p.X), rules.FormatInches(p.Y)),
		} {
			if leak(msg, sec0) == "" {
				t.Fatalf("the check misses a hidden place in %s", msg)
			}
		}
		break
	}

	// the hidden side (the host's) deploys away from the scenario's
	// placing, so that the places checked are the ones it chose
	var placed []string
	// (the ambushers are placed by the scenario; here they may move, so
	// that they deploy where the scenario does not put them)
	cleared := 0
	b.G.Scenario.EachFigure(func(s, _, _ int, f *rules.ScenarioFigure) {
		if s == hid && !f.Aboard && cleared < 4 {
			f.Placed = false
			cleared++
		}
	})
	hostPlace = func(sc *rules.Scenario, m *terrain.Map, side int) []string {
		placed = intoZone(sc, m, side)
		return placed
	}
	defer func() { hostPlace = nil }()
	own0 := PlaceLines(b.G.Scenario, hid)
	mt := play(t, b, &Joiner{}, 60*time.Second)
	finalSame(t, mt)
	chosen := 0
	for i := range placed {
		if placed[i] == own0[i] {
			continue
		}
		c, _ := rules.ParseCommand(placed[i])
		if _, ok := secretsAt(rs, []*rules.State{mustStart(t, b)}, 0, seer)[c.Path[0]]; ok {
			chosen++
		}
	}
	if chosen < 2 {
		t.Fatalf("only %d hidden figures were deployed away from the scenario's placing and unseen: the test proves little", chosen)
	}

	// the host's battle again, state by state
	g, _, err := rules.NewGame(rs, b.G.Scenario, b.G.St.Map, b.G.Seed)
	if err != nil {
		t.Fatal(err)
	}
	states := []*rules.State{g.St}
	for _, c := range b.G.Log {
		if _, err := g.Apply(c); err != nil {
			t.Fatal(err)
		}
		states = append(states, g.St)
	}
	checked, whileHidden := 0, 0
	for _, line := range strings.Split(strings.TrimSpace(mt.joinWire.String()), "\n") {
		m, err := Decode([]byte(line), MaxHostMsg)
		if err != nil {
			t.Fatalf("the joiner received a message that does not decode: %v", err)
		}
		k := -1
		switch m.Type {
		case TWelcome:
			k = int(m.Welcome.Last) // no chat: one update per command
		case TUpdate:
			k = m.Update.Commands
		case TTurn:
			k = m.Turn.At
		case TRefused:
			k = m.Refused.At
		case TDeploy, TPlaced:
			k = 0 // before the battle
		case TFinal, TPing, TOffer:
			continue // the battle is over; nothing; the scenario's name
		}
		if k < 0 || k >= len(states) {
			t.Fatalf("a %s message names position %d of %d", m.Type, k, len(states)-1)
		}
		sec := secretsAt(rs, states, k, seer)
		if len(sec) > 0 {
			whileHidden++
		}
		if l := leak(line, sec); l != "" {
			t.Fatalf("a %s message at position %d shows a hidden figure: %s\n%s", m.Type, k, l, line)
		}
		checked++
	}
	if whileHidden < 10 {
		t.Fatalf("only %d of %d messages came while a hidden figure was unseen: the test proves little", whileHidden, checked)
	}
	t.Logf("%d messages checked, %d while some hidden figure was unseen; %d commands", checked, whileHidden, len(b.G.Log))
}
