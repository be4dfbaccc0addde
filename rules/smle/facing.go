package smle

import (
	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// Arcs of a figure, by where an attacker stands relative to its facing.
const (
	ArcFront = iota // within 45 degrees either side of the facing
	ArcFlank        // between 45 and 135 degrees off the facing
	ArcRear         // more than 135 degrees off the facing
)

// fArc is the figure variable holding the centre of a prepared
// position's arc of fire plus one (0: none recorded).
const fArc = "arc"

// offAngle is how many degrees (0..180) the direction from f to p lies off
// f's facing.
func offAngle(f *rules.Figure, p geom.Pt) int {
	d := ((bearing(f.Pos, p)-f.Facing)%360 + 360) % 360
	if d > 180 {
		d = 360 - d
	}
	return d
}

// ArcOf says from which arc of f an attacker at p attacks.
func ArcOf(f *rules.Figure, p geom.Pt) int {
	switch a := offAngle(f, p); {
	case a <= 45:
		return ArcFront
	case a <= 135:
		return ArcFlank
	}
	return ArcRear
}

// arcFlags are the under-fire flags for an attack on t from p.
func arcFlags(t *rules.Figure, p geom.Pt) int {
	switch ArcOf(t, p) {
	case ArcFlank:
		return ufFlank
	case ArcRear:
		return ufRear
	}
	return 0
}

// worstArc keeps the rear flag over the flank flag: an attack from the
// rear is not also one from the flank.
func worstArc(flags int) int {
	if flags&ufRear != 0 {
		return flags &^ ufFlank
	}
	return flags
}

// prepArc is the centre of the arc of fire of a figure in a prepared
// position: the one recorded when it took the position, else its facing.
func prepArc(f *rules.Figure) int {
	if a := f.Var(fArc); a > 0 {
		return a - 1
	}
	return f.Facing
}

// inPrepArc reports whether a figure may fire at p: always, unless it is
// in a prepared position and p lies outside the position's 90 degree arc.
func (r SMLE) inPrepArc(s *rules.State, f *rules.Figure, p geom.Pt) bool {
	if r.coverAt(s, f.Pos) != terrain.CoverPrepared {
		return true
	}
	g := *f
	g.Facing = prepArc(f)
	return offAngle(&g, p) <= 45
}

// takePosition records the arc of a figure that has just ended a move in
// a prepared position (towards the nearest enemy), and forgets it when
// the figure leaves.
func (r SMLE) takePosition(s *rules.State, f *rules.Figure) {
	if r.coverAt(s, f.Pos) != terrain.CoverPrepared {
		f.SetVar(fArc, 0)
		f.SetVar(fSettle, 0)
		return
	}
	if f.Var(fArc) == 0 {
		// newly in the position: a round of settling in before it fires
		// or gains anything from it
		f.SetVar(fSettle, s.Round)
	}
	if e := nearestEnemy(s, f); e != nil {
		f.SetVar(fArc, bearing(f.Pos, e.Pos)+1)
	} else {
		f.SetVar(fArc, f.Facing+1)
	}
}

// autoFace turns every figure of a side whose figures all face 0 (the
// scenario gave no facing) towards its nearest enemy, and records the
// arc of each figure starting in a prepared position.
func (r SMLE) autoFace(s *rules.State) {
	for side := 0; side < 2; side++ {
		unset := true
		for i := range s.Figures {
			if f := &s.Figures[i]; f.Side == side && f.Facing != 0 {
				unset = false
				break
			}
		}
		if !unset {
			continue
		}
		for i := range s.Figures {
			if f := &s.Figures[i]; f.Side == side && !f.Removed {
				faceNearestEnemy(s, f)
			}
		}
	}
	for i := range s.Figures {
		f := &s.Figures[i]
		if !f.Removed && r.coverAt(s, f.Pos) == terrain.CoverPrepared {
			f.SetVar(fArc, f.Facing+1)
		}
	}
}

// settling reports whether a figure moved into its prepared position this
// round: it spends the round settling in, neither firing nor taking the
// position's firing, defending or activation bonuses.
func settling(s *rules.State, f *rules.Figure) bool {
	return f.Var(fSettle) != 0 && f.Var(fSettle) == s.Round
}

// inPrepared reports whether a figure holds a prepared position and has
// settled into it.
func (r SMLE) inPrepared(s *rules.State, f *rules.Figure) bool {
	return r.coverAt(s, f.Pos) == terrain.CoverPrepared && !settling(s, f)
}
