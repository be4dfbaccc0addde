package netplay

import (
	"context"
	"strings"
	"testing"
	"time"

	"hedgerow/maps"
	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
	"hedgerow/scenarios"
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
	sf, err := all.ReadSave(strings.NewReader(mt.join.Final.Save))
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
	// taken up again from its save, the battle offers the rules hash of
	// the scenario as written (the joiner's), not of its deployed copy
	rb, err := ResumeBattle(sf, scenarios.FS, maps.FS, 0)
	if err != nil {
		t.Fatal(err)
	}
	sc0, m0, _ := load("ssg-standard")
	want, _ := RulesHash(rb.G.RS, sc0, m0)
	if got, _ := RulesHash(rb.G.RS, rb.Opening(), rb.G.St.Map); got != want {
		t.Fatal("the resumed battle's rules hash is not the scenario's: a joiner would be refused")
	}
	if deployed, _ := RulesHash(rb.G.RS, rb.G.Scenario, rb.G.St.Map); deployed == want {
		t.Fatal("the deployed copy gives the scenario's rules hash too: the check above proves nothing")
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

// TestRejoinDuringDeployment: a joiner's placing that is refused gets
// the reason; one that is taken is kept when the joiner drops and joins
// again while the host is still deploying (it is told it is ready, with
// its own placing and nothing of the host's); once the host deploys the
// battle starts from both, and a joiner coming then is welcomed into the
// battle and plays it to the end, the save holding the first placing.
func TestRejoinDuringDeployment(t *testing.T) {
	b := newBattle(t, "ssg-standard", 33, 0)
	ln := listen(t)
	addr := ln.Addr().String()
	var hostLog lockedBuf
	hostPlaces := make(chan []string, 1)
	h := &Host{B: b, Player: NewRandom(1), Log: &hostLog, FinalWait: 5 * time.Second, Deploy: true, LocalPlace: hostPlaces}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	hostDone := make(chan error, 1)
	go func() { hostDone <- h.Serve(ctx, ln) }()

	// joinRaw joins by hand and returns the connection and its first
	// message after the join
	joinRaw := func() (*raw, Msg) {
		for try := 0; try < 50; try++ {
			r := dialRaw(t, ctx, addr)
			off, err := r.next()
			if err != nil || off.Type != TOffer {
				t.Fatalf("want an offer, got %+v, %v", off, err)
			}
			r.send(Msg{V: Proto, Type: TJoin, Seq: 1, Join: &Join{Proto: Proto, ScenarioHash: off.Offer.ScenarioHash, RulesHash: off.Offer.RulesHash}})
			m, err := r.next()
			if err == nil && m.Type == TError && m.Error.Again {
				r.c.CloseNow()
				time.Sleep(100 * time.Millisecond)
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			return r, m
		}
		t.Fatal("the host kept saying a player has joined")
		return nil, Msg{}
	}
	r, m := joinRaw()
	if m.Type != TDeploy || m.Deploy.Side != 1 || m.Deploy.Ready || len(m.Deploy.Lines) != 0 {
		t.Fatalf("want to be asked to deploy side 2, got %+v", m)
	}
	sc, mp := b.G.Scenario, b.G.St.Map
	bad := PlaceLines(sc, 1)
	bad[0] = "place F1 1,1" // the host's side's figure
	r.send(Msg{V: Proto, Type: TPlace, Seq: 2, Place: &Place{Lines: bad}})
	if m, err := r.next(); err != nil || m.Type != TPlaced || m.Placed.OK || !strings.Contains(m.Placed.Why, "figure 1 is not one of your side's figures") {
		t.Fatalf("want the placing refused in plain words, got %+v, %v", m.Placed, err)
	}
	mine := nudge(sc, mp, 1, 2)
	if strings.Join(mine, "|") == strings.Join(PlaceLines(sc, 1), "|") {
		t.Fatal("nudge moved nothing: the test proves little")
	}
	r.send(Msg{V: Proto, Type: TPlace, Seq: 3, Place: &Place{Lines: mine}})
	if m, err := r.next(); err != nil || m.Type != TPlaced || !m.Placed.OK {
		t.Fatalf("want the placing taken, got %+v, %v", m, err)
	}
	r.c.CloseNow() // the line dies

	r2, m := joinRaw()
	if m.Type != TDeploy || !m.Deploy.Ready || strings.Join(m.Deploy.Lines, "|") != strings.Join(mine, "|") {
		t.Fatalf("the joiner back during deployment: want told it is ready with its own placing, got %+v", m.Deploy)
	}
	r2.c.CloseNow()

	hostPlaces <- PlaceLines(sc, 0)
	j := &Joiner{Addr: addr, Player: NewRandom(2), Load: load, Lookup: all.Get}
	if err := j.Run(ctx); err != nil {
		t.Fatalf("the joiner after the deployment: %v\nhost log:\n%s", err, hostLog.String())
	}
	if err := <-hostDone; err != nil {
		t.Fatal(err)
	}
	sf, err := all.ReadSave(strings.NewReader(j.Final.Save))
	if err != nil {
		t.Fatal(err)
	}
	in := strings.Join(sf.Deploy, "|")
	for _, l := range mine {
		if !strings.Contains("|"+in+"|", "|"+l+"|") {
			t.Fatalf("the placing taken before the drop (%q) is not in the save's %q", l, sf.Deploy)
		}
	}
	if !h.B.G.St.Over {
		t.Fatal("the battle did not end")
	}
}
