package ssg

import (
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// FuzzApply feeds the rule set commands decoded from a byte stream: some
// taken from Legal (so the game moves on), some made up. Nothing may
// panic, a refused command must leave the game exactly as it was, and no
// figure may ever stand where it cannot.
func FuzzApply(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{1, 3, 200, 10, 2, 2, 5, 5, 9, 0, 0, 0, 3, 1, 1, 1})
	f.Add([]byte("move fire melee end and some more bytes to chew on"))
	sc, m := loadScenario(f, "ssg-standard.toml")
	f.Fuzz(func(t *testing.T, data []byte) {
		g, _, err := rules.NewGame(New(), sc, m, 1)
		if err != nil {
			t.Fatal(err)
		}
		next := func() int {
			if len(data) == 0 {
				return 0
			}
			b := data[0]
			data = data[1:]
			return int(b)
		}
		nf := len(g.St.Figures)
		for steps := 0; len(data) > 0 && !g.St.Over && steps < 200; steps++ {
			var c rules.Command
			switch k := next(); k % 6 {
			case 0, 1: // a legal command (moves get a made-up point)
				legal := g.Legal()
				c = legal[next()%len(legal)]
				if c.Verb == "move" {
					f := g.St.Fig(c.Fig)
					c.Path = []geom.Pt{{X: f.Pos.X + int64(next()-128)*40, Y: f.Pos.Y + int64(next()-128)*40}}
				}
			case 2: // a made-up move, perhaps of several legs
				c = rules.Command{Verb: "move", Fig: rules.FigID(next()%(nf+1) + 1)}
				for range next() % 4 {
					c.Path = append(c.Path, geom.Pt{X: int64(next()) * 160, Y: int64(next()) * 160})
				}
			case 3: // a made-up volley
				c = rules.Command{Verb: "fire", Fig: rules.FigID(next()%(nf+1) + 1)}
				for range next() % 5 {
					c.Targets = append(c.Targets, rules.FigID(next()%(nf+1)+1))
				}
			case 4:
				c = rules.Command{Verb: "melee", Fig: rules.FigID(next() % (nf + 1))}
				if c.Fig != 0 {
					c.Targets = []rules.FigID{rules.FigID(next()%(nf+1) + 1)}
				}
			default:
				verbs := []string{"end", "move", "fire", "melee", "rally"}
				c = rules.Command{Verb: verbs[next()%len(verbs)], Arg: []string{"", "x"}[next()%2]}
			}
			before := g.St.Hash()
			removed := c.Fig != 0 && int(c.Fig) <= nf && g.St.Fig(c.Fig).Removed
			if _, err := g.Apply(c); err != nil {
				if g.St.Hash() != before {
					t.Fatalf("refused %s changed the state", c)
				}
				continue
			}
			if removed {
				t.Fatalf("removed figure acted: %s", c)
			}
			for i := range g.St.Figures {
				fg := &g.St.Figures[i]
				if !fg.Removed {
					if why := standProblem(g.St, fg.ID, fg.Pos); why != "" {
						t.Fatalf("after %s: %s %s", c, fg.Name, why)
					}
				}
			}
		}
	})
}
