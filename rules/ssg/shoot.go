package ssg

import (
	"errors"
	"fmt"
	"math/bits"
	"sort"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

const ruleShooting = "SSG Shooting"

// lineOfSight asks the terrain index; tests may stand in for it to check
// the SSG modifiers apart from the terrain geometry.
var lineOfSight = func(ix *terrain.Index, from geom.Pt, target geom.Circle, o terrain.LOSOptions) terrain.LOS {
	return ix.LineOfSight(from, target, o)
}

// SightOptions is how the Simple Skirmish Game judges sight, for the
// rules and for the table's line-of-sight tool: in three dimensions from
// the firer's helmet to every part of the target (a man ManHeight tall;
// the game has no postures), terrain nearer the firer never making a
// target partly hidden but still refusing the shot when it hides the
// target on every line.
func SightOptions() terrain.LOSOptions {
	return terrain.LOSOptions{IgnoreNearFirer: true, FigureHeight: terrain.ManHeight}
}

// weaponOf is the weapon a figure fires (the first it carries).
func weaponOf(f *rules.Figure) (Weapon, bool) {
	if len(f.Weapons) == 0 {
		return Weapon{}, false
	}
	return WeaponByID(f.Weapons[0])
}

// shotMods checks that f may shoot at t (range, line of sight) and returns
// the modifiers a die at t takes.
func shotMods(s *rules.State, f, t *rules.Figure) ([]rules.Mod, error) {
	if t == nil || t.Removed {
		return nil, errors.New("the target is not on the table")
	}
	if t.Side == f.Side {
		return nil, fmt.Errorf("%s is on %s own side", t.Name, rules.Possessive(f.Name))
	}
	w, ok := weaponOf(f)
	if !ok {
		return nil, fmt.Errorf("%s has no weapon to shoot with", f.Name)
	}
	var mods []rules.Mod
	switch {
	case geom.WithinDist(f.Pos, t.Pos, w.Short):
	case geom.WithinDist(f.Pos, t.Pos, w.Long):
		mods = append(mods, rules.Mod{Value: -1,
			Reason: fmt.Sprintf("beyond short range (%s\")", rules.FormatInches(w.Short)), Rule: ruleShooting})
	default:
		return nil, fmt.Errorf("%s is %s\" away, beyond the %s long range of %s\"", t.Name,
			rules.InchTextPast(geom.Dist(f.Pos, t.Pos), w.Long), rules.Possessive(w.Label), rules.FormatInches(w.Long))
	}
	if s.Terrain != nil {
		los := lineOfSight(s.Terrain, f.Pos, t.Base(s.BaseR), SightOptions())
		switch los.Vis {
		case terrain.Blocked:
			return nil, fmt.Errorf("%s cannot see %s: terrain blocks every line of sight", f.Name, t.Name)
		case terrain.Partial:
			mods = append([]rules.Mod{{Value: -1, Reason: "partial line of sight", Rule: ruleShooting}}, mods...)
		}
	}
	return mods, nil
}

// volley is a checked fire command.
type volley struct {
	f       *rules.Figure
	w       Weapon
	targets []rules.FigID // distinct, in order of first mention
	dice    []int         // dice at each distinct target
	mods    [][]rules.Mod // modifiers at each distinct target
}

func planFire(s *rules.State, c rules.Command) (*volley, error) {
	if len(c.Path) > 0 || c.Unit != 0 || c.Arg != "" {
		return nil, fmt.Errorf("a fire command names the firer and one target per die: %q", c.String())
	}
	f := s.Fig(c.Fig)
	if f == nil || f.Removed {
		return nil, errors.New("that figure is no longer on the table")
	}
	if f.Side != s.Active {
		return nil, fmt.Errorf("%s is not one of %s figures", f.Name, rules.Possessive(s.Sides[s.Active].Name))
	}
	if f.Var(VarFired) != 0 {
		return nil, fmt.Errorf("%s has already fired this turn", f.Name)
	}
	w, ok := weaponOf(f)
	if !ok {
		return nil, fmt.Errorf("%s has no weapon to shoot with", f.Name)
	}
	if len(c.Targets) == 0 {
		return nil, errors.New("name a target for each die")
	}
	if len(c.Targets) > w.ROF {
		return nil, fmt.Errorf("a %s rolls at most %d %s; %d targets were named", w.Label, w.ROF, rules.OneOrMany(w.ROF, "die", "dice"), len(c.Targets))
	}
	v := &volley{f: f, w: w}
	for _, id := range c.Targets {
		i := indexOfID(v.targets, id)
		if i >= 0 {
			v.dice[i]++
			continue
		}
		t := s.Fig(id)
		if t == nil {
			return nil, errors.New("a target named is no figure on the table")
		}
		mods, err := shotMods(s, f, t)
		if err != nil {
			return nil, err
		}
		v.targets = append(v.targets, id)
		v.dice = append(v.dice, 1)
		v.mods = append(v.mods, mods)
	}
	return v, nil
}

func applyFire(s *rules.State, c rules.Command) ([]rules.Event, error) {
	v, err := planFire(s, c)
	if err != nil {
		return nil, err
	}
	v.f.SetVar(VarFired, 1)
	var evs []rules.Event
	for n, id := range c.Targets {
		t := s.Fig(id)
		i := indexOfID(v.targets, id)
		if t.Removed {
			evs = append(evs, rules.Event{Kind: "lost", Side: v.f.Side, Fig: v.f.ID, Target: id,
				Text: fmt.Sprintf("Die %d at %s is lost: the target is already down", n+1, t.Name)})
			continue
		}
		d := s.Roll(6)
		l := &rules.Ledger{What: fmt.Sprintf("%s shot, %s at %s", rules.Capital(v.w.Label), v.f.Name, t.Name),
			Dice: []rules.Die{d}, Target: HitOn, Compare: ">=", Mods: append([]rules.Mod(nil), v.mods[i]...)}
		l.Total = d.Face + l.ModTotal()
		l.Outcome = "miss"
		if l.Total >= HitOn {
			l.Outcome = "hit"
		}
		text := fmt.Sprintf("%s fires at %s: rolls %d", v.f.Name, t.Name, d.Face)
		if m := l.ModTotal(); m != 0 {
			text += fmt.Sprintf(" %+d = %d", m, l.Total)
		}
		text += fmt.Sprintf(", needs %d: %s", HitOn, l.Outcome)
		evs = append(evs, rules.Event{Kind: "roll", Side: v.f.Side, Fig: v.f.ID, Target: id, Roll: l, Text: text})
		if l.Outcome == "hit" {
			evs = append(evs, remove(s, id, "shot by "+v.f.Name)...)
			if s.Over {
				break
			}
		}
	}
	return evs, nil
}

// hitFaces counts the d6 faces that hit with the given total modifier.
func hitFaces(mod int) int {
	need := max(HitOn-mod, 1)
	return max(0, 6-need+1)
}

func fireOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	v, err := planFire(s, c)
	if err != nil {
		return rules.Odds{}, err
	}
	n := len(v.targets)
	// Chance each die at a target hits.
	hit := make([]float64, n)
	var mods []rules.Mod
	var notes []string
	for i := range v.targets {
		m := 0
		for _, x := range v.mods[i] {
			m += x.Value
			if n > 1 {
				x.Reason = figName(s, v.targets[i]) + ": " + x.Reason
			}
			mods = append(mods, x)
		}
		hit[i] = float64(hitFaces(m)) / 6
		survive := 1.0
		for k := 0; k < v.dice[i]; k++ {
			survive *= 1 - hit[i]
		}
		notes = append(notes, fmt.Sprintf("%s removed %.1f%% (%s, needs %d%s)", figName(s, v.targets[i]),
			100*(1-survive), diceWords(v.dice[i]), HitOn, modText(m)))
	}
	// The dice are rolled in the order named, as the engine rolls them: a
	// die at a figure already removed is lost, and the volley stops when a
	// removal ends the game.
	side := s.Fig(v.targets[0]).Side
	left := lossLimit(s, side) - s.Sides[side].Losses
	p := make([]float64, 1<<n) // by set of removed targets
	var walk func(d int, mask int, pr float64)
	walk = func(d int, mask int, pr float64) {
		if d == len(c.Targets) || bits.OnesCount(uint(mask)) >= left {
			p[mask] += pr
			return
		}
		i := indexOfID(v.targets, c.Targets[d])
		if mask&(1<<i) != 0 {
			walk(d+1, mask, pr)
			return
		}
		// Each product rounded on its own (no fused multiply-add), so
		// the odds are the same on every machine.
		walk(d+1, mask|1<<i, float64(pr*hit[i]))
		walk(d+1, mask, float64(pr*(1-hit[i])))
	}
	walk(0, 0, 1)
	odds := rules.Odds{Mods: mods, Note: strings.Join(notes, "; ")}
	if n == 1 {
		odds.Outcomes = []rules.Outcome{{Name: "hit", P: p[1]}, {Name: "miss", P: p[0]}}
		return odds, nil
	}
	masks := make([]int, 1<<n)
	for i := range masks {
		masks[i] = i
	}
	sort.SliceStable(masks, func(i, j int) bool {
		a, b := bits.OnesCount(uint(masks[i])), bits.OnesCount(uint(masks[j]))
		if a != b {
			return a < b
		}
		return masks[i] < masks[j]
	})
	for _, mask := range masks {
		var names []string
		for i := 0; i < n; i++ {
			if mask&(1<<i) != 0 {
				names = append(names, figName(s, v.targets[i]))
			}
		}
		odds.Outcomes = append(odds.Outcomes, rules.Outcome{Name: outcomeName(names), P: p[mask]})
	}
	return odds, nil
}

// FireOutcome names what a fire command did, in Odds' words: "hit" or
// "miss" for one target, else the set of targets removed; s is the state
// the command was given in.
func FireOutcome(s *rules.State, c rules.Command, evs []rules.Event) string {
	var ids []rules.FigID
	for _, id := range c.Targets {
		if indexOfID(ids, id) < 0 {
			ids = append(ids, id)
		}
	}
	var names []string
	for _, id := range ids {
		for _, e := range evs {
			if e.Kind == "removed" && e.Fig == id {
				names = append(names, figName(s, id))
				break
			}
		}
	}
	if len(ids) == 1 {
		if len(names) == 1 {
			return "hit"
		}
		return "miss"
	}
	return outcomeName(names)
}

// outcomeName names a set of removed targets: "no hits", "Blue rifle 1
// removed", "Blue rifle 1 and Blue rifle 2 removed", "A, B and C removed".
func outcomeName(ids []string) string {
	switch len(ids) {
	case 0:
		return "no hits"
	case 1:
		return ids[0] + " removed"
	}
	return strings.Join(ids[:len(ids)-1], ", ") + " and " + ids[len(ids)-1] + " removed"
}

func modText(m int) string {
	if m == 0 {
		return ""
	}
	return fmt.Sprintf(", %+d from modifiers", m)
}

func indexOfID(ids []rules.FigID, id rules.FigID) int {
	for i, x := range ids {
		if x == id {
			return i
		}
	}
	return -1
}

// diceWords counts dice in words: "a die", "two dice".
func diceWords(n int) string {
	if n >= 1 && n <= 6 {
		return [...]string{"a die", "two dice", "three dice", "four dice", "five dice", "six dice"}[n-1]
	}
	return fmt.Sprintf("%d dice", n)
}
