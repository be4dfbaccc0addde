package e2e

import (
	"math"
	"testing"
	"time"

	"hedgerow/rules"
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
