package rules

// Firerer is an optional RuleSet hook for a rule set whose fire is given
// by a whole team: which of the team's figures a fire command would have
// shoot (those that reach and see a target), so that the table can name
// them on the odds card instead of judging by the one figure the player
// clicked. An empty list means none of them can; it must not change the
// state.
type Firerer interface {
	FirersOf(s *State, c Command) []FigID
}

// Firers is the rule set's firers for a fire command, and whether the
// rule set says (false: it has no such hook, or the command is not one it
// answers for).
func (g *Game) Firers(c Command) ([]FigID, bool) {
	fr, ok := g.RS.(Firerer)
	if !ok || g.checkRefs(c) != nil {
		return nil, false
	}
	ids := fr.FirersOf(g.probe.load(g.St), c)
	return ids, ids != nil
}
