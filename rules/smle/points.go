package smle

import (
	"fmt"
	"math"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/terrain"
)

// Points prices both sides of a scenario by the rulebook's points guide
// (without the map, so no prepared positions): see PointsOnMap.
func Points(sc *rules.Scenario) (perSide [2]int, lines []string) {
	return PointsOnMap(sc, nil)
}

// PointsOnMap prices both sides of a scenario by the rulebook's points
// guide, for the UI's briefing screen. It returns each side's total
// (rounded to whole points) and one plain line per team showing how its
// price was reached, then one total line per side. Pricing, per team:
//
//   - 12 points per team; a team with more figures than the guide's
//     largest team for its quality (data/tables.toml [team_size]) counts
//     as that many teams, rounded up; a figure with a support weapon
//     (heavy, machine gun, rocket or flame) counts as two figures;
//   - times the force multipliers that apply: elite x2, warriors or
//     fanatics x1.5, the team's best weapon better (1D+1) x1.5 or heavy
//     (1D+2, or two dice) x2;
//   - plus the leader: 12 for the top unit of a three-level tree (a
//     platoon), 6 for a unit heading teams or standing alone (a section);
//     a team leader under a section costs nothing extra;
//   - plus 1 per hand or rifle grenade carried, 2 per rocket;
//   - plus 12 when m is given and every placed figure of the team starts
//     in a prepared position.
func PointsOnMap(sc *rules.Scenario, m *terrain.Map) (perSide [2]int, lines []string) {
	d := Std()
	var ix *terrain.Index
	if m != nil {
		ix = terrain.NewIndex(m)
	}
	for si, sd := range sc.Sides {
		height := map[string]int{} // levels of units below the unit
		for _, u := range sd.Units {
			// Walk up, raising each ancestor's height.
			h, p := 0, u.Parent
			for p != "" && h < len(sd.Units) {
				h++
				height[p] = max(height[p], h)
				p = parentOf(sd.Units, p)
			}
		}
		total := 0.0
		for _, u := range sd.Units {
			p, why := d.unitPoints(u, height[u.Name], ix)
			total += p
			lines = append(lines, fmt.Sprintf("%s: %s (%s): %s = %s", sd.Name, u.Name, unitWords(u), why, trimFloat(p)))
		}
		if n := len(sd.Traps); n > 0 {
			// A booby trap is a rigged hand grenade: priced as one (house value).
			p := float64(n * d.Points["hand_grenade"])
			total += p
			traps := "booby traps"
			if n == 1 {
				traps = "booby trap"
			}
			lines = append(lines, fmt.Sprintf("%s: %d %s at %d each = %s", sd.Name, n, traps, d.Points["hand_grenade"], trimFloat(p)))
		}
		if sd.Hidden {
			total *= d.Multipliers["hidden_setup"]
			lines = append(lines, fmt.Sprintf("%s: set up hidden x%s", sd.Name, trimFloat(d.Multipliers["hidden_setup"])))
		}
		perSide[si] = int(math.Round(total))
		lines = append(lines, fmt.Sprintf("%s: total %d points", sd.Name, perSide[si]))
	}
	return perSide, lines
}

func parentOf(us []rules.ScenarioUnit, name string) string {
	for _, u := range us {
		if u.Name == name {
			return u.Parent
		}
	}
	return ""
}

func unitWords(u rules.ScenarioUnit) string {
	w := []string{u.Quality}
	if u.Motive != "" {
		w = append(w, u.Motive)
	}
	return strings.Join(w, ", ") + fmt.Sprintf(", %d figures", len(u.Figures))
}

func trimFloat(v float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", v), "0"), ".")
}

// support reports a weapon whose carrier counts as two figures.
func support(w *Weapon) bool {
	return w.Heavy() || (w.Has('A') && w.Range >= 28) || (w.Dice >= 2 && !w.Thrown && w.ID != "grenade-launcher")
}

// unitPoints prices one unit; height is how many levels of units it heads.
func (d *Data) unitPoints(u rules.ScenarioUnit, height int, ix *terrain.Index) (float64, string) {
	count, leader, grenades, rockets, best := 0, false, 0, 0, ""
	prepared := ix != nil && len(u.Figures) > 0
	for _, f := range u.Figures {
		leader = leader || f.Leader
		n := 1
		for i, id := range f.Weapons {
			w, ok := d.Weapon(id)
			if !ok {
				continue
			}
			switch {
			case w.Thrown || w.ID == "grenade-launcher":
				grenades++
			case w.Explosive() && !w.Heavy():
				rockets++
			}
			if i == 0 && support(w) {
				n = 2
			}
			// Mortars and plain firearms count towards better or heavy
			// weapons; rockets and the braced heavy guns (1D+2) do not.
			// The GPMG (1D+1) must be braced but still prices as a better
			// weapon.
			if !w.Thrown && w.ID != "grenade-launcher" && (w.Explosive() == w.Heavy() || (w.Heavy() && w.Add < 2)) {
				switch {
				case w.Add >= 2 || w.Dice >= 2:
					best = "heavy_weapons"
				case w.Add == 1 && best == "":
					best = "better_weapons"
				}
			}
		}
		count += n
		if prepared {
			in := false
			if f.HasPos {
				for _, id := range ix.AreaAt(f.Pos) {
					in = in || ix.Map.Pieces[id].Props.Cover == terrain.CoverPrepared
				}
			}
			prepared = in
		}
	}
	teams := 1
	if mx := d.TeamSize[u.Quality]; mx > 0 && count > mx {
		teams = (count + mx - 1) / mx
	}
	p := float64(teams * d.Points["team"])
	why := fmt.Sprintf("%d", teams*d.Points["team"])
	if teams > 1 {
		why = fmt.Sprintf("%d teams' worth x %d", teams, d.Points["team"])
	}
	mul := func(key, words string) {
		if v, ok := d.Multipliers[key]; ok && v != 1 {
			p *= v
			why += fmt.Sprintf(" x%s %s", trimFloat(v), words)
		}
	}
	switch u.Motive {
	case "elite":
		mul("elite", "elite")
	case "warriors", "fanatic":
		mul(u.Motive, u.Motive)
	}
	switch best {
	case "heavy_weapons":
		mul(best, "heavy weapons")
	case "better_weapons":
		mul(best, "better weapons")
	}
	add := func(v int, words string) {
		if v != 0 {
			p += float64(v)
			why += fmt.Sprintf(" + %d %s", v, words)
		}
	}
	if leader {
		switch {
		case height >= 2:
			add(d.Points["platoon_leader"], "platoon leader")
		case height == 1 || u.Parent == "":
			add(d.Points["section_leader"], "section leader")
		}
	}
	add(grenades*d.Points["hand_grenade"], "grenades")
	add(rockets*d.Points["rocket"], "rockets")
	if prepared {
		add(d.Points["prepared_position"], "prepared position")
	}
	return p, why
}
