package e2e

import (
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// TestClickWithAWobbleByMouse is issue 24's click that moved a man: at
// 1024x640 with the whole table in view, a press near the rim of a
// figure's base whose pointer wobbles 4 pixels before the release
// selects him and moves nobody; a press that travels 60 pixels is a drag
// and gives his move.
func TestClickWithAWobbleByMouse(t *testing.T) {
	if testing.Short() {
		t.Skip("the end-to-end test is skipped in -short mode")
	}
	r := startRigSized(t, "click-wobble", 1024, 640, "--scenario", "ssg-standard", "--seed", "7", "--no-resume", "--speed", "8")
	p := intoBattle(r)
	r.waitSave("the start of the battle", 0)
	// one of the side's own figures with nobody else near his right-hand rim
	var id string
	for _, l := range p.Legal {
		c, err := rules.ParseCommand(l)
		if err != nil || c.Verb != "move" || c.Fig == 0 {
			continue
		}
		k := figKey(c.Fig)
		q := p.Figures[k]
		alone := true
		for o, oq := range p.Figures {
			if o != k && math.Hypot(oq[0]-q[0]-8, oq[1]-q[1]) < 24 {
				alone = false
			}
		}
		if alone && q[0] > 40 && q[0] < r.w-300 && q[1] > 40 && q[1] < r.h-200 {
			id = k
			break
		}
	}
	if id == "" {
		t.Fatalf("no figure of side %d to click on: %v", p.Decider, p.Figures)
	}
	q := p.Figures[id]
	// the press 8 px right of his centre (on his base, beyond the 6 px a
	// hand may shake), the release 4 px further right
	r.moveTo(q[0]+8, q[1])
	r.xdo("mousedown", "1")
	r.seen()
	r.xdo("mousemove", "--window", r.wid, itoa(q[0]+10), itoa(q[1]+1))
	r.seen()
	r.xdo("mousemove", "--window", r.wid, itoa(q[0]+12), itoa(q[1]))
	r.seen()
	r.xdo("mouseup", "1")
	p = r.waitProbe("the figure selected", func(p probeInfo) bool { return p.Sel == id && p.Mode != "pressing" })
	r.shot("wobbled-click")
	time.Sleep(500 * time.Millisecond)
	if pl := r.waitSave("after the click", 0); len(pl.cmds) != 0 {
		t.Fatalf("a click with a 4 px wobble played %q", pl.sf.Commands)
	}
	if p.Mode == "dragging" {
		t.Fatalf("a click with a 4 px wobble left the table dragging a move")
	}
	// a real drag still moves him
	r.drag(q[0], q[1], q[0]+60, q[1])
	pl := r.waitSave("the dragged move", 1)
	if c := pl.cmds[0]; c.Verb != "move" || figKey(c.Fig) != id {
		t.Fatalf("a 60 px drag played %q, want a move of %s", pl.sf.Commands, id)
	}
	r.shot("dragged")
}

// TestTapeShowsTheCrossingByMouse is issue 24's tape that promised a stop
// the obstacle dice then cut short: in 1/35th's Ambush at 1024x640, a man
// dragged over a hedge has, while the button is still down, the hedge
// marked on his tape with its roll ("roll to cross"); let go short of
// it, no mark.
func TestTapeShowsTheCrossingByMouse(t *testing.T) {
	if testing.Short() {
		t.Skip("the end-to-end test is skipped in -short mode")
	}
	r := startRigSized(t, "tape-crossing", 1024, 640, "--scenario", "skirmish35-ambush", "--seed", "1", "--no-resume", "--speed", "8")
	p := intoBattle(r)
	pl := r.waitSave("the start of the battle", 0)
	g := pl.g
	// a man of the side and a legal move of his over an obstacle
	var from, to, short [2]float64
	found := false
	for _, f := range g.St.Figures {
		q, ok := p.Figures[figKey(f.ID)]
		if f.Removed || f.Side != g.St.Decider || !ok {
			continue
		}
		for deg := 0; deg < 360 && !found; deg += 10 {
			a := float64(deg) * math.Pi / 180
			for d := 2.0; d <= 6; d++ {
				end := f.Pos.Add(geom.P(d*math.Cos(a), d*math.Sin(a)))
				path := []geom.Pt{end}
				if !g.MoveCheck(f.ID, path).OK || len(g.MoveCrossings(f.ID, path)) == 0 {
					continue
				}
				// half an inch shorter still crosses, so a pixel's rounding
				// of the drag (a tenth of an inch at this zoom) cannot stop
				// the tape short of the obstacle
				nearer := f.Pos.Add(geom.P((d-0.5)*math.Cos(a), (d-0.5)*math.Sin(a)))
				if len(g.MoveCrossings(f.ID, []geom.Pt{nearer})) == 0 {
					continue
				}
				half := f.Pos.Add(geom.P(0.5*math.Cos(a), 0.5*math.Sin(a)))
				if len(g.MoveCrossings(f.ID, []geom.Pt{half})) != 0 {
					break
				}
				scr := func(d float64) [2]float64 {
					return [2]float64{q[0] + d*math.Cos(a)*p.PerInch, q[1] + d*math.Sin(a)*p.PerInch}
				}
				from, to, short, found = scr(0), scr(d), scr(0.8), true
				break
			}
		}
		if found {
			break
		}
	}
	if !found {
		t.Fatalf("no man of side %d can be moved over an obstacle", g.St.Decider)
	}
	tape := func() []string {
		var tp struct {
			Tape []string `json:"tape"`
			Mode string   `json:"mode"`
		}
		if data, err := os.ReadFile(r.probe); err == nil {
			json.Unmarshal(data, &tp)
		}
		return tp.Tape
	}
	r.moveTo(from[0], from[1])
	r.xdo("mousedown", "1")
	r.seen()
	for s := 1; s <= 10; s++ {
		k := float64(s) / 10
		r.xdo("mousemove", "--window", r.wid, itoa(from[0]+(to[0]-from[0])*k), itoa(from[1]+(to[1]-from[1])*k))
		time.Sleep(30 * time.Millisecond)
	}
	r.seen()
	r.seen()
	got := tape()
	r.shot("over-the-hedge")
	if len(got) == 0 || !strings.Contains(got[0], "roll to cross") {
		t.Errorf("dragging over the obstacle, the tape marks %q; want its roll to cross", got)
	}
	// back short of it: the mark goes
	r.xdo("mousemove", "--window", r.wid, itoa(short[0]), itoa(short[1]))
	r.seen()
	r.seen()
	if got := tape(); len(got) != 0 {
		t.Errorf("pulled back short of the obstacle, the tape still marks %q", got)
	}
	r.shot("short-of-it")
	r.key("Escape")
	r.xdo("mouseup", "1")
	r.seen()
}
