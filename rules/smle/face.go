package smle

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Turning to face. Facing matters in S.M.L.E. (flank and rear fire, a
// prepared position's arc), and a figure faces the way it last moved.
// House rule: a figure that could still move this activation may instead
// turn where it stands to face a point ("face F3 x,y"); turning ends its
// move, as going prone does, and costs no inches.

// applyFace turns a figure of the active team to face a point.
func (r SMLE) applyFace(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	f := s.Fig(c.Fig)
	if f == nil || f.Unit != u.ID {
		return nil, fmt.Errorf("only figures of %s may act now", teamName(s, u))
	}
	if len(c.Path) != 1 || len(c.Targets) > 0 {
		return nil, fmt.Errorf("%s turns to face one point of the table: click where he should face", f.Name)
	}
	if r.d.Bands[uget(u, vBand)].Move <= 0 || !r.canAct(s, f) || f.Var(fStopped) != 0 {
		return nil, fmt.Errorf("%s cannot turn now: only a figure that could still move may turn where it stands", f.Name)
	}
	if mounted(s, f) {
		return nil, fmt.Errorf("%s is mounted: dismount the team first", f.Name)
	}
	if c.Path[0] == f.Pos {
		return nil, fmt.Errorf("%s cannot face the spot it stands on", f.Name)
	}
	f.Facing = bearing(f.Pos, c.Path[0])
	f.SetVar(fStopped, 1) // turning ends the figure's move
	return []rules.Event{{Kind: "face", Side: f.Side, Fig: f.ID, Path: []geom.Pt{f.Pos, c.Path[0]},
		Text: fmt.Sprintf("%s turns to face %s", f.Name, compass(f.Facing))}}, nil
}

// compass names a facing in plain words.
func compass(deg int) string {
	names := []string{"up the table", "up and right", "right", "down and right", "down the table", "down and left", "left", "up and left"}
	return names[((deg+22)%360)/45]
}
