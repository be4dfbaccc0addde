package game

import (
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
)

// Weapon tags: the short plate on a base that names a man's weapon
// (LMG, SMG, PIAT), laid out so that it reads as one word on its own.

// weaponKind reads a weapon id as a silhouette: rifle, smg, mg, pistol,
// launcher, mortar or flamer.
func weaponKind(id string) string {
	w := strings.ToLower(id)
	has := func(xs ...string) bool {
		for _, x := range xs {
			if strings.Contains(w, x) {
				return true
			}
		}
		return false
	}
	switch {
	case has("smg", "sten", "mp40", "thompson", "sub"):
		return "smg"
	case has("pistol", "revolver"):
		return "pistol"
	case has("mortar"):
		return "mortar"
	case has("flame"):
		return "flamer"
	case has("bazooka", "piat", "panzerfaust", "schreck", "launcher", "rpg", "atgm", "law", "recoilless", "at-rifle", "anti-tank"):
		return "launcher"
	case has("lmg", "gpmg", "hmg", "mg", "bren", "machine", "maxim", "vickers", "lewis", "saw", "minimi"):
		return "mg"
	}
	return "rifle"
}

// weaponTag is the short name of a weapon that sets a figure apart from
// the riflemen ("" for a rifle or a pistol): SMG, LMG, MG42, BREN, PIAT...
func weaponTag(id string) string {
	w := strings.ToLower(id)
	for _, k := range []struct{ in, tag string }{
		{"grenade-launcher", "GL"}, {"sniper", "SNIPER"}, {"manpads", "SAM"}, {"mmg", "MMG"}, {"law", "LAW"},
		{"mg42", "MG42"}, {"mg34", "MG34"}, {"bren", "BREN"}, {"piat", "PIAT"}, {"bazooka", "BAZ"},
		{"panzerfaust", "PzF"}, {"schreck", "PzS"}, {"gpmg", "GPMG"}, {"hmg", "HMG"}, {"vickers", "HMG"},
		{"maxim", "HMG"}, {"minimi", "SAW"}, {"saw", "SAW"}, {"bar", "BAR"}, {"rpg", "RPG"},
	} {
		if k.in == "bar" || k.in == "law" || k.in == "saw" {
			if w == k.in || strings.HasPrefix(w, k.in+"-") {
				return k.tag
			}
			continue
		}
		if strings.Contains(w, k.in) {
			return k.tag
		}
	}
	switch weaponKind(id) {
	case "smg":
		return "SMG"
	case "mg":
		return "LMG"
	case "launcher":
		return "AT"
	case "mortar":
		return "MORT"
	case "flamer":
		return "FLAM"
	}
	return ""
}

// tagOf is a weapon's tag from its own name, where the rule set gives it
// one a tag is known by ("Bazooka" BAZ, "MG 42" MG42, "M72 LAW" LAW),
// else from its id: a 1944 US squad's bazooka read "RPG" (play-test 4).
func tagOf(id, name string) string {
	n := strings.ReplaceAll(strings.ToLower(name), " ", "")
	if n == "bar" {
		return "BAR"
	}
	for _, k := range []struct{ in, tag string }{
		{"bazooka", "BAZ"}, {"panzerschreck", "PzS"}, {"panzerfaust", "PzF"}, {"mg42", "MG42"}, {"mg34", "MG34"},
		{"bren", "BREN"}, {"piat", "PIAT"}, {"law", "LAW"}, {"rpg", "RPG"},
	} {
		if n != "" && strings.Contains(n, k.in) {
			return k.tag
		}
	}
	return weaponTag(id)
}

// drawWeaponTag writes a figure's weapon in letters, bold on a dark plate
// on the lower right of its base (LMG, SMG, MG42, PIAT), read without
// hovering. It is drawn after every figure, so no neighbour's base hides
// it.
func drawWeaponTag(dst *ebiten.Image, f figLook) {
	if f.removed {
		return
	}
	if t, ok := tagPlate(tagOf(f.weapon, f.named), f.r, f.pos); ok {
		drawTagPlate(dst, t, f.rimOr())
	}
}

func drawTagPlate(dst *ebiten.Image, t plate, side color.RGBA) {
	fc := art.BoldFace(t.fs / art.UIScale)
	art.RoundRect(dst, t.x, t.y, t.w, t.h, 2*art.Device, art.RGBA(0x14110c, 235))
	art.Rect(dst, t.x, t.y+t.h-1.5*art.Device, t.w, 1.5*art.Device, side)
	art.Say(dst, t.tag, fc, t.x+t.w/2, t.y+t.h*0.5-t.fs*0.62, art.RGB(0xfff6dc), 1)
}

// drawWeaponTags draws the weapon tags of figures already drawn. In a
// packed group (bases overlapping at the fit-the-table zoom) a tag in
// its usual place would touch a neighbour's team letter, star or tag and
// read as one word with it ("ASMG"): it then moves up its own base, to
// the middle or the top, to the first place clear of them all, and stays
// in its usual place when none is clear.
func drawWeaponTags(dst *ebiten.Image, looks []figLook) {
	for i, t := range placeTags(looks) {
		if t.tag != "" {
			drawTagPlate(dst, t, looks[i].rimOr())
		}
	}
}

// placeTags lays out the weapon tags of looks (an empty plate for a
// figure with none): see drawWeaponTags.
func placeTags(looks []figLook) []plate {
	gap := 1.5 * art.Device
	type disc struct {
		c art.Pt
		r float64
	}
	var discs []disc // other figures' letters and stars
	owner := []int{}
	for i, f := range looks {
		if f.removed {
			continue
		}
		if pc, pr, ok := letterPlate(f.team, f.r, f.pos); ok && !f.grouped {
			discs, owner = append(discs, disc{pc, pr}), append(owner, i)
		}
		if f.leader {
			sc, sr := starAt(f.r, f.pos)
			discs, owner = append(discs, disc{sc, sr}), append(owner, i)
		}
	}
	// the marks' tokens under each base (drawMarks), as boxes
	var boxes []plate
	boxOwner := []int{}
	for i, f := range looks {
		if f.removed || len(f.marks) == 0 {
			continue
		}
		sz := math.Max(12*art.Device, f.r*0.62)
		box := plate{x: f.pos.X - f.r, y: f.pos.Y + f.r*1.05, w: (sz + 2) * float64(len(f.marks)), h: sz}
		if f.markAt.w > 0 {
			box = f.markAt
		}
		boxes = append(boxes, box)
		boxOwner = append(boxOwner, i)
	}
	out := make([]plate, len(looks))
	var placed []plate
	clear := func(i int, p plate) bool {
		for k, q := range boxes {
			if boxOwner[k] != i && p.meets(q, gap) {
				return false
			}
		}
		for k, d := range discs {
			if owner[k] != i && p.nearDisc(d.c, d.r, gap) {
				return false
			}
		}
		for _, q := range placed {
			if p.meets(q, gap) {
				return false
			}
		}
		return true
	}
	for i, f := range looks {
		if f.removed || f.grouped {
			continue // (a packed group's tags are on its roster)
		}
		t, ok := tagPlate(tagOf(f.weapon, f.named), f.r, f.pos)
		if !ok {
			continue
		}
		best := t
		// on its base (low, middle, high), then off it to the right or
		// left (level with its middle, then just below or above it)
		mid := f.pos.Y - t.h/2
		right, left := f.pos.X+f.r+gap, f.pos.X-f.r-gap-t.w
		for _, at := range [][2]float64{{t.x, t.y}, {t.x, mid}, {t.x, f.pos.Y - f.r*0.9},
			{right, mid}, {left, mid}, {right, f.pos.Y}, {right, f.pos.Y - t.h}, {left, f.pos.Y}, {left, f.pos.Y - t.h}} {
			try := t
			try.x, try.y = at[0], at[1]
			if clear(i, try) {
				best = try
				break
			}
		}
		out[i] = best
		placed = append(placed, best)
	}
	return out
}

// tagShort is a weapon tag's shorter form, for a base too small to hold
// the long one.
var tagShort = map[string]string{"SNIPER": "SNP", "MG42": "MG", "MG34": "MG", "GPMG": "MG", "MORT": "MOR", "FLAM": "FLM", "BREN": "BRN", "PIAT": "PT"}

// minTagPx is the smallest letter a weapon tag is drawn in (before the
// interface's scale): below it the tag cannot be read and is left off;
// the base is still drawn, so a squad can be counted.
const minTagPx = 7.0

// plate is where a weapon tag goes: its words, letter size and box.
type plate struct {
	tag        string
	fs         float64
	x, y, w, h float64
}

// meets reports whether plates p and q come nearer each other than gap.
func (p plate) meets(q plate, gap float64) bool {
	return rectsOverlap(p.x-gap, p.y-gap, p.w+2*gap, p.h+2*gap, q.x, q.y, q.w, q.h)
}

// nearDisc reports whether the disc of radius r at c comes nearer plate p
// than gap (measured from p's nearest point to c).
func (p plate) nearDisc(c art.Pt, r, gap float64) bool {
	nx := math.Max(p.x, math.Min(c.X, p.x+p.w))
	ny := math.Max(p.y, math.Min(c.Y, p.y+p.h))
	return math.Hypot(nx-c.X, ny-c.Y) < r+gap
}

// tagPlate lays a weapon tag on the lower half of a base of radius r at
// c, right of the team letter so that in a line of bases in contact it
// lies on no neighbour, and wholly within the base's width: at the
// fit-the-table zoom the letters shrink to fit (or the tag takes its
// short form), and when even that cannot be read there is no tag.
func tagPlate(tag string, r float64, c art.Pt) (plate, bool) {
	if tag == "" {
		return plate{}, false
	}
	pad, room := math.Min(4*art.Device, r*0.2), 1.96*r
	for _, t := range []string{tag, tagShort[tag]} {
		if t == "" {
			continue
		}
		fs := math.Max(8.5*art.Device, r*0.5)
		w := art.TextW(t, art.BoldFace(fs/art.UIScale)) + pad
		if w > room {
			fs *= (room - pad) / (w - pad) // the letters scale with the text's width
			w = room
		}
		if fs < minTagPx*art.Device {
			continue
		}
		h := fs * 1.2
		y := math.Min(c.Y+r*0.3, c.Y+r-h) // its foot on the base
		x := math.Max(c.X-w/2, math.Min(c.X-r*0.22, c.X+r*0.98-w))
		return plate{tag: t, fs: fs, x: x, y: y, w: w, h: h}, true
	}
	return plate{}, false
}
