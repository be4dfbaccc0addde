package netplay

import (
	"errors"
	"fmt"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// Deployment over the network. Once the joiner is in, each side places
// its own figures on its own screen, as at one desk; neither sees the
// other's placing when that side sets up hidden (rules.DeployKnown), and
// nothing of the host's placing is sent to the joiner at all. The joiner
// sends its side's placements as "place F<n> X,Y" lines (the figures
// numbered as a save numbers them); the host checks them as a local
// deployment is checked and takes them or refuses them in plain words.
// When both sides are ready the host starts the battle from both
// placings, so its save's deploy list holds them and the save replays.

// Placing lists every figure of a scenario with its side, numbered from 1
// as a save's deploy list numbers them.
func placing(sc *rules.Scenario) (figs []*rules.ScenarioFigure, sides []int) {
	sc.EachFigure(func(s, _, _ int, f *rules.ScenarioFigure) {
		figs = append(figs, f)
		sides = append(sides, s)
	})
	return figs, sides
}

// PlaceLines are side's placements on sc as "place F<n> X,Y" lines.
func PlaceLines(sc *rules.Scenario, side int) []string {
	var out []string
	figs, sides := placing(sc)
	for i, f := range figs {
		if sides[i] == side {
			out = append(out, rules.Command{Verb: "place", Fig: rules.FigID(i + 1), Path: []geom.Pt{f.Pos}}.String())
		}
	}
	return out
}

// CheckPlacing checks side's placements (lines as PlaceLines writes
// them) on sc, a scenario whose figures all have a place (the scenario's
// own placing, rules.AutoDeploy), as a deployment at one desk is checked:
// every figure of the side once and no other, a figure the scenario
// places left where it is, each base wholly inside the side's set-up
// zone, on the table and on ground a figure may start on
// (rules.StartProblem), and no two bases overlapping (the other side's
// counted only when the side may see them while deploying). It returns
// sc with the placements made (a copy; sc is left alone), or a refusal
// in plain words.
func CheckPlacing(sc *rules.Scenario, m *terrain.Map, side int, lines []string) (*rules.Scenario, error) {
	out := sc.Clone()
	figs, sides := placing(out)
	mine := 0
	for _, s := range sides {
		if s == side {
			mine++
		}
	}
	if len(lines) != mine {
		return nil, fmt.Errorf("the placing lists %d figures, but your side has %d: every one of your figures needs its place", len(lines), mine)
	}
	r := out.BaseR
	if r <= 0 {
		r = rules.DefaultBaseR
	}
	seen := map[int]bool{}
	moved := make([]geom.Pt, len(figs))
	for _, line := range lines {
		c, err := rules.ParseCommand(line)
		if err != nil || c.Verb != "place" || len(c.Path) != 1 || c.Unit != 0 || len(c.Targets) != 0 || c.Arg != "" {
			return nil, fmt.Errorf("a placement reads %q; it should read \"place F<number> X,Y\"", clip(line))
		}
		i := int(c.Fig) - 1
		if i < 0 || i >= len(figs) || sides[i] != side {
			return nil, fmt.Errorf("figure %d is not one of your side's figures", c.Fig)
		}
		if seen[i] {
			return nil, fmt.Errorf("%s is placed twice", figs[i].Name)
		}
		seen[i] = true
		moved[i] = c.Path[0]
	}
	for i, f := range figs {
		if !seen[i] {
			continue
		}
		p := moved[i]
		if f.Placed || f.Aboard {
			if p != f.Pos {
				return nil, fmt.Errorf("%s is placed by the scenario and stays where he stands", f.Name)
			}
			continue
		}
		f.Pos, f.HasPos = p, true
		if ar, out := all.OutsideZone(out, m, side, f); out {
			return nil, fmt.Errorf("%s: keep the base wholly inside %s", f.Name, ar.Name)
		}
		if why := rules.StartProblem(out, m, p); why != "" {
			return nil, fmt.Errorf("%s: %s", f.Name, strings.TrimSuffix(lowerFirst(why), "."))
		}
	}
	for i, f := range figs {
		if !seen[i] || f.Aboard {
			continue
		}
		for k, o := range figs {
			if k == i || o.Aboard || !rules.DeployKnown(out, side, sides[k]) || (seen[k] && k < i) {
				continue
			}
			if (geom.Circle{C: f.Pos, R: r}).Overlaps(geom.Circle{C: o.Pos, R: r}) {
				return nil, fmt.Errorf("the bases of %s and %s overlap: bases may not overlap", f.Name, o.Name)
			}
		}
	}
	out.EachFigure(func(_, _, _ int, f *rules.ScenarioFigure) { f.HasPos = true })
	return out, nil
}

func lowerFirst(s string) string {
	if s == "" || strings.HasPrefix(s, "I ") {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// combine is sc (every figure placed) with side's figures where from
// places them.
func combine(sc, from *rules.Scenario, side int) *rules.Scenario {
	out := sc.Clone()
	a, sides := placing(out)
	b, _ := placing(from)
	for i := range a {
		if sides[i] == side {
			a[i].Pos, a[i].HasPos = b[i].Pos, true
		}
	}
	return out
}

var errNotDeploying = errors.New("the battle has begun: there is nothing to place any more")
