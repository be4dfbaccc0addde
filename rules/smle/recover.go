package smle

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Recovering casualties (an Activation Table option from Stand, 5, up): a
// fit figure of the active team whose base is within 1" of a seriously
// wounded team-mate takes hold of him ("recover F3 F7"). For the rest of
// the go it moves at half its allowance, and after each of its moves the
// casualty is dragged along, set down touching it on the way it came (or
// where it started that move, if that spot is taken). The book names the
// option only; the halved move is a house value.

const fCarry = "carry" // figure: the casualty it is dragging this go

// recoverOptions lists the casualties f may take hold of now.
func (r SMLE) recoverOptions(s *rules.State, u *rules.Unit, f *rules.Figure) []rules.Command {
	if uget(u, vBand) < r.d.BandIndex("stand-5") || !r.canAct(s, f) || f.Markers.Has(rules.BadlyWounded) ||
		f.Var(fStopped) != 0 || f.Var(fCarry) != 0 || mounted(s, f) {
		return nil
	}
	var out []rules.Command
	for i := range s.Figures { // the team's members, without listing them
		g := &s.Figures[i]
		if g.Unit != u.ID || g.Removed || g.ID == f.ID || !g.Markers.Has(rules.BadlyWounded) || carried(s, g) ||
			!geom.WithinDist(f.Pos, g.Pos, geom.PerInch+2*s.BaseR) {
			continue
		}
		out = append(out, rules.Command{Verb: "recover", Fig: f.ID, Targets: []rules.FigID{g.ID}})
	}
	return out
}

// carried reports whether some figure is dragging g.
func carried(s *rules.State, g *rules.Figure) bool {
	for i := range s.Figures {
		if f := &s.Figures[i]; !f.Removed && f.Var(fCarry) == int(g.ID) {
			return true
		}
	}
	return false
}

func (r SMLE) applyRecover(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	f := s.Fig(c.Fig)
	if f == nil || f.Unit != u.ID || len(c.Targets) != 1 {
		return nil, fmt.Errorf("recover names a figure of %s and the casualty it takes hold of", teamName(s, u))
	}
	for _, l := range r.recoverOptions(s, u, f) {
		if l.Targets[0] == c.Targets[0] {
			g := s.Fig(c.Targets[0])
			f.SetVar(fCarry, int(g.ID))
			return []rules.Event{{Kind: "recover", Side: f.Side, Fig: f.ID, Target: g.ID,
				Text: fmt.Sprintf("%s takes hold of %s to drag him back (half move)", f.Name, g.Name)}}, nil
		}
	}
	return nil, fmt.Errorf("%s cannot recover %s now (Stand 5 or better, base within 1\" of a seriously wounded team-mate)", f.Name, nameOf(s, c.Targets[0]))
}

// drag sets the casualty f is dragging down behind it after its move
// along legs.
func (r SMLE) drag(s *rules.State, f *rules.Figure, legs []geom.Pt) []rules.Event {
	g := s.Fig(rules.FigID(f.Var(fCarry)))
	if g == nil || g.Removed || len(legs) < 2 {
		return nil
	}
	a, b := legs[len(legs)-2], legs[len(legs)-1]
	d := b.Sub(a)
	l := geom.Dist(a, b)
	gap := 2*s.BaseR + 1
	to := a
	if l > gap {
		to = geom.Pt{X: b.X - d.X*gap/l, Y: b.Y - d.Y*gap/l}
	}
	if r.standProblem(s, g, to) != "" {
		to = legs[0]
		if r.standProblem(s, g, to) != "" {
			return nil
		}
	}
	from := g.Pos
	g.Pos = to
	return []rules.Event{{Kind: "move", Side: g.Side, Fig: g.ID, Path: []geom.Pt{from, to}, Text: g.Name + " is dragged along by " + f.Name}}
}
