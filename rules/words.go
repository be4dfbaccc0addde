package rules

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// InchText writes a length for a player to read: inches to one decimal,
// with no ".0" ("3", "9.7"), and no inch mark. It is for words only:
// saves and notation keep the exact FormatInches.
func InchText(u int64) string {
	neg := u < 0
	if neg {
		u = -u
	}
	tenths := (u + geom.PerInch/20) / (geom.PerInch / 10)
	s := strconv.FormatInt(tenths/10, 10)
	if t := tenths % 10; t != 0 {
		s += "." + strconv.FormatInt(t, 10)
	}
	if neg && tenths != 0 {
		s = "-" + s
	}
	return s
}

// InchTextPast writes a length that is compared with a limit in the
// same words ("costs 6.04\" of 6\""): to one decimal, or to two when one
// would read the same as the limit.
func InchTextPast(u, limit int64) string {
	if t := InchText(u); t != InchText(limit) || u == limit {
		return t
	}
	h := (u + geom.PerInch/200) / (geom.PerInch / 100)
	return strconv.FormatInt(h/100, 10) + "." + fmt.Sprintf("%02d", h%100)
}

// Whereabouts says where p lies from a mark the player knows (the aim
// point, a target figure), with directions along the line of fire from
// from to the mark as the firer sees them: beyond or short, to the left
// or to the right; never coordinates nor directions on the screen. It
// gives "on the aim point" when p is within half an inch of the mark.
func Whereabouts(from, mark, p geom.Pt, markName string) string {
	d := p.Sub(mark)
	if d.Len2() < (geom.PerInch/2)*(geom.PerInch/2) {
		return "on " + markName
	}
	dist := InchText(geom.Dist(mark, p)) + "\""
	line := mark.Sub(from)
	if line.Len2() == 0 {
		return dist + " from " + markName
	}
	along, across := line.Dot(d), line.Cross(d) // across > 0: to the firer's right (y grows down the table)
	aa, ac := abs64(along), abs64(across)
	var words string
	switch {
	case 5*ac <= 2*aa: // within about 22 degrees of the line of fire
		words = "beyond"
		if along < 0 {
			words = "short of"
		}
		return dist + " " + words + " " + markName
	case 5*aa <= 2*ac: // square to it
		words = "to the right of"
		if across < 0 {
			words = "to the left of"
		}
		return dist + " " + words + " " + markName
	}
	words = "beyond"
	if along < 0 {
		words = "short"
	}
	side := "right"
	if across < 0 {
		side = "left"
	}
	return dist + " " + words + " and to the " + side + " of " + markName
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// PieceName names a piece of the map for a player: its own name, or its
// kind's ("wood", "wall"); id is its index in the map.
func PieceName(s *State, id int) string {
	if s.Map == nil || id < 0 || id >= len(s.Map.Pieces) {
		return "terrain"
	}
	p := &s.Map.Pieces[id]
	if p.Name != "" {
		return p.Name
	}
	if k, ok := terrain.KindByName(p.Kind); ok {
		return k.Label
	}
	return p.Kind
}

// OneOrMany is the word that agrees with a count of n: one for 1, else
// many ("1 step", "3 steps" are n and OneOrMany(n, "step", "steps")).
func OneOrMany(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// PieceWithKind names a piece of the map by its kind, then its own name
// where it has one that says more: "the bocage (Lane bank, west)", "the
// wood (Long wood)", "the hedge"; id is its index in m ("" when m has no
// such piece).
func PieceWithKind(m *terrain.Map, id int) string {
	if m == nil || id < 0 || id >= len(m.Pieces) {
		return ""
	}
	pc := &m.Pieces[id]
	what := pc.Kind
	if k, ok := terrain.KindByName(pc.Kind); ok {
		what = k.Label
	}
	what = "the " + strings.ToLower(what)
	if pc.Name != "" && !strings.EqualFold(pc.Name, what[4:]) {
		what += " (" + pc.Name + ")"
	}
	return what
}

// DieOrMore says which faces of one six-sided die reach n, for a player
// to read in place of "n+": "a 6", "a 5 or 6", "a 4, 5 or 6", "a 3 or
// more", "any roll" (n of 1 or less), "no roll" (n above 6).
func DieOrMore(n int) string {
	switch {
	case n <= 1:
		return "any roll"
	case n == 6:
		return "a 6"
	case n == 5:
		return "a 5 or 6"
	case n == 4:
		return "a 4, 5 or 6"
	case n > 6:
		return "no roll"
	}
	return fmt.Sprintf("a %d or more", n)
}

// FacingWords tells a facing (degrees clockwise from up the table) by the
// edge or corner of the table it points at, for a player to read in place
// of "294 degrees": "the table's left edge", "the table's top-right
// corner".
func FacingWords(deg int) string {
	names := [8]string{"top edge", "top-right corner", "right edge", "bottom-right corner", "bottom edge", "bottom-left corner", "left edge", "top-left corner"}
	d := (deg%360 + 360) % 360
	return "the table's " + names[(d+22)/45%8]
}

// Capital is s with its first letter a capital, to open a sentence ("the
// door bursts open" -> "The door ..."); a first letter that is not a
// small one is left as it is.
func Capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || !unicode.IsLower(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// Agree is the verb form that agrees with a side's name as its subject:
// one for a name taken as one body ("the Wehrmacht moves", "US Army
// fires"), many for a plural name ("British raiders move", "the Germans
// fire"), which ends in s, or like British, French and Japanese.
func Agree(name, one, many string) string {
	low := strings.ToLower(strings.TrimSpace(name))
	if strings.HasSuffix(low, "corps") || strings.HasSuffix(low, "korps") {
		return one
	}
	for _, end := range []string{"s", "ish", "ch", "ese"} {
		if strings.HasSuffix(low, end) && !strings.HasSuffix(low, "ss") {
			return many
		}
	}
	return one
}

// Percents are chances shown as whole percentages that add up as the
// chances do (to 100 for a full list of outcomes): each rounded down,
// and the points left over given to those with the largest remainders.
// Rounding each alone showed "kill 86%, serious 10%, light 3%, near miss
// 2%, miss 0%", 101 in all. The exact chances are left as they are.
func Percents(ps []float64) []int {
	out := make([]int, len(ps))
	sum, floors := 0.0, 0
	rem := make([]int, len(ps))
	for i, p := range ps {
		x := p * 100
		sum += x
		out[i] = int(math.Floor(x + 1e-9))
		floors += out[i]
		rem[i] = i
	}
	left := int(math.Round(sum)) - floors
	sort.SliceStable(rem, func(a, b int) bool {
		return ps[rem[a]]*100-float64(out[rem[a]]) > ps[rem[b]]*100-float64(out[rem[b]])
	})
	for k := 0; k < left && k < len(rem); k++ {
		out[rem[k]]++
	}
	return out
}

// OutcomePercents are Percents of a list of outcomes' chances.
func OutcomePercents(os []Outcome) []int {
	ps := make([]float64, len(os))
	for i, o := range os {
		ps[i] = o.P
	}
	return Percents(ps)
}

// DiceWords is a number of six-sided dice and an add, for a player to
// read in place of "2D6+1" or "1D+2": "1 die", "2 dice", "1 die + 2",
// "3 dice - 1".
func DiceWords(n, add int) string {
	s := fmt.Sprintf("%d dice", n)
	if n == 1 {
		s = "1 die"
	}
	switch {
	case add > 0:
		s += fmt.Sprintf(" + %d", add)
	case add < 0:
		s += fmt.Sprintf(" - %d", -add)
	}
	return s
}
