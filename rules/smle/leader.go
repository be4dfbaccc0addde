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
			q, l := r.d.RollQuality(s, teamName(s, u), leader)
			if q == "" {
				continue
			}
			u.Quality = q
			for _, f := range ms {
				f.Quality = q
			}
			evs = append(evs, rules.Event{Kind: "roll", Side: u.Side, Unit: u.ID, Roll: &l,
				Text: fmt.Sprintf("%s troop quality: %d, %s", rules.Possessive(teamName(s, u)), l.Total, q)})
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
				Text: fmt.Sprintf("%s leadership: %s, %s", rules.Possessive(f.Name), roll, q.Name)})
		}
	}
	return evs
}

// Leaders move between teams: "join F1 U3". A leader figure of the active
// team whose base is within 1" of a figure of another team of his group
// (the team's parent, a sibling under the same parent, or a child) joins
// that team: from then on it is his team for activation, leader bonuses
// and cohesion. Joining ends his go for the round (he does not act again
// when his new team activates later in the round).

const fJoined = "joined" // figure: round it last joined a team

// related reports whether teams a and b are in one group.
func related(a, b *rules.Unit) bool {
	return a.ID != b.ID && a.Side == b.Side &&
		((a.Parent != 0 && (b.ID == a.Parent || b.Parent == a.Parent)) || b.Parent == a.ID)
}

// joinOptions lists the teams a leader of the active team may join now.
func (r SMLE) joinOptions(s *rules.State, u *rules.Unit, f *rules.Figure) []rules.Command {
	if !f.Leader || !r.canAct(s, f) || f.Var(fStopped) != 0 || mounted(s, f) {
		return nil
	}
	var out []rules.Command
	for _, t := range teams(s) {
		if !related(u, t) {
			continue
		}
		for _, g := range members(s, t.ID) {
			if geom.WithinDist(f.Pos, g.Pos, geom.PerInch+2*s.BaseR) {
				out = append(out, rules.Command{Verb: "join", Fig: f.ID, Unit: t.ID})
				break
			}
		}
	}
	return out
}

func (r SMLE) applyJoin(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	f := s.Fig(c.Fig)
	if f == nil || f.Unit != u.ID {
		return nil, fmt.Errorf("only a leader of %s may join another team now", teamName(s, u))
	}
	for _, l := range r.joinOptions(s, u, f) {
		if l.Unit != c.Unit {
			continue
		}
		t := s.UnitOf(c.Unit)
		f.Unit = t.ID
		if u.Leader == f.ID {
			u.Leader = 0
		}
		if t.Leader == 0 {
			t.Leader = f.ID
		}
		f.SetVar(fStopped, 1)
		f.SetVar(fJoined, s.Round)
		return []rules.Event{{Kind: "join", Side: f.Side, Fig: f.ID, Unit: t.ID,
			Text: fmt.Sprintf("%s leaves %s and joins %s", f.Name, teamName(s, u), t.Name)}}, nil
	}
	return nil, fmt.Errorf("%s cannot join %s now (a team of his group, base within 1\", his go not over)", f.Name, teamWords(s, c.Unit))
}
