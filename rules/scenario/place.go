package scenario

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// Scenario loading: where figures are placed (pos, placed, set-up zones).

// placement checks figures against the map: on the table, not in
// impassable terrain, not on top of each other, deployment areas known,
// and room for those left to deploy.
func (ld *scLoader) placement(sc *rules.Scenario, m *terrain.Map) {
	for i := range sc.Sides {
		if d := sc.Sides[i].Deploy; d != "" {
			if _, ok := m.AreaByName(d); !ok {
				msg := fmt.Sprintf("the map %q has no area called %q", m.Name, d)
				if s, ok := terrain.Nearest(d, m.SortedAreaNames()); ok {
					msg += fmt.Sprintf(" (did you mean %q?)", s)
				} else if names := m.SortedAreaNames(); len(names) > 0 {
					msg += "; its areas are " + strings.Join(names, ", ")
				}
				ld.at(join(ld.sidePath[i], "deployment"), "%s", msg)
			}
		}
	}
	type placed struct {
		p    geom.Pt
		name string
	}
	var done []placed
	n := 0
	r := sc.BaseR
	sc.EachFigure(func(_, _, _ int, f *rules.ScenarioFigure) {
		fp := ""
		if n < len(ld.figPaths) {
			fp = ld.figPaths[n]
		}
		n++
		if !f.HasPos || f.Aboard {
			return
		}
		c := geom.Circle{C: f.Pos, R: r}
		at := join(fp, "pos")
		switch {
		case !rules.BaseOnTable(m, c):
			ld.at(at, "figure %q at %s is off the table (%s by %s inches), base and all", f.Name, rules.PointText(f.Pos), rules.FormatInches(m.Width), rules.FormatInches(m.Height))
			return
		case rules.BaseBlocked(m, c, rules.IndoorsFor(sc.RuleSet)):
			ld.at(at, "figure %q at %s stands in impassable terrain", f.Name, rules.PointText(f.Pos))
			return
		}
		for _, q := range done {
			if geom.Dist2(q.p, f.Pos) < 4*r*r {
				ld.at(at, "figure %q at %s overlaps %q at %s", f.Name, rules.PointText(f.Pos), q.name, rules.PointText(q.p))
				return
			}
		}
		done = append(done, placed{f.Pos, f.Name})
	})
	for i := range sc.Sides {
		for _, p := range sc.Sides[i].Traps {
			if !rules.BaseOnTable(m, geom.Circle{C: p}) {
				ld.at(join(ld.sidePath[i], "traps"), "the trap at %s is off the table (%s by %s inches)", rules.PointText(p), rules.FormatInches(m.Width), rules.FormatInches(m.Height))
			}
		}
	}
	ld.zones(sc, m)         // zone.go
	ld.placeVehicles(sc, m) // vehicle.go
	if len(ld.probs) > 0 {
		return
	}
	trial := sc.Clone()
	if err := rules.AutoDeploy(trial, m); err != nil {
		side := 0
		var de *rules.DeployError
		if errors.As(err, &de) {
			side = de.Side
		}
		ld.at(ld.sidePath[side], "cannot deploy side %d (%s): %v", side+1, sc.Sides[side].Name, err)
	}
}

// points reads a list of [x, y] points in inches (a side's traps).
func (ld *scLoader) points(t map[string]any, path, key string) []geom.Pt {
	v, ok := t[key]
	if !ok {
		return nil
	}
	l, isList := v.([]any)
	if !isList {
		ld.at(join(path, key), "%s must be a list of [x, y] points in inches, not %s", key, describeVal(v))
		return nil
	}
	var out []geom.Pt
	for i, e := range l {
		p, msg := readPos(e)
		if msg != "" {
			ld.at(join(path, key), "%s: point %d must be [x, y] in inches%s", key, i+1, msg)
			return nil
		}
		out = append(out, p)
	}
	return out
}

// readPos reads pos = [x, y] in inches; on failure msg says what is
// wrong, to follow "pos must be [x, y] in inches".
func readPos(v any) (geom.Pt, string) {
	l, isList := v.([]any)
	if !isList || len(l) != 2 {
		return geom.Pt{}, ", not " + describeVal(v)
	}
	var xy [2]float64
	for i, e := range l {
		var f float64
		switch n := e.(type) {
		case int64:
			f = float64(n)
		case float64:
			if math.IsNaN(n) || math.IsInf(n, 0) {
				return geom.Pt{}, fmt.Sprintf(": its %s is %v, not a number of inches", "xy"[i:i+1], n)
			}
			f = n
		default:
			return geom.Pt{}, fmt.Sprintf(": its %s is %s, not a number", "xy"[i:i+1], kindOf(e))
		}
		if math.Abs(f) > 1e6 {
			return geom.Pt{}, fmt.Sprintf(": its %s, %s, is far off any table", "xy"[i:i+1], shortNumber(f))
		}
		xy[i] = f
	}
	return geom.P(xy[0], xy[1]), ""
}
