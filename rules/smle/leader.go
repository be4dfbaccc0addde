package smle

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Leader quality (the rulebook's optional rule) comes from the leader
// figure's scenario rating: 0 a basic leader (+1 to his team and to the
// teams of his group within a full move), 1 incompetent, 2 okay, 3 good,
// 4 exceptional (rows of data/tables.toml [[leader]]). The leader's own
// team takes the row's add and band shift; other teams of the group near
// him get the basic +1, except that an incompetent leader gives no bonus
// at all and the teams of his group within a full move act at his team's
// activation level instead of their own.
var leaderRatings = []string{"", "incompetent", "okay", "good", "exceptional"}

// LeaderQualityOf gives a leader figure's quality row, or false for a
// basic leader (rating 0 or unknown).
func (d *Data) LeaderQualityOf(f *rules.Figure) (LeaderQuality, bool) {
	if f == nil || f.Rating <= 0 || f.Rating >= len(leaderRatings) {
		return LeaderQuality{}, false
	}
	for _, q := range d.Leaders {
		if q.Name == leaderRatings[f.Rating] {
			return q, true
		}
	}
	return LeaderQuality{}, false
}

// groupLeader finds the leader that leads team u: a leader figure in the
// team itself first, else one of the team's group (its parent, a sibling
// or a child team) within a full move of some team figure that can see
// him; lowest id wins.
func (r SMLE) groupLeader(s *rules.State, u *rules.Unit, ms []*rules.Figure) *rules.Figure {
	var near *rules.Figure
	for i := range s.Figures {
		l := &s.Figures[i]
		if l.Removed || !l.Leader || l.Side != u.Side {
			continue
		}
		lu := s.UnitOf(l.Unit)
		if lu == nil {
			continue
		}
		if l.Unit == u.ID {
			return l
		}
		if near != nil {
			continue
		}
		related := (u.Parent != 0 && (lu.ID == u.Parent || lu.Parent == u.Parent)) || lu.Parent == u.ID
		if !related {
			continue
		}
		// The group bonus needs the leader within a full move of the
		// team and in sight of it.
		for _, f := range ms {
			if geom.WithinDist(f.Pos, l.Pos, r.baseMove(s, f)) && inSight(s, f, l) {
				near = l
				break
			}
		}
	}
	return near
}

// leaderEffect fills the leader part of an activation input.
func (r SMLE) leaderEffect(s *rules.State, u *rules.Unit, ms []*rules.Figure, in *ActivationInput) {
	l := r.groupLeader(s, u, ms)
	if l == nil {
		return
	}
	q, rated := r.d.LeaderQualityOf(l)
	switch {
	case !rated:
		in.Leader = true
	case l.Unit == u.ID:
		in.Leader = q.Add > 0
		in.LeaderShift = q.Shift
	default:
		in.Leader = !q.FollowersAtLeader
	}
}

// followedTeam is the team whose activation level u must take: that of
// an incompetent leader of u's group within a full move (nil if none).
func (r SMLE) followedTeam(s *rules.State, u *rules.Unit) *rules.Unit {
	l := r.groupLeader(s, u, members(s, u.ID))
	if l == nil || l.Unit == u.ID {
		return nil
	}
	if q, ok := r.d.LeaderQualityOf(l); ok && q.FollowersAtLeader {
		return s.UnitOf(l.Unit)
	}
	return nil
}

// rollQualities makes the optional random rolls the scenario asks for at
// the start: each team's troop quality (a team holding a leader adds the
// table's leader bonus), then each leader's quality. Each roll is a
// ledger the players see; the result replaces the scenario's word.
func (r SMLE) rollQualities(s *rules.State) []rules.Event {
	var evs []rules.Event
	if s.Var(rules.VarRandomQuality) == 1 {
		for i := range s.Units {
			u := &s.Units[i]
			ms := members(s, u.ID)
			if len(ms) == 0 {
				continue
			}
			leader := false
			for _, f := range ms {
				leader = leader || f.Leader
			}
			q, l := r.d.RollQuality(s, u.Name, leader)
			if q == "" {
				continue
			}
			u.Quality = q
			for _, f := range ms {
				f.Quality = q
			}
			evs = append(evs, rules.Event{Kind: "roll", Side: u.Side, Unit: u.ID, Roll: &l,
				Text: fmt.Sprintf("%s's troop quality: %d, %s", u.Name, l.Total, q)})
		}
	}
	if s.Var(rules.VarRandomLeaders) == 1 {
		for i := range s.Figures {
			f := &s.Figures[i]
			if !f.Leader || f.Removed {
				continue
			}
			q, l := r.d.RollLeaderQuality(s, f.Name)
			for k, name := range leaderRatings {
				if name == q.Name {
					f.Rating = k
				}
			}
			roll := fmt.Sprint(l.Dice[0].Face)
			if len(l.Dice) > 1 {
				roll += fmt.Sprintf(", then %d", l.Dice[1].Face)
			}
			evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: &l,
				Text: fmt.Sprintf("%s's leadership: %s, %s", f.Name, roll, q.Name)})
		}
	}
	return evs
}
