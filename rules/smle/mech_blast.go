package smle

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Explosive and other mechanics: burst dice by distance, where a shot lands, leader quality, door kicks.

// BurstDiceAt is BurstDice measured exactly between two points.
func BurstDiceAt(n int, impact, p geom.Pt) int {
	k := 0
	d2 := geom.Dist2(impact, p)
	for k < n {
		r := int64(k+1) * geom.PerInch
		if d2 < r*r {
			break
		}
		k++
	}
	return n - k
}

// Deviation gives the signed distance in position units a missed
// explosive lands from its aim point along the firer-to-aim line
// (negative = short). missBy is how many points the to-hit roll missed
// by; face is the 1D6 that picks short (1..short_max) or long.
func (d *Data) Deviation(missBy, face int, grenade, far bool) int64 {
	e := d.Explosive
	dist := int64(missBy) * geom.PerInch
	if grenade {
		dist = (dist*int64(e.GrenadeFactorNum) + int64(e.GrenadeFactorDen) - 1) / int64(e.GrenadeFactorDen)
	}
	if far {
		dist *= int64(e.FarFactor)
	}
	if face <= e.ShortMax {
		return -dist
	}
	return dist
}

// ImpactPoint moves the aim point dev units along the line from firer to
// aim (rounded to the nearest unit).
func ImpactPoint(from, aim geom.Pt, dev int64) geom.Pt {
	if dev == 0 || from == aim {
		return aim
	}
	v := aim.Sub(from)
	l := geom.Dist(from, aim)
	return geom.Pt{X: aim.X + roundDiv(v.X*dev, l), Y: aim.Y + roundDiv(v.Y*dev, l)}
}

func roundDiv(a, b int64) int64 {
	if (a < 0) != (b < 0) {
		return -((-a + b/2) / b)
	}
	return (a + b/2) / b
}

// DistanceNames for deviation.
func devText(dev int64) string {
	if dev < 0 {
		return fmt.Sprintf("%s\" short", rules.InchText(-dev))
	}
	return fmt.Sprintf("%s\" long", rules.InchText(dev))
}

// ---------------------------------------------------------------------------
// Optional rolls before the game

// LeaderQualityFor reads the leader quality table: face is the first 1D6,
// again the second (used only for a good leader).
func (d *Data) LeaderQualityFor(face, again int) LeaderQuality {
	var good LeaderQuality
	for _, q := range d.Leaders {
		if face >= q.Min && face <= q.Max {
			good = q
		}
	}
	if good.Name == "good" && again >= d.LeaderReroll.ExceptionalOn {
		for _, q := range d.Leaders {
			if q.Name == "exceptional" {
				return q
			}
		}
	}
	return good
}

// RollLeaderQuality rolls a leader's quality (the optional rule): 1D6,
// and a second die for a good leader.
func (d *Data) RollLeaderQuality(s *rules.State, who string) (LeaderQuality, rules.Ledger) {
	a := s.Roll(6)
	l := rules.Ledger{What: "Leader quality, " + who, Dice: []rules.Die{a}, Compare: "table", Total: a.Face}
	again := 0
	if q := d.LeaderQualityFor(a.Face, 0); q.Name == "good" {
		b := s.Roll(6)
		l.Dice = append(l.Dice, b)
		again = b.Face
		l.Note = fmt.Sprintf("good leaders roll again: %s makes them exceptional", rules.DieOrMore(d.LeaderReroll.ExceptionalOn))
	}
	q := d.LeaderQualityFor(a.Face, again)
	l.Outcome = q.Name
	return q, l
}

// RollQuality rolls an element's troop quality (1D6; a section leader adds
// the table's leader add).
func (d *Data) RollQuality(s *rules.State, who string, leader bool) (string, rules.Ledger) {
	a := s.Roll(6)
	l := rules.Ledger{What: "Troop quality, " + who, Dice: []rules.Die{a}, Compare: "table", Total: a.Face}
	if leader {
		l.Mods = []rules.Mod{{Value: d.RandomQualityLeaderAdd.Add, Reason: "section leader", Rule: "SMLE Troop Quality"}}
		l.Total += d.RandomQualityLeaderAdd.Add
	}
	for _, q := range d.RandomQuality {
		if l.Total >= q.Min && l.Total <= q.Max {
			l.Outcome = q.Name
		}
	}
	return l.Outcome, l
}

// KickDoor resolves kicking in a door: 1D6 + modifiers, success on the
// table's target or more. mods names the door table's keys that apply
// (untrained, green, veteran, elite, fanatic, breakers, reluctant).
func (d *Data) KickDoor(face int, keys ...string) (bool, rules.Ledger) {
	l := rules.Ledger{What: "Kick in a door", Dice: []rules.Die{{Sides: 6, Face: face}}, Target: d.Door["target"], Compare: ">="}
	for _, k := range keys {
		if v := d.Door[k]; v != 0 && k != "target" {
			l.Mods = append(l.Mods, rules.Mod{Value: v, Reason: k, Rule: "SMLE Opening a Door"})
		}
	}
	l.Total = face + l.ModTotal()
	ok := l.Total >= l.Target
	l.Outcome = map[bool]string{true: "door open", false: "door holds"}[ok]
	return ok, l
}

// TeamPoints prices one team by the rulebook's rough guide: 12 points a
// team, times the force multipliers named (elite, warriors, fanatic,
// better_weapons, heavy_weapons, heavy_armour, power_armour, unarmoured),
// plus leaders (section 6, platoon 12) and grenades or rockets.
func (d *Data) TeamPoints(multipliers []string, sectionLeader, platoonLeader bool, grenades, rockets int) float64 {
	p := float64(d.Points["team"])
	for _, m := range multipliers {
		if v, ok := d.Multipliers[m]; ok {
			p *= v
		}
	}
	if sectionLeader {
		p += float64(d.Points["section_leader"])
	}
	if platoonLeader {
		p += float64(d.Points["platoon_leader"])
	}
	return p + float64(grenades*d.Points["hand_grenade"]+rockets*d.Points["rocket"])
}
