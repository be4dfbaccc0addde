package maxim

import (
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// FuzzApply feeds the rule set commands decoded from a byte stream, some
// from Legal and some made up. Nothing may panic, a refused command must
// leave the game as it was, and every figure must stand where it may.
func FuzzApply(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{1, 3, 200, 10, 2, 2, 5, 5, 9, 0, 0, 0, 3, 1, 1, 1})
	f.Add([]byte("move fire melee pass end and some more bytes to chew on"))
	sc, m := loadScenario(f, "maxim-rue-principale.toml")
	words := []string{"", "rifle", "grenade", "capture", "claymore", "lmg", "x"}
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
			switch next() % 5 {
			case 0, 1:
				legal := g.Legal()
				c = legal[next()%len(legal)]
				if c.Verb == "move" {
					p := g.St.Fig(c.Fig).Pos
					c.Path = []geom.Pt{{X: p.X + int64(next()-128)*40, Y: p.Y + int64(next()-128)*40}}
				}
			case 2:
				c = rules.Command{Verb: "move", Fig: rules.FigID(next()%nf + 1)}
				for range next() % 4 {
					c.Path = append(c.Path, geom.Pt{X: int64(next()) * 280, Y: int64(next()) * 180})
				}
			case 3:
				c = rules.Command{Verb: "fire", Fig: rules.FigID(next()%nf + 1), Arg: words[next()%len(words)]}
				for range next() % 5 {
					c.Targets = append(c.Targets, rules.FigID(next()%nf+1))
				}
				if next()%2 == 0 {
					c.Path = []geom.Pt{{X: int64(next()) * 280, Y: int64(next()) * 180}}
				}
			default:
				verbs := []string{"end", "pass", "melee", "fire", "move"}
				c = rules.Command{Verb: verbs[next()%len(verbs)], Fig: rules.FigID(next() % (nf + 1)), Arg: words[next()%len(words)]}
				if next()%2 == 0 {
					c.Targets = []rules.FigID{rules.FigID(next()%nf + 1)}
				}
			}
			before := g.St.Hash()
			if _, err := g.Apply(c); err != nil {
				if g.St.Hash() != before {
					t.Fatalf("refused %s changed the state", c)
				}
				continue
			}
			for i := range g.St.Figures {
				fg := &g.St.Figures[i]
				if !fg.Removed && !aboard(g.St, fg) {
					if why := standProblem(g.St, fg.ID, fg.Pos); why != "" {
						t.Fatalf("after %s: %s %s", c, fg.Name, why)
					}
				}
			}
		}
	})
}
