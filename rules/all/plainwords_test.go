package all_test

import (
	"math/rand/v2"
	"regexp"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/geom"
	"hedgerow/scenarios"
)

// notation is what a wargamer never reads in a log line or a refusal:
// developer text that leaked from the command notation or from Go's own
// printing.
var notation = []struct {
	what string
	re   *regexp.Regexp
}{
	{"a raw coordinate pair", regexp.MustCompile(`\d+\.\d{2,},\s?-?\d`)},
	{"a bracketed coordinate pair", regexp.MustCompile(`[(\[]-?\d+(\.\d+)?"?,\s?-?\d+(\.\d+)?"?[)\]]`)},
	{"a coordinate pair in inches", regexp.MustCompile(`\d+(\.\d+)?", -?\d+(\.\d+)?"(\s|$|[;,.)])`)},
	{"a point in command notation", regexp.MustCompile(`\b\d+(\.\d+)?,\d+(\.\d+)?\b`)},
	{"a figure number", regexp.MustCompile(`\bF\d+\b|F<`)},
	{"a unit number", regexp.MustCompile(`\bU\d+\b|U<`)},
	{"a vehicle number", regexp.MustCompile(`\bV\d+\b|V<`)},
	{"a command verb with notation", regexp.MustCompile(`\b(fire|move|melee|assault|throw) [UF]\b|<target>|<kind>`)},
	{"dice notation", regexp.MustCompile(`\b\d*[dD]\d+\b`)},
	{"a bracketed plural", regexp.MustCompile(`\(s\)|\(es\)`)},
	{"Go's printing of a value", regexp.MustCompile(`\{\d+ \d+\}|%!|\bnil\b|&\{|\bmap\[`)},
	{"a long decimal", regexp.MustCompile(`\d\.\d{3,}`)},
	{"a bearing in degrees", regexp.MustCompile(`-?\d+ degrees\b`)},
	{"a needed roll written N+", regexp.MustCompile(`\b\d+\+(\s|$|[,;.)])`)},
	{"a rate of fire as ROF", regexp.MustCompile(`\bROF\b`)},
	{"a plural side's name with 's", regexp.MustCompile(`\b(British|French|Germans|Americans|Russians|Italians|Insurgents|Uhlans)'s\b`)},
	{"a rank tag in brackets", regexp.MustCompile(`\((leader|leaders)\)`)},
}

// leak names the first kind of notation found in text, or "".
func leak(text string) string {
	for _, n := range notation {
		if n.re.MatchString(text) {
			return n.what
		}
	}
	return ""
}

var digits = regexp.MustCompile(`[0-9.]+|[A-Z][a-z]+( [A-Z][a-z]+)*`)

// shape is a text with its numbers blanked, so that one wording is
// reported once.
func shape(text string) string { return digits.ReplaceAllString(text, "#") }

// TestTextsArePlainWords (issue 29's play-tests): on every shipped
// scenario, random games (fixed seeds) show the player no coordinates,
// command notation, dice notation or "(s)" in any event text, nor in the
// refusals a player's mouse can provoke: a fire command aimed at any
// other figure (a friend, a hidden enemy, one out of sight), a move to a
// random point (MoveCheck's reason), a command given by a figure that may
// not act now.
func TestTextsArePlainWords(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a few hundred commands on every scenario")
	}
	const steps = 250
	// one report per kind of text (digits and names aside)
	reported := map[string]bool{}
	for _, name := range scenarios.Names() {
		sc, m, err := scenarios.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		rs, _ := all.Get(sc.RuleSet)
		for _, seed := range []uint64{1, 2} {
			g, start, err := rules.NewGame(rs, sc, m, seed)
			if err != nil {
				t.Fatal(err)
			}
			seen := map[string]bool{}
			check := func(from, text string) {
				if text == "" || seen[text] {
					return
				}
				seen[text] = true
				if what := leak(text); what != "" && !reported[shape(text)] {
					reported[shape(text)] = true
					t.Errorf("%s seed %d: %s shows %s: %q", name, seed, from, what, text)
				}
			}
			for _, e := range start {
				check("a start event", e.Text)
			}
			r := rand.New(rand.NewPCG(seed, 29))
			for step := 0; step < steps && !g.St.Over; step++ {
				probeRefusals(g, r, check)
				c, ok := rules.RandomCommand(g, r)
				if !ok {
					break
				}
				// the odds card of the command about to be given
				if o, err := g.Odds(c); err == nil {
					check("an odds note", o.Note)
					for _, x := range o.Outcomes {
						check("an odds outcome", x.Name)
					}
					for _, m := range o.Mods {
						check("an odds modifier", m.Reason)
					}
					for _, pt := range o.Parts {
						check("an odds part", pt.Name)
						for _, x := range pt.Outcomes {
							check("an odds part's outcome", x.Name)
						}
					}
				} else {
					check("a refusal of odds", err.Error())
				}
				if step%10 == 0 {
					panelWords(g, check)
				}
				evs, err := g.Apply(c)
				if err != nil {
					check("a refusal of a listed command", err.Error())
					continue
				}
				for _, e := range evs {
					check("an event ("+e.Kind+")", e.Text)
					if l := e.Roll; l != nil {
						check("a roll's heading", l.What)
						check("a roll's outcome", l.Outcome)
						check("a roll's note", l.Note)
						for _, m := range l.Mods {
							check("a modifier", m.Reason)
						}
					}
				}
			}
		}
	}
}

// panelWords shows check the words of the side panel, the action bar's
// buttons and every figure's card as they stand.
func panelWords(g *rules.Game, check func(from, text string)) {
	s := g.St
	var ex rules.Explanation
	if e, ok := g.RS.(rules.Explainer); ok {
		ex = e.Explain(s)
	}
	check("the panel's head", ex.Head)
	check("the panel's turn", ex.Turn)
	check("the end button", ex.End)
	check("the order's note", ex.OrderNote)
	for _, l := range ex.Lines {
		check("a panel line", l)
	}
	for _, o := range ex.Order {
		check("an order of play entry", o.Label)
	}
	for _, p := range ex.Panels {
		check("a panel's title", p.Title)
		for _, it := range p.Items {
			check("a panel item", it.Label)
		}
	}
	for _, c := range g.Legal() {
		a := rules.ActionOf(g.RS, s, c)
		check("a button ("+c.Verb+")", a.Label)
		check("a short button ("+c.Verb+")", a.Short)
	}
	for i := range s.Figures {
		fi := rules.FigureOf(g.RS, s, s.Figures[i].ID)
		for _, l := range fi.Lines {
			check("a figure card line", l)
		}
		for _, m := range fi.Marks {
			check("a figure mark", m.Label)
		}
		for _, w := range fi.Weapons {
			check("a weapon card", w.Label)
			check("a weapon card's dice", w.Dice)
			for _, b := range w.Bands {
				check("a weapon band", b.Label)
				check("a weapon band's note", b.Note)
			}
		}
	}
}

// probeRefusals asks, without changing the game, for the refusals of a
// few commands a player could give by mouse that the rules may refuse.
func probeRefusals(g *rules.Game, r *rand.Rand, check func(from, text string)) {
	legal := g.Legal()
	if len(legal) == 0 {
		return
	}
	nf := len(g.St.Figures)
	for try := 0; try < 3; try++ {
		c := legal[r.IntN(len(legal))]
		if c.Unit != 0 && len(g.St.Units) > 1 {
			// the same order given to another team (a team clicked
			// out of turn)
			bad := c
			bad.Unit = rules.UnitID(1 + r.IntN(len(g.St.Units)))
			if bad.Unit != c.Unit {
				if err := g.Refusal(bad); err != nil {
					check("a refusal of "+c.Verb+" by another team", err.Error())
				}
			}
		}
		switch {
		case len(c.Targets) > 0:
			// the same shot at another figure, friend or foe, seen or not
			bad := c
			bad.Targets = []rules.FigID{rules.FigID(1 + r.IntN(nf))}
			if err := g.Refusal(bad); err != nil {
				check("a refusal of a shot at another figure", err.Error())
			}
			// the same shot by another figure
			bad = c
			bad.Fig = rules.FigID(1 + r.IntN(nf))
			if bad.Fig != c.Fig && bad.Unit == 0 {
				if err := g.Refusal(bad); err != nil {
					check("a refusal of a shot by another figure", err.Error())
				}
			}
		case c.Verb == "move" && c.Fig != 0:
			f := g.St.Fig(c.Fig)
			const reach = 30_000 // up to 30" away: often too far, into buildings, off limits
			p := geom.Pt{X: f.Pos.X + r.Int64N(2*reach+1) - reach, Y: f.Pos.Y + r.Int64N(2*reach+1) - reach}
			if m := g.St.Map; m != nil {
				// the table keeps a mouse on the table
				p.X, p.Y = min(max(p.X, 0), m.Width), min(max(p.Y, 0), m.Height)
			}
			if mi := g.MoveCheck(c.Fig, []geom.Pt{p}); !mi.OK {
				check("a move's reason (MoveCheck)", mi.Why)
				bad := c
				bad.Path = []geom.Pt{p}
				if err := g.Refusal(bad); err != nil {
					check("a refusal of a move", err.Error())
				}
			} else if mi.Why != "" {
				check("a move's note (MoveCheck)", mi.Why)
			}
			// a figure of the other side moving now
			other := rules.FigID(1 + r.IntN(nf))
			if of := g.St.Fig(other); of != nil && of.Side != f.Side && !of.Removed {
				if mi := g.MoveCheck(other, []geom.Pt{p}); !mi.OK {
					check("a move's reason for a figure that may not move", mi.Why)
				}
			}
		default:
			if c.Fig != 0 {
				// the same order given to another figure
				bad := c
				bad.Fig = rules.FigID(1 + r.IntN(nf))
				if bad.Fig != c.Fig {
					if err := g.Refusal(bad); err != nil {
						check("a refusal of "+c.Verb+" by another figure", err.Error())
					}
				}
			}
		}
	}
}

// TestUnseenTeamToldOncePerOrder (issue 29's play-tests): one order of a
// team the other side may not know of reads as one "An unseen enemy team
// acts." there, not one a figure (a Firefight leader motivating his six
// men read six times over).
func TestUnseenTeamToldOncePerOrder(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a few hundred commands on every scenario")
	}
	for _, name := range scenarios.Names() {
		sc, m, err := scenarios.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		rs, _ := all.Get(sc.RuleSet)
		g, _, err := rules.NewGame(rs, sc, m, 1)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(1, 29))
		for step := 0; step < 250 && !g.St.Over; step++ {
			c, ok := rules.RandomCommand(g, r)
			if !ok {
				break
			}
			other := 1 - g.St.Decider
			evs, err := g.Apply(c)
			if err != nil {
				continue
			}
			v := rules.ViewOf(rs, g.St, other)
			n := 0
			for _, e := range evs {
				if out, withheld := v.Tell(e); withheld && out.Text == "An unseen enemy team acts." {
					n++
				}
			}
			if n > 1 {
				t.Errorf("%s: %q reads %d times as \"An unseen enemy team acts.\"", name, c, n)
				break
			}
		}
	}
}
