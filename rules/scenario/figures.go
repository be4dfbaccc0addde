package scenario

import (
	"fmt"
	"sort"

	"hedgerow/rules"
	"hedgerow/rules/terrain"
)

// Figures, and the options that name points or pieces of the map
// (bad going, locked doors).

// The scanner numbers [[side.unit]] headers through the whole file (the
// TOML text does not restart them per side), so these give the running
// count a table has in the text.
func nUnitsOn(before []map[string]any, j int) int {
	n := j + 1
	for _, s := range before {
		if l, ok := s["unit"].([]map[string]any); ok {
			n += len(l)
		}
	}
	return n
}

func nFigsBefore(sides []map[string]any, si, uj int) int {
	n := 0
	for i := 0; i <= si && i < len(sides); i++ {
		units, _ := sides[i]["unit"].([]map[string]any)
		for j, u := range units {
			if i == si && j >= uj {
				break
			}
			if l, ok := u["figure"].([]map[string]any); ok {
				n += len(l)
			}
		}
	}
	return n
}

func (ld *scLoader) figure(ft map[string]any, fp string) rules.ScenarioFigure {
	f := rules.ScenarioFigure{}
	ld.checkKeys(ft, scFigureKeys, fp, "a figure")
	f.Name = ld.str(ft, fp, "name", true, MaxNameLen)
	if v, ok := ft["weapons"]; ok {
		l, ok := v.([]any)
		if !ok {
			ld.at(join(fp, "weapons"), "weapons must be a list of weapon names, like [\"rifle\"], not %s", kindOf(v))
		}
		if len(l) > MaxWeapons {
			ld.at(join(fp, "weapons"), "a figure carries at most %d weapons, not %d", MaxWeapons, len(l))
			l = nil
		}
		for _, w := range l {
			s, ok := w.(string)
			if !ok || s == "" {
				ld.at(join(fp, "weapons"), "each weapon must be a name in quotes, not %s", describeVal(w))
				continue
			}
			if msg := terrain.TextProblem("a weapon's name", s, MaxNameLen, false); msg != "" {
				ld.at(join(fp, "weapons"), "%s", msg)
				continue
			}
			if ld.vocab != nil {
				ld.word(join(fp, "weapons"), "weapon", s, ld.vocab.Weapons)
			}
			f.Weapons = append(f.Weapons, s)
		}
	}
	if v, ok := ft["leader"]; ok {
		b, ok := v.(bool)
		if !ok {
			ld.at(join(fp, "leader"), "leader must be true or false, not %s", kindOf(v))
		}
		f.Leader = b
	}
	if n, ok := ld.integer(ft, fp, "rating", -100, 100); ok {
		f.Rating = int(n)
	}
	if n, ok := ld.integer(ft, fp, "facing", 0, 359); ok {
		f.Facing = int(n)
	}
	if s := ld.str(ft, fp, "posture", false, MaxNameLen); s != "" {
		p, ok := rules.ParsePosture(s)
		if !ok {
			ld.at(join(fp, "posture"), "posture must be standing, crouching or prone, not %q", s)
		}
		f.Posture = p
	}
	if v, ok := ft["pos"]; ok {
		if p, msg := readPos(v); msg != "" {
			ld.at(join(fp, "pos"), "pos must be [x, y] in inches%s", msg)
		} else {
			f.Pos, f.HasPos = p, true
		}
	}
	f.Placed = ld.boolean(ft, fp, "placed")
	return f
}

// badGoing checks that every bad_going entry is a kind of terrain or the
// name of a piece on the map.
func (ld *scLoader) badGoing(sc *rules.Scenario, m *terrain.Map) {
	var words []string
	for pi := range m.Pieces {
		p := &m.Pieces[pi]
		if !contains(words, p.Kind) {
			words = append(words, p.Kind)
		}
		if p.Name != "" && !contains(words, p.Name) {
			words = append(words, p.Name)
		}
	}
	sort.Strings(words)
	for _, w := range sc.BadGoing {
		if contains(words, w) {
			continue
		}
		msg := fmt.Sprintf("bad_going: the map %q has no terrain kind or piece named %q", m.Name, w)
		if near, ok := terrain.Nearest(w, words); ok {
			msg += fmt.Sprintf(" (did you mean %q?)", near)
		}
		ld.at(rules.OptBadGoing, "%s", msg)
	}
}

// lockedDoors checks that every locked door the scenario names is a door
// of its map (its point, as the map gives it).
func (ld *scLoader) lockedDoors(sc *rules.Scenario, m *terrain.Map) {
	for _, p := range sc.LockedDoors {
		found := false
		for pi := range m.Pieces {
			for _, d := range m.Pieces[pi].Doors {
				found = found || d == p
			}
		}
		if !found {
			ld.at("locked_doors", "the map %q has no door at %s (a locked door is named by its point, as the map lists it)", m.Name, rules.PointText(p))
		}
	}
}
