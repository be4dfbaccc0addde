package netplay

import (
	"strings"
	"testing"
	"time"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/save"
	"hedgerow/rules/terrain"
)

// nudge is side's placing on sc with up to n of its figures moved by
// half an inch or more, each only where CheckPlacing takes the move.
func nudge(sc *rules.Scenario, m *terrain.Map, side, n int) []string {
	lines := PlaceLines(sc, side)
	moved := 0
	for i := range lines {
		if moved >= n {
			break
		}
		c, _ := rules.ParseCommand(lines[i])
		for _, d := range []geom.Pt{{X: 500}, {X: -500}, {Y: 500}, {Y: -500}, {X: 1500}, {X: -1500}, {Y: 1500}, {Y: -1500}} {
			was := lines[i]
			c2 := c
			c2.Path = []geom.Pt{{X: c.Path[0].X + d.X, Y: c.Path[0].Y + d.Y}}
			lines[i] = c2.String()
			if _, err := CheckPlacing(sc, m, side, lines); err == nil {
				moved++
				break
			}
			lines[i] = was
		}
	}
	return lines
}

// TestJoinerPlacingInSave: the joiner moves some of its figures from the
// scenario's placing; the host takes the placing, starts the battle from
// it, and its final save (the joiner's too) places those figures where the
// joiner put them, and replays.
func TestJoinerPlacingInSave(t *testing.T) {
	b := newBattle(t, "ssg-standard", 31, 0)
	scenarioPlacing := PlaceLines(b.G.Scenario, 1)
	var sent []string
	j := &Joiner{Place: func(sc *rules.Scenario, m *terrain.Map, side int) []string {
		sent = nudge(sc, m, side, 3)
		return sent
	}}
	mt := play(t, b, j, 60*time.Second)
	finalSame(t, mt)
	differ := 0
	for i := range sent {
		if sent[i] != scenarioPlacing[i] {
			differ++
		}
	}
	if differ < 3 {
		t.Fatalf("the joiner moved only %d figures: the test proves little", differ)
	}
	sf, err := save.Read(strings.NewReader(mt.join.Final.Save))
	if err != nil {
		t.Fatal(err)
	}
	inSave := map[string]bool{}
	for _, l := range sf.Deploy {
		inSave[l] = true
	}
	for _, l := range sent {
		if !inSave[l] {
			t.Fatalf("the joiner's placement %q is not in the host's save's deploy list %q", l, sf.Deploy)
		}
	}
	if !strings.Contains(mt.hostLog.String(), "the opponent has deployed") || !strings.Contains(mt.joinLog.String(), "your placing is taken") {
		t.Fatalf("the logs do not tell of the deployment:\nhost:\n%s", mt.hostLog.String())
	}
}

// TestBadPlacingRefused: a placing with a figure outside the side's zone
// is refused in plain words the joiner is shown, and the battle is not
// disturbed (the joiner places again and the game plays to its end).
func TestBadPlacingRefused(t *testing.T) {
	b := newBattle(t, "ssg-standard", 32, 0)
	j := &Joiner{Place: func(sc *rules.Scenario, m *terrain.Map, side int) []string {
		lines := PlaceLines(sc, side)
		c, _ := rules.ParseCommand(lines[0])
		c.Path = []geom.Pt{{X: m.Width / 2, Y: m.Height / 2}} // the middle of the table: no side's zone
		lines[0] = c.String()
		return lines
	}}
	mt := play(t, b, j, 60*time.Second)
	finalSame(t, mt)
	if len(j.PlaceRefusals) != 1 || !strings.Contains(j.PlaceRefusals[0], "keep the base wholly inside") {
		t.Fatalf("refusals %q: want one saying to keep the base inside the zone", j.PlaceRefusals)
	}
	if !strings.Contains(mt.joinLog.String(), "placing refused: "+j.PlaceRefusals[0]) {
		t.Fatal("the refusal is not in the joiner's log")
	}
	t.Logf("refused: %s", j.PlaceRefusals[0])
}

// TestCheckPlacing: each way a placing can be wrong is refused in plain
// words; the scenario's own placing is taken.
func TestCheckPlacing(t *testing.T) {
	b := newBattle(t, "ssg-standard", 1, 0)
	sc, m := b.G.Scenario, b.G.St.Map
	good := PlaceLines(sc, 1)
	if _, err := CheckPlacing(sc, m, 1, good); err != nil {
		t.Fatalf("the scenario's own placing is refused: %v", err)
	}
	with := func(i int, line string) []string {
		out := append([]string(nil), good...)
		out[i] = line
		return out
	}
	c, _ := rules.ParseCommand(good[0])
	at := func(p geom.Pt) string { c2 := c; c2.Path = []geom.Pt{p}; return c2.String() }
	c1, _ := rules.ParseCommand(good[1])
	for _, k := range []struct {
		lines []string
		words string
	}{
		{good[1:], "lists 5 figures, but your side has 6"},
		{with(0, good[1]), "is placed twice"},
		{with(0, "place F1 1,1"), "figure 1 is not one of your side's figures"},
		{with(0, at(geom.Pt{X: -3000, Y: c.Path[0].Y})), "keep the base wholly inside"},
		{with(0, at(c1.Path[0])), "overlap: bases may not overlap"},
	} {
		if len(k.lines) > 0 && k.words == "lists 5 figures, but your side has 6" && len(good) != 6 {
			t.Fatalf("ssg-standard's side 2 has %d figures, not 6", len(good))
		}
		_, err := CheckPlacing(sc, m, 1, k.lines)
		if err == nil || !strings.Contains(err.Error(), k.words) {
			t.Errorf("%q: got %v, want words %q", k.lines, err, k.words)
		}
	}
}
