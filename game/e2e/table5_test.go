package e2e

import (
	"math"
	"testing"
	"time"
)

// TestDragCloseFiguresByMouse is issue 24's heap of counters: at 1024x640
// in Armour at the Crossroads the US squad by the stream stands an inch
// apart, bases that were drawn overlapping at the fit-the-table zoom.
// Drawn now as distinct bases, a drag from the centre of each of the two
// closest men of the side to play moves that man and no other: the
// autosave's move names him, and on screen he alone has left his place.
func TestDragCloseFiguresByMouse(t *testing.T) {
	if testing.Short() {
		t.Skip("the end-to-end test is skipped in -short mode")
	}
	r := startRigSized(t, "close-drag", 1024, 640, "--scenario", "maxim-armour-crossroads", "--seed", "1", "--no-resume", "--speed", "8")
	p := intoBattle(r)
	me := p.Decider
	pl := r.waitSave("the start of the battle", 0)
	st := pl.g.St
	// the two closest men of the side to play, on the table's screen
	mine := func(k string) bool {
		for _, f := range st.Figures {
			if figKey(f.ID) == k {
				return f.Side == me && !f.Removed && st.Carrier(f.ID) == 0
			}
		}
		return false
	}
	var a, b string
	best := math.Inf(1)
	for k, q := range p.Figures {
		for o, oq := range p.Figures {
			if k < o && mine(k) && mine(o) && q[0] > 20 && q[0] < r.w-360 {
				if d := math.Hypot(oq[0]-q[0], oq[1]-q[1]); d < best {
					a, b, best = k, o, d
				}
			}
		}
	}
	if a == "" || best >= 20 {
		t.Fatalf("no two men of side %d closer than two 10 px bases (closest %.1f px): %v", me, best, p.Figures)
	}
	t.Logf("%s and %s stand %.1f px apart", a, b, best)
	r.shot("close-before")
	played := 0
	for _, k := range []string{a, b} {
		p, _ = r.readProbe()
		q := p.Figures[k]
		// a drop point 3" away with no one within a base of the way
		var to [2]float64
		found := false
		for s := 0; s < 8 && !found; s++ {
			ang := float64(s) * math.Pi / 4
			tx, ty := q[0]+math.Cos(ang)*3*p.PerInch, q[1]+math.Sin(ang)*3*p.PerInch
			clear := tx > 20 && tx < r.w-360 && ty > 60 && ty < r.h-120
			for o, oq := range p.Figures {
				if o == k {
					continue
				}
				// the nearest point of the way to this other man
				dx, dy := tx-q[0], ty-q[1]
				u := math.Max(0, math.Min(1, ((oq[0]-q[0])*dx+(oq[1]-q[1])*dy)/(dx*dx+dy*dy)))
				if math.Hypot(q[0]+u*dx-oq[0], q[1]+u*dy-oq[1]) < 0.9*p.PerInch {
					clear = false
				}
			}
			if clear {
				to, found = [2]float64{tx, ty}, true
			}
		}
		if !found {
			t.Fatalf("no clear way out for %s at %v", k, q)
		}
		r.drag(q[0], q[1], to[0], to[1])
		pl = r.waitSave("the move of "+k, played+1)
		c := pl.cmds[played]
		if c.Verb != "move" || figKey(c.Fig) != k {
			t.Fatalf("a drag from %s's centre played %q, want his move", k, pl.sf.Commands[played])
		}
		after := r.waitProbe("the move to be drawn", func(q probeInfo) bool { return !q.Busy })
		if d := math.Hypot(after.Figures[k][0]-to[0], after.Figures[k][1]-to[1]); d > 6 {
			t.Errorf("%s stands at %v after the drag to %v", k, after.Figures[k], to)
		}
		for o, oq := range p.Figures {
			if o != k && mine(o) && math.Hypot(after.Figures[o][0]-oq[0], after.Figures[o][1]-oq[1]) > 1 {
				t.Errorf("dragging %s moved %s too", k, o)
			}
		}
		r.shot("close-moved-" + k)
		// the other side may fire at the mover: it lets it pass
		r.pass(me)
		played = r.settledCommands()
	}
}

// pass lets an opportunity to fire go (Enter, after the curtain; on the
// mover's own table the first Enter is held back and a second passes)
// until the side me has the table again.
func (r *rig) pass(me int) {
	r.t.Helper()
	for i := 0; i < 8; i++ {
		p := r.waitProbe("the table at rest", func(p probeInfo) bool { return p.Scene == "battle" && !p.Busy })
		if p.Decider == me && !p.Curtain {
			return
		}
		if p.Curtain {
			curtainPause()
			r.key("space")
			continue
		}
		r.key("Return")
		time.Sleep(300 * time.Millisecond)
	}
}

// settledCommands is the number of commands in the autosave once it has
// stopped changing (two reads 300 ms apart agree).
func (r *rig) settledCommands() int {
	r.t.Helper()
	last := -1
	for i := 0; i < 20; i++ {
		n := -1
		if pl, err := r.readSave(); err == nil {
			n = len(pl.cmds)
		}
		if n >= 0 && n == last {
			return n
		}
		last = n
		time.Sleep(300 * time.Millisecond)
	}
	r.t.Fatal("the autosave never settled")
	return 0
}
