package ai

import (
	"fmt"
	"slices"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// explain rewrites the reason of the chosen command (ch[0]) in a
// wargamer's words: whom it fires at and the rules' exact odds of what
// the shot does, or where a move goes and how many of the enemies its
// side sees could shoot the figure there. It reads only the belief (what
// the side may know) and draws nothing from the player's stream, so it
// never changes a choice.
func (p *Player) explain(b *belief, ch []Choice) {
	if len(ch) == 0 {
		return
	}
	c := &ch[0]
	switch {
	case len(c.Cmd.Targets) > 0 && b.ownTargets(c.Cmd):
		// aimed at the side's own men (a Firefight leader motivating):
		// not a shot, and worded as what it does for them
		n := 0
		for _, x := range ch {
			if len(x.Cmd.Targets) > 0 && x.Cmd.Verb == c.Cmd.Verb && b.ownTargets(x.Cmd) {
				n++
			}
		}
		why := b.ownWhy(c.Cmd)
		if why == "" {
			return
		}
		if n > 1 {
			why += fmt.Sprintf(", the best of %d men", n)
		}
		c.Why = why + hardNote(c.Why)
	case len(c.Cmd.Targets) > 0:
		n := 0
		for _, x := range ch {
			if len(x.Cmd.Targets) > 0 && x.Cmd.Verb == c.Cmd.Verb && !b.ownTargets(x.Cmd) {
				n++
			}
		}
		why, hopeless := b.shotWhy(c.Cmd)
		if why == "" {
			return
		}
		switch {
		case hopeless && n > 1:
			why += fmt.Sprintf(": it cannot hit, but it is the best on offer of %d targets", n)
		case hopeless:
			why += ": it cannot hit, but it is the best on offer"
		case n > 1:
			why += fmt.Sprintf(", the best of %d targets", n)
		}
		c.Why = why + hardNote(c.Why)
	case c.Cmd.Verb == "move" && len(c.Cmd.Path) > 0:
		// (how many places it weighed is the search's, not a reason: "the
		// best of 3 places" read like a trace to a play-tester)
		c.Why = b.moveWhy(c.Cmd) + hardNote(c.Why)
	}
}

// hardNote keeps Hard's look-ahead remark of a reason, if any.
func hardNote(why string) string {
	if i := strings.Index(why, "; played ahead"); i >= 0 {
		return why[i:]
	}
	return ""
}

// figName names a figure for a reason ("the MG42 team").
func (b *belief) figName(id rules.FigID) string {
	f := b.s.Fig(id)
	if f == nil {
		return "the enemy"
	}
	if f.Name == "" {
		return "the enemy"
	}
	return f.Name
}

// ownTargets says whether every target of c is a figure of the side's
// own (a leader motivating his men), not an enemy.
func (b *belief) ownTargets(c rules.Command) bool {
	for _, t := range c.Targets {
		f := b.s.Fig(t)
		if f == nil || f.Side != b.me {
			return false
		}
	}
	return len(c.Targets) > 0
}

// ownWhy words an action aimed at the side's own men: what it does for
// them ("motivates Schtz Uhl"), with the rules' odds only when the
// outcome is in doubt.
func (b *belief) ownWhy(c rules.Command) string {
	var names []string
	for _, t := range c.Targets {
		if f := b.s.Fig(t); f != nil && f.Name != "" {
			names = append(names, f.Name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	verb := "acts for"
	switch c.Verb {
	case "motivate":
		verb = "motivates"
	case "aid":
		verb = "gives first aid to"
	case "rally":
		verb = "rallies"
	}
	why := verb + " " + strings.Join(names, " and ")
	o, err := b.rs.Odds(b.s.Clone(), c)
	if err != nil || len(o.Outcomes) < 2 {
		return why
	}
	if parts := likeliest(o.Outcomes); len(parts) > 1 {
		why += ": " + strings.Join(parts, ", ")
	}
	return why
}

// likeliest writes the two likeliest outcomes with their chances
// ("pin 61%, kill 18%"), in a stable order.
func likeliest(outcomes []rules.Outcome) []string {
	// the percentages of the whole list, so they add up as the odds
	// card's do
	pcs := rules.OutcomePercents(outcomes)
	pcOf := map[string]int{}
	for i, o := range outcomes {
		pcOf[o.Name] += pcs[i]
	}
	outs := slices.Clone(outcomes)
	slices.SortStableFunc(outs, func(x, y rules.Outcome) int {
		switch {
		case x.P > y.P:
			return -1
		case x.P < y.P:
			return 1
		}
		return 0
	})
	var parts []string
	for _, x := range outs {
		if len(parts) == 2 || x.P < 0.005 {
			break
		}
		pc := pcOf[x.Name]
		parts = append(parts, fmt.Sprintf("%s %d%%", strings.TrimSpace(x.Name), pc))
	}
	return parts
}

// missLike says whether an outcome's name means the shot does nothing.
func missLike(name string) bool {
	n := strings.ToLower(strings.TrimSpace(name))
	return strings.HasPrefix(n, "miss") || n == "no effect" || n == "no hit" || n == "nothing"
}

// onlyMisses says whether the odds give nothing but misses: every other
// outcome's chance is below least (0.0005 for the words, which round it
// to 0%; a choice asks for none at all, 1e-9, so that no machine's last
// bit of rounding decides it: no dice give a chance near 1e-9).
func onlyMisses(o rules.Odds, least float64) bool {
	if len(o.Outcomes) == 0 {
		return false
	}
	for _, x := range o.Outcomes {
		if x.P >= least && !missLike(x.Name) {
			return false
		}
	}
	return true
}

// hopeless says whether c is aimed at known enemies and the rules' exact
// odds, worked on the belief, say it can only miss.
func (b *belief) hopeless(c rules.Command) bool {
	if len(c.Targets) == 0 || b.ownTargets(c) {
		return false
	}
	for _, t := range c.Targets {
		if int(t) < 1 || int(t) > len(b.known) || !b.known[t-1] {
			return false
		}
	}
	o, err := b.rs.Odds(b.s.Clone(), c)
	return err == nil && onlyMisses(o, 1e-9)
}

// shotWhy names the target(s) of a command and the two likeliest outcomes
// by the rules' exact odds, worked on the belief. hopeless is true when
// the odds say the shot can only miss: the words then leave the odds out
// for the caller to say so plainly.
func (b *belief) shotWhy(c rules.Command) (why string, hopeless bool) {
	var names []string
	for _, t := range c.Targets {
		if int(t) >= 1 && int(t) <= len(b.known) && b.known[t-1] {
			names = append(names, b.figName(t))
		}
	}
	if len(names) == 0 {
		return "", false
	}
	why = "at " + strings.Join(names, " and ")
	o, err := b.rs.Odds(b.s.Clone(), c)
	if err != nil || len(o.Outcomes) == 0 {
		return why, false
	}
	if onlyMisses(o, 0.0005) {
		return why, true
	}
	if len(o.Outcomes) == 1 && strings.TrimSpace(o.Outcomes[0].Name) == "certain" {
		// no dice (a 1/35th figure turning to face): no odds to give
		return why, false
	}
	if parts := likeliest(o.Outcomes); len(parts) > 0 {
		why += ": " + strings.Join(parts, ", ")
	}
	return why, false
}

// threats counts the known enemies that could shoot figure f standing at
// pt (in their reach and in sight), and the piece that would cover it
// best from them (-1: none).
func (b *belief) threats(f *rules.Figure, pt geom.Pt) (n int, piece int) {
	ix := b.s.Terrain
	me := geom.Circle{C: pt, R: b.s.BaseR}
	best := terrain.CoverNone
	piece = -1
	for _, e := range b.enemies() {
		er := b.figReach(e)
		if geom.Dist2(pt, e.Pos) > er*er || !ix.Visible(e.Pos, me, terrain.LOSOptions{}) {
			continue
		}
		n++
		if cov, id := ix.CoverFor(me, e.Pos); id >= 0 && cov > best {
			best, piece = cov, id
		}
	}
	return n, piece
}

// moveWhy says where a move goes: the cover it reaches and how many of
// the enemies the side sees could shoot the figure there against here.
func (b *belief) moveWhy(c rules.Command) string {
	f := b.s.Fig(c.Fig)
	if f == nil || len(c.Path) == 0 {
		return "a better place to stand"
	}
	to := c.Path[len(c.Path)-1]
	if mi := b.rs.MoveCheck(b.s, f.ID, c.Path); mi.OK && mi.Stop != (geom.Pt{}) {
		to = mi.Stop
	}
	here, _ := b.threats(f, f.Pos)
	there, piece := b.threats(f, to)
	where := ""
	if piece >= 0 {
		pc := &b.s.Map.Pieces[piece]
		name := pc.Name
		if name == "" {
			name = pc.Kind
		}
		if name != "" {
			where = "into cover of the " + name
		}
	}
	// towards or away from the nearest enemy in sight
	var near *rules.Figure
	var nd int64 = -1
	for _, e := range b.enemies() {
		if d := geom.Dist2(f.Pos, e.Pos); nd < 0 || d < nd {
			near, nd = e, d
		}
	}
	if where == "" {
		switch {
		case near == nil:
			where = "towards the middle of the table (no enemy in sight)"
		case geom.Dist2(to, near.Pos) < nd:
			where = "towards " + b.figName(near.ID)
		default:
			where = "away from " + b.figName(near.ID)
		}
	}
	switch {
	case here > there && there == 0 && here == 1:
		return where + ": out of reach or sight of the one enemy that could shoot it now"
	case here > there && there == 0:
		return fmt.Sprintf("%s: out of reach or sight of all %d enemies that could shoot it now", where, here)
	case here > there:
		return fmt.Sprintf("%s: out of reach or sight of %d of the %d enemies that could shoot it now", where, here-there, here)
	case there == 0:
		return where + ": no enemy it knows of could shoot it there"
	case there > here:
		return fmt.Sprintf("%s: %s could shoot it there (%d now), to bring it into the fight", where, enemies(there), here)
	}
	return fmt.Sprintf("%s: %s could shoot it there, as now", where, enemies(there))
}

// enemies counts enemies in words ("1 enemy", "3 enemies").
func enemies(n int) string {
	if n == 1 {
		return "1 enemy"
	}
	return fmt.Sprintf("%d enemies", n)
}
