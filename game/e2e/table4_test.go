package e2e

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"hedgerow/rules"
)

// TestEnemyDragSaysWhyByMouse is issue 24's silent enemy drag: at
// 1024x640, with nothing selected, pressing on a figure of the side that
// does not play and dragging him 60 pixels up moves nobody, starts no drag,
// and the toast names him, his side and the side that plays.
func TestEnemyDragSaysWhyByMouse(t *testing.T) {
	if testing.Short() {
		t.Skip("the end-to-end test is skipped in -short mode")
	}
	r := startRigSized(t, "enemy-drag", 1024, 640, "--scenario", "ssg-standard", "--seed", "7", "--no-resume", "--speed", "8")
	p := intoBattle(r)
	pl := r.waitSave("the start of the battle", 0)
	st := pl.g.St
	// an enemy on screen, clear of the panels, with nobody else under
	// the drag's first pixels
	var id string
	for _, f := range st.Figures {
		k := figKey(f.ID)
		q, ok := p.Figures[k]
		if !ok || f.Removed || f.Side == st.Decider || q[0] < 40 || q[0] > r.w-400 || q[1] < 60 || q[1] > r.h-200 {
			continue
		}
		alone := true
		for o, oq := range p.Figures {
			if o != k && math.Hypot(oq[0]-q[0], oq[1]-q[1]) < 18 {
				alone = false
			}
		}
		if alone {
			id = k
			break
		}
	}
	if id == "" {
		t.Fatalf("no enemy of side %d to press on: %v", st.Decider, p.Figures)
	}
	q := p.Figures[id]
	var name string
	for _, f := range st.Figures {
		if figKey(f.ID) == id {
			name = f.Name
		}
	}
	r.moveTo(q[0], q[1])
	r.xdo("mousedown", "1")
	r.seen()
	for s := 1; s <= 8; s++ {
		r.xdo("mousemove", "--window", r.wid, itoa(q[0]), itoa(q[1]-7.5*float64(s)))
		time.Sleep(30 * time.Millisecond)
	}
	r.seen()
	mid, _ := r.readProbe()
	r.shot("enemy-dragged")
	r.xdo("mouseup", "1")
	r.seen()
	if mid.Mode == "dragging" || mid.Mode == "pressing" {
		t.Errorf("dragging an enemy left the table %s", mid.Mode)
	}
	want := name + " is on the other side (" + st.Sides[1-st.Decider].Name + "). Playing now: " + st.Sides[st.Decider].Name + ";"
	if !strings.Contains(mid.Toast, want) {
		t.Errorf("dragging %s says %q; want %q", name, mid.Toast, want)
	}
	time.Sleep(500 * time.Millisecond)
	if pl := r.waitSave("after the drag", 0); len(pl.cmds) != 0 {
		t.Fatalf("dragging an enemy played %q", pl.sf.Commands)
	}
	after, _ := r.readProbe()
	if a := after.Figures[id]; math.Hypot(a[0]-q[0], a[1]-q[1]) > 1 {
		t.Errorf("the enemy dragged stands at %v, was at %v", a, q)
	}
	// the same drag with one of his own men selected: it was answered as
	// a click on the enemy ("Figures shoot only in the shooting phase",
	// play-test 7)
	var own string
	for _, f := range st.Figures {
		if k := figKey(f.ID); f.Side == st.Decider && !f.Removed {
			if oq, ok := after.Figures[k]; ok && oq[0] > 40 && oq[0] < r.w-400 && oq[1] > 60 && oq[1] < r.h-200 {
				own = k
				break
			}
		}
	}
	if own == "" {
		t.Fatalf("no man of side %d on screen to select", st.Decider)
	}
	oq := after.Figures[own]
	r.click(oq[0], oq[1])
	r.waitProbe(own+" selected", func(p probeInfo) bool { return p.Sel == own })
	r.moveTo(q[0], q[1])
	r.xdo("mousedown", "1")
	r.seen()
	for s := 1; s <= 8; s++ {
		r.xdo("mousemove", "--window", r.wid, itoa(q[0]), itoa(q[1]-7.5*float64(s)))
		time.Sleep(30 * time.Millisecond)
	}
	r.xdo("mouseup", "1")
	got := r.waitProbe("the drag's answer", func(p probeInfo) bool { return strings.Contains(p.Toast, name) })
	r.shot("enemy-dragged-own-selected")
	if !strings.Contains(got.Toast, want) {
		t.Errorf("dragging %s with %s selected says %q; want %q", name, own, got.Toast, want)
	}
	if pl := r.waitSave("after the second drag", 0); len(pl.cmds) != 0 {
		t.Fatalf("dragging an enemy played %q", pl.sf.Commands)
	}
}

// TestOwnVehicleFirstClickByMouse is issue 24's silent first click on a
// tank in Maxim's fire phase: at 1024x640 in Armour at the Crossroads,
// with a rifleman selected and aiming (as selecting a man who can fire
// does), one click on the side's own tank stops the aim and selects the
// tank, the toast says what it can do, and nothing is played; before,
// the click was taken as a shot at one's own tank and refused.
func TestOwnVehicleFirstClickByMouse(t *testing.T) {
	if testing.Short() {
		t.Skip("the end-to-end test is skipped in -short mode")
	}
	r := startRigSized(t, "veh-first-click", 1024, 640, "--scenario", "maxim-armour-crossroads", "--seed", "1", "--no-resume", "--speed", "8")
	p := intoBattle(r)
	side := p.Decider
	// end the move phase (it asks first: the men could still move)
	r.key("Return")
	r.confirmEnd(-1, 0)
	p = r.waitProbe("the offensive fire phase", func(p probeInfo) bool {
		return p.Scene == "battle" && p.Phase == "offensive" && !p.Busy && (p.Curtain || p.Decider == side)
	})
	if p.Curtain {
		curtainPause()
		r.key("space")
		p = r.waitProbe("the curtain to lift", func(p probeInfo) bool { return !p.Curtain && !p.Busy })
	}
	pl := r.waitSave("the fire phase", p.Log)
	played := len(pl.cmds)
	st := pl.g.St
	// a man on foot who may fire
	var man string
	for _, l := range p.Legal {
		c, err := rules.ParseCommand(l)
		if err != nil || c.Verb != "fire" || c.Fig == 0 || st.Carrier(c.Fig) != 0 {
			continue
		}
		if _, ok := p.Figures[figKey(c.Fig)]; ok {
			man = figKey(c.Fig)
			break
		}
	}
	if man == "" {
		t.Fatalf("no man on foot of side %d may fire: %v", side, p.Legal)
	}
	vp, _ := r.readVehicles()
	var tank string
	for k, v := range vp.Vehicles {
		if v.Side == side {
			tank = k
		}
	}
	if tank == "" {
		t.Fatalf("side %d has no vehicle on screen: %v", side, vp.Vehicles)
	}
	q := p.Figures[man]
	r.click(q[0], q[1])
	r.waitProbe(man+" aiming", func(p probeInfo) bool { return p.Sel == man && p.Mode == "targeting" })
	r.shot("man-aiming")
	v := vp.Vehicles[tank]
	r.click(v.X, v.Y)
	got := r.waitProbe("the tank selected", func(p probeInfo) bool {
		vp, _ := r.readVehicles()
		return vp.SelVeh == tank
	})
	r.shot("tank-selected")
	if got.Mode == "targeting" {
		t.Errorf("the click on the side's own tank left %s aiming", man)
	}
	if !strings.Contains(got.Toast, "selected") || strings.Contains(got.Toast, "own side") {
		t.Errorf("the click on the side's own tank says %q; want what it can do", got.Toast)
	}
	time.Sleep(300 * time.Millisecond)
	if pl := r.waitSave("after the click", played); len(pl.cmds) != played {
		t.Fatalf("the click on the tank played %q", pl.sf.Commands[played:])
	}
	// with the tank selected, a click on an enemy its crew may fire at
	// aims (it had said only to choose a weapon first), and a second click
	// fires
	var target string
	for _, l := range p.Legal {
		c, err := rules.ParseCommand(l)
		if err != nil || c.Verb != "fire" || c.Fig == 0 || len(c.Targets) == 0 || st.Carrier(c.Fig) == 0 {
			continue
		}
		if fmt.Sprint("V", st.Carrier(c.Fig)) != tank {
			continue
		}
		if _, ok := p.Figures[figKey(c.Targets[0])]; ok {
			target = figKey(c.Targets[0])
			break
		}
	}
	if target == "" {
		t.Logf("the tank may fire at no figure on screen: %v", p.Legal)
		return
	}
	q = p.Figures[target]
	r.click(q[0], q[1])
	got = r.waitProbe("the tank aiming at "+target, func(p probeInfo) bool { return p.Mode == "targeting" })
	r.shot("tank-aiming")
	if vp, _ := r.readVehicles(); vp.SelVeh != tank || !strings.Contains(got.Toast, "again to fire") {
		t.Errorf("a click on %s with the tank selected: vehicle %q selected, %q", target, vp.SelVeh, got.Toast)
	}
	r.click(q[0], q[1])
	pl = r.waitSave("the tank's shot", played+1)
	if c, err := rules.ParseCommand(pl.sf.Commands[played]); err != nil || c.Verb != "fire" || fmt.Sprint("V", st.Carrier(c.Fig)) != tank {
		t.Errorf("the second click played %q; want the tank's fire", pl.sf.Commands[played])
	}
}
