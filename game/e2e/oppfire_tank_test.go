package e2e

import (
	"math"
	"testing"
	"time"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Opportunity fire at a moving tank, by mouse (Maxim to Minimi, issue 24
// item 2): the Crossroads is played by mouse (the anyrules player) until
// a vehicle has driven and the other side is offered opportunity fire at
// it. Then the firer is clicked, its weapon's button pressed, and the
// click lands a few pixels beside the drawn path of the drive, not on
// it, near the start of the drive: the table must take it as the
// nearest point of the path, and the
// autosave must hold that firer's fire at a point of the drive.
func TestMaximOpportunityFireAtAMovingTankByMouse(t *testing.T) {
	if testing.Short() {
		t.Skip("the end-to-end test is skipped in -short mode")
	}
	const scenario, seed = "maxim-armour-crossroads.toml", 5
	r := startRigSized(t, "oppfire-tank", 1280, 800, "--scenario", "maxim-armour-crossroads", "--seed", "5", "--no-resume", "--speed", "8")
	g := &anyPlayer{fullGame: &fullGame{rig: r, start: time.Now(), lastAt: time.Now(), budget: anyBudget},
		tried: map[string]bool{}, moves: map[string]int{}, counts: map[string]int{}}
	r.waitProbe("the deployment screen", func(p probeInfo) bool { return p.Scene == "deploy" && !p.Curtain && p.Decider == 0 })
	r.pressButton("deploy", "Ready")
	r.waitProbe("the curtain before the second deployment", func(p probeInfo) bool { return p.Scene == "deploy" && p.Curtain })
	r.click(r.middle())
	r.waitProbe("the second deployment", func(p probeInfo) bool { return p.Scene == "deploy" && !p.Curtain && p.Decider == 1 })
	r.pressButton("deploy", "Ready")
	r.waitProbe("the battle", func(p probeInfo) bool { return p.Scene == "battle" })
	pl := r.waitSave("the start of the battle", 0)
	if pl.sf.Scenario != scenario || pl.sf.Seed != seed {
		t.Fatalf("the battle is %q seed %d, want %s seed %d", pl.sf.Scenario, pl.sf.Seed, scenario, seed)
	}
	g.pl, g.lastAt = pl, time.Now()

	for step := 0; step < anyMaxSteps && !g.pl.g.St.Over; step++ {
		p := g.ready()
		if g.pl.g.St.Over {
			break
		}
		if drive := lastDrive(g.pl); drive != nil {
			for i, l := range p.Legal {
				c, err := rules.ParseCommand(l)
				if err != nil || i >= len(p.Acts) || p.Acts[i].Kind != rules.ActAim || c.Verb != "fire" || c.Fig == 0 || len(c.Targets) != 0 || len(c.Path) != 1 {
					continue
				}
				oppFireByClick(t, g, p, plan{cmd: c, act: p.Acts[i], why: "opportunity fire at the moving vehicle"}, drive)
				return
			}
		}
		key := goKey(g.pl)
		pn, ok := g.decide(p)
		if !ok {
			g.shot("nothing-to-do")
			t.Fatalf("nothing the player can do: legal %q acts %+v", p.Legal, p.Acts)
		}
		g.note(p, key, pn)
		if g.perform(p, pn) {
			t.Logf("%5.1fs %s: %s", time.Since(g.start).Seconds(), pn.why, g.pl.sf.Commands[len(g.pl.cmds)-1])
			continue
		}
		if q, _ := g.readProbe(); q.Mode == "targeting" {
			g.key("Escape")
		}
	}
	g.shot("no-opportunity-fire")
	t.Fatalf("no opportunity fire at a driving vehicle came up in %d commands", len(g.pl.cmds))
}

// lastDrive is the path of the drive the last command made (its start
// first), or nil when the last command was not a drive.
func lastDrive(pl *played) []geom.Pt {
	n := len(pl.cmds)
	if n == 0 || pl.cmds[n-1].Verb != "drive" || len(pl.evs) <= n {
		return nil
	}
	for _, ev := range pl.evs[n] {
		if len(ev.Path) > 1 {
			return ev.Path
		}
	}
	return nil
}

// oppFireByClick gives c with the mouse: the firer, its weapon's button,
// then a click 6 pixels to the side of the drive's path near its start;
// it checks the autosave's command.
func oppFireByClick(t *testing.T, g *anyPlayer, p probeInfo, pl plan, drive []geom.Pt) {
	t.Helper()
	n := len(g.pl.cmds)
	c := pl.cmd
	g.shot("opportunity-offered")
	p, sel := g.selectFig(p, c.Fig, pl)
	if !sel {
		g.shot("firer-not-selected")
		t.Fatalf("a click on the firer F%d did not select it: %+v", c.Fig, p)
	}
	if b, ok := g.matchButton(p, pl); ok {
		g.tap(b.X, b.Y)
		p = g.waitProbe("aiming", func(p probeInfo) bool { return p.Mode == "targeting" && p.Verb == c.Verb })
	} else if p.Mode != "targeting" || p.Verb != c.Verb {
		g.shot("no-button")
		t.Fatalf("%q is legal but the bar has no button %q: %+v", c, pl.act.Label, p.Buttons)
	}
	// beside the path near where the drive began, well clear of the hull
	// where it stopped (a click on the hull is a point of it anyway):
	// perpendicular to the first leg, 6 px off it
	leg := 0
	at := geom.Pt{X: drive[0].X + (drive[1].X-drive[0].X)/8, Y: drive[0].Y + (drive[1].Y-drive[0].Y)/8}
	dx, dy := float64(drive[leg+1].X-drive[leg].X), float64(drive[leg+1].Y-drive[leg].Y)
	l := math.Hypot(dx, dy)
	if l == 0 {
		dx, dy, l = 1, 0, 1
	}
	sx, sy := g.toScreen(at)
	cx, cy := sx-dy/l*6, sy+dx/l*6
	g.shot("aiming-at-the-path")
	g.tap(cx, cy)
	if !g.waitMore(n, 4*time.Second) {
		g.shot("click-beside-path-played-nothing")
		q, _ := g.readProbe()
		t.Fatalf("a click 6 px beside the drive's path (at %.0f,%.0f; the path's point %v) played nothing; probe %+v", cx, cy, at, q)
	}
	got := g.pl.cmds[n]
	text := g.pl.sf.Commands[n]
	if got.Verb != "fire" || len(got.Path) != 1 || len(got.Targets) != 0 ||
		(got.Fig != c.Fig && g.pl.g.St.Carrier(got.Fig) != g.pl.g.St.Carrier(c.Fig)) {
		g.shot("wrong-command")
		t.Fatalf("meant %q (at a point of the drive), the table played %q", c, text)
	}
	if d := geom.Inches(geom.Dist(got.Path[0], at)); d > 0.3 {
		t.Errorf("the click beside the path at %v was taken as %v, %.2f\" from it", at, got.Path[0], d)
	}
	if d := distToPath(drive, got.Path[0]); d > 0.05 {
		t.Errorf("the shot was taken at %v, %.2f\" off the drive's path %v", got.Path[0], d, drive)
	}
	g.ready()
	g.shot("opportunity-fire-taken")
	t.Logf("opportunity fire at the moving vehicle by a click beside its path: %q (path %v)", text, drive)
}

// nearestLeg is the index of the path's leg nearest p.
func nearestLeg(path []geom.Pt, p geom.Pt) int {
	best, bd := 0, math.Inf(1)
	for i := 0; i+1 < len(path); i++ {
		if d := distToSeg(path[i], path[i+1], p); d < bd {
			best, bd = i, d
		}
	}
	return best
}

// distToPath is the distance in inches from p to the path.
func distToPath(path []geom.Pt, p geom.Pt) float64 {
	return distToSeg(path[nearestLeg(path, p)], path[nearestLeg(path, p)+1], p)
}

func distToSeg(a, b, p geom.Pt) float64 {
	ax, ay := geom.Inches(a.X), geom.Inches(a.Y)
	bx, by := geom.Inches(b.X), geom.Inches(b.Y)
	px, py := geom.Inches(p.X), geom.Inches(p.Y)
	dx, dy := bx-ax, by-ay
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = math.Max(0, math.Min(1, ((px-ax)*dx+(py-ay)*dy)/l))
	}
	return math.Hypot(px-ax-t*dx, py-ay-t*dy)
}
