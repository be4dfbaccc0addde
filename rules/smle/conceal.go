package smle

import (
	"hedgerow/rules"
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
	c := r.coverAt(s, f.Pos)
	if e := nearestEnemy(s, f); e != nil && s.Terrain != nil {
		c, _ = s.Terrain.CoverFor(f.Base(s.BaseR), e.Pos)
	}
	return c
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
