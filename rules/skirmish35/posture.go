package skirmish35

import (
	"errors"
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// A figure's facing, posture and hiding.

// applyFace turns a figure towards a point or a figure.
func (r Skirmish) applyFace(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	var to geom.Pt
	switch {
	case len(c.Targets) == 1 && len(c.Path) == 0:
		t := s.Fig(c.Targets[0])
		if t == nil || t.Removed {
			return nil, errors.New("that figure is not on the table")
		}
		if why := r.faceFigureProblem(s, f, t); why != "" {
			return nil, errors.New(why)
		}
		to = t.Pos
	case len(c.Path) == 1 && len(c.Targets) == 0:
		to = c.Path[0]
	default:
		return nil, errors.New("face a figure or one point")
	}
	if c.Arg != "" {
		return nil, errors.New("face takes no word")
	}
	if to == f.Pos {
		return nil, errors.New("give a point away from the figure")
	}
	if err := spend(f, r.d.T.Costs.Face, "turning"); err != nil {
		return nil, err
	}
	f.Facing = bearing(f.Pos, to)
	acted(s, f)
	return []rules.Event{{Kind: "face", Side: f.Side, Fig: f.ID, Text: f.Name + " turns to face " + rules.FacingWords(f.Facing)}}, nil
}

// applyPosture: "prone F1" drops flat, "stand F1" gets up.
func (r Skirmish) applyPosture(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	if len(c.Path) > 0 || len(c.Targets) > 0 || c.Arg != "" {
		return nil, fmt.Errorf("%q names only the figure", c.Verb)
	}
	if c.Verb == "prone" {
		if f.Posture == rules.Prone {
			return nil, errors.New(f.Name + " is already prone")
		}
		if err := spend(f, r.d.T.Costs.Prone, "going prone"); err != nil {
			return nil, err
		}
		f.Posture = rules.Prone
	} else {
		if f.Posture != rules.Prone {
			return nil, errors.New(f.Name + " is already on his feet")
		}
		if err := spend(f, r.d.T.Costs.Stand, "standing up"); err != nil {
			return nil, err
		}
		f.Posture = rules.Standing
	}
	acted(s, f)
	return []rules.Event{{Kind: "posture", Side: f.Side, Fig: f.ID, Text: f.Name + " is now " + f.Posture.String()}}, nil
}

// hideProblem: a figure hides only in or behind something giving cover
// from its nearest enemy that its side knows of.
func (r Skirmish) hideProblem(s *rules.State, f *rules.Figure) string {
	if f.Markers.Has(rules.Hidden) {
		return f.Name + " is already hidden"
	}
	if s.Terrain == nil {
		return "there is nothing to hide in"
	}
	if !r.coverToHide(s, f, alive(s, 1-f.Side)) {
		return f.Name + " has no cover to hide in"
	}
	return ""
}

// coverToHide reports whether f has cover from the nearest of its
// enemies that its side knows of (from up the table when none is).
func (r Skirmish) coverToHide(s *rules.State, f *rules.Figure, enemies []*rules.Figure) bool {
	return coverAgainst(s, f.Pos, r.hideFrom(s, f, enemies))
}

// hideFrom is where coverToHide looks from: the nearest enemy the
// figure's side knows of (a hidden enemy it has not acquired is not one:
// a figure takes cover from the enemy it knows is there, and whether
// hiding is allowed must not tell where an unseen enemy stands), else
// straight up the table.
func (r Skirmish) hideFrom(s *rules.State, f *rules.Figure, enemies []*rules.Figure) geom.Pt {
	var best *rules.Figure
	var bd int64
	for _, e := range enemies {
		if !r.known(s, f.Side, e) {
			continue
		}
		if d := geom.Dist2(f.Pos, e.Pos); best == nil || d < bd {
			best, bd = e, d
		}
	}
	if best != nil {
		return best.Pos
	}
	return geom.Pt{X: f.Pos.X, Y: f.Pos.Y - 100*geom.PerInch}
}

// coverAgainst is whether a base at p has cover from a sight line from
// from.
func coverAgainst(s *rules.State, p, from geom.Pt) bool {
	cv, _ := s.Terrain.CoverFor(geom.Circle{C: p, R: s.BaseR}, from)
	return cv != terrain.CoverNone
}

func (r Skirmish) applyHide(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	if len(c.Path) > 0 || len(c.Targets) > 0 || c.Arg != "" {
		return nil, errors.New("hide names only the figure")
	}
	if why := r.hideProblem(s, f); why != "" {
		return nil, errors.New(why)
	}
	if err := spend(f, r.d.T.Costs.Hide, "hiding"); err != nil {
		return nil, err
	}
	f.Markers |= rules.Hidden
	f.SetVar(fSpotted, 0)
	f.SetVar(fFlash, 0)
	acted(s, f)
	return []rules.Event{{Kind: "hide", Side: f.Side, Fig: f.ID, Text: f.Name + " hides"}}, nil
}

// unhide: a hidden figure that moves or fires gives itself away.
func unhide(f *rules.Figure) {
	f.Markers &^= rules.Hidden
	f.SetVar(fSpotted, 0)
	f.SetVar(fFlash, 0)
}
