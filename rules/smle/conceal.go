package smle

import (
	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// Concealment (house reading): a team is concealed while it has not yet
// fired, thrown or assaulted in the game and every one of its figures has
// at least soft cover (the ground it stands in, or a wall or hedge
// between it and its nearest enemy). A concealed team gets the +1
// activation modifier, and its fire at a team that is still fresh (has
// neither fired nor been fired at) counts the target as unaware (+2 to
// hit). Opening fire gives the position away for good.

const vRevealed = "revealed" // unit: has attacked, no longer concealed

// figCover is a figure's cover against its nearest enemy.
func (r SMLE) figCover(s *rules.State, f *rules.Figure) terrain.Cover {
	return r.coverAgainst(s, f, f.Pos)
}

// concealed reports whether team u is concealed now.
func (r SMLE) concealed(s *rules.State, u *rules.Unit) bool {
	if u == nil || uget(u, vRevealed) != 0 {
		return false
	}
	ms := members(s, u.ID)
	for _, f := range ms {
		if r.figCover(s, f) < terrain.CoverSoft {
			return false
		}
	}
	return len(ms) > 0
}

// unaware reports whether fire from team fu catches team tu unaware.
func (r SMLE) unaware(s *rules.State, fu, tu *rules.Unit) bool {
	return tu != nil && uget(tu, vContact) == 0 && r.concealed(s, fu)
}

// Hidden set-up (house reading of the points guide's "sets up hidden"): a
// side whose scenario says hidden = true starts with every team
// unspotted. An unspotted team cannot be seen by the enemy, so it is
// never a target of fire, aimed fire, explosives or opportunity fire. It
// is spotted for good when it attacks, when one of its figures moves
// where an enemy can see it, or when an enemy figure comes within 4"
// (base edge to edge) with a line of sight to one of its figures.

const (
	vUnspotted = "unspotted" // unit: a hidden team not yet spotted
	spotReach  = 4 * geom.PerInch
	sideHidden = "hidden" // side var: set up hidden
)

// Unspotted reports whether team u is hidden from the enemy still (the
// UI does not draw such figures for the other player).
func Unspotted(s *rules.State, u *rules.Unit) bool {
	return u != nil && uget(u, vUnspotted) == 1
}

// hide marks every team of a hidden side unspotted (at Start).
func hide(s *rules.State) {
	for i := range s.Units {
		u := &s.Units[i]
		if s.Sides[u.Side].Vars[sideHidden] == 1 {
			uset(u, vUnspotted, 1)
		}
	}
}

// spot reveals team u, with a line for the log.
func spot(s *rules.State, u *rules.Unit, why string) []rules.Event {
	uset(u, vUnspotted, 0)
	return []rules.Event{{Kind: "spotted", Side: u.Side, Unit: u.ID, Text: teamName(s, u) + " is spotted: " + why}}
}

// spotAll reveals every unspotted team that has attacked, or that an
// enemy figure within 4" can see.
func (r SMLE) spotAll(s *rules.State) []rules.Event {
	var evs []rules.Event
	for _, u := range teams(s) {
		if !Unspotted(s, u) {
			continue
		}
		if uget(u, vRevealed) != 0 {
			evs = append(evs, spot(s, u, "it opened fire")...)
			continue
		}
	near:
		for _, f := range members(s, u.ID) {
			for _, e := range s.Alive(1 - u.Side) {
				if geom.WithinDist(f.Pos, e.Pos, spotReach+2*s.BaseR) && inSight(s, e, f) {
					evs = append(evs, spot(s, u, e.Name+" is within 4\" of "+f.Name)...)
					break near
				}
			}
		}
	}
	return evs
}

// spotMover reveals a hidden figure's team when it has moved where an
// enemy can see it.
func (r SMLE) spotMover(s *rules.State, f *rules.Figure) []rules.Event {
	u := s.UnitOf(f.Unit)
	if !Unspotted(s, u) {
		return nil
	}
	for _, e := range s.Alive(1 - f.Side) {
		if inSight(s, e, f) {
			return spot(s, u, f.Name+" moved in sight of "+e.Name)
		}
	}
	return nil
}
