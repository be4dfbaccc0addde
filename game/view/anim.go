package view

import (
	"fmt"
	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Timings, in seconds at speed 1.
const (
	MoveBase     = 0.25 // every move
	MovePerInch  = 0.12 // plus this per inch walked
	DiceTumble   = 0.9  // dice rolling onto the tray
	DiceHold     = 1.6  // dice and ledger shown before the next event
	RemovedTime  = 0.6  // a figure laid down
	MessageTime  = 0.35 // any other event: its log line appears
	BlastTime    = 1.4  // an explosive drifting to where it lands and bursting
	MaxSpeed     = 8.0
	DefaultSpeed = 1.0
)

// Anim is one event placed on the timeline.
type Anim struct {
	Ev         rules.Event
	Start, Dur float64 // seconds on the timeline (after speed)
	// More are further rolls of the same kind made together (every
	// team's activation die at the start of a round), shown in the same
	// tray as Ev.
	More []rules.Event
}

// GroupHold is how much longer a tray stays for each further roll in it.
const GroupHold = 0.7

// rollGroup is what makes rolls of one kind: the words of a ledger's
// What before its first comma ("Activation, Rifle team" -> "Activation"),
// or else the figure rolling (a volley: one firer's dice).
func rollGroup(ev rules.Event) string {
	if ev.Roll == nil {
		return ""
	}
	w := ev.Roll.What
	for i := 0; i < len(w); i++ {
		if w[i] == ',' {
			return w[:i]
		}
	}
	if ev.Fig != 0 {
		return fmt.Sprintf("figure %d", ev.Fig)
	}
	return ""
}

// Progress is how far through the animation the time t is, from 0 to 1.
func (a Anim) Progress(t float64) float64 {
	if a.Dur <= 0 || t >= a.Start+a.Dur {
		return 1
	}
	if t <= a.Start {
		return 0
	}
	return (t - a.Start) / a.Dur
}

// Timeline plays events one after another.
type Timeline struct {
	Now   float64
	Speed float64 // 1 normal, 2 twice as fast...
	Items []Anim
	end   float64
}

// Duration gives an event's length at speed 1.
func Duration(ev rules.Event) float64 {
	switch ev.Kind {
	case "move":
		l := 0.0
		if len(ev.Path) > 1 {
			l = PathLength(ev.Path[0], ev.Path[1:]) / geom.PerInch
		}
		return MoveBase + MovePerInch*l
	case "roll":
		return DiceTumble + DiceHold
	case "removed":
		return RemovedTime
	case "blast":
		if ev.Area != nil {
			return BlastTime
		}
	}
	if ev.Roll != nil {
		return DiceTumble + DiceHold
	}
	return MessageTime
}

// Add queues events after whatever is still playing.
func (t *Timeline) Add(evs []rules.Event) {
	if t.Speed <= 0 {
		t.Speed = DefaultSpeed
	}
	if t.end < t.Now {
		t.end = t.Now
	}
	first := len(t.Items)
	tray := -1 // the tray of this batch that rolls of its kind join
	for _, ev := range evs {
		if ev.Kind == "roll" && tray >= first {
			g := &t.Items[tray]
			if k := rollGroup(ev); k != "" && rollGroup(g.Ev) == k && onlyRemovalsAfter(t.Items[tray+1:]) {
				// one tray for rolls made together (a round's activation
				// dice, one firer's volley); what they caused (a figure
				// laid down) plays after the tray
				g.More = append(g.More, ev)
				d := GroupHold / t.Speed
				g.Dur += d
				for i := tray + 1; i < len(t.Items); i++ {
					t.Items[i].Start += d
				}
				t.end += d
				continue
			}
		}
		if ev.Kind == "roll" {
			tray = len(t.Items)
		} else if ev.Kind != "removed" {
			tray = -1
		}
		d := Duration(ev) / t.Speed
		t.Items = append(t.Items, Anim{Ev: ev, Start: t.end, Dur: d})
		t.end += d
	}
}

// Step advances time and drops finished animations; it returns those
// that finished during the step, in order.
func (t *Timeline) Step(dt float64) []Anim {
	t.Now += dt
	var done []Anim
	keep := t.Items[:0]
	for _, a := range t.Items {
		if a.Start+a.Dur <= t.Now {
			done = append(done, a)
		} else {
			keep = append(keep, a)
		}
	}
	t.Items = keep
	return done
}

// Busy reports whether something is still playing.
func (t *Timeline) Busy() bool { return len(t.Items) > 0 }

// Current is the animation playing now, if any.
func (t *Timeline) Current() (Anim, bool) {
	for _, a := range t.Items {
		if a.Start <= t.Now {
			return a, true
		}
	}
	return Anim{}, false
}

// SkipOne ends the current animation at once, moving the rest up.
func (t *Timeline) SkipOne() {
	a, ok := t.Current()
	if !ok {
		return
	}
	cut := a.Start + a.Dur - t.Now
	for i := range t.Items {
		if t.Items[i].Start > a.Start {
			t.Items[i].Start -= cut
		}
	}
	for i := range t.Items {
		if t.Items[i].Start == a.Start {
			t.Items[i].Dur = t.Now - a.Start
		}
	}
	t.end -= cut
}

// SkipAll finishes everything.
func (t *Timeline) SkipAll() {
	t.Now = t.end
}

// Pending reports whether a figure still has a move waiting or playing,
// and where it should be drawn at time Now (ok false when not moving).
func (t *Timeline) FigurePos(id rules.FigID) (geom.Pt, float64, bool) {
	for _, a := range t.Items {
		if a.Ev.Kind != "move" || a.Ev.Fig != id || len(a.Ev.Path) == 0 {
			continue
		}
		p := a.Progress(t.Now)
		return PointAlong(a.Ev.Path, p), p, true
	}
	return geom.Pt{}, 0, false
}

// PointAlong finds the point a fraction f of the way along a polyline.
func PointAlong(path []geom.Pt, f float64) geom.Pt {
	if len(path) == 1 || f <= 0 {
		return path[0]
	}
	total := PathLength(path[0], path[1:])
	want := total * f
	for i := 1; i < len(path); i++ {
		seg := PathLength(path[i-1], path[i:i+1])
		if want <= seg && seg > 0 {
			k := want / seg
			a, b := path[i-1], path[i]
			return geom.Pt{X: a.X + int64(k*float64(b.X-a.X)), Y: a.Y + int64(k*float64(b.Y-a.Y))}
		}
		want -= seg
	}
	return path[len(path)-1]
}

// onlyRemovalsAfter reports whether the animations after a tray are only
// figures being laid down (the tray may then take in the next roll).
func onlyRemovalsAfter(items []Anim) bool {
	for _, a := range items {
		if a.Ev.Kind != "removed" {
			return false
		}
	}
	return true
}
