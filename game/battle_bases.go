package game

import (
	"image/color"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"hedgerow/game/art"
	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Where the table draws each figure's base, and which one the pointer is
// on: the team letters, the sides' rims, the bases' layout (table_bases.go).

// teamLetters names each unit on its figures' bases: A, B, C... in the
// order of its side's units.
func teamLetters(st *rules.State) map[rules.UnitID]string {
	out := map[rules.UnitID]string{}
	for side := range 2 {
		var ids []rules.UnitID
		var names []string
		for _, u := range st.Units {
			if u.Side == side {
				ids, names = append(ids, u.ID), append(names, u.Name)
			}
		}
		for i, l := range sideLetters(names) {
			if l != "" {
				out[ids[i]] = l
			}
		}
	}
	return out
}

// sideLetters are the letters on the bases of a side's teams, named in
// order: each team's initial where the initials tell them apart (a
// play-tester read the helicopter crew's "A" as Alpha, and Bravo's "C"
// as a third team), else A, B, C... in order. A side of one team has
// nothing to tell apart: no letter (every base marked "A" was a mark
// that said nothing).
func sideLetters(names []string) []string {
	out := make([]string, len(names))
	if len(names) < 2 {
		return out
	}
	seen := map[string]bool{}
	initials := true
	for i, n := range names {
		r, _ := utf8.DecodeRuneInString(strings.TrimSpace(n))
		l := strings.ToUpper(string(r))
		if !unicode.IsLetter(r) || seen[l] {
			initials = false
			break
		}
		seen[l], out[i] = true, l
	}
	if !initials {
		for i := range names {
			out[i] = unitLetter(i)
		}
	}
	return out
}

// rims are the two sides' colours as the table draws them (see sideRims).
func (b *battle) rims() [2]color.RGBA {
	return [2]color.RGBA{sideColour(b.st(), 0), sideColour(b.st(), 1)}
}

// rimCols are the sides' rim colours (rimColours).
func (b *battle) rimCols() [2]color.RGBA {
	return [2]color.RGBA{rimColour(b.st(), 0), rimColour(b.st(), 1)}
}

// figAt finds the figure whose drawn base is under a screen point (the
// nearest centre: see layoutBases).
func (b *battle) figAt(x, y float64) rules.FigID {
	ids, spots, lay := b.baseLayout()
	live := spots[:0:0]
	for _, s := range spots {
		if s.removed {
			s.pos = art.Pt{X: math.Inf(1), Y: math.Inf(1)} // a casualty is not picked up
		}
		live = append(live, s)
	}
	if k := nearestBase(live, lay, x, y); k >= 0 {
		return ids[k]
	}
	// a base drawn smaller than it is (a comrade's touching it) is still
	// his base: a press inside it takes him, not the hull under it
	if k := insideBase(live, b.tv.px(geom.Inches(b.st().BaseR)), x, y); k >= 0 {
		return ids[k]
	}
	return 0
}

// baseLayout lays out the bases of the figures the table draws (the
// living and casualties, none hidden from the player at it): their
// ids, where they stand on the screen and their drawn radii.
func (b *battle) baseLayout() ([]rules.FigID, []baseSpot, baseLayout) {
	st := b.st()
	r := figR(b.tv.px(geom.Inches(st.BaseR)))
	var ids []rules.FigID
	var spots []baseSpot
	for i := range st.Figures {
		f := &st.Figures[i]
		removed := f.Removed && !b.pending[f.ID]
		if b.hiddenFromViewer(f) {
			continue
		}
		sp := baseSpot{pos: b.drawPos(f), side: f.Side, team: b.letters[f.Unit], weapon: firstWeapon(f), named: b.weaponNamed(f), removed: removed}
		if !f.Removed && st.Carrier(f.ID) != 0 {
			// figures aboard a vehicle ride inside it, but for a man
			// the player may aim at, drawn on its deck (battle_vehicles.go)
			dp, ok := b.deckPos(f)
			if !ok {
				continue
			}
			sp.pos, sp.fixedR = dp, r*deckScale
		}
		ids, spots = append(ids, f.ID), append(spots, sp)
	}
	return ids, spots, layoutBases(spots, r)
}

func (b *battle) drawPos(f *rules.Figure) art.Pt {
	if p, _, ok := b.tl.FigurePos(f.ID); ok {
		return b.tv.scr(p)
	}
	return b.tv.scr(f.Pos)
}

// weaponNamed is the own name the rule set gives f's first weapon ("" for
// none): its tag is read from it (tagOf).
func (b *battle) weaponNamed(f *rules.Figure) string {
	st := b.st()
	if f.Side < 0 || f.Side > 1 {
		return ""
	}
	return rules.WeaponNameOf(b.g.RS, st.Scenario, st.Sides[f.Side].Name, firstWeapon(f))
}

func firstWeapon(f *rules.Figure) string {
	if len(f.Weapons) == 0 {
		return ""
	}
	return f.Weapons[0]
}

// zoomTip puts a line in the log, once a battle, when the table is drawn
// so small that figures' bases overlap (drawn at their least readable
// size, larger than to scale): the wheel zooms in at the pointer. A
// play-tester at 1024x640 saw squads as heaps of counters and was told
// nowhere that the table zooms. It reports whether it gave the tip.
func (b *battle) zoomTip() bool {
	if b.zoomTipped || b.tv.cam.Zoom <= 0 {
		return false
	}
	b.zoomTipped = true
	st := b.st()
	true_ := b.tv.px(geom.Inches(st.BaseR))
	r := figR(true_)
	if true_ >= r {
		return false // bases to scale: as apart as on a real table
	}
	overlaps := 0
	for i := range st.Figures {
		f := &st.Figures[i]
		if f.Removed || f.Unknown || f.Side != st.Decider {
			continue // the side at the table's own men only: nothing told of the other's hidden ones
		}
		for j := i + 1; j < len(st.Figures); j++ {
			g := &st.Figures[j]
			if g.Removed || g.Unknown {
				continue
			}
			if g.Side != f.Side {
				continue
			}
			if b.tv.px(geom.Inches(geom.Dist(f.Pos, g.Pos))) < 1.6*r {
				overlaps++
			}
		}
	}
	if overlaps < 3 {
		return false
	}
	b.log = append(b.log, logEntry{text: "Figures stand close at this size: the mouse wheel zooms in at the pointer (+ and - too), and a right drag pans.", side: -1})
	return true
}
