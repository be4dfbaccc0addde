package smle

import "hedgerow/rules"

// FirersOf names the figures of the firing team whose shots a fire (or
// opportunity fire) command would roll: those that reach and see the
// target (aimed fire) or a figure of its team, as the odds and the volley
// count them (fireParties). An empty list: none of them can. Nil for any
// other command.
func (r SMLE) FirersOf(s *rules.State, c rules.Command) []rules.FigID {
	if c.Verb != "fire" && c.Verb != "oppfire" || len(c.Targets) != 1 {
		return nil
	}
	u, t := s.UnitOf(c.Unit), s.Fig(c.Targets[0])
	if u == nil || t == nil || t.Removed {
		return nil
	}
	kind := c.Arg
	if c.Verb == "oppfire" {
		kind = FireOpportunity
	}
	if kind == "" {
		if ks := r.fireKinds(u); len(ks) > 0 {
			kind = ks[0]
		}
	}
	targets := members(s, t.Unit)
	if kind == FireAimed {
		kind, targets = FireDirect, []*rules.Figure{t}
	}
	fs, _ := r.fireParties(s, u, targets, kind)
	out := []rules.FigID{}
	for _, f := range fs {
		out = append(out, f.ID)
	}
	return out
}
