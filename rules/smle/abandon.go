package smle

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Abandoned heavy weapons. A team that breaks (a Break result, or a
// defender breaking in a close assault) abandons its heavy (H) weapons:
// each is left on the table where its carrier stood. The book says no
// more; as a house rule any figure fit to act, of either side, whose base
// comes within 1" of one may take it up ("pickup F3 x,y") in its team's
// go: that ends the figure's move, and the weapon becomes the one it
// fires (it must still be braced before it can fire).
//
// Dropped weapons are game variables: drops is how many have ever been
// dropped, and drop<k>w / drop<k>x / drop<k>y the weapon (its index in
// the weapons table plus one, 0 once taken up) and where it lies.

const vDrops = "drops"

func dropKey(k int, part string) string { return fmt.Sprintf("drop%d%s", k, part) }

// Dropped is one weapon lying on the table.
type Dropped struct {
	K      int
	Weapon string
	At     geom.Pt
}

// DroppedWeapons lists the weapons lying on the table, oldest first (the
// table may draw them).
func (r SMLE) DroppedWeapons(s *rules.State) []Dropped {
	var out []Dropped
	for k := 1; k <= s.Var(vDrops); k++ {
		w := s.Var(dropKey(k, "w"))
		if w == 0 || w > len(r.d.Weapons) {
			continue
		}
		out = append(out, Dropped{K: k, Weapon: r.d.Weapons[w-1].ID,
			At: geom.Pt{X: int64(s.Var(dropKey(k, "x"))), Y: int64(s.Var(dropKey(k, "y")))}})
	}
	return out
}

// dropHeavy leaves f's heavy weapons on the table where it stands.
func (r SMLE) dropHeavy(s *rules.State, f *rules.Figure) []rules.Event {
	var keep []string
	var evs []rules.Event
	for _, id := range f.Weapons {
		w, ok := r.d.Weapon(id)
		if !ok || !w.Heavy() {
			keep = append(keep, id)
			continue
		}
		k := s.Var(vDrops) + 1
		s.SetVar(vDrops, k)
		for i := range r.d.Weapons {
			if r.d.Weapons[i].ID == id {
				s.SetVar(dropKey(k, "w"), i+1)
			}
		}
		s.SetVar(dropKey(k, "x"), int(f.Pos.X))
		s.SetVar(dropKey(k, "y"), int(f.Pos.Y))
		s.SetVar(dropKey(k, "d"), f.Var(fDryPref+id)) // a dry weapon stays dry (reload.go)
		f.SetVar(fDryPref+id, 0)
		evs = append(evs, rules.Event{Kind: "abandon", Side: f.Side, Fig: f.ID, Path: []geom.Pt{f.Pos},
			Text: fmt.Sprintf("%s abandons the %s", f.Name, w.Name)})
	}
	if len(evs) > 0 {
		f.Weapons = keep
		f.SetVar(fBraced, 0)
	}
	return evs
}

// pickupOptions lists the dropped weapons a figure of the active team may
// take up now.
func (r SMLE) pickupOptions(s *rules.State, f *rules.Figure) []rules.Command {
	if !r.canAct(s, f) || f.Var(fStopped) != 0 || f.Markers.Has(rules.BadlyWounded) || mounted(s, f) {
		return nil
	}
	var out []rules.Command
	for _, d := range r.DroppedWeapons(s) {
		if geom.WithinDist(f.Pos, d.At, s.BaseR+geom.PerInch) {
			out = append(out, rules.Command{Verb: "pickup", Fig: f.ID, Path: []geom.Pt{d.At}})
		}
	}
	return out
}

func (r SMLE) applyPickup(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	f := s.Fig(c.Fig)
	if f == nil || f.Unit != u.ID || len(c.Path) != 1 {
		return nil, fmt.Errorf("pickup names a figure of %s and the point where the weapon lies", teamName(s, u))
	}
	for _, d := range r.DroppedWeapons(s) {
		if d.At != c.Path[0] {
			continue
		}
		ok := false
		for _, l := range r.pickupOptions(s, f) {
			ok = ok || l.Path[0] == d.At
		}
		if !ok {
			return nil, fmt.Errorf("%s cannot reach the %s now (base within 1\", fit, its move not over)", f.Name, d.Weapon)
		}
		s.SetVar(dropKey(d.K, "w"), 0)
		s.SetVar(dropKey(d.K, "x"), 0)
		s.SetVar(dropKey(d.K, "y"), 0)
		f.SetVar(fDryPref+d.Weapon, s.Var(dropKey(d.K, "d")))
		s.SetVar(dropKey(d.K, "d"), 0)
		f.Weapons = append([]string{d.Weapon}, f.Weapons...)
		f.SetVar(fStopped, 1)
		f.SetVar(fBraced, 0)
		w, _ := r.d.Weapon(d.Weapon)
		return []rules.Event{{Kind: "pickup", Side: f.Side, Fig: f.ID, Path: []geom.Pt{d.At},
			Text: fmt.Sprintf("%s takes up the abandoned %s", f.Name, w.Name)}}, nil
	}
	return nil, fmt.Errorf("no abandoned weapon lies at that point")
}
